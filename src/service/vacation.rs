//! Vacations: `/akon vacation on|off`. While a player is away the clocks of
//! their correspondence games stand still, their opponents' too (so that
//! nobody has less time than a move's), except in the games of tournaments
//! that do not allow vacations. It ends when they turn it off, when they
//! move in a game whose clock stands still, or when the year's allowance
//! runs out.
//!
//! A clock stops by moving the game's deadline into `paused_clocks`; it
//! starts again with the time that was left (or, if the opponent moved
//! meanwhile, a whole move's time from the end). The scheduler stops the
//! clocks of games that start during a vacation, ends the vacations whose
//! allowance ran out, and starts any clock left stopped with no vacation
//! keeping it (a move that raced the end of a vacation).

use super::reminders::next_reminder;
use super::{GameView, NoticeView, Player, Result, Service, ServiceError};
use crate::calendar::Day;
use crate::store::{Ended, Notice, PausedClock, Resume, VacationEnd, VacationEnding, VacationRow, Written};

const DAY: i64 = 86_400;

/// Days of vacation each player has per calendar year (UTC): four weeks
/// and two days, a long holiday or a few short ones, while a tournament
/// round or a game can still not be held up for months.
pub const VACATION_DAYS_PER_YEAR: i64 = 30;

/// Times an ending is tried again when a game changed under it.
const ENDING_ATTEMPTS: usize = 5;

/// Days a vacation from `started_at` to `ended_at` uses: whole days, a day
/// begun counting as one, so that the allowance cannot be stretched by
/// turning vacations on and off.
fn days_used(started_at: i64, ended_at: i64) -> i64 {
    ((ended_at - started_at).max(1) + DAY - 1) / DAY
}

fn year_of(at: i64) -> i64 {
    i64::from(Day::of(at).year_month_day().0)
}

/// A player's vacation this year.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VacationView {
    /// Since when they are away, and when their allowance runs out, if
    /// they are now.
    pub away: Option<(i64, i64)>,
    /// Days used this year, a day begun counting as one, and allowed.
    pub days_used: i64,
    pub days_allowed: i64,
}

/// What `/akon vacation` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VacationChanged {
    pub vacation: VacationView,
    /// Clocks stopped (turned on) or started again (turned off).
    pub games: usize,
}

impl Service {
    /// `/akon vacation on`: refused if already away or if the year's
    /// allowance is used up. Allowed with no game under way: the games that
    /// start while away stand still too.
    pub async fn vacation_on(&self, player: &Player) -> Result<VacationChanged> {
        let now = self.now();
        self.remember(player).await?;
        if self.store.vacation_on(player.id).await?.is_some() {
            return Err(ServiceError::AlreadyOnVacation);
        }
        let year = year_of(now);
        let used = self.days_used_in(player.id, year, now).await?;
        if used >= VACATION_DAYS_PER_YEAR {
            return Err(ServiceError::VacationAllowanceUsed(VACATION_DAYS_PER_YEAR));
        }
        let ends_by = now + (VACATION_DAYS_PER_YEAR - used) * DAY;
        if self.store.start_vacation(player.id, year, now, ends_by).await? == Written::Conflict {
            return Err(ServiceError::AlreadyOnVacation);
        }
        tracing::info!(user_id = player.id, ends_by, "vacation started");
        self.pause_clocks_for(Some(player.id)).await?;
        // The scheduler may have stopped some of these clocks first, as
        // soon as the vacation began: the player is told of every clock of
        // theirs stopped since, whoever stopped it (not of one stopped
        // before, for an opponent away).
        let stopped = self.store.paused_clocks_of(player.id).await?;
        let games = stopped
            .iter()
            .filter(|clock| clock.ongoing != 0 && clock.paused_at >= now)
            .count();
        Ok(VacationChanged {
            vacation: self.vacation(player.id).await?,
            games,
        })
    }

    /// `/akon vacation off`: refused if not away.
    pub async fn vacation_off(&self, player: &Player) -> Result<VacationChanged> {
        let away = self.store.vacation_on(player.id).await?;
        let Some(vacation) = away else {
            return Err(ServiceError::NotOnVacation);
        };
        let games = self.end_vacation(&vacation, self.now(), VacationEnd::TurnedOff).await?;
        Ok(VacationChanged {
            vacation: self.vacation(player.id).await?,
            games: games.unwrap_or(0),
        })
    }

    /// A player's vacation this year, for `/akon stats`.
    pub async fn vacation(&self, user_id: u64) -> Result<VacationView> {
        let now = self.now();
        let away = self.store.vacation_on(user_id).await?;
        Ok(VacationView {
            away: away.map(|vacation| (vacation.started_at, vacation.ends_by)),
            days_used: self.days_used_in(user_id, year_of(now), now).await?,
            days_allowed: VACATION_DAYS_PER_YEAR,
        })
    }

    /// Days of `year`'s allowance used by `user_id` at `now`.
    async fn days_used_in(&self, user_id: u64, year: i64, now: i64) -> Result<i64> {
        let vacations = self.store.vacations_in(user_id, year).await?;
        Ok(vacations
            .iter()
            .map(|vacation| days_used(vacation.started_at, vacation.ended_at.unwrap_or(now)))
            .sum())
    }

    /// Ends `vacation` at `end` and starts its clocks again: how many, or
    /// `None` if someone else ended it first.
    async fn end_vacation(&self, vacation: &VacationRow, end: i64, why: VacationEnd) -> Result<Option<usize>> {
        let user_id = vacation.user_id;
        for _ in 0..ENDING_ATTEMPTS {
            let clocks = self.store.paused_clocks_of(user_id).await?;
            let resumes: Vec<Resume> = clocks.iter().filter_map(|clock| resume_of(clock, end)).collect();
            let tell_player = (why == VacationEnd::Allowance).then(|| (user_id, clocks.first().map(|c| c.game_id)));
            let ending = VacationEnding {
                vacation_id: vacation.id,
                now: end,
                end: why,
                resumes: &resumes,
                tell_player,
            };
            match self.store.end_vacation(&ending).await? {
                Ended::Yes => {
                    tracing::info!(user_id, reason = ?why, "vacation ended");
                    let running = resumes.iter().filter(|r| matches!(r, Resume::Run { .. })).count();
                    return Ok(Some(running));
                }
                Ended::AlreadyEnded => return Ok(None),
                Ended::GameChanged => continue,
            }
        }
        Err(ServiceError::VacationBusy)
    }

    /// After `user_id` moved in a game whose clock stood still: their
    /// vacation, if they are away, ends; `view`'s deadline as it is then.
    pub(super) async fn end_vacation_by_move(&self, user_id: u64, view: &mut GameView) -> Result<()> {
        if let Some(vacation) = self.store.vacation_on(user_id).await? {
            self.end_vacation(&vacation, self.now(), VacationEnd::Moved).await?;
            if let Some(row) = self.store.game(view.id).await? {
                view.deadline = row.deadline;
            }
        }
        Ok(())
    }

    /// Stops the running clocks of the games of players away (`user_id`'s
    /// alone if given): the games that started since, or a clock a race
    /// started again. Each opponent is told once per vacation.
    async fn pause_clocks_for(&self, user_id: Option<u64>) -> Result<usize> {
        let games = self.store.pausable_games(user_id).await?;
        if games.is_empty() {
            return Ok(0);
        }
        let told: Vec<_> = games
            .into_iter()
            .map(|game| {
                let tell = game.against_the_computer == 0;
                (game, tell)
            })
            .collect();
        Ok(self.store.pause_clocks(&told, self.now()).await?)
    }

    /// The scheduler's step: the clocks of players away stand still.
    pub(super) async fn pause_clocks_of_players_away(&self) -> Result<usize> {
        self.pause_clocks_for(None).await
    }

    /// The scheduler's step: vacations whose allowance ran out end then,
    /// and their players are told.
    pub(super) async fn end_vacations_out_of_allowance(&self) -> Result<()> {
        for vacation in self.store.vacations_out_of_allowance(self.now()).await? {
            // One vacation that cannot end now is tried again at the next
            // tick; it holds back no other, nor the tick's notices.
            let ending = self.end_vacation(&vacation, vacation.ends_by, VacationEnd::Allowance);
            if let Err(error) = ending.await {
                tracing::error!(%error, user_id = vacation.user_id, "cannot end a vacation out of allowance");
            }
        }
        Ok(())
    }

    /// The scheduler's step: a clock left standing still with no vacation
    /// keeping it (a move that raced the end of a vacation) runs again,
    /// with a whole move's time.
    pub(super) async fn restart_clocks_unkept(&self) -> Result<()> {
        let now = self.now();
        for id in self.store.stopped_clocks_unkept().await? {
            let view = match self.game(id).await {
                Ok(view) => view,
                Err(error) => {
                    tracing::error!(%error, game_id = id, "cannot load a game whose clock stands still");
                    continue;
                }
            };
            let Some(seconds) = view.seconds_per_move else { continue };
            if !view.clock_paused() {
                continue;
            }
            let deadline = now + seconds;
            let reminder = next_reminder(deadline, seconds, now);
            if self
                .store
                .restart_clock(view.id, view.ply(), deadline, reminder)
                .await?
                == Written::Yes
            {
                tracing::warn!(game_id = view.id, "a clock stood still with no vacation; it runs again");
            }
        }
        Ok(())
    }

    /// What a vacation's notice says, read now.
    pub(super) async fn vacation_notice_view(&self, notice: &Notice) -> Result<Option<NoticeView>> {
        let Some(user_id) = notice.user_id else {
            return Ok(None);
        };
        let view = match notice.game_id {
            Some(game_id) => Some(self.game(game_id).await?),
            None => None,
        };
        if notice.kind == "vacation" {
            let Some(view) = view else { return Ok(None) };
            let Some(seat) = view.seat_of(user_id) else {
                return Ok(None);
            };
            let opponent = view.player(seat.opponent()).user_id;
            let dm = self.settings(opponent).await?.dm_reminders;
            return Ok(Some(NoticeView::VacationStarted {
                id: notice.id,
                view,
                away: user_id,
                dm,
            }));
        }
        let dm = view.is_none() || self.settings(user_id).await?.dm_reminders;
        Ok(Some(NoticeView::VacationOver {
            id: notice.id,
            user_id,
            view,
            dm,
        }))
    }
}

/// What ending a vacation at `end` does to `clock`: it runs again with the
/// time it had left (a whole move's time if the opponent moved since),
/// stays still while the opponent is away, or is forgotten with its game.
fn resume_of(clock: &PausedClock, end: i64) -> Option<Resume> {
    let Some(seconds) = clock.seconds_per_move.filter(|_| clock.ongoing == 1) else {
        return Some(Resume::Forget { game_id: clock.game_id });
    };
    if clock.opponent_away == 1 {
        return None;
    }
    let deadline = match clock.current_ply == clock.ply {
        true => clock.deadline + (end - clock.paused_at).max(0),
        false => end + seconds,
    };
    Some(Resume::Run {
        game_id: clock.game_id,
        ply: clock.current_ply,
        deadline,
        reminder_at: next_reminder(deadline, seconds, end),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_begun_counts_as_one() {
        assert_eq!(days_used(0, 0), 1);
        assert_eq!(days_used(0, 60), 1);
        assert_eq!(days_used(0, DAY), 1);
        assert_eq!(days_used(0, DAY + 1), 2);
        assert_eq!(days_used(0, 30 * DAY), 30);
    }

    fn clock(current_ply: i64) -> PausedClock {
        PausedClock {
            game_id: 7,
            ply: 4,
            deadline: 1_000,
            paused_at: 400,
            current_ply,
            seconds_per_move: Some(3_600),
            ongoing: 1,
            opponent_away: 0,
        }
    }

    #[test]
    fn a_clock_runs_again_with_the_time_it_had_left() {
        let Some(Resume::Run { deadline, .. }) = resume_of(&clock(4), 10_000) else {
            panic!("runs again");
        };
        assert_eq!(deadline, 10_000 + 600);
    }

    #[test]
    fn after_the_opponent_moved_the_clock_starts_a_whole_move() {
        let Some(Resume::Run { deadline, ply, .. }) = resume_of(&clock(5), 10_000) else {
            panic!("runs again");
        };
        assert_eq!((deadline, ply), (10_000 + 3_600, 5));
    }

    #[test]
    fn a_clock_stays_still_while_the_opponent_is_away() {
        let away = PausedClock {
            opponent_away: 1,
            ..clock(4)
        };
        assert_eq!(resume_of(&away, 10_000), None);
    }
}
