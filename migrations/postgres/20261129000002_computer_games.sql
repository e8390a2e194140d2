-- PostgreSQL: see migrations/sqlite/20261129000002_computer_games.sql.
ALTER TABLE games ADD COLUMN computer_seat TEXT CHECK (computer_seat IN ('A', 'B'));
ALTER TABLE games ADD COLUMN computer_level TEXT CHECK (computer_level IN ('easy', 'medium', 'hard', 'master'));
CREATE INDEX games_ongoing_computer ON games(id) WHERE status = 'ongoing' AND computer_seat IS NOT NULL;

ALTER TABLE results ADD COLUMN computer_level TEXT;
