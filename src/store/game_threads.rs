//! A thread per game: a server's choice, and the challenge message a
//! game's thread starts from.

use sqlx::AnyConnection;

use super::outage::Outage;
use super::{from_db, to_db, Doing, Result, Store};

impl Store {
    /// Whether `guild_id`'s games each get a thread (off unless chosen).
    pub async fn game_threads(&self, guild_id: u64) -> Result<bool> {
        let enabled: Option<i64> = sqlx::query_scalar("SELECT enabled FROM guild_game_threads WHERE guild_id = $1")
            .bind(to_db(guild_id))
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "reading a server's game threads setting")?;
        Ok(enabled == Some(1))
    }

    /// The message (channel, message) of the challenge `game_id` came
    /// from, if it was recorded.
    pub async fn challenge_message_of_game(&self, game_id: i64) -> Result<Option<(u64, u64)>> {
        let row: Option<(Option<i64>, Option<i64>)> =
            sqlx::query_as("SELECT message_channel_id, message_id FROM challenges WHERE game_id = $1")
                .bind(game_id)
                .fetch_optional(&mut *self.reader().await?)
                .await
                .doing(&self.outage, "reading the challenge a game came from")?;
        Ok(match row {
            Some((Some(channel), Some(message))) => Some((from_db(channel), from_db(message))),
            _ => None,
        })
    }
}

/// Turns `guild_id`'s game threads on or off, in `tx`.
pub(super) async fn set_game_threads(
    outage: &Outage,
    tx: &mut AnyConnection,
    guild_id: u64,
    enabled: bool,
    now: i64,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO guild_game_threads (guild_id, enabled, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (guild_id) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at",
    )
    .bind(to_db(guild_id))
    .bind(i64::from(enabled))
    .bind(now)
    .execute(&mut *tx)
    .await
    .doing(outage, "changing a server's game threads setting")?;
    Ok(())
}
