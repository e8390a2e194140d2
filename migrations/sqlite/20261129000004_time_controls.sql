-- Time per move, reminders, timeouts, rematches and player settings.
--
-- Timeouts need a new end reason, and SQLite cannot change a CHECK
-- constraint in place, so the games table is rebuilt (SQLite's documented
-- procedure: new table, copy, drop, rename). That procedure needs foreign
-- keys off: Store::open runs migrations on a connection without them and
-- checks every key afterwards.

CREATE TABLE games_new (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id           INTEGER NOT NULL,
    channel_id         INTEGER NOT NULL,
    player_a           INTEGER NOT NULL REFERENCES players(user_id),
    player_b           INTEGER NOT NULL REFERENCES players(user_id),
    start_position     TEXT    NOT NULL,
    ply                INTEGER NOT NULL DEFAULT 0,
    position           TEXT    NOT NULL,
    status             TEXT    NOT NULL DEFAULT 'ongoing' CHECK (status IN ('ongoing', 'finished')),
    end_reason         TEXT    CHECK (end_reason IN ('no_seeds', 'loop', 'resignation', 'timeout')),
    winner             TEXT    CHECK (winner IN ('A', 'B', 'draw')),
    captured_a         INTEGER NOT NULL DEFAULT 0,
    captured_b         INTEGER NOT NULL DEFAULT 0,
    board_channel_id   INTEGER,
    board_message_id   INTEGER,
    board_ply          INTEGER,
    created_at         INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL,
    finished_at        INTEGER,
    computer_seat      TEXT    CHECK (computer_seat IN ('A', 'B')),
    computer_level     TEXT    CHECK (computer_level IN ('easy', 'medium', 'hard', 'master')),
    -- Time each player has for a move; NULL: no clock (games against the computer).
    seconds_per_move   INTEGER CHECK (seconds_per_move > 0),
    -- When the player to move loses on time, and when they are reminded;
    -- NULL when there is none (no clock, the computer to move, finished, or
    -- the reminder already taken).
    deadline           INTEGER,
    reminder_at        INTEGER,
    CHECK (player_a <> player_b)
);
INSERT INTO games_new (id, guild_id, channel_id, player_a, player_b, start_position, ply, position, status,
    end_reason, winner, captured_a, captured_b, board_channel_id, board_message_id, board_ply, created_at,
    updated_at, finished_at, computer_seat, computer_level)
SELECT id, guild_id, channel_id, player_a, player_b, start_position, ply, position, status,
    end_reason, winner, captured_a, captured_b, board_channel_id, board_message_id, board_ply, created_at,
    updated_at, finished_at, computer_seat, computer_level
FROM games;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE INDEX games_ongoing_a ON games(player_a) WHERE status = 'ongoing';
CREATE INDEX games_ongoing_b ON games(player_b) WHERE status = 'ongoing';
CREATE INDEX games_channel ON games(channel_id, status);
CREATE INDEX games_ongoing_computer ON games(id) WHERE status = 'ongoing' AND computer_seat IS NOT NULL;
CREATE INDEX games_deadline ON games(deadline) WHERE status = 'ongoing' AND deadline IS NOT NULL;
CREATE INDEX games_reminder ON games(reminder_at) WHERE status = 'ongoing' AND reminder_at IS NOT NULL;

ALTER TABLE challenges ADD COLUMN seconds_per_move INTEGER NOT NULL DEFAULT 259200;
ALTER TABLE challenges ADD COLUMN message_channel_id INTEGER;
ALTER TABLE challenges ADD COLUMN message_id INTEGER;
-- A rematch swaps the seats of this earlier game.
ALTER TABLE challenges ADD COLUMN rematch_of INTEGER REFERENCES games(id);
CREATE INDEX challenges_expiring ON challenges(expires_at) WHERE status = 'pending';

CREATE TABLE player_settings (
    user_id                   INTEGER PRIMARY KEY REFERENCES players(user_id),
    dm_reminders              INTEGER NOT NULL DEFAULT 0,
    default_seconds_per_move  INTEGER CHECK (default_seconds_per_move > 0)
);

-- What the scheduler must tell the players, written in the same transaction
-- as the change it reports (a reminder taken, a game lost on time, a
-- challenge expired), and marked once sent: nothing is lost in a crash.
CREATE TABLE notices (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    kind          TEXT    NOT NULL CHECK (kind IN ('reminder', 'timeout', 'challenge_expired')),
    game_id       INTEGER REFERENCES games(id),
    challenge_id  INTEGER REFERENCES challenges(id),
    -- The ply a reminder is about.
    ply           INTEGER,
    due_at        INTEGER NOT NULL,
    created_at    INTEGER NOT NULL,
    sent_at       INTEGER
);
CREATE INDEX notices_unsent ON notices(due_at, id) WHERE sent_at IS NULL;
