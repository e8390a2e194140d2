-- Owed messages whose delivery failed (see `store::delivery`): a game's
-- board or result, or a challenge never shown. A row is about one owed
-- state (the game's ply, and whether it shows the result), so a change of
-- the game makes it owed afresh. A message Discord will never take (the
-- channel is gone, the bot may no longer post there) is given up; one that
-- failed for now waits until `next_attempt_at`, later after each failure.
-- The delivery loop skips both, so that they never hold the head of its
-- batch; the row goes once the message is delivered.
CREATE TABLE delivery_failures (
    kind             TEXT    NOT NULL CHECK (kind IN ('board', 'challenge')),
    item_id          INTEGER NOT NULL,
    ply              INTEGER NOT NULL,
    finished         INTEGER NOT NULL CHECK (finished IN (0, 1)),
    attempts         INTEGER NOT NULL,
    failed_at        INTEGER NOT NULL,
    next_attempt_at  INTEGER NOT NULL,
    given_up         INTEGER NOT NULL CHECK (given_up IN (0, 1)),
    PRIMARY KEY (kind, item_id)
);
