-- Tournaments in a server: round robin (single or double) and Swiss. A
-- tournament is created, gathers entrants, runs round after round, and
-- ends finished or cancelled. Every transition is one transaction; the
-- keys below make "once" structural: a round's boards and a game's place
-- in a tournament exist at most once.

-- `rounds` is NULL until the start for a round robin (it follows from the
-- field) and for a Swiss without a chosen number (ceil(log2 n) + 1 then).
-- `current_round` is 0 before the start; the step that pairs round r + 1
-- changes it from r, conditionally, so that it is done once.
CREATE TABLE tournaments (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id          INTEGER NOT NULL,
    channel_id        INTEGER NOT NULL,
    name              TEXT    NOT NULL,
    format            TEXT    NOT NULL CHECK (format IN ('round_robin', 'double_round_robin', 'swiss')),
    rounds            INTEGER CHECK (rounds IS NULL OR rounds >= 1),
    seconds_per_move  INTEGER NOT NULL CHECK (seconds_per_move > 0),
    max_players       INTEGER NOT NULL CHECK (max_players >= 2),
    rated             INTEGER NOT NULL CHECK (rated IN (0, 1)),
    starts_at         INTEGER,
    organiser_id      INTEGER NOT NULL,
    status            TEXT    NOT NULL DEFAULT 'created'
                              CHECK (status IN ('created', 'running', 'finished', 'cancelled')),
    current_round     INTEGER NOT NULL DEFAULT 0 CHECK (current_round >= 0),
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL
);
CREATE INDEX tournaments_running ON tournaments(status, id);

-- An entrant: a person (`computer_level` NULL) or the computer at a level
-- (`user_id` is then the bot's own user, the player its games name). A
-- person enters a tournament once. `seed` is given at the start.
CREATE TABLE tournament_entrants (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id   INTEGER NOT NULL REFERENCES tournaments(id),
    user_id         INTEGER NOT NULL,
    computer_level  TEXT    CHECK (computer_level IS NULL OR computer_level IN ('easy', 'medium', 'hard', 'master')),
    seed            INTEGER CHECK (seed IS NULL OR seed >= 0),
    withdrawn       INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1)),
    joined_at       INTEGER NOT NULL,
    UNIQUE (tournament_id, seed)
);
CREATE UNIQUE INDEX tournament_entrants_person ON tournament_entrants(tournament_id, user_id)
    WHERE computer_level IS NULL;

-- A board of a round: `first_seed` moves first against `second_seed`, or
-- sits the round out (`second_seed` NULL, the bye). `game_id` is the game
-- played (NULL for a bye, or for a game forfeited before it started, whose
-- outcome is known at once); `outcome` and the captures are filled in once
-- the game has ended, from the first mover's side.
CREATE TABLE tournament_pairings (
    tournament_id    INTEGER NOT NULL REFERENCES tournaments(id),
    round            INTEGER NOT NULL CHECK (round >= 1),
    board            INTEGER NOT NULL CHECK (board >= 1),
    first_seed       INTEGER NOT NULL,
    second_seed      INTEGER,
    game_id          INTEGER UNIQUE REFERENCES games(id),
    outcome          TEXT    CHECK (outcome IS NULL OR outcome IN ('first_won', 'draw', 'second_won',
                              'first_won_by_forfeit', 'second_won_by_forfeit', 'double_forfeit', 'bye')),
    captured_first   INTEGER NOT NULL DEFAULT 0,
    captured_second  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, round, board),
    UNIQUE (tournament_id, round, first_seed),
    CHECK (second_seed IS NOT NULL OR (game_id IS NULL AND outcome = 'bye'))
);
