//! Zobrist hashing of the part of a position the search's values depend on:
//! the seeds in each of the 14 holes and the player to move.
//!
//! Captures are deliberately left out. The search scores a node by the seeds
//! its player to move will gain *from now on* (see `search.rs`), and that
//! future gain depends only on the board and the player to move (and, through
//! the loop rule, on the game's history, which the search handles apart).
//! Two positions that differ only in the captures therefore share their
//! transposition-table entry, which is both correct and useful.

use crate::engine::{Position, Seat, HOLES, TOTAL_SEEDS};
use crate::random::splitmix64;

/// Most seeds one hole can hold: every seed of the game.
const MAX_SEEDS: usize = TOTAL_SEEDS as usize;

/// The keys, drawn at compile time from a fixed seed: the same on every
/// build and machine, so that hashing (and so the search) is deterministic.
const fn keys() -> ([[u64; MAX_SEEDS + 1]; HOLES], u64) {
    let mut table = [[0u64; MAX_SEEDS + 1]; HOLES];
    let mut state = 0x416B_6F6E_5A6F_6272; // "AkonZobr"
    let mut hole = 0;
    while hole < HOLES {
        let mut seeds = 0;
        while seeds <= MAX_SEEDS {
            let (next, key) = splitmix64(state);
            state = next;
            // An empty hole contributes nothing, so an empty board hashes to
            // the side key alone; any fixed choice would do.
            table[hole][seeds] = if seeds == 0 { 0 } else { key };
            seeds += 1;
        }
        hole += 1;
    }
    let (_, side) = splitmix64(state);
    (table, side)
}

const KEYS: ([[u64; MAX_SEEDS + 1]; HOLES], u64) = keys();
static TABLE: [[u64; MAX_SEEDS + 1]; HOLES] = KEYS.0;
/// XORed in when B is to move.
const SIDE_B: u64 = KEYS.1;

/// The hash of the board and the player to move.
#[inline]
pub(crate) fn hash(position: &Position) -> u64 {
    hash_board(position.board(), position.to_move())
}

/// The hash of a board and a player to move (the loop rule's key).
#[inline]
pub(crate) fn hash_board(board: &[u8; HOLES], to_move: Seat) -> u64 {
    let mut h = if to_move == Seat::B { SIDE_B } else { 0 };
    for (hole, &seeds) in board.iter().enumerate() {
        h ^= TABLE[hole][seeds as usize];
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Hole;

    #[test]
    fn side_and_board_change_the_hash_captures_do_not() {
        let a = Position::opening(Seat::A);
        let b = Position::opening(Seat::B);
        assert_ne!(hash(&a), hash(&b));
        let mut moved = a;
        moved.play_unchecked(Hole::new(3).unwrap());
        assert_ne!(hash(&moved), hash(&a));
        let same_board = Position::new(&[5; 7], &[5; 7], [0, 0], Seat::A).unwrap();
        assert_eq!(hash(&same_board), hash(&a));
        let captures = Position::new(&[0, 0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 0, 0], [30, 38], Seat::A).unwrap();
        let other = Position::new(&[0, 0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 0, 0], [38, 30], Seat::A).unwrap();
        assert_eq!(hash(&captures), hash(&other));
    }

    #[test]
    fn the_keys_are_the_same_on_every_build() {
        // Computed apart, by a Python transcription of the key drawing:
        // the search's table and the loop rule's keys depend on these.
        let hole = |n| Hole::new(n).unwrap();
        let opening_a = Position::opening(Seat::A);
        assert_eq!(hash(&opening_a), 12454818219100480377);
        assert_eq!(hash(&Position::opening(Seat::B)), 8442667344505479653);
        let mut after_a3 = opening_a;
        after_a3.play_unchecked(hole(3));
        assert_eq!(hash(&after_a3), 8618751194209954403);
        let ending = Position::new(&[1, 18, 0, 0, 0, 0, 0], &[0, 1, 1, 1, 0, 2, 0], [23, 23], Seat::A).unwrap();
        assert_eq!(hash(&ending), 3542174817206666624);
        assert_eq!(SIDE_B, 15704621556942897820);
    }
}
