-- Tournament games and ratings, and the final standings a player's records
-- read.
--
-- Two new reasons a finished game is not rated: it was played in an
-- unrated tournament, or it was a tournament game one player forfeited by
-- never moving. SQLite cannot change a CHECK constraint in place, so
-- game_ratings is rebuilt (new table, copy, drop, rename; Store::open runs
-- migrations with foreign keys off and checks them afterwards).
CREATE TABLE game_ratings_new (
    game_id         INTEGER PRIMARY KEY REFERENCES games(id),
    rated           INTEGER NOT NULL CHECK (rated IN (0, 1)),
    unrated_reason  TEXT    CHECK (unrated_reason IN ('computer', 'aborted', 'pair_limit',
                                                      'unrated_tournament', 'forfeit')),
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

-- Each entrant's final rank (ties share one) and points in halves, written
-- in the transaction that finishes the tournament; NULL until then.
ALTER TABLE tournament_entrants ADD COLUMN final_rank INTEGER CHECK (final_rank IS NULL OR final_rank >= 1);
ALTER TABLE tournament_entrants ADD COLUMN final_half_points INTEGER
    CHECK (final_half_points IS NULL OR final_half_points >= 0);

-- A person's tournaments, for their stats and history.
CREATE INDEX tournament_entrants_player ON tournament_entrants(user_id, tournament_id)
    WHERE computer_level IS NULL;
