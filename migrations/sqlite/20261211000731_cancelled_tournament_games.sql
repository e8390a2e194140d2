-- A new reason a finished game is not rated: its tournament was cancelled
-- while it was being played, which ended it at once, with no winner and
-- no result (as an abort does, but with no player to blame). SQLite cannot
-- change a CHECK constraint in place, so game_ratings is rebuilt as in
-- 20261205100001_tournament_records.
CREATE TABLE game_ratings_new (
    game_id         INTEGER PRIMARY KEY REFERENCES games(id),
    rated           INTEGER NOT NULL CHECK (rated IN (0, 1)),
    unrated_reason  TEXT    CHECK (unrated_reason IN ('computer', 'aborted', 'pair_limit',
                                                      'unrated_tournament', 'forfeit',
                                                      'tournament_cancelled')),
    player_low      INTEGER NOT NULL,
    player_high     INTEGER NOT NULL,
    finished_at     INTEGER NOT NULL,
    CHECK ((rated = 1) = (unrated_reason IS NULL)),
    CHECK (player_low < player_high)
);
INSERT INTO game_ratings_new (game_id, rated, unrated_reason, player_low, player_high, finished_at)
SELECT game_id, rated, unrated_reason, player_low, player_high, finished_at FROM game_ratings;
DROP TABLE game_ratings;
ALTER TABLE game_ratings_new RENAME TO game_ratings;
CREATE INDEX game_ratings_pair ON game_ratings(player_low, player_high, finished_at) WHERE rated = 1;
