//! The post-game review and hints on Discord: the plain review text of
//! `crate::review_text` with its graph in a code block, the Review and Hint
//! buttons, and the hints; every sentence comes from the Fluent resources
//! (`review-*`, `hint-*`).

use crate::ai::{evaluation_graph, Hint, HintReason};
use crate::engine::Seat;
use crate::i18n::Language;
use crate::review_text::{expected, graph_summary, review_definitions, review_lines, seeds, GRAPH_WIDTH};
use crate::service::ReviewView;
use crate::tr;

/// Characters of a game's record shown in a review's title.
const RECORD_SHOWN: usize = 120;

/// The `/akon rules` paragraph on reviews.
pub fn rules_review_paragraph(l: Language) -> String {
    tr!(l, "rules-review", definitions = review_definitions(l))
}

/// The Review button of a finished game's board.
pub fn review_button(l: Language, game_id: i64) -> serenity::all::CreateButton {
    serenity::all::CreateButton::new(crate::discord::custom_id::ButtonId::Review { game: game_id }.to_string())
        .label(tr!(l, "button-review"))
        .style(serenity::all::ButtonStyle::Secondary)
}

/// The review's graph in words, as a picture of it is described (a
/// screen reader reads no box-drawing graph): players by their plain
/// names and seats, the game's result as its final board says it.
pub fn review_graph_description(l: Language, view: &ReviewView) -> String {
    let game = &view.game;
    let name = |seat: Seat| {
        let player = crate::game_text::player_name(l, game, seat, |player| super::parts::short_name(l, &player.name));
        format!("{player} ({seat})")
    };
    let result = super::parts::picture_result_line(l, game);
    graph_summary(l, &view.review, &name, result.as_deref())
}

/// A review on Discord: the game named in the title, players by mention,
/// and the text graph, or not when a picture shows the graph.
pub fn review_message(l: Language, view: &ReviewView, with_graph: bool) -> String {
    let game = &view.game;
    // Discord allows 2000 characters a message: a long game's record is cut.
    let mut record = game.game.record().to_string();
    if record.chars().count() > RECORD_SHOWN {
        record = record.chars().take(RECORD_SHOWN - 1).collect::<String>() + "…";
    }
    let title = tr!(l, "review-title", game = game.id.to_string(), record = record);
    let mut lines = review_lines(l, &title, &view.review, &|seat| {
        super::parts::player_name(l, game, seat)
    });
    if with_graph {
        // The graph is monospace: a code block on Discord.
        lines.push("```".into());
        lines.extend(evaluation_graph(&view.review.evaluation, GRAPH_WIDTH));
        lines.push("```".into());
    }
    lines.join("\n")
}

/// The refusal of a review of a game still being played.
pub fn review_refused_in_progress(l: Language, game_id: i64) -> String {
    tr!(l, "review-refused-in-progress", game = game_id.to_string())
}

/// The Hint button of a board, in games against the computer only.
pub fn hint_button(l: Language, game_id: i64, ply: i64) -> serenity::all::CreateButton {
    serenity::all::CreateButton::new(crate::discord::custom_id::ButtonId::Hint { game: game_id, ply }.to_string())
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
    use crate::i18n::tests::assert_numbers_are_localised;

    /// The rules' paragraph on reviews and puzzles: French and Spanish
    /// numbers there too.
    #[test]
    fn the_rules_paragraphs_write_numbers_the_languages_way() {
        for language in [Language::French, Language::Spanish] {
            let text = format!(
                "{}\n{}",
                rules_review_paragraph(language),
                super::super::puzzle::rules_puzzle_paragraph(language)
            );
            assert_numbers_are_localised(language, &text);
            assert!(text.contains("\u{202F}000"), "{text}");
        }
    }
}
