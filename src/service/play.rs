//! A player's move: checked against the board they pressed on, applied by
//! the engine, written once.

use super::games::Read;
use super::views::finish_of;
use super::{schedule, EndReason, GameView, MoveApplied, Player, Result, Service, ServiceError};
use crate::engine::{Hole, MoveOutcome, Seat, Winner};
use crate::store::{self, Finish, GameUpdate, MoveRow, NewMove, Written};

/// Refusals that rest on the game as read, with nothing written.
fn decided_on_the_read(error: &ServiceError) -> bool {
    matches!(
        error,
        ServiceError::NotAPlayer
            | ServiceError::GameOver
            | ServiceError::StaleButton
            | ServiceError::OutdatedBoard
            | ServiceError::NotYourTurn(_)
            | ServiceError::IllegalMove(_)
            | ServiceError::GameNotFound
    )
}

/// A move as pressed: `user` plays `hole` in game `game_id` on the board
/// showing move number `ply`, pressed on message `message_id` (if it came
/// from a board message).
#[derive(Debug, Clone, Copy)]
pub struct MovePress<'a> {
    pub game_id: i64,
    pub ply: i64,
    pub hole: Hole,
    pub user: &'a Player,
    pub message_id: Option<u64>,
    /// The channel of message `message_id`: the game's thread for a game
    /// played in one (the game's own channel if `None`).
    pub message_channel_id: Option<u64>,
    /// The same interaction again, taken over from a process that died
    /// while handling it: its move may be stored already (see
    /// [`Service::play`]). A second click is a press of its own.
    pub retried: bool,
}

impl<'a> MovePress<'a> {
    /// A press that did not come from a board message.
    pub fn new(game_id: i64, ply: i64, hole: Hole, user: &'a Player) -> MovePress<'a> {
        MovePress {
            game_id,
            ply,
            hole,
            user,
            message_id: None,
            message_channel_id: None,
            retried: false,
        }
    }
}

impl Service {
    /// Plays `press`, decided on the game as kept and, if refused or
    /// overtaken, again on the game as stored.
    pub async fn play(&self, press: MovePress<'_>) -> Result<MoveApplied> {
        match self.try_play(&press, Read::Kept).await {
            Ok(Some(applied)) => return Ok(applied),
            Ok(None) => {}
            Err(error) if decided_on_the_read(&error) => {}
            Err(error) => return Err(error),
        }
        // Refused, or the write did not find the game as read (another
        // press came first, or, the game being kept in memory, its row was
        // changed behind the bot's back): decided again on the game as
        // stored, so that no refusal rests on a kept copy alone.
        match self.try_play(&press, Read::Stored).await {
            Ok(Some(applied)) => Ok(applied),
            Ok(None) if press.retried => self.played_before(&press, ServiceError::StaleButton).await,
            Ok(None) => Err(ServiceError::StaleButton),
            Err(refusal @ (ServiceError::StaleButton | ServiceError::GameOver)) if press.retried => {
                self.played_before(&press, refusal).await
            }
            Err(error) => Err(error),
        }
    }

    /// `press` once more, its move already stored: a retry of a press whose
    /// process died after writing the move but before answering (taken
    /// over). A double click is two interactions, never a retry: its second
    /// press is refused as it always was. If the game's latest move is exactly this
    /// press (same player, same hole, played on the board at `press.ply`),
    /// it gets what the move got when applied: the game as that move left
    /// it. Anything else (another player's move, another hole, a game
    /// moved on since) keeps `refusal`.
    async fn played_before(&self, press: &MovePress<'_>, refusal: ServiceError) -> Result<MoveApplied> {
        let (row, moves) = self
            .store
            .game_with_moves(press.game_id)
            .await?
            .ok_or(ServiceError::GameNotFound)?;
        let is_this_press = |stored: &MoveRow| {
            // Moves count from 1; a forged button's ply may be any number.
            stored.ply - 1 == press.ply
                && stored.user_id == press.user.id
                && stored.hole == i64::from(press.hole.number())
        };
        if !moves.last().is_some_and(is_this_press) {
            return Err(refusal);
        }
        let view = self.replay(row, moves).await?;
        // Ended since, by something other than this move (a resignation, a
        // timeout): not what the move got.
        let ended_by_the_move = view.finished.is_none() || finish_of(&view.game).is_some();
        let Some(outcome) = view.last_move.filter(|_| ended_by_the_move) else {
            return Err(refusal);
        };
        tracing::debug!(
            game_id = press.game_id,
            ply = press.ply + 1,
            user_id = press.user.id,
            hole = press.hole.number(),
            "move pressed again after it was played: answered as played"
        );
        Ok(MoveApplied { outcome, view })
    }

    /// A press decided on the game as `read`; `None` if the write did not
    /// find the game as read.
    async fn try_play(&self, press: &MovePress<'_>, read: Read) -> Result<Option<MoveApplied>> {
        let MovePress {
            game_id,
            ply,
            hole,
            user,
            message_id,
            message_channel_id,
            ..
        } = *press;
        let mut view = self.game_to_move(game_id, read).await?;
        let seat = view.seat_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        if view.finished.is_some() {
            return Err(ServiceError::GameOver);
        }
        if ply != view.ply() {
            return Err(ServiceError::StaleButton);
        }
        if let Some(pressed) = message_id {
            match view.board_message {
                // Only the latest board takes moves.
                Some(latest) if pressed == latest.message_id => {}
                Some(latest) if latest.ply == view.ply() => return Err(ServiceError::OutdatedBoard),
                // The board pressed is the newest, posted but its id not
                // saved yet (a moment after the move before): recorded now,
                // before this move, so that if the process dies before it
                // answers, the restart knows this board and strips it.
                // The board it replaces is left to strip: it may be a copy
                // recorded after the one that posted this board took the
                // buttons off its predecessor.
                _ => {
                    let channel_id = message_channel_id.unwrap_or(view.channel_id);
                    self.board_shown(&view, channel_id, pressed, None).await?;
                }
            }
        }
        let to_move = view.to_move().ok_or(ServiceError::GameOver)?;
        if to_move != seat {
            return Err(ServiceError::NotYourTurn(view.player(to_move).name.clone()));
        }
        if self.time_out_if_due(&view).await? {
            return Err(ServiceError::TimedOut);
        }
        let paused = view.clock_paused();
        let Some(outcome) = self.record_move(&mut view, seat, hole, user.id).await? else {
            return Ok(None);
        };
        if paused {
            // A player away who moves where the clocks stand still is back.
            self.end_vacation_by_move(user.id, &mut view).await?;
        }
        crate::telemetry::move_applied(crate::telemetry::MovedBy::Player);
        tracing::debug!(
            game_id,
            ply = ply + 1,
            user_id = user.id,
            hole = hole.number(),
            "move played"
        );
        if view.finished.is_some() {
            view.rating = self.game_rating(game_id, view.guild_id).await?;
        }
        Ok(Some(MoveApplied { outcome, view }))
    }

    /// `user_id` plays `hole` from `seat` in `view`'s game, written only if
    /// the game is still at the move `view` shows: what the move did, with
    /// `view` brought up to date, or `None` if someone else wrote first.
    pub(super) async fn record_move(
        &self,
        view: &mut GameView,
        seat: Seat,
        hole: Hole,
        user_id: u64,
    ) -> Result<Option<MoveOutcome>> {
        let ply = view.ply();
        let paused = view.clock_paused();
        let outcome = view.game.play(hole).map_err(ServiceError::IllegalMove)?;
        let finished = finish_of(&view.game);
        let mut update = self.update_for(view, finished);
        let live = view.live_clock.map(|clock| {
            let next = view
                .game
                .to_move()
                .filter(|_| finished.is_none() && !view.computer_to_move());
            (clock, next, clock.after_move(seat, next, self.now_millis()))
        });
        update.live = live.map(|(_, _, turn)| turn);
        if paused {
            // The clocks stand still for a vacation: the next one too.
            update.deadline = None;
            update.reminder_at = None;
        }
        let new_move = NewMove {
            seat,
            hole: hole.number(),
            user_id,
        };
        match self.store.record_move(view.id, ply, &new_move, &update).await? {
            Written::Conflict => Ok(None),
            Written::Yes => {
                view.last_move = Some(outcome);
                view.finished = finished;
                view.changed_at = update.now;
                if let Some((clock, next, turn)) = live {
                    view.live_clock = Some(clock.at(turn, next));
                    self.live_clock_written();
                }
                if finished.is_some() {
                    view.hints_used = self.hints_used(view.id, view.computer.is_some()).await?;
                }
                Ok(Some(outcome))
            }
        }
    }

    /// The game's row after `view.game` changed: the position, how it
    /// ended, and the clock of the player now to move.
    pub(super) fn update_for(&self, view: &GameView, finished: Option<(EndReason, Winner)>) -> GameUpdate {
        let position = view.game.position();
        let now = self.now();
        let mut update = GameUpdate {
            position: *position,
            finished: finished.map(|(reason, winner)| Finish {
                end_reason: match reason {
                    EndReason::NoSeeds => store::EndReason::NoSeeds,
                    EndReason::Loop => store::EndReason::Loop,
                    EndReason::Resignation { .. } | EndReason::Withdrawal { .. } => store::EndReason::Resignation,
                    EndReason::Timeout { .. } => store::EndReason::Timeout,
                    EndReason::Aborted { .. } | EndReason::TournamentCancelled => {
                        unreachable!("aborts and cancelled tournaments end games through their own store writes")
                    }
                },
                winner,
            }),
            captured_a: position.captured(Seat::A) as u32,
            captured_b: position.captured(Seat::B) as u32,
            now,
            deadline: None,
            reminder_at: None,
            loop_history: Some(view.game.loop_history_text()),
            live: None,
        };
        let computer_next = matches!(view.computer, Some(computer) if Some(computer.seat) == view.game.to_move());
        if let Some(clock) = view.live_clock {
            let next = view.game.to_move().filter(|_| !computer_next);
            update.live = Some(match finished {
                Some(_) => clock.stopped(self.now_millis()),
                None => clock.restarted(next, self.now_millis()),
            });
        }
        if let (None, false, Some(seconds)) = (finished, computer_next, view.seconds_per_move) {
            let clock = schedule::clock_starting(now, seconds);
            update.deadline = clock.deadline;
            update.reminder_at = clock.reminder_at;
        }
        update
    }
}
