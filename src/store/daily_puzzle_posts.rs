//! Where and when each server's puzzle of the day is posted (`/akon
//! settings daily_puzzle_channel`, `daily_puzzle_hour`, `daily_puzzle`),
//! and each day's post once settled, so that it is posted once, then
//! edited as answers come in.

use sqlx::{AnyConnection, FromRow};

use super::outage::Outage;
use super::{from_db, to_db, Doing, Result, Store};
use crate::calendar::Day;
use crate::posts::{DailyPost, DailyPostSettled, DailySetting, DEFAULT_DAILY_HOUR};

#[derive(FromRow)]
struct PostRow {
    guild_id: i64,
    day: i64,
    channel_id: i64,
    message_id: i64,
    answers_shown: i64,
}

impl Store {
    /// `guild_id`'s daily puzzle setting, if it ever chose a channel.
    pub async fn daily_setting(&self, guild_id: u64) -> Result<Option<DailySetting>> {
        let row: Option<(i64, i64, i64)> =
            sqlx::query_as("SELECT channel_id, hour, enabled FROM guild_daily_puzzles WHERE guild_id = $1")
                .bind(to_db(guild_id))
                .fetch_optional(&mut *self.reader().await?)
                .await
                .doing(&self.outage, "reading a server's daily puzzle")?;
        Ok(row.map(|(channel, hour, enabled)| DailySetting {
            channel_id: from_db(channel),
            hour: hour.clamp(0, 23) as u8,
            enabled: enabled != 0,
        }))
    }

    /// The servers owed `day`'s post at `now`, with their channels: on,
    /// their hour come, unchanged since it came, and the post not settled.
    pub async fn daily_posts_owed(&self, day: Day, now: i64) -> Result<Vec<(u64, u64)>> {
        let rows: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT d.guild_id, d.channel_id FROM guild_daily_puzzles d
             WHERE d.enabled = 1 AND $1 + d.hour * 3600 <= $2 AND d.changed_at <= $1 + d.hour * 3600
             AND NOT EXISTS (SELECT 1 FROM daily_puzzle_posts p WHERE p.guild_id = d.guild_id AND p.day = $3)
             ORDER BY d.guild_id",
        )
        .bind(day.start())
        .bind(now)
        .bind(day.0)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "listing the daily puzzles owed")?;
        Ok(rows.into_iter().map(|(g, c)| (from_db(g), from_db(c))).collect())
    }

    /// Whether `guild_id`'s post of `day` is settled.
    pub async fn daily_post_settled(&self, guild_id: u64, day: Day) -> Result<bool> {
        let settled: Option<i64> =
            sqlx::query_scalar("SELECT 1 FROM daily_puzzle_posts WHERE guild_id = $1 AND day = $2")
                .bind(to_db(guild_id))
                .bind(day.0)
                .fetch_optional(&mut *self.reader().await?)
                .await
                .doing(&self.outage, "reading whether a daily puzzle is settled")?;
        Ok(settled.is_some())
    }

    /// Records how `guild_id`'s post of `day` was settled; a second
    /// record of the same post changes nothing.
    pub async fn settle_daily_post(
        &self,
        (guild_id, day, channel_id): (u64, Day, u64),
        settled: DailyPostSettled,
        now: i64,
    ) -> Result<()> {
        let (state, message, answers) = match settled {
            DailyPostSettled::Posted { message, answers } => ("posted", Some(to_db(message)), answers),
            DailyPostSettled::GivenUp => ("given_up", None, 0),
            DailyPostSettled::NoPuzzle => ("no_puzzle", None, 0),
        };
        sqlx::query(
            "INSERT INTO daily_puzzle_posts (guild_id, day, channel_id, state, message_id, answers_shown, settled_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (guild_id, day) DO NOTHING",
        )
        .bind(to_db(guild_id))
        .bind(day.0)
        .bind(to_db(channel_id))
        .bind(state)
        .bind(message)
        .bind(answers)
        .bind(now)
        .execute(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "settling a day's puzzle post")?;
        Ok(())
    }

    /// `guild_id`'s message of `day` can no longer be edited (deleted, or
    /// the channel refuses): it is edited no more.
    pub async fn daily_post_gone(&self, guild_id: u64, day: Day) -> Result<()> {
        sqlx::query("UPDATE daily_puzzle_posts SET state = 'given_up' WHERE guild_id = $1 AND day = $2")
            .bind(to_db(guild_id))
            .bind(day.0)
            .execute(&mut *self.writer().await?)
            .await
            .doing(&self.outage, "giving up a daily puzzle message")?;
        Ok(())
    }

    /// The posts of day `since` or later whose answers shown lag behind
    /// the answers given from their server.
    pub async fn daily_posts_lagging(&self, since: Day) -> Result<Vec<DailyPost>> {
        let rows: Vec<PostRow> = sqlx::query_as(
            "SELECT p.guild_id, p.day, p.channel_id, p.message_id, p.answers_shown FROM daily_puzzle_posts p
             WHERE p.state = 'posted' AND p.day >= $1 AND p.answers_shown <>
             (SELECT COUNT(*) FROM daily_puzzle_answers a WHERE a.guild_id = p.guild_id AND a.day = p.day)
             ORDER BY p.guild_id, p.day",
        )
        .bind(since.0)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "listing the daily puzzle messages to edit")?;
        Ok(rows
            .into_iter()
            .map(|row| DailyPost {
                guild_id: from_db(row.guild_id),
                day: Day(row.day),
                channel_id: from_db(row.channel_id),
                message_id: from_db(row.message_id),
                answers_shown: row.answers_shown,
            })
            .collect())
    }

    /// `guild_id`'s message of `day` shows `answers` answers now.
    pub async fn daily_answers_shown(&self, guild_id: u64, day: Day, answers: i64) -> Result<()> {
        sqlx::query("UPDATE daily_puzzle_posts SET answers_shown = $3 WHERE guild_id = $1 AND day = $2")
            .bind(to_db(guild_id))
            .bind(day.0)
            .bind(answers)
            .execute(&mut *self.writer().await?)
            .await
            .doing(&self.outage, "recording a daily puzzle message edited")?;
        Ok(())
    }
}

/// `guild_id`'s puzzle of the day goes to `channel_id` from now on,
/// and is on (at the hour chosen before, or the default).
pub(super) async fn set_daily_channel(
    outage: &Outage,
    tx: &mut AnyConnection,
    guild_id: u64,
    channel_id: u64,
    now: i64,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO guild_daily_puzzles (guild_id, channel_id, hour, enabled, channel_chosen_at, changed_at)
         VALUES ($1, $2, $3, 1, $4, $4)
         ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id, enabled = 1,
         channel_chosen_at = excluded.channel_chosen_at, changed_at = excluded.changed_at",
    )
    .bind(to_db(guild_id))
    .bind(to_db(channel_id))
    .bind(i64::from(DEFAULT_DAILY_HOUR))
    .bind(now)
    .execute(&mut *tx)
    .await
    .doing(outage, "choosing a server's daily puzzle channel")?;
    Ok(())
}

/// Changes the hour, or turns it on or off: `false` if the server
/// never chose a channel (nothing changed).
pub(super) async fn change_daily_setting(
    outage: &Outage,
    tx: &mut AnyConnection,
    guild_id: u64,
    hour: Option<u8>,
    enabled: Option<bool>,
    now: i64,
) -> Result<bool> {
    let changed = sqlx::query(
        "UPDATE guild_daily_puzzles SET hour = COALESCE($2, hour), enabled = COALESCE($3, enabled),
         changed_at = $4 WHERE guild_id = $1",
    )
    .bind(to_db(guild_id))
    .bind(hour.map(i64::from))
    .bind(enabled.map(i64::from))
    .bind(now)
    .execute(&mut *tx)
    .await
    .doing(outage, "changing a server's daily puzzle")?;
    Ok(changed.rows_affected() == 1)
}
