-- PostgreSQL: see migrations/sqlite/20261209000001_knockouts.sql.

ALTER TABLE tournaments DROP CONSTRAINT tournaments_format_check;
ALTER TABLE tournaments ADD CONSTRAINT tournaments_format_check
    CHECK (format IN ('round_robin', 'double_round_robin', 'swiss', 'knockout', 'knockout_third_place'));

CREATE TABLE tournament_replays (
    tournament_id    BIGINT NOT NULL REFERENCES tournaments(id),
    round            BIGINT NOT NULL CHECK (round >= 1),
    board            BIGINT NOT NULL CHECK (board >= 1),
    game_number      BIGINT NOT NULL CHECK (game_number >= 1),
    first_seed       BIGINT NOT NULL,
    second_seed      BIGINT NOT NULL,
    game_id          BIGINT NOT NULL UNIQUE REFERENCES games(id),
    captured_first   BIGINT NOT NULL DEFAULT 0,
    captured_second  BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, round, board, game_number),
    FOREIGN KEY (tournament_id, round, board) REFERENCES tournament_pairings(tournament_id, round, board)
);
