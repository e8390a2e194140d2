//! The post-game review of a known game: pinned classifications,
//! accuracies and turning point at a fixed node budget (the same on any
//! machine), the definitions behind them, and `akon review` printing the
//! same review as text and as one line of JSON.

use std::process::Command;

use akon::ai::{analyze, review, Classification, Limits, Review};
use akon::engine::{Game, Position, Record, Seat};
use serde_json::Value;

/// A whole game, `easy` (A) against `medium` (B), that ends on the board.
const GAME: &str = "A: 7 2 2 1 7 3 1 6 1 2 3 4 5 6 4 2 1 3 2 6 4 7 1 4 5 6 6 1 1 3 7 5 1 6 3 7 2 4 5 3 6 7 2 4 7 6 3 7 1 5 2 1 4 4 3 7 6 2 4 7 5 6 7 2 6 1 7 4";

/// Small enough for a debug build; the bot uses `REVIEW_NODES`.
const NODES: u64 = 5_000;

fn known_review() -> (Game, Review) {
    let record: Record = GAME.parse().unwrap();
    let game = Game::from_record(&record).unwrap();
    assert!(game.is_over());
    let review = review(Position::opening(Seat::A), &record.moves, NODES).unwrap();
    (game, review)
}

/// One letter a move: f forced, . good, i inaccuracy, m mistake, b blunder.
fn letters(review: &Review) -> String {
    review
        .moves
        .iter()
        .map(|m| match m.classification {
            Classification::Forced => 'f',
            Classification::Good => '.',
            Classification::Inaccuracy => 'i',
            Classification::Mistake => 'm',
            Classification::Blunder => 'b',
        })
        .collect()
}

#[test]
fn a_known_game_gives_pinned_classifications_and_accuracies() {
    let (game, review) = known_review();
    assert_eq!(
        letters(&review),
        "i.......m.i.mim.i....mi.i.m.m...mi......i..........i........i.i.f.f.",
        "{}",
        serde_json::to_string(&review).unwrap()
    );
    let (a, b) = (review.seat(Seat::A), review.seat(Seat::B));
    assert_eq!(
        (a.moves, a.accurate, a.accuracy, a.total_loss),
        (32, 18, 56, 57),
        "{a:?}"
    );
    assert_eq!((a.inaccuracies, a.mistakes, a.blunders), (8, 6, 0));
    assert_eq!(
        (b.moves, b.accurate, b.accuracy, b.total_loss),
        (34, 30, 88, 16),
        "{b:?}"
    );
    assert_eq!((b.inaccuracies, b.mistakes, b.blunders), (3, 1, 0));
    assert_eq!(review.turning_point, Some(9));
    // The last point of the graph is the game's real result.
    let p = game.position();
    assert!(review.ended_on_board);
    assert_eq!(
        *review.evaluation.last().unwrap(),
        p.captured(Seat::A) as i32 - p.captured(Seat::B) as i32
    );
    assert_eq!(review.evaluation.len(), review.moves.len() + 1);
    // The same review on a second run: it depends on the game alone.
    assert_eq!(known_review().1, review);
}

#[test]
fn every_figure_follows_from_the_stated_definitions() {
    let (_, review) = known_review();
    for seat in Seat::BOTH {
        let mine: Vec<_> = review
            .moves
            .iter()
            .filter(|m| m.seat == seat && m.classification != Classification::Forced)
            .collect();
        let summary = review.seat(seat);
        assert_eq!(summary.moves as usize, mine.len());
        assert_eq!(summary.accurate as usize, mine.iter().filter(|m| m.loss <= 1).count());
        assert_eq!(
            summary.accuracy,
            ((summary.accurate as f64 * 100.0 / summary.moves as f64).round()) as u32
        );
        assert_eq!(summary.total_loss as i32, mine.iter().map(|m| m.loss).sum::<i32>());
        assert_eq!(summary.blunders as usize, mine.iter().filter(|m| m.loss >= 8).count());
        assert_eq!(
            summary.mistakes as usize,
            mine.iter().filter(|m| (4..8).contains(&m.loss)).count()
        );
        assert_eq!(
            summary.inaccuracies as usize,
            mine.iter().filter(|m| (2..4).contains(&m.loss)).count()
        );
    }
    for m in &review.moves {
        assert_eq!(m.loss, m.best_score - m.played_score);
        assert!(m.loss >= 0);
        assert_eq!(m.loss == 0, m.best == m.played, "move {}", m.number);
    }
    // The turning point threw away its mover's expected result; no later
    // move did.
    let turning = review.turning_move().expect("this game has one");
    assert!(turning.played_score.signum() < turning.best_score.signum());
    assert!(review.moves[turning.number..]
        .iter()
        .all(|m| m.played_score.signum() >= m.best_score.signum()));
}

#[test]
fn the_costliest_mistake_is_confirmed_by_a_deeper_independent_search() {
    let (_, review) = known_review();
    let worst = review.costliest()[0];
    let record: Record = GAME.parse().unwrap();
    let before = Game::replay(Position::opening(Seat::A), &record.moves[..worst.number - 1]).unwrap();
    // Twenty times the review's budget, and a fixed depth besides.
    for limits in [Limits::nodes(NODES * 20), Limits::depth(10)] {
        let deeper = analyze(&before, &limits).unwrap();
        let played = deeper.moves.iter().find(|(h, _)| *h == worst.played).unwrap().1;
        assert!(
            deeper.score - played >= 2,
            "move {} ({} played {}) loses at least an inaccuracy's worth at {limits:?}: {deeper:?}",
            worst.number,
            worst.seat,
            worst.played
        );
    }
}

fn akon(args: &[&str]) -> (i32, String, String) {
    akon_in(args, "C.UTF-8")
}

/// `akon` with `LANG` set to `lang` (and nothing set before it).
fn akon_in(args: &[&str], lang: &str) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_akon"))
        .args(args)
        // The node counts and scores below are the search's without tables.
        .env("AKON_TABLES", "off")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", lang)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn akon_review_prints_the_review_as_text_or_one_line_of_json() {
    let nodes = NODES.to_string();
    let (code, out, err) = akon(&["review", "--record", GAME, "--nodes", &nodes, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    let json: Value = serde_json::from_str(&out).unwrap();
    let (_, review) = known_review();
    assert_eq!(json, serde_json::to_value(&review).unwrap());
    assert_eq!(json["moves"][0]["classification"], "inaccuracy");
    assert!(json["seats"]["A"]["accuracy"].is_u64());
    assert_eq!(json["turning_point"], review.turning_point.unwrap());

    let (code, text, err) = akon(&["review", "--record", GAME, "--nodes", &nodes]);
    assert_eq!(code, 0, "{err}");
    let title = format!("Review of {}", GAME.parse::<Record>().unwrap());
    assert_eq!(
        text.trim_end(),
        akon::review_text::review_text(akon::i18n::Language::English, &title, &review, &|seat| seat.to_string())
    );
    assert!(
        text.contains(&format!("A: accuracy {}%", review.seat(Seat::A).accuracy)),
        "{text}"
    );
    assert!(!text.contains("```"), "plain text, no code fences: {text}");
    let graph: Vec<&str> = text
        .lines()
        .skip_while(|line| !line.starts_with("Evaluation ("))
        .skip(1)
        .collect();
    assert!(!graph.is_empty(), "{text}");
    assert!(graph.iter().all(|l| l.chars().count() <= 40), "{graph:#?}");

    let (code, _, err) = akon(&["review", "--record", "A: 1 1 1"]);
    assert_eq!(code, 2);
    assert!(err.contains("move 3"), "{err}");
    let (code, _, err) = akon(&["review", "--first", "A"]);
    assert_eq!(code, 2);
    assert!(err.contains("no moves"), "{err}");
}

/// `akon review` speaks the language asked for with `--lang`, or else the
/// terminal's (`LANG`), as `akon play` does.
#[test]
fn akon_review_speaks_the_language_asked_for_or_the_terminals() {
    let nodes = "2000";
    let (code, french, err) = akon(&["review", "--record", GAME, "--nodes", nodes, "--lang", "fr"]);
    assert_eq!(code, 0, "{err}");
    assert!(french.starts_with("Analyse de A: "), "{french}");
    assert!(french.contains("A\u{A0}: précision "), "{french}");
    assert!(french.contains("sur 2000 positions"), "{french}");
    let (code, spanish, err) = akon_in(&["review", "--record", GAME, "--nodes", nodes], "es_MX.UTF-8");
    assert_eq!(code, 0, "{err}");
    assert!(spanish.starts_with("Análisis de A: "), "{spanish}");
    assert!(spanish.contains("A: precisión "), "{spanish}");
    let mean = spanish.split("), pérdida media ").nth(1).unwrap();
    assert_eq!(mean.chars().nth(1), Some(','), "a decimal comma: {mean}");
    let (code, english, _) = akon_in(
        &["review", "--record", GAME, "--nodes", nodes, "--lang", "en"],
        "fr_FR.UTF-8",
    );
    assert_eq!(code, 0);
    assert!(english.starts_with("Review of A: "), "{english}");
    let (code, _, err) = akon(&["review", "--record", GAME, "--lang", "de"]);
    assert_eq!(code, 2);
    assert!(err.contains("en, fr, es"), "{err}");
}
