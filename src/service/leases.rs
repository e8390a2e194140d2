//! Work that no gateway event ties to one process — sending a notice,
//! settling what a game owes its channel, posting a challenge never shown,
//! a computer move left waiting at a restart — is done by whichever process
//! holds the item's lease (see `store::LeaseKind`). The service takes the
//! lease where it hands out such work and releases it when told the work is
//! done, or, for a game's delivery, when the [`Lease`] handed out with the
//! work is dropped; a process that dies holds its leases [`LEASE_SECS`] at
//! most, and a process that starts again under the same name (the same
//! shards) takes them back at once.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use super::{Result, Service};
use crate::store::{LeaseKind, Store};

/// How long a lease lasts without being renewed: the longest a dead
/// process's work waits before another process takes it. Longer than any
/// one piece of work (a Discord request with serenity's retries, a
/// computer search).
pub const LEASE_SECS: i64 = 30;

/// A lease this process holds, released when the work it covers ends,
/// however it ends: [`Lease::release`] when done, or dropping it (an early
/// return, an error, a panic). A drop cannot wait for the database, so it
/// releases in a task of its own. Either way the item is free for the next
/// pass of any process at once, instead of after [`LEASE_SECS`].
#[derive(Debug)]
#[must_use = "the lease is released as soon as this is dropped"]
pub struct Lease {
    store: Store,
    kind: LeaseKind,
    item_id: i64,
    held: bool,
    in_process: Held,
}

/// The leases held through a [`Lease`] by the tasks of this process. The
/// database knows only which process holds a lease, and gives it again to
/// the process that holds it (a renewal), so two tasks of one process —
/// a handler and the scheduler's pass — would both be handed the same
/// work; this set hands it to one of them. An item leaves the set only
/// once its lease is released in the database, so that no other task of
/// the process takes the lease that release is about to delete.
#[derive(Debug, Clone, Default)]
pub(super) struct Held(Arc<Mutex<HashSet<(LeaseKind, i64)>>>);

impl Held {
    /// Claims `(kind, item_id)` for one task: `false` if another task of
    /// this process holds it.
    fn claim(&self, kind: LeaseKind, item_id: i64) -> bool {
        self.lock().insert((kind, item_id))
    }

    fn forget(&self, kind: LeaseKind, item_id: i64) {
        self.lock().remove(&(kind, item_id));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashSet<(LeaseKind, i64)>> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Lease {
    /// Releases the lease now.
    pub async fn release(mut self) -> Result<()> {
        self.held = false;
        let released = self.store.release_lease(self.kind, self.item_id).await;
        self.in_process.forget(self.kind, self.item_id);
        Ok(released?)
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if !self.held {
            return;
        }
        let (store, kind, item_id) = (self.store.clone(), self.kind, self.item_id);
        let in_process = self.in_process.clone();
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                runtime.spawn(async move {
                    if let Err(error) = store.release_lease(kind, item_id).await {
                        tracing::warn!(%error, ?kind, item_id, "could not release a lease; it expires by itself");
                    }
                    in_process.forget(kind, item_id);
                });
            }
            Err(_) => {
                in_process.forget(kind, item_id);
                tracing::warn!(?kind, item_id, "a lease outlived its runtime; it expires by itself");
            }
        }
    }
}

impl Service {
    /// Takes this process's lease on an item, released when the returned
    /// guard goes: `None` while another process holds it, or another task
    /// of this process.
    pub(super) async fn lease_guard(&self, kind: LeaseKind, item_id: i64) -> Result<Option<Lease>> {
        if !self.held_leases.claim(kind, item_id) {
            return Ok(None);
        }
        match self.lease(kind, item_id).await {
            Ok(true) => Ok(Some(Lease {
                store: self.store.clone(),
                kind,
                item_id,
                held: true,
                in_process: self.held_leases.clone(),
            })),
            taken_elsewhere_or_failed => {
                self.held_leases.forget(kind, item_id);
                taken_elsewhere_or_failed.map(|_| None)
            }
        }
    }

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

    /// The computer's move in a game that [`Service::games_awaiting_computer`]
    /// handed out is played (or given up for now).
    pub async fn computer_move_caught_up(&self, game_id: i64) -> Result<()> {
        Ok(self.store.release_lease(LeaseKind::ComputerMove, game_id).await?)
    }
}
