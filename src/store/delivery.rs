//! What each game owes its channel (see migration `owed_messages`): the
//! board of its current ply, its result, and superseded boards whose
//! buttons must go. Moves, resignations, timeouts and aborts change `ply`
//! or `status` in their own transactions, which makes the owed messages
//! durable without writing anything more; posting a board settles them.

use super::{to_db, Doing, Result, Store, Written};

/// A board message as posted: where it is, and the state of the game it
/// shows (the ply, and whether it shows the result).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShownBoard {
    pub game_id: i64,
    pub ply: i64,
    pub finished: bool,
    pub channel_id: u64,
    pub message_id: u64,
}

/// The games that owe a message, repeated exactly as `games_owed`'s
/// condition so that the query reads that index alone.
const OWED: &str = "((status = 'ongoing' AND board_ply IS NOT ply)
        OR (status = 'finished' AND result_shown = 0)
        OR stale_board_message_id IS NOT NULL)";

impl Store {
    /// Up to `limit` games that owe their channel a message, least recently
    /// changed first.
    pub async fn games_owing_messages(&self, limit: i64) -> Result<Vec<i64>> {
        sqlx::query_scalar(&format!(
            "SELECT id FROM games WHERE {OWED} ORDER BY updated_at, id LIMIT ?1"
        ))
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .doing("listing games that owe a message")
    }

    /// How many games owe their channel a message.
    pub async fn count_games_owing_messages(&self) -> Result<i64> {
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM games WHERE {OWED}"))
            .fetch_one(&self.pool)
            .await
            .doing("counting games that owe a message")
    }

    /// Records `board` as the game's latest board, if the game is still in
    /// the state it shows; `replaced`, the board it supersedes, is kept as
    /// stale (to strip) when its buttons are still live. A board that lost
    /// the race with a newer move is itself kept as stale: it is posted,
    /// and only the delivery loop can now take its buttons away.
    pub async fn board_shown(&self, board: &ShownBoard, replaced: Option<(u64, u64)>) -> Result<Written> {
        let status = if board.finished { "finished" } else { "ongoing" };
        let (stale_channel, stale_message) = match replaced {
            Some((channel, message)) if message != board.message_id => (Some(to_db(channel)), Some(to_db(message))),
            _ => (None, None),
        };
        let done = sqlx::query(
            "UPDATE games SET board_channel_id = ?3, board_message_id = ?4, board_ply = ?2,
                 result_shown = (status = 'finished'),
                 stale_board_channel_id = CASE WHEN stale_board_message_id IS NULL THEN ?6
                     ELSE stale_board_channel_id END,
                 stale_board_message_id = COALESCE(stale_board_message_id, ?7)
             WHERE id = ?1 AND ply = ?2 AND status = ?5",
        )
        .bind(board.game_id)
        .bind(board.ply)
        .bind(to_db(board.channel_id))
        .bind(to_db(board.message_id))
        .bind(status)
        .bind(stale_channel)
        .bind(stale_message)
        .execute(&self.pool)
        .await
        .doing("saving a board message")?;
        if done.rows_affected() == 1 {
            return Ok(Written::Yes);
        }
        self.stale_board(board.game_id, board.channel_id, board.message_id)
            .await?;
        Ok(Written::Conflict)
    }

    /// Marks a posted board as stale, unless another stale board is
    /// already waiting (that one is stripped first; this one, a moment
    /// later, by whoever posted it).
    pub async fn stale_board(&self, game_id: i64, channel_id: u64, message_id: u64) -> Result<()> {
        sqlx::query(
            "UPDATE games SET stale_board_channel_id = ?2, stale_board_message_id = ?3
             WHERE id = ?1 AND stale_board_message_id IS NULL AND board_message_id IS NOT ?3",
        )
        .bind(game_id)
        .bind(to_db(channel_id))
        .bind(to_db(message_id))
        .execute(&self.pool)
        .await
        .doing("marking a board stale")?;
        Ok(())
    }

    /// Forgets a stale board once its buttons are gone.
    pub async fn stale_board_stripped(&self, game_id: i64, message_id: u64) -> Result<()> {
        sqlx::query(
            "UPDATE games SET stale_board_channel_id = NULL, stale_board_message_id = NULL
             WHERE id = ?1 AND stale_board_message_id = ?2",
        )
        .bind(game_id)
        .bind(to_db(message_id))
        .execute(&self.pool)
        .await
        .doing("forgetting a stripped board")?;
        Ok(())
    }
}
