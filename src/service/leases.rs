//! Work that no gateway event ties to one process — sending a notice,
//! settling what a game owes its channel, posting a challenge never shown,
//! a computer move left waiting at a restart — is done by whichever process
//! holds the item's lease (see `store::LeaseKind`). The service takes the
//! lease where it hands out such work and releases it when told the work is
//! done; a process that dies holds its leases [`LEASE_SECS`] at most.

use super::{Result, Service};
use crate::store::LeaseKind;

/// How long a lease lasts without being renewed: the longest a dead
/// process's work waits before another process takes it. Longer than any
/// one piece of work (a Discord request with serenity's retries, a
/// computer search).
pub const LEASE_SECS: i64 = 30;

impl Service {
    /// Takes (or renews) this process's lease on an item: `false` while
    /// another process holds it.
    pub(super) async fn lease(&self, kind: LeaseKind, item_id: i64) -> Result<bool> {
        let now = self.now();
        Ok(self.store.take_lease(kind, item_id, now, now + LEASE_SECS).await?)
    }

    /// Whether this process may post challenge `challenge_id`'s message,
    /// never posted: `false` while another process is at it.
    pub async fn claim_challenge_post(&self, challenge_id: i64) -> Result<bool> {
        self.lease(LeaseKind::Challenge, challenge_id).await
    }

    /// The message of a challenge claimed with
    /// [`Service::claim_challenge_post`] is posted (or given up for now).
    pub async fn challenge_post_settled(&self, challenge_id: i64) -> Result<()> {
        Ok(self.store.release_lease(LeaseKind::Challenge, challenge_id).await?)
    }

    /// What [`Service::delivery`] handed out is delivered (or given up for
    /// now).
    pub async fn delivery_settled(&self, game_id: i64) -> Result<()> {
        Ok(self.store.release_lease(LeaseKind::Delivery, game_id).await?)
    }

    /// The computer's move in a game that [`Service::games_awaiting_computer`]
    /// handed out is played (or given up for now).
    pub async fn computer_move_caught_up(&self, game_id: i64) -> Result<()> {
        Ok(self.store.release_lease(LeaseKind::ComputerMove, game_id).await?)
    }
}
