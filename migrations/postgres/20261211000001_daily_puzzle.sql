-- The puzzle of the day: see the SQLite twin for why each table is as it is.
CREATE TABLE guild_daily_puzzles (
    guild_id           BIGINT PRIMARY KEY,
    channel_id         BIGINT NOT NULL,
    hour               BIGINT NOT NULL CHECK (hour BETWEEN 0 AND 23),
    enabled            BIGINT NOT NULL CHECK (enabled IN (0, 1)),
    channel_chosen_at  BIGINT NOT NULL,
    changed_at         BIGINT NOT NULL
);

CREATE TABLE daily_puzzles (
    day        BIGINT PRIMARY KEY,
    puzzle_id  BIGINT NOT NULL REFERENCES puzzles(id),
    chosen_at  BIGINT NOT NULL
);

CREATE TABLE daily_puzzle_posts (
    guild_id       BIGINT NOT NULL,
    day            BIGINT NOT NULL,
    channel_id     BIGINT NOT NULL,
    state          TEXT   NOT NULL CHECK (state IN ('posted', 'given_up', 'no_puzzle')),
    message_id     BIGINT,
    answers_shown  BIGINT NOT NULL DEFAULT 0,
    settled_at     BIGINT NOT NULL,
    PRIMARY KEY (guild_id, day)
);

CREATE TABLE daily_puzzle_answers (
    day          BIGINT NOT NULL,
    user_id      BIGINT NOT NULL REFERENCES players(user_id),
    guild_id     BIGINT NOT NULL,
    hole         BIGINT NOT NULL,
    solved       BIGINT NOT NULL CHECK (solved IN (0, 1)),
    answered_at  BIGINT NOT NULL,
    PRIMARY KEY (day, user_id)
);
CREATE INDEX daily_puzzle_answers_guild ON daily_puzzle_answers(guild_id, day, solved, user_id);

CREATE TABLE daily_puzzle_streaks (
    user_id          BIGINT PRIMARY KEY REFERENCES players(user_id),
    streak           BIGINT NOT NULL,
    best_streak      BIGINT NOT NULL,
    last_solved_day  BIGINT NOT NULL
);
