-- What the bot owes a game's channel, kept in the database so that a crash
-- between a move's commit and its messages strands nothing: the board of
-- the current ply is owed while `board_ply` lags `ply`, the result while
-- `result_shown` is 0, and a superseded board's buttons while the board is
-- listed in `stale_boards`. The delivery loop finds such games through
-- `games_owed` and `stale_boards` and settles them.

ALTER TABLE games ADD COLUMN result_shown INTEGER NOT NULL DEFAULT 0 CHECK (result_shown IN (0, 1));

-- Games that finished before this migration were announced as they ended.
UPDATE games SET result_shown = 1 WHERE status = 'finished';

CREATE INDEX games_owed ON games(updated_at, id)
    WHERE (status = 'ongoing' AND board_ply IS NOT ply) OR (status = 'finished' AND result_shown = 0);

-- Posted boards whose buttons may still be live although a newer board
-- replaced them; a row goes once its buttons are stripped.
CREATE TABLE stale_boards (
    message_id  INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id),
    channel_id  INTEGER NOT NULL
);
CREATE INDEX stale_boards_game ON stale_boards(game_id);

-- Pending challenges whose message was never posted (a crash between the
-- challenge's commit and the answer to the command): the delivery loop
-- posts them.
CREATE INDEX challenges_unshown ON challenges(id) WHERE status = 'pending' AND message_id IS NULL;
