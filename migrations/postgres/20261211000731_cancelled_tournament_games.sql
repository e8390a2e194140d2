-- PostgreSQL: see migrations/sqlite/20261211000731_cancelled_tournament_games.sql.

ALTER TABLE game_ratings DROP CONSTRAINT game_ratings_unrated_reason_check;
ALTER TABLE game_ratings ADD CONSTRAINT game_ratings_unrated_reason_check
    CHECK (unrated_reason IN ('computer', 'aborted', 'pair_limit', 'unrated_tournament', 'forfeit',
                              'tournament_cancelled'));
