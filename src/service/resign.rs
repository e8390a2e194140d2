//! Ending a game early: resigning (the check before asking to confirm, and
//! the resignation), and aborting before both players have moved.

use super::{EndReason, GameRating, GameView, Player, Result, Service, ServiceError, Unrated};
use crate::engine::{Seat, Winner};
use crate::store::Written;

impl Service {
    /// Whether `user` may resign `game_id` now (they play in it and it goes
    /// on): the game, to ask them to confirm.
    pub async fn may_resign(&self, game_id: i64, user: &Player) -> Result<GameView> {
        let view = self.game(game_id).await?;
        view.seat_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        if view.finished.is_some() {
            return Err(ServiceError::GameOver);
        }
        Ok(view)
    }

    /// `user` resigns `game_id`: the other player wins.
    pub async fn resign(&self, game_id: i64, user: &Player) -> Result<GameView> {
        self.resign_confirmed(game_id, user, None).await
    }

    /// `user` confirms resigning `game_id`, asked when the game was at move
    /// `asked_at` (if known): a move made since refuses the confirmation,
    /// since the position it was about is gone.
    pub async fn resign_confirmed(&self, game_id: i64, user: &Player, asked_at: Option<i64>) -> Result<GameView> {
        let mut view = self.game(game_id).await?;
        let seat = view.seat_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        if view.finished.is_some() {
            return Err(ServiceError::GameOver);
        }
        if asked_at.is_some_and(|ply| ply != view.ply()) {
            return Err(ServiceError::ResignOvertaken);
        }
        let finished = Some((EndReason::Resignation { seat }, Winner::Seat(seat.opponent())));
        let update = self.update_for(&view, finished);
        match self.store.finish_game(game_id, view.ply(), &update).await? {
            Written::Conflict => Err(ServiceError::ResignOvertaken),
            Written::Yes => {
                tracing::info!(game_id, user_id = user.id, "resigned");
                view.finished = finished;
                view.changed_at = update.now;
                if let (Some(clock), Some(turn)) = (view.live_clock, update.live) {
                    view.live_clock = Some(clock.at(turn, None));
                }
                view.rating = self.game_rating(game_id, view.guild_id).await?;
                Ok(view)
            }
        }
    }

    /// Which seat aborted an aborted game (one with neither winner nor end
    /// reason); `None` if it was not aborted.
    pub(super) async fn aborted_by(&self, game_id: i64, player_a: u64) -> Result<Option<Seat>> {
        Ok(self
            .store
            .abort_of(game_id)
            .await?
            .map(|abort| if abort.user_id == player_a { Seat::A } else { Seat::B }))
    }

    /// `user` aborts `game_id`, which either player may do until both have
    /// moved: the game ends unrated, with no winner and no result.
    pub async fn abort(&self, game_id: i64, user: &Player) -> Result<GameView> {
        let mut view = self.game(game_id).await?;
        let seat = view.seat_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        if view.finished.is_some() {
            return Err(ServiceError::GameOver);
        }
        if !view.can_abort() {
            return Err(ServiceError::TooLateToAbort);
        }
        let now = self.now();
        match self.store.abort_game(game_id, view.ply(), user.id, now).await? {
            Written::Conflict => Err(ServiceError::StaleButton),
            Written::Yes => {
                tracing::info!(game_id, user_id = user.id, "aborted");
                view.changed_at = now;
                view.finished = Some((EndReason::Aborted { seat }, Winner::Draw));
                if let Some(clock) = &mut view.live_clock {
                    clock.running = None;
                }
                view.rating = Some(GameRating::Unrated(Unrated::Aborted));
                Ok(view)
            }
        }
    }
}
