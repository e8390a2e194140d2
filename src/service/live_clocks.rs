//! Live time controls: a clock per player with an increment ("5+3": five
//! minutes each, three seconds added after each move), for games played at
//! once. Times are in milliseconds, by [`Clock::now_millis`](super::Clock).
//!
//! Both clocks are full as the game starts, and the first mover's clock
//! runs from then (not from their first move). After a move the mover has
//! what was left, less the time the move took, plus the increment; the
//! other player's clock then runs. The computer's clock never runs: while
//! it is to move, nobody's does. The player to move loses on time at the
//! instant their time is spent: every process watches the earliest such
//! deadline (see [`Service::end_flagged_games`]).

use super::{EndReason, GameView, Result, Service};
use crate::engine::{Seat, Winner};
use crate::store::{GameRow, GameStatus, LiveClockStart, LiveTurn, Written};

/// A live time control: each player's time, and what each move adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeControl {
    pub base_ms: i64,
    pub increment_ms: i64,
}

const fn minutes_plus_seconds(minutes: i64, seconds: i64) -> TimeControl {
    TimeControl {
        base_ms: minutes * 60_000,
        increment_ms: seconds * 1000,
    }
}

impl TimeControl {
    /// The time controls `/akon challenge` offers.
    pub const ALL: [TimeControl; 6] = [
        minutes_plus_seconds(1, 0),
        minutes_plus_seconds(3, 2),
        minutes_plus_seconds(5, 3),
        minutes_plus_seconds(10, 5),
        minutes_plus_seconds(15, 10),
        minutes_plus_seconds(30, 20),
    ];

    /// The [`code`](TimeControl::code)s of [`TimeControl::ALL`], in order.
    pub const CODES: [&'static str; 6] = ["1+0", "3+2", "5+3", "10+5", "15+10", "30+20"];

    /// One of [`TimeControl::ALL`] by its times, if it is one.
    pub fn from_millis(base_ms: i64, increment_ms: i64) -> Option<TimeControl> {
        let wanted = TimeControl { base_ms, increment_ms };
        TimeControl::ALL.into_iter().find(|&control| control == wanted)
    }

    /// Minutes plus seconds, as players write it: `5+3`.
    pub fn code(self) -> String {
        format!("{}+{}", self.base_ms / 60_000, self.increment_ms / 1000)
    }

    /// Both clocks full, the first turn starting at `now_ms`: the first
    /// mover's clock runs unless the computer moves first.
    pub(super) fn start(self, now_ms: i64, first_mover_is_the_computer: bool) -> LiveClockStart {
        LiveClockStart {
            base_ms: self.base_ms,
            increment_ms: self.increment_ms,
            turn: LiveTurn {
                remaining_ms: [self.base_ms; 2],
                started_ms: now_ms,
                deadline_ms: (!first_mover_is_the_computer).then_some(now_ms + self.base_ms),
            },
        }
    }
}

/// Text that is not the code of an offered time control.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownTimeControl(pub String);

/// Reads a [`code`](TimeControl::code) of [`TimeControl::ALL`], spaces
/// aside.
impl std::str::FromStr for TimeControl {
    type Err = UnknownTimeControl;

    fn from_str(text: &str) -> std::result::Result<TimeControl, UnknownTimeControl> {
        let wanted: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        TimeControl::ALL
            .into_iter()
            .find(|control| control.code() == wanted)
            .ok_or_else(|| UnknownTimeControl(text.to_string()))
    }
}

/// A game's live clock, as the current turn started: what a page needs to
/// show both clocks ticking without asking again until the next move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LiveClock {
    pub time_control: TimeControl,
    /// Each seat's time left (A, B) as at the start of the current turn.
    pub remaining_ms: [i64; 2],
    /// When the current turn started (Unix milliseconds).
    pub turn_started_ms: i64,
    /// The seat whose clock runs: `None` once the game is over, or while
    /// the computer is to move.
    pub running: Option<Seat>,
}

impl LiveClock {
    /// Each seat's time left (A, B) at `now_ms`: the running clock less
    /// the time since the turn started, never below zero.
    pub fn remaining_at(&self, now_ms: i64) -> [i64; 2] {
        let mut remaining = self.remaining_ms;
        if let Some(seat) = self.running {
            let elapsed = (now_ms - self.turn_started_ms).max(0);
            remaining[seat.index()] = (remaining[seat.index()] - elapsed).max(0);
        }
        remaining
    }

    /// When the running clock reaches zero (Unix milliseconds).
    pub fn flag_falls_at_ms(&self) -> Option<i64> {
        self.running
            .map(|seat| self.turn_started_ms + self.remaining_ms[seat.index()])
    }

    /// This clock as `turn` left it, `running` the seat whose clock runs.
    pub(super) fn at(self, turn: LiveTurn, running: Option<Seat>) -> LiveClock {
        LiveClock {
            remaining_ms: turn.remaining_ms,
            turn_started_ms: turn.started_ms,
            running: running.filter(|_| turn.deadline_ms.is_some()),
            ..self
        }
    }

    /// The turn after `mover` moved at `now_ms`: their time left less the
    /// move's, plus the increment (if their clock ran); `next`'s clock
    /// runs (`None`: the game is over, or the computer is to move).
    pub(super) fn after_move(&self, mover: Seat, next: Option<Seat>, now_ms: i64) -> LiveTurn {
        let mut remaining = self.remaining_ms;
        if self.running == Some(mover) {
            remaining[mover.index()] = self.remaining_at(now_ms)[mover.index()] + self.time_control.increment_ms;
        }
        turn_from(remaining, next, now_ms)
    }

    /// The clocks stopped at `now_ms` as the game ends without a move: the
    /// running clock charged with its turn.
    pub(super) fn stopped(&self, now_ms: i64) -> LiveTurn {
        turn_from(self.remaining_at(now_ms), None, now_ms)
    }

    /// A new turn at `now_ms` with the times left as they are (a move taken
    /// back): `next`'s clock runs.
    pub(super) fn restarted(&self, next: Option<Seat>, now_ms: i64) -> LiveTurn {
        turn_from(self.remaining_ms, next, now_ms)
    }
}

fn turn_from(remaining_ms: [i64; 2], running: Option<Seat>, now_ms: i64) -> LiveTurn {
    LiveTurn {
        remaining_ms,
        started_ms: now_ms,
        deadline_ms: running.map(|seat| now_ms + remaining_ms[seat.index()]),
    }
}

/// The live clock a stored game has, if any.
pub(super) fn live_clock_of(row: &GameRow) -> Option<LiveClock> {
    Some(LiveClock {
        time_control: TimeControl {
            base_ms: row.live_base_ms?,
            increment_ms: row.live_increment_ms?,
        },
        remaining_ms: [row.live_remaining_a_ms?, row.live_remaining_b_ms?],
        turn_started_ms: row.live_turn_started_ms?,
        // Only an ongoing game's clock runs, whatever a stored deadline says.
        running: row
            .live_deadline_ms
            .filter(|_| row.status == GameStatus::Ongoing)
            .map(|_| row.position.to_move()),
    })
}

impl Service {
    /// Milliseconds since the Unix epoch, by the service's clock.
    pub fn now_millis(&self) -> i64 {
        self.clock.now_millis()
    }

    /// The earliest instant (Unix milliseconds) at which a live clock of an
    /// ongoing game runs out, as stored: what a process sleeps until.
    pub async fn next_flag_fall(&self) -> Result<Option<i64>> {
        Ok(self.store.earliest_live_deadline().await?)
    }

    /// Waits until this process writes a live-clock move (whose new
    /// deadline may be earlier than any known), or returns at once if one
    /// was written since the last wait.
    pub async fn live_clock_moved(&self) {
        self.live_moves.notified().await
    }

    /// Ends every ongoing game whose live clock ran out by now, each by the
    /// conditional write of a timeout (of processes racing for it, one
    /// writes; the others find it over). Returns how many this call ended;
    /// their notices then go out as any timeout's.
    pub async fn end_flagged_games(&self) -> Result<usize> {
        self.end_games_flagged_by(self.now_millis()).await
    }

    /// Ends the games whose flag fell at `by_ms` or before; how many this
    /// call ended.
    pub(super) async fn end_games_flagged_by(&self, by_ms: i64) -> Result<usize> {
        let mut ended = 0;
        for id in self.store.games_out_of_live_time(by_ms).await? {
            match self.game(id).await {
                Ok(view) => {
                    if self.time_out_if_due(&view).await? {
                        ended += 1;
                    }
                }
                Err(error) => tracing::error!(%error, game_id = id, "cannot load a game out of live time"),
            }
        }
        Ok(ended)
    }

    /// Ends `view` on time if its live clock ran out (`Some(true)`: this
    /// call did it); `None` if it has no running live clock.
    pub(super) async fn live_time_out_if_due(&self, view: &GameView) -> Result<Option<bool>> {
        let Some(clock) = view.live_clock else { return Ok(None) };
        let (Some(deadline_ms), Some(seat)) = (clock.flag_falls_at_ms(), view.to_move()) else {
            return Ok(None);
        };
        if view.finished.is_some() || self.now_millis() < deadline_ms {
            return Ok(Some(false));
        }
        let finished = Some((EndReason::Timeout { seat }, Winner::Seat(seat.opponent())));
        let mut update = self.update_for(view, finished);
        // The flag fell at the deadline: the clock shows zero, whenever
        // this process got there.
        update.live = Some(clock.stopped(deadline_ms));
        let due_at = deadline_ms.div_euclid(1000);
        let written = self.store.time_out(view.id, view.ply(), &update, due_at).await?;
        if written == Written::Yes {
            tracing::info!(game_id = view.id, seat = %seat, "flag fell");
        }
        Ok(Some(written == Written::Yes))
    }

    /// Tells the flag watch of this process that a live-clock move was
    /// written.
    pub(super) fn live_clock_written(&self) {
        self.live_moves.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(remaining_ms: [i64; 2], running: Option<Seat>) -> LiveClock {
        LiveClock {
            time_control: minutes_plus_seconds(5, 3),
            remaining_ms,
            turn_started_ms: 10_000,
            running,
        }
    }

    #[test]
    fn codes_read_back_and_others_are_refused() {
        let codes: Vec<String> = TimeControl::ALL.iter().map(|control| control.code()).collect();
        assert_eq!(codes, TimeControl::CODES);
        for control in TimeControl::ALL {
            assert_eq!(control.code().parse::<TimeControl>(), Ok(control));
        }
        assert_eq!(" 5 + 3 ".parse::<TimeControl>(), Ok(minutes_plus_seconds(5, 3)));
        for text in ["5+4", "", "5", "+", "1d", "-1+0"] {
            assert!(text.parse::<TimeControl>().is_err(), "{text:?}");
        }
    }

    #[test]
    fn the_running_clock_counts_down_to_zero_and_no_further() {
        let live = clock([60_000, 30_000], Some(Seat::B));
        assert_eq!(live.remaining_at(10_000), [60_000, 30_000]);
        assert_eq!(live.remaining_at(25_500), [60_000, 14_500]);
        assert_eq!(live.remaining_at(40_000), [60_000, 0]);
        assert_eq!(live.remaining_at(99_000), [60_000, 0]);
        assert_eq!(live.flag_falls_at_ms(), Some(40_000));
        assert_eq!(clock([1, 2], None).remaining_at(99_000), [1, 2]);
    }

    #[test]
    fn a_move_charges_its_time_and_adds_the_increment() {
        let live = clock([60_000, 30_000], Some(Seat::A));
        let turn = live.after_move(Seat::A, Some(Seat::B), 22_000);
        assert_eq!(turn.remaining_ms, [60_000 - 12_000 + 3000, 30_000]);
        assert_eq!((turn.started_ms, turn.deadline_ms), (22_000, Some(52_000)));
        // The computer's clock does not run: nothing charged, nothing added.
        let waiting = clock([60_000, 30_000], None).after_move(Seat::B, Some(Seat::A), 22_000);
        assert_eq!(waiting.remaining_ms, [60_000, 30_000]);
        assert_eq!(waiting.deadline_ms, Some(82_000));
        let last = live.after_move(Seat::A, None, 22_000);
        assert_eq!(last.deadline_ms, None);
    }
}
