-- PostgreSQL: see migrations/sqlite/20261205100001_tournament_records.sql.

ALTER TABLE game_ratings DROP CONSTRAINT game_ratings_unrated_reason_check;
ALTER TABLE game_ratings ADD CONSTRAINT game_ratings_unrated_reason_check
    CHECK (unrated_reason IN ('computer', 'aborted', 'pair_limit', 'unrated_tournament', 'forfeit'));

ALTER TABLE tournament_entrants ADD COLUMN final_rank BIGINT CHECK (final_rank IS NULL OR final_rank >= 1);
ALTER TABLE tournament_entrants ADD COLUMN final_half_points BIGINT
    CHECK (final_half_points IS NULL OR final_half_points >= 0);

CREATE INDEX tournament_entrants_player ON tournament_entrants(user_id, tournament_id)
    WHERE computer_level IS NULL;
