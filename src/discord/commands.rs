//! The `/akon` command and its subcommands: their declaration and parsing.

use crate::ai::Level;
use serenity::all::{
    CommandDataOptionValue, CommandInteraction, CommandOptionType, CreateCommand, CreateCommandOption,
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
            .add_sub_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "level",
                    "The computer's strength, when you play me (default: medium)",
                )
                .add_string_choice("easy", "easy")
                .add_string_choice("medium", "medium")
                .add_string_choice("hard", "hard")
                .add_string_choice("master", "master"),
            ),
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
        .add_option(CreateCommandOption::new(
            CommandOptionType::SubCommand,
            "leaderboard",
            "This server's best players",
        ))
        .add_option(
            CreateCommandOption::new(CommandOptionType::SubCommand, "stats", "A player's record").add_sub_option(
                CreateCommandOption::new(CommandOptionType::User, "player", "Whose record (default: yours)"),
            ),
        )
        .add_option(CreateCommandOption::new(
            CommandOptionType::SubCommand,
            "rules",
            "The rules of Akon in short",
        ))
}

/// A parsed `/akon` invocation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AkonCommand {
    Challenge { opponent: Option<serenity::all::User>, level: Option<Level> },
    Games,
    Board { game: Option<i64> },
    Resign { game: Option<i64> },
    Leaderboard,
    Stats { player: Option<serenity::all::User> },
    Rules,
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
    Ok(match sub.name.as_str() {
        "challenge" => {
            let level = match options.iter().find(|o| o.name == "level") {
                None => None,
                Some(option) => match &option.value {
                    CommandDataOptionValue::String(text) => {
                        Some(text.parse().map_err(|_| CommandError::BadOption("level".into()))?)
                    }
                    _ => return Err(CommandError::BadOption("level".into())),
                },
            };
            AkonCommand::Challenge { opponent: user("opponent")?, level }
        }
        "games" => AkonCommand::Games,
        "board" => AkonCommand::Board { game: game()? },
        "resign" => AkonCommand::Resign { game: game()? },
        "leaderboard" => AkonCommand::Leaderboard,
        "stats" => AkonCommand::Stats {
            player: user("player")?,
        },
        "rules" => AkonCommand::Rules,
        other => return Err(CommandError::UnknownSubcommand(other.into())),
    })
}
