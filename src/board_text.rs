//! The board as monospace text, shared by the terminal game and the Discord
//! board: drawn as in docs/RULES.md ("Sowing order"), every hole named (`A3`, `B5`)
//! so that the numbers match the hole buttons, each row labelled with its
//! player and their captures.

use crate::engine::{Position, Seat, HOLES_PER_ROW};

/// Draws `position` as seen by `bottom`: the top row reads hole 1 to 7 from
/// left to right, the bottom row hole 7 to 1, so each player's hole 1 is on
/// their own right. `label` names each row's player. At most 40 characters
/// wide when the labels are.
///
/// ```
/// use akon::board_text::draw;
/// use akon::engine::{Position, Seat};
/// let text = draw(&Position::opening(Seat::A), Seat::B, |seat| format!("player {seat}"));
/// assert_eq!(
///     text,
///     "player A · captured 0\n A1 A2 A3 A4 A5 A6 A7\n  5  5  5  5  5  5  5\n  5  5  5  5  5  5  5\n B7 B6 B5 B4 B3 B2 B1\nplayer B · captured 0"
/// );
/// ```
pub fn draw(position: &Position, bottom: Seat, label: impl Fn(Seat) -> String) -> String {
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
    [
        format!("{} · captured {}", label(top), position.captured(top)),
        names(top),
        seeds(top),
        seeds(bottom),
        names(bottom),
        format!("{} · captured {}", label(bottom), position.captured(bottom)),
    ]
    .join("\n")
}

/// One line saying what a move did, for the players: the hole, the seeds
/// sown, where the last one landed, what was captured.
///
/// ```
/// use akon::board_text::describe_move;
/// use akon::engine::{Hole, Position, Seat};
/// let mut position = Position::opening(Seat::A);
/// let outcome = position.play(Hole::new(3).unwrap()).unwrap();
/// assert_eq!(describe_move(&outcome), "A sowed 5 seeds from A3, the last into B1: kept that seed (a hole 1 is never captured).");
/// ```
pub fn describe_move(outcome: &crate::engine::MoveOutcome) -> String {
    let seat = outcome.seat;
    let (last_seat, last_hole) = outcome.last;
    let seeds = if outcome.sown == 1 {
        "1 seed".to_string()
    } else {
        format!("{} seeds", outcome.sown)
    };
    let mut text = format!(
        "{seat} sowed {seeds} from {seat}{}, the last into {last_seat}{last_hole}",
        outcome.hole
    );
    if outcome.kept_from_hole_one {
        text.push_str(": kept that seed (a hole 1 is never captured).");
    } else if outcome.captured > 0 {
        let holes: Vec<String> = outcome
            .captured_holes
            .iter()
            .rev()
            .map(|h| format!("{last_seat}{h}"))
            .collect();
        text.push_str(&format!(": captured {} from {}.", outcome.captured, holes.join(" ")));
    } else {
        text.push_str(": no capture.");
    }
    text
}
