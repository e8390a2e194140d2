//! SQLite's checkpointer: a connection of the store's own that copies the
//! WAL back into the database file beside the writer, in place of SQLite's
//! automatic checkpoint (turned off on every connection, see `backend`).

use std::sync::{Arc, Weak};
use std::time::Duration;

use sqlx::AnyConnection;
use tokio::sync::Mutex;

use super::outage::Outage;

/// How often the WAL is copied back into the database file on SQLite, by a
/// connection of its own, while writes come in. Left to SQLite, that
/// checkpoint runs inside the commit that fills the WAL past 1,000 pages,
/// and the writer — every queued move behind it — waits for it: it was
/// most of the moves' p99. A passive checkpoint beside the writer takes no
/// lock from it, but it first syncs the WAL, and while the kernel writes
/// out what the WAL gained since the last checkpoint, the writer's appends
/// to it wait (seen: `pwrite`s of 5–10 ms during 12–64 ms syncs). Often
/// and small, the syncs are short: at 10,000 moves/s, in five runs of
/// each one after the other, the service's p99 was 13–20 ms checkpointing
/// every 20 ms, against 24–109 ms every 200 ms.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(20);

/// How often the WAL is checked while nothing is written: once a
/// checkpoint finds it unchanged and all copied, the store is at rest, and
/// the next check waits this long.
const CHECKPOINT_AT_REST: Duration = Duration::from_millis(200);

/// Frames in the WAL (pages written; 64 MiB of 4 KiB pages) past which a
/// checkpoint also holds the writer still while it finishes. Under steady
/// load the writer appends while every passive checkpoint runs, so the WAL
/// never reaches an end that the writer could start it over from, and it
/// grew without bound (450 MB in a few seconds at 10,000 moves/s). Held
/// still, the writer finds the WAL all copied and its next transaction
/// starts it over. Holding it costs the moves queued meanwhile a wait of
/// one checkpoint's tail and its syncs, so it is done only past this size.
const RESTART_WAL_AFTER_FRAMES: i64 = 16_384;

/// Every [`CHECKPOINT_EVERY`] while writes come in ([`CHECKPOINT_AT_REST`]
/// otherwise), copies what the WAL holds back into the database file, as
/// far as readers allow, without waiting for anyone;
/// once the WAL is all copied, the writer's next transaction starts it
/// over, so it stays small (see [`RESTART_WAL_AFTER_FRAMES`] for steady
/// load). Stops when the store is closed or dropped.
pub(super) async fn checkpoint_regularly(
    checkpointer: Weak<Mutex<Option<AnyConnection>>>,
    writer: Weak<Mutex<Option<super::direct::Writer>>>,
    outage: Arc<Outage>,
) {
    // The first at once: what an earlier process left in the WAL is copied
    // without delay, and the WAL's size is reported from the start.
    let mut wait = Duration::ZERO;
    let mut frames_before = None;
    loop {
        tokio::time::sleep(wait).await;
        let (Some(checkpointer), Some(writer)) = (checkpointer.upgrade(), writer.upgrade()) else {
            return;
        };
        let mut connection = checkpointer.lock().await;
        let Some(connection) = connection.as_mut() else {
            return;
        };
        let wal = checkpoint(connection, &outage).await;
        if wal.is_some_and(|wal| wal.frames >= RESTART_WAL_AFTER_FRAMES) {
            let held = writer.lock().await;
            if held.is_none() {
                return;
            }
            checkpoint(connection, &outage).await;
            drop(held);
        }
        wait = wait_after(wal, frames_before);
        frames_before = wal.map(|wal| wal.frames);
    }
}

/// The WAL as a checkpoint left it: the frames (pages written) it holds,
/// and how many of them are copied into the database file.
#[derive(Clone, Copy, Debug)]
struct Wal {
    frames: i64,
    copied: i64,
}

/// The wait before the next checkpoint, after one that left `wal` (`None`:
/// it failed) where the one before had left `frames_before` frames: short
/// while writes come in or the WAL is not all copied yet, long once
/// nothing changed, and long after a failure, so that a broken file is not
/// retried (and logged) fifty times a second.
fn wait_after(wal: Option<Wal>, frames_before: Option<i64>) -> Duration {
    match wal {
        Some(wal) if wal.copied < wal.frames || frames_before != Some(wal.frames) => CHECKPOINT_EVERY,
        _ => CHECKPOINT_AT_REST,
    }
}

/// A passive checkpoint; the WAL after it, if it ran.
async fn checkpoint(connection: &mut AnyConnection, outage: &Outage) -> Option<Wal> {
    match sqlx::query_as::<_, (i64, i64, i64)>("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(connection)
        .await
    {
        Ok((_busy, frames, copied)) => {
            crate::telemetry::wal_pages(frames);
            Some(Wal { frames, copied })
        }
        Err(error) => {
            const DOING: &str = "checkpointing the WAL";
            match super::Unavailable::of(&error) {
                // A full disk fails every checkpoint: said once a minute.
                Some(why) => outage.failed(why, DOING, &error),
                None => tracing::warn!(%error, "could not checkpoint the database's WAL"),
            }
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wal(frames: i64, copied: i64) -> Option<Wal> {
        Some(Wal { frames, copied })
    }

    #[test]
    fn checkpoints_come_often_while_the_wal_changes() {
        assert_eq!(wait_after(wal(120, 120), Some(40)), CHECKPOINT_EVERY);
        // Started over by the writer since the last checkpoint.
        assert_eq!(wait_after(wal(8, 8), Some(20_000)), CHECKPOINT_EVERY);
        // The first checkpoint knows no earlier one.
        assert_eq!(wait_after(wal(0, 0), None), CHECKPOINT_EVERY);
    }

    #[test]
    fn checkpoints_come_often_until_the_wal_is_all_copied() {
        // A reader kept part of the WAL from being copied.
        assert_eq!(wait_after(wal(120, 100), Some(120)), CHECKPOINT_EVERY);
    }

    #[test]
    fn checkpoints_come_seldom_at_rest_or_after_a_failure() {
        assert_eq!(wait_after(wal(120, 120), Some(120)), CHECKPOINT_AT_REST);
        assert_eq!(wait_after(wal(0, 0), Some(0)), CHECKPOINT_AT_REST);
        assert_eq!(wait_after(None, Some(120)), CHECKPOINT_AT_REST);
    }
}
