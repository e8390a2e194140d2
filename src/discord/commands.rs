//! The `/akon` command and its subcommands: their declaration and parsing.

use crate::ai::Level;
use crate::board_text::level_name;
use crate::i18n::Language;
use crate::service::{
    BoardStyle, TimePerMove, TournamentFormat, ROUND_ROBIN_MAX_PLAYERS, SWISS_MAX_PLAYERS, TOURNAMENT_NAME_MAX,
};
use crate::tr;
use serenity::all::{
    CommandInteraction, CommandOptionType, CreateCommand, CreateCommandOption, ResolvedOption, ResolvedValue,
    Unresolved, User,
};

use super::render::tournaments::tournament_format_name;
use super::render::{board_style_name, language_name, time_per_move_text};

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
                .add_sub_option(option!(
                    CommandOptionType::Role,
                    "tournament_role",
                    "cmd-tournament-role-name",
                    "cmd-tournament-role-desc"
                ))
                .add_sub_option(board_style_option(option!(
                    CommandOptionType::String,
                    "board_style",
                    "cmd-board-style-name",
                    "cmd-board-style-desc"
                )))
                .add_sub_option(board_style_option(option!(
                    CommandOptionType::String,
                    "server_board_style",
                    "cmd-server-board-style-name",
                    "cmd-server-board-style-desc"
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
        .add_option(tournament_group())
}

/// `/akon tournament …`: create, start, cancel, withdraw, standings and
/// add_computer.
fn tournament_group() -> CreateCommandOption {
    let sub = CommandOptionType::SubCommand;
    let which = || {
        option!(
            CommandOptionType::Integer,
            "tournament",
            "cmd-tournament-option-name",
            "cmd-tournament-option-desc"
        )
        .min_int_value(1)
    };
    let format = TournamentFormat::ALL.into_iter().fold(
        option!(
            CommandOptionType::String,
            "format",
            "cmd-format-name",
            "cmd-format-desc"
        )
        .required(true),
        |option, format| choice_of(option, format.code(), |l| tournament_format_name(l, format)),
    );
    let create = option!(
        sub,
        "create",
        "cmd-tournament-create-name",
        "cmd-tournament-create-desc"
    )
    .add_sub_option(
        option!(CommandOptionType::String, "name", "cmd-name-name", "cmd-name-desc")
            .required(true)
            .max_length(TOURNAMENT_NAME_MAX as u16),
    )
    .add_sub_option(format)
    .add_sub_option(
        option!(
            CommandOptionType::Integer,
            "rounds",
            "cmd-rounds-name",
            "cmd-rounds-desc"
        )
        .min_int_value(1)
        .max_int_value(u64::from(SWISS_MAX_PLAYERS) - 1),
    )
    .add_sub_option(time_per_move_option(option!(
        CommandOptionType::String,
        "time_per_move",
        "cmd-time-per-move-name",
        "cmd-tournament-time-desc"
    )))
    .add_sub_option(
        option!(
            CommandOptionType::Integer,
            "max_players",
            "cmd-max-players-name",
            "cmd-max-players-desc"
        )
        .min_int_value(2)
        .max_int_value(u64::from(SWISS_MAX_PLAYERS.max(ROUND_ROBIN_MAX_PLAYERS))),
    )
    .add_sub_option(option!(
        CommandOptionType::Boolean,
        "rated",
        "cmd-rated-name",
        "cmd-rated-desc"
    ))
    .add_sub_option(
        option!(
            CommandOptionType::String,
            "starts_at",
            "cmd-starts-at-name",
            "cmd-starts-at-desc"
        )
        .max_length(40),
    );
    let add_computer = option!(
        sub,
        "add_computer",
        "cmd-tournament-add-computer-name",
        "cmd-tournament-add-computer-desc"
    )
    .add_sub_option(
        Level::ALL.into_iter().fold(
            option!(
                CommandOptionType::String,
                "level",
                "cmd-level-name",
                "cmd-tournament-level-desc"
            )
            .required(true),
            |option, level| choice_of(option, level.name(), |l| level_name(l, level)),
        ),
    )
    .add_sub_option(which());
    option!(
        CommandOptionType::SubCommandGroup,
        "tournament",
        "cmd-tournament-name",
        "cmd-tournament-desc"
    )
    .add_sub_option(create)
    .add_sub_option(
        option!(sub, "start", "cmd-tournament-start-name", "cmd-tournament-start-desc").add_sub_option(which()),
    )
    .add_sub_option(
        option!(
            sub,
            "cancel",
            "cmd-tournament-cancel-name",
            "cmd-tournament-cancel-desc"
        )
        .add_sub_option(which()),
    )
    .add_sub_option(
        option!(
            sub,
            "withdraw",
            "cmd-tournament-withdraw-name",
            "cmd-tournament-withdraw-desc"
        )
        .add_sub_option(which()),
    )
    .add_sub_option(
        option!(
            sub,
            "standings",
            "cmd-tournament-standings-name",
            "cmd-tournament-standings-desc"
        )
        .add_sub_option(which()),
    )
    .add_sub_option(add_computer)
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

/// `option` offering every board style.
fn board_style_option(option: CreateCommandOption) -> CreateCommandOption {
    BoardStyle::ALL.into_iter().fold(option, |option, style| {
        choice_of(option, style.code(), |l| board_style_name(l, style))
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

    /// A role option's id (whether or not Discord sent the role itself).
    fn role(&self, name: &str) -> Result<Option<u64>, CommandError> {
        self.get(name, |value| match value {
            ResolvedValue::Role(role) => Some(role.id.get()),
            ResolvedValue::Unresolved(Unresolved::RoleId(id)) => Some(id.get()),
            _ => None,
        })
    }

    fn text(&self, name: &str) -> Result<Option<String>, CommandError> {
        self.get(name, |value| match value {
            ResolvedValue::String(text) => Some(text.to_string()),
            _ => None,
        })
    }

    /// An integer option within `range`.
    fn number(&self, name: &str, range: std::ops::RangeInclusive<i64>) -> Result<Option<i64>, CommandError> {
        self.get(name, |value| match *value {
            ResolvedValue::Integer(n) if range.contains(&n) => Some(n),
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
        "tournament_role" => "cmd-tournament-role-name",
        "tournament" => "cmd-tournament-option-name",
        "name" => "cmd-name-name",
        "format" => "cmd-format-name",
        "rounds" => "cmd-rounds-name",
        "max_players" => "cmd-max-players-name",
        "rated" => "cmd-rated-name",
        "starts_at" => "cmd-starts-at-name",
        "board_style" => "cmd-board-style-name",
        "server_board_style" => "cmd-server-board-style-name",
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
    if let ResolvedValue::SubCommandGroup(group) = sub.value {
        if sub.name != "tournament" {
            return Err(CommandError::UnknownSubcommand(sub.name.into()));
        }
        let Some(inner) = group.into_iter().next() else {
            return Err(CommandError::UnknownSubcommand(sub.name.into()));
        };
        let ResolvedValue::SubCommand(options) = inner.value else {
            return Err(CommandError::UnknownSubcommand(inner.name.into()));
        };
        return parse_tournament(inner.name, &Options(options)).map(AkonCommand::Tournament);
    }
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
            tournament_role: options.role("tournament_role")?,
            board_style: options.choice("board_style")?,
            server_board_style: options.choice("server_board_style")?,
            web_games: options.on_off("web_games")?,
            web_leaderboard: options.on_off("web_leaderboard")?,
        },
        "puzzle" => AkonCommand::Puzzle,
        other => return Err(CommandError::UnknownSubcommand(other.into())),
    })
}

fn parse_tournament(sub: &str, options: &Options<'_>) -> Result<TournamentCommand, CommandError> {
    let tournament = options.id("tournament")?;
    let most = i64::from(SWISS_MAX_PLAYERS.max(ROUND_ROBIN_MAX_PLAYERS));
    Ok(match sub {
        "create" => TournamentCommand::Create {
            name: required("name", options.text("name")?)?,
            format: required(
                "format",
                options.get("format", |value| match value {
                    ResolvedValue::String(code) => TournamentFormat::from_code(code),
                    _ => None,
                })?,
            )?,
            rounds: options.number("rounds", 1..=most)?.map(|n| n as u32),
            time: options.choice("time_per_move")?,
            max_players: options.number("max_players", 1..=most)?.map(|n| n as u32),
            rated: options.flag("rated")?.unwrap_or(true),
            starts_at: options.text("starts_at")?,
        },
        "start" => TournamentCommand::Start { tournament },
        "cancel" => TournamentCommand::Cancel { tournament },
        "withdraw" => TournamentCommand::Withdraw { tournament },
        "standings" => TournamentCommand::Standings { tournament },
        "add_computer" => TournamentCommand::AddComputer {
            level: required("level", options.choice("level")?)?,
            tournament,
        },
        other => return Err(CommandError::UnknownSubcommand(other.into())),
    })
}

/// A start time as `/akon tournament create starts_at:` takes it, at
/// `now` (seconds since the Unix epoch): `YYYY-MM-DD HH:MM` in UTC (a `T`
/// may stand for the space, a trailing `Z` or ` UTC` is allowed), or
/// relative, `in 90m`, `in 2h`, `in 3d` (also `90m`, `2h`). `None` for
/// anything else, or a time out of range.
pub fn parse_starts_at(text: &str, now: i64) -> Option<i64> {
    let text = text.trim();
    let lower = text.to_ascii_lowercase();
    let relative = lower.strip_prefix("in ").unwrap_or(&lower).trim();
    if let Some(unit) = relative.chars().last().filter(|c| matches!(c, 'm' | 'h' | 'd')) {
        let amount: i64 = relative[..relative.len() - 1].trim().parse().ok()?;
        let seconds = match unit {
            'm' => 60,
            'h' => 3_600,
            _ => 86_400,
        };
        // At most a year ahead.
        return (1..=366 * 86_400 / seconds)
            .contains(&amount)
            .then(|| now + amount * seconds);
    }
    let text = lower
        .strip_suffix(" utc")
        .or_else(|| lower.strip_suffix('z'))
        .unwrap_or(&lower);
    let (date, time) = text.split_once(['t', ' '])?;
    let mut date = date.split('-');
    let (year, month, day): (i64, i64, i64) = (
        date.next()?.parse().ok()?,
        date.next()?.parse().ok()?,
        date.next()?.parse().ok()?,
    );
    let (hour, minute) = time.trim().split_once(':')?;
    let (hour, minute): (i64, i64) = (hour.parse().ok()?, minute.parse().ok()?);
    let days_in_month = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        _ => return None,
    };
    if !(1970..=9999).contains(&year) || !(1..=days_in_month).contains(&day) || hour > 23 || minute > 59 {
        return None;
    }
    if hour < 0 || minute < 0 {
        return None;
    }
    Some(days_from_civil(year, month, day) * 86_400 + hour * 3_600 + minute * 60)
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar
/// (Howard Hinnant's `days_from_civil`).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let day_of_year = (153 * (month + if month > 2 { -3 } else { 9 }) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
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
        // A group's subcommands' options, beside the subcommands' own.
        let subs: Vec<&serde_json::Value> = command["options"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|sub| match sub["type"].as_u64() {
                Some(2) => sub["options"].as_array().unwrap().iter().collect(),
                _ => vec![sub],
            })
            .collect();
        for sub in subs {
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
        assert_eq!(
            CommandError::BadOption("starts_at".into()).sentence(Language::English),
            "The option `starts_at` is malformed."
        );
        assert_eq!(refusal, "L'option `temps-par-coup` est mal formée.");
    }
}

#[cfg(test)]
mod starts_at_tests {
    use super::parse_starts_at;

    const NOW: i64 = 1_800_000_000;

    #[test]
    fn a_utc_date_and_time_is_read_exactly() {
        // 2026-12-24 18:00 UTC, as `date -u -d '2026-12-24 18:00' +%s` says.
        assert_eq!(parse_starts_at("2026-12-24 18:00", NOW), Some(1_798_135_200));
        assert_eq!(parse_starts_at("2026-12-24T18:00Z", NOW), Some(1_798_135_200));
        assert_eq!(parse_starts_at(" 2026-12-24 18:00 UTC ", NOW), Some(1_798_135_200));
        assert_eq!(parse_starts_at("1970-01-01 00:00", NOW), Some(0));
        assert_eq!(parse_starts_at("2028-02-29 00:00", NOW), Some(1_835_395_200));
    }

    #[test]
    fn a_relative_time_counts_from_now() {
        assert_eq!(parse_starts_at("in 2h", NOW), Some(NOW + 7_200));
        assert_eq!(parse_starts_at("in 90m", NOW), Some(NOW + 5_400));
        assert_eq!(parse_starts_at("3d", NOW), Some(NOW + 3 * 86_400));
        assert_eq!(parse_starts_at("IN 1H", NOW), Some(NOW + 3_600));
    }

    #[test]
    fn anything_else_is_refused() {
        for bad in [
            "",
            "tomorrow",
            "in 0h",
            "in -1h",
            "in 2y",
            "in 400d",
            "2026-02-30 10:00",
            "2026-13-01 10:00",
            "2026-12-24 24:00",
            "2026-12-24 18:60",
            "2026-12-24",
            "24/12/2026 18:00",
            "in h",
            "in 1.5h",
        ] {
            assert_eq!(parse_starts_at(bad, NOW), None, "{bad}");
        }
    }
}
