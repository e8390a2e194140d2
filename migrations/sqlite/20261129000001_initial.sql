-- Players, challenges, games, their moves (append-only) and results.
-- Discord ids are 64-bit snowflakes stored as INTEGER (the same bits as i64).

CREATE TABLE players (
    user_id     INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    is_bot      INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);

CREATE TABLE games (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id           INTEGER NOT NULL,
    channel_id         INTEGER NOT NULL,
    player_a           INTEGER NOT NULL REFERENCES players(user_id),
    player_b           INTEGER NOT NULL REFERENCES players(user_id),
    -- The start position as JSON (the opening, with the first mover).
    start_position     TEXT    NOT NULL,
    -- Moves played so far: the version that every move is conditioned on.
    ply                INTEGER NOT NULL DEFAULT 0,
    -- The current position as JSON: always the replay of the moves.
    position           TEXT    NOT NULL,
    status             TEXT    NOT NULL DEFAULT 'ongoing' CHECK (status IN ('ongoing', 'finished')),
    end_reason         TEXT    CHECK (end_reason IN ('no_seeds', 'loop', 'resignation')),
    winner             TEXT    CHECK (winner IN ('A', 'B', 'draw')),
    captured_a         INTEGER NOT NULL DEFAULT 0,
    captured_b         INTEGER NOT NULL DEFAULT 0,
    -- The latest board message and the ply it shows: only it takes moves.
    board_channel_id   INTEGER,
    board_message_id   INTEGER,
    board_ply          INTEGER,
    created_at         INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL,
    finished_at        INTEGER,
    CHECK (player_a <> player_b)
);
CREATE INDEX games_ongoing_a ON games(player_a) WHERE status = 'ongoing';
CREATE INDEX games_ongoing_b ON games(player_b) WHERE status = 'ongoing';
CREATE INDEX games_channel ON games(channel_id, status);

CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games(id),
    ply        INTEGER NOT NULL CHECK (ply >= 1),
    seat       TEXT    NOT NULL CHECK (seat IN ('A', 'B')),
    hole       INTEGER NOT NULL CHECK (hole BETWEEN 1 AND 7),
    user_id    INTEGER NOT NULL,
    played_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

CREATE TRIGGER moves_are_append_only_update BEFORE UPDATE ON moves
BEGIN
    SELECT RAISE(ABORT, 'moves are append-only');
END;
CREATE TRIGGER moves_are_append_only_delete BEFORE DELETE ON moves
BEGIN
    SELECT RAISE(ABORT, 'moves are append-only');
END;

CREATE TABLE challenges (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    challenger_id   INTEGER NOT NULL REFERENCES players(user_id),
    opponent_id     INTEGER NOT NULL REFERENCES players(user_id),
    status          TEXT    NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn', 'expired')),
    created_at      INTEGER NOT NULL,
    expires_at      INTEGER NOT NULL,
    closed_at       INTEGER,
    game_id         INTEGER REFERENCES games(id)
);
CREATE INDEX challenges_pending ON challenges(challenger_id, opponent_id) WHERE status = 'pending';

-- One row per player per finished game: what records and leaderboards read.
CREATE TABLE results (
    game_id            INTEGER NOT NULL REFERENCES games(id),
    user_id            INTEGER NOT NULL REFERENCES players(user_id),
    opponent_id        INTEGER NOT NULL REFERENCES players(user_id),
    guild_id           INTEGER NOT NULL,
    outcome            TEXT    NOT NULL CHECK (outcome IN ('win', 'loss', 'draw')),
    captured           INTEGER NOT NULL,
    opponent_captured  INTEGER NOT NULL,
    finished_at        INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX results_guild_user ON results(guild_id, user_id);
CREATE INDEX results_user ON results(user_id);
