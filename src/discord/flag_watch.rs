//! Live clocks on Discord: every process wakes at the earliest flag fall
//! it knows of, ends the game on time and announces it at once, not at
//! the scheduler's next tick.

use std::sync::atomic::Ordering;
use std::time::Duration;

use super::context::Context;
use super::{logged_by_the_store, Bot};

/// How often the earliest live-clock deadline is read again, so that a
/// move written by another process (whose deadline may come sooner) is
/// seen within this long. One indexed lookup.
const LOOK_AGAIN: Duration = Duration::from_secs(1);

impl Bot {
    /// Until the bot stops: sleeps until the earliest live-clock deadline
    /// (read at most [`LOOK_AGAIN`] ago, or the moment this process writes
    /// a live-clock move), then ends the games whose flag fell and sends
    /// their notices. Of several processes waking together, one writes
    /// each timeout (a conditional write) and the notice goes out once
    /// (under its lease).
    pub(super) async fn run_flag_watch(self, ctx: Context) {
        let mut stopped = self.stopped.clone();
        loop {
            let wait = self.until_next_flag_fall().await;
            if !wait.is_zero() {
                tokio::select! {
                    _ = tokio::time::sleep(wait) => {}
                    _ = self.service.live_clock_moved() => continue,
                    _ = stopped.changed() => {}
                }
            }
            if *stopped.borrow() {
                break;
            }
            self.end_flagged_games(&ctx).await;
        }
        tracing::debug!("flag watch stopped");
    }

    /// How long until the earliest flag fall, at most [`LOOK_AGAIN`]; zero
    /// if one fell already.
    async fn until_next_flag_fall(&self) -> Duration {
        match self.service.next_flag_fall().await {
            Ok(Some(deadline_ms)) => {
                let left = deadline_ms.saturating_sub(self.service.now_millis()).max(0);
                Duration::from_millis(left as u64).min(LOOK_AGAIN)
            }
            Ok(None) => LOOK_AGAIN,
            Err(error) => {
                if !logged_by_the_store(&error) {
                    tracing::error!(%error, "cannot read the next flag fall");
                }
                LOOK_AGAIN
            }
        }
    }

    /// Ends the games out of live time, then sends what is owed if this
    /// process ended one (another process that did sends its own).
    async fn end_flagged_games(&self, ctx: &Context) {
        match self.service.end_flagged_games().await {
            Ok(0) => {}
            Ok(_) => {
                self.in_flight.fetch_add(1, Ordering::SeqCst);
                let notices = self.service.notices_to_send().await;
                self.send_these_notices(ctx, notices).await;
                self.in_flight.fetch_sub(1, Ordering::SeqCst);
            }
            Err(error) => {
                if !logged_by_the_store(&error) {
                    tracing::error!(%error, "could not end the games whose flag fell");
                }
            }
        }
    }
}
