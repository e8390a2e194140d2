//! Round robin by Berger tables (FIDE C.05, Annex 1).
//!
//! With `n` players (`n` even; an odd field gets a dummy player `n + 1`,
//! whose opponent has the bye that round), numbered 1 to `n` by seed, round
//! `r` (from 1) is:
//!
//! - player `n` against `o = ((r − 1) · n/2) mod (n − 1) + 1`; `o` moves
//!   first in odd rounds, `n` in even rounds;
//! - for `k` = 1 … n/2 − 1, player `o + k` (moving first) against `o − k`,
//!   both counted round 1 … n − 1.
//!
//! This is the published table (round 1: 1–n, 2–(n−1), …; round 2: n–(n/2+1),
//! (n/2+2)–(n/2), …), with player `n`'s game on the first board. Every pair
//! meets once and every player's first moves and second moves differ by at
//! most one. The double round robin plays the same rounds again with the
//! first move swapped.

use super::{Pairing, Round};

/// The rounds of a round robin among `players` (seeds `0..players`, 0 the
/// top seed), `cycles` times over: cycle 2 swaps who moves first, cycle 3
/// swaps back, and so on. Fewer than two players: no rounds.
pub fn round_robin(players: usize, cycles: usize) -> Vec<Round> {
    if players < 2 {
        return Vec::new();
    }
    let n = players + players % 2;
    let m = n - 1;
    // Berger numbers are 1-based; `n` may be the dummy.
    let wrap = |x: isize| -> usize { ((x - 1).rem_euclid(m as isize) + 1) as usize };
    let mut single = Vec::with_capacity(m);
    for r in 1..=m {
        let o = ((r - 1) * (n / 2)) % m + 1;
        let mut boards = Vec::with_capacity(n / 2);
        boards.push(if r % 2 == 1 { (o, n) } else { (n, o) });
        for k in 1..n / 2 {
            boards.push((wrap((o + k) as isize), wrap(o as isize - k as isize)));
        }
        let mut round = Round::default();
        for (first, second) in boards {
            // Back to 0-based seeds; the dummy's opponent has the bye.
            if first > players {
                round.bye = Some(second - 1);
            } else if second > players {
                round.bye = Some(first - 1);
            } else {
                round.pairings.push(Pairing::new(first - 1, second - 1));
            }
        }
        single.push(round);
    }
    let mut rounds = Vec::with_capacity(m * cycles);
    for cycle in 0..cycles {
        for round in &single {
            let mut round = round.clone();
            if cycle % 2 == 1 {
                for p in &mut round.pairings {
                    std::mem::swap(&mut p.first, &mut p.second);
                }
            }
            rounds.push(round);
        }
    }
    rounds
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Seed;

    /// Seed `s`'s number in the published Berger tables.
    fn berger(s: Seed) -> usize {
        s + 1
    }

    fn table(players: usize) -> Vec<Vec<(usize, usize)>> {
        round_robin(players, 1)
            .iter()
            .map(|r| r.pairings.iter().map(|p| (berger(p.first), berger(p.second))).collect())
            .collect()
    }

    /// FIDE C.05 Annex 1's tables for 4 and 6 players, copied by board.
    #[test]
    fn matches_the_published_tables() {
        assert_eq!(
            table(4),
            vec![vec![(1, 4), (2, 3)], vec![(4, 3), (1, 2)], vec![(2, 4), (3, 1)]]
        );
        assert_eq!(
            table(6),
            vec![
                vec![(1, 6), (2, 5), (3, 4)],
                vec![(6, 4), (5, 3), (1, 2)],
                vec![(2, 6), (3, 1), (4, 5)],
                vec![(6, 5), (1, 4), (2, 3)],
                vec![(3, 6), (4, 2), (5, 1)],
            ]
        );
    }

    /// Five players use the six-player table with player 6 as the bye.
    #[test]
    fn odd_field_gives_the_dummy_opponent_a_bye() {
        let rounds = round_robin(5, 1);
        let byes: Vec<Option<usize>> = rounds.iter().map(|r| r.bye.map(berger)).collect();
        assert_eq!(byes, vec![Some(1), Some(4), Some(2), Some(5), Some(3)]);
        assert_eq!(table(5)[0], vec![(2, 5), (3, 4)]);
    }

    #[test]
    fn double_round_robin_swaps_the_first_move() {
        let rounds = round_robin(4, 2);
        assert_eq!(rounds.len(), 6);
        for (a, b) in rounds[..3].iter().zip(&rounds[3..]) {
            for (p, q) in a.pairings.iter().zip(&b.pairings) {
                assert_eq!((p.first, p.second), (q.second, q.first));
            }
        }
        assert!(round_robin(1, 2).is_empty());
    }
}
