//! Stored post-game reviews (migration `game_reviews`): the engine's
//! review, kept as JSON text, written and read back here.

use super::{Doing, Result, Store};
use crate::ai::Review;

/// A stored review and the search budget it was made with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredReview {
    pub nodes_per_move: u64,
    /// The review, or why its text does not read back as one: each reader
    /// decides what an unreadable review means to it.
    pub review: std::result::Result<Review, String>,
}

impl Store {
    /// The stored review of `game_id`, if there is one.
    pub async fn review(&self, game_id: i64) -> Result<Option<StoredReview>> {
        let row: Option<(i64, String)> =
            sqlx::query_as("SELECT nodes_per_move, review FROM game_reviews WHERE game_id = $1")
                .bind(game_id)
                .fetch_optional(&mut *self.reader().await?)
                .await
                .doing(&self.outage, "reading a review")?;
        Ok(row.map(|(nodes, json)| StoredReview {
            nodes_per_move: nodes as u64,
            review: serde_json::from_str(&json).map_err(|error| error.to_string()),
        }))
    }

    /// Keeps the review of `game_id`, made with `nodes_per_move`, replacing
    /// one made with another budget.
    pub async fn save_review(&self, game_id: i64, nodes_per_move: u64, review: &Review, now: i64) -> Result<()> {
        let json = serde_json::to_string(review).expect("a review always serializes");
        sqlx::query(
            "INSERT INTO game_reviews (game_id, nodes_per_move, review, created_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (game_id) DO UPDATE SET nodes_per_move = excluded.nodes_per_move,
             review = excluded.review, created_at = excluded.created_at",
        )
        .bind(game_id)
        .bind(nodes_per_move as i64)
        .bind(json)
        .bind(now)
        .execute(&mut *self.writer().await?)
        .await
        .doing(&self.outage, "saving a review")?;
        Ok(())
    }
}
