//! Group commit of moves on SQLite. Every write goes through the one
//! writer connection, so at load moves queue for it, and each paid a trip
//! to the connection's thread, a transaction and a commit of its own. Here
//! the moves queued meanwhile go to SQLite as one batch: one trip, one
//! transaction, one commit, each move still its own conditional update and
//! append, so that of two presses for the same move exactly one applies.
//!
//! Only a move after which the game goes on is grouped (finishing a game
//! writes its results too, see `Store::record_move`). The batch runs in a
//! task of its own, so that a caller that stops waiting cannot abandon the
//! other callers' moves half-way.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use tokio::sync::oneshot;

use crate::engine::Position;

use super::positions::position_text;
use super::{to_db, Doing, GameRow, GameStatus, GameUpdate, NewMove, Result, Store, StoreError, Written};

/// The most moves one batch writes; a batch is padded to a power of two, so
/// that SQLite prepares one statement per size, not per count.
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

/// Parameters each move binds in a batch.
const PARAMETERS_PER_MOVE: usize = 15;

/// A move's parameters in the batch. The default pads a batch:
/// no game has id 0, so it changes nothing.
#[derive(Debug, Default)]
struct MoveRow {
    game_id: i64,
    expected_ply: i64,
    seat: String,
    hole: i64,
    user_id: i64,
    /// The new position as stored, and as the cache keeps it (`None`: a
    /// padding row, never applied).
    position: String,
    new_position: Option<Position>,
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
        if let Some(position) = self.new_position {
            game.position = position;
        }
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
            new_position: Some(update.position),
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
            tokio::spawn(self.clone().write_queued_moves());
        }
        // The writing task answers every move it takes; it ends only when
        // the queue is empty.
        outcome.await.unwrap_or(Err(StoreError::Closed))
    }

    /// Writes queued moves, a batch at a time, until none is left.
    async fn write_queued_moves(self) {
        let queue = &self.queued_moves;
        loop {
            let batch = queue.next_batch();
            if batch.is_empty() {
                queue.writing.store(false, Ordering::SeqCst);
                // A move queued after the batch was taken, whose caller saw
                // this task still writing: written here unless another task
                // has started for it.
                if queue.waiting().is_empty() || queue.writing.swap(true, Ordering::SeqCst) {
                    return;
                }
                continue;
            }
            self.write_batch(batch).await;
        }
    }

    /// Writes `batch` in one transaction and answers each move. If the
    /// batch fails, each move is tried alone, so that one move's failure is
    /// not the others'.
    async fn write_batch(&self, batch: Vec<QueuedMove>) {
        let applied = self.run_batch(&batch).await;
        match applied {
            Ok(applied) => {
                crate::telemetry::moves_committed_together(batch.len());
                for (index, queued) in batch.into_iter().enumerate() {
                    let written = if applied.contains(&(index as i64)) {
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
                    let written = self.run_batch(alone).await;
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
    async fn run_batch(&self, batch: &[QueuedMove]) -> Result<Vec<i64>> {
        let size = batch.len().next_power_of_two();
        let padding = MoveRow::default();
        let rows = batch
            .iter()
            .map(|queued| &queued.row)
            .chain(std::iter::repeat_n(&padding, size - batch.len()));
        let mut query = sqlx::query_scalar::<_, i64>(batch_sql(size));
        for row in rows {
            query = query
                .bind(row.game_id)
                .bind(row.expected_ply)
                .bind(row.expected_ply + 1)
                .bind(row.position.as_str())
                .bind(row.captured_a)
                .bind(row.captured_b)
                .bind(row.now)
                .bind(row.deadline)
                .bind(row.reminder_at)
                .bind(row.loop_history.as_deref())
                .bind(row.seat.as_str())
                .bind(row.hole)
                .bind(row.user_id)
                .bind(row.kept.as_ref().map(|(position, _)| position.as_str()))
                .bind(row.kept.as_ref().and_then(|(_, history)| history.as_deref()));
        }
        let mut writer = self.writer().await?;
        self.connections.batch_open(true);
        let applied = query.fetch_all(&mut *writer).await;
        match &applied {
            // Told while the writer is held, so in commit order.
            Ok(applied) => {
                if !applied.is_empty() {
                    self.outage.wrote();
                }
                for (index, queued) in batch.iter().enumerate() {
                    let row = &queued.row;
                    if applied.contains(&(index as i64)) {
                        self.games.changed(row.game_id, |game| row.apply_to(game));
                    } else {
                        // Another press came first, or the row is not what
                        // the cache holds: the next read goes to the file.
                        self.games.forget(row.game_id);
                    }
                }
            }
            Err(_) => {
                // The batch stopped inside its transaction: ended here, so
                // that the writer is clean for the next write (an error
                // only means it had ended).
                let _ = sqlx::query("ROLLBACK").execute(&mut *writer).await;
                for queued in batch {
                    self.games.forget(queued.row.game_id);
                }
            }
        }
        self.connections.batch_open(false);
        applied.doing(&self.outage, "recording a move")
    }
}

/// The statement batch for `size` moves (a power of two up to
/// [`MOST_PER_BATCH`]): per move, the game's conditional update and the
/// append of the move only if that update changed the game, returning the
/// move's index in the batch; fifteen parameters per move.
fn batch_sql(size: usize) -> &'static str {
    static SQL: OnceLock<Vec<String>> = OnceLock::new();
    let by_power = SQL.get_or_init(|| {
        (0..=MOST_PER_BATCH.trailing_zeros())
            .map(|power| {
                let mut sql = String::from("BEGIN IMMEDIATE;\n");
                for index in 0..1usize << power {
                    let p = |n: usize| format!("${}", index * PARAMETERS_PER_MOVE + n);
                    sql.push_str(&format!(
                        "UPDATE games SET ply = {p3}, position = {p4}, captured_a = {p5}, captured_b = {p6},
                             updated_at = {p7}, deadline = {p8}, reminder_at = {p9}, loop_history = {p10}
                         WHERE id = {p1} AND ply = {p2} AND status = 'ongoing'
                             AND ({p14} IS NULL OR (position = {p14} AND loop_history IS {p15}));
                         INSERT INTO moves (game_id, ply, seat, hole, user_id, played_at)
                             SELECT {p1}, {p3}, {p11}, {p12}, {p13}, {p7} WHERE changes() = 1 RETURNING {index};\n",
                        p1 = p(1),
                        p2 = p(2),
                        p3 = p(3),
                        p4 = p(4),
                        p5 = p(5),
                        p6 = p(6),
                        p7 = p(7),
                        p8 = p(8),
                        p9 = p(9),
                        p10 = p(10),
                        p11 = p(11),
                        p12 = p(12),
                        p13 = p(13),
                        p14 = p(14),
                        p15 = p(15),
                    ));
                }
                sql.push_str("COMMIT;");
                sql
            })
            .collect()
    });
    &by_power[size.trailing_zeros() as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_numbers_fifteen_parameters_per_move_and_returns_each_index() {
        let sql = batch_sql(4);
        assert!(sql.starts_with("BEGIN IMMEDIATE;"));
        assert!(sql.ends_with("COMMIT;"));
        assert_eq!(sql.matches("UPDATE games").count(), 4);
        assert!(sql.contains("WHERE id = $46 AND ply = $47"));
        assert!(sql.contains("($59 IS NULL OR (position = $59 AND loop_history IS $60))"));
        assert!(sql.contains("$58, $52 WHERE changes() = 1 RETURNING 3;"));
        assert!(!sql.contains("$61"));
    }

    #[test]
    fn sizes_are_powers_of_two_up_to_the_most_per_batch() {
        assert_eq!(batch_sql(1).matches("UPDATE games").count(), 1);
        assert_eq!(
            batch_sql(MOST_PER_BATCH).matches("UPDATE games").count(),
            MOST_PER_BATCH
        );
    }
}
