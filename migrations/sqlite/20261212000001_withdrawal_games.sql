-- The game a player's withdrawal from a tournament ended, if it ended one:
-- the game is stored as their resignation, and its final board says that
-- they withdrew.
ALTER TABLE tournament_entrants ADD COLUMN withdrawal_game_id INTEGER REFERENCES games(id);
