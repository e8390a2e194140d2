//! Everything a press writes before it is answered, committed at once.
//!
//! On PostgreSQL each commit waits for the WAL to reach the disk, and a
//! press over HTTP used to commit three times before its answer (its
//! claim, its move, the answer kept for copies). Within a [`OneCommit`]
//! every statement the task sends goes to one transaction on one
//! connection, so that those three and anything else the handler writes
//! before answering are made durable together by [`OneCommit::commit`].
//! A transaction the store opens inside one (a finishing move with its
//! results, say) becomes a savepoint of it.
//!
//! Until the commit, the claim is an uncommitted row: a copy of the same
//! interaction on another process waits on it (at most [`LOCK_WAIT`])
//! and then finds the answer committed with it, or, if the first process
//! died, finds no claim at all, since the server rolls back a transaction
//! whose connection is gone. A connection left idle in its transaction
//! longer than Discord waits for an answer is ended by the server, so a
//! process that hangs holds no game for longer.
//!
//! On SQLite there is nothing to share: the file's one writer commits
//! without waiting for the disk (WAL, synchronous NORMAL), and holding it
//! for a whole press would stop every other write in the process. There a
//! [`OneCommit`] is empty and each write commits on its own, as outside one.

use std::future::Future;
use std::sync::Arc;

use sqlx::Transaction;
use tokio::sync::Mutex;

use super::backend::{Conn, Connections, SharedTransaction, SHARED_TRANSACTION};
use super::{Doing, Result, Store, StoreError};

/// How long a statement within a [`OneCommit`] waits for a row another
/// transaction holds (a copy of the same press, or another press of the
/// same game): under the 3 s Discord waits, so that the press can still
/// be refused in time.
const LOCK_WAIT: &str = "2500ms";

/// How long the server lets a [`OneCommit`]'s connection sit idle in its
/// transaction before ending it: no answer comes later than Discord waits.
const IDLE_IN_TRANSACTION: &str = "3s";

/// How many [`OneCommit`]s hold a connection at once, fewer than the
/// pool has: a statement of one that does not wait for its connection
/// (a read nested in a write) and the process's other work take theirs
/// from the rest, so a pool full of open presses never waits on itself.
pub(super) const PRESSES_AT_ONCE: usize = super::backend::POSTGRES_CONNECTIONS as usize - 2;

/// One transaction for a task's writes, committed by [`OneCommit::commit`]
/// and rolled back if dropped before; see the module's documentation.
#[derive(Clone)]
pub struct OneCommit {
    /// `None` on SQLite.
    transaction: Option<SharedTransaction>,
}

impl std::fmt::Debug for OneCommit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OneCommit")
            .field("shared", &self.transaction.is_some())
            .finish()
    }
}

impl Store {
    /// A transaction for everything the caller writes within
    /// [`OneCommit::scope`] (on PostgreSQL; on SQLite, an empty one).
    pub async fn one_commit(&self) -> Result<OneCommit> {
        let Connections::Postgres(pool) = &self.connections else {
            return Ok(OneCommit { transaction: None });
        };
        let permit = Arc::clone(&self.presses)
            .acquire_owned()
            .await
            .map_err(|_| StoreError::Closed)?;
        let Conn::Pooled(connection) = super::backend::pooled(pool, &self.outage).await? else {
            unreachable!("a PostgreSQL store lends pooled connections");
        };
        let begin = format!(
            "BEGIN; SET LOCAL lock_timeout = '{LOCK_WAIT}'; \
             SET LOCAL idle_in_transaction_session_timeout = '{IDLE_IN_TRANSACTION}'"
        );
        let transaction = Transaction::begin(connection, Some(begin.into()))
            .await
            .doing(&self.outage, "starting a press's transaction")?;
        Ok(OneCommit {
            transaction: Some(Arc::new(Mutex::new(Some((transaction, permit))))),
        })
    }
}

impl OneCommit {
    /// Runs `work` with its statements in this transaction.
    pub async fn scope<F: Future>(self, work: F) -> F::Output {
        SHARED_TRANSACTION.scope(self.transaction, work).await
    }

    /// Commits what was written within [`OneCommit::scope`]; statements
    /// after it commit on their own again.
    pub async fn commit(&self, store: &Store) -> Result<()> {
        let Some(slot) = &self.transaction else {
            return Ok(());
        };
        let Some((transaction, _permit)) = slot.lock().await.take() else {
            return Ok(());
        };
        transaction.commit().await.doing(&store.outage, "committing a press")?;
        Ok(())
    }
}
