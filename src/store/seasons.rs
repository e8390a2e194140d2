//! Seasons: each player's rating change and rated record per calendar month
//! and scope, added to by the transaction that rates a game
//! (`ratings::save_rating`), and the month's board read from its index.

use sqlx::FromRow;

use super::{to_db, Doing, Result, Snowflake, Store};
use crate::calendar::Month;
use crate::rating::Scope;

/// A player's season in one scope: their rating change over the month and
/// their rated games in it.
#[derive(Debug, Clone, PartialEq, FromRow)]
pub struct SeasonRow {
    #[sqlx(try_from = "Snowflake")]
    pub user_id: u64,
    pub name: String,
    pub rating_change: f64,
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
}

impl Store {
    /// A page of `scope`'s board for `month`: the players with at least
    /// `min_games` rated games in it, the largest rating change first
    /// (ties by user id). The page is found in the index alone, then read,
    /// as the leaderboard's is.
    pub async fn season(
        &self,
        scope: Scope,
        month: Month,
        min_games: i64,
        offset: i64,
        limit: i64,
    ) -> Result<Vec<SeasonRow>> {
        sqlx::query_as(
            "SELECT s.user_id, COALESCE(p.name, '') AS name, s.rating_change, s.games, s.wins, s.losses, s.draws
             FROM (SELECT user_id FROM season_ratings WHERE scope = $1 AND month = $2 AND games >= $3
                   ORDER BY rating_change DESC, user_id LIMIT $4 OFFSET $5) page
             CROSS JOIN season_ratings s CROSS JOIN players p
             WHERE s.scope = $1 AND s.month = $2 AND s.user_id = page.user_id AND p.user_id = s.user_id
             ORDER BY s.rating_change DESC, s.user_id",
        )
        .bind(scope_key(scope))
        .bind(month.key())
        .bind(min_games)
        .bind(limit)
        .bind(offset)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a season's page")
    }

    /// How many players `scope`'s board for `month` lists.
    pub async fn season_len(&self, scope: Scope, month: Month, min_games: i64) -> Result<i64> {
        sqlx::query_scalar("SELECT COUNT(*) FROM season_ratings WHERE scope = $1 AND month = $2 AND games >= $3")
            .bind(scope_key(scope))
            .bind(month.key())
            .bind(min_games)
            .fetch_one(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "counting a season's players")
    }

    /// `user`'s season in `scope` and `month`, if they played a rated game
    /// in it.
    pub async fn season_of(&self, scope: Scope, month: Month, user_id: u64) -> Result<Option<SeasonRow>> {
        sqlx::query_as(
            "SELECT s.user_id, COALESCE(p.name, '') AS name, s.rating_change, s.games, s.wins, s.losses, s.draws
             FROM season_ratings s LEFT JOIN players p ON p.user_id = s.user_id
             WHERE s.scope = $1 AND s.month = $2 AND s.user_id = $3",
        )
        .bind(scope_key(scope))
        .bind(month.key())
        .bind(to_db(user_id))
        .fetch_optional(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a player's season")
    }

    /// `user`'s place on `scope`'s board for `month`, if it lists them.
    pub async fn season_rank(&self, scope: Scope, month: Month, min_games: i64, user_id: u64) -> Result<Option<i64>> {
        let Some(own) = self.season_of(scope, month, user_id).await? else {
            return Ok(None);
        };
        if own.games < min_games {
            return Ok(None);
        }
        let above: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM season_ratings WHERE scope = $1 AND month = $2 AND games >= $3
             AND rating_change >= $4 AND (rating_change > $4 OR user_id < $5)",
        )
        .bind(scope_key(scope))
        .bind(month.key())
        .bind(min_games)
        .bind(own.rating_change)
        .bind(to_db(own.user_id))
        .fetch_one(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "ranking a player's season")?;
        Ok(Some(above + 1))
    }
}

fn scope_key(scope: Scope) -> i64 {
    match scope {
        Scope::Server(guild) => to_db(guild),
        Scope::Global => 0,
    }
}
