//! Time, injectable so that tests move it instead of sleeping.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// Seconds since the Unix epoch.
pub trait Clock: Send + Sync + std::fmt::Debug {
    fn now(&self) -> i64;

    /// Milliseconds since the Unix epoch, for live clocks. A clock that
    /// counts in seconds (as [`ManualClock`] does) gives whole seconds.
    fn now_millis(&self) -> i64 {
        self.now() * 1000
    }
}

#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0)
    }

    fn now_millis(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or(0)
    }
}

/// A clock that stands still until told to move.
#[derive(Debug, Clone)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    pub fn starting_at(now: i64) -> ManualClock {
        ManualClock(Arc::new(AtomicI64::new(now)))
    }

    pub fn advance(&self, seconds: i64) {
        self.0.fetch_add(seconds, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}
