-- People following a game they do not play in: told by DM when it ends,
-- and at every move if they asked. `told_ply` is the last move they were
-- told of, `told_end` whether they were told of its end: what the
-- scheduler still owes each follower follows from these alone.
CREATE TABLE game_followers (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    user_id     INTEGER NOT NULL,
    every_move  INTEGER NOT NULL DEFAULT 0,
    told_ply    INTEGER NOT NULL DEFAULT 0,
    told_end    INTEGER NOT NULL DEFAULT 0,
    followed_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX game_followers_user ON game_followers(user_id);
CREATE INDEX game_followers_owed ON game_followers(told_end, game_id);

-- How many follow each game, kept with the game so that its boards show
-- it without another read.
ALTER TABLE games ADD COLUMN followers INTEGER NOT NULL DEFAULT 0;
