//! The `custom_id` of every button: stable text carrying all a press needs
//! (game, move number, hole), so buttons keep working after a restart and no
//! state lives in memory.

use std::fmt;
use std::str::FromStr;

use crate::engine::Hole;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonId {
    Accept {
        challenge: i64,
    },
    Decline {
        challenge: i64,
    },
    Move {
        game: i64,
        ply: i64,
        hole: Hole,
    },
    /// Asks to resign: answered with a private confirmation.
    Resign {
        game: i64,
    },
    /// Confirms resigning, asked at move `ply` (absent on buttons made
    /// before the move number was added).
    ResignConfirmed {
        game: i64,
        ply: Option<i64>,
    },
    /// Shows a game's board as it is now on the pressed message: where the
    /// bot cannot post, what fell due without a press (a loss on time, the
    /// computer's move) is shown this way.
    Refresh {
        game: i64,
    },
    /// Follows a game one does not play in (told of it by DM).
    Follow {
        game: i64,
    },
    /// Stops following a game.
    Unfollow {
        game: i64,
    },
    /// Offers a rematch of a finished game.
    Rematch {
        game: i64,
    },
    /// Aborts a game before both players have moved.
    Abort {
        game: i64,
    },
    /// A page (from 0) of a leaderboard: everyone's if `global`, else the
    /// server `guild`'s (`guild` is 0 outside servers).
    Leaderboard {
        global: bool,
        guild: u64,
        page: i64,
    },
    /// A page (from 0) of a player's game history.
    History {
        player: u64,
        page: i64,
    },
    /// Reviews a finished game, for the presser alone.
    Review {
        game: i64,
    },
    /// Asks for a hint at move `ply` of a game against the computer.
    Hint {
        game: i64,
        ply: i64,
    },
    /// Answers puzzle attempt `attempt` with `hole`.
    Puzzle {
        attempt: i64,
        hole: Hole,
    },
    /// Asks for the next puzzle.
    NextPuzzle,
    /// Opens the puzzle of `day` (days since 1970-01-01, UTC) privately:
    /// the Solve button of a server's message of that day.
    DailyPuzzle {
        day: i64,
    },
    /// Answers the puzzle of `day` with `hole`.
    DailyAnswer {
        day: i64,
        hole: Hole,
    },
    /// Joins a tournament taking entrants.
    TournamentJoin {
        tournament: i64,
    },
    /// Leaves a tournament before its start.
    TournamentLeave {
        tournament: i64,
    },
    /// Asks to take back move `ply` of a friendly game (the board's last).
    Takeback {
        game: i64,
        ply: i64,
    },
    /// Answers takeback offer `offer`: accepted, or declined.
    TakebackAnswer {
        offer: i64,
        accept: bool,
    },
    /// Opens the Discord Activity, where game `game` is shown live
    /// (answered with Discord's LAUNCH_ACTIVITY).
    PlayLive {
        game: i64,
    },
}

const PREFIX: &str = "akon";

impl fmt::Display for ButtonId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ButtonId::Accept { challenge } => write!(f, "{PREFIX}:accept:{challenge}"),
            ButtonId::Decline { challenge } => write!(f, "{PREFIX}:decline:{challenge}"),
            ButtonId::Move { game, ply, hole } => write!(f, "{PREFIX}:move:{game}:{ply}:{hole}"),
            ButtonId::Resign { game } => write!(f, "{PREFIX}:resign:{game}"),
            ButtonId::ResignConfirmed { game, ply: None } => write!(f, "{PREFIX}:resign-yes:{game}"),
            ButtonId::ResignConfirmed { game, ply: Some(ply) } => write!(f, "{PREFIX}:resign-yes:{game}:{ply}"),
            ButtonId::Refresh { game } => write!(f, "{PREFIX}:refresh:{game}"),
            ButtonId::Follow { game } => write!(f, "{PREFIX}:follow:{game}"),
            ButtonId::Unfollow { game } => write!(f, "{PREFIX}:unfollow:{game}"),
            ButtonId::Rematch { game } => write!(f, "{PREFIX}:rematch:{game}"),
            ButtonId::Abort { game } => write!(f, "{PREFIX}:abort:{game}"),
            ButtonId::Leaderboard { global, guild, page } => {
                let scope = if *global { "global" } else { "server" };
                write!(f, "{PREFIX}:leaderboard:{scope}:{guild}:{page}")
            }
            ButtonId::History { player, page } => write!(f, "{PREFIX}:history:{player}:{page}"),
            ButtonId::Review { game } => write!(f, "{PREFIX}:review:{game}"),
            ButtonId::Hint { game, ply } => write!(f, "{PREFIX}:hint:{game}:{ply}"),
            ButtonId::Puzzle { attempt, hole } => write!(f, "{PREFIX}:puzzle:{attempt}:{hole}"),
            ButtonId::NextPuzzle => write!(f, "{PREFIX}:puzzle-next"),
            ButtonId::DailyPuzzle { day } => write!(f, "{PREFIX}:daily:{day}"),
            ButtonId::DailyAnswer { day, hole } => write!(f, "{PREFIX}:daily-answer:{day}:{hole}"),
            ButtonId::TournamentJoin { tournament } => write!(f, "{PREFIX}:tjoin:{tournament}"),
            ButtonId::TournamentLeave { tournament } => write!(f, "{PREFIX}:tleave:{tournament}"),
            ButtonId::Takeback { game, ply } => write!(f, "{PREFIX}:takeback:{game}:{ply}"),
            ButtonId::TakebackAnswer { offer, accept: true } => write!(f, "{PREFIX}:takeback-yes:{offer}"),
            ButtonId::TakebackAnswer { offer, accept: false } => write!(f, "{PREFIX}:takeback-no:{offer}"),
            ButtonId::PlayLive { game } => write!(f, "{PREFIX}:live:{game}"),
        }
    }
}

/// A `custom_id` that is not one of ours, or is malformed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown button `{0}`")]
pub struct UnknownButton(pub String);

/// A number written in ASCII digits alone (no sign, no space), within
/// `u64`.
fn digits(part: &str) -> Option<u64> {
    match part.parse::<u64>() {
        Ok(n) if part.chars().all(|c| c.is_ascii_digit()) => Some(n),
        _ => None,
    }
}

/// The button `kind` that carries one number, `n`, if it is one.
fn with_one_number(kind: &str, n: i64) -> Option<ButtonId> {
    Some(match kind {
        "accept" => ButtonId::Accept { challenge: n },
        "decline" => ButtonId::Decline { challenge: n },
        "resign" => ButtonId::Resign { game: n },
        "resign-yes" => ButtonId::ResignConfirmed { game: n, ply: None },
        "refresh" => ButtonId::Refresh { game: n },
        "follow" => ButtonId::Follow { game: n },
        "unfollow" => ButtonId::Unfollow { game: n },
        "rematch" => ButtonId::Rematch { game: n },
        "abort" => ButtonId::Abort { game: n },
        "review" => ButtonId::Review { game: n },
        "daily" => ButtonId::DailyPuzzle { day: n },
        "tjoin" => ButtonId::TournamentJoin { tournament: n },
        "tleave" => ButtonId::TournamentLeave { tournament: n },
        "takeback-yes" => ButtonId::TakebackAnswer { offer: n, accept: true },
        "takeback-no" => ButtonId::TakebackAnswer {
            offer: n,
            accept: false,
        },
        "live" => ButtonId::PlayLive { game: n },
        _ => return None,
    })
}

impl FromStr for ButtonId {
    type Err = UnknownButton;

    /// ```
    /// use akon::discord::ButtonId;
    /// let id: ButtonId = "akon:move:12:4:3".parse().unwrap();
    /// assert_eq!(id.to_string(), "akon:move:12:4:3");
    /// assert!("akon:move:12:4:9".parse::<ButtonId>().is_err());
    /// assert!("akon:move:12:-1:3".parse::<ButtonId>().is_err());
    /// assert_eq!("akon:puzzle:5:7".parse::<ButtonId>().unwrap().to_string(), "akon:puzzle:5:7");
    /// assert!("akon:puzzle:5:0".parse::<ButtonId>().is_err());
    /// assert_eq!("akon:daily:20833".parse::<ButtonId>().unwrap().to_string(), "akon:daily:20833");
    /// assert!("akon:daily-answer:20833:8".parse::<ButtonId>().is_err());
    /// assert_eq!("akon:takeback:7:3".parse::<ButtonId>().unwrap().to_string(), "akon:takeback:7:3");
    /// assert_eq!("akon:takeback-no:9".parse::<ButtonId>().unwrap().to_string(), "akon:takeback-no:9");
    /// assert!("akon:takeback-maybe:9".parse::<ButtonId>().is_err());
    /// assert_eq!("akon:live:12".parse::<ButtonId>().unwrap().to_string(), "akon:live:12");
    /// ```
    fn from_str(text: &str) -> Result<ButtonId, UnknownButton> {
        let unknown = || UnknownButton(text.chars().take(100).collect());
        let id = |part: &str| digits(part).and_then(|n| i64::try_from(n).ok()).ok_or_else(unknown);
        let snowflake = |part: &str| digits(part).ok_or_else(unknown);
        let parts: Vec<&str> = text.split(':').collect();
        match parts.as_slice() {
            [PREFIX, "move", g, p, h] => Ok(ButtonId::Move {
                game: id(g)?,
                ply: id(p)?,
                hole: Hole::new(id(h)?).map_err(|_| unknown())?,
            }),
            [PREFIX, "resign-yes", g, p] => Ok(ButtonId::ResignConfirmed {
                game: id(g)?,
                ply: Some(id(p)?),
            }),
            [PREFIX, "hint", g, p] => Ok(ButtonId::Hint {
                game: id(g)?,
                ply: id(p)?,
            }),
            [PREFIX, "puzzle", a, h] => Ok(ButtonId::Puzzle {
                attempt: id(a)?,
                hole: Hole::new(id(h)?).map_err(|_| unknown())?,
            }),
            [PREFIX, "puzzle-next"] => Ok(ButtonId::NextPuzzle),
            [PREFIX, "daily-answer", d, h] => Ok(ButtonId::DailyAnswer {
                day: id(d)?,
                hole: Hole::new(id(h)?).map_err(|_| unknown())?,
            }),
            [PREFIX, "takeback", g, p] => Ok(ButtonId::Takeback {
                game: id(g)?,
                ply: id(p)?,
            }),
            [PREFIX, kind, n] => with_one_number(kind, id(n)?).ok_or_else(unknown),
            [PREFIX, "leaderboard", scope @ ("server" | "global"), g, p] => Ok(ButtonId::Leaderboard {
                global: *scope == "global",
                guild: snowflake(g)?,
                page: id(p)?,
            }),
            [PREFIX, "history", u, p] => Ok(ButtonId::History {
                player: snowflake(u)?,
                page: id(p)?,
            }),
            _ => Err(unknown()),
        }
    }
}
