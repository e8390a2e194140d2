//! Takebacks in friendly games: the offers, and the undoing of a game's
//! last move when one is accepted. The move undone is deleted from `moves`,
//! so that every reader of a game's moves (boards, reviews, records, the
//! web replay) sees the game as it goes on; the accepted offer keeps the
//! trace that a move was taken back.

use sqlx::FromRow;

use super::backend::Snowflake;
use super::positions::position_text;
use super::{to_db, Doing, GameUpdate, Result, Store, TakebackStatus, Written};

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct TakebackRow {
    pub id: i64,
    pub game_id: i64,
    /// The move asked back: the game's ply when it was asked.
    pub ply: i64,
    #[sqlx(try_from = "Snowflake")]
    pub asker_id: u64,
    pub status: TakebackStatus,
    pub created_at: i64,
}

const TAKEBACK_COLUMNS: &str = "id, game_id, ply, asker_id, status, created_at";

impl Store {
    /// Asks to take back move `ply` of `game_id` for `asker_id`, in one
    /// statement: written only if the game is a friendly one still ongoing
    /// at `ply` moves, and that move was neither asked back already (still
    /// pending) nor declined. `None` if not written.
    pub async fn ask_takeback(&self, game_id: i64, ply: i64, asker_id: u64, now: i64) -> Result<Option<i64>> {
        sqlx::query_scalar(
            "INSERT INTO takeback_offers (game_id, ply, asker_id, created_at)
             SELECT id, ply, $3, $4 FROM games
             WHERE id = $1 AND ply = $2 AND status = 'ongoing' AND friendly = 1
               AND NOT EXISTS (SELECT 1 FROM takeback_offers
                               WHERE game_id = $1 AND ply = $2 AND status IN ('pending', 'declined'))
             ON CONFLICT (game_id, ply) WHERE status = 'pending' DO NOTHING
             RETURNING id",
        )
        .bind(game_id)
        .bind(ply)
        .bind(to_db(asker_id))
        .bind(now)
        .fetch_optional(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "asking for a takeback")
    }

    pub async fn takeback(&self, id: i64) -> Result<Option<TakebackRow>> {
        sqlx::query_as(&format!("SELECT {TAKEBACK_COLUMNS} FROM takeback_offers WHERE id = $1"))
            .bind(id)
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "reading a takeback offer")
    }

    /// The latest offer for move `ply` of `game_id`, whatever it became.
    pub async fn takeback_of_move(&self, game_id: i64, ply: i64) -> Result<Option<TakebackRow>> {
        sqlx::query_as(&format!(
            "SELECT {TAKEBACK_COLUMNS} FROM takeback_offers WHERE game_id = $1 AND ply = $2 ORDER BY id DESC LIMIT 1"
        ))
        .bind(game_id)
        .bind(ply)
        .fetch_optional(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a move's takeback offer")
    }

    /// Declines a pending offer, only while its game is still at the move
    /// asked back.
    pub async fn decline_takeback(&self, id: i64, now: i64) -> Result<Written> {
        let done = sqlx::query(
            "UPDATE takeback_offers SET status = 'declined', closed_at = $2
             WHERE id = $1 AND status = 'pending'
               AND ply = (SELECT ply FROM games WHERE games.id = takeback_offers.game_id AND status = 'ongoing')",
        )
        .bind(id)
        .bind(now)
        .execute(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "declining a takeback")?;
        Ok(if done.rows_affected() == 1 {
            Written::Yes
        } else {
            Written::Conflict
        })
    }

    /// Accepts pending offer `id` for move `ply` of `game_id` and undoes
    /// that move, in one transaction, only if the game is still an ongoing
    /// friendly game at `ply` moves: of an acceptance and the opponent's
    /// move made at once, exactly one is written. `undone` is the game's row
    /// as it was before the move (position, loop history, clock). Any other
    /// offer still pending in the game is void: it asked back a move that
    /// no longer is the last.
    pub async fn accept_takeback(&self, id: i64, game_id: i64, ply: i64, undone: &GameUpdate) -> Result<Written> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to accept a takeback")?;
        let accepted = sqlx::query(
            "UPDATE takeback_offers SET status = 'accepted', closed_at = $3
             WHERE id = $1 AND ply = $2 AND status = 'pending'",
        )
        .bind(id)
        .bind(ply)
        .bind(undone.now)
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "accepting a takeback")?;
        if accepted.rows_affected() != 1 {
            return Ok(Written::Conflict);
        }
        let moved_back = sqlx::query(
            "UPDATE games SET ply = $3, position = $4, captured_a = $5, captured_b = $6, updated_at = $7,
             deadline = $8, reminder_at = $9, loop_history = $10, takebacks = takebacks + 1,
             live_remaining_a_ms = COALESCE($11, live_remaining_a_ms),
             live_remaining_b_ms = COALESCE($12, live_remaining_b_ms),
             live_turn_started_ms = COALESCE($13, live_turn_started_ms), live_deadline_ms = $14
             WHERE id = $1 AND ply = $2 AND status = 'ongoing' AND friendly = 1",
        )
        .bind(game_id)
        .bind(ply)
        .bind(ply - 1)
        .bind(position_text(&undone.position))
        .bind(undone.captured_a as i64)
        .bind(undone.captured_b as i64)
        .bind(undone.now)
        .bind(undone.deadline)
        .bind(undone.reminder_at)
        .bind(undone.loop_history.as_deref())
        .bind(undone.live.map(|live| live.remaining_ms[0]))
        .bind(undone.live.map(|live| live.remaining_ms[1]))
        .bind(undone.live.map(|live| live.started_ms))
        .bind(undone.live.and_then(|live| live.deadline_ms))
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "taking a move back")?;
        if moved_back.rows_affected() != 1 {
            // Rolled back with the transaction: the offer stays pending,
            // stale since the game is no longer at its move.
            return Ok(Written::Conflict);
        }
        // After the game's row: the append-only trigger lets a friendly
        // game's move past its ply go, and only that.
        sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply = $2")
            .bind(game_id)
            .bind(ply)
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "deleting a move taken back")?;
        sqlx::query(
            "UPDATE takeback_offers SET status = 'void', closed_at = $2 WHERE game_id = $1 AND status = 'pending'",
        )
        .bind(game_id)
        .bind(undone.now)
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "voiding a game's other takeback offers")?;
        // Followers told of the move taken back are told of the one
        // played instead.
        sqlx::query("UPDATE game_followers SET told_ply = $2 WHERE game_id = $1 AND told_ply > $2")
            .bind(game_id)
            .bind(ply - 1)
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "rewinding a game's followers")?;
        tx.commit().await.doing(&self.outage, "committing a takeback")?;
        self.games.forget(game_id);
        Ok(Written::Yes)
    }
}
