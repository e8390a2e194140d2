//! One bot per SQLite database: the lock beside its file.

use super::LOG_TARGET;
use std::time::Duration;

use tokio::sync::watch;
use tokio::time::Instant;

use super::Failure;
use crate::store::{BotLock, LockError};

/// How long a bot waits for another one on the same database to stop (a
/// deploy that starts the new process before the old one has stopped).
const LOCK_WAIT: Duration = Duration::from_secs(15);

pub(super) enum DatabaseLock {
    Held(BotLock),
    /// The database's directory does not exist: opening it says so.
    NoDirectory,
    /// Asked to stop while waiting for the lock.
    Stopped,
}

/// Takes the one-bot-per-database lock, waiting up to [`LOCK_WAIT`] for a
/// process that holds it to stop.
pub(super) async fn lock_the_database(url: &str, stop: &mut watch::Receiver<bool>) -> Result<DatabaseLock, Failure> {
    let path = crate::config::sqlite_path(url);
    let deadline = Instant::now() + LOCK_WAIT;
    let mut said = false;
    loop {
        match BotLock::try_acquire(&path) {
            Ok(lock) => return Ok(DatabaseLock::Held(lock)),
            Err(held @ LockError::Held { .. }) if Instant::now() < deadline => {
                if !said {
                    tracing::warn!(target: LOG_TARGET, wait_s = LOCK_WAIT.as_secs(), "{held}; waiting for it to stop");
                    said = true;
                }
            }
            Err(held @ LockError::Held { .. }) => {
                return Err(anyhow::anyhow!(
                    "{held}, and it did not stop within {} s: stop it first (one bot per database; see README.md, \"Operating the bot\")",
                    LOCK_WAIT.as_secs()
                )
                .into())
            }
            // No such directory: opening the database says so, better.
            Err(LockError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
                return Ok(DatabaseLock::NoDirectory)
            }
            Err(error) => return Err(anyhow::anyhow!("{error}").into()),
        }
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_millis(250)) => {}
            _ = stop.wait_for(|stopping| *stopping) => return Ok(DatabaseLock::Stopped),
        }
    }
}
