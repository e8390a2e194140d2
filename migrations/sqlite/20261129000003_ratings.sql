-- Ratings: Glicko-2 per server and globally, every change to them, whether
-- each finished game was rated (and if not, why), and aborted games.
--
-- The arithmetic is done in Rust (src/rating.rs) inside the transaction that
-- finishes a game (Store::write_results); these tables keep its results.
-- The games table is left as it is: an aborted game is a games row with
-- status 'finished', neither winner nor end_reason, and a row in game_aborts.

-- A player's rating in one scope: a server's id, or 0 for the global rating
-- (no server has id 0). The counters cover rated games only.
CREATE TABLE ratings (
    scope       INTEGER NOT NULL,
    user_id     INTEGER NOT NULL REFERENCES players(user_id),
    rating      REAL    NOT NULL,
    deviation   REAL    NOT NULL,
    volatility  REAL    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    draws       INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (scope, user_id),
    CHECK (games = wins + losses + draws)
) WITHOUT ROWID;
-- Leaderboard pages (a scope by rating, highest first, ties by user id) and
-- a player's rank (a count over the range above their rating) read this
-- index alone; `games` is in it for the minimum-games filter.
CREATE INDEX ratings_board ON ratings(scope, rating DESC, user_id, games);

-- Every rating change: one row per player per scope per rated game, in the
-- order they were made (id).
CREATE TABLE rating_history (
    id                 INTEGER PRIMARY KEY,
    user_id            INTEGER NOT NULL REFERENCES players(user_id),
    scope              INTEGER NOT NULL,
    game_id            INTEGER NOT NULL REFERENCES games(id),
    rating_before      REAL    NOT NULL,
    deviation_before   REAL    NOT NULL,
    volatility_before  REAL    NOT NULL,
    rating_after       REAL    NOT NULL,
    deviation_after    REAL    NOT NULL,
    volatility_after   REAL    NOT NULL,
    rated_at           INTEGER NOT NULL
);
CREATE INDEX rating_history_player ON rating_history(user_id, scope, id);
CREATE INDEX rating_history_game ON rating_history(game_id);

-- Whether each finished game was rated, and if not, why: against the
-- computer, aborted, or past the cap on rated games per pair per day.
CREATE TABLE game_ratings (
    game_id         INTEGER PRIMARY KEY REFERENCES games(id),
    rated           INTEGER NOT NULL CHECK (rated IN (0, 1)),
    unrated_reason  TEXT    CHECK (unrated_reason IN ('computer', 'aborted', 'pair_limit')),
    -- The two players, lower id first, and when the game ended: what the
    -- cap counts.
    player_low      INTEGER NOT NULL,
    player_high     INTEGER NOT NULL,
    finished_at     INTEGER NOT NULL,
    CHECK ((rated = 1) = (unrated_reason IS NULL)),
    CHECK (player_low < player_high)
);
CREATE INDEX game_ratings_pair ON game_ratings(player_low, player_high, finished_at) WHERE rated = 1;

-- Who aborted a game (before both players had moved), and when.
CREATE TABLE game_aborts (
    game_id     INTEGER PRIMARY KEY REFERENCES games(id),
    user_id     INTEGER NOT NULL REFERENCES players(user_id),
    aborted_at  INTEGER NOT NULL
);

-- Games that finished before ratings existed: Store::open rates them in the
-- order they finished, then empties this table.
CREATE TABLE ratings_pending (
    game_id  INTEGER PRIMARY KEY REFERENCES games(id)
);
INSERT INTO ratings_pending (game_id) SELECT id FROM games WHERE status = 'finished';

-- What a player's stats and history read, each from one index alone (a
-- player may have thousands of games): their games in order (history
-- pages, streaks), their records (everywhere, per server, against the
-- computer), and head to head.
CREATE INDEX results_user_time ON results(user_id, finished_at, game_id, outcome, computer_level);
CREATE INDEX results_user_record ON results(user_id, computer_level, guild_id, outcome, captured, opponent_captured);
CREATE INDEX results_pair ON results(user_id, opponent_id);
-- Both replaced by the above.
DROP INDEX results_user;
DROP INDEX results_guild_user;
