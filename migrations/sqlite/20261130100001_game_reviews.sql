-- Finished post-game reviews (issue 15), one per game, so that a second
-- press of Review is answered at once. `review` is the review's JSON (the
-- ai::Review that `akon review --json` prints); `nodes_per_move` is the
-- search budget it was made with, so that a review made with another budget
-- is made again rather than shown.
CREATE TABLE game_reviews (
    game_id         BIGINT NOT NULL PRIMARY KEY REFERENCES games(id),
    nodes_per_move  BIGINT NOT NULL,
    review          TEXT NOT NULL,
    created_at      BIGINT NOT NULL
);
