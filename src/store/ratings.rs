//! Ratings and what reads them: the Glicko-2 update when a game finishes
//! (the arithmetic is `crate::rating`'s, run here inside the finishing
//! transaction), aborts, leaderboards, ranks, rating changes, streaks, head
//! to head and game history.

use crate::rating::Scope;
use sqlx::{AnyConnection, FromRow};

use super::backend::Flag;
use super::outage::Outage;
use super::status::Stored;
use super::{
    to_db, Doing, EndReason, GameStatus, Outcome, Result, Snowflake, Store, UnratedReason, Written, RECORD_SUMS,
};
use crate::ai::Level;
use crate::engine::{Seat, Winner};
use crate::rating::{rate, Rating, Score};
use crate::results::GamesRecord;

impl Scope {
    /// The `scope` column: the server's id, or 0 (no server has id 0).
    fn key(self) -> i64 {
        match self {
            Scope::Server(guild) => to_db(guild),
            Scope::Global => 0,
        }
    }
}

/// What the store applies when a game finishes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatingRules {
    /// Rated games two players may play against each other within
    /// `pair_window_secs`; later ones are recorded but unrated.
    pub rated_games_per_pair: u32,
    pub pair_window_secs: i64,
}

impl Default for RatingRules {
    fn default() -> RatingRules {
        RatingRules {
            rated_games_per_pair: 5,
            pair_window_secs: 24 * 3600,
        }
    }
}

/// A player's rating in one scope, with their name and rated record.
#[derive(Debug, Clone, PartialEq, FromRow)]
pub struct RatingRow {
    #[sqlx(try_from = "Snowflake")]
    pub user_id: u64,
    pub name: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
    /// When the player's last rated game here finished.
    pub updated_at: i64,
}

impl RatingRow {
    /// The rating as stored, as it stood after the last rated game.
    pub fn glicko(&self) -> Rating {
        Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// The rating as it stands at `now`, its deviation grown for the
    /// rating periods since the last rated game (see `Rating::aged`).
    pub fn glicko_at(&self, now: i64) -> Rating {
        self.glicko().aged(self.updated_at, now)
    }
}

/// One rating change of a player, in one scope.
#[derive(Debug, Clone, PartialEq, FromRow)]
pub struct RatingChangeRow {
    pub game_id: i64,
    #[sqlx(try_from = "Snowflake")]
    pub user_id: u64,
    pub rating_before: f64,
    pub rating_after: f64,
    pub deviation_after: f64,
    pub rated_at: i64,
}

/// Whether a finished game was rated; if not, why; and its rating changes
/// in the scope asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRatingRow {
    pub rated: bool,
    pub unrated_reason: Option<UnratedReason>,
    pub changes: Vec<RatingChangeRow>,
}

/// Who aborted a game, and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromRow)]
pub struct AbortRow {
    #[sqlx(try_from = "Snowflake")]
    pub user_id: u64,
    pub aborted_at: i64,
}

/// One finished game in a player's history, from their side.
#[derive(Debug, Clone, PartialEq, FromRow)]
pub struct HistoryRow {
    pub game_id: i64,
    pub opponent_id: i64,
    pub opponent_name: String,
    pub outcome: Outcome,
    pub captured: i64,
    pub opponent_captured: i64,
    pub finished_at: i64,
    pub end_reason: Option<EndReason>,
    /// Against the computer: its level.
    #[sqlx(try_from = "Stored<Option<Level>>")]
    pub computer_level: Option<Level>,
    /// The player's global rating before and after, if the game was rated.
    pub rating_before: Option<f64>,
    pub rating_after: Option<f64>,
    /// A tournament's game: the tournament's name and the round.
    pub tournament_name: Option<String>,
    pub tournament_round: Option<i64>,
}

#[derive(FromRow)]
struct FinishedGame {
    status: GameStatus,
    #[sqlx(try_from = "Stored<Option<Winner>>")]
    winner: Option<Winner>,
    #[sqlx(try_from = "Stored<Option<Seat>>")]
    computer_seat: Option<Seat>,
    guild_id: i64,
    player_a: i64,
    player_b: i64,
    finished_at: Option<i64>,
    ply: i64,
    end_reason: Option<EndReason>,
    /// For a tournament's game: whether the tournament is rated, and its
    /// board's outcome if already known (a withdrawal's forfeit).
    tournament_rated: Option<i64>,
    board_outcome: Option<String>,
    #[sqlx(try_from = "Flag")]
    friendly: bool,
}

impl FinishedGame {
    /// Whether a tournament scores this game as a forfeit, as
    /// `service::tournaments` reads it: lost on time by a player who never
    /// moved, or ended by a withdrawal before both players moved (whose
    /// board's outcome is written before the game is finished).
    fn is_forfeit(&self) -> bool {
        let timed_out_unplayed = self.end_reason == Some(EndReason::Timeout) && self.ply < 2;
        timed_out_unplayed || self.board_outcome.as_deref().is_some_and(|o| o.ends_with("forfeit"))
    }
}

#[derive(FromRow)]
struct StoredRating {
    rating: f64,
    deviation: f64,
    volatility: f64,
    updated_at: i64,
}

const RATING_COLUMNS: &str = "r.user_id, COALESCE(p.name, '') AS name, r.rating, r.deviation, r.volatility, \
     r.games, r.wins, r.losses, r.draws, r.updated_at";

/// An `active_since` that every rating passes: nobody hidden for
/// inactivity.
pub const EVERYONE_ACTIVE: i64 = i64::MIN;

impl Store {
    /// The same store applying `rules` to the games it finishes.
    pub fn with_rating_rules(mut self, rules: RatingRules) -> Store {
        self.rating_rules = rules;
        self
    }

    pub fn rating_rules(&self) -> RatingRules {
        self.rating_rules
    }

    /// Rates a game that has just finished, inside the transaction that
    /// finished it: decides whether it is rated (never against the
    /// computer, nor in an unrated tournament, nor a tournament game one
    /// player forfeited by never moving, nor past the pair's cap), and if
    /// so updates both players' ratings in the game's server and globally,
    /// with a history row for each. Does nothing for a game that is not
    /// finished, has no winner (aborted) or was already rated.
    ///
    /// Only rated games count towards the pair's cap, so an unrated
    /// tournament's games never use it up. A rated tournament's games count
    /// towards it but are never capped: the bot paired them, so they cannot
    /// be arranged to farm a rating, and a double round robin may pair two
    /// players more often in a day than the cap allows.
    pub(super) async fn rate_game(&self, tx: &mut AnyConnection, game_id: i64) -> Result<()> {
        let game: Option<FinishedGame> = sqlx::query_as(
            "SELECT g.status AS status, g.winner AS winner, g.computer_seat AS computer_seat,
                    g.guild_id AS guild_id, g.player_a AS player_a, g.player_b AS player_b,
                    g.finished_at AS finished_at, g.ply AS ply, g.end_reason AS end_reason, g.friendly AS friendly,
                    t.rated AS tournament_rated, tp.outcome AS board_outcome
             FROM games g
             LEFT JOIN tournament_pairings tp ON tp.game_id = g.id
             LEFT JOIN tournaments t ON t.id = tp.tournament_id
             WHERE g.id = $1 AND NOT EXISTS (SELECT 1 FROM game_ratings WHERE game_id = $1)",
        )
        .bind(game_id)
        .fetch_optional(&mut *tx)
        .await
        .doing(&self.outage, "reading a finished game to rate")?;
        let Some(game) = game else { return Ok(()) };
        let (Some(winner), Some(finished_at)) = (game.winner, game.finished_at) else {
            return Ok(());
        };
        if game.status != GameStatus::Finished {
            return Ok(());
        }
        let (low, high) = (game.player_a.min(game.player_b), game.player_a.max(game.player_b));
        let unrated = if game.computer_seat.is_some() {
            Some(UnratedReason::Computer)
        } else if game.friendly {
            Some(UnratedReason::Friendly)
        } else if game.tournament_rated == Some(0) {
            Some(UnratedReason::UnratedTournament)
        } else if game.tournament_rated.is_some() && game.is_forfeit() {
            Some(UnratedReason::Forfeit)
        } else if game.tournament_rated.is_some() {
            None
        } else {
            let rated_lately: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM game_ratings
                 WHERE rated = 1 AND player_low = $1 AND player_high = $2 AND finished_at > $3",
            )
            .bind(low)
            .bind(high)
            .bind(finished_at - self.rating_rules.pair_window_secs)
            .fetch_one(&mut *tx)
            .await
            .doing(&self.outage, "counting a pair's rated games")?;
            (rated_lately >= i64::from(self.rating_rules.rated_games_per_pair)).then_some(UnratedReason::PairLimit)
        };
        sqlx::query(
            "INSERT INTO game_ratings (game_id, rated, unrated_reason, player_low, player_high, finished_at)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(game_id)
        .bind(i64::from(unrated.is_none()))
        .bind(unrated.map(UnratedReason::as_str))
        .bind(low)
        .bind(high)
        .bind(finished_at)
        .execute(&mut *tx)
        .await
        .doing(&self.outage, "marking a game rated or not")?;
        if unrated.is_some() {
            return Ok(());
        }
        let score_a = match winner {
            Winner::Seat(Seat::A) => Score::Win,
            Winner::Seat(Seat::B) => Score::Loss,
            Winner::Draw => Score::Draw,
        };
        let score_b = match score_a {
            Score::Win => Score::Loss,
            Score::Loss => Score::Win,
            Score::Draw => Score::Draw,
        };
        // A game outside a server that added the bot (kept with server 0)
        // is rated once, globally.
        let scopes: &[i64] = if game.guild_id == 0 { &[0] } else { &[game.guild_id, 0] };
        for &scope in scopes {
            let a = current_rating(&self.outage, tx, scope, game.player_a, finished_at).await?;
            let b = current_rating(&self.outage, tx, scope, game.player_b, finished_at).await?;
            let (new_a, new_b) = rate(a, b, score_a);
            for (user_id, before, after, score) in
                [(game.player_a, a, new_a, score_a), (game.player_b, b, new_b, score_b)]
            {
                save_rating(
                    &self.outage,
                    tx,
                    scope,
                    user_id,
                    game_id,
                    before,
                    after,
                    score,
                    finished_at,
                )
                .await?;
            }
        }
        Ok(())
    }

    /// Rates, in the order they finished, the games that finished before
    /// ratings existed (listed by the migration that added them).
    pub(super) async fn rate_pending_games(&self) -> Result<usize> {
        let pending: Vec<i64> = sqlx::query_scalar(
            "SELECT p.game_id FROM ratings_pending p JOIN games g ON g.id = p.game_id
             ORDER BY g.finished_at, g.id",
        )
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "listing games finished before ratings")?;
        for &game_id in &pending {
            let mut writer = self.writer().await?;
            let mut tx = writer
                .begin_write(self.backend)
                .await
                .doing(&self.outage, "starting to rate an earlier game")?;
            self.rate_game(&mut tx, game_id).await?;
            sqlx::query("DELETE FROM ratings_pending WHERE game_id = $1")
                .bind(game_id)
                .execute(&mut *tx)
                .await
                .doing(&self.outage, "unlisting a rated earlier game")?;
            tx.commit()
                .await
                .doing(&self.outage, "committing the rating of an earlier game")?;
        }
        if !pending.is_empty() {
            tracing::info!(games = pending.len(), "rated the games finished before ratings existed");
        }
        Ok(pending.len())
    }

    /// Aborts a game, only if it is still ongoing at `expected_ply`: it ends
    /// with no winner and no result, unrated, and `user_id` is remembered as
    /// the one who aborted it.
    pub async fn abort_game(&self, game_id: i64, expected_ply: i64, user_id: u64, now: i64) -> Result<Written> {
        let mut writer = self.writer().await?;
        let mut tx = writer
            .begin_write(self.backend)
            .await
            .doing(&self.outage, "starting to abort a game")?;
        let players: Option<(i64, i64)> = sqlx::query_as(
            "UPDATE games SET status = 'finished', end_reason = NULL, winner = NULL, finished_at = $3, updated_at = $3,
             live_deadline_ms = NULL
             WHERE id = $1 AND ply = $2 AND status = 'ongoing' RETURNING player_a, player_b",
        )
        .bind(game_id)
        .bind(expected_ply)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await
        .doing(&self.outage, "aborting a game")?;
        let Some((a, b)) = players else {
            return Ok(Written::Conflict);
        };
        sqlx::query("INSERT INTO game_aborts (game_id, user_id, aborted_at) VALUES ($1, $2, $3)")
            .bind(game_id)
            .bind(to_db(user_id))
            .bind(now)
            .execute(&mut *tx)
            .await
            .doing(&self.outage, "recording who aborted a game")?;
        mark_unrated(&self.outage, &mut tx, game_id, UnratedReason::Aborted, (a, b), now).await?;
        tx.commit().await.doing(&self.outage, "committing an aborted game")?;
        self.games.forget(game_id);
        Ok(Written::Yes)
    }

    /// Who aborted `game_id`, if it was aborted.
    pub async fn abort_of(&self, game_id: i64) -> Result<Option<AbortRow>> {
        sqlx::query_as("SELECT user_id, aborted_at FROM game_aborts WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "reading who aborted a game")
    }

    /// Whether a finished game was rated, and its rating changes in `scope`;
    /// `None` while it is not finished.
    pub async fn game_rating(&self, game_id: i64, scope: Scope) -> Result<Option<GameRatingRow>> {
        let row: Option<(i64, Option<UnratedReason>)> =
            sqlx::query_as("SELECT rated, unrated_reason FROM game_ratings WHERE game_id = $1")
                .bind(game_id)
                .fetch_optional(&mut *self.reader().await?)
                .await
                .doing(&self.outage, "reading whether a game was rated")?;
        let Some((rated, unrated_reason)) = row else {
            return Ok(None);
        };
        let changes = sqlx::query_as(
            "SELECT game_id, user_id, rating_before, rating_after, deviation_after, rated_at FROM rating_history
             WHERE game_id = $1 AND scope = $2 ORDER BY id",
        )
        .bind(game_id)
        .bind(scope.key())
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a game's rating changes")?;
        Ok(Some(GameRatingRow {
            rated: rated != 0,
            unrated_reason,
            changes,
        }))
    }

    // Leaderboards.

    /// A page of `scope`'s leaderboard: players with at least `min_games`
    /// rated games, best rating first (ties by user id).
    pub async fn leaderboard(&self, scope: Scope, min_games: i64, offset: i64, limit: i64) -> Result<Vec<RatingRow>> {
        self.active_leaderboard(scope, min_games, EVERYONE_ACTIVE, offset, limit)
            .await
    }

    /// A page of `scope`'s leaderboard of the players whose last rated
    /// game there finished at `active_since` or later.
    pub async fn active_leaderboard(
        &self,
        scope: Scope,
        min_games: i64,
        active_since: i64,
        offset: i64,
        limit: i64,
    ) -> Result<Vec<RatingRow>> {
        // The page is found in the index alone, so that a deep page skips
        // index entries only; then its rows are read. CROSS JOIN keeps the
        // page as the outer loop (SQLite's planner would otherwise scan the
        // whole scope and probe the page); its conditions are in WHERE, as
        // PostgreSQL allows no ON after CROSS JOIN.
        sqlx::query_as(&format!(
            "SELECT {RATING_COLUMNS} FROM
               (SELECT user_id FROM ratings WHERE scope = $1 AND games >= $2 AND updated_at >= $5
                ORDER BY rating DESC, user_id LIMIT $3 OFFSET $4) page
             CROSS JOIN ratings r CROSS JOIN players p
             WHERE r.scope = $1 AND r.user_id = page.user_id AND p.user_id = r.user_id
             ORDER BY r.rating DESC, r.user_id"
        ))
        .bind(scope.key())
        .bind(min_games)
        .bind(limit)
        .bind(offset)
        .bind(active_since)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a leaderboard page")
    }

    /// How many players `scope`'s leaderboard lists.
    pub async fn leaderboard_len(&self, scope: Scope, min_games: i64) -> Result<i64> {
        self.active_leaderboard_len(scope, min_games, EVERYONE_ACTIVE).await
    }

    /// How many players `scope`'s leaderboard lists of those active since
    /// `active_since`.
    pub async fn active_leaderboard_len(&self, scope: Scope, min_games: i64, active_since: i64) -> Result<i64> {
        sqlx::query_scalar("SELECT COUNT(*) FROM ratings WHERE scope = $1 AND games >= $2 AND updated_at >= $3")
            .bind(scope.key())
            .bind(min_games)
            .bind(active_since)
            .fetch_one(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "counting a leaderboard's players")
    }

    /// `user`'s rating in `scope`, if they have played a rated game there.
    pub async fn rating(&self, scope: Scope, user_id: u64) -> Result<Option<RatingRow>> {
        sqlx::query_as(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings r LEFT JOIN players p ON p.user_id = r.user_id
             WHERE r.scope = $1 AND r.user_id = $2"
        ))
        .bind(scope.key())
        .bind(to_db(user_id))
        .fetch_optional(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a rating")
    }

    /// `user`'s place (from 1) on `scope`'s leaderboard, if it lists them.
    pub async fn rank(&self, scope: Scope, min_games: i64, user_id: u64) -> Result<Option<i64>> {
        self.active_rank(scope, min_games, EVERYONE_ACTIVE, user_id).await
    }

    /// `user`'s place on `scope`'s leaderboard of the players active since
    /// `active_since`, if it lists them.
    pub async fn active_rank(
        &self,
        scope: Scope,
        min_games: i64,
        active_since: i64,
        user_id: u64,
    ) -> Result<Option<i64>> {
        let Some(own) = self.rating(scope, user_id).await? else {
            return Ok(None);
        };
        if own.games < min_games || own.updated_at < active_since {
            return Ok(None);
        }
        let above: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM ratings WHERE scope = $1 AND games >= $2 AND rating >= $3
             AND (rating > $3 OR user_id < $4) AND updated_at >= $5",
        )
        .bind(scope.key())
        .bind(min_games)
        .bind(own.rating)
        .bind(to_db(own.user_id))
        .bind(active_since)
        .fetch_one(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "ranking a player")?;
        Ok(Some(above + 1))
    }

    /// `user`'s latest rating changes in `scope`, newest first.
    pub async fn rating_changes(&self, user_id: u64, scope: Scope, limit: i64) -> Result<Vec<RatingChangeRow>> {
        sqlx::query_as(
            "SELECT game_id, user_id, rating_before, rating_after, deviation_after, rated_at FROM rating_history
             WHERE user_id = $1 AND scope = $2 ORDER BY id DESC LIMIT $3",
        )
        .bind(to_db(user_id))
        .bind(scope.key())
        .bind(limit)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading rating changes")
    }

    // Records.

    /// The outcomes of `user`'s games against people, oldest first: what
    /// streaks are counted from.
    pub async fn outcomes(&self, user_id: u64) -> Result<Vec<Outcome>> {
        sqlx::query_scalar(
            "SELECT outcome FROM results WHERE user_id = $1 AND computer_level IS NULL
             ORDER BY finished_at, game_id",
        )
        .bind(to_db(user_id))
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a player's outcomes")
    }

    /// `user`'s record against `opponent`, everywhere.
    pub async fn head_to_head(&self, user_id: u64, opponent_id: u64) -> Result<GamesRecord> {
        sqlx::query_as(&format!(
            "SELECT {RECORD_SUMS} FROM results WHERE user_id = $1 AND opponent_id = $2"
        ))
        .bind(to_db(user_id))
        .bind(to_db(opponent_id))
        .fetch_one(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a head-to-head record")
    }

    /// A page of `user`'s finished games, newest first (found in the index
    /// alone, then read). A knockout's drawn game that was replayed keeps
    /// its tournament and round.
    pub async fn history(&self, user_id: u64, offset: i64, limit: i64) -> Result<Vec<HistoryRow>> {
        sqlx::query_as(
            "SELECT r.game_id, r.opponent_id, COALESCE(p.name, '') AS opponent_name, r.outcome, r.captured,
                    r.opponent_captured, r.finished_at, g.end_reason, r.computer_level,
                    h.rating_before, h.rating_after, t.name AS tournament_name,
                    COALESCE(tp.round, tr.round) AS tournament_round
             FROM (SELECT game_id FROM results WHERE user_id = $1
                   ORDER BY finished_at DESC, game_id DESC LIMIT $2 OFFSET $3) page
             CROSS JOIN results r CROSS JOIN games g
             LEFT JOIN players p ON p.user_id = r.opponent_id
             LEFT JOIN rating_history h ON h.game_id = r.game_id AND h.user_id = r.user_id AND h.scope = 0
             LEFT JOIN tournament_pairings tp ON tp.game_id = r.game_id
             LEFT JOIN tournament_replays tr ON tr.game_id = r.game_id
             LEFT JOIN tournaments t ON t.id = COALESCE(tp.tournament_id, tr.tournament_id)
             WHERE r.game_id = page.game_id AND r.user_id = $1 AND g.id = r.game_id
             ORDER BY r.finished_at DESC, r.game_id DESC",
        )
        .bind(to_db(user_id))
        .bind(limit)
        .bind(offset)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "reading a player's history")
    }

    /// How many finished games `user` has.
    pub async fn history_len(&self, user_id: u64) -> Result<i64> {
        sqlx::query_scalar("SELECT COUNT(*) FROM results WHERE user_id = $1")
            .bind(to_db(user_id))
            .fetch_one(&mut *self.reader().await?)
            .await
            .doing(&self.outage, "counting a player's games")
    }
}

/// A player's rating in `scope` as it stands at `now`, aged for the rating
/// periods since their last rated game: what a game finishing at `now`
/// rates from.
async fn current_rating(outage: &Outage, tx: &mut AnyConnection, scope: i64, user_id: i64, now: i64) -> Result<Rating> {
    let stored: Option<StoredRating> = sqlx::query_as(
        "SELECT rating, deviation, volatility, updated_at FROM ratings WHERE scope = $1 AND user_id = $2",
    )
    .bind(scope)
    .bind(user_id)
    .fetch_optional(&mut *tx)
    .await
    .doing(outage, "reading a rating to update")?;
    Ok(stored.map_or(Rating::INITIAL, |r| {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
        .aged(r.updated_at, now)
    }))
}

#[allow(clippy::too_many_arguments)]
async fn save_rating(
    outage: &Outage,
    tx: &mut AnyConnection,
    scope: i64,
    user_id: i64,
    game_id: i64,
    before: Rating,
    after: Rating,
    score: Score,
    now: i64,
) -> Result<()> {
    let (win, loss, draw) = match score {
        Score::Win => (1, 0, 0),
        Score::Loss => (0, 1, 0),
        Score::Draw => (0, 0, 1),
    };
    sqlx::query(
        "INSERT INTO ratings (scope, user_id, rating, deviation, volatility, games, wins, losses, draws, updated_at)
         VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8, $9)
         ON CONFLICT (scope, user_id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
         volatility = excluded.volatility, games = ratings.games + 1, wins = ratings.wins + excluded.wins,
         losses = ratings.losses + excluded.losses, draws = ratings.draws + excluded.draws,
         updated_at = excluded.updated_at",
    )
    .bind(scope)
    .bind(user_id)
    .bind(after.rating)
    .bind(after.deviation)
    .bind(after.volatility)
    .bind(win)
    .bind(loss)
    .bind(draw)
    .bind(now)
    .execute(&mut *tx)
    .await
    .doing(outage, "saving a rating")?;
    sqlx::query(
        "INSERT INTO rating_history (user_id, scope, game_id, rating_before, deviation_before, volatility_before,
         rating_after, deviation_after, volatility_after, rated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(user_id)
    .bind(scope)
    .bind(game_id)
    .bind(before.rating)
    .bind(before.deviation)
    .bind(before.volatility)
    .bind(after.rating)
    .bind(after.deviation)
    .bind(after.volatility)
    .bind(now)
    .execute(&mut *tx)
    .await
    .doing(outage, "saving a rating change")?;
    sqlx::query(
        "INSERT INTO season_ratings (scope, month, user_id, rating_change, games, wins, losses, draws)
         VALUES ($1, $2, $3, $4, 1, $5, $6, $7)
         ON CONFLICT (scope, month, user_id) DO UPDATE SET
         rating_change = season_ratings.rating_change + excluded.rating_change, games = season_ratings.games + 1,
         wins = season_ratings.wins + excluded.wins, losses = season_ratings.losses + excluded.losses,
         draws = season_ratings.draws + excluded.draws",
    )
    .bind(scope)
    .bind(crate::calendar::Month::of(now).key())
    .bind(user_id)
    .bind(after.rating - before.rating)
    .bind(win)
    .bind(loss)
    .bind(draw)
    .execute(&mut *tx)
    .await
    .doing(outage, "adding a rating change to its season")?;
    Ok(())
}

/// Within `tx`: `game_id`, between `players`, ended at `at` unrated for
/// `reason`, with no rating to compute (an abort, a cancelled tournament).
pub(super) async fn mark_unrated(
    outage: &Outage,
    tx: &mut AnyConnection,
    game_id: i64,
    reason: UnratedReason,
    (a, b): (i64, i64),
    at: i64,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO game_ratings (game_id, rated, unrated_reason, player_low, player_high, finished_at)
         VALUES ($1, 0, $2, $3, $4, $5)",
    )
    .bind(game_id)
    .bind(reason.as_str())
    .bind(a.min(b))
    .bind(a.max(b))
    .bind(at)
    .execute(&mut *tx)
    .await
    .doing(outage, "marking a game unrated")?;
    Ok(())
}
