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

/// The review's turning point in a sentence, or that it had none.
fn turning_point_line(l: Language, review: &Review, name: &dyn Fn(Seat) -> String) -> String {
    match review.turning_move() {
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
    }
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
    lines.push(turning_point_line(l, review, name));
    let end = if review.ended_on_board {
        tr!(l, "review-end-final")
    } else {
        tr!(l, "review-end-engine")
    };
    lines.push(tr!(l, "review-graph-heading", end = end));
    lines
}

/// One side's lead over the game: before how many moves it was ahead,
/// and its largest lead with the move before which it had it.
struct Lead {
    moves_ahead: usize,
    most: i32,
    move_number: usize,
}

/// `seat`'s lead over the positions before each move of `evaluation` (A's
/// expected lead before each move, then at the end).
fn lead_of(evaluation: &[i32], seat: Seat) -> Lead {
    let before_moves = &evaluation[..evaluation.len().saturating_sub(1)];
    let ahead = |e: i32| if seat == Seat::A { e } else { -e };
    let mut lead = Lead {
        moves_ahead: 0,
        most: 0,
        move_number: 0,
    };
    for (index, &e) in before_moves.iter().enumerate() {
        if ahead(e) > 0 {
            lead.moves_ahead += 1;
        }
        if ahead(e) > lead.most {
            lead.most = ahead(e);
            lead.move_number = index + 1;
        }
    }
    lead
}

/// The evaluation graph in words, for whoever cannot see it (the
/// picture's description): who led, before how many moves and by how
/// much at most, the turning point, and the result. `name` names each
/// seat; `result` is the game's result line if known, otherwise the graph's
/// last point says how it ended.
pub fn graph_summary(l: Language, review: &Review, name: &dyn Fn(Seat) -> String, result: Option<&str>) -> String {
    let moves = review.moves.len();
    let leads = Seat::BOTH.map(|seat| lead_of(&review.evaluation, seat));
    // The side ahead more often first; A first when even.
    let mut order = Seat::BOTH;
    if leads[1].moves_ahead > leads[0].moves_ahead {
        order.reverse();
    }
    let mut sentences = Vec::new();
    for seat in order {
        let lead = &leads[seat.index()];
        if lead.moves_ahead > 0 {
            sentences.push(tr!(
                l,
                "review-graph-summary-led",
                player = name(seat),
                ahead = lead.moves_ahead,
                moves = moves,
                most = seeds(l, lead.most),
                number = lead.move_number
            ));
        }
    }
    if sentences.is_empty() {
        sentences.push(tr!(l, "review-graph-summary-even"));
    }
    sentences.push(turning_point_line(l, review, name));
    sentences.push(match result {
        Some(result) => tr!(l, "review-graph-summary-result", result = result),
        None => {
            let end = if review.ended_on_board {
                tr!(l, "review-end-final")
            } else {
                tr!(l, "review-end-engine")
            };
            match review.evaluation.last().copied().unwrap_or(0) {
                0 => tr!(l, "review-graph-summary-end-draw", end = end, expected = expected(l, 0)),
                last => tr!(l, "review-graph-summary-end", end = end, expected = expected(l, last)),
            }
        }
    });
    sentences.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Hole, Position};
    use crate::i18n::tests::assert_numbers_are_localised;

    /// A review of six moves whose evaluation (A's lead before each move,
    /// then the final result) is `evaluation`, move 4 (B's) its turning
    /// point.
    fn review_of(evaluation: &[i32]) -> Review {
        let moves = (1..evaluation.len())
            .map(|number| {
                let seat = if number % 2 == 1 { Seat::A } else { Seat::B };
                let turning = number == 4;
                ReviewedMove {
                    number,
                    seat,
                    played: Hole::new(3).unwrap(),
                    best: Hole::new(if turning { 5 } else { 3 }).unwrap(),
                    best_score: if turning { 1 } else { 0 },
                    played_score: if turning { -2 } else { 0 },
                    loss: if turning { 3 } else { 0 },
                    classification: if turning {
                        Classification::Mistake
                    } else {
                        Classification::Good
                    },
                }
            })
            .collect();
        Review {
            first: Seat::A,
            moves,
            evaluation: evaluation.to_vec(),
            ended_on_board: true,
            seats: Default::default(),
            turning_point: Some(4),
            nodes_per_move: 1000,
        }
    }

    fn name(seat: Seat) -> String {
        match seat {
            Seat::A => "Alice (A)".to_string(),
            Seat::B => "李小龍 (B)".to_string(),
        }
    }

    /// The graph in words: the side ahead more often first, before how
    /// many moves and by how much at most, then the other side, the
    /// turning point and the result, in sentences a screen reader reads.
    #[test]
    fn the_graph_is_summed_up_in_words() {
        let review = review_of(&[0, 2, 5, 1, -1, -4, -6]);
        let summary = graph_summary(
            Language::English,
            &review,
            &name,
            Some("李小龍 wins, 38 to 32 — Alice resigned."),
        );
        assert_eq!(
            summary,
            "Alice (A) led for 3 moves out of 6, by up to 5 seeds (move 3). \
             李小龍 (B) led for 2 moves out of 6, by up to 4 seeds (move 6). \
             Turning point: move 4, 李小龍 (B) played 3 where hole 5 would have kept a win by 1 seed; after it, a loss by 2 seeds. \
             Result: 李小龍 wins, 38 to 32 — Alice resigned."
        );
        // Without the game's result, the graph's last point says it.
        let summary = graph_summary(Language::English, &review_of(&[0, 1, 1, 0, 0, 0, 0]), &name, None);
        assert!(
            summary.starts_with("Alice (A) led for 2 moves out of 6, by up to 1 seed (move 2). Turning point: move 4"),
            "{summary}"
        );
        assert!(summary.ends_with("The final result: a draw."), "{summary}");
        let even = graph_summary(Language::English, &review_of(&[0, 0, 0, 0, 0, 0, -3]), &name, None);
        assert!(even.starts_with("Neither player ever led"), "{even}");
        assert!(even.ends_with("The final result: a loss by 3 seeds for A."), "{even}");
    }

    /// A real game's review summed up in every language: the leader by
    /// name, the largest lead in seeds, the turning point's move, the
    /// result; words only, not one character of the text graph, and the
    /// language's own words throughout.
    #[test]
    fn a_real_reviews_graph_is_summed_up_in_every_language() {
        let mut game = crate::engine::Game::opening(Seat::A);
        while !game.is_over() {
            let position = *game.position();
            let hole = game
                .legal_moves()
                .iter()
                .min_by_key(|&hole| (position.seeds(position.to_move(), hole), hole.number()))
                .unwrap();
            game.play(hole).unwrap();
        }
        let review = crate::ai::review(*game.start(), game.moves(), 3_000).unwrap();
        let turning = review.turning_point.expect("the greedy game has a turning point");
        let a = lead_of(&review.evaluation, Seat::A);
        let b = lead_of(&review.evaluation, Seat::B);
        let (leader_seat, leader) = if b.moves_ahead > a.moves_ahead {
            (Seat::B, &b)
        } else {
            (Seat::A, &a)
        };
        assert!(leader.most > 0);
        let fallbacks = crate::i18n::fallbacks();
        let words = [
            (
                Language::English,
                ["led for", "seeds", "Turning point: move", "Result: "],
            ),
            (
                Language::French,
                [
                    "a mené pendant",
                    "graines d'avance",
                    "Tournant\u{A0}: coup",
                    "Résultat\u{A0}: ",
                ],
            ),
            (
                Language::Spanish,
                [
                    "fue por delante durante",
                    "semillas de ventaja",
                    "Momento decisivo: jugada",
                    "Resultado: ",
                ],
            ),
        ];
        for (language, words) in words {
            let summary = graph_summary(language, &review, &name, Some("R."));
            for word in words {
                assert!(summary.contains(word), "{language:?}: {word:?} not in {summary}");
            }
            assert!(summary.starts_with(&name(leader_seat)), "{summary}");
            assert!(summary.contains(&format!(" {} ", leader.most)), "{summary}");
            assert!(summary.contains(&format!(" {turning},")), "{summary}");
            assert!(summary.ends_with("R."), "{summary}");
            assert!(
                !summary
                    .chars()
                    .any(|c| ('\u{2500}'..='\u{259F}').contains(&c) || c == '\n'),
                "{summary}"
            );
            assert_numbers_are_localised(language, &summary);
        }
        assert_eq!(crate::i18n::fallbacks(), fallbacks);
    }

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
