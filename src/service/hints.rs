//! Hints in games against the computer: the player to move asks, the engine
//! searches (off the async runtime, behind the search bound), and the hint
//! is recorded on the game, which says so when it ends.

use super::{GameView, Player, Result, Service, ServiceError};
use crate::ai::Hint;

/// A hint and the game it was asked in.
#[derive(Debug, Clone)]
pub struct HintView {
    pub game: GameView,
    pub hint: Hint,
}

impl Service {
    /// The best move for `user` at move `ply` of game `game_id`, which must
    /// be their game against the computer, ongoing at that move, with them
    /// to move.
    pub async fn hint(&self, game_id: i64, ply: i64, user: &Player) -> Result<HintView> {
        let game = self.game(game_id).await?;
        let seat = game.seat_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        if game.computer.is_none() {
            return Err(ServiceError::HintsOnlyAgainstTheComputer);
        }
        if game.finished.is_some() {
            return Err(ServiceError::GameOver);
        }
        if game.ply() != ply {
            return Err(ServiceError::StaleButton);
        }
        if game.to_move() != Some(seat) {
            let to_move = game.to_move().ok_or(ServiceError::GameOver)?;
            return Err(ServiceError::NotYourTurn(game.player(to_move).name.clone()));
        }
        let turn = self.search_turn().await;
        let engine_game = game.game.clone();
        let nodes = self.config.hint_nodes;
        let hint = turn
            .run(game_id, "the hint's search", move || {
                crate::ai::hint(&engine_game, nodes)
            })
            .await?
            .ok_or(ServiceError::GameOver)?;
        self.store
            .record_hint(game_id, game.ply(), user.id, hint.hole.number(), self.now())
            .await?;
        tracing::info!(game_id, ply = game.ply(), hole = hint.hole.number(), "hint shown");
        let mut game = game;
        game.hints_used = self.store.hints_used(game_id).await?;
        Ok(HintView { game, hint })
    }

    /// Hints shown in a game, counted only where there can be any.
    pub(super) async fn hints_used(&self, game_id: i64, against_the_computer: bool) -> Result<i64> {
        if against_the_computer {
            Ok(self.store.hints_used(game_id).await?)
        } else {
            Ok(0)
        }
    }
}
