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
use crate::service::{BoardStyle, InactiveDays, Season, TimePerMove, TournamentFormat};
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
    Settings {
        dm_reminders: Option<bool>,
        time: Option<TimePerMove>,
        /// The player's language; `Some(None)`: follow Discord's again.
        language: Option<Option<Language>>,
        /// The server's language, likewise.
        server_language: Option<Option<Language>>,
        /// The role that may run tournaments in the server.
        tournament_role: Option<u64>,
        /// How the boards the player alone sees are shown.
        board_style: Option<BoardStyle>,
        /// How the server's boards are shown.
        server_board_style: Option<BoardStyle>,
        /// Whether the server's games and its leaderboard are shown on the
        /// web pages (Manage Server).
        web_games: Option<bool>,
        web_leaderboard: Option<bool>,
        /// Days without a rated game that leave a player off the server's
        /// leaderboard (Manage Server).
        leaderboard_inactive_days: Option<InactiveDays>,
        /// Where the server's month podium is posted (Manage Server).
        season_channel: Option<u64>,
        /// The server's puzzle of the day (Manage Server).
        daily_puzzle: DailyPuzzleChange,
    },
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

/// What `/akon settings` changes of the server's puzzle of the day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DailyPuzzleChange {
    /// Its channel (which turns it on).
    pub channel: Option<u64>,
    /// The hour it is posted at, UTC.
    pub hour: Option<u8>,
    /// On or off.
    pub enabled: Option<bool>,
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
