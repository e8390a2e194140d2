-- Knockout tournaments (single elimination), with or without a match for
-- third place, and the drawn games of their matches.
--
-- SQLite cannot change a CHECK constraint in place, so tournaments is
-- rebuilt with the two new formats (new table, copy, drop, rename;
-- Store::open runs migrations with foreign keys off and checks them
-- afterwards).
CREATE TABLE tournaments_new (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id            INTEGER NOT NULL,
    channel_id          INTEGER NOT NULL,
    name                TEXT    NOT NULL,
    format              TEXT    NOT NULL CHECK (format IN ('round_robin', 'double_round_robin', 'swiss',
                                                           'knockout', 'knockout_third_place')),
    rounds              INTEGER CHECK (rounds IS NULL OR rounds >= 1),
    seconds_per_move    INTEGER NOT NULL CHECK (seconds_per_move > 0),
    max_players         INTEGER NOT NULL CHECK (max_players >= 2),
    rated               INTEGER NOT NULL CHECK (rated IN (0, 1)),
    starts_at           INTEGER,
    organiser_id        INTEGER NOT NULL,
    status              TEXT    NOT NULL DEFAULT 'created'
                                CHECK (status IN ('created', 'running', 'finished', 'cancelled')),
    current_round       INTEGER NOT NULL DEFAULT 0 CHECK (current_round >= 0),
    created_at          INTEGER NOT NULL,
    updated_at          INTEGER NOT NULL,
    message_version     INTEGER NOT NULL DEFAULT 1,
    shown_version       INTEGER NOT NULL DEFAULT 0,
    message_channel_id  INTEGER,
    message_id          INTEGER,
    message_failures    INTEGER NOT NULL DEFAULT 0,
    message_retry_at    INTEGER NOT NULL DEFAULT 0
);
INSERT INTO tournaments_new (id, guild_id, channel_id, name, format, rounds, seconds_per_move, max_players, rated,
                             starts_at, organiser_id, status, current_round, created_at, updated_at,
                             message_version, shown_version, message_channel_id, message_id, message_failures,
                             message_retry_at)
SELECT id, guild_id, channel_id, name, format, rounds, seconds_per_move, max_players, rated,
       starts_at, organiser_id, status, current_round, created_at, updated_at,
       message_version, shown_version, message_channel_id, message_id, message_failures, message_retry_at
FROM tournaments;
DROP TABLE tournaments;
ALTER TABLE tournaments_new RENAME TO tournaments;
CREATE INDEX tournaments_running ON tournaments(status, id);
CREATE INDEX tournaments_message_owed ON tournaments(id) WHERE shown_version < message_version;

-- A knockout match is one board of its round; the board's game is the
-- match's latest. A drawn game that is replayed moves here, in the
-- transaction that creates the replay: `game_number` counts the match's
-- drawn games from 1, each with who moved first in it and the seeds
-- captured (from the first mover's side).
CREATE TABLE tournament_replays (
    tournament_id    INTEGER NOT NULL REFERENCES tournaments(id),
    round            INTEGER NOT NULL CHECK (round >= 1),
    board            INTEGER NOT NULL CHECK (board >= 1),
    game_number      INTEGER NOT NULL CHECK (game_number >= 1),
    first_seed       INTEGER NOT NULL,
    second_seed      INTEGER NOT NULL,
    game_id          INTEGER NOT NULL UNIQUE REFERENCES games(id),
    captured_first   INTEGER NOT NULL DEFAULT 0,
    captured_second  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, round, board, game_number),
    FOREIGN KEY (tournament_id, round, board) REFERENCES tournament_pairings(tournament_id, round, board)
);
