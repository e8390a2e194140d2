//! Owed messages whose delivery failed (see migration `delivery_failures`):
//! given up for good, or waiting for a retry. The delivery loop's listings
//! (`store::delivery`) skip them.

use super::{Doing, Result, Store};
use crate::posts::DeliveryFailure;

/// What an owed message is: a game's board (or result), or the message of
/// a challenge never shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwedKind {
    Board,
    Challenge,
}

impl OwedKind {
    fn key(self) -> &'static str {
        match self {
            OwedKind::Board => "board",
            OwedKind::Challenge => "challenge",
        }
    }
}

/// One owed message in one state: a game's board at a ply, finished or
/// not (a challenge's message has one state, ply 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwedState {
    pub kind: OwedKind,
    pub item_id: i64,
    pub ply: i64,
    pub finished: bool,
}

impl Store {
    /// What the latest failed delivery of `state` led to, if one failed.
    pub async fn delivery_failure(&self, state: &OwedState) -> Result<Option<DeliveryFailure>> {
        let row: Option<(i64, i64, i64, i64)> = sqlx::query_as(
            "SELECT attempts, failed_at, next_attempt_at, given_up FROM delivery_failures
             WHERE kind = $1 AND item_id = $2 AND ply = $3 AND finished = $4",
        )
        .bind(state.kind.key())
        .bind(state.item_id)
        .bind(state.ply)
        .bind(i64::from(state.finished))
        .fetch_optional(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading failed deliveries")?;
        Ok(
            row.map(|(attempts, failed_at, next_attempt_at, given_up)| DeliveryFailure {
                attempts,
                failed_at,
                next_attempt_at,
                given_up: given_up != 0,
            }),
        )
    }

    /// Records that delivering `state` failed; it replaces what was recorded
    /// of an earlier state of the same item.
    pub async fn delivery_failed(&self, state: &OwedState, failure: &DeliveryFailure) -> Result<()> {
        sqlx::query(
            "INSERT INTO delivery_failures (kind, item_id, ply, finished, attempts, failed_at, next_attempt_at, given_up)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (kind, item_id) DO UPDATE SET ply = excluded.ply, finished = excluded.finished,
                 attempts = excluded.attempts, failed_at = excluded.failed_at,
                 next_attempt_at = excluded.next_attempt_at, given_up = excluded.given_up",
        )
        .bind(state.kind.key())
        .bind(state.item_id)
        .bind(state.ply)
        .bind(i64::from(state.finished))
        .bind(failure.attempts)
        .bind(failure.failed_at)
        .bind(failure.next_attempt_at)
        .bind(i64::from(failure.given_up))
        .execute(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "recording a failed delivery")?;
        Ok(())
    }

    /// Forgets the failures of `item_id`'s message: it was delivered.
    pub async fn delivery_succeeded(&self, kind: OwedKind, item_id: i64) -> Result<()> {
        sqlx::query("DELETE FROM delivery_failures WHERE kind = $1 AND item_id = $2")
            .bind(kind.key())
            .bind(item_id)
            .execute(&mut *self.writer().await?)
            .await
            .doing(&self.outage, "forgetting failed deliveries")?;
        Ok(())
    }
}
