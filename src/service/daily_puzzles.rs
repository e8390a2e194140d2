//! The puzzle of the day: one puzzle a day (UTC) for everyone, from the
//! mined puzzles ([`crate::store::Store::daily_puzzle`] says which), opened
//! privately from a server's message and answered once per player per day;
//! the first answer decides, and extends or ends the player's run of days
//! solved. A day's puzzle is answered only on that day. Unlike `/akon
//! puzzle`, an answer changes no puzzle rating: everyone meets the same
//! position, whatever their level.

use super::{Player, Result, Service, ServiceError};
use crate::ai::Solution;
use crate::calendar::Day;
use crate::engine::{Hole, Position};
use crate::posts::DailySetting;
use crate::store::DailyStreakRow;

/// Players named in a message's table of the month's solvers.
pub const DAILY_SOLVERS_SHOWN: i64 = 5;

/// The day's puzzle, as a player or a server's message shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct DailyPuzzleView {
    pub day: Day,
    pub puzzle_id: i64,
    pub position: Position,
}

/// A player's run of consecutive days solved, as of today.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DailyStreak {
    pub streak: i64,
    pub best: i64,
}

/// An answer to the day's puzzle, judged and counted.
#[derive(Debug, Clone, PartialEq)]
pub struct DailyAnswered {
    pub daily: DailyPuzzleView,
    pub played: Hole,
    pub solved: bool,
    pub solution: Solution,
    pub streak: DailyStreak,
}

/// What a server's message of a day shows besides the puzzle: how many
/// answered from it and how many solved it, and the month's solvers there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DailyTally {
    pub answered: i64,
    pub solved: i64,
    /// The month's best solvers in the server, with their days solved.
    pub month: Vec<(u64, i64)>,
}

impl Service {
    /// `guild_id`'s puzzle of the day setting, if it chose a channel.
    pub async fn daily_setting(&self, guild_id: u64) -> Result<Option<DailySetting>> {
        Ok(self.store.daily_setting(guild_id).await?)
    }

    /// The puzzle of `day`, chosen now if no one asked for it before:
    /// `None` while no puzzle is kept.
    pub async fn daily_puzzle(&self, day: Day) -> Result<Option<DailyPuzzleView>> {
        let Some(puzzle_id) = self.store.daily_puzzle(day, self.now()).await? else {
            return Ok(None);
        };
        let (position, _) = self.puzzle_position(puzzle_id).await?;
        Ok(Some(DailyPuzzleView {
            day,
            puzzle_id,
            position,
        }))
    }

    /// The Solve button of `day`'s message: the puzzle for `user`, unless
    /// it is not that day any more or they answered already.
    pub async fn open_daily_puzzle(&self, day: Day, user: &Player) -> Result<DailyPuzzleView> {
        self.check_today(day)?;
        if let Some(answer) = self.store.daily_answer(day, user.id).await? {
            return Err(answered(answer.hole, answer.solved));
        }
        self.daily_puzzle(day).await?.ok_or(ServiceError::NoDailyPuzzle)
    }

    /// `user` answers `day`'s puzzle with `hole` from server `guild_id`'s
    /// message: judged against the puzzle's best move and counted, if it
    /// is their first answer of the day.
    pub async fn answer_daily_puzzle(
        &self,
        day: Day,
        hole: Hole,
        user: &Player,
        guild_id: Option<u64>,
    ) -> Result<DailyAnswered> {
        self.check_today(day)?;
        let guild_id = guild_id.ok_or(ServiceError::NotInAServer)?;
        let Some(daily) = self.daily_puzzle(day).await? else {
            return Err(ServiceError::NoDailyPuzzle);
        };
        if let Some(answer) = self.store.daily_answer(day, user.id).await? {
            return Err(answered(answer.hole, answer.solved));
        }
        let solution = self.solution(daily.puzzle_id).await?;
        if solution.score_of(hole).is_none() {
            let illegal = daily.position.check_move(hole).err().ok_or(ServiceError::Corrupt {
                game_id: daily.puzzle_id,
                why: "a legal move has no score".into(),
            })?;
            return Err(ServiceError::IllegalMove(illegal));
        }
        let solved = hole == solution.best;
        self.remember(user).await?;
        let recorded = self
            .store
            .answer_daily_puzzle(day, user.id, guild_id, (hole.number(), solved), self.now())
            .await?;
        let Some(streak) = recorded else {
            // A concurrent press answered first: that answer counts.
            let first = self.store.daily_answer(day, user.id).await?;
            return Err(first.map_or(ServiceError::NoDailyPuzzle, |a| answered(a.hole, a.solved)));
        };
        tracing::info!(
            user_id = user.id,
            day = day.0,
            guild_id,
            solved,
            "daily puzzle answered"
        );
        Ok(DailyAnswered {
            daily,
            played: hole,
            solved,
            solution,
            streak: DailyStreak {
                streak: streak.streak,
                best: streak.best_streak,
            },
        })
    }

    /// `user_id`'s run of days solved as of today: a run whose last day
    /// solved is before yesterday has ended.
    pub async fn daily_streak(&self, user_id: u64) -> Result<DailyStreak> {
        let today = Day::of(self.now());
        Ok(match self.store.daily_streak(user_id).await? {
            None => DailyStreak { streak: 0, best: 0 },
            Some(row) => DailyStreak {
                streak: current_streak(row, today),
                best: row.best_streak,
            },
        })
    }

    /// What `guild_id`'s message of `day` shows under the puzzle.
    pub async fn daily_tally(&self, guild_id: u64, day: Day) -> Result<DailyTally> {
        let (answered, solved) = self.store.daily_counts(guild_id, day).await?;
        let month = self
            .store
            .daily_solvers(guild_id, day.month_days(), DAILY_SOLVERS_SHOWN)
            .await?;
        Ok(DailyTally {
            answered,
            solved,
            month,
        })
    }

    fn check_today(&self, day: Day) -> Result<()> {
        match Day::of(self.now()) == day {
            true => Ok(()),
            false => Err(ServiceError::DailyPuzzleOfAnotherDay(day)),
        }
    }
}

fn answered(hole: i64, solved: bool) -> ServiceError {
    ServiceError::DailyPuzzleAnswered {
        hole: hole.clamp(0, 7) as u8,
        solved,
    }
}

fn current_streak(row: DailyStreakRow, today: Day) -> i64 {
    match row.last_solved_day >= today.previous().0 {
        true => row.streak,
        false => 0,
    }
}
