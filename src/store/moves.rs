//! Moves: the append-only `moves` table, and the conditional update of the
//! game's row that goes with each move or resignation.

use sqlx::{AnyConnection, FromRow};

use crate::engine::{Position, Seat, Winner};

use super::backend::Snowflake;
use super::positions::position_text;
use super::status::Stored;
use super::{to_db, Backend, Doing, EndReason, GameRow, GameStatus, LiveTurn, Result, Store, Written, GAME_COLUMNS};

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct MoveRow {
    pub game_id: i64,
    pub ply: i64,
    #[sqlx(try_from = "Stored<Seat>")]
    pub seat: Seat,
    pub hole: i64,
    #[sqlx(try_from = "Snowflake")]
    pub user_id: u64,
    pub played_at: i64,
}

/// A move to append, played by `user_id` from `seat`.
#[derive(Debug, Clone)]
pub struct NewMove {
    pub seat: Seat,
    pub hole: u8,
    pub user_id: u64,
}

/// The game's row after a move or a resignation.
#[derive(Debug, Clone)]
pub struct GameUpdate {
    pub position: Position,
    pub finished: Option<Finish>,
    pub captured_a: u32,
    pub captured_b: u32,
    pub now: i64,
    /// When the player now to move is reminded and loses on time.
    pub deadline: Option<i64>,
    pub reminder_at: Option<i64>,
    /// The loop rule's history for `position` (`None`: not known, so the
    /// next load replays the moves).
    pub loop_history: Option<String>,
    /// A live clock's new turn (`None`: no live clock, its times kept).
    pub live: Option<LiveTurn>,
}

/// How a game finished.
#[derive(Debug, Clone)]
pub struct Finish {
    pub end_reason: EndReason,
    pub winner: Winner,
}

impl Store {
    pub async fn moves(&self, game_id: i64) -> Result<Vec<MoveRow>> {
        sqlx::query_as("SELECT game_id, ply, seat, hole, user_id, played_at FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(game_id)
            .fetch_all(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "reading a game's moves")
    }

    /// A game and its moves read in one transaction, so that they agree
    /// even while a move is being written.
    pub async fn game_with_moves(&self, game_id: i64) -> Result<Option<(GameRow, Vec<MoveRow>)>> {
        let mut reader = self.reader().await?;
        let mut tx = reader
            .begin_read(self.backend)
            .await
            .doing(&self.outage, "starting to read a game")?;
        let row: Option<GameRow> = sqlx::query_as(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(game_id)
            .fetch_optional(&mut *tx)
            .await
            .reading(&self.outage, "reading a game", game_id)?;
        let Some(row) = row else { return Ok(None) };
        let moves = sqlx::query_as(
            "SELECT game_id, ply, seat, hole, user_id, played_at FROM moves WHERE game_id = $1 ORDER BY ply",
        )
        .bind(game_id)
        .fetch_all(&mut *tx)
        .await
        .doing(&self.outage, "reading a game's moves")?;
        tx.commit().await.doing(&self.outage, "finishing reading a game")?;
        Ok(Some((row, moves)))
    }

    /// Appends move number `expected_ply + 1` and updates the game, in one
    /// transaction, only if the game is still ongoing at `expected_ply`:
    /// of two moves made at once, exactly one is written.
    pub async fn record_move(
        &self,
        game_id: i64,
        expected_ply: i64,
        new_move: &NewMove,
        update: &GameUpdate,
    ) -> Result<Written> {
        // A move under a live clock writes the clock too: the plain
        // transaction below, not the grouped one-trip writes.
        if update.finished.is_none() && update.live.is_none() {
            return self.record_ongoing_move(game_id, expected_ply, new_move, update).await;
        }
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to record a move")?;
        if self
            .update_game(&mut tx, game_id, expected_ply, expected_ply + 1, update)
            .await?
            == Written::Conflict
        {
            return Ok(Written::Conflict);
        }
        sqlx::query("INSERT INTO moves (game_id, ply, seat, hole, user_id, played_at) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(game_id)
            .bind(expected_ply + 1)
            .bind(new_move.seat.to_string())
            .bind(new_move.hole as i64)
            .bind(to_db(new_move.user_id))
            .bind(update.now)
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "appending a move")?;
        if update.finished.is_some() {
            self.write_results(&mut tx, game_id).await?;
        }
        tx.commit().await.doing(&self.outage, "committing a move")?;
        self.games.forget(game_id);
        Ok(Written::Yes)
    }

    /// [`Store::record_move`] for a move after which the game goes on (no
    /// results to write): the same transaction in one trip to the database.
    /// SQLite writes it with the other moves queued for the writer, in one
    /// batch (see `grouped_moves`); PostgreSQL gets one statement, a
    /// data-modifying `WITH` whose insert reads the updated row, atomic on
    /// its own.
    async fn record_ongoing_move(
        &self,
        game_id: i64,
        expected_ply: i64,
        new_move: &NewMove,
        update: &GameUpdate,
    ) -> Result<Written> {
        if self.backend == Backend::Sqlite {
            return self
                .record_ongoing_move_grouped(game_id, expected_ply, new_move, update)
                .await;
        }
        let sql = "WITH moved AS (
                 UPDATE games SET ply = $3, position = $4, captured_a = $5, captured_b = $6, updated_at = $7,
                     deadline = $8, reminder_at = $9, loop_history = $10
                 WHERE id = $1 AND ply = $2 AND status = 'ongoing' RETURNING id)
             INSERT INTO moves (game_id, ply, seat, hole, user_id, played_at)
                 SELECT id, $3, $11, $12, $13, $7 FROM moved RETURNING ply";
        let mut writer = self.writer().await?;
        let appended: Vec<i64> = sqlx::query_scalar(sql)
            .bind(game_id)
            .bind(expected_ply)
            .bind(expected_ply + 1)
            .bind(position_text(&update.position))
            .bind(update.captured_a as i64)
            .bind(update.captured_b as i64)
            .bind(update.now)
            .bind(update.deadline)
            .bind(update.reminder_at)
            .bind(update.loop_history.as_deref())
            .bind(new_move.seat.to_string())
            .bind(new_move.hole as i64)
            .bind(to_db(new_move.user_id))
            .fetch_all(&mut *writer)
            .await
            .doing(&self.outage, "recording a move")?;
        Ok(if appended.is_empty() {
            Written::Conflict
        } else {
            Written::Yes
        })
    }

    /// Finishes a game without a move (a resignation), only if it is still
    /// ongoing at `expected_ply`.
    pub async fn finish_game(&self, game_id: i64, expected_ply: i64, update: &GameUpdate) -> Result<Written> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to finish a game")?;
        if self.finish_in(&mut tx, game_id, expected_ply, update).await? == Written::Conflict {
            return Ok(Written::Conflict);
        }
        tx.commit().await.doing(&self.outage, "committing a finished game")?;
        self.games.forget(game_id);
        Ok(Written::Yes)
    }

    /// Within `tx`: marks the game finished without a move, if it is still
    /// ongoing at `expected_ply`, and writes its results.
    pub(super) async fn finish_in(
        &self,
        tx: &mut AnyConnection,
        game_id: i64,
        expected_ply: i64,
        update: &GameUpdate,
    ) -> Result<Written> {
        if self
            .update_game(tx, game_id, expected_ply, expected_ply, update)
            .await?
            == Written::Conflict
        {
            return Ok(Written::Conflict);
        }
        self.write_results(tx, game_id).await?;
        Ok(Written::Yes)
    }

    async fn update_game(
        &self,
        tx: &mut AnyConnection,
        game_id: i64,
        expected_ply: i64,
        new_ply: i64,
        update: &GameUpdate,
    ) -> Result<Written> {
        let (status, end_reason, winner, finished_at) = match &update.finished {
            None => (GameStatus::Ongoing, None, None, None),
            Some(finish) => (
                GameStatus::Finished,
                Some(finish.end_reason.as_str()),
                Some(finish.winner.to_string()),
                Some(update.now),
            ),
        };
        let done = sqlx::query(
            "UPDATE games SET ply = $3, position = $4, status = $5, end_reason = $6, winner = $7, captured_a = $8,
             captured_b = $9, updated_at = $10, finished_at = $11, deadline = $12, reminder_at = $13,
             loop_history = $14, live_remaining_a_ms = COALESCE($15, live_remaining_a_ms),
             live_remaining_b_ms = COALESCE($16, live_remaining_b_ms),
             live_turn_started_ms = COALESCE($17, live_turn_started_ms), live_deadline_ms = $18
             WHERE id = $1 AND ply = $2 AND status = 'ongoing'",
        )
        .bind(game_id)
        .bind(expected_ply)
        .bind(new_ply)
        .bind(position_text(&update.position))
        .bind(status.as_str())
        .bind(end_reason)
        .bind(winner)
        .bind(update.captured_a as i64)
        .bind(update.captured_b as i64)
        .bind(update.now)
        .bind(finished_at)
        .bind(update.deadline)
        .bind(update.reminder_at)
        .bind(update.loop_history.as_deref())
        .bind(update.live.map(|live| live.remaining_ms[0]))
        .bind(update.live.map(|live| live.remaining_ms[1]))
        .bind(update.live.map(|live| live.started_ms))
        .bind(update.live.and_then(|live| live.deadline_ms))
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "updating a game")?;
        Ok(if done.rows_affected() == 1 {
            Written::Yes
        } else {
            Written::Conflict
        })
    }
}
