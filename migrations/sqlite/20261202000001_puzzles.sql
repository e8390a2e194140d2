-- Puzzles (issue 15): positions from finished games (or from the engine's
-- self-play) where one move beats every other by a margin of seeds, each
-- with a Glicko-2 rating that answers move; players' puzzle ratings and
-- streaks, apart from their game ratings; and every attempt.

-- A puzzle: its position (the engine's JSON form, unique), the solution
-- found by the analysis search (JSON: best move, scores, line), where it
-- came from, its rating, and how often it was tried and solved.
CREATE TABLE puzzles (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    position       TEXT    NOT NULL UNIQUE,
    best           INTEGER NOT NULL,
    margin         INTEGER NOT NULL,
    solution       TEXT    NOT NULL,
    nodes          INTEGER NOT NULL,
    source_kind    TEXT    NOT NULL CHECK (source_kind IN ('game', 'self_play')),
    source_number  INTEGER NOT NULL,
    source_ply     INTEGER NOT NULL,
    rating         REAL    NOT NULL,
    deviation      REAL    NOT NULL,
    volatility     REAL    NOT NULL,
    attempts       INTEGER NOT NULL DEFAULT 0,
    solved         INTEGER NOT NULL DEFAULT 0,
    created_at     INTEGER NOT NULL
);
CREATE INDEX puzzles_rating ON puzzles(rating, id);

-- What has been mined: a finished game (its id) or a self-play game (its
-- seed), once each, with how many puzzles it gave.
CREATE TABLE puzzle_sources (
    kind      TEXT    NOT NULL CHECK (kind IN ('game', 'self_play')),
    number    INTEGER NOT NULL,
    puzzles   INTEGER NOT NULL,
    mined_at  INTEGER NOT NULL,
    PRIMARY KEY (kind, number)
);

-- A player's puzzle rating (Glicko-2, separate from game ratings), their
-- counts and streaks of right answers.
CREATE TABLE puzzle_players (
    user_id      INTEGER PRIMARY KEY REFERENCES players(user_id),
    rating       REAL    NOT NULL,
    deviation    REAL    NOT NULL,
    volatility   REAL    NOT NULL,
    attempts     INTEGER NOT NULL,
    solved       INTEGER NOT NULL,
    streak       INTEGER NOT NULL,
    best_streak  INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
);

-- A puzzle given to a player, answered once: the conditional update of
-- `answered_at` lets exactly one press score it. A player tries a puzzle
-- once, and has at most one unanswered puzzle at a time.
CREATE TABLE puzzle_attempts (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id        INTEGER NOT NULL REFERENCES players(user_id),
    puzzle_id      INTEGER NOT NULL REFERENCES puzzles(id),
    created_at     INTEGER NOT NULL,
    answered_at    INTEGER,
    hole           INTEGER,
    solved         INTEGER CHECK (solved IN (0, 1)),
    rating_before  REAL,
    rating_after   REAL,
    UNIQUE (user_id, puzzle_id)
);
CREATE UNIQUE INDEX puzzle_attempts_open ON puzzle_attempts(user_id) WHERE answered_at IS NULL;
