//! Puzzles (migration `puzzles`): mined puzzles and what they were mined
//! from, players' puzzle ratings and streaks, and attempts. An answer is
//! scored in one transaction that first claims the attempt with a
//! conditional update, so that of two presses exactly one is scored.

use sqlx::{AnyConnection, FromRow};

use super::backend::{OptionalFlag, Snowflake};
use super::outage::Outage;
use super::positions::{position_text, solution_text, StoredPosition, StoredSolution};
use super::{to_db, Doing, Result, Store};
use crate::ai::Solution;
use crate::engine::Position;
use crate::rating::{rate, Rating, Score};

/// Where puzzles were mined from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleSource {
    /// A finished game, by id.
    Game(i64),
    /// A self-play game, by seed.
    SelfPlay(i64),
}

impl PuzzleSource {
    fn kind(self) -> &'static str {
        match self {
            PuzzleSource::Game(_) => "game",
            PuzzleSource::SelfPlay(_) => "self_play",
        }
    }

    fn number(self) -> i64 {
        match self {
            PuzzleSource::Game(n) | PuzzleSource::SelfPlay(n) => n,
        }
    }
}

/// A puzzle to keep.
#[derive(Debug, Clone)]
pub struct NewPuzzle {
    /// The position, unique among the puzzles kept.
    pub position: Position,
    pub best: u8,
    pub margin: i32,
    pub solution: Solution,
    pub nodes: u64,
    /// The ply of the source game it comes from.
    pub ply: i64,
    pub rating: Rating,
}

#[derive(Debug, Clone, PartialEq, FromRow)]
pub struct PuzzleRow {
    pub id: i64,
    #[sqlx(try_from = "StoredPosition")]
    pub position: Position,
    pub best: i64,
    pub margin: i64,
    pub nodes: i64,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub attempts: i64,
    pub solved: i64,
}

/// A puzzle given to a player; `answered_at` is set once.
#[derive(Debug, Clone, PartialEq, FromRow)]
pub struct AttemptRow {
    pub id: i64,
    #[sqlx(try_from = "Snowflake")]
    pub user_id: u64,
    pub puzzle_id: i64,
    pub created_at: i64,
    pub answered_at: Option<i64>,
    pub hole: Option<i64>,
    #[sqlx(try_from = "OptionalFlag")]
    pub solved: Option<bool>,
}

/// A player's puzzle rating and streaks.
#[derive(Debug, Clone, PartialEq, FromRow)]
pub struct PuzzlePlayerRow {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub attempts: i64,
    pub solved: i64,
    pub streak: i64,
    pub best_streak: i64,
}

impl PuzzlePlayerRow {
    pub fn glicko(&self) -> Rating {
        Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

/// What scoring an answer changed.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleScored {
    pub player_before: Rating,
    pub player: PuzzlePlayerRow,
    pub puzzle_before: Rating,
    pub puzzle_after: Rating,
}

const PUZZLE_COLUMNS: &str = "id, position, best, margin, nodes, rating, deviation, volatility, attempts, solved";
const ATTEMPT_COLUMNS: &str = "id, user_id, puzzle_id, created_at, answered_at, hole, solved";
const PLAYER_COLUMNS: &str = "rating, deviation, volatility, attempts, solved, streak, best_streak";

impl Store {
    /// Keeps the puzzles mined from `source` (a position already kept is
    /// skipped) and marks the source mined, in one transaction. Returns
    /// how many puzzles are new.
    pub async fn save_mined_puzzles(&self, source: PuzzleSource, puzzles: &[NewPuzzle], now: i64) -> Result<usize> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to keep puzzles")?;
        let mut added = 0;
        for puzzle in puzzles {
            let done = sqlx::query(
                "INSERT INTO puzzles (position, best, margin, solution, nodes, source_kind, source_number, source_ply,
                 rating, deviation, volatility, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (position) DO NOTHING",
            )
            .bind(position_text(&puzzle.position))
            .bind(i64::from(puzzle.best))
            .bind(i64::from(puzzle.margin))
            .bind(solution_text(&puzzle.solution))
            .bind(puzzle.nodes as i64)
            .bind(source.kind())
            .bind(source.number())
            .bind(puzzle.ply)
            .bind(puzzle.rating.rating)
            .bind(puzzle.rating.deviation)
            .bind(puzzle.rating.volatility)
            .bind(now)
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "keeping a puzzle")?;
            added += done.rows_affected() as usize;
        }
        sqlx::query(
            "INSERT INTO puzzle_sources (kind, number, puzzles, mined_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (kind, number) DO NOTHING",
        )
        .bind(source.kind())
        .bind(source.number())
        .bind(added as i64)
        .bind(now)
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "marking a puzzle source mined")?;
        tx.commit().await.doing(&self.outage, "committing mined puzzles")?;
        Ok(added)
    }

    /// The newest finished game of more than `min_plies` moves not mined
    /// for puzzles yet.
    pub async fn game_to_mine(&self, min_plies: i64) -> Result<Option<i64>> {
        sqlx::query_scalar(
            "SELECT id FROM games g WHERE g.status = 'finished' AND g.ply > $1
             AND NOT EXISTS (SELECT 1 FROM puzzle_sources s WHERE s.kind = 'game' AND s.number = g.id)
             ORDER BY g.id DESC LIMIT 1",
        )
        .bind(min_plies)
        .fetch_optional(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "finding a game to mine for puzzles")
    }

    /// The seed of the next self-play game to mine: one more than the
    /// highest mined.
    pub async fn next_self_play_seed(&self) -> Result<i64> {
        sqlx::query_scalar(
            "SELECT CAST(COALESCE(MAX(number) + 1, 0) AS BIGINT) FROM puzzle_sources WHERE kind = 'self_play'",
        )
        .fetch_one(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading the next self-play seed")
    }

    /// Puzzles kept.
    pub async fn puzzle_count(&self) -> Result<i64> {
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM puzzles")
            .fetch_one(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "counting puzzles")
    }

    pub async fn puzzle(&self, id: i64) -> Result<Option<PuzzleRow>> {
        sqlx::query_as(&format!("SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = $1"))
            .bind(id)
            .fetch_optional(&mut *self.reader().await?)
            .await
            .reading(&self.outage, "reading a puzzle", id)
    }

    /// Puzzle `id`'s solution: read only to score an answer, so that a
    /// puzzle is shown whatever its solution holds.
    pub async fn puzzle_solution(&self, id: i64) -> Result<Option<Solution>> {
        let solution: Option<StoredSolution> = sqlx::query_scalar("SELECT solution FROM puzzles WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *self.reader().await?)
            .await
            .reading(&self.outage, "reading a puzzle's solution", id)?;
        Ok(solution.map(Solution::from))
    }

    /// The puzzle `user_id` has not tried whose rating is nearest `rating`
    /// (lower id first among equals).
    pub async fn nearest_untried_puzzle(&self, user_id: u64, rating: f64) -> Result<Option<i64>> {
        sqlx::query_scalar(
            "SELECT p.id FROM puzzles p
             WHERE NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.user_id = $1 AND a.puzzle_id = p.id)
             ORDER BY ABS(p.rating - $2), p.id LIMIT 1",
        )
        .bind(to_db(user_id))
        .bind(rating)
        .fetch_optional(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "choosing a puzzle")
    }

    pub async fn puzzle_attempt(&self, id: i64) -> Result<Option<AttemptRow>> {
        sqlx::query_as(&format!("SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts WHERE id = $1"))
            .bind(id)
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "reading a puzzle attempt")
    }

    /// `user_id`'s unanswered puzzle, if any.
    pub async fn open_puzzle_attempt(&self, user_id: u64) -> Result<Option<AttemptRow>> {
        sqlx::query_as(&format!(
            "SELECT {ATTEMPT_COLUMNS} FROM puzzle_attempts WHERE user_id = $1 AND answered_at IS NULL"
        ))
        .bind(to_db(user_id))
        .fetch_optional(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading an open puzzle attempt")
    }

    /// Gives `puzzle_id` to `user_id`; `None` if they have an unanswered
    /// puzzle already or tried this one (a concurrent request won).
    pub async fn start_puzzle_attempt(&self, user_id: u64, puzzle_id: i64, now: i64) -> Result<Option<i64>> {
        sqlx::query_scalar(
            "INSERT INTO puzzle_attempts (user_id, puzzle_id, created_at) VALUES ($1, $2, $3)
             ON CONFLICT DO NOTHING RETURNING id",
        )
        .bind(to_db(user_id))
        .bind(puzzle_id)
        .bind(now)
        .fetch_optional(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "starting a puzzle attempt")
    }

    /// `user_id`'s puzzle rating and streaks, if they answered any.
    pub async fn puzzle_player(&self, user_id: u64) -> Result<Option<PuzzlePlayerRow>> {
        sqlx::query_as(&format!(
            "SELECT {PLAYER_COLUMNS} FROM puzzle_players WHERE user_id = $1"
        ))
        .bind(to_db(user_id))
        .fetch_optional(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a puzzle rating")
    }

    /// Scores attempt `attempt_id` answered with `hole`, right or not:
    /// the attempt, the player's rating and streak, and the puzzle's
    /// rating, in one transaction. `None` if the attempt was answered
    /// already (another press won) or does not exist.
    pub async fn answer_puzzle(
        &self,
        attempt_id: i64,
        hole: u8,
        solved: bool,
        now: i64,
    ) -> Result<Option<PuzzleScored>> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to score a puzzle")?;
        let claimed = sqlx::query(
            "UPDATE puzzle_attempts SET answered_at = $2, hole = $3, solved = $4 WHERE id = $1 AND answered_at IS NULL",
        )
        .bind(attempt_id)
        .bind(now)
        .bind(i64::from(hole))
        .bind(i64::from(solved))
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "claiming a puzzle attempt")?;
        if claimed.rows_affected() != 1 {
            return Ok(None);
        }
        let (user_id, puzzle_id): (i64, i64) =
            sqlx::query_as("SELECT user_id, puzzle_id FROM puzzle_attempts WHERE id = $1")
                .bind(attempt_id)
                .fetch_one(&mut *tx)
                .await
                .doing(&self.outage, "reading a puzzle attempt")?;
        let player = locked_player(&self.outage, &mut tx, user_id, now).await?;
        let puzzle = locked_puzzle(&self.outage, &mut tx, puzzle_id).await?;
        let score = if solved { Score::Win } else { Score::Loss };
        let (player_after, puzzle_after) = rate(player.glicko(), puzzle, score);
        let streak = if solved { player.streak + 1 } else { 0 };
        let updated = PuzzlePlayerRow {
            rating: player_after.rating,
            deviation: player_after.deviation,
            volatility: player_after.volatility,
            attempts: player.attempts + 1,
            solved: player.solved + i64::from(solved),
            streak,
            best_streak: player.best_streak.max(streak),
        };
        sqlx::query(
            "UPDATE puzzle_players SET rating = $2, deviation = $3, volatility = $4, attempts = $5, solved = $6,
             streak = $7, best_streak = $8, updated_at = $9 WHERE user_id = $1",
        )
        .bind(user_id)
        .bind(updated.rating)
        .bind(updated.deviation)
        .bind(updated.volatility)
        .bind(updated.attempts)
        .bind(updated.solved)
        .bind(updated.streak)
        .bind(updated.best_streak)
        .bind(now)
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "updating a puzzle rating")?;
        sqlx::query(
            "UPDATE puzzles SET rating = $2, deviation = $3, volatility = $4, solved = solved + $5 WHERE id = $1",
        )
        .bind(puzzle_id)
        .bind(puzzle_after.rating)
        .bind(puzzle_after.deviation)
        .bind(puzzle_after.volatility)
        .bind(i64::from(solved))
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "updating a puzzle's rating")?;
        sqlx::query("UPDATE puzzle_attempts SET rating_before = $2, rating_after = $3 WHERE id = $1")
            .bind(attempt_id)
            .bind(player.rating)
            .bind(updated.rating)
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "recording a puzzle rating change")?;
        tx.commit().await.doing(&self.outage, "committing a puzzle answer")?;
        Ok(Some(PuzzleScored {
            player_before: player.glicko(),
            player: updated,
            puzzle_before: puzzle,
            puzzle_after,
        }))
    }
}

/// The player's puzzle row (created at the initial rating if new), locked
/// for this transaction: the first statement writes it, so that on
/// PostgreSQL a concurrent answer of the same player waits for this one.
async fn locked_player(outage: &Outage, tx: &mut AnyConnection, user_id: i64, now: i64) -> Result<PuzzlePlayerRow> {
    let initial = Rating::INITIAL;
    sqlx::query(
        "INSERT INTO puzzle_players (user_id, rating, deviation, volatility, attempts, solved, streak, best_streak,
         updated_at) VALUES ($1, $2, $3, $4, 0, 0, 0, 0, $5)
         ON CONFLICT (user_id) DO UPDATE SET updated_at = excluded.updated_at",
    )
    .bind(user_id)
    .bind(initial.rating)
    .bind(initial.deviation)
    .bind(initial.volatility)
    .bind(now)
    .execute(&mut *tx)
    .await
    .doing(outage, "locking a puzzle rating")?;
    sqlx::query_as(&format!(
        "SELECT {PLAYER_COLUMNS} FROM puzzle_players WHERE user_id = $1"
    ))
    .bind(user_id)
    .fetch_one(&mut *tx)
    .await
    .doing(outage, "reading a puzzle rating to update")
}

/// The puzzle's rating, its row locked by counting the attempt first.
async fn locked_puzzle(outage: &Outage, tx: &mut AnyConnection, puzzle_id: i64) -> Result<Rating> {
    sqlx::query("UPDATE puzzles SET attempts = attempts + 1 WHERE id = $1")
        .bind(puzzle_id)
        .execute(&mut *tx)
        .await
        .doing(outage, "counting a puzzle attempt")?;
    let (rating, deviation, volatility): (f64, f64, f64) =
        sqlx::query_as("SELECT rating, deviation, volatility FROM puzzles WHERE id = $1")
            .bind(puzzle_id)
            .fetch_one(&mut *tx)
            .await
            .doing(outage, "reading a puzzle's rating")?;
    Ok(Rating {
        rating,
        deviation,
        volatility,
    })
}
