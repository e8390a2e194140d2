//! The `/akon` command: one file per subcommand (a folder for the
//! `tournament` group, a file per subcommand in it). Each declares one
//! options struct with [`declare::subcommand!`], from which its
//! registration, its parsing and its dispatch all follow, and holds its
//! handler (`run`): parse (done by the declaration), one use case, render.
//! The list below gives `/akon`'s subcommands in the order Discord shows
//! them. Options shared by several subcommands are in [`shared`], kinds of
//! values in [`kinds`], start times are read in [`starts_at`].

mod declare;
mod kinds;
mod shared;
mod starts_at;

mod abort;
mod board;
mod challenge;
mod follow;
mod game;
mod games;
mod history;
mod leaderboard;
mod puzzle;
mod resign;
mod review;
mod rules;
mod settings;
mod stats;
mod tournament;
mod vacation;

use crate::i18n::Language;
use crate::tr;
use serenity::all::{
    CommandInteraction, CommandType, CreateCommand, EntryPointHandlerType, InstallationContext, InteractionContext,
};

use declare::entries;
use kinds::{other_languages, words};

pub use starts_at::parse_starts_at;
pub use tournament::TournamentCommand;

entries! {
    /// A parsed `/akon` invocation: one variant per subcommand, holding
    /// its options.
    pub enum AkonCommand {
        Challenge(challenge::Challenge),
        Games(games::Games),
        Follow(follow::Follow),
        Board(board::Board),
        Resign(resign::Resign),
        Abort(abort::Abort),
        Leaderboard(leaderboard::Leaderboard),
        Stats(stats::Stats),
        History(history::History),
        Game(game::Game),
        Settings(settings::Settings),
        Vacation(vacation::Vacation),
        Rules(rules::Rules),
        Review(review::Review),
        Puzzle(puzzle::Puzzle),
        Tournament(TournamentCommand),
    }
}

/// `/akon` as registered with Discord, described in every language.
pub fn akon_command() -> CreateCommand {
    let command = CreateCommand::new("akon")
        .description(words(Language::English, "cmd-akon-desc"))
        .dm_permission(true)
        // Installed to servers and to users; used in servers, in the DM
        // with the bot, and in DMs and group DMs between people.
        .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
        .contexts(vec![
            InteractionContext::Guild,
            InteractionContext::BotDm,
            InteractionContext::PrivateChannel,
        ]);
    let command = other_languages().fold(command, |command, (language, locale)| {
        command.description_localized(locale, words(language, "cmd-akon-desc"))
    });
    AkonCommand::create_all()
        .into_iter()
        .fold(command, CreateCommand::add_option)
}

/// The Discord Activity's Entry Point command, the App Launcher's: Discord
/// opens the Activity itself when it is used (`DISCORD_LAUNCH_ACTIVITY`),
/// so no interaction of it ever reaches the bot.
pub fn entry_point_command() -> CreateCommand {
    let command = CreateCommand::new("launch")
        .kind(CommandType::PrimaryEntryPoint)
        .handler(EntryPointHandlerType::DiscordLaunchActivity)
        .description(words(Language::English, "cmd-launch-desc"))
        .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
        .contexts(vec![
            InteractionContext::Guild,
            InteractionContext::BotDm,
            InteractionContext::PrivateChannel,
        ]);
    other_languages().fold(command, |command, (language, locale)| {
        command.description_localized(locale, words(language, "cmd-launch-desc"))
    })
}

/// Reads an interaction into an [`AkonCommand`], each option through its
/// declaration, so a value Discord let the user pick always parses.
pub fn parse(interaction: &CommandInteraction) -> Result<AkonCommand, CommandError> {
    if interaction.data.name != "akon" {
        return Err(CommandError::UnknownCommand(interaction.data.name.clone()));
    }
    let Some(sub) = interaction.data.options().into_iter().next() else {
        return Err(CommandError::UnknownSubcommand(String::new()));
    };
    AkonCommand::parse_named(sub.name, sub.value)
}

/// An option's name as the user saw and typed it: the localised name of
/// the canonical `name` that parsing reads (the one Discord sends).
fn option_name(language: Language, name: &str) -> String {
    AkonCommand::options_all()
        .into_iter()
        .find(|option| option.name() == name)
        .map_or_else(|| name.to_string(), |option| words(language, option.name_key()))
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

#[cfg(test)]
mod tests;
