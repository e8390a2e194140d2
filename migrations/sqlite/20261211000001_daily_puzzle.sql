-- The puzzle of the day: each server that chose a channel gets the same
-- puzzle each day (UTC), posted once at the hour it chose, with a Solve
-- button; each player answers a day's puzzle once.

-- A server's daily puzzle: where (`daily_puzzle_channel`), at which hour
-- UTC (`daily_puzzle_hour`), whether on (`daily_puzzle`), when the
-- channel was chosen (the month podium falls back to this channel from
-- the month after) and when anything last changed (a day's post is owed
-- only if its hour came after the change).
CREATE TABLE guild_daily_puzzles (
    guild_id           INTEGER PRIMARY KEY,
    channel_id         INTEGER NOT NULL,
    hour               INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
    enabled            INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    channel_chosen_at  INTEGER NOT NULL,
    changed_at         INTEGER NOT NULL
);

-- Which puzzle a day (days since 1970-01-01, UTC) is, fixed by the first
-- process to ask, so that puzzles mined later change no day already begun.
CREATE TABLE daily_puzzles (
    day        INTEGER PRIMARY KEY,
    puzzle_id  INTEGER NOT NULL REFERENCES puzzles(id),
    chosen_at  INTEGER NOT NULL
);

-- Each server's post of a day's puzzle, once settled: posted (its message,
-- and how many answers it shows), given up (the channel refused it, or
-- its edit, for good) or left out (no puzzle was kept yet). Its row is
-- what makes a day's post happen once.
CREATE TABLE daily_puzzle_posts (
    guild_id       INTEGER NOT NULL,
    day            INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    state          TEXT    NOT NULL CHECK (state IN ('posted', 'given_up', 'no_puzzle')),
    message_id     INTEGER,
    answers_shown  INTEGER NOT NULL DEFAULT 0,
    settled_at     INTEGER NOT NULL,
    PRIMARY KEY (guild_id, day)
);

-- A player's answer to a day's puzzle, in the server whose message they
-- opened it from: the key lets the first answer alone count.
CREATE TABLE daily_puzzle_answers (
    day          INTEGER NOT NULL,
    user_id      INTEGER NOT NULL REFERENCES players(user_id),
    guild_id     INTEGER NOT NULL,
    hole         INTEGER NOT NULL,
    solved       INTEGER NOT NULL CHECK (solved IN (0, 1)),
    answered_at  INTEGER NOT NULL,
    PRIMARY KEY (day, user_id)
);
CREATE INDEX daily_puzzle_answers_guild ON daily_puzzle_answers(guild_id, day, solved, user_id);

-- A player's run of consecutive days solved, and their longest.
CREATE TABLE daily_puzzle_streaks (
    user_id          INTEGER PRIMARY KEY REFERENCES players(user_id),
    streak           INTEGER NOT NULL,
    best_streak      INTEGER NOT NULL,
    last_solved_day  INTEGER NOT NULL
);
