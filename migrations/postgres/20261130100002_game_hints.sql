-- Hints asked in games against the computer (issue 15): at most one row
-- per move of a game, by the player who asked. A game with any row here
-- says so on its final board and in /akon stats.
CREATE TABLE game_hints (
    game_id     BIGINT NOT NULL REFERENCES games(id),
    ply         BIGINT NOT NULL,
    user_id     BIGINT NOT NULL,
    hole        BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
CREATE INDEX game_hints_user ON game_hints(user_id, game_id);
