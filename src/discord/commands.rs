//! The `/akon` command and its subcommands: their declaration and parsing.

use crate::ai::Level;
use crate::board_text::level_name;
use crate::i18n::Language;
use crate::service::TimePerMove;
use crate::tr;
use serenity::all::{
    CommandInteraction, CommandOptionType, CreateCommand, CreateCommandOption, ResolvedOption, ResolvedValue, User,
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
                )))
                .add_sub_option(on_off_option(option!(
                    CommandOptionType::String,
                    "web_games",
                    "cmd-web-games-name",
                    "cmd-web-games-desc"
                )))
                .add_sub_option(on_off_option(option!(
                    CommandOptionType::String,
                    "web_leaderboard",
                    "cmd-web-leaderboard-name",
                    "cmd-web-leaderboard-desc"
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

/// `option` offering `on` and `off`.
fn on_off_option(option: CreateCommandOption) -> CreateCommandOption {
    choice_of(choice_of(option, "on", |l| tr!(l, "cmd-choice-on")), "off", |l| {
        tr!(l, "cmd-choice-off")
    })
}

/// `option` offering every time per move.
fn time_per_move_option(option: CreateCommandOption) -> CreateCommandOption {
    TimePerMove::ALL.into_iter().fold(option, |option, time| {
        choice_of(option, time.code(), |l| time_per_move_text(l, time))
    })
}

/// A subcommand's options as serenity resolved them (users looked up in
/// the interaction's `resolved` data), read by name. A value of the wrong
/// type or out of range refuses the command naming its option.
struct Options<'a>(Vec<ResolvedOption<'a>>);

impl<'a> Options<'a> {
    /// The option `name` read by `read` (`None`: malformed), if given; the
    /// first one if given twice.
    fn get<T>(
        &self,
        name: &str,
        read: impl FnOnce(&ResolvedValue<'a>) -> Option<T>,
    ) -> Result<Option<T>, CommandError> {
        let Some(option) = self.0.iter().find(|o| o.name == name) else {
            return Ok(None);
        };
        read(&option.value)
            .map(Some)
            .ok_or_else(|| CommandError::BadOption(name.into()))
    }

    /// A string option holding one of `T`'s values.
    fn choice<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, CommandError> {
        self.get(name, |value| match value {
            ResolvedValue::String(text) => text.parse().ok(),
            _ => None,
        })
    }

    /// An integer option naming a row (1 or more).
    fn id(&self, name: &str) -> Result<Option<i64>, CommandError> {
        self.get(name, |value| match *value {
            ResolvedValue::Integer(id) if id >= 1 => Some(id),
            _ => None,
        })
    }

    fn user(&self, name: &str) -> Result<Option<User>, CommandError> {
        self.get(name, |value| match value {
            ResolvedValue::User(user, _) => Some((*user).clone()),
            _ => None,
        })
    }

    fn flag(&self, name: &str) -> Result<Option<bool>, CommandError> {
        self.get(name, |value| match *value {
            ResolvedValue::Boolean(on) => Some(on),
            _ => None,
        })
    }

    /// An `on`/`off` option.
    fn on_off(&self, name: &str) -> Result<Option<bool>, CommandError> {
        self.get(name, |value| match *value {
            ResolvedValue::String("on") => Some(true),
            ResolvedValue::String("off") => Some(false),
            _ => None,
        })
    }

    /// A language option: a language's code, or `discord` (`Some(None)`)
    /// to follow Discord's.
    fn language(&self, name: &str) -> Result<Option<Option<Language>>, CommandError> {
        self.get(name, |value| match value {
            ResolvedValue::String("discord") => Some(None),
            ResolvedValue::String(code) => code.parse().ok().map(Some),
            _ => None,
        })
    }
}

/// An option's name as the user saw and typed it: the localised name of
/// the canonical `name` that parsing reads (the one Discord sends).
fn option_name(language: Language, name: &str) -> String {
    let key = match name {
        "opponent" => "cmd-opponent-name",
        "level" => "cmd-level-name",
        "time_per_move" => "cmd-time-per-move-name",
        "game" => "cmd-game-option-name",
        "scope" => "cmd-scope-name",
        "player" => "cmd-player-name",
        "id" => "cmd-id-name",
        "dm_reminders" => "cmd-dm-reminders-name",
        "language" => "cmd-language-name",
        "server_language" => "cmd-server-language-name",
        "web_games" => "cmd-web-games-name",
        "web_leaderboard" => "cmd-web-leaderboard-name",
        _ => return name.to_string(),
    };
    crate::i18n::message(language, key, &fluent_bundle::FluentArgs::new())
}

/// `value`, which the option `name` must give.
fn required<T>(name: &str, value: Option<T>) -> Result<T, CommandError> {
    value.ok_or_else(|| CommandError::BadOption(name.into()))
}

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
        /// Whether the server's games and its leaderboard are shown on the
        /// web pages (Manage Server).
        web_games: Option<bool>,
        web_leaderboard: Option<bool>,
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
                tr!(language, "command-bad-option", option = option_name(language, option))
            }
        }
    }
}

pub fn parse(interaction: &CommandInteraction) -> Result<AkonCommand, CommandError> {
    if interaction.data.name != "akon" {
        return Err(CommandError::UnknownCommand(interaction.data.name.clone()));
    }
    let Some(sub) = interaction.data.options().into_iter().next() else {
        return Err(CommandError::UnknownSubcommand(String::new()));
    };
    let ResolvedValue::SubCommand(options) = sub.value else {
        return Err(CommandError::UnknownSubcommand(sub.name.into()));
    };
    let options = Options(options);
    Ok(match sub.name {
        "challenge" => AkonCommand::Challenge {
            opponent: options.user("opponent")?,
            level: options.choice("level")?,
            time: options.choice("time_per_move")?,
        },
        "games" => AkonCommand::Games,
        "board" => AkonCommand::Board {
            game: options.id("game")?,
        },
        "resign" => AkonCommand::Resign {
            game: options.id("game")?,
        },
        "abort" => AkonCommand::Abort {
            game: options.id("game")?,
        },
        "leaderboard" => AkonCommand::Leaderboard {
            global: options
                .get("scope", |value| match value {
                    ResolvedValue::String("server") => Some(false),
                    ResolvedValue::String("global") => Some(true),
                    _ => None,
                })?
                .unwrap_or(false),
        },
        "history" => AkonCommand::History {
            player: options.user("player")?,
        },
        "game" => AkonCommand::Game {
            id: required("id", options.id("id")?)?,
        },
        "stats" => AkonCommand::Stats {
            player: options.user("player")?,
        },
        "rules" => AkonCommand::Rules,
        "review" => AkonCommand::Review {
            game: required("game", options.id("game")?)?,
        },
        "settings" => AkonCommand::Settings {
            dm_reminders: options.flag("dm_reminders")?,
            time: options.choice("time_per_move")?,
            language: options.language("language")?,
            server_language: options.language("server_language")?,
            web_games: options.on_off("web_games")?,
            web_leaderboard: options.on_off("web_leaderboard")?,
        },
        "puzzle" => AkonCommand::Puzzle,
        other => return Err(CommandError::UnknownSubcommand(other.into())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refusal names an option as the user typed it: every option of the
    /// registered command has its localised name there.
    #[test]
    fn refusals_name_options_by_their_localised_names() {
        let command = serde_json::to_value(akon_command()).unwrap();
        let mut checked = 0;
        for sub in command["options"].as_array().unwrap() {
            for option in sub["options"].as_array().into_iter().flatten() {
                let name = option["name"].as_str().unwrap();
                for language in [Language::French, Language::Spanish] {
                    let locale = language.discord_locales()[0];
                    assert_eq!(
                        option_name(language, name),
                        option["name_localizations"][locale].as_str().unwrap(),
                        "{language} {name}"
                    );
                }
                assert_eq!(option_name(Language::English, name), name);
                checked += 1;
            }
        }
        assert!(checked >= 10, "{checked}");
        let refusal = CommandError::BadOption("time_per_move".into()).sentence(Language::French);
        assert_eq!(refusal, "L'option `temps-par-coup` est mal formée.");
    }
}
