-- A thread per game, a server's choice (off unless a row says on): the
-- challenge stays in the channel and each accepted game's boards go to a
-- thread started from the challenge's message. No column records the
-- thread: a game's boards go where its latest board is, and Discord starts
-- at most one thread from a message, which finds the thread again after a
-- crash.
CREATE TABLE guild_game_threads (
    guild_id    INTEGER PRIMARY KEY,
    enabled     INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    updated_at  INTEGER NOT NULL
);

-- The challenge a game came from (its message starts the game's thread).
CREATE INDEX challenges_game ON challenges(game_id) WHERE game_id IS NOT NULL;
