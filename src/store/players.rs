//! Players as last seen on Discord.

use sqlx::{AnyConnection, FromRow};

use super::backend::{Flag, Snowflake};
use super::outage::Outage;
use super::{to_db, Doing, Result, Store};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPlayer<'a> {
    pub user_id: u64,
    pub name: &'a str,
    pub is_bot: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct PlayerRow {
    #[sqlx(try_from = "Snowflake")]
    pub user_id: u64,
    pub name: String,
    #[sqlx(try_from = "Flag")]
    pub is_bot: bool,
}

impl Store {
    pub async fn upsert_player(&self, player: &NewPlayer<'_>, now: i64) -> Result<()> {
        upsert_player(&self.outage, &mut *self.writer().await?, player, now).await?;
        self.forget_player(player.user_id);
        Ok(())
    }

    /// After a transaction that saved `user_id` committed: the kept games
    /// read their name again.
    pub(super) fn forget_player(&self, user_id: u64) {
        self.games.forget_player(user_id);
    }

    pub async fn player(&self, user_id: u64) -> Result<Option<PlayerRow>> {
        sqlx::query_as("SELECT user_id, name, is_bot FROM players WHERE user_id = $1")
            .bind(to_db(user_id))
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "reading a player")
    }
}

/// Saves a player as last seen, in `tx` (the caller forgets the kept games'
/// copy of them once it commits).
pub(super) async fn upsert_player(
    outage: &Outage,
    tx: &mut AnyConnection,
    player: &NewPlayer<'_>,
    now: i64,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO players (user_id, name, is_bot, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, is_bot = excluded.is_bot,
         updated_at = excluded.updated_at",
    )
    .bind(to_db(player.user_id))
    .bind(player.name)
    .bind(i64::from(player.is_bot))
    .bind(now)
    .execute(&mut *tx)
    .await
    .doing(outage, "saving a player")?;
    Ok(())
}
