//! `akon perft`: the number of move sequences of a depth, the time it took
//! and the speed — the usual self-check and speed test of a game engine.
//! The counts from the opening are in `tests/data/VECTORS.md`, "Perft counts".

use std::process::ExitCode;
use std::time::Instant;

use clap::Args;

use super::{bad_input, print_line};
use crate::engine::{perft, Position, Seat};

/// Deepest count: the number of sequences must fit in 64 bits (at most 7
/// moves a ply), and deeper would take days anyway.
const MAX_DEPTH: u32 = 20;

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Plies to count (0 to 20).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=MAX_DEPTH as i64))]
    depth: u32,
    /// Count from this position instead of the opening with A to move, in
    /// the JSON form `akon replay --start` takes.
    #[arg(long)]
    start: Option<String>,
}

pub fn run(args: PerftArgs) -> ExitCode {
    let position = match &args.start {
        None => Position::opening(Seat::A),
        Some(json) => match Position::from_json(json) {
            Ok(position) => position,
            Err(e) => return bad_input(format!("--start: {e}")),
        },
    };
    let started = Instant::now();
    let count = perft(&position, args.depth);
    let seconds = started.elapsed().as_secs_f64();
    // A count too quick to time has no meaningful speed.
    let speed = if seconds > 0.0 {
        format!("{:.0}", count as f64 / seconds)
    } else {
        "-".to_string()
    };
    print_line(&format!(
        "perft {}: {count} positions in {seconds:.3} s, {speed} positions per second",
        args.depth
    ))
}
