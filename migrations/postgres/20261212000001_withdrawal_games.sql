-- PostgreSQL: see migrations/sqlite/20261212000001_withdrawal_games.sql.

ALTER TABLE tournament_entrants ADD COLUMN withdrawal_game_id BIGINT REFERENCES games(id);
