//! Swiss pairing by the principles of FIDE's Dutch system (C.04.3), solved
//! exactly as a maximum-weight matching rather than by the handbook's
//! transposition search.
//!
//! Players are ranked by score, then seed. Every pair of present players is
//! a candidate edge (plus, with an odd count, an edge from each player to
//! a "bye" vertex); an edge's weight encodes, from the most to the least
//! important, how well it meets these criteria, each one weighed so that
//! it outranks everything below it put together:
//!
//! 1. everyone is paired (the matching is perfect);
//! 2. no two players meet twice, and nobody gets a second bye (the
//!    absolute criteria C.1 and C.2; broken only when no pairing avoids it);
//! 3. no player's first moves exceed their second moves by more than two
//!    (or the reverse), and nobody moves first (or second) three times in
//!    a row (C.3, the absolute colour preferences, here for everyone);
//! 4. the bye goes to a player with the lowest score possible, and among
//!    them to the lowest-ranked;
//! 5. as few players as possible are paired outside their score group;
//! 6. the score differences of those pairs are as small as possible, a
//!    big difference costing more than several small ones (as squares);
//! 7. as many colour preferences as possible are granted, the strong ones
//!    (first and second moves differing by one) before the mild ones
//!    (alternating after a balanced history);
//! 8. nobody floats down (or up) two rounds running;
//! 9. within a score group, the top half meets the bottom half in order
//!    (1 against n/2 + 1, …), a floater is the lowest-ranked of its group
//!    and meets the highest-ranked of the next.
//!
//! Who moves first in each pair follows the Dutch colour rules (E.1–E.5):
//! grant both preferences; else the stronger one; else alternate from the
//! latest round in which the two had different colours; else the higher-
//! ranked player's preference; with no preference at all, the higher-ranked
//! player moves first on odd boards. Only played games count for colours;
//! a forfeited pairing still counts as a meeting.

use std::cmp::Reverse;
use std::fmt;

use super::matching::max_weight_perfect_matching;
use super::{Pairing, Round, Seed};

/// Why a round could not be paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PairingError {
    /// A round of the history names a seed outside the field.
    UnknownPlayer { round: usize, player: Seed },
    /// A player appears twice in one round of the history.
    PairedTwice { round: usize, player: Seed },
    /// A game of the history has no result yet.
    Unfinished { round: usize },
    /// Fewer than two players are present.
    TooFewPlayers,
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingError::UnknownPlayer { round, player } => {
                write!(f, "round {round} names unknown player {player}")
            }
            PairingError::PairedTwice { round, player } => {
                write!(f, "player {player} appears twice in round {round}")
            }
            PairingError::Unfinished { round } => write!(f, "round {round} has a game without a result"),
            PairingError::TooFewPlayers => write!(f, "fewer than two players to pair"),
        }
    }
}

impl std::error::Error for PairingError {}

/// What the pairing needs to know of each player, from the past rounds.
#[derive(Clone, Debug, Default)]
struct PlayerState {
    /// Score in half-points.
    score: u32,
    /// First moves minus second moves, over played games.
    colour_difference: i32,
    /// Per past round: +1 moved first, −1 second, 0 no game played.
    colours: Vec<i8>,
    byes: u32,
    floated_down: bool,
    floated_up: bool,
}

impl PlayerState {
    /// The Dutch colour preference: (strength, side). Strength 3 is
    /// absolute, 2 strong, 1 mild, 0 none; side +1 asks to move first.
    fn preference(&self) -> (u8, i8) {
        let mut played = self.colours.iter().rev().filter(|&&c| c != 0);
        let Some(&last) = played.next() else {
            return (0, 0);
        };
        let cd = self.colour_difference;
        if cd.abs() >= 2 {
            (3, -cd.signum() as i8)
        } else if played.next() == Some(&last) {
            (3, -last)
        } else if cd.abs() == 1 {
            (2, -cd.signum() as i8)
        } else {
            (1, -last)
        }
    }
}

struct History {
    players: Vec<PlayerState>,
    /// `met[a * n + b]`: a and b were paired before.
    met: Vec<bool>,
    n: usize,
}

impl History {
    fn build(n: usize, rounds: &[Round]) -> Result<History, PairingError> {
        let mut players = vec![PlayerState::default(); n];
        let mut met = vec![false; n * n];
        for (r, round) in rounds.iter().enumerate() {
            let mut seen = vec![false; n];
            let mut mark = |p: Seed| -> Result<(), PairingError> {
                if p >= n {
                    return Err(PairingError::UnknownPlayer { round: r, player: p });
                }
                if std::mem::replace(&mut seen[p], true) {
                    return Err(PairingError::PairedTwice { round: r, player: p });
                }
                Ok(())
            };
            for pairing in &round.pairings {
                mark(pairing.first)?;
                mark(pairing.second)?;
                if pairing.result.is_none() {
                    return Err(PairingError::Unfinished { round: r });
                }
            }
            if let Some(b) = round.bye {
                mark(b)?;
            }
            let before: Vec<u32> = players.iter().map(|p| p.score).collect();
            for p in &mut players {
                p.colours.push(0);
                p.floated_down = false;
                p.floated_up = false;
            }
            for pairing in &round.pairings {
                let (a, b) = (pairing.first, pairing.second);
                let result = pairing.result.expect("checked above");
                let [ha, hb] = result.outcome.half_points();
                players[a].score += ha;
                players[b].score += hb;
                met[a * n + b] = true;
                met[b * n + a] = true;
                if result.outcome.played() {
                    players[a].colour_difference += 1;
                    players[b].colour_difference -= 1;
                    *players[a].colours.last_mut().unwrap() = 1;
                    *players[b].colours.last_mut().unwrap() = -1;
                }
                if before[a] > before[b] {
                    players[a].floated_down = true;
                    players[b].floated_up = true;
                } else if before[b] > before[a] {
                    players[b].floated_down = true;
                    players[a].floated_up = true;
                }
            }
            if let Some(b) = round.bye {
                players[b].score += 2;
                players[b].byes += 1;
                players[b].floated_down = true;
            }
        }
        Ok(History { players, met, n })
    }

    fn met(&self, a: Seed, b: Seed) -> bool {
        self.met[a * self.n + b]
    }
}

/// Who moves first in a pair, by the Dutch colour rules, and what it costs:
/// `(a_first, decided, absolute, preference)`. `a` is the higher-ranked
/// player. `decided` is false when nothing tells them apart (the board
/// number then decides); the costs are those of the denied preference.
fn allocate(a: &PlayerState, b: &PlayerState) -> (bool, bool, u32, u32) {
    let (sa, pa) = a.preference();
    let (sb, pb) = b.preference();
    let (a_first, decided) = if sa == 0 && sb == 0 {
        (true, false)
    } else if pa != pb {
        // E.1: both granted (or one has none).
        (pa == 1 || pb == -1, true)
    } else if sa != sb {
        // E.2: the stronger preference.
        (if sa > sb { pa == 1 } else { pb != 1 }, true)
    } else if sa == 3 && a.colour_difference.abs() != b.colour_difference.abs() {
        // E.2: both absolute: the wider colour difference.
        let a_wins = a.colour_difference.abs() > b.colour_difference.abs();
        (if a_wins { pa == 1 } else { pb != 1 }, true)
    } else {
        // E.3: alternate from the latest round where they differed; E.4:
        // else the higher-ranked player's preference.
        let differed = a
            .colours
            .iter()
            .zip(&b.colours)
            .rev()
            .find(|&(&x, &y)| x != 0 && y != 0 && x != y);
        match differed {
            Some((&x, _)) => (x == -1, true),
            None => (pa == 1, true),
        }
    };
    let mut absolute = 0;
    let mut preference = 0;
    for (state, (strength, side), first) in [(a, (sa, pa), a_first), (b, (sb, pb), !a_first)] {
        let got = if first { 1 } else { -1 };
        if strength == 0 || side == got {
            continue;
        }
        match strength {
            3 if state.colour_difference.abs() >= 2 => absolute += 2,
            3 => absolute += 1,
            2 => preference += 4,
            _ => preference += 1,
        }
    }
    (a_first, decided, absolute, preference)
}

/// The criteria an edge is weighed by, most important first (see the
/// module doc); each a cost, lower is better.
const TIERS: usize = 8;

/// Pairs the next round of a Swiss tournament among `players` (seeds
/// `0..players`), after the finished `history`, leaving out the `absent`
/// (withdrawn) players. Deterministic.
///
/// The pairings come in board order: highest score first, then rank.
pub fn pair_swiss(players: usize, history: &[Round], absent: &[Seed]) -> Result<Round, PairingError> {
    let state = History::build(players, history)?;
    let mut present = vec![true; players];
    for &p in absent {
        if p >= players {
            return Err(PairingError::UnknownPlayer {
                round: history.len(),
                player: p,
            });
        }
        present[p] = false;
    }
    // Ranked: score, then seed.
    let mut ranked: Vec<Seed> = (0..players).filter(|&p| present[p]).collect();
    if ranked.len() < 2 {
        return Err(PairingError::TooFewPlayers);
    }
    ranked.sort_by_key(|&p| (Reverse(state.players[p].score), p));
    let m = ranked.len();
    let st = |i: usize| &state.players[ranked[i]];
    // Each ranked player's score group: its first index and size.
    let mut group_start = vec![0; m];
    let mut group_size = vec![0; m];
    let mut start = 0;
    while start < m {
        let score = st(start).score;
        let end = (start..m).find(|&i| st(i).score != score).unwrap_or(m);
        for i in start..end {
            group_start[i] = start;
            group_size[i] = end - start;
        }
        start = end;
    }

    let mut costs: Vec<(usize, usize, [u64; TIERS])> = Vec::with_capacity(m * (m + 1) / 2);
    for i in 0..m {
        let (a, ri) = (st(i), i - group_start[i]);
        for j in i + 1..m {
            let (b, rj) = (st(j), j - group_start[j]);
            let (_, _, absolute, preference) = allocate(a, b);
            let d = u64::from(a.score - b.score);
            let placement = if group_start[i] == group_start[j] {
                (rj - ri).abs_diff(group_size[i] / 2)
            } else {
                (group_size[i] - 1 - ri) + rj
            };
            let float = if d > 0 {
                u64::from(a.floated_down) + u64::from(b.floated_up)
            } else {
                0
            };
            costs.push((
                i,
                j,
                [
                    u64::from(state.met(ranked[i], ranked[j])),
                    u64::from(absolute),
                    0,
                    u64::from(d > 0),
                    d * d,
                    u64::from(preference),
                    float,
                    placement as u64,
                ],
            ));
        }
    }
    let vertices = if m % 2 == 1 {
        // The bye vertex: to those without a bye, or to all if none is left.
        let fresh = (0..m).any(|i| st(i).byes == 0);
        for i in 0..m {
            let p = st(i);
            if fresh && p.byes > 0 {
                continue;
            }
            // The lowest score, then the lowest rank: counted from the bottom.
            let from_bottom = (m - 1 - i) as u64;
            costs.push((
                i,
                m,
                [
                    u64::from(p.byes > 0),
                    0,
                    u64::from(p.score) * m as u64 + from_bottom,
                    0,
                    0,
                    0,
                    u64::from(p.floated_down),
                    0,
                ],
            ));
        }
        m + 1
    } else {
        m
    };

    let edges = weigh(&costs, vertices / 2);
    let mate = max_weight_perfect_matching(vertices, &edges)
        .expect("every player has an edge to every other: a perfect matching exists");

    let mut round = Round::default();
    let mut pairs = Vec::with_capacity(m / 2);
    for i in 0..m {
        match mate[i] {
            j if j == m => round.bye = Some(ranked[i]),
            j if j > i => pairs.push((i, j)),
            _ => {}
        }
    }
    // Boards: the higher score of the pair, then the sum, then the rank.
    pairs.sort_by_key(|&(i, j)| (Reverse(st(i).score), Reverse(st(i).score + st(j).score), i));
    for (board, &(i, j)) in pairs.iter().enumerate() {
        let (a_first, decided, _, _) = allocate(st(i), st(j));
        let a_first = if decided { a_first } else { board % 2 == 0 };
        let (x, y) = (ranked[i], ranked[j]);
        round.pairings.push(if a_first {
            Pairing::new(x, y)
        } else {
            Pairing::new(y, x)
        });
    }
    Ok(round)
}

/// Edge weights from the tiered costs: a perfect matching has `pairs`
/// edges, so each tier's unit is worth more than the largest total the
/// tiers below it can differ by over `pairs` edges; one more tier on top
/// (every edge counts 1) makes the best matching a perfect one.
fn weigh(costs: &[(usize, usize, [u64; TIERS])], pairs: usize) -> Vec<(usize, usize, i128)> {
    let mut max = [0u64; TIERS];
    for (_, _, c) in costs {
        for t in 0..TIERS {
            max[t] = max[t].max(c[t]);
        }
    }
    let pairs = pairs as i128;
    let mut unit = [0i128; TIERS];
    let mut below: i128 = 0;
    for t in (0..TIERS).rev() {
        unit[t] = below + 1;
        below = below
            .checked_add(pairs * i128::from(max[t]) * unit[t])
            .expect("pairing weights fit in 128 bits");
    }
    let cardinality = below + 1;
    costs
        .iter()
        .map(|&(i, j, c)| {
            let w = (0..TIERS).fold(cardinality, |w, t| w + i128::from(max[t] - c[t]) * unit[t]);
            (i, j, w)
        })
        .collect()
}
