//! Interactions received over HTTP (see migration `interaction_answers`):
//! claimed by one process at a time, then their first answer kept, so
//! that a copy of an interaction (a retry by the load balancer, on any
//! process) is answered the same and applied once.

use super::{Doing, Result, Store};
use crate::claims::InteractionClaim;

/// PostgreSQL's `lock_not_available`: a lock wait passed `lock_timeout`.
const LOCK_NOT_AVAILABLE: &str = "55P03";

impl Store {
    /// Claims interaction `id` for this store's owner at `now_ms`, unless
    /// it was answered or another claim is newer than `stale_before_ms`.
    pub async fn claim_interaction(&self, id: i64, now_ms: i64, stale_before_ms: i64) -> Result<InteractionClaim> {
        let mut conn = self.writer().await?;
        // Of two copies arriving at once exactly one claims: the primary key
        // lets one insert in. Within a press's `OneCommit` the claim is not
        // committed until the answer is: a copy's insert waits for it, then
        // finds the answer (or nothing, if the first process died). A copy
        // that finds a committed claim may take it over only if it is dead,
        // by a conditional update, which one copy wins.
        let inserted = sqlx::query_scalar(
            "INSERT INTO interaction_answers (interaction_id, claimed_by, claimed_at) VALUES ($1, $2, $3)
             ON CONFLICT (interaction_id) DO NOTHING
             RETURNING claimed_by",
        )
        .bind(id)
        .bind(&*self.owner)
        .bind(now_ms)
        .fetch_optional(&mut *conn)
        .await;
        if matches!(&inserted, Err(sqlx::Error::Database(error)) if error.code().as_deref() == Some(LOCK_NOT_AVAILABLE))
        {
            return Ok(InteractionClaim::Waited);
        }
        let claimed: Option<String> = inserted.doing(&self.outage, "claiming an interaction")?;
        if claimed.is_some() {
            return Ok(InteractionClaim::Claimed);
        }
        let taken_over = sqlx::query(
            "UPDATE interaction_answers SET claimed_by = $2, claimed_at = $3
             WHERE interaction_id = $1 AND answer IS NULL AND claimed_at < $4",
        )
        .bind(id)
        .bind(&*self.owner)
        .bind(now_ms)
        .bind(stale_before_ms)
        .execute(&mut *conn)
        .await
        .doing(&self.outage, "taking over an interaction's claim")?;
        if taken_over.rows_affected() == 1 {
            return Ok(InteractionClaim::TakenOver);
        }
        let (claimed_at, content_type, body): (i64, Option<String>, Option<Vec<u8>>) = sqlx::query_as(
            "SELECT claimed_at, content_type, answer FROM interaction_answers WHERE interaction_id = $1",
        )
        .bind(id)
        .fetch_one(&mut *conn)
        .await
        .doing(&self.outage, "reading an interaction's answer")?;
        Ok(match (content_type, body) {
            (Some(content_type), Some(body)) => InteractionClaim::Answered { content_type, body },
            _ => InteractionClaim::Held { claimed_at },
        })
    }

    /// The answer kept for interaction `id`, if it was answered: its
    /// content type and body. A read, which claims nothing.
    pub async fn kept_interaction_answer(&self, id: i64) -> Result<Option<(String, Vec<u8>)>> {
        let mut conn = self.reader().await?;
        let kept: Option<(Option<String>, Option<Vec<u8>>)> =
            sqlx::query_as("SELECT content_type, answer FROM interaction_answers WHERE interaction_id = $1")
                .bind(id)
                .fetch_optional(&mut *conn)
                .await
                .doing(&self.outage, "reading an interaction's answer")?;
        Ok(match kept {
            Some((Some(content_type), Some(body))) => Some((content_type, body)),
            _ => None,
        })
    }

    /// Keeps the first answer to interaction `id`, unless one was kept
    /// already (a process that took the claim over answered first).
    pub async fn record_interaction_answer(&self, id: i64, content_type: &str, body: &[u8]) -> Result<()> {
        sqlx::query(
            "UPDATE interaction_answers SET content_type = $2, answer = $3
             WHERE interaction_id = $1 AND answer IS NULL",
        )
        .bind(id)
        .bind(content_type)
        .bind(body)
        .execute(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "keeping an interaction's answer")?;
        Ok(())
    }

    /// Gives up this store's claim on interaction `id`, which got no
    /// answer: a copy posted again is handled afresh.
    pub async fn release_interaction(&self, id: i64) -> Result<()> {
        sqlx::query("DELETE FROM interaction_answers WHERE interaction_id = $1 AND claimed_by = $2 AND answer IS NULL")
            .bind(id)
            .bind(&*self.owner)
            .execute(&mut *self.writer().await?)
            .await
            .doing(&self.outage, "releasing an interaction")?;
        Ok(())
    }

    /// Forgets the interactions claimed before `before_ms`: Discord's
    /// tokens last 15 minutes, so none of them comes again. How many.
    pub async fn forget_interactions(&self, before_ms: i64) -> Result<u64> {
        let done = sqlx::query("DELETE FROM interaction_answers WHERE claimed_at < $1")
            .bind(before_ms)
            .execute(&mut *self.writer().await?)
            .await
            .doing(&self.outage, "forgetting old interactions")?;
        Ok(done.rows_affected())
    }
}
