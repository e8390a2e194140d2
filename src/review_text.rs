//! The post-game review as plain text, for the terminal (`akon review`)
//! and under Discord's message alike; every sentence comes from the Fluent
//! resources (`review-*`). Beside `board_text`, below both front ends.

use crate::ai::{
    evaluation_graph, Classification, Review, ReviewedMove, ACCURATE_WITHIN_SEEDS, BLUNDER_SEEDS, INACCURACY_SEEDS,
    MISTAKE_SEEDS,
};
use crate::engine::Seat;
use crate::i18n::{decimal, Language};
use crate::tr;

/// Widest line of the evaluation graph: fits a phone.
pub const GRAPH_WIDTH: usize = 40;
/// Costly moves listed at most.
const COSTLIEST_SHOWN: usize = 5;

/// How accuracy and the classes are defined: said in the review and in
/// `/akon rules`.
pub fn review_definitions(l: Language) -> String {
    tr!(
        l,
        "review-definitions",
        accurate = ACCURATE_WITHIN_SEEDS,
        inaccuracy = INACCURACY_SEEDS,
        inaccuracy_max = MISTAKE_SEEDS - 1,
        mistake = MISTAKE_SEEDS,
        mistake_max = BLUNDER_SEEDS - 1,
        blunder = BLUNDER_SEEDS
    )
}

fn class_name(l: Language, class: Classification) -> String {
    match class {
        Classification::Forced => tr!(l, "review-class-forced"),
        Classification::Good => tr!(l, "review-class-good"),
        Classification::Inaccuracy => tr!(l, "review-class-inaccuracy"),
        Classification::Mistake => tr!(l, "review-class-mistake"),
        Classification::Blunder => tr!(l, "review-class-blunder"),
    }
}

pub fn seeds(l: Language, n: i32) -> String {
    tr!(l, "review-seeds", count = n)
}

/// The expected result for the mover of a score (their expected final
/// capture difference).
pub fn expected(l: Language, score: i32) -> String {
    match score {
        0 => tr!(l, "review-expected-draw"),
        s if s > 0 => tr!(l, "review-expected-win", seeds = seeds(l, s)),
        s => tr!(l, "review-expected-loss", seeds = seeds(l, -s)),
    }
}

fn costly_line(l: Language, m: &ReviewedMove, name: &dyn Fn(Seat) -> String) -> String {
    tr!(
        l,
        "review-costly-line",
        number = format!("{:>3}", m.number),
        player = name(m.seat),
        played = m.played.to_string(),
        best = m.best.to_string(),
        loss = seeds(l, m.loss),
        class = class_name(l, m.classification)
    )
}

/// The review as plain text: `title` first, `name` names each seat (a
/// letter in the terminal), the evaluation graph last.
pub fn review_text(l: Language, title: &str, review: &Review, name: &dyn Fn(Seat) -> String) -> String {
    let mut lines = review_lines(l, title, review, name);
    lines.extend(evaluation_graph(&review.evaluation, GRAPH_WIDTH));
    lines.join("\n")
}

/// The review's lines up to the evaluation graph's heading, for a
/// renderer to add the graph as its medium shows it.
pub fn review_lines(l: Language, title: &str, review: &Review, name: &dyn Fn(Seat) -> String) -> Vec<String> {
    let mut lines = vec![
        tr!(l, "review-header", title = title, nodes = review.nodes_per_move),
        review_definitions(l),
    ];
    for seat in Seat::BOTH {
        let s = review.seat(seat);
        // In the terminal the name is the seat itself.
        let who = match name(seat) {
            same if same == seat.to_string() => same,
            other => format!("{other} ({seat})"),
        };
        lines.push(tr!(
            l,
            "review-seat-line",
            who = who,
            accuracy = s.accuracy,
            accurate = s.accurate,
            moves = s.moves,
            mean = decimal(s.mean_loss(), 1),
            inaccuracies = tr!(l, "review-inaccuracies", count = s.inaccuracies),
            mistakes = tr!(l, "review-mistakes", count = s.mistakes),
            blunders = tr!(l, "review-blunders", count = s.blunders)
        ));
    }
    let costliest = review.costliest();
    if costliest.is_empty() {
        lines.push(tr!(l, "review-no-costly", seeds = INACCURACY_SEEDS));
    } else {
        lines.push(tr!(l, "review-costliest-heading"));
        lines.extend(costliest.iter().take(COSTLIEST_SHOWN).map(|m| costly_line(l, m, name)));
    }
    lines.push(match review.turning_move() {
        Some(m) => tr!(
            l,
            "review-turning-point",
            number = m.number,
            player = name(m.seat),
            played = m.played.to_string(),
            best = m.best.to_string(),
            kept = expected(l, m.best_score),
            after = expected(l, m.played_score)
        ),
        None => tr!(l, "review-no-turning-point"),
    });
    let end = if review.ended_on_board {
        tr!(l, "review-end-final")
    } else {
        tr!(l, "review-end-engine")
    };
    lines.push(tr!(l, "review-graph-heading", end = end));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Hole, Position};
    use crate::i18n::tests::assert_numbers_are_localised;

    /// A real review in French and Spanish: the search budget grouped, the
    /// mean loss with a decimal comma, the computer's name capitalised
    /// where it opens a line.
    #[test]
    fn a_review_writes_its_numbers_the_languages_way() {
        let moves: Vec<Hole> = [3, 5, 1, 7, 2, 4, 6].iter().map(|&h| Hole::new(h).unwrap()).collect();
        let review = crate::ai::review(Position::opening(Seat::A), &moves, 20_000).unwrap();
        let fallbacks = crate::i18n::fallbacks();
        let name = |seat: Seat| match seat {
            Seat::A => "l'ordinateur (moyen)".to_string(),
            Seat::B => "<@42>".to_string(),
        };
        let french = review_text(Language::French, "Analyse", &review, &name);
        assert_numbers_are_localised(Language::French, &french);
        assert!(french.contains("sur 20\u{202F}000 positions"), "{french}");
        assert!(
            french.contains("\nL'ordinateur (moyen) (A)\u{A0}: précision"),
            "{french}"
        );
        let mean = french.split("), perte moyenne ").nth(1).unwrap();
        assert_eq!(mean.chars().nth(1), Some(','), "{mean}");
        let spanish = review_text(Language::Spanish, "Análisis", &review, &name);
        assert_numbers_are_localised(Language::Spanish, &spanish);
        assert!(spanish.contains("hasta 20\u{202F}000 posiciones"), "{spanish}");
        let english = review_text(Language::English, "Review", &review, &name);
        assert!(english.contains("to 20,000 positions"), "{english}");
        let mean = english.split("), mean loss ").nth(1).unwrap();
        assert_eq!(mean.chars().nth(1), Some('.'), "{mean}");
        // Every count had its plural forms, every message its language.
        assert_eq!(crate::i18n::fallbacks(), fallbacks);
    }
}
