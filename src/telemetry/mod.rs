//! What operators see of a running bot: the metrics, `/healthz` and the
//! small HTTP server that serves both (on `AKON_METRICS_ADDR`, off by
//! default).
//!
//! Every metric name and label lives here, behind one function per thing
//! counted, so the rest of the code says `telemetry::move_applied(..)` and
//! never spells a name. The functions go through the `metrics` facade,
//! which hands back no-op handles until [`serve`] installs the Prometheus
//! recorder: with metrics off they record nothing and hold no memory.
//!
//! This module sits beside `engine`, below `store`: it knows nothing of
//! ours. What `/healthz` checks is handed in as [`Check`]s by the layers
//! that know (`Store::health_check`, `discord::gateway_check`).

mod health;
mod server;

use std::future::Future;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use metrics::{counter, describe_counter, describe_gauge, describe_histogram, gauge, histogram, Unit};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusRecorder};

pub use health::{Check, Health};
pub use server::{serve, OpsServer, ServeError};

/// Interactions handled; labels `kind` (`command`, `button`, `other`),
/// `name` (the subcommand or the button's kind) and `outcome`
/// (`answered`, `refused`, `failed`).
pub const INTERACTIONS: &str = "akon_interactions_total";
/// From receiving an interaction to its handler finishing (including the
/// computer's reply move when there is one); labels `kind`, `name`.
pub const ANSWER_SECONDS: &str = "akon_answer_seconds";
/// Moves written to the database; label `by` (`player`, `computer`).
pub const MOVES_APPLIED: &str = "akon_moves_applied_total";
/// Messages the bot owes and has not delivered yet.
pub const OWED_PENDING: &str = "akon_owed_messages_pending";
/// Owed messages delivered by the delivery loop and the scheduler (boards,
/// results, challenges never shown, notices).
pub const OWED_DELIVERED: &str = "akon_owed_messages_delivered_total";
/// Owed messages given up because Discord refuses them for good (403,
/// 404); label `what` (`board`, `challenge`, `reminder`).
pub const OWED_GIVEN_UP: &str = "akon_owed_messages_given_up_total";
/// Failed deliveries of owed messages to be tried again later; label
/// `what`.
pub const OWED_RETRIED: &str = "akon_owed_messages_retried_total";
/// The log target of the lines that mark the bot's progress, one per
/// event (an interaction handled, a delivery pass done), at `debug`: off
/// unless `RUST_LOG` names it (`RUST_LOG=info,akon::progress=debug`), for
/// whoever must know that something has happened, such as a test that
/// checks that nothing more comes after it.
pub const PROGRESS: &str = "akon::progress";

/// How late the latest scheduler tick started, against its schedule.
pub const SCHEDULER_LAG: &str = "akon_scheduler_lag_seconds";
/// Computer searches running on blocking threads.
pub const SEARCHES_RUNNING: &str = "akon_computer_searches_running";
/// Failed database statements; label `doing` (what the statement was for).
pub const DATABASE_ERRORS: &str = "akon_database_errors_total";
/// On SQLite, how many moves each commit of queued moves wrote (group
/// commit, see `store::grouped_moves`).
pub const MOVES_PER_COMMIT: &str = "akon_sqlite_moves_per_commit";
/// On SQLite, the pages in the WAL at the latest checkpoint: it falls back
/// near zero each time the WAL starts over, and keeps growing if it cannot
/// (a reader stuck in an old snapshot).
pub const WAL_PAGES: &str = "akon_sqlite_wal_pages";
/// Board pictures attached to messages; label `cache` (`hit`: taken from
/// the cache of pictures drawn, `miss`: drawn).
pub const BOARD_PICTURES: &str = "akon_board_pictures_total";

/// The group-commit histogram's buckets: a batch holds at most 64 moves.
pub const MOVES_PER_COMMIT_BUCKETS: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0];

/// The answer-latency histogram's buckets, in seconds: Discord wants a
/// first answer within 3 s, and a hard computer move can take several.
pub const ANSWER_BUCKETS: &[f64] = &[0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];

/// What kind of interaction was handled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InteractionKind {
    Command,
    Button,
    Other,
}

impl InteractionKind {
    pub fn label(self) -> &'static str {
        match self {
            InteractionKind::Command => "command",
            InteractionKind::Button => "button",
            InteractionKind::Other => "other",
        }
    }
}

/// How an interaction ended, from the user's side. Ordered: an interaction
/// that met both a refusal and a failure counts as failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub enum Outcome {
    /// Done as asked.
    Answered = 0,
    /// Told why not (not your turn, a stale button, a bad option…).
    Refused = 1,
    /// Our fault: an apology, or no answer reached Discord.
    Failed = 2,
}

impl Outcome {
    pub fn label(self) -> &'static str {
        match self {
            Outcome::Answered => "answered",
            Outcome::Refused => "refused",
            Outcome::Failed => "failed",
        }
    }

    fn from_u8(value: u8) -> Outcome {
        match value {
            0 => Outcome::Answered,
            1 => Outcome::Refused,
            _ => Outcome::Failed,
        }
    }
}

/// What kind of owed message a delivery was about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwedMessage {
    /// A game's board or result.
    Board,
    /// The message of a challenge never shown.
    Challenge,
    /// A scheduler notice (a reminder, a timeout's result).
    Notice,
}

impl OwedMessage {
    pub const ALL: [OwedMessage; 3] = [OwedMessage::Board, OwedMessage::Challenge, OwedMessage::Notice];

    pub fn label(self) -> &'static str {
        match self {
            OwedMessage::Board => "board",
            OwedMessage::Challenge => "challenge",
            OwedMessage::Notice => "notice",
        }
    }
}

/// Who played a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MovedBy {
    Player,
    Computer,
}

tokio::task_local! {
    /// The outcome of the interaction whose handler runs in this task. The
    /// refusal or failure is known deep in the handlers (where a service
    /// error becomes a message); a task-local lets them say so without
    /// threading a value through every answering function.
    static OUTCOME: Arc<AtomicU8>;
}

/// Times one interaction and records it, with its outcome, when finished.
#[derive(Debug)]
pub struct InteractionTimer {
    kind: InteractionKind,
    name: &'static str,
    received: Instant,
    outcome: Arc<AtomicU8>,
}

impl InteractionTimer {
    /// Starts timing, at the moment the interaction is received.
    pub fn start(kind: InteractionKind, name: &'static str) -> InteractionTimer {
        InteractionTimer {
            kind,
            name,
            received: Instant::now(),
            outcome: Arc::new(AtomicU8::new(Outcome::Answered as u8)),
        }
    }

    /// Runs `handler` so that [`interaction_outcome`] calls inside it reach
    /// this timer.
    pub fn scope<F: Future>(&self, handler: F) -> impl Future<Output = F::Output> + use<F> {
        OUTCOME.scope(self.outcome.clone(), handler)
    }

    /// Marks the interaction (for outcomes known outside the handler, such
    /// as a panic).
    pub fn mark(&self, outcome: Outcome) {
        self.outcome.fetch_max(outcome as u8, Ordering::Relaxed);
    }

    pub fn outcome(&self) -> Outcome {
        Outcome::from_u8(self.outcome.load(Ordering::Relaxed))
    }

    /// Records the interaction: its count and how long it took.
    pub fn finish(self) {
        record_interaction(self.kind, self.name, self.outcome(), self.received.elapsed());
    }
}

/// Marks the interaction being handled in this task as refused or failed
/// (an interaction is `answered` unless marked). Outside an interaction's
/// handler it does nothing.
pub fn interaction_outcome(outcome: Outcome) {
    let _ = OUTCOME.try_with(|current| current.fetch_max(outcome as u8, Ordering::Relaxed));
}

/// Counts one handled interaction and its answer latency.
pub fn record_interaction(kind: InteractionKind, name: &'static str, outcome: Outcome, elapsed: Duration) {
    counter!(INTERACTIONS, "kind" => kind.label(), "name" => name, "outcome" => outcome.label()).increment(1);
    histogram!(ANSWER_SECONDS, "kind" => kind.label(), "name" => name).record(elapsed.as_secs_f64());
}

/// A move was written to the database.
pub fn move_applied(by: MovedBy) {
    let by = match by {
        MovedBy::Player => "player",
        MovedBy::Computer => "computer",
    };
    counter!(MOVES_APPLIED, "by" => by).increment(1);
}

/// How many owed messages wait to be delivered, counted by whoever keeps
/// them: set it whenever the number is known (after a delivery round).
/// The scheduler sets it after each tick: notices it could not send, and
/// games still owing a board, a result or a stale board's stripping.
pub fn owed_pending(count: usize) {
    gauge!(OWED_PENDING).set(count as f64);
}

/// One owed message was delivered (call it once the send succeeded).
pub fn owed_delivered() {
    counter!(OWED_DELIVERED).increment(1);
}

/// An owed message was given up: Discord refuses it for good.
pub fn owed_given_up(what: OwedMessage) {
    counter!(OWED_GIVEN_UP, "what" => what.label()).increment(1);
}

/// An owed message failed for now and will be tried again.
pub fn owed_retried(what: OwedMessage) {
    counter!(OWED_RETRIED, "what" => what.label()).increment(1);
}

/// The scheduler's latest tick started `lag` after it was due.
pub fn scheduler_lag(lag: Duration) {
    gauge!(SCHEDULER_LAG).set(lag.as_secs_f64());
}

/// Counts a computer search as running until the guard is dropped.
pub fn search_started() -> SearchRunning {
    gauge!(SEARCHES_RUNNING).increment(1.0);
    SearchRunning { _private: () }
}

/// A running computer search; see [`search_started`].
#[derive(Debug)]
#[must_use = "the search counts as running only while this guard lives"]
pub struct SearchRunning {
    _private: (),
}

impl Drop for SearchRunning {
    fn drop(&mut self) {
        gauge!(SEARCHES_RUNNING).decrement(1.0);
    }
}

/// A database statement failed while `doing` what it says.
pub fn database_error(doing: &'static str) {
    counter!(DATABASE_ERRORS, "doing" => doing).increment(1);
}

/// The latest checkpoint found `pages` pages in the WAL.
pub fn wal_pages(pages: i64) {
    gauge!(WAL_PAGES).set(pages as f64);
}

/// A board picture was attached: taken from the cache (`cached`) or drawn.
pub fn board_picture(cached: bool) {
    counter!(BOARD_PICTURES, "cache" => if cached { "hit" } else { "miss" }).increment(1);
}

/// One commit of queued moves wrote `count` of them.
pub fn moves_committed_together(count: usize) {
    histogram!(MOVES_PER_COMMIT).record(count as f64);
}

/// The Prometheus recorder with our histogram buckets (without buckets the
/// exporter would render a summary, which cannot be aggregated).
pub fn recorder() -> PrometheusRecorder {
    PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Full(ANSWER_SECONDS.to_string()), ANSWER_BUCKETS)
        .expect("the answer buckets are not empty")
        .set_buckets_for_metric(Matcher::Full(MOVES_PER_COMMIT.to_string()), MOVES_PER_COMMIT_BUCKETS)
        .expect("the group-commit buckets are not empty")
        .build_recorder()
}

/// Describes every metric and starts the unlabelled ones at zero, so a
/// scrape shows them all from the start. Call it with the recorder
/// installed.
pub fn describe() {
    describe_counter!(INTERACTIONS, "Interactions handled, by kind, name and outcome.");
    describe_histogram!(
        ANSWER_SECONDS,
        Unit::Seconds,
        "From receiving an interaction to its handler finishing."
    );
    describe_counter!(MOVES_APPLIED, "Moves written to the database, by who played them.");
    describe_gauge!(OWED_PENDING, "Owed messages not delivered yet.");
    describe_counter!(OWED_DELIVERED, "Owed messages delivered.");
    describe_counter!(
        OWED_GIVEN_UP,
        "Owed messages given up because Discord refuses them for good, by kind."
    );
    describe_counter!(
        OWED_RETRIED,
        "Failed deliveries of owed messages to be retried, by kind."
    );
    describe_gauge!(
        SCHEDULER_LAG,
        Unit::Seconds,
        "How late the latest scheduler tick started."
    );
    describe_gauge!(SEARCHES_RUNNING, "Computer searches running.");
    describe_counter!(DATABASE_ERRORS, "Failed database statements, by what they were for.");
    describe_histogram!(
        MOVES_PER_COMMIT,
        "On SQLite, moves written by each commit of queued moves."
    );
    describe_gauge!(WAL_PAGES, "On SQLite, pages in the WAL at the latest checkpoint.");
    describe_counter!(
        BOARD_PICTURES,
        "Board pictures attached, taken from the cache (hit) or drawn (miss)."
    );
    gauge!(OWED_PENDING).set(0.0);
    counter!(OWED_DELIVERED).absolute(0);
    for what in OwedMessage::ALL {
        counter!(OWED_GIVEN_UP, "what" => what.label()).absolute(0);
        counter!(OWED_RETRIED, "what" => what.label()).absolute(0);
    }
    gauge!(SCHEDULER_LAG).set(0.0);
    gauge!(SEARCHES_RUNNING).set(0.0);
    for by in ["player", "computer"] {
        counter!(MOVES_APPLIED, "by" => by).absolute(0);
    }
    for cache in ["hit", "miss"] {
        counter!(BOARD_PICTURES, "cache" => cache).absolute(0);
    }
}

#[cfg(test)]
mod tests;
