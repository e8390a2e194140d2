//! The `akon` command line: `akon bot` (the default), `akon play`,
//! `akon replay`, `akon analyze`, `akon review`. Each subcommand is its own module.

mod analyze;
mod bot;
mod play;
mod replay;
mod review;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exit code for illegal moves and malformed arguments or positions.
pub const EXIT_BAD_INPUT: u8 = 2;

#[derive(Parser, Debug)]
#[command(
    name = "akon",
    version,
    about = "Akon, the two-row mancala game: a Discord bot, a terminal game and tools"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the Discord bot (the default). Reads DISCORD_TOKEN and the rest from .env.
    Bot,
    /// Play a game in the terminal, against the computer or a second human.
    Play(play::PlayArgs),
    /// Replay a game and print its state as one line of JSON.
    Replay(replay::ReplayArgs),
    /// Search the position a game reached and print the analysis as one line of JSON.
    Analyze(analyze::AnalyzeArgs),
    /// Review a game: every move judged against the engine's best, as text or one line of JSON.
    Review(review::ReviewArgs),
}

/// Parses the command line and runs the chosen subcommand.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command.unwrap_or(Command::Bot) {
        Command::Bot => bot::run(),
        Command::Play(args) => play::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Analyze(args) => analyze::run(args),
        Command::Review(args) => review::run(args),
    }
}

/// Prints `message` as the command's one-line complaint and returns exit code 2.
fn bad_input(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("akon: {message}");
    ExitCode::from(EXIT_BAD_INPUT)
}
