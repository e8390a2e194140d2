//! The post-game review and hints as text, for Discord and for `akon
//! review` alike; every sentence comes from the Fluent resources
//! (`review-*`, `hint-*`).

use crate::ai::{
    evaluation_graph, Classification, Review, ReviewedMove, ACCURATE_WITHIN_SEEDS, BLUNDER_SEEDS, INACCURACY_SEEDS,
    MISTAKE_SEEDS,
};
use crate::ai::{Hint, HintReason};
use crate::engine::Seat;
use crate::i18n::{decimal, Language};
use crate::service::ReviewView;
use crate::tr;

/// Widest line of the evaluation graph: fits a phone.
pub const GRAPH_WIDTH: usize = 40;
/// Costly moves listed at most.
const COSTLIEST_SHOWN: usize = 5;
/// Characters of a game's record shown in a review's title.
const RECORD_SHOWN: usize = 120;

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

/// The `/akon rules` paragraph on reviews.
pub fn rules_review_paragraph(l: Language) -> String {
    tr!(l, "rules-review", definitions = review_definitions(l))
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

pub(super) fn seeds(l: Language, n: i32) -> String {
    tr!(l, "review-seeds", count = n)
}

/// The expected result for the mover of a score (their expected final
/// capture difference).
pub(super) fn expected(l: Language, score: i32) -> String {
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

/// The review as text: `title` first, `name` names each seat (a mention on
/// Discord, a letter in the terminal).
pub fn review_text(l: Language, title: &str, review: &Review, name: &dyn Fn(Seat) -> String) -> String {
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
    lines.push("```".into());
    lines.extend(evaluation_graph(&review.evaluation, GRAPH_WIDTH));
    lines.push("```".into());
    lines.join("\n")
}

/// The Review button of a finished game's board.
pub fn review_button(l: Language, game_id: i64) -> serenity::all::CreateButton {
    serenity::all::CreateButton::new(super::custom_id::ButtonId::Review { game: game_id }.to_string())
        .label(tr!(l, "button-review"))
        .style(serenity::all::ButtonStyle::Secondary)
}

/// A review on Discord: the game named in the title, players by mention.
pub fn review_message(l: Language, view: &ReviewView) -> String {
    let game = &view.game;
    // Discord allows 2000 characters a message: a long game's record is cut.
    let mut record = game.game.record().to_string();
    if record.chars().count() > RECORD_SHOWN {
        record = record.chars().take(RECORD_SHOWN - 1).collect::<String>() + "…";
    }
    let title = tr!(l, "review-title", game = game.id.to_string(), record = record);
    review_text(l, &title, &view.review, &|seat| {
        super::render::player_name(l, game, seat)
    })
}

/// The refusal of a review of a game still being played.
pub fn review_refused_in_progress(l: Language, game_id: i64) -> String {
    tr!(l, "review-refused-in-progress", game = game_id.to_string())
}

/// The Hint button of a board, in games against the computer only.
pub fn hint_button(l: Language, game_id: i64, ply: i64) -> serenity::all::CreateButton {
    serenity::all::CreateButton::new(super::custom_id::ButtonId::Hint { game: game_id, ply }.to_string())
        .label(tr!(l, "button-hint"))
        .style(serenity::all::ButtonStyle::Secondary)
}

/// A hint, privately: the move and one line of why.
pub fn hint_message(l: Language, hint: &Hint) -> String {
    let why = match hint.reason {
        HintReason::Captures { seeds: n } => tr!(l, "hint-captures", seeds = seeds(l, i32::from(n))),
        HintReason::Protects { holes, seeds: n } => {
            let names: Vec<String> = holes.iter().map(|h| h.to_string()).collect();
            tr!(
                l,
                "hint-protects",
                count = names.len(),
                holes = names.join(", "),
                seeds = seeds(l, i32::from(n))
            )
        }
        HintReason::BestLine { score } => tr!(l, "hint-best-line", expected = expected(l, score)),
    };
    tr!(l, "hint-message", hole = hint.hole.to_string(), why = why)
}

/// The final board's line when hints were used.
pub fn hints_used_line(l: Language, hints: i64) -> Option<String> {
    (hints > 0).then(|| tr!(l, "hints-used-line", count = hints))
}

/// The `/akon stats` line on hints.
pub fn hints_stats_line(l: Language, games: i64) -> Option<String> {
    (games > 0).then(|| tr!(l, "hints-stats-line", count = games))
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
        assert!(french.contains("\nL'ordinateur (moyen) (A) : précision"), "{french}");
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

    /// The rules' paragraph on reviews and puzzles: French and Spanish
    /// numbers there too.
    #[test]
    fn the_rules_paragraphs_write_numbers_the_languages_way() {
        for language in [Language::French, Language::Spanish] {
            let text = format!(
                "{}\n{}",
                rules_review_paragraph(language),
                super::super::render_puzzle::rules_puzzle_paragraph(language)
            );
            assert_numbers_are_localised(language, &text);
            assert!(text.contains("\u{202F}000"), "{text}");
        }
    }
}
