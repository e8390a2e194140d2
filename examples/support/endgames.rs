//! Random endgames for the examples that measure the endgame tables.

use akon::engine::{Position, Seat};
use akon::random::SplitMix64;

/// A fresh game's position with `seeds` seeds spread at random over the
/// board and either player to move, the other seeds captured by A; `None`
/// when the player to move has no seeds (the game would be over).
pub fn random_position(rng: &mut SplitMix64, seeds: u32) -> Option<Position> {
    let mut board = [0i64; 14];
    for _ in 0..seeds {
        board[rng.below(14)] += 1;
    }
    let to_move = if rng.coin() { Seat::A } else { Seat::B };
    let mine = &board[to_move.index() * 7..to_move.index() * 7 + 7];
    if mine.iter().all(|&s| s == 0) {
        return None;
    }
    let on_board: i64 = board.iter().sum();
    Some(Position::new(&board[..7], &board[7..], [70 - on_board, 0], to_move).unwrap())
}
