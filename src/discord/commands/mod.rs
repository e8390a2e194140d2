//! The `/akon` command and its subcommands. Every option is declared once,
//! in [`declaration`]; the same declaration drives the registration payload
//! and the parsing of what Discord sends back ([`parsing`]), so the two
//! cannot drift apart. Start times are read in [`starts_at`].

mod declaration;
mod kinds;
mod parsing;
mod starts_at;

use crate::ai::Level;
use crate::i18n::Language;
use crate::service::{Season, SettingsChanges, TimePerMove, TournamentFormat};
use crate::tr;
use serenity::all::User;

pub use declaration::akon_command;
pub use parsing::parse;
pub use starts_at::parse_starts_at;

/// A parsed `/akon` invocation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AkonCommand {
    Challenge {
        opponent: Option<User>,
        level: Option<Level>,
        time: Option<TimePerMove>,
    },
    /// What to change of the player's settings and the server's.
    Settings(SettingsChanges),
    Tournament(TournamentCommand),
    Games,
    Board {
        game: Option<i64>,
    },
    Resign {
        game: Option<i64>,
    },
    Abort {
        game: Option<i64>,
    },
    /// `global`: everyone's leaderboard rather than this server's; by
    /// rating for all time, or a month's season.
    Leaderboard {
        global: bool,
        season: Season,
    },
    Stats {
        player: Option<User>,
    },
    History {
        player: Option<User>,
    },
    Game {
        id: i64,
    },
    Rules,
    Review {
        game: i64,
    },
    Puzzle,
}

/// A parsed `/akon tournament …`; `tournament: None` means the channel's
/// one tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentCommand {
    Create {
        name: String,
        format: TournamentFormat,
        rounds: Option<u32>,
        time: Option<TimePerMove>,
        max_players: Option<u32>,
        rated: bool,
        /// As typed; read against the clock by the handler.
        starts_at: Option<String>,
    },
    Start {
        tournament: Option<i64>,
    },
    Cancel {
        tournament: Option<i64>,
    },
    Withdraw {
        tournament: Option<i64>,
    },
    Standings {
        tournament: Option<i64>,
    },
    AddComputer {
        level: Level,
        tournament: Option<i64>,
    },
}

/// Why an interaction is not a well-formed `/akon` command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    #[error("unknown command `/{0}`")]
    UnknownCommand(String),
    #[error("unknown subcommand `{0}`")]
    UnknownSubcommand(String),
    #[error("the option `{0}` is malformed")]
    BadOption(String),
}

impl CommandError {
    /// What the user is told, in `language`.
    pub fn sentence(&self, language: Language) -> String {
        match self {
            CommandError::UnknownCommand(command) => tr!(language, "command-unknown", command = command.as_str()),
            CommandError::UnknownSubcommand(sub) => {
                tr!(language, "command-unknown-subcommand", subcommand = sub.as_str())
            }
            CommandError::BadOption(option) => {
                tr!(
                    language,
                    "command-bad-option",
                    option = declaration::option_name(language, option)
                )
            }
        }
    }
}
