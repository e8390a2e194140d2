//! Reading an interaction into an [`AkonCommand`]: each option through its
//! declaration, so a value Discord let the user pick always parses.

use serenity::all::{CommandInteraction, ResolvedOption, ResolvedValue};

use super::declaration::{self as declared, Opt};
use super::kinds::Kind;
use super::{AkonCommand, CommandError, TournamentCommand};
use crate::service::{Season, ServerSettingsChanges, SettingsChanges};

/// A subcommand's options as serenity resolved them (users looked up in
/// the interaction's `resolved` data), read by name. A value of the wrong
/// type or out of range refuses the command naming its option.
struct Options<'a>(Vec<ResolvedOption<'a>>);

impl Options<'_> {
    /// The option `option`, if given; the first one if given twice.
    fn get<K: Kind>(&self, option: &Opt<K>) -> Result<Option<K::Value>, CommandError> {
        let Some(given) = self.0.iter().find(|given| given.name == option.name) else {
            return Ok(None);
        };
        option
            .kind
            .read(&given.value)
            .map(Some)
            .ok_or_else(|| CommandError::BadOption(option.name.into()))
    }

    /// The option `option`, which must be given.
    fn required<K: Kind>(&self, option: &Opt<K>) -> Result<K::Value, CommandError> {
        debug_assert!(option.required, "`{}` is registered as optional", option.name);
        self.get(option)?
            .ok_or_else(|| CommandError::BadOption(option.name.into()))
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
            // Required by Discord; the handler refuses a challenge without one.
            opponent: options.get(&declared::OPPONENT)?,
            level: options.get(&declared::CHALLENGE_LEVEL)?,
            time: options.get(&declared::CHALLENGE_TIME)?,
        },
        "games" => AkonCommand::Games,
        "board" => AkonCommand::Board {
            game: options.get(&declared::GAME)?,
        },
        "resign" => AkonCommand::Resign {
            game: options.get(&declared::GAME)?,
        },
        "abort" => AkonCommand::Abort {
            game: options.get(&declared::GAME)?,
        },
        "leaderboard" => AkonCommand::Leaderboard {
            global: options.get(&declared::SCOPE)?.unwrap_or(false),
            season: options.get(&declared::SEASON)?.unwrap_or(Season::AllTime),
        },
        "history" => AkonCommand::History {
            player: options.get(&declared::HISTORY_PLAYER)?,
        },
        "game" => AkonCommand::Game {
            id: options.required(&declared::GAME_ID)?,
        },
        "stats" => AkonCommand::Stats {
            player: options.get(&declared::STATS_PLAYER)?,
        },
        "rules" => AkonCommand::Rules,
        "review" => AkonCommand::Review {
            game: options.required(&declared::REVIEW_GAME)?,
        },
        "settings" => AkonCommand::Settings(SettingsChanges {
            dm_reminders: options.get(&declared::DM_REMINDERS)?,
            time_per_move: options.get(&declared::SETTINGS_TIME)?,
            language: options.get(&declared::LANGUAGE)?,
            board_style: options.get(&declared::BOARD_STYLE)?,
            server: ServerSettingsChanges {
                language: options.get(&declared::SERVER_LANGUAGE)?,
                board_style: options.get(&declared::SERVER_BOARD_STYLE)?,
                tournament_role: options.get(&declared::TOURNAMENT_ROLE)?,
                web_games: options.get(&declared::WEB_GAMES)?,
                web_leaderboard: options.get(&declared::WEB_LEADERBOARD)?,
                leaderboard_inactive_days: options.get(&declared::LEADERBOARD_INACTIVE_DAYS)?,
                season_channel: options.get(&declared::SEASON_CHANNEL)?,
                daily_puzzle_channel: options.get(&declared::DAILY_PUZZLE_CHANNEL)?,
                daily_puzzle_hour: options.get(&declared::DAILY_PUZZLE_HOUR)?,
                daily_puzzle_enabled: options.get(&declared::DAILY_PUZZLE)?,
            },
        }),
        "puzzle" => AkonCommand::Puzzle,
        other => return Err(CommandError::UnknownSubcommand(other.into())),
    })
}

fn parse_tournament(sub: &str, options: &Options<'_>) -> Result<TournamentCommand, CommandError> {
    let tournament = options.get(&declared::TOURNAMENT)?;
    Ok(match sub {
        "create" => TournamentCommand::Create {
            name: options.required(&declared::NAME)?,
            format: options.required(&declared::FORMAT)?,
            rounds: options.get(&declared::ROUNDS)?,
            time: options.get(&declared::TOURNAMENT_TIME)?,
            max_players: options.get(&declared::MAX_PLAYERS)?,
            rated: options.get(&declared::RATED)?.unwrap_or(true),
            starts_at: options.get(&declared::STARTS_AT)?,
        },
        "start" => TournamentCommand::Start { tournament },
        "cancel" => TournamentCommand::Cancel { tournament },
        "withdraw" => TournamentCommand::Withdraw { tournament },
        "standings" => TournamentCommand::Standings { tournament },
        "add_computer" => TournamentCommand::AddComputer {
            level: options.required(&declared::COMPUTER_LEVEL)?,
            tournament,
        },
        other => return Err(CommandError::UnknownSubcommand(other.into())),
    })
}
