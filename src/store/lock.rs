//! One bot process per SQLite file. Two processes on one file would both
//! run the scheduler and the delivery loop and send every reminder and
//! board twice; an advisory lock on a file beside the database makes the
//! second one wait or stop instead. The lock is the operating system's
//! (`flock`): a process that dies, even by SIGKILL, lets it go.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// Held while this process runs a bot on the database; dropping it (or
/// exiting) releases the lock.
#[derive(Debug)]
pub struct BotLock {
    _file: File,
}

/// Why the lock could not be taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds it; its pid, if it wrote one.
    #[error("another akon bot{} is running on {}", .pid.map(|p| format!(" (pid {p})")).unwrap_or_default(), .database.display())]
    Held { database: PathBuf, pid: Option<u32> },
    #[error("cannot lock {}: {source}", .path.display())]
    Io { path: PathBuf, source: std::io::Error },
}

/// The lock file of the database at `database`: `<database>.lock`.
pub fn lock_path(database: &Path) -> PathBuf {
    let mut name = database.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

impl BotLock {
    /// Takes the lock of the database file at `database` without waiting.
    pub fn try_acquire(database: &Path) -> Result<BotLock, LockError> {
        let path = lock_path(database);
        let io = |source| LockError::Io {
            path: path.clone(),
            source,
        };
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut text = String::new();
                let _ = file.read_to_string(&mut text);
                return Err(LockError::Held {
                    database: database.to_path_buf(),
                    pid: text.trim().parse().ok(),
                });
            }
            Err(TryLockError::Error(source)) => return Err(io(source)),
        }
        // Who holds it, for the message the next process gives.
        file.set_len(0).map_err(io)?;
        file.seek(SeekFrom::Start(0)).map_err(io)?;
        write!(file, "{}", std::process::id()).map_err(io)?;
        file.flush().map_err(io)?;
        Ok(BotLock { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_the_same_database_is_refused_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let database = dir.path().join("akon.db");
        let first = BotLock::try_acquire(&database).unwrap();
        match BotLock::try_acquire(&database) {
            Err(LockError::Held { pid, .. }) => assert_eq!(pid, Some(std::process::id())),
            other => panic!("expected the lock to be held, got {other:?}"),
        }
        let other = dir.path().join("other.db");
        BotLock::try_acquire(&other).expect("another database is another lock");
        drop(first);
        BotLock::try_acquire(&database).expect("free once dropped");
    }
}
