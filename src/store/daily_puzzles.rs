//! The puzzle of the day (migration `daily_puzzle`): which puzzle each day
//! is, players' answers (the first of each player's answers to a day
//! counts: the key refuses the others) and their runs of days solved, and
//! what a server's message shows: its counts and the month's solvers.

use sqlx::FromRow;

use super::{from_db, to_db, Doing, Flag, Result, Store};
use crate::calendar::Day;

/// A player's answer to a day's puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromRow)]
pub struct DailyAnswerRow {
    pub hole: i64,
    #[sqlx(try_from = "Flag")]
    pub solved: bool,
}

/// A player's run of consecutive days solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromRow)]
pub struct DailyStreakRow {
    pub streak: i64,
    pub best_streak: i64,
    pub last_solved_day: i64,
}

impl Store {
    /// The puzzle of `day`: the one recorded, else (if any puzzle is kept)
    /// the `day mod n`-th of the `n` kept, by id, recorded now. Consecutive
    /// days walk through the puzzles in order, every one in turn; the first
    /// process to record a day decides it for every other.
    pub async fn daily_puzzle(&self, day: Day, now: i64) -> Result<Option<i64>> {
        if let Some(chosen) = self.recorded_daily_puzzle(day).await? {
            return Ok(Some(chosen));
        }
        let count = self.puzzle_count().await?;
        if count == 0 {
            return Ok(None);
        }
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to choose the day's puzzle")?;
        sqlx::query(
            "INSERT INTO daily_puzzles (day, puzzle_id, chosen_at)
             SELECT $1, id, $3 FROM puzzles WHERE 1 = 1 ORDER BY id LIMIT 1 OFFSET $2
             ON CONFLICT (day) DO NOTHING",
        )
        .bind(day.0)
        .bind(day.0.rem_euclid(count))
        .bind(now)
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "choosing the day's puzzle")?;
        let chosen: i64 = sqlx::query_scalar("SELECT puzzle_id FROM daily_puzzles WHERE day = $1")
            .bind(day.0)
            .fetch_one(&mut *tx)
            .await
            .doing(&self.outage, "reading the day's puzzle chosen")?;
        tx.commit().await.doing(&self.outage, "committing the day's puzzle")?;
        Ok(Some(chosen))
    }

    /// The puzzle recorded for `day`, if one is.
    pub async fn recorded_daily_puzzle(&self, day: Day) -> Result<Option<i64>> {
        sqlx::query_scalar("SELECT puzzle_id FROM daily_puzzles WHERE day = $1")
            .bind(day.0)
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "reading the day's puzzle")
    }

    /// `user_id`'s answer to `day`'s puzzle, if they answered.
    pub async fn daily_answer(&self, day: Day, user_id: u64) -> Result<Option<DailyAnswerRow>> {
        sqlx::query_as("SELECT hole, solved FROM daily_puzzle_answers WHERE day = $1 AND user_id = $2")
            .bind(day.0)
            .bind(to_db(user_id))
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "reading an answer to the day's puzzle")
    }

    /// `user_id`'s run of days solved, if they ever answered.
    pub async fn daily_streak(&self, user_id: u64) -> Result<Option<DailyStreakRow>> {
        sqlx::query_as("SELECT streak, best_streak, last_solved_day FROM daily_puzzle_streaks WHERE user_id = $1")
            .bind(to_db(user_id))
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "reading a daily puzzle streak")
    }

    /// Records `user_id`'s answer to `day`'s puzzle, given in `guild_id`,
    /// and their streak, in one transaction: `None` if they had answered
    /// already (that first answer stands).
    pub async fn answer_daily_puzzle(
        &self,
        day: Day,
        user_id: u64,
        guild_id: u64,
        (hole, solved): (u8, bool),
        now: i64,
    ) -> Result<Option<DailyStreakRow>> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to record an answer to the day's puzzle")?;
        let recorded = sqlx::query(
            "INSERT INTO daily_puzzle_answers (day, user_id, guild_id, hole, solved, answered_at)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (day, user_id) DO NOTHING",
        )
        .bind(day.0)
        .bind(to_db(user_id))
        .bind(to_db(guild_id))
        .bind(i64::from(hole))
        .bind(i64::from(solved))
        .bind(now)
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "recording an answer to the day's puzzle")?;
        if recorded.rows_affected() != 1 {
            return Ok(None);
        }
        sqlx::query(
            "INSERT INTO daily_puzzle_streaks (user_id, streak, best_streak, last_solved_day)
             VALUES ($1, 0, 0, -1) ON CONFLICT (user_id) DO NOTHING",
        )
        .bind(to_db(user_id))
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "starting a daily puzzle streak")?;
        let before: DailyStreakRow =
            sqlx::query_as("SELECT streak, best_streak, last_solved_day FROM daily_puzzle_streaks WHERE user_id = $1")
                .bind(to_db(user_id))
                .fetch_one(&mut *tx)
                .await
                .doing(&self.outage, "reading a daily puzzle streak to update")?;
        let after = next_streak(before, day, solved);
        sqlx::query(
            "UPDATE daily_puzzle_streaks SET streak = $2, best_streak = $3, last_solved_day = $4 WHERE user_id = $1",
        )
        .bind(to_db(user_id))
        .bind(after.streak)
        .bind(after.best_streak)
        .bind(after.last_solved_day)
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "updating a daily puzzle streak")?;
        tx.commit()
            .await
            .doing(&self.outage, "committing an answer to the day's puzzle")?;
        Ok(Some(after))
    }

    /// How many players answered `day`'s puzzle from `guild_id`'s message,
    /// and how many of them solved it.
    pub async fn daily_counts(&self, guild_id: u64, day: Day) -> Result<(i64, i64)> {
        sqlx::query_as(
            "SELECT CAST(COUNT(*) AS BIGINT), CAST(COALESCE(SUM(solved), 0) AS BIGINT)
             FROM daily_puzzle_answers WHERE guild_id = $1 AND day = $2",
        )
        .bind(to_db(guild_id))
        .bind(day.0)
        .fetch_one(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "counting the answers to the day's puzzle")
    }

    /// The players who solved the most days' puzzles in `guild_id` from
    /// day `from` to before `until`, with how many (the first to reach it
    /// first among equals), at most `limit`.
    pub async fn daily_solvers(&self, guild_id: u64, (from, until): (Day, Day), limit: i64) -> Result<Vec<(u64, i64)>> {
        let rows: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT user_id, CAST(COUNT(*) AS BIGINT) FROM daily_puzzle_answers
             WHERE guild_id = $1 AND day >= $2 AND day < $3 AND solved = 1
             GROUP BY user_id ORDER BY COUNT(*) DESC, MAX(answered_at), user_id LIMIT $4",
        )
        .bind(to_db(guild_id))
        .bind(from.0)
        .bind(until.0)
        .bind(limit)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading the month's daily puzzle solvers")?;
        Ok(rows.into_iter().map(|(user, days)| (from_db(user), days)).collect())
    }
}

/// The streak after an answer to `day`: a solve extends a run that ended
/// the day before (or starts one), a miss ends it.
fn next_streak(before: DailyStreakRow, day: Day, solved: bool) -> DailyStreakRow {
    if !solved {
        return DailyStreakRow { streak: 0, ..before };
    }
    let streak = if before.last_solved_day == day.previous().0 {
        before.streak + 1
    } else {
        1
    };
    DailyStreakRow {
        streak,
        best_streak: before.best_streak.max(streak),
        last_solved_day: day.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_streak_counts_consecutive_days_solved() {
        let start = DailyStreakRow {
            streak: 0,
            best_streak: 0,
            last_solved_day: -1,
        };
        let one = next_streak(start, Day(10), true);
        let two = next_streak(one, Day(11), true);
        assert_eq!((two.streak, two.best_streak), (2, 2));
        let gap = next_streak(two, Day(13), true);
        assert_eq!((gap.streak, gap.best_streak), (1, 2));
        let missed = next_streak(gap, Day(14), false);
        assert_eq!((missed.streak, missed.best_streak, missed.last_solved_day), (0, 2, 13));
        assert_eq!(next_streak(missed, Day(15), true).streak, 1);
    }
}
