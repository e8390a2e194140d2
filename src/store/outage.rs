//! Conditions that make the database refuse work for a while rather than
//! one statement: a full disk, a read-only file, a server that does not
//! answer. Each press meeting one is answered with what is wrong (see
//! [`Unavailable`]); operators read about it here, in the log, once when it
//! starts, then at most once a minute while it lasts with the count of
//! failures meanwhile, and once when it ends — not once per press.
//!
//! The log is the process's, like the metrics: one report for all the
//! stores a process opens.

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
                if error.try_downcast_ref::<sqlx::sqlite::SqliteError>().is_some() {
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
    const NONE: Spell = Spell {
        since: None,
        told: false,
        reported: None,
        unreported: 0,
    };

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

static SPELLS: Mutex<[Spell; 3]> = Mutex::new([Spell::NONE; 3]);
/// Whether any spell is on: a statement that succeeds checks only this.
static ANY: AtomicBool = AtomicBool::new(false);

fn spells() -> std::sync::MutexGuard<'static, [Spell; 3]> {
    SPELLS.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A statement failed while `doing` what it says, for `why`.
pub(super) fn failed(why: Unavailable, doing: &'static str, error: &sqlx::Error) {
    ANY.store(true, Ordering::SeqCst);
    let report = spells()[why.index()].failed(Instant::now());
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

fn consequence(why: Unavailable) -> &'static str {
    match why {
        Unavailable::Full => "no move or game can be saved until space is freed",
        Unavailable::ReadOnly => "no move or game can be saved until the database is writable",
        Unavailable::Unreachable => "nothing can be read or saved until the server answers",
    }
}

/// Whether the server is not answering, as far as the latest statements
/// tell.
pub(super) fn unreachable() -> bool {
    ANY.load(Ordering::Relaxed) && spells()[Unavailable::Unreachable.index()].since.is_some()
}

/// A statement succeeded: the server answers.
pub(super) fn answered() {
    if ANY.load(Ordering::Relaxed) {
        end(&[Unavailable::Unreachable]);
    }
}

/// A write was committed: the database takes writes (and answers).
pub(super) fn wrote() {
    if ANY.load(Ordering::Relaxed) {
        end(&Unavailable::ALL);
    }
}

fn end(which: &[Unavailable]) {
    let now = Instant::now();
    let mut spells = spells();
    for &why in which {
        if let Some(lasted) = spells[why.index()].ended(now) {
            tracing::info!(
                lasted_s = lasted.as_secs(),
                "{} no longer: the database works again",
                why.describe()
            );
        }
    }
    ANY.store(spells.iter().any(|spell| spell.since.is_some()), Ordering::SeqCst);
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
