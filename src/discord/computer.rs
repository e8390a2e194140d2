//! The computer's turns: searched off the async runtime, then shown like
//! any move; caught up at start for games left waiting.

use super::context::Context;

use super::{logged_by_the_store, Answered, Bot};
use crate::service::{Delivery, GameView};

/// How long the computer may have been to move before the scheduler plays
/// its move: longer than the longest search (expert, 10 s), so that a move
/// being searched is seldom searched twice, once by its handler and once
/// by another process's scheduler (the first stored wins either way).
pub(super) const COMPUTER_IDLE_SECS: i64 = 15;

impl Bot {
    /// If the computer is to move in `view`, it moves.
    pub(super) async fn computer_turn_if_due(&self, ctx: &Context, view: &GameView) -> Answered {
        if view.computer_to_move() {
            self.computer_turn(ctx, view.id).await?;
        }
        Ok(())
    }

    /// The computer plays its move (the search runs off the async runtime)
    /// and its board is posted like a human's.
    pub(super) async fn computer_turn(&self, ctx: &Context, game_id: i64) -> Answered {
        let _busy = self.busy.hold(game_id);
        match self.service.play_computer(game_id).await {
            Ok(Some(applied)) => {
                let language = self.server_language(applied.view.guild_id).await;
                self.deliver(ctx, &Delivery::owed_by(applied.view, None), None, language)
                    .await
            }
            Ok(None) => Ok(()),
            Err(error) => {
                if !logged_by_the_store(&error) {
                    tracing::error!(%error, game_id, "the computer could not move");
                }
                Ok(())
            }
        }
    }

    /// Every scheduler tick: each game where the computer has been to move
    /// for [`COMPUTER_IDLE_SECS`] gets its move, so that a move that failed
    /// once is played again without waiting for a reconnect. A game a
    /// handler of this process is at is left to it; one another process is
    /// at, to that process (its lease).
    pub(super) async fn retry_idle_computer_moves(&self, ctx: &Context) {
        let idle = match self.service.games_computer_idle(COMPUTER_IDLE_SECS).await {
            Ok(idle) => idle,
            Err(error) => {
                if !logged_by_the_store(&error) {
                    tracing::error!(%error, "cannot list games waiting for the computer");
                }
                return;
            }
        };
        for game_id in idle {
            if self.busy.is_busy(game_id) {
                continue;
            }
            match self.service.claim_computer_move(game_id).await {
                Ok(true) => {}
                Ok(false) => continue,
                Err(error) => {
                    if !logged_by_the_store(&error) {
                        tracing::error!(%error, game_id, "cannot claim a computer move");
                    }
                    continue;
                }
            }
            tracing::warn!(game_id, "the computer has been to move for a while: moving now");
            if let Err(error) = self.computer_turn(ctx, game_id).await {
                tracing::error!(%error, game_id, "could not post a computer move");
            }
            if let Err(error) = self.service.computer_move_caught_up(game_id).await {
                tracing::warn!(%error, game_id, "could not release a game caught up");
            }
        }
    }

    /// On start-up: every game left waiting for the computer gets its move.
    pub(super) async fn catch_up_computer_moves(&self, ctx: &Context) {
        let waiting = match self.service.games_awaiting_computer().await {
            Ok(waiting) => waiting,
            Err(error) => {
                if !logged_by_the_store(&error) {
                    tracing::error!(%error, "cannot list games waiting for the computer");
                }
                return;
            }
        };
        for game_id in waiting {
            tracing::info!(game_id, "catching up on a computer move");
            if let Err(error) = self.computer_turn(ctx, game_id).await {
                tracing::error!(%error, game_id, "could not post a computer move");
            }
            if let Err(error) = self.service.computer_move_caught_up(game_id).await {
                tracing::warn!(%error, game_id, "could not release a game caught up");
            }
        }
    }
}
