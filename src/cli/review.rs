//! `akon review`: the post-game review of a game, as text (the same as on
//! Discord) or as one line of JSON.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::bad_input;
use super::replay::{start_and_moves, StartArgs};
use super::values;
use crate::ai::{review, REVIEW_NODES};
use crate::engine::Record;
use crate::i18n::Language;
use crate::picture;
use crate::review_text::review_text;
use crate::tr;

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
    /// The review's language: en, fr or es (default: from LC_ALL, LC_MESSAGES or LANG).
    #[arg(long, value_parser = values::language(), ignore_case = true)]
    lang: Option<Language>,
    /// Also write the evaluation graph as PNG (600 × 300 pixels) to this file.
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
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
    let language = args.lang.unwrap_or_else(Language::from_environment);
    if let Some(path) = &args.png {
        let png = picture::png(&picture::graph_svg(language, &review)).map_err(|e| e.to_string())?;
        super::render::write(path, &png)?;
    }
    // The game named by its first mover and moves, as `--record` takes it.
    let record = Record {
        first: start.to_move(),
        moves,
    };
    if args.json {
        serde_json::to_string(&review.to_json()).map_err(|e| e.to_string())
    } else {
        let title = tr!(language, "review-title-record", record = record.to_string());
        Ok(review_text(language, &title, &review, &|seat| seat.to_string()))
    }
}
