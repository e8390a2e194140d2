//! What the use cases return: games, challenges and players as the
//! presentation layer shows them, independent of the store's rows.

use super::{GameRating, LiveClock, TimeControl};
use crate::ai::Level;
use crate::engine::{Game, GameEnd, MoveOutcome, Seat, Status, Winner};
use crate::store::{GameRow, PlayerRow};
use crate::venue::Venue;

pub use crate::challenge_status::ChallengeStatus;

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
            user_id: row.user_id,
            name: row.name,
            is_bot: row.is_bot,
        }
    }
}

/// A challenge and its two players.
#[derive(Debug, Clone)]
pub struct ChallengeView {
    pub id: i64,
    /// The server whose language the challenge's message speaks.
    pub guild_id: u64,
    /// Where the challenge was made (and its message is).
    pub channel_id: u64,
    pub challenger: PlayerView,
    pub opponent: PlayerView,
    pub status: ChallengeStatus,
    pub expires_at: i64,
    pub game_id: Option<i64>,
    pub seconds_per_move: i64,
    /// A rematch of this game (seats swapped).
    pub rematch_of: Option<i64>,
    pub venue: Venue,
    /// Whether its game counts for the ratings (else a friendly game).
    pub rated: bool,
    /// A live time control for its game, instead of a time per move.
    pub time_control: Option<TimeControl>,
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
    /// `seat` withdrew from the game's tournament while it was being
    /// played: a resignation, said as what it was.
    Withdrawal {
        seat: Seat,
    },
    /// `seat` aborted the game before both players had moved: no winner
    /// (the view's `Winner` is a placeholder), no result, unrated.
    Aborted {
        seat: Seat,
    },
    /// The game's tournament was cancelled while it was being played: no
    /// winner (the view's `Winner` is a placeholder), no result, unrated.
    TournamentCancelled,
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
    /// The engine game. [`Service::game`](super::Service::game) replays every move into it; the
    /// view a move returns is resumed from the stored state instead, so its
    /// `moves()` and `record()` hold only that move (see [`Game::resume`]).
    pub game: Game,
    /// What the last move did, if there was one.
    pub last_move: Option<MoveOutcome>,
    pub finished: Option<(EndReason, Winner)>,
    /// In a game against the computer: its seat and level.
    pub computer: Option<Computer>,
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
    /// When the game last changed (started, moved, ended), by the
    /// service's clock: how long its current board may have been owed.
    pub changed_at: i64,
    /// Where it is played: whether its boards are posted in the channel
    /// or shown only as answers to the players' presses.
    pub venue: Venue,
    /// How many people follow it.
    pub followers: i64,
    /// A friendly game: never rated, takebacks allowed.
    pub friendly: bool,
    /// How many moves were taken back: a board at a move number shown
    /// before is another board.
    pub takebacks: i64,
    /// When the player to move is next reminded, if a reminder is pending.
    pub reminder_at: Option<i64>,
    /// A live clock per player (then no time per move): the times left as
    /// the current turn started, and whose clock runs. Use
    /// [`LiveClock::remaining_at`] for the times at any instant.
    pub live_clock: Option<LiveClock>,
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

    /// Whether the clock of the player to move stands still: the game has a
    /// time per move but no deadline while a person is to move, which only
    /// a vacation does.
    pub fn clock_paused(&self) -> bool {
        self.seconds_per_move.is_some()
            && self.deadline.is_none()
            && self.to_move().is_some()
            && !self.computer_to_move()
    }

    /// Whether the game waits for the computer's move.
    pub fn computer_to_move(&self) -> bool {
        matches!((self.computer, self.to_move()), (Some(computer), Some(to_move)) if computer.seat == to_move)
    }
}

/// A move that was played.
#[derive(Debug, Clone)]
pub struct MoveApplied {
    pub outcome: MoveOutcome,
    pub view: GameView,
}

/// How the rules ended `game`, if they did.
pub(super) fn finish_of(game: &Game) -> Option<(EndReason, Winner)> {
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

/// The computer's side of a game against it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Computer {
    pub seat: Seat,
    pub level: Level,
}

/// The computer's seat and level in `row`'s game, if it plays.
pub(super) fn computer_of(row: &GameRow) -> Option<Computer> {
    match (row.computer_seat, row.computer_level) {
        (Some(seat), Some(level)) => Some(Computer { seat, level }),
        _ => None,
    }
}

/// A game's latest board message, and the move number it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardMessage {
    pub channel_id: u64,
    pub message_id: u64,
    pub ply: i64,
}

/// The latest board message of `row`'s game.
pub(super) fn board_message_of(row: &GameRow) -> Option<BoardMessage> {
    match (row.board_channel_id, row.board_message_id, row.board_ply) {
        (Some(channel), Some(message), Some(ply)) => Some(BoardMessage {
            channel_id: channel,
            message_id: message,
            ply,
        }),
        _ => None,
    }
}
