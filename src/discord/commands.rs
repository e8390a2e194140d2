//! The `/akon` command and its subcommands: their declaration and parsing.

use crate::ai::Level;
use crate::service::TimePerMove;
use serenity::all::{
    CommandDataOption, CommandDataOptionValue, CommandInteraction, CommandOptionType, CreateCommand,
    CreateCommandOption,
};

/// The one slash command with every subcommand, each described.
pub fn akon_command() -> CreateCommand {
    let game_option = || {
        CreateCommandOption::new(
            CommandOptionType::Integer,
            "game",
            "The game's number (default: your game in this channel)",
        )
        .min_int_value(1)
        .required(false)
    };
    CreateCommand::new("akon")
        .description("Play Akon, the two-row mancala game")
        .dm_permission(true)
        .add_option(
            CreateCommandOption::new(
                CommandOptionType::SubCommand,
                "challenge",
                "Challenge someone to a game of Akon",
            )
            .add_sub_option(
                CreateCommandOption::new(
                    CommandOptionType::User,
                    "opponent",
                    "Who you want to play (pick me to play the computer)",
                )
                .required(true),
            )
            .add_sub_option(Level::ALL.into_iter().fold(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "level",
                    "The computer's strength, when you play me (default: medium)",
                ),
                |option, level| option.add_string_choice(level.name(), level.name()),
            ))
            .add_sub_option(time_per_move_option(
                "Time each player has for a move (default: 3 days, or your /akon settings)",
            )),
        )
        .add_option(CreateCommandOption::new(
            CommandOptionType::SubCommand,
            "games",
            "Your ongoing games",
        ))
        .add_option(
            CreateCommandOption::new(
                CommandOptionType::SubCommand,
                "board",
                "Post a game's current board again",
            )
            .add_sub_option(game_option()),
        )
        .add_option(
            CreateCommandOption::new(
                CommandOptionType::SubCommand,
                "resign",
                "Resign a game: your opponent wins",
            )
            .add_sub_option(game_option()),
        )
        .add_option(
            CreateCommandOption::new(
                CommandOptionType::SubCommand,
                "abort",
                "Abort a game before both players have moved: no result, not rated",
            )
            .add_sub_option(game_option()),
        )
        .add_option(
            CreateCommandOption::new(
                CommandOptionType::SubCommand,
                "leaderboard",
                "The best players by rating, in this server or everywhere",
            )
            .add_sub_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "scope",
                    "Whose leaderboard (default: server)",
                )
                .add_string_choice("server", "server")
                .add_string_choice("global", "global"),
            ),
        )
        .add_option(
            CreateCommandOption::new(CommandOptionType::SubCommand, "stats", "A player's rating and record")
                .add_sub_option(CreateCommandOption::new(
                    CommandOptionType::User,
                    "player",
                    "Whose record (default: yours)",
                )),
        )
        .add_option(
            CreateCommandOption::new(
                CommandOptionType::SubCommand,
                "history",
                "A player's last finished games",
            )
            .add_sub_option(CreateCommandOption::new(
                CommandOptionType::User,
                "player",
                "Whose games (default: yours)",
            )),
        )
        .add_option(
            CreateCommandOption::new(
                CommandOptionType::SubCommand,
                "game",
                "One game in full: result, final board and record",
            )
            .add_sub_option(
                CreateCommandOption::new(
                    CommandOptionType::Integer,
                    "id",
                    "The game's number, as in /akon history",
                )
                .min_int_value(1)
                .required(true),
            ),
        )
        .add_option(
            CreateCommandOption::new(
                CommandOptionType::SubCommand,
                "settings",
                "Your reminders and default time per move",
            )
            .add_sub_option(CreateCommandOption::new(
                CommandOptionType::Boolean,
                "dm_reminders",
                "Remind me by direct message instead of a mention in the channel",
            ))
            .add_sub_option(time_per_move_option("The time per move of the challenges you send")),
        )
        .add_option(CreateCommandOption::new(
            CommandOptionType::SubCommand,
            "rules",
            "The rules of Akon in short",
        ))
        .add_option(
            CreateCommandOption::new(
                CommandOptionType::SubCommand,
                "review",
                "The engine's review of a finished game: accuracy, costly moves, turning point",
            )
            .add_sub_option(
                CreateCommandOption::new(
                    CommandOptionType::Integer,
                    "game",
                    "The game's number, as in /akon history",
                )
                .min_int_value(1)
                .required(true),
            ),
        )
}

/// A string option offering every time per move.
fn time_per_move_option(description: &str) -> CreateCommandOption {
    TimePerMove::ALL.into_iter().fold(
        CreateCommandOption::new(CommandOptionType::String, "time_per_move", description),
        |option, time| option.add_string_choice(time.to_string(), time.code()),
    )
}

/// The value of the string option `name`, parsed, if given.
fn choice<T: std::str::FromStr>(options: &[CommandDataOption], name: &str) -> Result<Option<T>, CommandError> {
    match options.iter().find(|o| o.name == name) {
        None => Ok(None),
        Some(option) => match &option.value {
            CommandDataOptionValue::String(text) => {
                text.parse().map(Some).map_err(|_| CommandError::BadOption(name.into()))
            }
            _ => Err(CommandError::BadOption(name.into())),
        },
    }
}

/// A parsed `/akon` invocation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AkonCommand {
    Challenge {
        opponent: Option<serenity::all::User>,
        level: Option<Level>,
        time: Option<TimePerMove>,
    },
    Settings {
        dm_reminders: Option<bool>,
        time: Option<TimePerMove>,
    },
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
    /// `global`: everyone's leaderboard rather than this server's.
    Leaderboard {
        global: bool,
    },
    Stats {
        player: Option<serenity::all::User>,
    },
    History {
        player: Option<serenity::all::User>,
    },
    Game {
        id: i64,
    },
    Rules,
    Review {
        game: i64,
    },
}

/// Why an interaction is not a well-formed `/akon` command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    #[error("unknown command `/{0}`")]
    UnknownCommand(String),
    #[error("unknown subcommand `{0}`; try `/akon rules`")]
    UnknownSubcommand(String),
    #[error("the option `{0}` is malformed")]
    BadOption(String),
}

pub fn parse(interaction: &CommandInteraction) -> Result<AkonCommand, CommandError> {
    if interaction.data.name != "akon" {
        return Err(CommandError::UnknownCommand(interaction.data.name.clone()));
    }
    let Some(sub) = interaction.data.options.first() else {
        return Err(CommandError::UnknownSubcommand(String::new()));
    };
    let CommandDataOptionValue::SubCommand(options) = &sub.value else {
        return Err(CommandError::UnknownSubcommand(sub.name.clone()));
    };
    let resolved = &interaction.data.resolved;
    let user = |name: &str| -> Result<Option<serenity::all::User>, CommandError> {
        match options.iter().find(|o| o.name == name) {
            None => Ok(None),
            Some(option) => match &option.value {
                CommandDataOptionValue::User(id) => {
                    let user = resolved
                        .users
                        .get(id)
                        .cloned()
                        .ok_or_else(|| CommandError::BadOption(name.into()))?;
                    Ok(Some(user))
                }
                _ => Err(CommandError::BadOption(name.into())),
            },
        }
    };
    let game = || -> Result<Option<i64>, CommandError> {
        match options.iter().find(|o| o.name == "game") {
            None => Ok(None),
            Some(option) => match option.value {
                CommandDataOptionValue::Integer(n) if n >= 1 => Ok(Some(n)),
                _ => Err(CommandError::BadOption("game".into())),
            },
        }
    };
    let time = || choice::<TimePerMove>(options, "time_per_move");
    Ok(match sub.name.as_str() {
        "challenge" => {
            let level = choice::<Level>(options, "level")?;
            AkonCommand::Challenge {
                opponent: user("opponent")?,
                level,
                time: time()?,
            }
        }
        "games" => AkonCommand::Games,
        "board" => AkonCommand::Board { game: game()? },
        "resign" => AkonCommand::Resign { game: game()? },
        "abort" => AkonCommand::Abort { game: game()? },
        "leaderboard" => AkonCommand::Leaderboard {
            global: match options.iter().find(|o| o.name == "scope").map(|o| &o.value) {
                None => false,
                Some(CommandDataOptionValue::String(scope)) if scope == "server" => false,
                Some(CommandDataOptionValue::String(scope)) if scope == "global" => true,
                Some(_) => return Err(CommandError::BadOption("scope".into())),
            },
        },
        "history" => AkonCommand::History {
            player: user("player")?,
        },
        "game" => AkonCommand::Game {
            id: match options.iter().find(|o| o.name == "id").map(|o| &o.value) {
                Some(CommandDataOptionValue::Integer(n)) if *n >= 1 => *n,
                _ => return Err(CommandError::BadOption("id".into())),
            },
        },
        "stats" => AkonCommand::Stats {
            player: user("player")?,
        },
        "rules" => AkonCommand::Rules,
        "review" => AkonCommand::Review {
            game: game()?.ok_or_else(|| CommandError::BadOption("game".into()))?,
        },
        "settings" => {
            let dm_reminders = match options.iter().find(|o| o.name == "dm_reminders") {
                None => None,
                Some(option) => match option.value {
                    CommandDataOptionValue::Boolean(on) => Some(on),
                    _ => return Err(CommandError::BadOption("dm_reminders".into())),
                },
            };
            AkonCommand::Settings {
                dm_reminders,
                time: time()?,
            }
        }
        other => return Err(CommandError::UnknownSubcommand(other.into())),
    })
}
