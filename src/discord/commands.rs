//! The `/akon` command and its subcommands: their declaration and parsing.

use crate::ai::Level;
use crate::board_text::level_name;
use crate::i18n::Language;
use crate::service::TimePerMove;
use crate::tr;
use serenity::all::{
    CommandDataOption, CommandDataOptionValue, CommandInteraction, CommandOptionType, CreateCommand,
    CreateCommandOption,
};

use super::render::{language_name, time_per_move_text};

/// The languages the command is registered in besides English, with the
/// Discord locales of each.
fn other_languages() -> impl Iterator<Item = (Language, &'static str)> {
    Language::ALL
        .into_iter()
        .flat_map(|language| language.discord_locales().iter().map(move |&locale| (language, locale)))
}

/// An option named `name` (the canonical, English name that parsing reads)
/// with its name and description in every language.
fn localized(option: CreateCommandOption, words: impl Fn(Language) -> (String, String)) -> CreateCommandOption {
    other_languages().fold(option, |option, (language, locale)| {
        let (name, description) = words(language);
        option
            .name_localized(locale, name)
            .description_localized(locale, description)
    })
}

/// `option!(kind, "name", "name-key", "description-key")`: an option whose
/// canonical name is `name`, described in English and localised.
macro_rules! option {
    ($kind:expr, $name:literal, $name_key:literal, $description_key:literal) => {
        localized(
            CreateCommandOption::new($kind, $name, tr!(Language::English, $description_key)),
            |language| (tr!(language, $name_key), tr!(language, $description_key)),
        )
    };
}

/// A string choice shown as `label(language)` in every language.
fn choice_of(option: CreateCommandOption, value: &str, label: impl Fn(Language) -> String) -> CreateCommandOption {
    let locales: Vec<(String, String)> = other_languages()
        .map(|(language, locale)| (locale.to_string(), label(language)))
        .collect();
    option.add_string_choice_localized(label(Language::English), value, locales)
}

/// The one slash command with every subcommand, each described in every
/// language.
pub fn akon_command() -> CreateCommand {
    let sub = CommandOptionType::SubCommand;
    let game_option = || {
        option!(
            CommandOptionType::Integer,
            "game",
            "cmd-game-option-name",
            "cmd-game-option-desc"
        )
        .min_int_value(1)
        .required(false)
    };
    let language_option = |option: CreateCommandOption| {
        Language::ALL.into_iter().fold(
            choice_of(option, "discord", |l| tr!(l, "cmd-language-discord")),
            |option, named| choice_of(option, named.code(), |l| language_name(l, named)),
        )
    };
    let command = CreateCommand::new("akon")
        .description(tr!(Language::English, "cmd-akon-desc"))
        .dm_permission(true);
    let command = other_languages().fold(command, |command, (language, locale)| {
        command.description_localized(locale, tr!(language, "cmd-akon-desc"))
    });
    command
        .add_option(
            option!(sub, "challenge", "cmd-challenge-name", "cmd-challenge-desc")
                .add_sub_option(
                    option!(
                        CommandOptionType::User,
                        "opponent",
                        "cmd-opponent-name",
                        "cmd-opponent-desc"
                    )
                    .required(true),
                )
                .add_sub_option(Level::ALL.into_iter().fold(
                    option!(CommandOptionType::String, "level", "cmd-level-name", "cmd-level-desc"),
                    |option, level| choice_of(option, level.name(), |l| level_name(l, level)),
                ))
                .add_sub_option(time_per_move_option(option!(
                    CommandOptionType::String,
                    "time_per_move",
                    "cmd-time-per-move-name",
                    "cmd-challenge-time-desc"
                ))),
        )
        .add_option(option!(sub, "games", "cmd-games-name", "cmd-games-desc"))
        .add_option(option!(sub, "board", "cmd-board-name", "cmd-board-desc").add_sub_option(game_option()))
        .add_option(option!(sub, "resign", "cmd-resign-name", "cmd-resign-desc").add_sub_option(game_option()))
        .add_option(option!(sub, "abort", "cmd-abort-name", "cmd-abort-desc").add_sub_option(game_option()))
        .add_option(
            option!(sub, "leaderboard", "cmd-leaderboard-name", "cmd-leaderboard-desc").add_sub_option(choice_of(
                choice_of(
                    option!(CommandOptionType::String, "scope", "cmd-scope-name", "cmd-scope-desc"),
                    "server",
                    |l| tr!(l, "cmd-scope-server"),
                ),
                "global",
                |l| tr!(l, "cmd-scope-global"),
            )),
        )
        .add_option(
            option!(sub, "stats", "cmd-stats-name", "cmd-stats-desc").add_sub_option(option!(
                CommandOptionType::User,
                "player",
                "cmd-player-name",
                "cmd-stats-player-desc"
            )),
        )
        .add_option(
            option!(sub, "history", "cmd-history-name", "cmd-history-desc").add_sub_option(option!(
                CommandOptionType::User,
                "player",
                "cmd-player-name",
                "cmd-history-player-desc"
            )),
        )
        .add_option(
            option!(sub, "game", "cmd-game-name", "cmd-game-desc").add_sub_option(
                option!(CommandOptionType::Integer, "id", "cmd-id-name", "cmd-id-desc")
                    .min_int_value(1)
                    .required(true),
            ),
        )
        .add_option(
            option!(sub, "settings", "cmd-settings-name", "cmd-settings-desc")
                .add_sub_option(option!(
                    CommandOptionType::Boolean,
                    "dm_reminders",
                    "cmd-dm-reminders-name",
                    "cmd-dm-reminders-desc"
                ))
                .add_sub_option(time_per_move_option(option!(
                    CommandOptionType::String,
                    "time_per_move",
                    "cmd-time-per-move-name",
                    "cmd-settings-time-desc"
                )))
                .add_sub_option(language_option(option!(
                    CommandOptionType::String,
                    "language",
                    "cmd-language-name",
                    "cmd-language-desc"
                )))
                .add_sub_option(language_option(option!(
                    CommandOptionType::String,
                    "server_language",
                    "cmd-server-language-name",
                    "cmd-server-language-desc"
                ))),
        )
        .add_option(option!(sub, "rules", "cmd-rules-name", "cmd-rules-desc"))
        .add_option(
            option!(sub, "review", "cmd-review-name", "cmd-review-desc").add_sub_option(
                option!(
                    CommandOptionType::Integer,
                    "game",
                    "cmd-game-option-name",
                    "cmd-review-game-desc"
                )
                .min_int_value(1)
                .required(true),
            ),
        )
        .add_option(option!(sub, "puzzle", "cmd-puzzle-name", "cmd-puzzle-desc"))
}

/// `option` offering every time per move.
fn time_per_move_option(option: CreateCommandOption) -> CreateCommandOption {
    TimePerMove::ALL.into_iter().fold(option, |option, time| {
        choice_of(option, time.code(), |l| time_per_move_text(l, time))
    })
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

/// A language option: a language's code, or `discord` to follow Discord.
fn language_choice(options: &[CommandDataOption], name: &str) -> Result<Option<Option<Language>>, CommandError> {
    Ok(match choice::<String>(options, name)? {
        None => None,
        Some(code) if code == "discord" => Some(None),
        Some(code) => Some(Some(code.parse().map_err(|_| CommandError::BadOption(name.into()))?)),
    })
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
        /// The player's language; `Some(None)`: follow Discord's again.
        language: Option<Option<Language>>,
        /// The server's language, likewise.
        server_language: Option<Option<Language>>,
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
    Puzzle,
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
            CommandError::BadOption(option) => tr!(language, "command-bad-option", option = option.as_str()),
        }
    }
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
        "puzzle" => AkonCommand::Puzzle,
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
                language: language_choice(options, "language")?,
                server_language: language_choice(options, "server_language")?,
            }
        }
        other => return Err(CommandError::UnknownSubcommand(other.into())),
    })
}
