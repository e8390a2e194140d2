-- What the bot owes a game's channel, kept with the game so that a crash
-- between a move's commit and its messages strands nothing: the board of
-- the current ply is owed while `board_ply` lags `ply`, the result while
-- `result_shown` is 0, and a superseded board's buttons while it is named
-- in `stale_board_*`. The delivery loop finds such games through
-- `games_owed` and fixes them; every other game is settled.

ALTER TABLE games ADD COLUMN result_shown INTEGER NOT NULL DEFAULT 0 CHECK (result_shown IN (0, 1));
ALTER TABLE games ADD COLUMN stale_board_channel_id INTEGER;
ALTER TABLE games ADD COLUMN stale_board_message_id INTEGER;

-- Games that finished before this migration were announced as they ended.
UPDATE games SET result_shown = 1 WHERE status = 'finished';

CREATE INDEX games_owed ON games(updated_at, id)
    WHERE (status = 'ongoing' AND board_ply IS NOT ply)
       OR (status = 'finished' AND result_shown = 0)
       OR stale_board_message_id IS NOT NULL;
