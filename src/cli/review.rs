//! `akon review`: the post-game review of a game, as text (the same as on
//! Discord) or as one line of JSON.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::bad_input;
use super::replay::{start_and_moves, StartArgs, StartError};
use super::values;
use crate::ai::{review, REVIEW_NODES};
use crate::board_text::illegal_move;
use crate::engine::{HoleError, Record, RecordError};
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
    /// The review's language: en, fr, es or pt (default: from LC_ALL, LC_MESSAGES or LANG).
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
    // The language comes first: a player who asked for French is told in
    // French what is wrong with the game given too.
    let language = args.lang.unwrap_or_else(Language::from_environment);
    let l = language;
    if args.nodes == 0 {
        return Err(tr!(l, "review-cli-nodes"));
    }
    let (start, moves) = start_and_moves(&args.start).map_err(|e| start_error(l, &e))?;
    if moves.is_empty() {
        return Err(tr!(l, "review-cli-no-moves"));
    }
    let review = review(start, &moves, args.nodes).map_err(|e| {
        tr!(
            l,
            "review-cli-illegal-move",
            number = e.number.to_string(),
            hole = e.hole.to_string(),
            reason = illegal_move(l, &e.reason)
        )
    })?;
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

/// Why the arguments give no game to review, in `language`. A `--start`
/// position's fault stays in English: its JSON is a developer's form.
fn start_error(language: Language, error: &StartError) -> String {
    let l = language;
    match error {
        StartError::Move { number, error } => bad_move(l, *number, error),
        StartError::Record(RecordError::MissingSeat) => format!("--record: {}", tr!(l, "review-cli-record-no-seat")),
        StartError::Record(RecordError::BadSeat(seat)) => format!(
            "--record: {}",
            tr!(l, "review-cli-record-bad-seat", seat = seat.as_str())
        ),
        StartError::Record(RecordError::BadHole { number, error }) => {
            format!("--record: {}", bad_move(l, *number, error))
        }
        StartError::Start(_) => error.to_string(),
        StartError::NoStart => tr!(l, "review-cli-no-start"),
    }
}

fn bad_move(language: Language, number: usize, error: &HoleError) -> String {
    let reason = match error {
        HoleError::NotANumber(input) => tr!(language, "play-not-a-hole", input = input.as_str()),
        HoleError::OutOfRange(hole) => tr!(language, "play-no-such-hole", hole = *hole),
    };
    // The terminal game's sentence, as one clause of this line.
    let reason = reason.trim_end_matches('.');
    tr!(
        language,
        "review-cli-bad-move",
        number = number.to_string(),
        reason = reason
    )
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Command {
        #[command(flatten)]
        review: ReviewArgs,
    }

    fn refusal(args: &[&str]) -> String {
        let command = Command::try_parse_from(std::iter::once("review").chain(args.iter().copied())).unwrap();
        review_of(&command.review).expect_err("the game given is refused")
    }

    #[test]
    fn what_is_wrong_with_the_game_is_said_in_the_language_asked_for() {
        assert_eq!(
            refusal(&["--first", "A", "--lang", "fr"]),
            "aucun coup à analyser\u{A0}: donne la partie, par exemple `--record \"A: 3 5 1\"`"
        );
        assert!(refusal(&["--lang", "fr"]).starts_with("indique où commence la partie\u{A0}: "));
        assert_eq!(
            refusal(&["--first", "A", "3", "--nodes", "0", "--lang", "es"]),
            "--nodes debe ser al menos 1"
        );
        assert_eq!(
            refusal(&["--record", "A: 1 1 1", "--lang", "es"]),
            "la jugada 3 (hoyo 1) no está permitida: el hoyo 1 está vacío"
        );
        assert_eq!(
            refusal(&["--first", "A", "9", "--lang", "fr"]),
            "coup 1\u{A0}: le trou 9 n'existe pas\u{A0}: les trous sont numérotés de 1 à 7"
        );
        assert_eq!(
            refusal(&["--record", "C: 3", "--lang", "es"]),
            "--record: `C` no es un lado: una notación empieza con `A:` o `B:`"
        );
    }

    /// In English the review says what the developer tools say.
    #[test]
    fn the_english_refusals_are_the_developer_tools_words() {
        for args in [
            &["--lang", "en"][..],
            &["--record", "A 3", "--lang", "en"],
            &["--record", "Z: 3", "--lang", "en"],
            &["--record", "A: 3 x", "--lang", "en"],
            &["--first", "A", "0", "--lang", "en"],
        ] {
            let command = Command::try_parse_from(std::iter::once("review").chain(args.iter().copied())).unwrap();
            let error = start_and_moves(&command.review.start).unwrap_err();
            assert_eq!(start_error(Language::English, &error), error.to_string(), "{args:?}");
        }
        assert!(refusal(&["--record", "A: 1 1 1", "--lang", "en"]).starts_with("move 3 (hole 1) is illegal: "));
    }
}
