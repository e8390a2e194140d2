//! The words of the post-game review: every user-facing string of the
//! review, for Discord and for `akon review` alike, kept in this one file so
//! that it moves to Fluent in one piece.

use crate::ai::{
    evaluation_graph, Classification, Review, ReviewedMove, ACCURATE_WITHIN_SEEDS, BLUNDER_SEEDS, INACCURACY_SEEDS,
    MISTAKE_SEEDS,
};
use crate::ai::{Hint, HintReason};
use crate::engine::Seat;
use crate::service::ReviewView;

/// Widest line of the evaluation graph: fits a phone.
pub const GRAPH_WIDTH: usize = 40;
/// Costly moves listed at most.
const COSTLIEST_SHOWN: usize = 5;
/// Characters of a game's record shown in a review's title.
const RECORD_SHOWN: usize = 120;

/// How accuracy and the classes are defined: said in the review and in
/// `/akon rules`.
pub fn review_definitions() -> String {
    format!(
        "Accuracy: the share of a player's moves (those with a choice) that lost at most {ACCURATE_WITHIN_SEEDS} seed \
         against the engine's best move; mean loss: seeds lost per such move. Seeds lost against the best move: \
         inaccuracy {INACCURACY_SEEDS}–{}, mistake {MISTAKE_SEEDS}–{}, blunder {BLUNDER_SEEDS} or more.",
        MISTAKE_SEEDS - 1,
        BLUNDER_SEEDS - 1
    )
}

/// The `/akon rules` paragraph on reviews.
pub fn rules_review_paragraph() -> String {
    format!(
        "• Review: a finished game's Review button (or `/akon review game:<id>`) has the engine judge every move. {}",
        review_definitions()
    )
}

fn class_name(class: Classification) -> &'static str {
    match class {
        Classification::Forced => "forced",
        Classification::Good => "good",
        Classification::Inaccuracy => "inaccuracy",
        Classification::Mistake => "mistake",
        Classification::Blunder => "blunder",
    }
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn seeds(n: i32) -> String {
    if n.abs() == 1 {
        format!("{n} seed")
    } else {
        format!("{n} seeds")
    }
}

/// The expected result for the mover of a score (their expected final
/// capture difference).
fn expected(score: i32) -> String {
    match score {
        0 => "a draw".to_string(),
        s if s > 0 => format!("a win by {}", seeds(s)),
        s => format!("a loss by {}", seeds(-s)),
    }
}

fn costly_line(m: &ReviewedMove, name: &dyn Fn(Seat) -> String) -> String {
    format!(
        "{:>3}. {} played {}, best {}: −{} ({})",
        m.number,
        name(m.seat),
        m.played,
        m.best,
        seeds(m.loss),
        class_name(m.classification)
    )
}

/// The review as text: `title` first, `name` names each seat (a mention on
/// Discord, a letter in the terminal).
pub fn review_text(title: &str, review: &Review, name: &dyn Fn(Seat) -> String) -> String {
    let mut lines = vec![
        format!(
            "{title}: each position searched to {} positions.",
            review.nodes_per_move
        ),
        review_definitions(),
    ];
    for seat in Seat::BOTH {
        let s = review.seat(seat);
        // In the terminal the name is the seat itself.
        let who = match name(seat) {
            same if same == seat.to_string() => same,
            other => format!("{other} ({seat})"),
        };
        lines.push(format!(
            "{who}: accuracy {}% ({} of {}), mean loss {:.1} seeds; {}, {}, {}.",
            s.accuracy,
            s.accurate,
            s.moves,
            s.mean_loss(),
            plural(s.inaccuracies, "inaccuracy", "inaccuracies"),
            plural(s.mistakes, "mistake", "mistakes"),
            plural(s.blunders, "blunder", "blunders"),
        ));
    }
    let costliest = review.costliest();
    if costliest.is_empty() {
        lines.push(format!(
            "No move lost {INACCURACY_SEEDS} seeds or more against the engine's best."
        ));
    } else {
        lines.push("Costliest moves (move number, what was played, the engine's best, seeds lost):".into());
        lines.extend(costliest.iter().take(COSTLIEST_SHOWN).map(|m| costly_line(m, name)));
    }
    lines.push(match review.turning_move() {
        Some(m) => format!(
            "Turning point: move {}, {} played {} where {} kept {}; after it, {}.",
            m.number,
            name(m.seat),
            m.played,
            m.best,
            expected(m.best_score),
            expected(m.played_score)
        ),
        None => "Turning point: none; no move gave away its player's expected result.".into(),
    });
    let end = if review.ended_on_board {
        "the final result"
    } else {
        "the engine's view at the end"
    };
    lines.push(format!(
        "Evaluation (A's expected lead in seeds before each move, then {end}; A above the line, B below):"
    ));
    lines.push("```".into());
    lines.extend(evaluation_graph(&review.evaluation, GRAPH_WIDTH));
    lines.push("```".into());
    lines.join("\n")
}

/// The Review button of a finished game's board.
pub fn review_button(game_id: i64) -> serenity::all::CreateButton {
    serenity::all::CreateButton::new(super::custom_id::ButtonId::Review { game: game_id }.to_string())
        .label("Review")
        .style(serenity::all::ButtonStyle::Secondary)
}

/// A review on Discord: the game named in the title, players by mention.
pub fn review_message(view: &ReviewView) -> String {
    let game = &view.game;
    // Discord allows 2000 characters a message: a long game's record is cut.
    let mut record = game.game.record().to_string();
    if record.chars().count() > RECORD_SHOWN {
        record = record.chars().take(RECORD_SHOWN - 1).collect::<String>() + "…";
    }
    let title = format!("Review of game #{} ({record})", game.id);
    review_text(&title, &view.review, &|seat| super::render::player_name(game, seat))
}

/// The refusal of a review of a game still being played.
pub fn review_refused_in_progress(game_id: i64) -> String {
    format!("Game #{game_id} is still being played: reviews are for finished games only (fair play).")
}

/// The Hint button of a board, in games against the computer only.
pub fn hint_button(game_id: i64, ply: i64) -> serenity::all::CreateButton {
    serenity::all::CreateButton::new(super::custom_id::ButtonId::Hint { game: game_id, ply }.to_string())
        .label("Hint")
        .style(serenity::all::ButtonStyle::Secondary)
}

/// A hint, privately: the move and one line of why.
pub fn hint_message(hint: &Hint) -> String {
    let why = match hint.reason {
        HintReason::Captures { seeds: n } => format!("captures {}", seeds(i32::from(n))),
        HintReason::Protects { holes, seeds: n } => {
            let holes: Vec<String> = holes.iter().map(|h| h.to_string()).collect();
            let which = if holes.len() == 1 { "hole" } else { "holes" };
            format!(
                "keeps your {which} {} from a capture ({} saved)",
                holes.join(", "),
                seeds(i32::from(n))
            )
        }
        HintReason::BestLine { score } => format!("the engine's best line; it expects {}", expected(score)),
    };
    format!(
        "💡 Hint: sow hole {}: {why}. (Hints are recorded: the final board and /akon stats say hints were used.)",
        hint.hole
    )
}

/// The final board's line when hints were used.
pub fn hints_used_line(hints: i64) -> Option<String> {
    match hints {
        0 => None,
        1 => Some("💡 1 hint was used in this game.".into()),
        n => Some(format!("💡 {n} hints were used in this game.")),
    }
}

/// The `/akon stats` line on hints.
pub fn hints_stats_line(games: i64) -> Option<String> {
    match games {
        0 => None,
        1 => Some("Hints used in 1 game against the computer.".into()),
        n => Some(format!("Hints used in {n} games against the computer.")),
    }
}
