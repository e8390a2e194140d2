//! Watching the gateway connection, in a few clear log lines.

use super::LOG_TARGET;
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{ConnectionStage, ShardManager};
use tokio::time::Instant;

/// Logs when the gateway connection is lost and regained, and while it is
/// down, a line after 10 s, 20 s, 40 s… (at most every 5 minutes) instead
/// of one per serenity retry.
pub(super) async fn watch(shards: Arc<ShardManager>) {
    const FIRST_REPORT: Duration = Duration::from_secs(10);
    const LONGEST_REPORT: Duration = Duration::from_secs(300);
    let mut down_since = Some(Instant::now());
    let mut ever_connected = false;
    let mut next_report = FIRST_REPORT;
    loop {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let connected = {
            let runners = shards.runners.lock().await;
            !runners.is_empty() && runners.values().all(|r| r.stage == ConnectionStage::Connected)
        };
        match (connected, down_since) {
            (true, Some(since)) => {
                if ever_connected {
                    tracing::info!(target: LOG_TARGET, down_s = since.elapsed().as_secs(), "reconnected to Discord");
                }
                ever_connected = true;
                down_since = None;
                next_report = FIRST_REPORT;
            }
            (false, None) => {
                tracing::warn!(target: LOG_TARGET, "lost the connection to Discord; reconnecting");
                down_since = Some(Instant::now());
            }
            (false, Some(since)) if since.elapsed() >= next_report => {
                tracing::warn!(target: LOG_TARGET,
                    down_s = since.elapsed().as_secs(),
                    "still no connection to the Discord gateway; serenity retries every 5 s"
                );
                next_report = since.elapsed() + since.elapsed().min(LONGEST_REPORT);
            }
            _ => {}
        }
    }
}
