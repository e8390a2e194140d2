//! Reminders at the player's pace. A move's clock has a few moments at
//! which a reminder may be owed: when a quarter of the time is left, when
//! an hour is left, and each full day since the move began. `reminder_at`
//! holds the next of these moments whatever the pace, so that a pace
//! changed mid-move applies from the next moment on; when a moment comes,
//! the pace of the player to move then says whether it is owed.

use super::{GameView, Result, Service};
use crate::store::{ReminderTaken, Written};

const DAY: i64 = 86_400;
const HOUR: i64 = 3_600;

/// How often a player is reminded of a move they owe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ReminderPace {
    /// Never.
    Off,
    /// Once, when a quarter of the time is left.
    #[default]
    Once,
    /// Also when an hour is left.
    LastHour,
    /// Also once a day while they have not moved.
    Daily,
}

impl ReminderPace {
    pub const ALL: [ReminderPace; 4] = [
        ReminderPace::Off,
        ReminderPace::Once,
        ReminderPace::LastHour,
        ReminderPace::Daily,
    ];

    /// Its code in commands and in the database.
    pub fn code(self) -> &'static str {
        match self {
            ReminderPace::Off => "none",
            ReminderPace::Once => "once",
            ReminderPace::LastHour => "hour",
            ReminderPace::Daily => "daily",
        }
    }

    pub fn from_code(code: &str) -> Option<ReminderPace> {
        ReminderPace::ALL.into_iter().find(|pace| pace.code() == code)
    }

    fn wants(self, kind: MomentKind) -> bool {
        match self {
            ReminderPace::Off => false,
            ReminderPace::Once => kind == MomentKind::QuarterLeft,
            ReminderPace::LastHour => kind != MomentKind::Daily,
            ReminderPace::Daily => true,
        }
    }
}

/// What a reminder moment is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MomentKind {
    QuarterLeft,
    HourLeft,
    Daily,
}

/// Every reminder moment of a move that must be made by `deadline` with
/// `seconds` for it, in time order; where two coincide the one more
/// players want is kept.
fn moments(deadline: i64, seconds: i64) -> Vec<(i64, MomentKind)> {
    let began = deadline - seconds;
    let mut moments = vec![(deadline - seconds / 4, MomentKind::QuarterLeft)];
    moments.push((deadline - HOUR, MomentKind::HourLeft));
    moments.extend(
        (1..)
            .map(|days| began + days * DAY)
            .take_while(|&at| at < deadline)
            .map(|at| (at, MomentKind::Daily)),
    );
    moments.retain(|&(at, _)| at > began && at < deadline);
    moments.sort_by_key(|&(at, kind)| (at, kind as u8));
    moments.dedup_by_key(|&mut (at, _)| at);
    moments
}

/// The first reminder moment after `now` of a move due by `deadline`.
pub(super) fn next_reminder(deadline: i64, seconds: i64, now: i64) -> Option<i64> {
    moments(deadline, seconds)
        .into_iter()
        .map(|(at, _)| at)
        .find(|&at| at > now)
}

/// Whether a player at `pace` is owed a reminder for the moment `due`,
/// taken at `now`: a moment they want lies between the two (a tick late,
/// or after downtime, still reminds once), or `due` is none of the moments
/// (set by an older rule), which counts as the quarter left.
fn owed(pace: ReminderPace, deadline: i64, seconds: i64, due: i64, now: i64) -> bool {
    let moments = moments(deadline, seconds);
    if !moments.iter().any(|&(at, _)| at == due) {
        return pace.wants(MomentKind::QuarterLeft);
    }
    moments
        .iter()
        .any(|&(at, kind)| at >= due && at <= now && pace.wants(kind))
}

impl Service {
    /// Takes every reminder moment that came: each is taken once (a
    /// conditional write), queues a reminder if the player's pace wants one,
    /// and moves the game's `reminder_at` to its next moment. Returns how
    /// many reminders were queued.
    pub async fn claim_due_reminders(&self) -> Result<usize> {
        let now = self.now();
        let mut queued = 0;
        for id in self.store.games_with_due_reminders(now).await? {
            let view = match self.game(id).await {
                Ok(view) => view,
                Err(error) => {
                    tracing::error!(%error, game_id = id, "cannot load a game with a reminder due");
                    continue;
                }
            };
            let clock = (view.reminder_at, view.deadline, view.seconds_per_move);
            let (Some(due), Some(deadline), Some(seconds)) = clock else {
                continue;
            };
            queued += usize::from(self.take_reminder(&view, (due, deadline, seconds), now).await?);
        }
        Ok(queued)
    }

    /// Takes `view`'s reminder moment `due` of its move due by `deadline`
    /// with `seconds` for it: `true` if a reminder was queued.
    async fn take_reminder(
        &self,
        view: &GameView,
        (due, deadline, seconds): (i64, i64, i64),
        now: i64,
    ) -> Result<bool> {
        let Some(to_move) = view.to_move() else {
            return Ok(false);
        };
        let pace = self.reminder_pace(view.player(to_move).user_id).await?;
        let owed = owed(pace, deadline, seconds, due, now);
        let taken = ReminderTaken {
            game_id: view.id,
            ply: view.ply(),
            due,
            next: next_reminder(deadline, seconds, now.max(due)),
            owed,
            deadline,
            now,
        };
        Ok(self.store.take_reminder(&taken).await? == Written::Yes && owed)
    }

    pub(super) async fn reminder_pace(&self, user_id: u64) -> Result<ReminderPace> {
        let code = self.store.reminder_pace(user_id).await?;
        Ok(ReminderPace::from_code(&code).unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: i64 = 1_000_000;

    #[test]
    fn a_move_of_three_days_has_daily_quarter_and_hour_moments() {
        let deadline = T + 3 * DAY;
        let at: Vec<(i64, MomentKind)> = moments(deadline, 3 * DAY);
        assert_eq!(
            at,
            vec![
                (T + DAY, MomentKind::Daily),
                (T + 2 * DAY, MomentKind::Daily),
                (deadline - 3 * DAY / 4, MomentKind::QuarterLeft),
                (deadline - HOUR, MomentKind::HourLeft),
            ]
        );
    }

    #[test]
    fn short_moves_have_only_the_quarter_left() {
        assert_eq!(
            moments(T + HOUR, HOUR),
            vec![(T + HOUR - HOUR / 4, MomentKind::QuarterLeft)]
        );
        assert_eq!(moments(T + 600, 600), vec![(T + 450, MomentKind::QuarterLeft)]);
    }

    #[test]
    fn a_coinciding_moment_keeps_the_kind_most_paces_want() {
        // Four days: the third day ends when a quarter is left.
        let at = moments(T + 4 * DAY, 4 * DAY);
        assert!(at.contains(&(T + 3 * DAY, MomentKind::QuarterLeft)));
        assert_eq!(at.iter().filter(|(moment, _)| *moment == T + 3 * DAY).count(), 1);
    }

    #[test]
    fn each_pace_is_owed_its_own_moments() {
        let (deadline, seconds) = (T + 3 * DAY, 3 * DAY);
        let daily = T + DAY;
        let hour = deadline - HOUR;
        let quarter = deadline - seconds / 4;
        assert!(!owed(ReminderPace::Once, deadline, seconds, daily, daily));
        assert!(!owed(ReminderPace::LastHour, deadline, seconds, daily, daily));
        assert!(owed(ReminderPace::Daily, deadline, seconds, daily, daily));
        assert!(owed(ReminderPace::Once, deadline, seconds, quarter, quarter));
        assert!(!owed(ReminderPace::Once, deadline, seconds, hour, hour));
        assert!(owed(ReminderPace::LastHour, deadline, seconds, hour, hour));
        assert!(!owed(ReminderPace::Off, deadline, seconds, quarter, quarter));
        // Taken late, past the quarter: still owed once.
        assert!(owed(ReminderPace::Once, deadline, seconds, T + 2 * DAY, quarter + 10));
        // A moment no rule knows counts as the quarter left.
        assert!(owed(ReminderPace::Once, deadline, seconds, 0, T));
    }

    #[test]
    fn the_next_moment_is_after_now() {
        let (deadline, seconds) = (T + 3 * DAY, 3 * DAY);
        assert_eq!(next_reminder(deadline, seconds, T), Some(T + DAY));
        assert_eq!(next_reminder(deadline, seconds, deadline - HOUR), None);
        assert_eq!(next_reminder(T + HOUR, HOUR, T), Some(T + HOUR - HOUR / 4));
    }
}
