//! What falls due with time: reminders, timeouts, expiring challenges, and
//! the notices (an outbox) that tell the players, plus player settings.
//! Each claim is one conditional write, so overlapping ticks never take the
//! same event twice, and each notice is written in the same transaction as
//! the change it reports.

use sqlx::{AnyConnection, FromRow};

use super::backend::OptionalSnowflake;
use super::outage::Outage;
use super::{to_db, Doing, Flag, GameUpdate, Result, Store, Written, CHALLENGE_COLUMNS};

/// A message the scheduler owes the players.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct Notice {
    pub id: i64,
    /// `reminder`, `timeout`, `challenge_expired`, `vacation` or
    /// `vacation_over`.
    pub kind: String,
    pub game_id: Option<i64>,
    pub challenge_id: Option<i64>,
    pub ply: Option<i64>,
    pub due_at: i64,
    /// The player on vacation, for its notices.
    #[sqlx(try_from = "OptionalSnowflake")]
    pub user_id: Option<u64>,
}

/// A player's preferences.
#[derive(Debug, Clone, Default, PartialEq, Eq, FromRow)]
pub struct SettingsRow {
    #[sqlx(try_from = "Flag")]
    pub dm_reminders: bool,
    pub default_seconds_per_move: Option<i64>,
}

impl Store {
    /// Ongoing games whose player to move has run out of time at `now`,
    /// oldest deadline first, by id.
    pub async fn games_out_of_time(&self, now: i64) -> Result<Vec<i64>> {
        sqlx::query_scalar(
            "SELECT id FROM games WHERE status = 'ongoing' AND deadline IS NOT NULL AND deadline <= $1
             ORDER BY deadline, id",
        )
        .bind(now)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "finding games out of time")
    }

    /// Ongoing games whose player to move has run out of live-clock time
    /// at `now_ms`, oldest deadline first, by id.
    pub async fn games_out_of_live_time(&self, now_ms: i64) -> Result<Vec<i64>> {
        sqlx::query_scalar(
            "SELECT id FROM games WHERE status = 'ongoing' AND live_deadline_ms IS NOT NULL
             AND live_deadline_ms <= $1 ORDER BY live_deadline_ms, id",
        )
        .bind(now_ms)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "finding games out of live-clock time")
    }

    /// The earliest live-clock deadline of an ongoing game, in
    /// milliseconds: one indexed lookup, cheap enough to ask every second.
    pub async fn earliest_live_deadline(&self) -> Result<Option<i64>> {
        sqlx::query_scalar(
            "SELECT live_deadline_ms FROM games WHERE status = 'ongoing' AND live_deadline_ms IS NOT NULL
             ORDER BY live_deadline_ms LIMIT 1",
        )
        .fetch_optional(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "finding the earliest live-clock deadline")
    }

    /// Ends a game on time, only if it is still ongoing at `expected_ply`
    /// (a move made in time wins the race), and queues its notice.
    pub async fn time_out(&self, game_id: i64, expected_ply: i64, update: &GameUpdate, due_at: i64) -> Result<Written> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting a timeout")?;
        if self.finish_in(&mut tx, game_id, expected_ply, update).await? == Written::Conflict {
            return Ok(Written::Conflict);
        }
        sqlx::query("INSERT INTO notices (kind, game_id, ply, due_at, created_at) VALUES ('timeout', $1, $2, $3, $4)")
            .bind(game_id)
            .bind(expected_ply)
            .bind(due_at)
            .bind(update.now)
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "queueing a timeout notice")?;
        tx.commit().await.doing(&self.outage, "committing a timeout")?;
        self.games.forget(game_id);
        Ok(Written::Yes)
    }

    /// Marks every challenge pending past its expiry as expired and queues
    /// a notice for each. Returns how many expired.
    pub async fn expire_challenges(&self, now: i64) -> Result<usize> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to expire challenges")?;
        let expired: Vec<(i64, i64)> = sqlx::query_as(
            "UPDATE challenges SET status = 'expired', closed_at = $1
             WHERE status = 'pending' AND expires_at <= $1 RETURNING id, expires_at",
        )
        .bind(now)
        .fetch_all(&mut *tx)
        .await
        .doing(&self.outage, "expiring challenges")?;
        for &(challenge_id, expires_at) in &expired {
            sqlx::query(
                "INSERT INTO notices (kind, challenge_id, due_at, created_at) VALUES ('challenge_expired', $1, $2, $3)",
            )
            .bind(challenge_id)
            .bind(expires_at)
            .bind(now)
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "queueing an expiry notice")?;
        }
        tx.commit().await.doing(&self.outage, "committing expired challenges")?;
        Ok(expired.len())
    }

    /// Notices not yet sent, oldest event first.
    pub async fn unsent_notices(&self) -> Result<Vec<Notice>> {
        sqlx::query_as(
            "SELECT id, kind, game_id, challenge_id, ply, due_at, user_id FROM notices WHERE sent_at IS NULL
             ORDER BY due_at, id",
        )
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading unsent notices")
    }

    /// Whether notice `id` is still to send: read on the writer, so that
    /// a mark committed by another process just before is seen.
    pub async fn notice_unsent(&self, id: i64) -> Result<bool> {
        let unsent: Option<i64> = sqlx::query_scalar("SELECT id FROM notices WHERE id = $1 AND sent_at IS NULL")
            .bind(id)
            .fetch_optional(&mut *self.writer().await?)
            .await
            .doing(&self.outage, "reading whether a notice is sent")?;
        Ok(unsent.is_some())
    }

    pub async fn mark_notice_sent(&self, id: i64, now: i64) -> Result<()> {
        sqlx::query("UPDATE notices SET sent_at = $2 WHERE id = $1")
            .bind(id)
            .bind(now)
            .execute(&mut *self.writer().await?)
            .await
            .doing(&self.outage, "marking a notice sent")?;
        Ok(())
    }

    /// Remembers the message showing a challenge, to update it on expiry.
    pub async fn set_challenge_message(&self, challenge_id: i64, channel_id: u64, message_id: u64) -> Result<()> {
        sqlx::query("UPDATE challenges SET message_channel_id = $2, message_id = $3 WHERE id = $1")
            .bind(challenge_id)
            .bind(to_db(channel_id))
            .bind(to_db(message_id))
            .execute(&mut *self.writer().await?)
            .await
            .doing(&self.outage, "saving a challenge message")?;
        Ok(())
    }

    /// The challenge that a rematch of `game_id` already created, if pending.
    pub async fn pending_rematch(&self, game_id: i64, now: i64) -> Result<Option<super::ChallengeRow>> {
        sqlx::query_as(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE rematch_of = $1 AND status = 'pending' AND expires_at > $2"
        ))
        .bind(game_id)
        .bind(now)
        .fetch_optional(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "looking for a rematch")
    }

    pub async fn settings(&self, user_id: u64) -> Result<SettingsRow> {
        let row: Option<SettingsRow> =
            sqlx::query_as("SELECT dm_reminders, default_seconds_per_move FROM player_settings WHERE user_id = $1")
                .bind(to_db(user_id))
                .fetch_optional(&mut *self.reader().await?)
                .await
                .doing(&self.outage, "reading settings")?;
        Ok(row.unwrap_or_default())
    }
}

/// Changes what is given of a player's preferences, keeps the rest (a
/// player never seen before starts from the defaults), in `tx`.
pub(super) async fn change_player_settings(
    outage: &Outage,
    tx: &mut AnyConnection,
    user_id: u64,
    dm_reminders: Option<bool>,
    default_seconds_per_move: Option<i64>,
) -> Result<()> {
    let defaults = SettingsRow::default();
    sqlx::query(
        "INSERT INTO player_settings (user_id, dm_reminders, default_seconds_per_move)
         VALUES ($1, COALESCE($2, $4), $3)
         ON CONFLICT (user_id) DO UPDATE SET
         dm_reminders = COALESCE($2, player_settings.dm_reminders),
         default_seconds_per_move = COALESCE($3, player_settings.default_seconds_per_move)",
    )
    .bind(to_db(user_id))
    .bind(dm_reminders.map(i64::from))
    .bind(default_seconds_per_move)
    .bind(i64::from(defaults.dm_reminders))
    .execute(&mut *tx)
    .await
    .doing(outage, "saving settings")?;
    Ok(())
}
