-- The state a move needs, kept with the game so that a press reads one row
-- instead of replaying every earlier move: besides the position, the loop
-- rule's history (the positions since seeds last left the board, in
-- Game::loop_history_text's format). NULL means not known yet (games from
-- before this column until their next move): the service then replays the
-- moves, which stay the append-only record.
ALTER TABLE games ADD COLUMN loop_history TEXT;
