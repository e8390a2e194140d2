//! The `akon` command line: `akon bot` (the default), `akon play`,
//! `akon replay`, `akon analyze`, `akon perft`, `akon review`, `akon render`,
//! `akon tables`. Each
//! subcommand is its own module; `values` holds the typed option values
//! they share.

mod analyze;
mod bot;
mod default_tables;
mod perft;
mod play;
mod render;
mod replay;
mod review;
mod tables;
mod values;

use std::io::{self, Write};
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
    /// Count the move sequences of a depth (the engine's self-check and speed test).
    Perft(perft::PerftArgs),
    /// Review a game: every move judged against the engine's best, as text or one line of JSON.
    Review(review::ReviewArgs),
    /// Draw a game's position as a picture: SVG or PNG.
    Render(render::RenderArgs),
    /// Build or check the endgame tables (exact values of positions with few seeds).
    Tables(tables::TablesArgs),
}

/// Parses the command line and runs the chosen subcommand.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Bot);
    match command {
        Command::Analyze(_) | Command::Review(_) => tables::install_from_environment(tables::FirstBuild::Wait),
        Command::Play(_) => tables::install_from_environment(tables::FirstBuild::InTheBackground),
        _ => {}
    }
    match command {
        Command::Bot => bot::run(),
        Command::Play(args) => play::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Analyze(args) => analyze::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Review(args) => review::run(args),
        Command::Render(args) => render::run(args),
        Command::Tables(args) => tables::run(args),
    }
}

/// Prints `message` as the command's one-line complaint and returns exit code 2.
fn bad_input(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("akon: {message}");
    ExitCode::from(EXIT_BAD_INPUT)
}

/// Prints `line` on standard output. A reader that has gone away (a closed
/// pipe, as in `akon replay … | head -c 0`) ends the command quietly.
fn print_line(line: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    finish(writeln!(out, "{line}").and_then(|()| out.flush()))
}

/// The exit code for a command's output: success, also when the reader
/// closed the pipe (nobody is left to tell); any other write error is said.
fn finish(written: io::Result<()>) -> ExitCode {
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("akon: {e}");
            ExitCode::FAILURE
        }
    }
}
