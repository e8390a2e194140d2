//! The board as monospace text, shared by the terminal game and the Discord
//! board: drawn as in docs/RULES.md ("Sowing order"), every hole named (`A3`, `B5`)
//! so that the numbers match the hole buttons, each row labelled with its
//! player and their captures.

use crate::ai::Level;
use crate::engine::{IllegalMove, Position, Seat, HOLES_PER_ROW};
use crate::i18n::Language;
use crate::tr;

/// Draws `position` as seen by `bottom`: the top row reads hole 1 to 7 from
/// left to right, the bottom row hole 7 to 1, so each player's hole 1 is on
/// their own right. `label` names each row's player. At most 40 characters
/// wide when the labels are at most 21 (hole names are the same in every
/// language, so that they match the buttons).
///
/// ```
/// use akon::board_text::draw;
/// use akon::engine::{Position, Seat};
/// use akon::i18n::Language;
/// let text = draw(Language::English, &Position::opening(Seat::A), Seat::B, |seat| format!("player {seat}"));
/// assert_eq!(
///     text,
///     "player A · captured 0\n A1 A2 A3 A4 A5 A6 A7\n  5  5  5  5  5  5  5\n  5  5  5  5  5  5  5\n B7 B6 B5 B4 B3 B2 B1\nplayer B · captured 0"
/// );
/// ```
pub fn draw(language: Language, position: &Position, bottom: Seat, label: impl Fn(Seat) -> String) -> String {
    let top = bottom.opponent();
    let left_to_right = |seat: Seat| -> Vec<usize> {
        if seat == top {
            (0..HOLES_PER_ROW).collect()
        } else {
            (0..HOLES_PER_ROW).rev().collect()
        }
    };
    let names = |seat: Seat| {
        left_to_right(seat)
            .iter()
            .map(|i| format!(" {seat}{}", i + 1))
            .collect::<String>()
    };
    let seeds = |seat: Seat| {
        let row = position.row(seat);
        left_to_right(seat)
            .iter()
            .map(|&i| format!("{:>3}", row[i]))
            .collect::<String>()
    };
    let row_label = |seat: Seat| {
        tr!(
            language,
            "board-row-label",
            label = label(seat),
            captured = position.captured(seat)
        )
    };
    [
        row_label(top),
        names(top),
        seeds(top),
        seeds(bottom),
        names(bottom),
        row_label(bottom),
    ]
    .join("\n")
}

/// One line saying what a move did, for the players: the hole, the seeds
/// sown, where the last one landed, what was captured.
///
/// ```
/// use akon::board_text::describe_move;
/// use akon::engine::{Hole, Position, Seat};
/// use akon::i18n::Language;
/// let mut position = Position::opening(Seat::A);
/// let outcome = position.play(Hole::new(3).unwrap()).unwrap();
/// assert_eq!(describe_move(Language::English, &outcome), "A sowed 5 seeds from A3, the last into B1: kept that seed (a hole 1 is never captured).");
/// ```
pub fn describe_move(language: Language, outcome: &crate::engine::MoveOutcome) -> String {
    let seat = outcome.seat;
    let (last_seat, last_hole) = outcome.last;
    let sown = tr!(
        language,
        "move-sown",
        seat = seat.to_string(),
        seeds = outcome.sown,
        hole = format!("{seat}{}", outcome.hole),
        last = format!("{last_seat}{last_hole}")
    );
    if outcome.kept_from_hole_one {
        tr!(language, "move-kept", sown = sown)
    } else if outcome.captured > 0 {
        let holes: Vec<String> = outcome
            .captured_holes
            .iter()
            .rev()
            .map(|h| format!("{last_seat}{h}"))
            .collect();
        tr!(
            language,
            "move-captured",
            sown = sown,
            seeds = outcome.captured,
            holes = holes.join(" ")
        )
    } else {
        tr!(language, "move-no-capture", sown = sown)
    }
}

/// Why a move is not allowed, as the end of a sentence.
pub fn illegal_move(language: Language, illegal: &IllegalMove) -> String {
    match illegal {
        IllegalMove::GameOver => tr!(language, "illegal-game-over"),
        IllegalMove::NotYourRow { seat, to_move } => tr!(
            language,
            "illegal-not-your-row",
            seat = seat.to_string(),
            to_move = to_move.to_string()
        ),
        IllegalMove::EmptyHole(hole) => tr!(language, "illegal-empty-hole", hole = hole.to_string()),
        IllegalMove::DoesNotFeed(hole) => tr!(language, "illegal-does-not-feed", hole = hole.to_string()),
    }
}

/// A computer level's name in `language`.
pub fn level_name(language: Language, level: Level) -> String {
    match level {
        Level::Easy => tr!(language, "level-easy"),
        Level::Medium => tr!(language, "level-medium"),
        Level::Hard => tr!(language, "level-hard"),
        Level::Master => tr!(language, "level-master"),
    }
}
