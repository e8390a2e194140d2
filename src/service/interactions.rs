//! Exactly once, whoever answers: an interaction received over HTTP is
//! claimed by its id before it is handled, and its first answer kept, so
//! that a copy (the load balancer retrying it on another process after
//! the first died or hung up) is answered the same without being applied
//! again. A claim left without an answer by a process that died is taken
//! over after [`CLAIM_TAKEOVER_MS`]; the handler then meets what the dead
//! process committed (a move already played by that very press is answered
//! as played, with its board: see `Service::play`), so nothing is applied
//! twice.
//!
//! Claims are timed by the system clock, not the service's: they measure
//! how long a request has waited, which a game's clock has no say in.

use std::time::{SystemTime, UNIX_EPOCH};

use super::{Result, Service};
pub use crate::claims::InteractionClaim;
pub use crate::store::OneCommit;

/// How long a claim without an answer stands: well over the time a
/// handler takes to answer (it defers what is slow), well under the 3 s
/// Discord waits, so that a retry still answers in time.
pub const CLAIM_TAKEOVER_MS: i64 = 1_000;

/// How long answers are kept: Discord's interaction tokens last 15
/// minutes, after which no copy can come.
pub const ANSWERS_KEPT_MS: i64 = 60 * 60 * 1000;

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Discord's ids are below 2^63, as the database keeps them.
fn key(id: u64) -> i64 {
    i64::try_from(id).unwrap_or(i64::MAX)
}

impl Service {
    /// Claims interaction `id` for this process, or finds its answer, or
    /// finds it being handled by another process.
    pub async fn claim_interaction(&self, id: u64) -> Result<InteractionClaim> {
        let now = now_ms();
        Ok(self
            .store
            .claim_interaction(key(id), now, now - CLAIM_TAKEOVER_MS)
            .await?)
    }

    /// A transaction for everything a press writes until it is answered:
    /// its claim, what its handler writes, and its answer, made durable
    /// together by [`Service::keep_answer_and_commit`] (see
    /// `store::OneCommit`). Statements run within
    /// [`OneCommit::scope`] go to it.
    pub async fn one_commit(&self) -> Result<OneCommit> {
        Ok(self.store.one_commit().await?)
    }

    /// Keeps the first answer to interaction `id` and commits `press`,
    /// with everything written within it, before the answer is sent.
    pub async fn keep_answer_and_commit(
        &self,
        id: u64,
        content_type: &str,
        body: &[u8],
        press: &OneCommit,
    ) -> Result<()> {
        self.record_interaction_answer(id, content_type, body).await?;
        Ok(press.commit(&self.store).await?)
    }

    /// Keeps the first answer to interaction `id`, before it is sent.
    pub async fn record_interaction_answer(&self, id: u64, content_type: &str, body: &[u8]) -> Result<()> {
        Ok(self
            .store
            .record_interaction_answer(key(id), content_type, body)
            .await?)
    }

    /// The answer kept for interaction `id`, if it was answered (content
    /// type, body), without claiming it: for a copy that cannot be
    /// handled now, which may still be answered as its first was.
    pub async fn kept_interaction_answer(&self, id: u64) -> Result<Option<(String, Vec<u8>)>> {
        Ok(self.store.kept_interaction_answer(key(id)).await?)
    }

    /// Gives up the claim on an interaction that got no answer.
    pub async fn release_interaction(&self, id: u64) -> Result<()> {
        Ok(self.store.release_interaction(key(id)).await?)
    }

    /// Forgets answers no copy can ask for any more; how many.
    pub async fn forget_old_interactions(&self) -> Result<u64> {
        Ok(self.store.forget_interactions(now_ms() - ANSWERS_KEPT_MS).await?)
    }
}
