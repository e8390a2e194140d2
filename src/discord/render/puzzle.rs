//! Puzzles as messages: the position with the seven hole buttons, the
//! judged answer with the engine's line, the `/akon stats` line and the
//! `/akon rules` paragraph. Every sentence comes from the Fluent resources
//! (`puzzle-*`).

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use super::parts::{hole_button, rating_text};
use crate::ai::{Solution, PUZZLE_MARGIN_SEEDS, PUZZLE_NODES};
use crate::board_text::draw;
use crate::discord::custom_id::ButtonId;
use crate::engine::{Hole, Position, Seat};
use crate::i18n::Language;
use crate::review_text::{expected, seeds};
use crate::service::{PuzzleAnswered, PuzzleStanding, PuzzleView};
use crate::tr;

/// A puzzle's text and buttons.
pub struct PuzzleMessage {
    pub content: String,
    pub components: Vec<CreateActionRow>,
}

/// A row's label on a puzzle's board: the solver's or their opponent's.
pub fn puzzle_row_label(l: Language, position: &Position, seat: Seat) -> String {
    if seat == position.to_move() {
        tr!(l, "puzzle-row-you", seat = seat.to_string())
    } else {
        tr!(l, "puzzle-row-opponent", seat = seat.to_string())
    }
}

/// The board drawn from the solver's side, their row at the bottom: the
/// text board, and the description of the board's picture.
pub fn puzzle_board_text(l: Language, position: &Position) -> String {
    draw(l, position, position.to_move(), |seat| {
        puzzle_row_label(l, position, seat)
    })
}

/// The text board as a message shows it, in a code block.
pub fn board(l: Language, position: &Position) -> String {
    format!("```\n{}\n```", puzzle_board_text(l, position))
}

fn header(l: Language, puzzle: &PuzzleView) -> String {
    tr!(
        l,
        "puzzle-header",
        puzzle = puzzle.puzzle_id.to_string(),
        rating = (puzzle.rating.round() as i64).to_string()
    )
}

/// A puzzle to solve: the task, the board (unless `with_text_board` is
/// false: a picture shows it), a button per hole (the illegal ones
/// disabled).
pub fn puzzle_message(l: Language, puzzle: &PuzzleView, with_text_board: bool) -> PuzzleMessage {
    let attempt = puzzle.attempt_id;
    position_message(l, header(l, puzzle), &puzzle.position, with_text_board, |hole| {
        ButtonId::Puzzle { attempt, hole }
    })
}

/// A position to solve under `header`, each hole's button named by
/// `button_of`.
pub fn position_message(
    l: Language,
    header: String,
    position: &Position,
    with_text_board: bool,
    button_of: impl Fn(Hole) -> ButtonId,
) -> PuzzleMessage {
    let mut content = format!("{header}\n{}", puzzle_task(l, position));
    if with_text_board {
        content.push('\n');
        content.push_str(&board(l, position));
    }
    let legal = position.legal_moves();
    let button = |hole: Hole| hole_button(button_of(hole), hole, legal.contains(hole));
    let first = Hole::ALL[..5].iter().map(|&h| button(h)).collect();
    let second = Hole::ALL[5..].iter().map(|&h| button(h)).collect();
    PuzzleMessage {
        content,
        components: vec![CreateActionRow::Buttons(first), CreateActionRow::Buttons(second)],
    }
}

/// What the solver is asked.
pub fn puzzle_task(l: Language, position: &Position) -> String {
    tr!(
        l,
        "puzzle-task",
        seat = position.to_move().to_string(),
        margin = seeds(l, PUZZLE_MARGIN_SEEDS)
    )
}

/// Right or wrong, and by how much; then the engine's line.
pub fn verdict(l: Language, position: &Position, solution: &Solution, (played, solved): (Hole, bool)) -> String {
    let verdict = if solved {
        tr!(
            l,
            "puzzle-right",
            hole = played.to_string(),
            margin = seeds(l, solution.margin())
        )
    } else {
        let played_score = solution.score_of(played).unwrap_or(solution.second_score);
        tr!(
            l,
            "puzzle-wrong",
            played = played.to_string(),
            played_expected = expected(l, played_score),
            best = solution.best.to_string(),
            best_expected = expected(l, solution.best_score)
        )
    };
    format!(
        "{verdict}\n{}",
        tr!(l, "puzzle-line", line = line(position, &solution.pv))
    )
}

/// The engine's line, each move named by its hole (`A3 B5 A1`).
fn line(position: &Position, pv: &[Hole]) -> String {
    let mut seat = position.to_move();
    pv.iter()
        .map(|hole| {
            let named = format!("{seat}{hole}");
            seat = seat.opponent();
            named
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A judged answer: right or wrong and by how much, the engine's line, the
/// rating change and streak; a button for the next puzzle. The board as
/// text unless `with_text_board` is false (the puzzle's picture stays).
pub fn answer_message(l: Language, answer: &PuzzleAnswered, with_text_board: bool) -> PuzzleMessage {
    let position = &answer.puzzle.position;
    let standing = &answer.standing;
    let board = with_text_board.then(|| board(l, position));
    let content = [
        Some(header(l, &answer.puzzle)),
        board,
        Some(verdict(l, position, &answer.solution, (answer.played, answer.solved))),
        Some(tr!(
            l,
            "puzzle-rating-change",
            before = rating_text(&answer.rating_before),
            after = rating_text(&standing.rating),
            streak = standing.streak,
            best = standing.best_streak
        )),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join("\n");
    let next = CreateButton::new(ButtonId::NextPuzzle.to_string())
        .label(tr!(l, "button-puzzle-next"))
        .style(ButtonStyle::Success);
    PuzzleMessage {
        content,
        components: vec![CreateActionRow::Buttons(vec![next])],
    }
}

/// The `/akon stats` line on puzzles.
pub fn puzzle_stats_line(l: Language, standing: &PuzzleStanding) -> String {
    tr!(
        l,
        "puzzle-stats-line",
        rating = rating_text(&standing.rating),
        solved = standing.solved,
        attempts = standing.attempts,
        streak = standing.streak,
        best = standing.best_streak
    )
}

/// The `/akon rules` paragraph on puzzles: the margin, the budget, the
/// ratings.
pub fn rules_puzzle_paragraph(l: Language) -> String {
    tr!(
        l,
        "rules-puzzles",
        margin = seeds(l, PUZZLE_MARGIN_SEEDS),
        nodes = PUZZLE_NODES
    )
}
