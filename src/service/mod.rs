//! The use cases — challenge, accept, decline, move, resign, list, records —
//! over the engine and the store. Knows nothing of Discord: callers pass
//! plain ids and names, and get typed outcomes and errors to render.

mod clock;
mod delivery;
mod hints;
mod records;
mod reviews;
mod schedule;

use std::sync::Arc;

use rand::Rng;
use tokio::sync::Semaphore;

pub use clock::{Clock, ManualClock, SystemClock};
pub use delivery::{BoardShown, Delivery};
pub use hints::HintView;
pub use records::{
    CallerStanding, GameRating, GameRecord, HistoryPage, LeaderboardPage, RatingChange, RatingSummary, Scope, Standing,
    Stats, Streaks, Unrated, HISTORY_PAGE, LEADERBOARD_PAGE,
};
pub use reviews::ReviewView;
pub use schedule::{
    ChallengeRequest, Challenged, NoticeView, RematchOutcome, Settings, TimePerMove, DEFAULT_COMPUTER_LEVEL,
};

use crate::ai::Level;
use crate::engine::{Game, GameEnd, Hole, IllegalMove, MoveOutcome, Position, Seat, Status, Winner};
use crate::store::{
    from_db, ChallengeRow, ComputerSeat, Finish, GameRow, GameUpdate, GameWithPlayers, MoveClock, NewGame, NewMove,
    NewPlayer, PlayerRow, RatingRules, Store, StoreError, Written,
};

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

/// A player as the views show them: their Discord id, the name they had
/// when last seen, and whether they are a bot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerView {
    pub user_id: u64,
    pub name: String,
    pub is_bot: bool,
}

impl From<PlayerRow> for PlayerView {
    fn from(row: PlayerRow) -> PlayerView {
        PlayerView {
            user_id: from_db(row.user_id),
            name: row.name,
            is_bot: row.is_bot,
        }
    }
}

/// Where a command was used: a channel, in a server or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub guild_id: Option<u64>,
    pub channel_id: u64,
}

/// Everything that can refuse a use case. The presentation layer words
/// each for the player (`discord::refusals`); `Display` is for logs.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("not in a server")]
    NotInAServer,
    #[error("challenger and opponent are the same user")]
    ChallengeSelf,
    /// The opponent (named) is a bot other than this one.
    #[error("opponent {0} is a bot")]
    ChallengeBot(String),
    /// A pending challenge to this opponent (named) exists already.
    #[error("a challenge to {0} is pending already")]
    AlreadyChallenged(String),
    /// The player `name` has `limit` ongoing games already.
    #[error("{name} has {limit} ongoing games already")]
    TooManyGames { name: String, limit: usize },
    #[error("no such challenge")]
    ChallengeNotFound,
    /// Only the opponent (named) may accept.
    #[error("only {0} may accept")]
    NotYourChallenge(String),
    #[error("the user is not in the challenge")]
    NotInChallenge,
    /// The challenge is closed with this status (`accepted`, `declined`,
    /// `withdrawn`).
    #[error("challenge already {0}")]
    ChallengeClosed(String),
    #[error("challenge expired")]
    ChallengeExpired,
    #[error("no such game")]
    GameNotFound,
    #[error("the user is not a player of the game")]
    NotAPlayer,
    /// The player to move (named) is someone else.
    #[error("{0} is to move")]
    NotYourTurn(String),
    /// The button names a move number the game has passed.
    #[error("stale button")]
    StaleButton,
    /// A newer board of the game was posted; only it takes moves.
    #[error("not the latest board")]
    OutdatedBoard,
    #[error("game over")]
    GameOver,
    /// A move was played since the player was asked to confirm resigning.
    #[error("resignation overtaken by a move")]
    ResignOvertaken,
    /// A computer level was given for a game against a person.
    #[error("a level for a game against a person")]
    LevelNeedsTheComputer,
    /// Hints are for games against the computer, never between people.
    #[error("hints are only for games against the computer")]
    HintsOnlyAgainstTheComputer,
    #[error("too late to abort")]
    TooLateToAbort,
    #[error("game not over")]
    GameNotOver,
    /// A rematch (this challenge) is pending already.
    #[error("rematch pending (challenge {0})")]
    RematchPending(i64),
    /// The player pressed after their deadline: the game is lost on time.
    #[error("out of time")]
    TimedOut,
    #[error("illegal move: {0}")]
    IllegalMove(IllegalMove),
    #[error("no ongoing game in this channel")]
    NoGameHere,
    /// Several ongoing games (these ids) in this channel.
    #[error("several ongoing games here: {0}")]
    WhichGame(String),
    #[error("game {game_id} is inconsistent: {why}")]
    Corrupt { game_id: i64, why: String },
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl ServiceError {
    /// Whether this is the user's doing (answered plainly) rather than a
    /// fault of ours (logged, answered with an apology).
    pub fn is_fault(&self) -> bool {
        matches!(self, ServiceError::Store(_) | ServiceError::Corrupt { .. })
    }
}

pub type Result<T> = std::result::Result<T, ServiceError>;

/// A challenge and its two players.
#[derive(Debug, Clone)]
pub struct ChallengeView {
    pub id: i64,
    /// Where the challenge was made (and its message is).
    pub channel_id: u64,
    pub challenger: PlayerView,
    pub opponent: PlayerView,
    pub status: String,
    pub expires_at: i64,
    pub game_id: Option<i64>,
    pub seconds_per_move: i64,
    /// A rematch of this game (seats swapped).
    pub rematch_of: Option<i64>,
}

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndReason {
    NoSeeds,
    Loop,
    /// `seat` ran out of time.
    Timeout {
        seat: Seat,
    },
    /// `seat` resigned.
    Resignation {
        seat: Seat,
    },
    /// `seat` aborted the game before both players had moved: no winner
    /// (the view's `Winner` is a placeholder), no result, unrated.
    Aborted {
        seat: Seat,
    },
}

/// A game as loaded: its players, the engine game and where its latest
/// board is.
#[derive(Debug, Clone)]
pub struct GameView {
    pub id: i64,
    pub guild_id: u64,
    pub channel_id: u64,
    /// Seat A's player, then seat B's.
    pub players: [PlayerView; 2],
    /// The engine game. [`Service::game`] replays every move into it; the
    /// view a move returns is resumed from the stored state instead, so its
    /// `moves()` and `record()` hold only that move (see [`Game::resume`]).
    pub game: Game,
    /// What the last move did, if there was one.
    pub last_move: Option<MoveOutcome>,
    pub finished: Option<(EndReason, Winner)>,
    /// In a game against the computer: its seat and level.
    pub computer: Option<(Seat, Level)>,
    /// The clock: time per move, and when the player to move loses on time.
    pub seconds_per_move: Option<i64>,
    pub deadline: Option<i64>,
    /// The latest board message (channel, message) and the ply it shows.
    pub board_message: Option<BoardMessage>,
    /// Once finished: whether the game was rated, and how.
    pub rating: Option<GameRating>,
    /// Whether the final board was posted (for a finished game).
    pub result_shown: bool,
    /// Hints the player asked for (games against the computer only).
    pub hints_used: i64,
}

impl GameView {
    /// Moves played: the version every button carries.
    pub fn ply(&self) -> i64 {
        self.game.ply() as i64
    }

    pub fn player(&self, seat: Seat) -> &PlayerView {
        &self.players[seat.index()]
    }

    pub fn seat_of(&self, user_id: u64) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|&seat| self.player(seat).user_id == user_id)
    }

    /// The player to move, while the game goes on.
    pub fn to_move(&self) -> Option<Seat> {
        match self.finished {
            Some(_) => None,
            None => self.game.to_move(),
        }
    }

    /// Whether either player may still abort the game: it goes on and
    /// they have not both moved.
    pub fn can_abort(&self) -> bool {
        self.finished.is_none() && self.ply() < 2
    }

    /// Whether the game waits for the computer's move.
    pub fn computer_to_move(&self) -> bool {
        matches!((self.computer, self.to_move()), (Some((seat, _)), Some(to_move)) if seat == to_move)
    }
}

/// A move that was played.
#[derive(Debug, Clone)]
pub struct MoveApplied {
    pub outcome: MoveOutcome,
    pub view: GameView,
}

/// How the rules ended `game`, if they did.
fn finish_of(game: &Game) -> Option<(EndReason, Winner)> {
    match game.status() {
        Status::Ongoing { .. } => None,
        Status::Finished {
            end: GameEnd::NoSeeds,
            winner,
        } => Some((EndReason::NoSeeds, winner)),
        Status::Finished {
            end: GameEnd::Loop,
            winner,
        } => Some((EndReason::Loop, winner)),
    }
}

/// The computer's seat and level in `row`'s game, if it plays.
fn computer_of(row: &GameRow) -> Result<Option<(Seat, Level)>> {
    let corrupt = |why: String| ServiceError::Corrupt { game_id: row.id, why };
    Ok(match (row.computer_seat.as_deref(), row.computer_level.as_deref()) {
        (Some(seat), Some(level)) => Some((
            seat.parse().map_err(|_| corrupt(format!("computer seat {seat}")))?,
            level.parse().map_err(|_| corrupt(format!("computer level {level}")))?,
        )),
        _ => None,
    })
}

/// A game's latest board message, and the move number it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardMessage {
    pub channel_id: u64,
    pub message_id: u64,
    pub ply: i64,
}

/// The latest board message of `row`'s game.
fn board_message_of(row: &GameRow) -> Option<BoardMessage> {
    match (row.board_channel_id, row.board_message_id, row.board_ply) {
        (Some(channel), Some(message), Some(ply)) => Some(BoardMessage {
            channel_id: from_db(channel),
            message_id: from_db(message),
            ply,
        }),
        _ => None,
    }
}

/// The game service: cheap to clone, shared by every handler.
#[derive(Debug, Clone)]
pub struct Service {
    store: Store,
    config: ServiceConfig,
    clock: Arc<dyn Clock>,
    searches: Arc<Semaphore>,
}

impl Service {
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
            searches,
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    async fn remember(&self, player: &Player) -> Result<PlayerView> {
        self.store
            .upsert_player(
                &NewPlayer {
                    user_id: player.id,
                    name: &player.name,
                    is_bot: player.is_bot,
                },
                self.now(),
            )
            .await?;
        Ok(PlayerView {
            user_id: player.id,
            name: player.name.clone(),
            is_bot: player.is_bot,
        })
    }

    async fn player_row(&self, user_id: i64) -> Result<PlayerView> {
        Ok(match self.store.player(from_db(user_id)).await? {
            Some(row) => PlayerView::from(row),
            None => PlayerView {
                user_id: from_db(user_id),
                name: format!("player {}", from_db(user_id)),
                is_bot: false,
            },
        })
    }

    /// `challenger` challenges `opponent` in `place`, with the
    /// challenger's default time per move.
    pub async fn challenge(&self, place: Place, challenger: &Player, opponent: &Player) -> Result<ChallengeView> {
        self.challenge_with_time(place, challenger, opponent, None).await
    }

    async fn challenge_view(&self, row: ChallengeRow) -> Result<ChallengeView> {
        Ok(ChallengeView {
            id: row.id,
            channel_id: from_db(row.channel_id),
            challenger: self.player_row(row.challenger_id).await?,
            opponent: self.player_row(row.opponent_id).await?,
            status: row.status,
            expires_at: row.expires_at,
            game_id: row.game_id,
            seconds_per_move: row.seconds_per_move,
            rematch_of: row.rematch_of,
        })
    }

    /// A pending challenge, marked expired (and refused) if its time is up.
    async fn pending(&self, challenge_id: i64) -> Result<ChallengeRow> {
        let row = self
            .store
            .challenge(challenge_id)
            .await?
            .ok_or(ServiceError::ChallengeNotFound)?;
        if row.status != "pending" {
            return Err(if row.status == "expired" {
                ServiceError::ChallengeExpired
            } else {
                ServiceError::ChallengeClosed(row.status)
            });
        }
        if self.now() >= row.expires_at {
            self.store.close_challenge(row.id, "expired", self.now()).await?;
            return Err(ServiceError::ChallengeExpired);
        }
        Ok(row)
    }

    /// The challenged player accepts: the game starts, its first mover
    /// chosen at random.
    pub async fn accept(&self, challenge_id: i64, user: &Player) -> Result<GameView> {
        let row = self.pending(challenge_id).await?;
        if from_db(row.opponent_id) != user.id {
            let opponent = self.player_row(row.opponent_id).await?;
            return Err(ServiceError::NotYourChallenge(opponent.name));
        }
        self.remember(user).await?;
        let first = if rand::thread_rng().gen() { Seat::A } else { Seat::B };
        // The challenger sits at A: seats only name rows, the first mover is random.
        let start = serde_json::to_string(&Position::opening(first).to_json()).expect("a position serializes");
        let loop_history = Game::opening(first).loop_history_text();
        // The challenger sits at A; a rematch swaps the seats of the game before.
        let (mut player_a, mut player_b) = (from_db(row.challenger_id), from_db(row.opponent_id));
        if let Some(previous) = row.rematch_of {
            if let Some(game) = self.store.game(previous).await? {
                (player_a, player_b) = (from_db(game.player_b), from_db(game.player_a));
            }
        }
        let game_id = self
            .store
            .accept_challenge(
                row.id,
                &NewGame {
                    guild_id: from_db(row.guild_id),
                    channel_id: from_db(row.channel_id),
                    player_a,
                    player_b,
                    start_position: start,
                    loop_history,
                    created_at: self.now(),
                    computer: None,
                    clock: schedule::clock_starting(self.now(), row.seconds_per_move),
                },
            )
            .await?;
        match game_id {
            Some(id) => self.game(id).await,
            None => {
                let status = self
                    .store
                    .challenge(challenge_id)
                    .await?
                    .map(|c| c.status)
                    .unwrap_or_default();
                Err(ServiceError::ChallengeClosed(status))
            }
        }
    }

    /// Either player closes a pending challenge: the opponent declines, the
    /// challenger withdraws.
    pub async fn decline(&self, challenge_id: i64, user: &Player) -> Result<ChallengeView> {
        let row = self.pending(challenge_id).await?;
        let status = if from_db(row.opponent_id) == user.id {
            "declined"
        } else if from_db(row.challenger_id) == user.id {
            "withdrawn"
        } else {
            return Err(ServiceError::NotInChallenge);
        };
        if self.store.close_challenge(row.id, status, self.now()).await? == Written::Conflict {
            let now = self
                .store
                .challenge(challenge_id)
                .await?
                .map(|c| c.status)
                .unwrap_or_default();
            return Err(ServiceError::ChallengeClosed(now));
        }
        let mut view = self.challenge_view(row).await?;
        view.status = status.into();
        Ok(view)
    }

    pub async fn challenge_info(&self, challenge_id: i64) -> Result<ChallengeView> {
        let row = self
            .store
            .challenge(challenge_id)
            .await?
            .ok_or(ServiceError::ChallengeNotFound)?;
        self.challenge_view(row).await
    }

    /// Loads a game and replays its moves; the stored position must equal
    /// the replay.
    pub async fn game(&self, game_id: i64) -> Result<GameView> {
        let (row, moves) = self
            .store
            .game_with_moves(game_id)
            .await?
            .ok_or(ServiceError::GameNotFound)?;
        self.replay(row, moves).await
    }

    /// Loads a game found by a listing: its row is read again with its
    /// moves, in one transaction, so that the two agree.
    async fn view(&self, listed: GameRow) -> Result<GameView> {
        self.game(listed.id).await
    }

    async fn replay(&self, row: GameRow, moves: Vec<crate::store::MoveRow>) -> Result<GameView> {
        let corrupt = |why: String| ServiceError::Corrupt { game_id: row.id, why };
        let start = Position::from_json(&row.start_position).map_err(|e| corrupt(e.to_string()))?;
        let mut game = Game::from_position(start);
        let mut last_move = None;
        for stored in moves {
            let hole = Hole::new(stored.hole).map_err(|e| corrupt(e.to_string()))?;
            last_move = Some(
                game.play(hole)
                    .map_err(|e| corrupt(format!("move {}: {e}", stored.ply)))?,
            );
        }
        let stored_position = Position::from_json(&row.position).map_err(|e| corrupt(e.to_string()))?;
        if stored_position != *game.position() || row.ply != game.moves().len() as i64 {
            return Err(corrupt(
                "the stored position is not the replay of the stored moves".into(),
            ));
        }
        if row
            .loop_history
            .as_ref()
            .is_some_and(|h| *h != game.loop_history_text())
        {
            return Err(corrupt(
                "the stored loop history is not the replay of the stored moves".into(),
            ));
        }
        let finished = match (row.status.as_str(), row.end_reason.as_deref(), row.winner.as_deref()) {
            ("ongoing", _, _) => None,
            (_, Some("timeout"), Some(winner)) => {
                let winner: Seat = winner.parse().map_err(|_| corrupt(format!("winner {winner}")))?;
                Some((
                    EndReason::Timeout {
                        seat: winner.opponent(),
                    },
                    Winner::Seat(winner),
                ))
            }
            (_, Some("resignation"), Some(winner)) => {
                let winner: Seat = winner.parse().map_err(|_| corrupt(format!("winner {winner}")))?;
                Some((
                    EndReason::Resignation {
                        seat: winner.opponent(),
                    },
                    Winner::Seat(winner),
                ))
            }
            ("finished", None, None) => match self.aborted_by(row.id, row.player_a).await? {
                Some(seat) => Some((EndReason::Aborted { seat }, Winner::Draw)),
                None => return Err(corrupt("finished with no winner, yet not aborted".into())),
            },
            _ => match finish_of(&game) {
                Some(finish) => Some(finish),
                None => return Err(corrupt("marked finished but the rules say it goes on".into())),
            },
        };
        let computer = computer_of(&row)?;
        let board_message = board_message_of(&row);
        let hints_used = self.hints_used(row.id, computer.is_some()).await?;
        Ok(GameView {
            id: row.id,
            guild_id: from_db(row.guild_id),
            channel_id: from_db(row.channel_id),
            players: [
                self.player_row(row.player_a).await?,
                self.player_row(row.player_b).await?,
            ],
            game,
            last_move,
            finished,
            computer,
            seconds_per_move: row.seconds_per_move,
            deadline: row.deadline,
            board_message,
            rating: match row.status.as_str() {
                "ongoing" => None,
                _ => self.game_rating(row.id, from_db(row.guild_id)).await?,
            },
            result_shown: row.result_shown,
            hints_used,
        })
    }

    /// Loads a game to play a move in it: while it goes on, from its stored
    /// state in one lookup (no replay, so the same work at every move);
    /// otherwise, or if its state is not stored yet, as [`Service::game`].
    async fn game_to_move(&self, game_id: i64) -> Result<GameView> {
        let Some(GameWithPlayers {
            game: row,
            name_a,
            is_bot_a,
            name_b,
            is_bot_b,
        }) = self.store.game_with_players(game_id).await?
        else {
            return Err(ServiceError::GameNotFound);
        };
        let Some(history) = row.loop_history.as_deref().filter(|_| row.status == "ongoing") else {
            return self.game(game_id).await;
        };
        let corrupt = |why: String| ServiceError::Corrupt { game_id, why };
        let start = Position::from_json(&row.start_position).map_err(|e| corrupt(e.to_string()))?;
        let position = Position::from_json(&row.position).map_err(|e| corrupt(e.to_string()))?;
        let ply = usize::try_from(row.ply).map_err(|_| corrupt(format!("ply {}", row.ply)))?;
        let game = Game::resume(start, position, ply, history).map_err(|e| corrupt(e.to_string()))?;
        if game.is_over() {
            return Err(corrupt("the stored state ends the game, yet it goes on".into()));
        }
        let player = |user_id: i64, name: Option<String>, is_bot: Option<bool>| PlayerView {
            user_id: from_db(user_id),
            name: name.unwrap_or_else(|| format!("player {}", from_db(user_id))),
            is_bot: is_bot.unwrap_or(false),
        };
        let computer = computer_of(&row)?;
        let hints_used = self.hints_used(row.id, computer.is_some()).await?;
        Ok(GameView {
            id: row.id,
            guild_id: from_db(row.guild_id),
            channel_id: from_db(row.channel_id),
            players: [
                player(row.player_a, name_a, is_bot_a),
                player(row.player_b, name_b, is_bot_b),
            ],
            last_move: None,
            finished: None,
            computer,
            seconds_per_move: row.seconds_per_move,
            deadline: row.deadline,
            board_message: board_message_of(&row),
            rating: None,
            result_shown: row.result_shown,
            hints_used,
            game,
        })
    }

    /// `user` plays `hole` on the board showing move number `ply`, pressed
    /// on message `message_id` (if it came from a board message).
    pub async fn play(
        &self,
        game_id: i64,
        ply: i64,
        hole: Hole,
        user: &Player,
        message_id: Option<u64>,
    ) -> Result<MoveApplied> {
        let mut view = self.game_to_move(game_id).await?;
        let seat = view.seat_of(user.id).ok_or(ServiceError::NotAPlayer)?;
        if view.finished.is_some() {
            return Err(ServiceError::GameOver);
        }
        if ply != view.ply() {
            return Err(ServiceError::StaleButton);
        }
        if let (Some(pressed), Some(latest)) = (message_id, view.board_message) {
            // Only the latest board takes moves; until the new board's id is
            // saved (a moment after a move) the check waits for it.
            if latest.ply == view.ply() && pressed != latest.message_id {
                return Err(ServiceError::OutdatedBoard);
            }
        }
        let to_move = view.to_move().ok_or(ServiceError::GameOver)?;
        if to_move != seat {
            return Err(ServiceError::NotYourTurn(view.player(to_move).name.clone()));
        }
        if self.time_out_if_due(&view).await? {
            return Err(ServiceError::TimedOut);
        }
        let outcome = view.game.play(hole).map_err(ServiceError::IllegalMove)?;
        let finished = finish_of(&view.game);
        let update = self.update_for(&view, finished);
        let new_move = NewMove {
            seat: seat.letter(),
            hole: hole.number(),
            user_id: user.id,
        };
        match self.store.record_move(game_id, ply, &new_move, &update).await? {
            Written::Conflict => Err(ServiceError::StaleButton),
            Written::Yes => {
                crate::telemetry::move_applied(crate::telemetry::MovedBy::Player);
                tracing::debug!(
                    game_id,
                    ply = ply + 1,
                    user_id = user.id,
                    hole = hole.number(),
                    "move played"
                );
                view.last_move = Some(outcome);
                view.finished = finished;
                if finished.is_some() {
                    view.rating = self.game_rating(game_id, view.guild_id).await?;
                }
                Ok(MoveApplied { outcome, view })
            }
        }
    }

    /// The game's row after `view.game` changed: the position, how it
    /// ended, and the clock of the player now to move.
    fn update_for(&self, view: &GameView, finished: Option<(EndReason, Winner)>) -> GameUpdate {
        let position = view.game.position();
        let now = self.now();
        let mut update = GameUpdate {
            position: serde_json::to_string(&position.to_json()).expect("a position serializes"),
            finished: finished.map(|(reason, winner)| Finish {
                end_reason: match reason {
                    EndReason::NoSeeds => "no_seeds",
                    EndReason::Loop => "loop",
                    EndReason::Resignation { .. } => "resignation",
                    EndReason::Timeout { .. } => "timeout",
                    // Never written: aborts go through Store::abort_game.
                    EndReason::Aborted { .. } => "aborted",
                },
                winner: winner.to_string(),
            }),
            captured_a: position.captured(Seat::A) as u32,
            captured_b: position.captured(Seat::B) as u32,
            now,
            deadline: None,
            reminder_at: None,
            loop_history: Some(view.game.loop_history_text()),
        };
        let computer_next = matches!(view.computer, Some((seat, _)) if Some(seat) == view.game.to_move());
        if let (None, false, Some(seconds)) = (finished, computer_next, view.seconds_per_move) {
            let clock = schedule::clock_starting(now, seconds);
            update.deadline = clock.deadline;
            update.reminder_at = clock.reminder_at;
        }
        update
    }

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
                view.rating = self.game_rating(game_id, view.guild_id).await?;
                Ok(view)
            }
        }
    }

    /// `human` starts a game against the computer (`computer` is the bot's
    /// own user) at `level`; the first mover is drawn at random.
    pub async fn start_computer_game(
        &self,
        place: Place,
        human: &Player,
        computer: &Player,
        level: Level,
    ) -> Result<GameView> {
        let guild_id = place.guild_id.ok_or(ServiceError::NotInAServer)?;
        self.remember(human).await?;
        self.remember(computer).await?;
        if self.store.ongoing_games(human.id).await?.len() >= self.config.max_ongoing_games {
            return Err(ServiceError::TooManyGames {
                name: human.name.clone(),
                limit: self.config.max_ongoing_games,
            });
        }
        let first = if rand::thread_rng().gen() { Seat::A } else { Seat::B };
        let start = serde_json::to_string(&Position::opening(first).to_json()).expect("a position serializes");
        let loop_history = Game::opening(first).loop_history_text();
        // The human sits at A, as a challenger does.
        let id = self
            .store
            .create_game(&NewGame {
                guild_id,
                channel_id: place.channel_id,
                player_a: human.id,
                player_b: computer.id,
                start_position: start,
                loop_history,
                created_at: self.now(),
                computer: Some(ComputerSeat { seat: Seat::B, level }),
                clock: MoveClock::default(),
            })
            .await?;
        tracing::info!(game_id = id, user_id = human.id, %level, "game against the computer started");
        self.game(id).await
    }

    /// Plays the computer's move in `game_id` if it is the computer's turn:
    /// the search runs on a blocking thread, at most
    /// `concurrent_searches` at once. `None` if there was nothing to do or
    /// someone else played it first.
    pub async fn play_computer(&self, game_id: i64) -> Result<Option<MoveApplied>> {
        let _permit = self.searches.acquire().await.expect("the semaphore is never closed");
        let mut view = self.game_to_move(game_id).await?;
        let Some((seat, level)) = view.computer.filter(|_| view.computer_to_move()) else {
            return Ok(None);
        };
        let ply = view.ply();
        let game = view.game.clone();
        // The same game and ply always give the same move.
        let seed = (game_id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ply as u64;
        let started = std::time::Instant::now();
        let searching = crate::telemetry::search_started();
        let hole = tokio::task::spawn_blocking(move || crate::ai::choose_move(&game, level, seed))
            .await
            .map_err(|e| ServiceError::Corrupt {
                game_id,
                why: format!("the computer's search failed: {e}"),
            })?
            .ok_or(ServiceError::GameOver)?;
        drop(searching);
        tracing::info!(game_id, ply = ply + 1, %level, hole = hole.number(), ms = started.elapsed().as_millis() as u64, "computer move");
        let outcome = view.game.play(hole).map_err(ServiceError::IllegalMove)?;
        let finished = finish_of(&view.game);
        let update = self.update_for(&view, finished);
        let user_id = view.player(seat).user_id;
        let new_move = NewMove {
            seat: seat.letter(),
            hole: hole.number(),
            user_id,
        };
        match self.store.record_move(game_id, ply, &new_move, &update).await? {
            Written::Conflict => Ok(None),
            Written::Yes => {
                crate::telemetry::move_applied(crate::telemetry::MovedBy::Computer);
                view.last_move = Some(outcome);
                view.finished = finished;
                Ok(Some(MoveApplied { outcome, view }))
            }
        }
    }

    /// Games waiting for the computer's move, oldest first: after a restart,
    /// each gets its move.
    pub async fn games_awaiting_computer(&self) -> Result<Vec<i64>> {
        let mut waiting = Vec::new();
        for row in self.store.ongoing_computer_games().await? {
            let id = row.id;
            match self.view(row).await {
                Ok(view) if view.computer_to_move() => waiting.push(id),
                Ok(_) => {}
                Err(error) => tracing::error!(%error, game_id = id, "cannot load a game against the computer"),
            }
        }
        Ok(waiting)
    }

    /// `user`'s ongoing games, most recently active first.
    pub async fn ongoing_games(&self, user_id: u64) -> Result<Vec<GameView>> {
        let mut views = Vec::new();
        for row in self.store.ongoing_games(user_id).await? {
            views.push(self.view(row).await?);
        }
        Ok(views)
    }

    /// The game a command means: `game_id` if given (which `user` must be
    /// playing), else `user`'s only ongoing game in this channel.
    pub async fn game_of(&self, user_id: u64, game_id: Option<i64>, channel_id: u64) -> Result<GameView> {
        if let Some(id) = game_id {
            let view = self.game(id).await?;
            return match view.seat_of(user_id) {
                Some(_) => Ok(view),
                None => Err(ServiceError::NotAPlayer),
            };
        }
        let here: Vec<GameView> = self
            .ongoing_games(user_id)
            .await?
            .into_iter()
            .filter(|g| g.channel_id == channel_id)
            .collect();
        match here.len() {
            0 => Err(ServiceError::NoGameHere),
            1 => Ok(here.into_iter().next().expect("one game")),
            _ => Err(ServiceError::WhichGame(
                here.iter().map(|g| g.id.to_string()).collect::<Vec<_>>().join(", "),
            )),
        }
    }
}
