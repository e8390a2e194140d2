-- PostgreSQL: see migrations/sqlite/20261130000001_game_state.sql.
ALTER TABLE games ADD COLUMN loop_history TEXT;
