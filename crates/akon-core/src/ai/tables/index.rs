//! The combinatorial ranking of boards: every board of at most `N` seeds in
//! the 14 holes gets its own index in `0 .. C(N + 14, 14)`, boards with
//! fewer seeds first, so that a database of one byte per board has no gaps.
//!
//! A board `x_0 … x_13` (the mover's row first) is a 14-subset of
//! `0 ..= s + 13` by stars and bars: `b_i = x_0 + … + x_i + i`. Its index is
//! the subset's rank in the combinatorial number system,
//! `Σ C(b_i, i + 1)`. The last term, `C(s + 13, 14)`, is the number of
//! boards with fewer than `s` seeds, so each seed count is one contiguous
//! layer and the layers come in order.

use crate::engine::{Seat, HOLES, HOLES_PER_ROW};

/// The most seeds on a board: the whole game.
const MOST_SEEDS: usize = 70;
const ROWS: usize = MOST_SEEDS + HOLES + 1;

/// `BINOM[n][k]` = C(n, k), for every `n` and `k` the ranking needs.
static BINOM: [[u64; HOLES + 1]; ROWS] = binomials();

const fn binomials() -> [[u64; HOLES + 1]; ROWS] {
    let mut table = [[0u64; HOLES + 1]; ROWS];
    let mut n = 0;
    while n < ROWS {
        table[n][0] = 1;
        let mut k = 1;
        while k <= HOLES && k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
}

/// Boards with at most `max_seeds` seeds.
pub(crate) fn boards_up_to(max_seeds: u8) -> u64 {
    BINOM[max_seeds as usize + HOLES][HOLES]
}

/// Index of the first board with `seeds` seeds.
pub(crate) fn layer_start(seeds: u8) -> u64 {
    BINOM[seeds as usize + HOLES - 1][HOLES]
}

/// Boards with exactly `seeds` seeds.
pub(crate) fn layer_size(seeds: u8) -> u64 {
    BINOM[seeds as usize + HOLES - 1][HOLES - 1]
}

/// The index of a board given mover's row first.
#[inline]
pub(crate) fn index(board: &[u8; HOLES]) -> u64 {
    index_from(board, 0)
}

/// The index of the board as the player `to_move` sees it: their row first.
#[inline]
pub(crate) fn index_for(board: &[u8; HOLES], to_move: Seat) -> u64 {
    index_from(board, to_move.index() * HOLES_PER_ROW)
}

#[inline]
fn index_from(board: &[u8; HOLES], first: usize) -> u64 {
    let mut index = 0;
    let mut seeds = 0usize;
    for i in 0..HOLES {
        let hole = if first + i < HOLES {
            first + i
        } else {
            first + i - HOLES
        };
        seeds += board[hole] as usize;
        index += BINOM[seeds + i][i + 1];
    }
    index
}

/// The board of an index (mover's row first): the inverse of [`index`].
#[cfg(test)]
pub(crate) fn board_of(index: u64) -> [u8; HOLES] {
    board_of_at_most(index, MOST_SEEDS as u8)
}

/// [`board_of`] for a board known to hold at most `seeds` seeds: the
/// search for each bar starts lower.
#[inline]
pub(crate) fn board_of_at_most(mut index: u64, seeds: u8) -> [u8; HOLES] {
    let mut bars = [0usize; HOLES];
    let mut b = seeds as usize + HOLES - 1;
    for i in (0..HOLES).rev() {
        while BINOM[b][i + 1] > index {
            b -= 1;
        }
        bars[i] = b;
        index -= BINOM[b][i + 1];
        b = b.saturating_sub(1);
    }
    let mut board = [0u8; HOLES];
    let mut before = 0;
    for i in 0..HOLES {
        let prefix = bars[i] - i;
        board[i] = (prefix - before) as u8;
        before = prefix;
    }
    board
}

/// The board of the next index with the same seeds, or `false` (board
/// untouched) after the last of its layer. In the ranking's order the
/// seeds move on like an odometer: the first non-empty hole after hole 0
/// gives one seed to the hole before it, which also takes every seed of
/// the holes before it.
#[inline]
pub(crate) fn next_in_layer(board: &mut [u8; HOLES]) -> bool {
    let Some(k) = (1..HOLES).find(|&k| board[k] > 0) else {
        return false;
    };
    let before: u8 = board[..k].iter().sum();
    board[..k].fill(0);
    board[k - 1] = before + 1;
    board[k] -= 1;
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layers_are_contiguous_and_in_order() {
        assert_eq!(boards_up_to(0), 1);
        assert_eq!(layer_start(1), 1);
        for seeds in 1..=20u8 {
            assert_eq!(layer_start(seeds) + layer_size(seeds), boards_up_to(seeds));
            assert_eq!(layer_start(seeds), boards_up_to(seeds - 1));
        }
        assert_eq!(boards_up_to(70), BINOM[84][14]);
    }

    #[test]
    fn every_board_of_a_layer_has_the_next_index_and_round_trips() {
        for seeds in 0..=6u8 {
            let mut board = [0u8; HOLES];
            board[HOLES - 1] = seeds;
            let mut expected = layer_start(seeds);
            loop {
                assert_eq!(index(&board), expected, "{board:?}");
                assert_eq!(board_of(expected), board);
                assert_eq!(board_of_at_most(expected, seeds), board);
                expected += 1;
                if !next_in_layer(&mut board) {
                    break;
                }
            }
            assert_eq!(expected, layer_start(seeds) + layer_size(seeds));
        }
    }

    #[test]
    fn big_boards_round_trip() {
        let mut board = [5u8; HOLES];
        board[3] = 0;
        board[10] = 0;
        let i = index(&board);
        assert_eq!(board_of(i), board);
        let mut flipped = [0u8; HOLES];
        flipped[..7].copy_from_slice(&board[7..]);
        flipped[7..].copy_from_slice(&board[..7]);
        assert_eq!(index_for(&board, Seat::B), index(&flipped));
    }
}
