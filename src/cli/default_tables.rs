//! The endgame tables akon builds itself when `AKON_TABLES` is unset: one
//! file per size, `akon-tables-N.bin` in the cache directory, built once by
//! whichever process finds it missing or damaged, and shared by every
//! process of the machine.
//!
//! A file is used only once every block of it has passed its checksum. A
//! build takes an exclusive lock (`akon-tables-N.bin.lock`, the operating
//! system's, so a killed process lets it go) and writes a temporary file
//! that is synced, checked and renamed into place (`ai::tables::build`): a
//! second process waits for the lock and then finds the file built; a build
//! killed half-way leaves only its temporary file, which nothing reads and
//! the next build overwrites; a full or read-only disk fails the build, and
//! the search goes on without tables. The build runs on a thread of its own
//! at the lowest priority, on one core fewer than the machine has, so that
//! the bot's answers and searches come first.

use std::fs::OpenOptions;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::ai::tables::{self, Tables, TablesError};

/// [`cache_directory`] as the environment names it.
pub fn cache_directory_here() -> PathBuf {
    cache_directory(|name| std::env::var(name).ok())
}

/// The directory the tables go into: `$XDG_CACHE_HOME/akon`, else
/// `$HOME/.cache/akon`, else (a service run with neither) the working
/// directory, beside the default database.
fn cache_directory(get: impl Fn(&str) -> Option<String>) -> PathBuf {
    let absolute = |name: &str| get(name).map(PathBuf::from).filter(|p| p.is_absolute());
    if let Some(cache) = absolute("XDG_CACHE_HOME") {
        cache.join("akon")
    } else if let Some(home) = absolute("HOME") {
        home.join(".cache").join("akon")
    } else {
        PathBuf::from(".")
    }
}

/// The file of the tables up to `max_seeds` seeds in `directory`.
pub fn file_in(directory: &Path, max_seeds: u8) -> PathBuf {
    directory.join(format!("akon-tables-{max_seeds}.bin"))
}

/// What [`obtain`] says before it builds: the file is missing (`damaged:
/// None`) or cannot be used, and this process builds it.
#[derive(Debug)]
pub struct Building<'a> {
    pub path: &'a Path,
    pub max_seeds: u8,
    pub bytes: u64,
    pub threads: usize,
    pub damaged: Option<&'a TablesError>,
}

/// Tables ready for use, and how long building them took if this process
/// built them.
pub struct Obtained {
    pub tables: Tables,
    pub built_in: Option<Duration>,
}

/// Why no tables could be had: the directory, the lock or the file could not
/// be written (a full or read-only disk, a missing permission).
#[derive(Debug, thiserror::Error)]
#[error("cannot build the endgame tables in {}: {source}", .path.display())]
pub struct CannotBuild {
    pub path: PathBuf,
    pub source: io::Error,
}

/// The tables up to `max_seeds` seeds in `directory`, checked block by
/// block: the file as it is if it is sound, else built first (under the
/// lock, by this process or by another one it waits for). Blocks until then.
pub fn obtain(
    directory: &Path,
    max_seeds: u8,
    building: &mut dyn FnMut(Building<'_>),
) -> Result<Obtained, CannotBuild> {
    let path = file_in(directory, max_seeds);
    if let Ok(tables) = Tables::open_verified(&path) {
        return Ok(Obtained { tables, built_in: None });
    }
    let cannot = |source| CannotBuild {
        path: path.clone(),
        source,
    };
    std::fs::create_dir_all(directory).map_err(cannot)?;
    let mut lock_path = path.clone().into_os_string();
    lock_path.push(".lock");
    let lock = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(&lock_path)
        .map_err(cannot)?;
    lock.lock().map_err(cannot)?;
    // Whoever held the lock may have built the file meanwhile.
    let damaged = match Tables::open_verified(&path) {
        Ok(tables) => return Ok(Obtained { tables, built_in: None }),
        Err(TablesError::Io { source, .. }) if source.kind() == io::ErrorKind::NotFound => None,
        Err(error) => Some(error),
    };
    let threads = build_threads();
    building(Building {
        path: &path,
        max_seeds,
        bytes: tables::file_size(max_seeds),
        threads,
        damaged: damaged.as_ref(),
    });
    let started = Instant::now();
    tables::build(max_seeds, threads, &path, &mut |_| {}).map_err(cannot)?;
    let tables = Tables::open_verified(&path).map_err(|e| cannot(io::Error::other(e)))?;
    drop(lock);
    Ok(Obtained {
        tables,
        built_in: Some(started.elapsed()),
    })
}

/// Runs [`obtain`] on a thread of its own at the lowest priority, and hands
/// its outcome to `done` there.
pub fn obtain_in_background(
    directory: PathBuf,
    max_seeds: u8,
    mut building: impl FnMut(Building<'_>) + Send + 'static,
    done: impl FnOnce(Result<Obtained, CannotBuild>) + Send + 'static,
) -> std::thread::JoinHandle<()> {
    std::thread::Builder::new()
        .name("akon-tables".into())
        .spawn(move || {
            lower_this_threads_priority();
            done(obtain(&directory, max_seeds, &mut building));
        })
        .expect("a thread can be started")
}

/// One core fewer than the machine has, at least one: the bot's own work
/// keeps a core.
fn build_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

/// The lowest priority (nice 19) for the calling thread and the threads it
/// starts (Linux keeps a nice value per thread, and a new thread inherits
/// its creator's). Elsewhere `setpriority` would lower the whole process, so
/// the build keeps the normal priority there.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn lower_this_threads_priority() {
    // SAFETY: setpriority reads no memory of ours; `who` 0 with PRIO_PROCESS
    // is the calling thread on Linux. A failure leaves the priority as it
    // was, which only makes the build compete harder.
    let _ = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, 19) };
}

#[cfg(not(target_os = "linux"))]
fn lower_this_threads_priority() {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    const SEEDS: u8 = 5;

    fn count_builds(builds: &AtomicUsize) -> impl FnMut(Building<'_>) + '_ {
        |_: Building<'_>| {
            builds.fetch_add(1, Ordering::SeqCst);
        }
    }

    #[test]
    fn the_cache_directory_follows_xdg_then_home_then_the_working_directory() {
        let vars = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string())
        };
        assert_eq!(
            cache_directory(vars(&[("XDG_CACHE_HOME", "/c"), ("HOME", "/h")])),
            PathBuf::from("/c/akon")
        );
        assert_eq!(
            cache_directory(vars(&[("XDG_CACHE_HOME", "relative"), ("HOME", "/h")])),
            PathBuf::from("/h/.cache/akon")
        );
        assert_eq!(cache_directory(vars(&[])), PathBuf::from("."));
    }

    #[test]
    fn a_missing_file_is_built_once_then_read_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let builds = AtomicUsize::new(0);
        let first = obtain(&dir.path().join("akon"), SEEDS, &mut count_builds(&builds)).unwrap();
        assert!(first.built_in.is_some());
        assert_eq!(first.tables.max_seeds(), SEEDS);
        let again = obtain(&dir.path().join("akon"), SEEDS, &mut count_builds(&builds)).unwrap();
        assert!(again.built_in.is_none());
        assert_eq!(builds.load(Ordering::SeqCst), 1);
        assert!(!tables::partial_path(&file_in(&dir.path().join("akon"), SEEDS)).exists());
    }

    #[test]
    fn threads_asking_at_once_build_once() {
        let dir = Arc::new(tempfile::tempdir().unwrap());
        let builds = Arc::new(AtomicUsize::new(0));
        let askers: Vec<_> = (0..4)
            .map(|_| {
                let (dir, builds) = (dir.clone(), builds.clone());
                std::thread::spawn(move || {
                    obtain(dir.path(), SEEDS, &mut count_builds(&builds))
                        .unwrap()
                        .tables
                        .max_seeds()
                })
            })
            .collect();
        for asker in askers {
            assert_eq!(asker.join().unwrap(), SEEDS);
        }
        assert_eq!(builds.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_damaged_file_is_said_and_built_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = file_in(dir.path(), SEEDS);
        obtain(dir.path(), SEEDS, &mut |_| {}).unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let mut said = Vec::new();
        let rebuilt = obtain(dir.path(), SEEDS, &mut |b: Building<'_>| {
            said.push(b.damaged.map(|e| e.to_string()))
        })
        .unwrap();
        assert!(rebuilt.built_in.is_some());
        assert_eq!(said.len(), 1);
        assert!(said[0].as_deref().unwrap().contains("fails its checksum"), "{said:?}");
        Tables::open_verified(&path).expect("sound once built again");
    }

    #[test]
    fn a_directory_that_cannot_be_made_is_one_error_and_no_file() {
        let dir = tempfile::tempdir().unwrap();
        let not_a_directory = dir.path().join("file");
        std::fs::write(&not_a_directory, b"").unwrap();
        let error = obtain(&not_a_directory.join("akon"), SEEDS, &mut |_| {})
            .map(|_| ())
            .unwrap_err();
        assert!(
            error.to_string().starts_with("cannot build the endgame tables in "),
            "{error}"
        );
    }
}
