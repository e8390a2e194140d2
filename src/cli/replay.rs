//! `akon replay`: a game's state as one line of JSON, in the test vectors'
//! state format.

use std::fmt;
use std::process::ExitCode;

use clap::Args;

use super::{bad_input, print_line, values};
use crate::engine::{Game, Hole, HoleError, Position, Record, RecordError, Seat};

/// Where a game starts and the moves played: shared by `replay` and `analyze`.
#[derive(Args, Debug)]
pub struct StartArgs {
    /// Start from the opening position with this seat moving first.
    #[arg(long, conflicts_with_all = ["start", "record"], value_parser = values::seat(), ignore_case = true)]
    first: Option<Seat>,
    /// Start from this position, in the vectors' JSON form:
    /// '{"board": {"A": [..7], "B": [..7]}, "captured": {"A": n, "B": n}, "to_move": "A"}'.
    #[arg(long, conflicts_with = "record")]
    start: Option<String>,
    /// A whole game in notation, e.g. "A: 3 5 1 7", from the opening position.
    #[arg(long)]
    record: Option<String>,
    /// The holes played, in order (each 1 to 7, the mover's own hole number).
    #[arg(allow_negative_numbers = true)]
    moves: Vec<String>,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    #[command(flatten)]
    start: StartArgs,
}

pub fn run(args: ReplayArgs) -> ExitCode {
    match replay(&args) {
        Ok(line) => print_line(&line),
        Err(message) => bad_input(message),
    }
}

fn replay(args: &ReplayArgs) -> Result<String, String> {
    let (start, moves) = start_and_moves(&args.start)?;
    let game = Game::replay(start, &moves).map_err(|e| e.to_string())?;
    serde_json::to_string(&game.state()).map_err(|e| e.to_string())
}

/// Why the arguments give no game. Its text is the English of the
/// developer tools; `akon review` says it in the player's language.
#[derive(Debug)]
pub(super) enum StartError {
    /// A hole of the move list, numbered from 1.
    Move {
        number: usize,
        error: HoleError,
    },
    Record(RecordError),
    Start(String),
    NoStart,
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Move { number, error } => write!(f, "move {number}: {error}"),
            StartError::Record(error) => write!(f, "--record: {error}"),
            StartError::Start(error) => write!(f, "--start: {error}"),
            StartError::NoStart => f.write_str(
                "say where the game starts: --first A or --first B (the opening position), \
                 --start '<position JSON>', or --record 'A: 3 5 1'",
            ),
        }
    }
}

impl From<StartError> for String {
    fn from(error: StartError) -> String {
        error.to_string()
    }
}

/// The start position and the moves the arguments give, each checked.
pub(super) fn start_and_moves(args: &StartArgs) -> Result<(Position, Vec<Hole>), StartError> {
    let mut moves = parse_moves(&args.moves)?;
    let start = if let Some(text) = &args.record {
        let record: Record = text.parse().map_err(StartError::Record)?;
        let mut all = record.moves;
        all.append(&mut moves);
        moves = all;
        Position::opening(record.first)
    } else if let Some(json) = &args.start {
        Position::from_json(json).map_err(|e| StartError::Start(e.to_string()))?
    } else if let Some(seat) = args.first {
        Position::opening(seat)
    } else {
        return Err(StartError::NoStart);
    };
    Ok((start, moves))
}

/// The holes, each checked, with the move's number in the list in any error.
fn parse_moves(words: &[String]) -> Result<Vec<Hole>, StartError> {
    words
        .iter()
        .enumerate()
        .map(|(i, word)| {
            word.parse::<Hole>()
                .map_err(|error| StartError::Move { number: i + 1, error })
        })
        .collect()
}
