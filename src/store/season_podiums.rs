//! The month's podium each server chose a channel for: the channel, and
//! each month's podium once settled, so that it is posted once.

use sqlx::AnyConnection;

use super::outage::Outage;
use super::{from_db, to_db, Doing, Result, Store};
use crate::calendar::Month;
use crate::posts::PodiumSettled;

impl Store {
    /// The channel `guild_id`'s podiums go to, if it chose one.
    pub async fn season_channel(&self, guild_id: u64) -> Result<Option<u64>> {
        let channel: Option<i64> =
            sqlx::query_scalar("SELECT channel_id FROM guild_season_channels WHERE guild_id = $1")
                .bind(to_db(guild_id))
                .fetch_optional(&mut *self.reader().await?)
                .await
                .doing(&self.outage, "reading a server's season channel")?;
        Ok(channel.map(from_db))
    }

    /// The servers owed `month`'s podium, with their channels: those that
    /// chose a channel before `chosen_before` and whose podium of `month`
    /// is not settled. A server that chose no season channel has its
    /// podium in its puzzle of the day's channel, while that is on.
    pub async fn podiums_owed(&self, month: Month, chosen_before: i64) -> Result<Vec<(u64, u64)>> {
        let rows: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT c.guild_id, c.channel_id FROM (
                 SELECT guild_id, channel_id, chosen_at FROM guild_season_channels
                 UNION ALL
                 SELECT d.guild_id, d.channel_id, d.channel_chosen_at FROM guild_daily_puzzles d
                 WHERE d.enabled = 1 AND NOT EXISTS (SELECT 1 FROM guild_season_channels s WHERE s.guild_id = d.guild_id)
             ) c
             WHERE c.chosen_at < $2
             AND NOT EXISTS (SELECT 1 FROM season_podiums p WHERE p.guild_id = c.guild_id AND p.month = $1)
             ORDER BY c.guild_id",
        )
        .bind(month.key())
        .bind(chosen_before)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "listing the podiums owed")?;
        Ok(rows.into_iter().map(|(g, c)| (from_db(g), from_db(c))).collect())
    }

    /// Whether `guild_id`'s podium of `month` is settled.
    pub async fn podium_settled(&self, guild_id: u64, month: Month) -> Result<bool> {
        let settled: Option<i64> =
            sqlx::query_scalar("SELECT 1 FROM season_podiums WHERE guild_id = $1 AND month = $2")
                .bind(to_db(guild_id))
                .bind(month.key())
                .fetch_optional(&mut *self.reader().await?)
                .await
                .doing(&self.outage, "reading whether a podium is settled")?;
        Ok(settled.is_some())
    }

    /// Records how `guild_id`'s podium of `month` was settled; a second
    /// record of the same podium changes nothing.
    pub async fn settle_podium(
        &self,
        guild_id: u64,
        month: Month,
        channel_id: u64,
        settled: PodiumSettled,
        now: i64,
    ) -> Result<()> {
        let (state, message) = match settled {
            PodiumSettled::Posted(message) => ("posted", Some(to_db(message))),
            PodiumSettled::GivenUp => ("given_up", None),
            PodiumSettled::Empty => ("empty", None),
        };
        sqlx::query(
            "INSERT INTO season_podiums (guild_id, month, channel_id, state, message_id, settled_at)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (guild_id, month) DO NOTHING",
        )
        .bind(to_db(guild_id))
        .bind(month.key())
        .bind(to_db(channel_id))
        .bind(state)
        .bind(message)
        .bind(now)
        .execute(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "settling a month's podium")?;
        Ok(())
    }
}

/// `guild_id`'s podiums go to `channel_id` from now on.
pub(super) async fn set_season_channel(
    outage: &Outage,
    tx: &mut AnyConnection,
    guild_id: u64,
    channel_id: u64,
    now: i64,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO guild_season_channels (guild_id, channel_id, chosen_at) VALUES ($1, $2, $3)
         ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id, chosen_at = excluded.chosen_at",
    )
    .bind(to_db(guild_id))
    .bind(to_db(channel_id))
    .bind(now)
    .execute(&mut *tx)
    .await
    .doing(outage, "choosing a server's season channel")?;
    Ok(())
}
