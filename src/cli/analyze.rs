//! `akon analyze`: what the search thinks of the position a game reached,
//! as one line of JSON.

use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use super::replay::{start_and_moves, StartArgs};
use super::{bad_input, print_line, values};
use crate::ai::{analyze, Level, Limits};
use crate::engine::Game;

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    start: StartArgs,
    /// Search as this level does.
    #[arg(long, default_value = "hard", value_parser = values::level(), ignore_case = true)]
    level: Level,
    /// Search for this long instead (milliseconds).
    #[arg(long)]
    time_ms: Option<u64>,
    /// Search to this depth instead (plies).
    #[arg(long)]
    depth: Option<u32>,
    /// Search this many positions instead.
    #[arg(long)]
    nodes: Option<u64>,
}

pub fn run(args: AnalyzeArgs) -> ExitCode {
    match analysis(&args) {
        Ok(line) => print_line(&line),
        Err(message) => bad_input(message),
    }
}

fn analysis(args: &AnalyzeArgs) -> Result<String, String> {
    let limits = match (args.time_ms, args.depth, args.nodes) {
        (None, None, None) => args.level.limits(),
        (time, depth, nodes) => Limits {
            max_time: time.map(Duration::from_millis),
            max_depth: depth.unwrap_or(Limits::MAX_DEPTH),
            max_nodes: nodes.unwrap_or(u64::MAX),
        },
    };
    if args.depth == Some(0) || args.nodes == Some(0) || args.time_ms == Some(0) {
        return Err("--depth, --nodes and --time-ms must be at least 1".into());
    }
    let (start, moves) = start_and_moves(&args.start)?;
    let game = Game::replay(start, &moves).map_err(|e| e.to_string())?;
    let analysis = analyze(&game, &limits).ok_or("the game is over: there is nothing to analyse")?;
    serde_json::to_string(&analysis.to_json()).map_err(|e| e.to_string())
}
