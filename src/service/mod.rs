//! The use cases — challenge, accept, decline, move, resign, list, records —
//! over the engine and the store. Knows nothing of Discord: callers pass
//! plain ids and names, and get typed outcomes and errors to render.

mod activity;
pub use activity::ChannelGame;
mod board_style;
mod challenges;
mod clock;
mod computer;
mod daily_puzzle_posts;
mod daily_puzzles;
mod delivery;
mod errors;
mod follows;
mod game_threads;
mod games;
mod hints;
pub mod input;
mod interactions;
mod knockouts;
pub use knockouts::BracketMatch;
mod languages;
mod leaderboard_settings;
mod leases;
mod live_clocks;
mod play;
mod puzzles;
mod records;
mod reminders;
mod resign;
mod takebacks;
pub use takebacks::{takebacks_allowed, TakebackAnswer, TakebackView};
mod reviews;
mod schedule;
mod searches;
mod season_podiums;
mod seasons;
mod settings;
mod tournament_messages;
mod tournaments;
mod vacation;
mod views;
mod web;

use std::sync::{Arc, Mutex};

use tokio::sync::{Notify, Semaphore};

pub use crate::calendar::{Day, Month};
pub use crate::posts::{DailyPost, DailyPostSettled, DailySetting, DeliveryFailure, PodiumSettled, DEFAULT_DAILY_HOUR};
pub use crate::store::GameVersion;
pub use board_style::BoardStyle;
pub use clock::{Clock, ManualClock, SystemClock};
pub use daily_puzzle_posts::{DailyEditDue, DailyPostDue};
pub use daily_puzzles::{DailyAnswered, DailyPuzzleView, DailyStreak, DailyTally, DAILY_SOLVERS_SHOWN};
pub use delivery::{
    BoardIdentity, BoardShown, Delivery, DeliveryOutcome, Owing, SettleFor, Settling, RETRY_FIRST_SECS, RETRY_MAX_SECS,
};
pub use errors::{Result, ServiceError, StorageFailure, TakebackError, TournamentError, Unavailable};
pub use follows::{FollowNews, Followed};
pub use game_threads::ThreadStart;
pub use hints::HintView;
pub use interactions::{InteractionClaim, OneCommit, ANSWERS_KEPT_MS, CLAIM_TAKEOVER_MS};
pub use languages::{LanguageSetting, Languages, Locales};
pub use leaderboard_settings::InactiveDays;
pub use leases::{Lease, LEASE_SECS};
pub use live_clocks::{LiveClock, TimeControl, UnknownTimeControl};
pub use play::MovePress;
pub use puzzles::{PuzzleAnswered, PuzzleStanding, PuzzleView};
pub use records::{
    CallerStanding, GameRating, GameRecord, GamesRecord, HistoryEnd, HistoryGame, HistoryPage, HistoryTournament,
    LeaderboardPage, Outcome, RatingChange, RatingSummary, RecentChange, Scope, Standing, Stats, Streaks,
    TournamentResult, TournamentsRecord, Unrated, HISTORY_PAGE, HISTORY_TOURNAMENTS, LEADERBOARD_PAGE,
    MOST_INACTIVE_DAYS,
};
pub use reminders::ReminderPace;
pub use reviews::ReviewView;
pub use schedule::{
    ChallengeRequest, Challenged, NoticeView, RematchOutcome, Settings, TimePerMove, UnknownTimePerMove,
    DEFAULT_COMPUTER_LEVEL,
};
pub use season_podiums::PodiumDue;
pub use seasons::{Season, SeasonBoard, SeasonCaller, SeasonStanding, SEASON_PAGE};
pub use settings::{Actor, ServerSettingsChanges, ServerSettingsView, SettingsChanges, SettingsView};
pub use tournament_messages::{Member, TournamentGame, TournamentMessage};
pub use tournaments::{
    default_swiss_rounds, EntrantView, RoundOpened, TournamentFormat, TournamentLimit, TournamentRequest,
    TournamentStanding, TournamentStatus, TournamentStep, TournamentView, KNOCKOUT_MAX_PLAYERS, MIN_PLAYERS,
    ROUND_ROBIN_MAX_PLAYERS, SWISS_MAX_PLAYERS, TOURNAMENT_NAME_MAX,
};
pub use vacation::{VacationChanged, VacationView, VACATION_DAYS_PER_YEAR};
pub use views::{BoardMessage, ChallengeStatus, ChallengeView, Computer, EndReason, GameView, MoveApplied, PlayerView};
pub use web::{
    is_token_shaped, BoardView, GamePage, PlyView, RoundView, ServerPage, TournamentPage, WebSettings, TOKEN_CHARS,
};

use crate::engine::Seat;
use crate::random::SplitMix64;
use crate::store::{NewPlayer, RatingRules, Store};
use crate::venue::Venue;

/// Settings of the game service.
#[derive(Debug, Clone)]
pub struct ServiceConfig {
    /// How long a challenge waits for an answer.
    pub challenge_ttl_secs: i64,
    /// Ongoing games a player may have at once.
    pub max_ongoing_games: usize,
    /// Searches of the computer player that may run at once; more wait
    /// their turn, so that many games against the computer cannot starve
    /// the machine.
    pub concurrent_searches: usize,
    /// Rated games a player needs to be listed on a leaderboard.
    pub leaderboard_min_games: i64,
    /// Rated games two players may play against each other in 24 hours;
    /// later ones are recorded but unrated.
    pub rated_games_per_pair_per_day: u32,
    /// Positions a hint searches ([`crate::ai::HINT_NODES`]).
    pub hint_nodes: u64,
    /// Positions the post-game review searches for each move
    /// ([`crate::ai::REVIEW_NODES`]; tests, in debug builds, use fewer).
    pub review_nodes: u64,
    /// Positions searched for each position tried as a puzzle
    /// ([`crate::ai::PUZZLE_NODES`]; tests use fewer).
    pub puzzle_nodes: u64,
}

impl Default for ServiceConfig {
    fn default() -> ServiceConfig {
        ServiceConfig {
            challenge_ttl_secs: 24 * 3600,
            max_ongoing_games: 25,
            concurrent_searches: std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
            leaderboard_min_games: 5,
            rated_games_per_pair_per_day: 5,
            review_nodes: crate::ai::REVIEW_NODES,
            hint_nodes: crate::ai::HINT_NODES,
            puzzle_nodes: crate::ai::PUZZLE_NODES,
        }
    }
}

/// A Discord user as the service sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: u64,
    pub name: String,
    pub is_bot: bool,
}

/// Where a command was used: a channel, in a server that added the bot
/// (`guild_id`) or not, and what the bot may do there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The server, if it added the bot: a server that did not has no
    /// settings, leaderboard or tournaments of its own.
    pub guild_id: Option<u64>,
    pub channel_id: u64,
    pub venue: Venue,
}

/// The game service: cheap to clone, shared by every handler.
#[derive(Debug, Clone)]
pub struct Service {
    store: Store,
    config: ServiceConfig,
    clock: Arc<dyn Clock>,
    /// Draws who moves first in a new game; shared by the clones.
    random: Arc<Mutex<SplitMix64>>,
    searches: Arc<Semaphore>,
    /// The leases a task of this process holds through a [`leases::Lease`]
    /// (see [`leases::Held`]); shared by the clones.
    held_leases: leases::Held,
    /// Rung when this process writes a live-clock move: its flag watch
    /// then looks again for the earliest deadline.
    live_moves: Arc<Notify>,
    /// Rung when a change made outside Discord (a move on the web page)
    /// owes a channel a board: the bot of this process delivers it without
    /// waiting for its scheduler's tick. Shared by the clones.
    owed_from_outside: Arc<tokio::sync::Notify>,
}

impl Service {
    /// A service whose random draws are seeded from the operating system;
    /// [`Service::seeded`] makes them repeatable.
    pub fn new(store: Store, config: ServiceConfig, clock: Arc<dyn Clock>) -> Service {
        let searches = Arc::new(Semaphore::new(config.concurrent_searches.max(1)));
        let store = store.with_rating_rules(RatingRules {
            rated_games_per_pair: config.rated_games_per_pair_per_day,
            ..RatingRules::default()
        });
        Service {
            store,
            config,
            clock,
            random: Arc::new(Mutex::new(SplitMix64::from_entropy())),
            searches,
            held_leases: leases::Held::default(),
            live_moves: Arc::new(Notify::new()),
            owed_from_outside: Arc::default(),
        }
    }

    /// The same service with its random draws (who moves first) from
    /// `seed`: the same seed and the same calls give the same games, on
    /// every build. For tests, as [`ManualClock`] is for time.
    pub fn seeded(self, seed: u64) -> Service {
        Service {
            random: Arc::new(Mutex::new(SplitMix64::new(seed))),
            ..self
        }
    }

    /// Who moves first in a new game: a fair coin.
    pub(super) fn draw_first_mover(&self) -> Seat {
        let heads = self
            .random
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .coin();
        if heads {
            Seat::A
        } else {
            Seat::B
        }
    }

    /// Whether the database answers and takes writes, as `/healthz` asks:
    /// `Err` says what is wrong.
    pub fn database_check(&self) -> crate::telemetry::Check {
        self.store.health_check()
    }

    /// Closes the database's connections, once nothing more will be asked
    /// of the service.
    pub async fn close(&self) {
        self.store.close().await;
    }

    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// Stores `player` as last seen, their name cleaned first (see
    /// [`input`]): whatever a caller passes, no raw name reaches the store.
    pub(super) async fn remember(&self, player: &Player) -> Result<PlayerView> {
        let name = input::name(&player.name);
        self.store
            .upsert_player(
                &NewPlayer {
                    user_id: player.id,
                    name: &name,
                    is_bot: player.is_bot,
                },
                self.now(),
            )
            .await?;
        Ok(PlayerView {
            user_id: player.id,
            name,
            is_bot: player.is_bot,
        })
    }

    pub(super) async fn player_row(&self, user_id: u64) -> Result<PlayerView> {
        Ok(match self.store.player(user_id).await? {
            Some(row) => PlayerView::from(row),
            // Never seen: no name, which is shown as "player" in the
            // reader's language, as an empty name is.
            None => PlayerView {
                user_id,
                name: String::new(),
                is_bot: false,
            },
        })
    }
}
