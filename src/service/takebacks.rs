//! Takebacks in friendly games: the player who just moved asks to take the
//! move back, until the opponent moves; the opponent accepts (the move is
//! undone) or declines. Only between people in a friendly game: never in a
//! rated game, a tournament's, or one against the computer (so never after
//! a hint, which only games against the computer have).

use super::{GameView, Player, Result, Service, ServiceError, TakebackError};
use crate::engine::{Game, Seat};
use crate::store::{TakebackRow, TakebackStatus, Written};

/// A pending takeback offer and its game.
#[derive(Debug, Clone)]
pub struct TakebackView {
    pub id: i64,
    /// The move asked back.
    pub ply: i64,
    /// Who asked: the player who made that move.
    pub asker: Seat,
    pub game: GameView,
}

/// How the opponent answered.
#[derive(Debug, Clone)]
pub enum TakebackAnswer {
    /// The move is undone: the game as it now stands, the asker to move.
    Accepted(TakebackView),
    Declined(TakebackView),
}

impl Service {
    /// `user` asks to take back the last move of `game_id`, pressed on a
    /// board showing move `ply`.
    pub async fn ask_takeback(&self, game_id: i64, ply: i64, user: &Player) -> Result<TakebackView> {
        let view = self.game(game_id).await?;
        let seat = view.seat_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        if !takebacks_allowed(&view) {
            return Err(ServiceError::Takeback(TakebackError::NotFriendly));
        }
        if view.finished.is_some() {
            return Err(ServiceError::GameOver);
        }
        if ply != view.ply() || ply == 0 {
            return Err(ServiceError::Takeback(TakebackError::TooLate));
        }
        if view.last_move.map(|last| last.seat) != Some(seat) {
            return Err(ServiceError::Takeback(TakebackError::NotYourMove));
        }
        match self.store.ask_takeback(game_id, ply, user.id, self.now()).await? {
            Some(id) => Ok(TakebackView {
                id,
                ply,
                asker: seat,
                game: view,
            }),
            None => Err(self.not_asked(game_id, ply).await),
        }
    }

    /// Why asking back move `ply` of `game_id` was not written.
    async fn not_asked(&self, game_id: i64, ply: i64) -> ServiceError {
        match self.store.takeback_of_move(game_id, ply).await {
            Ok(Some(offer)) if offer.status == TakebackStatus::Pending => {
                ServiceError::Takeback(TakebackError::Pending)
            }
            Ok(Some(offer)) if offer.status == TakebackStatus::Declined => {
                ServiceError::Takeback(TakebackError::Declined)
            }
            // The game moved on between the read and the write.
            Ok(_) => ServiceError::Takeback(TakebackError::TooLate),
            Err(error) => error.into(),
        }
    }

    /// `user` answers takeback offer `offer_id`: accepted, the move is
    /// undone in one transaction; declined, the game goes on.
    pub async fn answer_takeback(&self, offer_id: i64, user: &Player, accept: bool) -> Result<TakebackAnswer> {
        let offer = self
            .store
            .takeback(offer_id)
            .await?
            .ok_or(ServiceError::Takeback(TakebackError::NotFound))?;
        if offer.status != TakebackStatus::Pending {
            return Err(ServiceError::Takeback(TakebackError::Answered));
        }
        let view = self.game(offer.game_id).await?;
        let seat = view.seat_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        let asker = view
            .seat_of(offer.asker_id)
            .ok_or(ServiceError::Takeback(TakebackError::NotFound))?;
        if seat == asker {
            let opponent = view.player(asker.opponent()).name.clone();
            return Err(ServiceError::Takeback(TakebackError::NotForYou(opponent)));
        }
        if view.finished.is_some() || view.ply() != offer.ply {
            return Err(ServiceError::Takeback(TakebackError::TooLate));
        }
        if !accept {
            if self.store.decline_takeback(offer.id, self.now()).await? == Written::Conflict {
                return Err(self.not_answered(offer.id).await);
            }
            return Ok(TakebackAnswer::Declined(self.takeback_view(&offer, asker, view)));
        }
        self.take_back(&offer, asker, view).await
    }

    /// Undoes the offer's move: the game before it, replayed from the
    /// start, written only if the game is still at that move. The asker
    /// gets a full move's time again.
    async fn take_back(&self, offer: &TakebackRow, asker: Seat, view: GameView) -> Result<TakebackAnswer> {
        let mut before = view.clone();
        let mut game = Game::from_position(*view.game.start());
        let kept = view.game.moves().len().saturating_sub(1);
        for &hole in &view.game.moves()[..kept] {
            game.play(hole).map_err(|e| ServiceError::Corrupt {
                game_id: view.id,
                why: format!("replaying a takeback: {e}"),
            })?;
        }
        before.game = game;
        let update = self.update_for(&before, None);
        match self
            .store
            .accept_takeback(offer.id, view.id, offer.ply, &update)
            .await?
        {
            Written::Conflict => Err(self.not_answered(offer.id).await),
            Written::Yes => {
                tracing::debug!(game_id = view.id, ply = offer.ply, "move taken back");
                let now = self.game(view.id).await?;
                Ok(TakebackAnswer::Accepted(self.takeback_view(offer, asker, now)))
            }
        }
    }

    /// Why an answer to offer `offer_id` was not written: answered by
    /// another press, or overtaken by a move.
    async fn not_answered(&self, offer_id: i64) -> ServiceError {
        match self.store.takeback(offer_id).await {
            Ok(Some(offer)) if offer.status != TakebackStatus::Pending => {
                ServiceError::Takeback(TakebackError::Answered)
            }
            Ok(_) => ServiceError::Takeback(TakebackError::TooLate),
            Err(error) => error.into(),
        }
    }

    fn takeback_view(&self, offer: &TakebackRow, asker: Seat, game: GameView) -> TakebackView {
        TakebackView {
            id: offer.id,
            ply: offer.ply,
            asker,
            game,
        }
    }
}

/// Whether takebacks may be asked in `view`'s game: a friendly game
/// between people (a tournament's games are never friendly).
pub fn takebacks_allowed(view: &GameView) -> bool {
    view.friendly && view.computer.is_none()
}
