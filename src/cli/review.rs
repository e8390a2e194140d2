//! `akon review`: the post-game review of a game, as text (the same as on
//! Discord) or as one line of JSON.

use std::process::ExitCode;

use clap::Args;

use super::bad_input;
use super::replay::{start_and_moves, StartArgs};
use crate::ai::{review, REVIEW_NODES};
use crate::i18n::Language;
use crate::review_text::review_text;

#[derive(Args, Debug)]
pub struct ReviewArgs {
    #[command(flatten)]
    start: StartArgs,
    /// Print one line of JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Positions searched for each move (the bot uses the default).
    #[arg(long, default_value_t = REVIEW_NODES)]
    nodes: u64,
}

pub fn run(args: ReviewArgs) -> ExitCode {
    match review_of(&args) {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => bad_input(message),
    }
}

fn review_of(args: &ReviewArgs) -> Result<String, String> {
    if args.nodes == 0 {
        return Err("--nodes must be at least 1".into());
    }
    let (start, moves) = start_and_moves(&args.start)?;
    if moves.is_empty() {
        return Err("no moves to review: give the game, e.g. --record \"A: 3 5 1\"".into());
    }
    let review = review(start, &moves, args.nodes).map_err(|e| e.to_string())?;
    if args.json {
        serde_json::to_string(&review.to_json()).map_err(|e| e.to_string())
    } else {
        Ok(review_text(Language::English, "Review", &review, &|seat| {
            seat.to_string()
        }))
    }
}
