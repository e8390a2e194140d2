-- Ratings that age, leaderboards that leave inactive players off, and
-- seasons.
--
-- A rating's deviation grows with each day since the player's last rated
-- game (src/rating.rs); it is aged when read, so no row is rewritten for
-- it, and `ratings.updated_at` (when the last rated game finished) is what
-- it is aged from. The leaderboard's index carries `updated_at` as well, so
-- that a page that leaves off the inactive is still read from the index
-- alone.
DROP INDEX ratings_board;
CREATE INDEX ratings_board ON ratings(scope, rating DESC, user_id, games, updated_at);

-- How many days without a rated game leave a player off a server's
-- leaderboard; 0 (as when a server has no row) leaves no one off.
CREATE TABLE guild_leaderboard_settings (
    guild_id       INTEGER PRIMARY KEY,
    inactive_days  INTEGER NOT NULL CHECK (inactive_days BETWEEN 0 AND 3650),
    updated_at     INTEGER NOT NULL
);

-- Seasons: each player's rating change and rated record per calendar month
-- (UTC, as year * 100 + month) and scope, added to in the transaction that
-- rates a game, so that a month's board is one index range however many
-- games the month had. Filled here from the rating changes made so far.
CREATE TABLE season_ratings (
    scope          INTEGER NOT NULL,
    month          INTEGER NOT NULL,
    user_id        INTEGER NOT NULL REFERENCES players(user_id),
    rating_change  REAL    NOT NULL,
    games          INTEGER NOT NULL,
    wins           INTEGER NOT NULL,
    losses         INTEGER NOT NULL,
    draws          INTEGER NOT NULL,
    PRIMARY KEY (scope, month, user_id),
    CHECK (games = wins + losses + draws)
) WITHOUT ROWID;
CREATE INDEX season_ratings_board ON season_ratings(scope, month, rating_change DESC, user_id, games);

INSERT INTO season_ratings (scope, month, user_id, rating_change, games, wins, losses, draws)
SELECT h.scope, CAST(strftime('%Y%m', h.rated_at, 'unixepoch') AS INTEGER), h.user_id,
       SUM(h.rating_after - h.rating_before), COUNT(*),
       SUM(CASE WHEN r.outcome = 'win' THEN 1 ELSE 0 END),
       SUM(CASE WHEN r.outcome = 'loss' THEN 1 ELSE 0 END),
       SUM(CASE WHEN r.outcome = 'draw' THEN 1 ELSE 0 END)
FROM rating_history h JOIN results r ON r.game_id = h.game_id AND r.user_id = h.user_id
GROUP BY h.scope, CAST(strftime('%Y%m', h.rated_at, 'unixepoch') AS INTEGER), h.user_id;

-- Where a server's month podium is posted, chosen with `/akon settings
-- season_channel` (Manage Server), and since when: a month's podium is
-- owed only to servers that had chosen before the month after it began.
CREATE TABLE guild_season_channels (
    guild_id    INTEGER PRIMARY KEY,
    channel_id  INTEGER NOT NULL,
    chosen_at   INTEGER NOT NULL
);

-- Each server's podium of each month, once settled: posted (with its
-- message), given up (the channel refused it for good), or with no one to
-- name. Its row is what makes a podium posted once, whichever process
-- posts it.
CREATE TABLE season_podiums (
    guild_id    INTEGER NOT NULL,
    month       INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    state       TEXT    NOT NULL CHECK (state IN ('posted', 'given_up', 'empty')),
    message_id  INTEGER,
    settled_at  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, month)
);
