//! A server's choice of how long without a rated game leaves a player off
//! its leaderboard.

use sqlx::AnyConnection;

use super::outage::Outage;
use super::{to_db, Doing, Result, Store};

impl Store {
    /// Days without a rated game after which `guild_id`'s leaderboard leaves
    /// a player off; 0: no one is left off.
    pub async fn leaderboard_inactive_days(&self, guild_id: u64) -> Result<i64> {
        let days: Option<i64> =
            sqlx::query_scalar("SELECT inactive_days FROM guild_leaderboard_settings WHERE guild_id = $1")
                .bind(to_db(guild_id))
                .fetch_optional(&mut *self.reader().await?)
                .await
                .doing(&self.outage, "reading a server's leaderboard settings")?;
        Ok(days.unwrap_or(0))
    }
}

/// `guild_id`'s leaderboard leaves off players without a rated game in the
/// last `days` days (0: no one), in `tx`.
pub(super) async fn set_leaderboard_inactive_days(
    outage: &Outage,
    tx: &mut AnyConnection,
    guild_id: u64,
    days: i64,
    now: i64,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO guild_leaderboard_settings (guild_id, inactive_days, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (guild_id) DO UPDATE SET inactive_days = excluded.inactive_days,
         updated_at = excluded.updated_at",
    )
    .bind(to_db(guild_id))
    .bind(days)
    .bind(now)
    .execute(&mut *tx)
    .await
    .doing(outage, "changing a server's leaderboard settings")?;
    Ok(())
}
