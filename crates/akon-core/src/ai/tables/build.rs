//! Retrograde analysis: the value of every board of at most `N` seeds, the
//! player to move owning the first row, layer by layer from the empty board up.
//!
//! # Layers
//!
//! A capture takes seeds off the board for good, and a move that captures
//! nothing keeps every seed on it. So a board's moves lead either to a
//! board with fewer seeds (a capture, already solved: its value is read),
//! or to the end of the game (the player then to move has no seeds: the
//! mover sweeps the board), or to a board of the same layer. Within a
//! layer the moves form cycles, and those are what the analysis solves.
//!
//! # The repetition rule, as the tables see it
//!
//! The tables know boards, not games: they cannot see which positions a game
//! has already been through. They score a play that goes round without
//! capturing for ever as **0 more seeds for either player**: the seeds left
//! go to nobody, as the loop rule gives them, and neither player is forced
//! out of a cycle that the other cannot profitably leave. Every other line
//! is scored by what it captures. This is the game where repeating is
//! allowed, but endless repeating scores nothing; the real game ends at the
//! first repetition instead, which can only differ when a line needs to
//! pass twice through the same position (see `docs/COMPUTER.md`).
//!
//! # The algorithm
//!
//! Values are whole seeds in `-s ..= s` for a layer of `s` seeds, so a
//! board's value is at least `t` exactly when its player can force the play
//! to an exit (a capture, or a sweep) worth at least `t` to them; endless
//! play, worth 0, does not count. For `t = s, s - 1, …, 1` in turn, the
//! boards whose value is exactly `t` or `-t` are found by the classic
//! win/loss retrograde step: a board is won at `t` if one of its moves is
//! an exit worth `t` or leads to a board lost at `t`; lost at `-t` if every
//! move is an exit worth `-t` or less or leads to a board won at `t`.
//! Wins and losses only grow as `t` falls, so each board is decided once,
//! and its predecessors (found by sowing backwards, [`predecessors`]) are
//! told once. Boards still undecided after `t = 1` are worth 0.
//!
//! Per board of the layer being solved: its best exit (one byte), the
//! number of its moves within the layer not yet known to lose (one byte);
//! the values of every layer below stay in memory, one byte each.

use std::time::{Duration, Instant};

use super::index::{board_of_at_most, boards_up_to, index, index_for, layer_size, layer_start, next_in_layer};
use crate::engine::{Position, Seat, HOLES, HOLES_PER_ROW};

/// A value not decided yet (values are within ±70).
pub(crate) const UNDECIDED: i8 = i8::MIN;
/// "No move of the board is an exit".
const NO_EXIT: i8 = i8::MIN;

/// What building one layer took, for progress lines.
#[derive(Clone, Copy, Debug)]
pub struct LayerBuilt {
    pub seeds: u8,
    pub boards: u64,
    pub elapsed: Duration,
}

/// The values of every board of at most `max_seeds` seeds, by index (see
/// `index.rs`), each for the player to move, who owns the first row.
/// `threads` share the forward pass of each layer; `progress` hears of
/// each layer done.
pub fn solve(max_seeds: u8, threads: usize, progress: &mut dyn FnMut(LayerBuilt)) -> Vec<i8> {
    let total = boards_up_to(max_seeds) as usize;
    let mut values = vec![0i8; total];
    for seeds in 0..=max_seeds {
        let started = Instant::now();
        solve_layer(&mut values, seeds, threads.max(1));
        progress(LayerBuilt {
            seeds,
            boards: layer_size(seeds),
            elapsed: started.elapsed(),
        });
    }
    values
}

fn solve_layer(values: &mut [i8], seeds: u8, threads: usize) {
    let start = layer_start(seeds) as usize;
    let size = layer_size(seeds) as usize;
    let (lower, rest) = values.split_at_mut(start);
    let layer = &mut rest[..size];
    let mut best_exit = vec![NO_EXIT; size];
    let mut open = vec![0u8; size];

    // The forward pass: every move of every board, in parallel chunks.
    let chunk = size.div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let lower = &*lower;
        for ((layer, best_exit), (open, n)) in layer
            .chunks_mut(chunk)
            .zip(best_exit.chunks_mut(chunk))
            .zip(open.chunks_mut(chunk).zip(0..))
        {
            scope.spawn(move || {
                let mut board = board_of_at_most((start + n * chunk) as u64, seeds);
                for i in 0..layer.len() {
                    let (value, exit, moves) = forward(&board, seeds, lower);
                    layer[i] = value;
                    best_exit[i] = exit;
                    open[i] = moves;
                    next_in_layer(&mut board);
                }
            });
        }
    });

    // The retrograde steps, from the biggest value down.
    let mut stack: Vec<u32> = Vec::new();
    for t in (1..=seeds as i8).rev() {
        for i in 0..size {
            if layer[i] != UNDECIDED {
                continue;
            }
            if best_exit[i] == t {
                layer[i] = t;
                stack.push(i as u32);
            } else if open[i] == 0 && best_exit[i] == -t {
                layer[i] = -t;
                stack.push(i as u32);
            }
        }
        while let Some(i) = stack.pop() {
            let won = layer[i as usize] > 0;
            let board = board_of_at_most((start + i as usize) as u64, seeds);
            predecessors(&board, |before| {
                let j = index(before) as usize - start;
                if layer[j] != UNDECIDED {
                    return;
                }
                if !won {
                    // A move to a lost board wins `t`.
                    layer[j] = t;
                    stack.push(j as u32);
                } else {
                    open[j] -= 1;
                    if open[j] == 0 && best_exit[j] <= -t {
                        layer[j] = -t;
                        stack.push(j as u32);
                    }
                }
            });
        }
    }
    for value in layer.iter_mut() {
        if *value == UNDECIDED {
            *value = 0;
        }
    }
}

/// One board's moves: its value if it is decided already (the player to move
/// has no seeds), else [`UNDECIDED`]; its best exit; its moves within the layer.
#[inline]
fn forward(board: &[u8; HOLES], seeds: u8, lower: &[i8]) -> (i8, i8, u8) {
    if board[..HOLES_PER_ROW].iter().all(|&s| s == 0) {
        // The other player sweeps the board.
        return (-(seeds as i8), NO_EXIT, 0);
    }
    let position = Position::from_board(*board, Seat::A);
    let mut best = NO_EXIT;
    let mut within = 0u8;
    for hole in position.legal_moves() {
        let mut child = position;
        let captured = child.play_unchecked(hole).captured as i8;
        let after = child.board();
        let exit = if after[HOLES_PER_ROW..].iter().all(|&s| s == 0) {
            // The opponent, now to move, has no seeds: the mover sweeps.
            seeds as i8
        } else if captured > 0 {
            captured - lower[index_for(after, Seat::B) as usize]
        } else {
            within += 1;
            continue;
        };
        best = best.max(exit);
    }
    (UNDECIDED, best, within)
}

/// Calls `found` with every board (mover's row first) from which a legal
/// move that captures nothing leads to `board` (mover's row first) — once
/// per such move. `board`'s mover must have seeds: a move that leaves the
/// opponent none ends the game and is an exit, not a move within the layer.
///
/// Sowing backwards: after the move, the board seen by the player who moved
/// is `board` with its rows swapped. A sowing of `n ≤ 13` seeds from hole
/// `h` left `h` empty and one more seed in each of the next `n` holes; one
/// of `n ≥ 14` left one seed in `h`, one more in every other hole, and
/// `n - 14` more spread over the opponent's row from their hole 1. The last
/// seed must not have captured: it lies in the mover's row, or in the
/// opponent's hole 2 to 7 leaving 1 or at least 5 seeds there (a last seed
/// in hole 1 is always kept, a capture). Such a move is always legal: it
/// leaves the opponent seeds, so the feeding rule allows it.
pub(crate) fn predecessors(board: &[u8; HOLES], mut found: impl FnMut(&[u8; HOLES])) {
    let mut after = [0u8; HOLES];
    after[..HOLES_PER_ROW].copy_from_slice(&board[HOLES_PER_ROW..]);
    after[HOLES_PER_ROW..].copy_from_slice(&board[..HOLES_PER_ROW]);
    let seeds: u32 = after.iter().map(|&s| s as u32).sum();
    let no_capture = |last: usize, seeds_there: u8| {
        last < HOLES_PER_ROW || (last > HOLES_PER_ROW && !(2..=4).contains(&seeds_there))
    };
    for h in 0..HOLES_PER_ROW {
        if after[h] == 0 {
            let mut before = after;
            for n in 1..HOLES as u8 {
                let at = (h + n as usize) % HOLES;
                if after[at] == 0 {
                    break;
                }
                before[at] -= 1;
                if no_capture(at, after[at]) {
                    before[h] = n;
                    found(&before);
                    before[h] = 0;
                }
            }
        } else if after[h] == 1 && seeds >= HOLES as u32 && (0..HOLES).all(|i| i == h || after[i] > 0) {
            let mut before = after;
            for s in before.iter_mut() {
                *s -= 1;
            }
            // Exactly one lap: the last seed back in `h`.
            before[h] = HOLES as u8;
            found(&before);
            let mut rest = 0usize;
            loop {
                let j = rest % HOLES_PER_ROW;
                let at = HOLES_PER_ROW + j;
                if before[at] == 0 {
                    break;
                }
                before[at] -= 1;
                rest += 1;
                if no_capture(at, after[at]) {
                    before[h] = (HOLES + rest) as u8;
                    found(&before);
                }
            }
        }
    }
}
