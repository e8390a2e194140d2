//! The searches of the computer player (a move, a hint, a review, a
//! puzzle's mining): each runs on a blocking thread, at most
//! [`ServiceConfig::concurrent_searches`](super::ServiceConfig) at once,
//! counted while it runs.

use tokio::sync::SemaphorePermit;

use super::{Result, Service, ServiceError};

/// A turn among the searches that may run at once, held until dropped: a
/// use case takes it before reading what its search needs, so that what it
/// reads is what was written while it waited.
pub(super) struct SearchTurn<'a> {
    _permit: SemaphorePermit<'a>,
}

impl Service {
    /// Waits for a turn to search.
    pub(super) async fn search_turn(&self) -> SearchTurn<'_> {
        SearchTurn {
            _permit: self.searches.acquire().await.expect("the semaphore is never closed"),
        }
    }
}

impl SearchTurn<'_> {
    /// Runs `search` on a blocking thread; a search that panicked is a
    /// corrupt game `game_id`, saying that `what` failed.
    pub(super) async fn run<T: Send + 'static>(
        &self,
        game_id: i64,
        what: &str,
        search: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T> {
        let searching = crate::telemetry::search_started();
        let found = tokio::task::spawn_blocking(search)
            .await
            .map_err(|e| ServiceError::Corrupt {
                game_id,
                why: format!("{what} failed: {e}"),
            });
        drop(searching);
        found
    }
}
