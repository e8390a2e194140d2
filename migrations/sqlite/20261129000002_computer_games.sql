-- Games against the computer: which seat it holds and at which level.
-- Their results are recorded for the human only, marked, and kept out of
-- human leaderboards.
ALTER TABLE games ADD COLUMN computer_seat TEXT CHECK (computer_seat IN ('A', 'B'));
ALTER TABLE games ADD COLUMN computer_level TEXT CHECK (computer_level IN ('easy', 'medium', 'hard', 'master'));
CREATE INDEX games_ongoing_computer ON games(id) WHERE status = 'ongoing' AND computer_seat IS NOT NULL;

ALTER TABLE results ADD COLUMN computer_level TEXT;
