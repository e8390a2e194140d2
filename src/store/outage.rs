//! Conditions that make the database refuse work for a while rather than
//! one statement: a full disk, a read-only file, a server that does not
//! answer. Each press meeting one is answered with what is wrong (see
//! [`Unavailable`]); operators read about it here, in the log, once when it
//! starts, then at most once a minute while it lasts with the count of
//! failures meanwhile, and once when it ends — not once per press.
//!
//! Each [`Store`](super::Store) keeps its own account (an [`Outage`],
//! shared by its clones): two stores of one process, say two tests running
//! at once, neither hide nor end each other's conditions.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Why the database takes no writes, or no statements, for now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unavailable {
    /// The database or its disk is full: SQLite's `SQLITE_FULL` (also
    /// reached at `PRAGMA max_page_count`), PostgreSQL's `disk_full`.
    Full,
    /// The database takes no writes: SQLite's `SQLITE_READONLY` (file
    /// permissions, a read-only mount), PostgreSQL's
    /// `read_only_sql_transaction` (a standby).
    ReadOnly,
    /// The server does not answer or is restarting (PostgreSQL).
    Unreachable,
}

impl Unavailable {
    /// What `/healthz` and the log say.
    pub fn describe(self) -> &'static str {
        match self {
            Unavailable::Full => "database full",
            Unavailable::ReadOnly => "database read-only",
            Unavailable::Unreachable => "database unreachable",
        }
    }

    /// Which of the conditions `error` shows, if any.
    pub(super) fn of(error: &sqlx::Error) -> Option<Unavailable> {
        match error {
            sqlx::Error::Database(error) => {
                let sqlite = error.try_downcast_ref::<sqlx::sqlite::SqliteError>().is_some()
                    || error.try_downcast_ref::<super::direct::DirectError>().is_some();
                if sqlite {
                    // The extended result code; its low byte is the primary one.
                    let code: i64 = error.code()?.parse().ok()?;
                    return match code & 0xff {
                        SQLITE_FULL => Some(Unavailable::Full),
                        SQLITE_READONLY => Some(Unavailable::ReadOnly),
                        _ => None,
                    };
                }
                let state = error.code()?;
                match &*state {
                    "53100" => Some(Unavailable::Full),
                    "25006" => Some(Unavailable::ReadOnly),
                    // admin_shutdown, crash_shutdown, cannot_connect_now, and
                    // the connection exceptions.
                    "57P01" | "57P02" | "57P03" => Some(Unavailable::Unreachable),
                    state if state.starts_with("08") => Some(Unavailable::Unreachable),
                    _ => None,
                }
            }
            sqlx::Error::Io(_) | sqlx::Error::Tls(_) | sqlx::Error::PoolTimedOut => Some(Unavailable::Unreachable),
            _ => None,
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    const ALL: [Unavailable; 3] = [Unavailable::Full, Unavailable::ReadOnly, Unavailable::Unreachable];
}

const SQLITE_READONLY: i64 = 8;
const SQLITE_FULL: i64 = 13;

/// How often a lasting condition is reported again.
const REPORT_EVERY: Duration = Duration::from_secs(60);

/// One condition as the log knows it: a spell runs from its first
/// failure to the next success.
#[derive(Debug, Default, Clone, Copy)]
struct Spell {
    /// When the first failure of the running spell was seen.
    since: Option<Instant>,
    /// Whether the running spell was reported.
    told: bool,
    /// When the condition was last reported (in any spell), and the
    /// failures since.
    reported: Option<Instant>,
    unreported: u64,
}

/// What to log after a failure: the failures since the last report, and
/// how long the running spell has lasted.
#[derive(Debug, PartialEq, Eq)]
struct Report {
    failures: u64,
    for_s: u64,
}

impl Spell {
    fn failed(&mut self, now: Instant) -> Option<Report> {
        let since = *self.since.get_or_insert(now);
        self.unreported += 1;
        if self
            .reported
            .is_some_and(|reported| now.duration_since(reported) < REPORT_EVERY)
        {
            return None;
        }
        let report = Report {
            failures: self.unreported,
            for_s: now.duration_since(since).as_secs(),
        };
        self.reported = Some(now);
        self.unreported = 0;
        self.told = true;
        Some(report)
    }

    /// Ends the running spell; how long it lasted, if it was reported (an
    /// unreported one is counted in the next report).
    fn ended(&mut self, now: Instant) -> Option<Duration> {
        let since = self.since.take()?;
        std::mem::take(&mut self.told).then(|| now.duration_since(since))
    }
}

/// What a store knows of its conditions: the spells running, and whether
/// any is.
#[derive(Debug, Default)]
pub(super) struct Outage {
    spells: Mutex<[Spell; 3]>,
    /// Whether any spell is on: a statement that succeeds checks only this.
    any: AtomicBool,
}

impl Outage {
    fn spells(&self) -> std::sync::MutexGuard<'_, [Spell; 3]> {
        self.spells.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A statement failed while `doing` what it says, for `why`.
    pub(super) fn failed(&self, why: Unavailable, doing: &'static str, error: &sqlx::Error) {
        self.any.store(true, Ordering::SeqCst);
        let report = self.spells()[why.index()].failed(Instant::now());
        let what = why.describe();
        if let Some(Report { failures, for_s }) = report {
            tracing::error!(
                %error,
                doing,
                failures,
                for_s,
                "{what}: {}; players are told to try again later (said again at most once a minute while it lasts)",
                consequence(why)
            );
        }
    }

    /// Whether the server is not answering, as far as the latest
    /// statements tell.
    pub(super) fn unreachable(&self) -> bool {
        self.any.load(Ordering::Relaxed) && self.spells()[Unavailable::Unreachable.index()].since.is_some()
    }

    /// A statement succeeded: the server answers.
    pub(super) fn answered(&self) {
        if self.any.load(Ordering::Relaxed) {
            self.end(&[Unavailable::Unreachable]);
        }
    }

    /// A write was committed: the database takes writes (and answers).
    pub(super) fn wrote(&self) {
        if self.any.load(Ordering::Relaxed) {
            self.end(&Unavailable::ALL);
        }
    }

    fn end(&self, which: &[Unavailable]) {
        let now = Instant::now();
        let mut spells = self.spells();
        for &why in which {
            if let Some(lasted) = spells[why.index()].ended(now) {
                tracing::info!(
                    lasted_s = lasted.as_secs(),
                    "{} no longer: the database works again",
                    why.describe()
                );
            }
        }
        self.any
            .store(spells.iter().any(|spell| spell.since.is_some()), Ordering::SeqCst);
    }
}

fn consequence(why: Unavailable) -> &'static str {
    match why {
        Unavailable::Full => "no move or game can be saved until space is freed",
        Unavailable::ReadOnly => "no move or game can be saved until the database is writable",
        Unavailable::Unreachable => "nothing can be read or saved until the server answers",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_condition_is_reported_at_most_once_a_minute_with_the_failures_between() {
        let start = Instant::now();
        let at = |s: u64| start + Duration::from_secs(s);
        let mut spell = Spell::default();
        assert_eq!(spell.failed(at(0)), Some(Report { failures: 1, for_s: 0 }));
        for s in 1..60 {
            assert_eq!(spell.failed(at(s)), None, "at {s} s");
        }
        assert_eq!(
            spell.failed(at(60)),
            Some(Report {
                failures: 60,
                for_s: 60
            })
        );
        assert_eq!(spell.failed(at(61)), None);
        assert_eq!(spell.ended(at(70)), Some(Duration::from_secs(70)));
        assert_eq!(spell.ended(at(71)), None, "ended once");
        // Back within the minute: counted (with the one at 61 s), said at
        // the next report.
        assert_eq!(spell.failed(at(80)), None);
        assert_eq!(spell.ended(at(81)), None, "never said, so not said to end");
        assert_eq!(spell.failed(at(100)), None);
        assert_eq!(spell.failed(at(121)), Some(Report { failures: 4, for_s: 21 }));
    }

    #[test]
    fn each_account_keeps_its_own_conditions() {
        let (failing, other) = (Outage::default(), Outage::default());
        let refused = sqlx::Error::Io(std::io::ErrorKind::ConnectionRefused.into());
        failing.failed(Unavailable::Unreachable, "testing", &refused);
        assert!(failing.unreachable());
        assert!(
            !other.unreachable(),
            "another store's server answers as far as it knows"
        );
        other.wrote();
        assert!(failing.unreachable(), "another store's write ends nothing here");
        failing.answered();
        assert!(!failing.unreachable());
    }

    #[test]
    fn engines_codes_name_the_conditions() {
        assert_eq!(
            Unavailable::of(&sqlx::Error::Io(std::io::ErrorKind::ConnectionRefused.into())),
            Some(Unavailable::Unreachable)
        );
        assert_eq!(
            Unavailable::of(&sqlx::Error::PoolTimedOut),
            Some(Unavailable::Unreachable)
        );
        assert_eq!(Unavailable::of(&sqlx::Error::RowNotFound), None);
    }
}
