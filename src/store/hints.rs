//! Hints asked in games against the computer (migration `game_hints`).

use super::{to_db, Doing, Result, Store};

impl Store {
    /// Records that `user_id` was shown `hole` as a hint at move `ply` of
    /// `game_id`; a second hint at the same move is the same hint.
    pub async fn record_hint(&self, game_id: i64, ply: i64, user_id: u64, hole: u8, now: i64) -> Result<()> {
        sqlx::query(
            "INSERT INTO game_hints (game_id, ply, user_id, hole, created_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (game_id, ply) DO NOTHING",
        )
        .bind(game_id)
        .bind(ply)
        .bind(to_db(user_id))
        .bind(i64::from(hole))
        .bind(now)
        .execute(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "recording a hint")?;
        Ok(())
    }

    /// Hints shown in `game_id`.
    pub async fn hints_used(&self, game_id: i64) -> Result<i64> {
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM game_hints WHERE game_id = $1")
            .bind(game_id)
            .fetch_one(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "counting a game's hints")
    }

    /// Games in which `user_id` asked for hints.
    pub async fn games_with_hints(&self, user_id: u64) -> Result<i64> {
        sqlx::query_scalar("SELECT CAST(COUNT(DISTINCT game_id) AS BIGINT) FROM game_hints WHERE user_id = $1")
            .bind(to_db(user_id))
            .fetch_one(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "counting games with hints")
    }
}
