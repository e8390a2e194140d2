//! The static evaluation: at the search horizon, an estimate of the seeds the
//! player to move will still gain, net, from here to the end of the game.
//!
//! Scores are in internal units of `1 / SCALE` seed, so that terms worth a
//! fraction of a seed can be expressed; the search converts back to seeds
//! when it reports.
//!
//! The capture difference itself is not a term here: the search adds every
//! capture along the line as it plays it (the move's `captured` seeds, and the
//! sweep of the board when the game ends by "no seeds"), so what the
//! evaluation estimates is only the future. It has two terms.
//!
//! 1. **Seeds in each row** (`row`). When a player to move has no seeds, the
//!    *other* player sweeps the board (docs/RULES.md, "End of the game", 1), so the
//!    seeds sitting in a row at the end tend to go to that row's owner; and a
//!    full row is mobility: more moves to choose from, big holes that lap the
//!    board, no risk of being the one who runs dry. But seeds in one's row
//!    are also what the opponent captures, so the term is small: each seed
//!    more than the opponent in one's own row is worth an eighth of a seed.
//! 2. **The capture at hand** (`threat`). The player to move may take the
//!    best capture available right now; the horizon cut the line just before
//!    it could. Counting half of it (the opponent will often have a reply that
//!    recovers some) damps the odd/even swing between iterations without a
//!    quiescence search. The capture is counted without sowing (see
//!    [`capture`]), so the term is cheap.
//!
//! The weights were chosen by matches at equal node budgets (200 games from
//! balanced openings, 200 000 nodes a move): against `row` 1/8 and `threat`
//! 1/2, `row` 0 scored 38%, `row` 1/4 41%, `threat` 0 37% and `threat` 1
//! 42%.
//!
//! Both terms are small next to a captured seed, which is worth `SCALE`.

use crate::engine::{Hole, Position, HOLES, HOLES_PER_ROW};

/// Internal score units per seed.
pub(crate) const SCALE: i32 = 8;

/// Weights of the evaluation's terms at the search horizon, in eighths of a
/// seed (a captured seed is worth 8). The terms are explained in `eval.rs`:
/// the seeds in each row, and the best capture the player to move has at
/// hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    /// Per seed of difference between the rows (own minus opponent's).
    pub row: i32,
    /// Per seed of the best capture the player to move has at hand.
    pub threat: i32,
}

impl EvalWeights {
    /// The weights every level uses.
    pub const STANDARD: EvalWeights = EvalWeights {
        row: SCALE / 8,
        threat: SCALE / 2,
    };
}

impl Default for EvalWeights {
    fn default() -> Self {
        EvalWeights::STANDARD
    }
}

/// The estimate of the future net gain of the player to move, in internal
/// units. The player to move has at least one seed (else the game is over and
/// the search scores it exactly).
#[inline]
pub(crate) fn evaluate(position: &Position, weights: &EvalWeights) -> i32 {
    let board = position.board();
    let me = position.to_move().index() * 7;
    let them = HOLES - 7 - me;
    let mine: i32 = board[me..me + 7].iter().map(|&s| s as i32).sum();
    let theirs: i32 = board[them..them + 7].iter().map(|&s| s as i32).sum();
    let mut score = weights.row * (mine - theirs);
    if weights.threat != 0 {
        score += weights.threat * best_capture(position) as i32;
    }
    score
}

/// The most seeds one move of the player to move captures now. The feeding
/// rule is ignored: it only bites when the opponent's row is empty, where an
/// estimate is all this is anyway.
#[inline]
fn best_capture(position: &Position) -> u8 {
    let mut best = 0;
    for hole in position.non_empty_holes() {
        best = best.max(capture(position, hole));
    }
    best
}

/// The seeds the player to move captures by sowing `hole` (non-empty),
/// without playing the move: for ordering moves and for the evaluation,
/// where copying and sowing the whole position for every move would cost
/// more than the search itself.
///
/// With at most 13 seeds each hole after the starting one gets one seed, so
/// the last one lands `n` holes on; if that is the opponent's hole 1 the
/// mover keeps one seed, if it is their hole 2 to 7 the chain takes each
/// hole, back towards hole 1, that now holds 2 to 4 seeds (every one of
/// those holes received a seed on the way). Sowings of 14 seeds or more go
/// round the board and are simply played on a copy.
#[inline]
pub(crate) fn capture(position: &Position, hole: Hole) -> u8 {
    let board = position.board();
    let mine = position.to_move().index() * HOLES_PER_ROW;
    let theirs = HOLES - HOLES_PER_ROW - mine;
    let start = hole.index();
    let seeds = board[mine + start] as usize;
    debug_assert!(seeds > 0, "sowing from an empty hole");
    if seeds >= HOLES {
        let mut copy = *position;
        return copy.play_unchecked(hole).captured;
    }
    let land = start + seeds;
    if !(HOLES_PER_ROW..HOLES).contains(&land) {
        return 0;
    }
    let mut at = land - HOLES_PER_ROW;
    if at == 0 {
        return 1;
    }
    let mut taken = 0;
    while at >= 1 {
        let now = board[theirs + at] + 1;
        if !(2..=4).contains(&now) {
            break;
        }
        taken += now;
        at -= 1;
    }
    taken
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Seat};
    use crate::random::SplitMix64;

    #[test]
    fn the_quick_capture_count_is_the_engine_s() {
        let mut rng = SplitMix64::new(3);
        let mut checked = 0;
        for _ in 0..300 {
            // Random games, and random boards with big holes too.
            let mut game = Game::opening(Seat::A);
            while !game.is_over() {
                let p = *game.position();
                for hole in p.non_empty_holes() {
                    let mut copy = p;
                    assert_eq!(
                        capture(&p, hole),
                        copy.play_unchecked(hole).captured,
                        "{p}\nhole {hole}"
                    );
                    checked += 1;
                }
                let legal: Vec<Hole> = game.legal_moves().iter().collect();
                game.play(legal[rng.below(legal.len())]).unwrap();
            }
            let mut board = [0i64; 14];
            for _ in 0..70 {
                let upto = rng.below(14) + 1;
                board[rng.below(upto)] += 1;
            }
            let p = Position::new(&board[..7], &board[7..], [0, 0], Seat::A).unwrap();
            for hole in p.non_empty_holes() {
                let mut copy = p;
                assert_eq!(
                    capture(&p, hole),
                    copy.play_unchecked(hole).captured,
                    "{p}\nhole {hole}"
                );
            }
        }
        assert!(checked > 10_000);
    }
}
