//! Ratings and records: leaderboards, a player's stats, their game history
//! and one game's full record. Ratings themselves are updated by the store
//! when a game finishes.

use super::PlayerView;
use super::{GameView, Player, Result, Service, ServiceError};
use crate::ai::Level;
use crate::engine::Record;
use crate::rating::Rating;
use crate::store::{self, GameRatingRow, HistoryRow, RatingChangeRow, RatingRow, TournamentResultRow, UnratedReason};

pub use crate::rating::Scope;
pub use crate::results::{GamesRecord, Outcome};

/// Players on one leaderboard page.
pub const LEADERBOARD_PAGE: i64 = 10;
/// Games on one history page.
pub const HISTORY_PAGE: i64 = 10;
/// Rating changes shown in a player's stats.
pub const RECENT_CHANGES: i64 = 10;
/// Finished tournaments listed on the first page of a history.
pub const HISTORY_TOURNAMENTS: i64 = 5;
/// The longest a server may leave players off its leaderboard for, in days
/// without a rated game: ten years.
pub const MOST_INACTIVE_DAYS: i64 = 3650;
const DAY_SECS: i64 = 24 * 3600;

/// One line of a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// Place on the board, from 1.
    pub rank: i64,
    pub user_id: u64,
    pub name: String,
    pub rating: Rating,
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
}

impl Standing {
    /// `row`'s standing, its rating as it stands at `now`.
    fn new(rank: i64, row: RatingRow, now: i64) -> Standing {
        Standing {
            rank,
            user_id: row.user_id,
            name: row.name.clone(),
            rating: row.glicko_at(now),
            games: row.games,
            wins: row.wins,
            losses: row.losses,
            draws: row.draws,
        }
    }
}

/// Where the player looking at a leaderboard stands.
#[derive(Debug, Clone, PartialEq)]
pub enum CallerStanding {
    /// On the page shown.
    OnPage,
    /// Listed, on another page.
    Listed(Standing),
    /// Rated in this scope, but with too few games to be listed.
    TooFewGames { games: i64, needed: i64 },
    /// No rated game in this scope.
    Unrated,
    /// Rated here, but without a rated game in the last `days` days, which
    /// leaves them off this server's leaderboard.
    Inactive { days: i64 },
}

/// One page of a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaderboardPage {
    pub scope: Scope,
    /// The page shown, from 0, and how many there are (at least 1).
    pub page: i64,
    pub pages: i64,
    /// Players listed on the whole board.
    pub listed: i64,
    /// Rated games needed to be listed.
    pub min_games: i64,
    /// Days without a rated game that leave a player off (the server's
    /// setting); 0: no one is left off.
    pub inactive_days: i64,
    pub rows: Vec<Standing>,
    pub caller_id: u64,
    pub caller: CallerStanding,
}

/// A player's rating in one scope, their place and latest changes.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingSummary {
    pub rating: Rating,
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
    /// Place on the leaderboard, if listed there.
    pub rank: Option<i64>,
    /// The latest changes, newest first.
    pub recent: Vec<RecentChange>,
}

/// One of a player's latest rating changes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RecentChange {
    pub game_id: i64,
    pub rating_before: f64,
    pub rating_after: f64,
    pub deviation_after: f64,
    /// When the game that changed it finished.
    pub rated_at: i64,
}

impl From<RatingChangeRow> for RecentChange {
    fn from(row: RatingChangeRow) -> RecentChange {
        RecentChange {
            game_id: row.game_id,
            rating_before: row.rating_before,
            rating_after: row.rating_after,
            deviation_after: row.deviation_after,
            rated_at: row.rated_at,
        }
    }
}

impl RatingSummary {
    /// The rating change over the recent games shown.
    pub fn recent_change(&self) -> f64 {
        match (self.recent.first(), self.recent.last()) {
            (Some(newest), Some(oldest)) => newest.rating_after - oldest.rating_before,
            _ => 0.0,
        }
    }
}

/// Winning streaks in games against people.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Streaks {
    /// Wins in a row up to the latest game.
    pub current: u32,
    /// The longest run of wins.
    pub best: u32,
}

impl Streaks {
    /// Streaks of `outcomes`, oldest first: a loss or a draw ends a run of
    /// wins.
    ///
    /// ```
    /// use akon::service::{Outcome::*, Streaks};
    /// let outcomes = [Win, Win, Win, Draw, Win, Loss, Win, Win];
    /// assert_eq!(Streaks::of(outcomes), Streaks { current: 2, best: 3 });
    /// ```
    pub fn of(outcomes: impl IntoIterator<Item = Outcome>) -> Streaks {
        let mut streaks = Streaks::default();
        for outcome in outcomes {
            if outcome == Outcome::Win {
                streaks.current += 1;
                streaks.best = streaks.best.max(streaks.current);
            } else {
                streaks.current = 0;
            }
        }
        streaks
    }
}

/// A player's records.
#[derive(Debug, Clone)]
pub struct Stats {
    pub player: PlayerView,
    /// Ratings, everywhere and in this server, if rated there.
    pub global: Option<RatingSummary>,
    pub server: Option<RatingSummary>,
    /// Games against people, in this server (if asked in one) and everywhere.
    pub here: Option<GamesRecord>,
    pub overall: GamesRecord,
    pub streaks: Streaks,
    /// Games against the computer, per level.
    pub computer: Vec<(Level, GamesRecord)>,
    /// The asker's record against this player, when it is someone else.
    pub head_to_head: Option<(PlayerView, GamesRecord)>,
    pub ongoing: usize,
    /// Games against the computer in which they asked for hints.
    pub games_with_hints: i64,
    /// Their puzzle rating and streaks, once they answered a puzzle.
    pub puzzles: Option<super::PuzzleStanding>,
    /// Their finished tournaments, once they finished one.
    pub tournaments: Option<TournamentsRecord>,
    /// Their vacation this year.
    pub vacation: super::VacationView,
}

/// A player's finished tournaments, everywhere, summed up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentsRecord {
    /// Tournaments finished.
    pub events: i64,
    /// Finished first.
    pub wins: i64,
    /// Finished in the first three.
    pub podiums: i64,
    /// The best finish: the best rank, in the largest field among equal
    /// ranks, then the latest.
    pub best: TournamentResult,
}

/// A finished tournament a player took part in, and their place in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentResult {
    pub tournament_id: i64,
    pub name: String,
    pub guild_id: u64,
    pub finished_at: i64,
    /// 1 for the winner; ties share a rank.
    pub rank: u32,
    /// Its entrants, the computer included.
    pub players: u32,
    /// Points in halves (a win is 2).
    pub half_points: u32,
    /// Whether they withdrew before the end.
    pub withdrew: bool,
}

impl From<TournamentResultRow> for TournamentResult {
    fn from(row: TournamentResultRow) -> TournamentResult {
        TournamentResult {
            tournament_id: row.tournament_id,
            name: row.name,
            guild_id: row.guild_id,
            finished_at: row.finished_at,
            rank: row.rank as u32,
            players: row.players as u32,
            half_points: row.half_points as u32,
            withdrew: row.withdrawn,
        }
    }
}

/// The tournament round a game of a history was played in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryTournament {
    pub name: String,
    pub round: u32,
}

impl Stats {
    /// Seeds captured minus seeds conceded, per game against people.
    pub fn capture_margin(&self) -> Option<f64> {
        (self.overall.games > 0)
            .then(|| (self.overall.captured - self.overall.conceded) as f64 / self.overall.games as f64)
    }
}

/// How a game of a history ended; with the player's [`Outcome`] it says
/// who resigned or ran out of time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HistoryEnd {
    NoSeeds,
    Loop,
    Resignation,
    Timeout,
}

impl From<store::EndReason> for HistoryEnd {
    fn from(stored: store::EndReason) -> HistoryEnd {
        match stored {
            store::EndReason::NoSeeds => HistoryEnd::NoSeeds,
            store::EndReason::Loop => HistoryEnd::Loop,
            store::EndReason::Resignation => HistoryEnd::Resignation,
            store::EndReason::Timeout => HistoryEnd::Timeout,
        }
    }
}

/// One finished game in a player's history, from their side.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryGame {
    pub game_id: i64,
    pub opponent_name: String,
    pub outcome: Outcome,
    pub captured: i64,
    pub opponent_captured: i64,
    pub finished_at: i64,
    pub end: Option<HistoryEnd>,
    /// Against the computer: its level.
    pub computer_level: Option<Level>,
    /// The player's global rating before and after, if the game was rated.
    pub rating_before: Option<f64>,
    pub rating_after: Option<f64>,
    /// A tournament's game: which tournament, which round.
    pub tournament: Option<HistoryTournament>,
}

impl From<HistoryRow> for HistoryGame {
    fn from(row: HistoryRow) -> HistoryGame {
        HistoryGame {
            game_id: row.game_id,
            opponent_name: row.opponent_name,
            outcome: row.outcome,
            captured: row.captured,
            opponent_captured: row.opponent_captured,
            finished_at: row.finished_at,
            end: row.end_reason.map(HistoryEnd::from),
            computer_level: row.computer_level,
            rating_before: row.rating_before,
            rating_after: row.rating_after,
            tournament: row
                .tournament_name
                .zip(row.tournament_round)
                .map(|(name, round)| HistoryTournament {
                    name,
                    round: round as u32,
                }),
        }
    }
}

/// A page of a player's finished games, newest first.
#[derive(Debug, Clone)]
pub struct HistoryPage {
    pub player: PlayerView,
    pub page: i64,
    pub pages: i64,
    pub total: i64,
    pub games: Vec<HistoryGame>,
    /// On the first page: the latest finished tournaments the player took
    /// part in (at most [`HISTORY_TOURNAMENTS`]), newest first.
    pub tournaments: Vec<TournamentResult>,
    /// How many tournaments they finished in all.
    pub tournaments_total: i64,
}

/// Whether a finished game was rated.
#[derive(Debug, Clone, PartialEq)]
pub enum GameRating {
    /// Rated: each player's rating in the game's server before and after.
    Rated(Vec<RatingChange>),
    Unrated(Unrated),
}

/// Why a finished game was not rated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unrated {
    Computer,
    Aborted,
    /// The two players had already played this many rated games against
    /// each other in the last 24 hours.
    PairLimit {
        per_day: u32,
    },
    /// A game of an unrated tournament.
    Tournament,
    /// A tournament game that ended before both players moved: scored as
    /// a forfeit, not as a game played.
    Forfeit,
    /// A game its tournament's cancelling ended.
    TournamentCancelled,
    /// A friendly game, challenged unrated.
    Friendly,
}

/// One player's rating change in a game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingChange {
    pub user_id: u64,
    pub before: f64,
    pub after: f64,
    /// Whether the rating after is still provisional.
    pub provisional: bool,
}

/// One game in full: its view, its record in docs/RULES.md's notation and when
/// it was played.
#[derive(Debug, Clone)]
pub struct GameRecord {
    pub view: GameView,
    pub record: Record,
    pub created_at: i64,
    pub finished_at: Option<i64>,
}

/// Pages needed for `len` items, at least one.
fn pages(len: i64, per_page: i64) -> i64 {
    ((len + per_page - 1) / per_page).max(1)
}

impl Service {
    /// Page `page` (from 0, clamped to the last) of `scope`'s leaderboard,
    /// and where `caller_id` stands on it.
    /// A server's board leaves off the players without a rated game in the
    /// number of days the server chose (`/akon settings
    /// leaderboard_inactive_days`); the global board lists everyone.
    pub async fn leaderboard(&self, scope: Scope, page: i64, caller_id: u64) -> Result<LeaderboardPage> {
        let min_games = self.config.leaderboard_min_games;
        let now = self.now();
        let (inactive_days, active_since) = self.active_since(scope, now).await?;
        let listed = self
            .store
            .active_leaderboard_len(scope, min_games, active_since)
            .await?;
        let pages = pages(listed, LEADERBOARD_PAGE);
        let page = page.clamp(0, pages - 1);
        let offset = page * LEADERBOARD_PAGE;
        let rows: Vec<Standing> = self
            .store
            .active_leaderboard(scope, min_games, active_since, offset, LEADERBOARD_PAGE)
            .await?
            .into_iter()
            .zip(offset + 1..)
            .map(|(row, rank)| Standing::new(rank, row, now))
            .collect();
        let caller = if rows.iter().any(|s| s.user_id == caller_id) {
            CallerStanding::OnPage
        } else {
            match self.store.rating(scope, caller_id).await? {
                None => CallerStanding::Unrated,
                Some(own) if own.games < min_games => CallerStanding::TooFewGames {
                    games: own.games,
                    needed: min_games,
                },
                Some(own) if own.updated_at < active_since => CallerStanding::Inactive { days: inactive_days },
                Some(own) => match self
                    .store
                    .active_rank(scope, min_games, active_since, caller_id)
                    .await?
                {
                    Some(rank) => CallerStanding::Listed(Standing::new(rank, own, now)),
                    None => CallerStanding::Unrated,
                },
            }
        };
        Ok(LeaderboardPage {
            scope,
            page,
            pages,
            listed,
            min_games,
            inactive_days,
            rows,
            caller_id,
            caller,
        })
    }

    /// The days without a rated game that leave a player off `scope`'s
    /// leaderboard (0: no one), and the time a rated game must have
    /// finished at or after to be listed at `now`.
    async fn active_since(&self, scope: Scope, now: i64) -> Result<(i64, i64)> {
        let days = match scope {
            Scope::Server(guild) => self.store.leaderboard_inactive_days(guild).await?,
            Scope::Global => 0,
        };
        let since = match days {
            0 => store::EVERYONE_ACTIVE,
            days => now - days * DAY_SECS,
        };
        Ok((days, since))
    }

    async fn rating_summary(&self, scope: Scope, user_id: u64) -> Result<Option<RatingSummary>> {
        let Some(row) = self.store.rating(scope, user_id).await? else {
            return Ok(None);
        };
        let now = self.now();
        let (_, active_since) = self.active_since(scope, now).await?;
        Ok(Some(RatingSummary {
            rating: row.glicko_at(now),
            games: row.games,
            wins: row.wins,
            losses: row.losses,
            draws: row.draws,
            rank: self
                .store
                .active_rank(scope, self.config.leaderboard_min_games, active_since, user_id)
                .await?,
            recent: self
                .store
                .rating_changes(user_id, scope, RECENT_CHANGES)
                .await?
                .into_iter()
                .map(RecentChange::from)
                .collect(),
        }))
    }

    /// `player`'s records as `asker` sees them, in the server `guild_id`
    /// (if asked in one).
    pub async fn stats(&self, asker: &Player, player: &Player, guild_id: Option<u64>) -> Result<Stats> {
        let row = self.remember(player).await?;
        let (here, server) = match guild_id {
            Some(guild) => (
                Some(self.store.record(player.id, Some(guild)).await?),
                self.rating_summary(Scope::Server(guild), player.id).await?,
            ),
            None => (None, None),
        };
        let head_to_head = if asker.id != player.id {
            let asker_row = self.remember(asker).await?;
            Some((asker_row, self.store.head_to_head(asker.id, player.id).await?))
        } else {
            None
        };
        Ok(Stats {
            player: row,
            global: self.rating_summary(Scope::Global, player.id).await?,
            server,
            here,
            overall: self.store.record(player.id, None).await?,
            streaks: Streaks::of(self.store.outcomes(player.id).await?),
            computer: self.store.computer_record(player.id).await?,
            head_to_head,
            ongoing: self.store.ongoing_games(player.id).await?.len(),
            games_with_hints: self.store.games_with_hints(player.id).await?,
            puzzles: self.puzzle_standing(player.id).await?,
            tournaments: self.tournaments_record(player.id).await?,
            vacation: self.vacation(player.id).await?,
        })
    }

    /// Remembers `player`'s current name, then shows their history.
    pub async fn history_of(&self, player: &Player, page: i64) -> Result<HistoryPage> {
        self.remember(player).await?;
        self.history(player.id, page).await
    }

    /// Page `page` (from 0, clamped to the last) of `user_id`'s finished
    /// games, newest first.
    pub async fn history(&self, user_id: u64, page: i64) -> Result<HistoryPage> {
        let player = self.player_row(user_id).await?;
        let total = self.store.history_len(user_id).await?;
        let pages = pages(total, HISTORY_PAGE);
        let page = page.clamp(0, pages - 1);
        let games = self
            .store
            .history(user_id, page * HISTORY_PAGE, HISTORY_PAGE)
            .await?
            .into_iter()
            .map(HistoryGame::from)
            .collect();
        let record = self.store.tournament_record(user_id).await?;
        let tournaments = if page == 0 && record.events > 0 {
            self.store
                .latest_tournament_results(user_id, HISTORY_TOURNAMENTS)
                .await?
                .into_iter()
                .map(TournamentResult::from)
                .collect()
        } else {
            Vec::new()
        };
        Ok(HistoryPage {
            player,
            page,
            pages,
            total,
            games,
            tournaments,
            tournaments_total: record.events,
        })
    }

    /// `user_id`'s finished tournaments summed up; `None` before the first.
    async fn tournaments_record(&self, user_id: u64) -> Result<Option<TournamentsRecord>> {
        let record = self.store.tournament_record(user_id).await?;
        if record.events == 0 {
            return Ok(None);
        }
        let Some(best) = self.store.best_tournament_result(user_id).await? else {
            return Ok(None);
        };
        Ok(Some(TournamentsRecord {
            events: record.events,
            wins: record.wins,
            podiums: record.podiums,
            best: best.into(),
        }))
    }

    /// One game in full, finished or not.
    pub async fn game_record(&self, game_id: i64) -> Result<GameRecord> {
        let view = self.game(game_id).await?;
        let row = self.store.game(game_id).await?.ok_or(ServiceError::GameNotFound)?;
        Ok(GameRecord {
            record: view.game.record(),
            view,
            created_at: row.created_at,
            finished_at: row.finished_at,
        })
    }

    /// Whether a finished game was rated, with its changes in its server.
    pub(super) async fn game_rating(&self, game_id: i64, guild_id: u64) -> Result<Option<GameRating>> {
        let Some(GameRatingRow {
            rated,
            unrated_reason,
            changes,
        }) = self.store.game_rating(game_id, Scope::Server(guild_id)).await?
        else {
            return Ok(None);
        };
        if rated {
            return Ok(Some(GameRating::Rated(
                changes
                    .into_iter()
                    .map(|c| RatingChange {
                        user_id: c.user_id,
                        before: c.rating_before,
                        after: c.rating_after,
                        provisional: crate::rating::is_provisional(c.deviation_after),
                    })
                    .collect(),
            )));
        }
        Ok(Some(GameRating::Unrated(match unrated_reason {
            Some(UnratedReason::Computer) => Unrated::Computer,
            Some(UnratedReason::Aborted) => Unrated::Aborted,
            Some(UnratedReason::UnratedTournament) => Unrated::Tournament,
            Some(UnratedReason::Forfeit) => Unrated::Forfeit,
            Some(UnratedReason::TournamentCancelled) => Unrated::TournamentCancelled,
            Some(UnratedReason::Friendly) => Unrated::Friendly,
            Some(UnratedReason::PairLimit) => Unrated::PairLimit {
                per_day: self.store.rating_rules().rated_games_per_pair,
            },
            None => {
                return Err(ServiceError::Corrupt {
                    game_id,
                    why: "unrated with no reason".into(),
                })
            }
        })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loss_or_a_draw_ends_a_winning_streak() {
        use Outcome::*;
        assert_eq!(Streaks::of([]), Streaks { current: 0, best: 0 });
        assert_eq!(Streaks::of([Win, Loss]), Streaks { current: 0, best: 1 });
        assert_eq!(Streaks::of([Win, Draw, Win, Win]), Streaks { current: 2, best: 2 });
        assert_eq!(Streaks::of([Win, Win, Win, Loss, Win]), Streaks { current: 1, best: 3 });
    }

    #[test]
    fn pages_cover_every_item_and_an_empty_board_has_one() {
        assert_eq!(pages(0, 10), 1);
        assert_eq!(pages(10, 10), 1);
        assert_eq!(pages(11, 10), 2);
    }
}
