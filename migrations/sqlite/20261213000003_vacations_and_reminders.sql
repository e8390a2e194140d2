-- Vacations and reminders at the player's pace.
--
-- How often a player is reminded of a move: `none`, `once` (when a quarter
-- of their time is left), `hour` (also when an hour is left) or `daily`
-- (also once a day while they have not moved).
ALTER TABLE player_settings ADD COLUMN reminders TEXT NOT NULL DEFAULT 'once'
    CHECK (reminders IN ('none', 'once', 'hour', 'daily'));

-- Whether the organiser lets the tournament's games pause for vacations.
ALTER TABLE tournaments ADD COLUMN vacations INTEGER NOT NULL DEFAULT 0;

-- A player's vacations: at most one without an end at a time. `ends_by`
-- is when the year's allowance runs out; `year` the calendar year (UTC)
-- whose allowance it uses, the year it began.
CREATE TABLE vacations (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL REFERENCES players(user_id),
    year        INTEGER NOT NULL,
    started_at  INTEGER NOT NULL,
    ends_by     INTEGER NOT NULL,
    ended_at    INTEGER,
    end_reason  TEXT    CHECK (end_reason IN ('turned_off', 'moved', 'allowance'))
);
CREATE UNIQUE INDEX vacations_on ON vacations(user_id) WHERE ended_at IS NULL;
CREATE INDEX vacations_year ON vacations(user_id, year);
CREATE INDEX vacations_ending ON vacations(ends_by) WHERE ended_at IS NULL;

-- The clocks stopped for a vacation: the game's deadline when it stopped,
-- at which move, and when. The game's own deadline and reminder are NULL
-- meanwhile.
CREATE TABLE paused_clocks (
    game_id    INTEGER PRIMARY KEY REFERENCES games(id),
    ply        INTEGER NOT NULL,
    deadline   INTEGER NOT NULL,
    paused_at  INTEGER NOT NULL
);

-- Ongoing games with a time per move and no deadline: the clocks stopped
-- (and those waiting for the computer), which the scheduler looks over.
CREATE INDEX games_clock_stopped ON games(id)
    WHERE status = 'ongoing' AND seconds_per_move IS NOT NULL AND deadline IS NULL;

-- The opponents told of a vacation: each once.
CREATE TABLE vacation_opponents (
    vacation_id  INTEGER NOT NULL REFERENCES vacations(id),
    opponent_id  INTEGER NOT NULL REFERENCES players(user_id),
    PRIMARY KEY (vacation_id, opponent_id)
);

-- Notices gain two kinds, `vacation` (tell the opponent in `game_id` that
-- `user_id` is away) and `vacation_over` (tell `user_id` their allowance
-- ran out), and the player they are about. SQLite cannot change a CHECK
-- constraint in place: the table is rebuilt (new table, copy, drop, rename).
CREATE TABLE notices_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    kind          TEXT    NOT NULL CHECK (kind IN ('reminder', 'timeout', 'challenge_expired', 'vacation', 'vacation_over')),
    game_id       INTEGER REFERENCES games(id),
    challenge_id  INTEGER REFERENCES challenges(id),
    ply           INTEGER,
    due_at        INTEGER NOT NULL,
    created_at    INTEGER NOT NULL,
    sent_at       INTEGER,
    user_id       INTEGER REFERENCES players(user_id)
);
INSERT INTO notices_new (id, kind, game_id, challenge_id, ply, due_at, created_at, sent_at)
SELECT id, kind, game_id, challenge_id, ply, due_at, created_at, sent_at FROM notices;
DROP TABLE notices;
ALTER TABLE notices_new RENAME TO notices;
CREATE INDEX notices_unsent ON notices(due_at, id) WHERE sent_at IS NULL;
