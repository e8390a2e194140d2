//! Counting move sequences: the engine's speed test and a check of move
//! generation against an independent implementation.

use super::position::Position;

/// The number of legal move sequences of length `depth` from `position`.
/// As in the shared perft table, the loop rule is ignored, and a position
/// whose player to move has no seeds ends a sequence early and counts
/// nothing.
///
/// ```
/// use akon_core::engine::{perft, Position, Seat};
/// assert_eq!(perft(&Position::opening(Seat::A), 3), 308);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    let moves = position.legal_moves();
    match depth {
        0 => 1,
        1 => moves.len() as u64,
        _ => moves
            .iter()
            .map(|hole| {
                let mut child = *position;
                child.play_unchecked(hole);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}
