//! Post-game reviews: finished games only (a review of a game in progress
//! would be engine help), searched once off the async runtime behind the
//! computer's search bound, then kept so that asking again is instant.
//! An aborted game has no review either: it has no result, was never
//! rated, and its final board offers no Review button.

use super::{EndReason, GameView, Result, Service, ServiceError};
use crate::ai::Review;

/// A finished game and its review.
#[derive(Debug, Clone)]
pub struct ReviewView {
    pub game: GameView,
    pub review: Review,
}

impl GameView {
    /// The one rule of which games can be reviewed, for `/akon review`,
    /// the Review button and whether a final board shows that button:
    /// `None` if this game can be, else why not.
    pub fn why_not_reviewable(&self) -> Option<ServiceError> {
        match self.finished {
            None => Some(ServiceError::GameNotOver),
            Some((EndReason::Aborted { .. }, _)) => Some(ServiceError::ReviewOfAbortedGame(self.id)),
            Some(_) => None,
        }
    }

    /// Whether this game can be reviewed (see [`GameView::why_not_reviewable`]).
    pub fn can_be_reviewed(&self) -> bool {
        self.why_not_reviewable().is_none()
    }
}

impl Service {
    /// The review of finished game `game_id` if it is stored already: no
    /// search. Refuses what [`GameView::why_not_reviewable`] refuses.
    pub async fn stored_review(&self, game_id: i64) -> Result<Option<ReviewView>> {
        let game = self.finished_game(game_id).await?;
        Ok(self
            .load_review(game_id)
            .await?
            .map(|review| ReviewView { game, review }))
    }

    /// The review of finished game `game_id`: the stored one, else the
    /// engine reviews every move (seconds of search, on a blocking thread,
    /// at most `concurrent_searches` searches at once) and the review is
    /// stored. Refuses what [`GameView::why_not_reviewable`] refuses.
    pub async fn review(&self, game_id: i64) -> Result<ReviewView> {
        let game = self.finished_game(game_id).await?;
        if let Some(review) = self.load_review(game_id).await? {
            return Ok(ReviewView { game, review });
        }
        let turn = self.search_turn().await;
        // Another press may have finished the same review while this one
        // waited for its turn.
        if let Some(review) = self.load_review(game_id).await? {
            return Ok(ReviewView { game, review });
        }
        let start = *game.game.start();
        let moves = game.game.moves().to_vec();
        let started = std::time::Instant::now();
        let nodes = self.config.review_nodes;
        let review = turn
            .run(game_id, "the review's search", move || {
                crate::ai::review(start, &moves, nodes)
            })
            .await?
            .map_err(|e| ServiceError::Corrupt {
                game_id,
                why: format!("the stored moves do not replay: {e}"),
            })?;
        tracing::info!(
            game_id,
            moves = review.moves.len(),
            ms = started.elapsed().as_millis() as u64,
            "game reviewed"
        );
        self.store.save_review(game_id, nodes, &review, self.now()).await?;
        Ok(ReviewView { game, review })
    }

    /// `game_id`, if it can be reviewed.
    async fn finished_game(&self, game_id: i64) -> Result<GameView> {
        let game = self.game(game_id).await?;
        match game.why_not_reviewable() {
            Some(refusal) => Err(refusal),
            None => Ok(game),
        }
    }

    /// The stored review, if it was made with today's budget.
    async fn load_review(&self, game_id: i64) -> Result<Option<Review>> {
        match self.store.review(game_id).await? {
            Some(stored) if stored.nodes_per_move == self.config.review_nodes => {
                stored.review.map(Some).map_err(|e| ServiceError::Corrupt {
                    game_id,
                    why: format!("the stored review is not readable: {e}"),
                })
            }
            _ => Ok(None),
        }
    }
}
