//! Stopping the bot: one path, whichever way it ends.

use super::LOG_TARGET;
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{Client, ShardManager};
use tokio::task::JoinHandle;
use tokio::time::timeout;

use crate::discord::{BotHandle, InteractionsServer};
use crate::store::{BotLock, Store};
use crate::telemetry::OpsServer;
use crate::web::WebServer;

/// The limits of the steps of a stop; together well under the 10 s a service
/// manager gives before it kills.
const GATEWAY_CLOSE_LIMIT: Duration = Duration::from_secs(2);
const DRAIN_LIMIT: Duration = Duration::from_secs(4);
const STORE_CLOSE_LIMIT: Duration = Duration::from_secs(1);
pub(super) const RUNTIME_SHUTDOWN_LIMIT: Duration = Duration::from_secs(1);
/// The longest a stop takes, all steps together.
pub(super) const STOP_LIMIT: Duration = GATEWAY_CLOSE_LIMIT
    .saturating_add(DRAIN_LIMIT)
    .saturating_add(STORE_CLOSE_LIMIT)
    .saturating_add(RUNTIME_SHUTDOWN_LIMIT);

/// Everything the bot has started, each part registered as it comes up
/// and stopped by [`Running::guard`] once the bot ends: asked to stop, the
/// gateway gone, or a step of the start failing (`?` included).
#[derive(Default)]
pub(super) struct Running {
    /// The one-bot-per-database lock, released last.
    pub lock: Option<BotLock>,
    pub ops: Option<OpsServer>,
    pub store: Option<Store>,
    pub web: Option<WebServer>,
    pub interactions: Option<InteractionsServer>,
    pub bot: Option<BotHandle>,
    /// Kept until the end, as the shards' owner.
    pub client: Option<Client>,
    /// The shards to close; `None` once the gateway ended by itself.
    pub open_gateway: Option<Arc<ShardManager>>,
    pub gateway_watcher: Option<JoinHandle<()>>,
}

impl Running {
    /// Runs `body`, which registers here what it starts, then stops all of
    /// it, whichever way `body` ended.
    pub async fn guard<T>(body: impl AsyncFnOnce(&mut Running) -> T) -> T {
        let mut running = Running::default();
        let outcome = body(&mut running).await;
        running.stop().await;
        outcome
    }

    /// Stops the parts in the order that loses nothing: no new work, the
    /// work in flight finished (within limits), the servers closed, then
    /// the database, then the lock on it.
    async fn stop(self) {
        if let Some(watcher) = self.gateway_watcher {
            watcher.abort();
        }
        if let Some(bot) = &self.bot {
            bot.stop_scheduler();
        }
        if let Some(shards) = self.open_gateway {
            if timeout(GATEWAY_CLOSE_LIMIT, shards.shutdown_all()).await.is_err() {
                tracing::warn!(target: LOG_TARGET,
                    limit_s = GATEWAY_CLOSE_LIMIT.as_secs(),
                    "the gateway did not close in time"
                );
            }
        }
        let http_mode = self.interactions.is_some();
        if let Some(interactions) = self.interactions {
            interactions.stop().await;
        }
        // Answers in flight reach the players if they are ready in time. A
        // computer search that is not is dropped unrecorded (moves are
        // written in single transactions) and searched again after the
        // restart.
        if let Some(bot) = &self.bot {
            bot.wait_idle(DRAIN_LIMIT).await;
        }
        // Before the database closes, so that no page is left half-read.
        if let Some(web) = self.web {
            web.stop().await;
        }
        if let Some(ops) = self.ops {
            ops.stop().await;
        }
        if let Some(store) = self.store {
            if timeout(STORE_CLOSE_LIMIT, store.close()).await.is_err() {
                if http_mode {
                    tracing::warn!(target: LOG_TARGET, "a database transaction was still open at the stop");
                } else {
                    tracing::warn!(target: LOG_TARGET, "a database transaction was still open at the stop; SQLite rolls it back");
                }
            }
        }
        drop(self.client);
        drop(self.lock);
    }
}
