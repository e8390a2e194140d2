//! Group commit of moves on SQLite. Every write goes through the one
//! writer, so at load moves queue for it, and each would pay a transaction
//! and a commit of its own. Here the moves queued meanwhile go to SQLite as
//! one batch: one transaction, one commit, each move still its own
//! conditional update and append, so that of two presses for the same move
//! exactly one applies.
//!
//! Only a move after which the game goes on is grouped (finishing a game
//! writes its results too, see `Store::record_move`). A batch is written on
//! the direct connection (see `direct`), on the thread of the caller that
//! found the writer free, or else of a task of its own that waits for it;
//! either way no statement of a batch awaits anything, so a caller that
//! stops waiting cannot abandon the other callers' moves half-way.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use rusqlite::params;
use tokio::sync::oneshot;

use crate::engine::Position;

use super::direct::{self, Writer};
use super::positions::position_text;
use super::{to_db, Doing, GameRow, GameStatus, GameUpdate, NewMove, Result, Store, StoreError, Written};

/// The most moves one batch writes.
const MOST_PER_BATCH: usize = 64;

/// The moves waiting for the writer, and whether a task is writing them.
#[derive(Debug, Default)]
pub(super) struct MoveQueue {
    waiting: Mutex<Vec<QueuedMove>>,
    writing: AtomicBool,
}

#[derive(Debug)]
struct QueuedMove {
    row: MoveRow,
    written: oneshot::Sender<Result<Written>>,
}

/// A move's parameters in the batch.
#[derive(Debug)]
struct MoveRow {
    game_id: i64,
    expected_ply: i64,
    seat: String,
    hole: i64,
    user_id: i64,
    /// The new position as stored, and as the cache keeps it.
    position: String,
    new_position: Position,
    captured_a: i64,
    captured_b: i64,
    now: i64,
    deadline: Option<i64>,
    reminder_at: Option<i64>,
    loop_history: Option<String>,
    /// The position and loop history the press read from the cache, which
    /// the row must still hold: a change made behind the bot's back (the
    /// file edited while it runs) makes the move a conflict, and the press
    /// is decided again on a fresh read. `None`: read from the database.
    kept: Option<(String, Option<String>)>,
}

impl MoveRow {
    /// The batch's change to the game row, on `game`; whether `game` is
    /// the row the batch changed.
    fn apply_to(&self, game: &mut GameRow) -> bool {
        let fits = game.ply == self.expected_ply && game.status == GameStatus::Ongoing;
        game.ply = self.expected_ply + 1;
        game.position = self.new_position;
        game.captured_a = self.captured_a;
        game.captured_b = self.captured_b;
        game.updated_at = self.now;
        game.deadline = self.deadline;
        game.reminder_at = self.reminder_at;
        game.loop_history.clone_from(&self.loop_history);
        fits
    }
}

impl MoveQueue {
    fn waiting(&self) -> std::sync::MutexGuard<'_, Vec<QueuedMove>> {
        self.waiting.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The oldest moves waiting, at most a batch.
    fn next_batch(&self) -> Vec<QueuedMove> {
        let mut waiting = self.waiting();
        let count = waiting.len().min(MOST_PER_BATCH);
        waiting.drain(..count).collect()
    }
}

impl Store {
    /// Records a move after which the game goes on, on SQLite: queued, and
    /// written with whatever else is queued when the writer is free.
    pub(super) async fn record_ongoing_move_grouped(
        &self,
        game_id: i64,
        expected_ply: i64,
        new_move: &NewMove,
        update: &GameUpdate,
    ) -> Result<Written> {
        let (written, outcome) = oneshot::channel();
        let queue = &self.queued_moves;
        let row = MoveRow {
            game_id,
            expected_ply,
            seat: new_move.seat.to_string(),
            hole: new_move.hole as i64,
            user_id: to_db(new_move.user_id),
            position: position_text(&update.position),
            new_position: update.position,
            captured_a: update.captured_a as i64,
            captured_b: update.captured_b as i64,
            now: update.now,
            deadline: update.deadline,
            reminder_at: update.reminder_at,
            loop_history: update.loop_history.clone(),
            kept: self.games.kept_state(game_id),
        };
        queue.waiting().push(QueuedMove { row, written });
        if !queue.writing.swap(true, Ordering::SeqCst) {
            // The writer free, the batch is written here and now, with no
            // await in between; else a task waits for the writer.
            let written_here = match self.connections.free_sqlite_writer() {
                Some(mut writer) => {
                    self.write_batch(&mut writer, queue.next_batch());
                    true
                }
                None => false,
            };
            if !written_here || self.more_to_write() {
                tokio::spawn(self.clone().write_queued_moves());
            }
        }
        // The writer answers every move it takes; the writing task ends
        // only when the queue is empty.
        outcome.await.unwrap_or(Err(StoreError::Closed))
    }

    /// Writes queued moves, a batch at a time, until none is left.
    async fn write_queued_moves(self) {
        loop {
            let batch = self.queued_moves.next_batch();
            if !batch.is_empty() {
                match self.connections.sqlite_writer().await {
                    Ok(Some(mut writer)) => self.write_batch(&mut writer, batch),
                    Ok(None) | Err(_) => {
                        for queued in batch {
                            let _ = queued.written.send(Err(StoreError::Closed));
                        }
                    }
                }
            }
            if !self.more_to_write() {
                return;
            }
        }
    }

    /// Whether moves wait to be written by whoever is writing; if none
    /// does, writing stops, unless a move came meanwhile whose caller saw
    /// the writing still going on and no one else has started for it.
    fn more_to_write(&self) -> bool {
        let queue = &self.queued_moves;
        if !queue.waiting().is_empty() {
            return true;
        }
        queue.writing.store(false, Ordering::SeqCst);
        !queue.waiting().is_empty() && !queue.writing.swap(true, Ordering::SeqCst)
    }

    /// Writes `batch` in one transaction and answers each move. If the
    /// batch fails, each move is tried alone, so that one move's failure is
    /// not the others'.
    fn write_batch(&self, writer: &mut Writer, batch: Vec<QueuedMove>) {
        let applied = self.run_batch(writer, &batch);
        match applied {
            Ok(applied) => {
                crate::telemetry::moves_committed_together(batch.len());
                for (index, queued) in batch.into_iter().enumerate() {
                    let written = if applied.contains(&index) {
                        Written::Yes
                    } else {
                        Written::Conflict
                    };
                    let _ = queued.written.send(Ok(written));
                }
            }
            Err(error) if batch.len() == 1 => {
                if let Some(queued) = batch.into_iter().next() {
                    let _ = queued.written.send(Err(error));
                }
            }
            Err(_) => {
                for queued in batch {
                    let alone = std::slice::from_ref(&queued);
                    let written = self.run_batch(writer, alone);
                    if written.is_ok() {
                        crate::telemetry::moves_committed_together(1);
                    }
                    let written = written.map(|applied| match applied.is_empty() {
                        true => Written::Conflict,
                        false => Written::Yes,
                    });
                    let _ = queued.written.send(written);
                }
            }
        }
    }

    /// Runs `batch` as one transaction; the indexes (in `batch`) of the
    /// moves applied.
    fn run_batch(&self, writer: &mut Writer, batch: &[QueuedMove]) -> Result<Vec<usize>> {
        let applied = apply_batch(&mut writer.direct, batch).map_err(direct::to_sqlx);
        match &applied {
            // Told while the writer is held, so in commit order.
            Ok(applied) => {
                if !applied.is_empty() {
                    self.outage.wrote();
                }
                for (index, queued) in batch.iter().enumerate() {
                    let row = &queued.row;
                    if applied.contains(&index) {
                        self.games.changed(row.game_id, |game| row.apply_to(game));
                    } else {
                        // Another press came first, or the row is not what
                        // the cache holds: the next read goes to the file.
                        self.games.forget(row.game_id);
                    }
                }
            }
            Err(_) => {
                for queued in batch {
                    self.games.forget(queued.row.game_id);
                }
            }
        }
        applied.doing(&self.outage, "recording a move")
    }
}

/// Per move, the game's conditional update: the ply it was pressed at, the
/// game going on, and the row still as the cache holds it (`?11`, `?12`:
/// see [`MoveRow::kept`]).
const UPDATE_GAME: &str = "UPDATE games SET ply = ?3, position = ?4, captured_a = ?5, captured_b = ?6,
         updated_at = ?7, deadline = ?8, reminder_at = ?9, loop_history = ?10
     WHERE id = ?1 AND ply = ?2 AND status = 'ongoing'
         AND (?11 IS NULL OR (position = ?11 AND loop_history IS ?12))";

/// Per move whose update changed the game, its append.
const APPEND_MOVE: &str =
    "INSERT INTO moves (game_id, ply, seat, hole, user_id, played_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)";

/// `batch` in one transaction (rolled back on any failure): the indexes
/// of the moves applied.
fn apply_batch(connection: &mut rusqlite::Connection, batch: &[QueuedMove]) -> rusqlite::Result<Vec<usize>> {
    direct::in_write_transaction(connection, |connection| {
        let mut applied = Vec::with_capacity(batch.len());
        let mut update = connection.prepare_cached(UPDATE_GAME)?;
        let mut append = connection.prepare_cached(APPEND_MOVE)?;
        for (index, queued) in batch.iter().enumerate() {
            let row = &queued.row;
            let kept = row.kept.as_ref();
            let changed = update.execute(params![
                row.game_id,
                row.expected_ply,
                row.expected_ply + 1,
                row.position,
                row.captured_a,
                row.captured_b,
                row.now,
                row.deadline,
                row.reminder_at,
                row.loop_history,
                kept.map(|(position, _)| position.as_str()),
                kept.and_then(|(_, history)| history.as_deref()),
            ])?;
            if changed == 1 {
                append.execute(params![
                    row.game_id,
                    row.expected_ply + 1,
                    row.seat,
                    row.hole,
                    row.user_id,
                    row.now
                ])?;
                applied.push(index);
            }
        }
        Ok(applied)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The columns of `games` and `moves` a batch touches.
    fn database() -> rusqlite::Connection {
        let connection = rusqlite::Connection::open_in_memory().unwrap();
        connection
            .execute_batch(
                "CREATE TABLE games (id INTEGER PRIMARY KEY, ply INTEGER, status TEXT, position TEXT,
                     captured_a INTEGER, captured_b INTEGER, updated_at INTEGER, deadline INTEGER,
                     reminder_at INTEGER, loop_history TEXT);
                 CREATE TABLE moves (game_id INTEGER, ply INTEGER, seat TEXT, hole INTEGER, user_id INTEGER,
                     played_at INTEGER, PRIMARY KEY (game_id, ply));
                 INSERT INTO games (id, ply, status, position) VALUES (1, 0, 'ongoing', 'p0'), (2, 4, 'ongoing', 'p4');",
            )
            .unwrap();
        connection
    }

    fn queued(game_id: i64, expected_ply: i64, kept: Option<&str>) -> QueuedMove {
        let row = MoveRow {
            game_id,
            expected_ply,
            seat: "a".to_string(),
            hole: 3,
            user_id: 7,
            position: format!("p{}", expected_ply + 1),
            new_position: Position::opening(crate::engine::Seat::A),
            captured_a: 0,
            captured_b: 0,
            now: 100,
            deadline: None,
            reminder_at: None,
            loop_history: None,
            kept: kept.map(|position| (position.to_string(), None)),
        };
        QueuedMove {
            row,
            written: oneshot::channel().0,
        }
    }

    fn count(connection: &rusqlite::Connection, sql: &str) -> i64 {
        connection.query_row(sql, [], |row| row.get(0)).unwrap()
    }

    #[test]
    fn of_two_moves_at_one_ply_only_the_first_applies() {
        let mut connection = database();
        let batch = [queued(1, 0, None), queued(1, 0, None), queued(2, 4, Some("p4"))];
        assert_eq!(apply_batch(&mut connection, &batch).unwrap(), vec![0, 2]);
        assert_eq!(count(&connection, "SELECT COUNT(*) FROM moves"), 2);
        assert_eq!(count(&connection, "SELECT ply FROM games WHERE id = 1"), 1);
        assert_eq!(count(&connection, "SELECT ply FROM games WHERE id = 2"), 5);
    }

    #[test]
    fn a_row_changed_behind_the_cache_is_a_conflict() {
        let mut connection = database();
        assert!(apply_batch(&mut connection, &[queued(2, 4, Some("edited"))])
            .unwrap()
            .is_empty());
        assert_eq!(count(&connection, "SELECT ply FROM games WHERE id = 2"), 4);
    }

    #[test]
    fn a_failing_batch_leaves_nothing_written() {
        let mut connection = database();
        connection
            .execute("INSERT INTO moves (game_id, ply) VALUES (2, 5)", [])
            .unwrap();
        let batch = [queued(1, 0, None), queued(2, 4, None)];
        assert!(apply_batch(&mut connection, &batch).is_err());
        assert_eq!(count(&connection, "SELECT ply FROM games WHERE id = 1"), 0);
        assert_eq!(count(&connection, "SELECT COUNT(*) FROM moves"), 1);
    }
}
