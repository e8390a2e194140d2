//! Every way a use case can refuse, as types; the presentation layer
//! words them.

use super::tournaments::{TournamentLimit, TournamentStatus};
use super::ChallengeStatus;
use crate::engine::IllegalMove;
use crate::store::{self, StoreError};

/// Everything that can refuse a use case. The presentation layer words
/// each for the player (`discord::refusals`); `Display` is for logs.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// Tournaments, server settings and the puzzle of the day belong to a
    /// server that added the bot; this was asked elsewhere.
    #[error("not in a server that added the bot")]
    NotInAServer,
    /// A player follows their own game: they hear of it anyway.
    #[error("players do not follow their own game")]
    FollowOwnGame,
    /// A game of another server (or conversation) than where the follow
    /// was asked: its players did not share it here.
    #[error("the game is played elsewhere")]
    GameElsewhere,
    /// An unfollow of a game not followed.
    #[error("not following the game")]
    NotFollowing,
    /// A person challenged in the DM with the bot, where only the
    /// challenger and the bot are (the opponent named).
    #[error("{0} cannot see a DM with the bot")]
    OpponentCannotSeeThisChat(String),
    /// Changing a server's settings needs the Manage Server permission.
    #[error("needs the Manage Server permission")]
    NeedsManageServer,
    /// Naming the server's tournament role needs Manage Server.
    #[error("naming the tournament role needs the Manage Server permission")]
    TournamentRoleNeedsManageServer,
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
    /// The challenge is closed with this status (accepted, declined,
    /// withdrawn).
    #[error("challenge already {0:?}")]
    ChallengeClosed(ChallengeStatus),
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
    /// A takeback that cannot be asked or answered now.
    #[error(transparent)]
    Takeback(#[from] TakebackError),
    /// A computer level was given for a game against a person.
    #[error("a level for a game against a person")]
    LevelNeedsTheComputer,
    /// Both a time per move and a live time control were asked for.
    #[error("both a time per move and a time control")]
    TimePerMoveAndTimeControl,
    /// Hints are for games against the computer, never between people.
    #[error("hints are only for games against the computer")]
    HintsOnlyAgainstTheComputer,
    /// No puzzle could be found or mined for the player.
    #[error("no puzzle available")]
    NoPuzzle,
    #[error("no such puzzle")]
    PuzzleNotFound,
    /// The puzzle was given to someone else.
    #[error("not the user's puzzle")]
    NotYourPuzzle,
    /// The puzzle was answered already (a second press).
    #[error("puzzle answered already")]
    PuzzleAnswered,
    /// The server's puzzle of the day is changed before a channel was
    /// ever chosen for it.
    #[error("no daily puzzle channel chosen")]
    DailyPuzzleNoChannel,
    /// A button of a day's puzzle pressed on another day.
    #[error("the puzzle of day {0:?}, not today's")]
    DailyPuzzleOfAnotherDay(crate::calendar::Day),
    /// The player answered the day's puzzle already: that answer counts.
    #[error("the day's puzzle was answered already")]
    DailyPuzzleAnswered { hole: u8, solved: bool },
    /// No puzzle is kept, so there is no puzzle of the day.
    #[error("no puzzle of the day")]
    NoDailyPuzzle,
    #[error("too late to abort")]
    TooLateToAbort,
    #[error("game not over")]
    GameNotOver,
    /// An aborted game (this one) has no result and so no review.
    #[error("game {0} was aborted: no review")]
    ReviewOfAbortedGame(i64),
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
    #[error("several ongoing games here: {0:?}")]
    WhichGame(Vec<i64>),
    /// A tournament's use case refused (see [`TournamentError`]).
    #[error(transparent)]
    Tournament(#[from] TournamentError),
    /// Turning a vacation on while on one.
    #[error("already on vacation")]
    AlreadyOnVacation,
    /// Turning a vacation off while not on one.
    #[error("not on vacation")]
    NotOnVacation,
    /// The year's allowance (this many days) is used up.
    #[error("the {0} days of vacation of the year are used")]
    VacationAllowanceUsed(i64),
    /// Games kept changing while a vacation ended: try again.
    #[error("games kept changing while the vacation ended")]
    VacationBusy,
    #[error("game {game_id} is inconsistent: {why}")]
    Corrupt { game_id: i64, why: String },
    #[error(transparent)]
    Store(#[from] StorageFailure),
}

/// Every way a tournament's use case can refuse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    #[error("no such tournament")]
    NotFound,
    /// Joining, leaving or starting needs a tournament still taking
    /// entrants; this one is past that.
    #[error("the tournament is {0:?}")]
    NotOpen(TournamentStatus),
    #[error("the tournament is full")]
    Full,
    /// The player (or, for the computer, a computer) is in already.
    #[error("already entered")]
    AlreadyEntered,
    #[error("not entered")]
    NotEntered,
    /// Only the tournament's organiser may do this.
    #[error("not the organiser")]
    NotOrganiser,
    /// Starting needs `need` entrants; there are `have`.
    #[error("{have} players, {need} needed")]
    TooFewPlayers { have: u32, need: u32 },
    /// A new tournament breaks one of the limits.
    #[error("tournament limit: {0:?}")]
    Limit(TournamentLimit),
    /// Entrants kept joining or leaving while the start was tried: try again.
    #[error("the entrants kept changing")]
    Busy,
    /// Running tournaments in this server needs Manage Server, or the role
    /// the server named (if it named one).
    #[error("needs Manage Server or the tournament role")]
    NeedsOrganiserRights { role: Option<u64> },
    /// No tournament is open or running in this channel.
    #[error("no tournament here")]
    NoneHere,
    /// Several are: which one (their ids).
    #[error("which tournament: {0:?}")]
    Which(Vec<i64>),
}

/// A failure of the database under a use case: for logs, and answered
/// with an apology. Opaque, so that no type of the store leaves the
/// service.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct StorageFailure(StoreError);

impl From<StoreError> for ServiceError {
    fn from(error: StoreError) -> ServiceError {
        match error {
            // A stored position (or solution) that does not read back: the
            // game (or puzzle) is inconsistent, as when its moves do not
            // replay, not the database at fault.
            StoreError::Corrupt { doing, id, column, why } => ServiceError::Corrupt {
                game_id: id,
                why: format!("{doing}: {column}: {why}"),
            },
            error => ServiceError::Store(StorageFailure(error)),
        }
    }
}

impl ServiceError {
    /// Whether this is the user's doing (answered plainly) rather than a
    /// fault of ours (logged, answered with an apology).
    pub fn is_fault(&self) -> bool {
        matches!(self, ServiceError::Store(_) | ServiceError::Corrupt { .. })
    }

    /// Whether the database is full, read-only or unreachable: a fault that
    /// lasts until an operator acts, which the player is told as such (and
    /// which the store logs itself, once a minute).
    pub fn unavailable(&self) -> Option<Unavailable> {
        match self {
            ServiceError::Store(StorageFailure(error)) => error.unavailable().map(Unavailable::from),
            _ => None,
        }
    }
}

/// Why the database takes no writes, or no statements, for now: a fault
/// that lasts until an operator acts or the server comes back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unavailable {
    /// The database or its disk is full.
    Full,
    /// The database takes no writes.
    ReadOnly,
    /// The database server does not answer.
    Unreachable,
}

impl From<store::Unavailable> for Unavailable {
    fn from(condition: store::Unavailable) -> Unavailable {
        match condition {
            store::Unavailable::Full => Unavailable::Full,
            store::Unavailable::ReadOnly => Unavailable::ReadOnly,
            store::Unavailable::Unreachable => Unavailable::Unreachable,
        }
    }
}

pub type Result<T> = std::result::Result<T, ServiceError>;

/// Why a takeback cannot be asked or answered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TakebackError {
    /// Takebacks are for friendly games between people only: never in a
    /// rated game, a tournament's or one against the computer.
    #[error("takebacks only in friendly games")]
    NotFriendly,
    /// Only the player who made the last move may ask it back.
    #[error("not the player who just moved")]
    NotYourMove,
    /// The move asked back is no longer the last: the opponent moved, or
    /// the move was taken back already.
    #[error("takeback overtaken by a move")]
    TooLate,
    /// The move was asked back already and the answer is awaited.
    #[error("takeback pending already")]
    Pending,
    /// The opponent declined to take this move back.
    #[error("takeback of this move declined")]
    Declined,
    /// No such takeback offer (a forged button).
    #[error("no such takeback offer")]
    NotFound,
    /// The offer was answered already (accepted, declined or void).
    #[error("takeback offer already answered")]
    Answered,
    /// Only the opponent (named) answers a takeback offer.
    #[error("only {0} may answer the takeback")]
    NotForYou(String),
}
