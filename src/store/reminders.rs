//! Reminders as they fall due: each game's next moment to look at is
//! `games.reminder_at`; taking it is one conditional write that moves it to
//! the next moment and queues the notice if one is owed, in one
//! transaction, so two processes or a restart never remind twice.

use super::{Doing, Result, Store, Written};

/// One reminder moment taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReminderTaken {
    pub game_id: i64,
    pub ply: i64,
    /// The moment taken, as stored in `reminder_at`.
    pub due: i64,
    /// The next moment to look at, if any.
    pub next: Option<i64>,
    /// Whether a reminder is owed now; the notice's `due_at` is the deadline.
    pub owed: bool,
    pub deadline: i64,
    pub now: i64,
}

impl Store {
    /// Ongoing games whose reminder moment came at `now`, oldest first: their
    /// ids, the service reading each game by itself so that one it cannot
    /// read holds back no other.
    pub async fn games_with_due_reminders(&self, now: i64) -> Result<Vec<i64>> {
        sqlx::query_scalar(
            "SELECT id FROM games
             WHERE status = 'ongoing' AND reminder_at IS NOT NULL AND reminder_at <= $1
             ORDER BY reminder_at, id",
        )
        .bind(now)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "finding due reminders")
    }

    /// Takes a reminder moment if the game is still at it: `Conflict` (and
    /// nothing written) if someone took it first or the player moved.
    pub async fn take_reminder(&self, taken: &ReminderTaken) -> Result<Written> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to take a reminder")?;
        let moved = sqlx::query(
            "UPDATE games SET reminder_at = $4
             WHERE id = $1 AND ply = $2 AND reminder_at = $3 AND status = 'ongoing'",
        )
        .bind(taken.game_id)
        .bind(taken.ply)
        .bind(taken.due)
        .bind(taken.next)
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "taking a reminder")?;
        if moved.rows_affected() == 0 {
            return Ok(Written::Conflict);
        }
        if taken.owed {
            sqlx::query(
                "INSERT INTO notices (kind, game_id, ply, due_at, created_at) VALUES ('reminder', $1, $2, $3, $4)",
            )
            .bind(taken.game_id)
            .bind(taken.ply)
            .bind(taken.deadline)
            .bind(taken.now)
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "queueing a reminder")?;
        }
        tx.commit().await.doing(&self.outage, "committing a reminder")?;
        self.games.forget(taken.game_id);
        Ok(Written::Yes)
    }

    /// How often the player is reminded, as stored (`once` by default).
    pub async fn reminder_pace(&self, user_id: u64) -> Result<String> {
        let pace: Option<String> = sqlx::query_scalar("SELECT reminders FROM player_settings WHERE user_id = $1")
            .bind(super::to_db(user_id))
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "reading how often a player is reminded")?;
        Ok(pace.unwrap_or_else(|| "once".to_string()))
    }
}

/// Changes how often the player is reminded, in `tx` (their settings' row
/// exists: `change_player_settings` wrote it first).
pub(super) async fn change_reminder_pace(
    outage: &super::outage::Outage,
    tx: &mut sqlx::AnyConnection,
    user_id: u64,
    pace: &str,
) -> Result<()> {
    sqlx::query("UPDATE player_settings SET reminders = $2 WHERE user_id = $1")
        .bind(super::to_db(user_id))
        .bind(pace)
        .execute(&mut *tx)
        .await
        .doing(outage, "saving how often a player is reminded")?;
    Ok(())
}
