-- Ratings that age, leaderboards that leave inactive players off, and
-- seasons: see the SQLite twin for why each is as it is.
DROP INDEX ratings_board;
CREATE INDEX ratings_board ON ratings(scope, rating DESC, user_id, games, updated_at);

CREATE TABLE guild_leaderboard_settings (
    guild_id       BIGINT PRIMARY KEY,
    inactive_days  BIGINT NOT NULL CHECK (inactive_days BETWEEN 0 AND 3650),
    updated_at     BIGINT NOT NULL
);

CREATE TABLE season_ratings (
    scope          BIGINT            NOT NULL,
    month          BIGINT            NOT NULL,
    user_id        BIGINT            NOT NULL REFERENCES players(user_id),
    rating_change  DOUBLE PRECISION  NOT NULL,
    games          BIGINT            NOT NULL,
    wins           BIGINT            NOT NULL,
    losses         BIGINT            NOT NULL,
    draws          BIGINT            NOT NULL,
    PRIMARY KEY (scope, month, user_id),
    CHECK (games = wins + losses + draws)
);
CREATE INDEX season_ratings_board ON season_ratings(scope, month, rating_change DESC, user_id, games);

INSERT INTO season_ratings (scope, month, user_id, rating_change, games, wins, losses, draws)
SELECT h.scope, CAST(to_char(to_timestamp(h.rated_at) AT TIME ZONE 'UTC', 'YYYYMM') AS BIGINT), h.user_id,
       SUM(h.rating_after - h.rating_before), COUNT(*),
       SUM(CASE WHEN r.outcome = 'win' THEN 1 ELSE 0 END),
       SUM(CASE WHEN r.outcome = 'loss' THEN 1 ELSE 0 END),
       SUM(CASE WHEN r.outcome = 'draw' THEN 1 ELSE 0 END)
FROM rating_history h JOIN results r ON r.game_id = h.game_id AND r.user_id = h.user_id
GROUP BY 1, 2, 3;

CREATE TABLE guild_season_channels (
    guild_id    BIGINT PRIMARY KEY,
    channel_id  BIGINT NOT NULL,
    chosen_at   BIGINT NOT NULL
);

CREATE TABLE season_podiums (
    guild_id    BIGINT NOT NULL,
    month       BIGINT NOT NULL,
    channel_id  BIGINT NOT NULL,
    state       TEXT   NOT NULL CHECK (state IN ('posted', 'given_up', 'empty')),
    message_id  BIGINT,
    settled_at  BIGINT NOT NULL,
    PRIMARY KEY (guild_id, month)
);
