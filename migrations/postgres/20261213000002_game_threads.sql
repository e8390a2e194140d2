-- A thread per game, a server's choice: see the SQLite twin.
CREATE TABLE guild_game_threads (
    guild_id    BIGINT PRIMARY KEY,
    enabled     BIGINT NOT NULL CHECK (enabled IN (0, 1)),
    updated_at  BIGINT NOT NULL
);

CREATE INDEX challenges_game ON challenges(game_id) WHERE game_id IS NOT NULL;
