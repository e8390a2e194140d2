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
//! evaluation estimates is only the future. It is a weighted sum of
//! [`TERMS`] cheap terms, each counted for the player to move ("mine")
//! against the opponent ("theirs"):
//!
//! 1. **Seeds in each row** (`row`): mine minus theirs. When a player to
//!    move has no seeds, the *other* player sweeps the board
//!    (docs/RULES.md, "End of the game", 1), so seeds sitting in a row tend
//!    to go to that row's owner; but they are also what the opponent
//!    captures.
//! 2. **The same, late in the game** (`row_late`): the row difference times
//!    the share of the 70 seeds already captured, so that the row can count
//!    for more (or less) as the board empties.
//! 3. **The capture at hand** (`threat`): the most seeds one move of mine
//!    captures now. The horizon cut the line just before it could; counting
//!    part of it damps the odd/even swing between iterations without a
//!    quiescence search.
//! 4. **Their capture at hand** (`counter_threat`): the most one move of
//!    theirs would capture on this board if it were their turn: what my
//!    move must defend.
//! 5. **Mobility** (`mobility`): non-empty holes, mine minus theirs.
//! 6. **The same, late in the game** (`mobility_late`): mobility times the
//!    share of the seeds captured.
//! 7. **Targets** (`targets`): holes holding 1 to 3 seeds, theirs minus
//!    mine: a sowing that ends there makes 2 to 4 and captures.
//! 8. **Safe seeds** (`hole_one`): seeds in my hole 1 minus theirs; a hole 1
//!    is never captured.
//! 9. **Lapping holes** (`big_holes`): holes of 14 seeds or more, mine minus
//!    theirs; their sowing goes round the board.
//! 10. **The move** (`tempo`): a constant, what having the move is worth.
//!
//! The captures are counted without sowing (see [`capture`]), so the terms
//! are cheap.
//!
//! # Where the weights come from
//!
//! [`EvalWeights::STANDARD`] was fitted by self-play (`examples/tune.rs`,
//! one command; docs/COMPUTER.md, "The evaluation"): games between search
//! players from random openings, every position labelled with the seeds its
//! player to move actually gained from there to the end, and the weights
//! that predict those gains best by least squares. [`EvalWeights::CLASSIC`]
//! is the evaluation that came before (two terms chosen by hand); it is kept
//! so that the match runner can play the new evaluation against the old one.
//!
//! Every term is small next to a captured seed, which is worth `SCALE`.

use crate::engine::{Hole, Position, Seat, HOLES, HOLES_PER_ROW, TOTAL_SEEDS};

/// Internal score units per seed (public as `ai::UNITS_PER_SEED`): the
/// weights are in `1 / SCALE` seed.
pub const SCALE: i32 = 32;

/// How many terms the evaluation has.
pub const TERMS: usize = 10;

/// Weights of the evaluation's terms at the search horizon, in 32nds of a
/// seed (a captured seed is worth 32). The terms are explained in `eval.rs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    /// Per seed of difference between the rows (mine minus theirs).
    pub row: i32,
    /// Per seed of row difference, times the share of the seeds captured.
    pub row_late: i32,
    /// Per seed of the best capture the player to move has at hand.
    pub threat: i32,
    /// Per seed of the best capture the opponent would have at hand.
    pub counter_threat: i32,
    /// Per non-empty hole, mine minus theirs.
    pub mobility: i32,
    /// Per non-empty hole of difference, times the share of the seeds
    /// captured.
    pub mobility_late: i32,
    /// Per hole of 1 to 3 seeds, theirs minus mine.
    pub targets: i32,
    /// Per seed in hole 1, mine minus theirs.
    pub hole_one: i32,
    /// Per hole of 14 seeds or more, mine minus theirs.
    pub big_holes: i32,
    /// For having the move.
    pub tempo: i32,
}

impl EvalWeights {
    /// The weights every level uses: fitted by self-play (see the module
    /// documentation and `examples/tune.rs`).
    ///
    /// Printed by `cargo run --release --example tune -- --seed 1 --threads 2`
    /// (4,000 games of 20,000 nodes a move; 319,889 positions).
    pub const STANDARD: EvalWeights = EvalWeights {
        row: 2,
        row_late: -5,
        threat: 35,
        counter_threat: -26,
        mobility: 97,
        mobility_late: -62,
        targets: -4,
        hole_one: 7,
        big_holes: 122,
        tempo: -17,
    };

    /// The evaluation before the fitted one: an eighth of a seed per seed of
    /// row difference and half the capture at hand, chosen by hand-run
    /// matches. With these weights the search plays exactly as it did then.
    pub const CLASSIC: EvalWeights = EvalWeights {
        row: SCALE / 8,
        row_late: 0,
        threat: SCALE / 2,
        counter_threat: 0,
        mobility: 0,
        mobility_late: 0,
        targets: 0,
        hole_one: 0,
        big_holes: 0,
        tempo: 0,
    };

    /// The weights in the order of [`features`]' terms.
    pub fn to_array(self) -> [i32; TERMS] {
        [
            self.row,
            self.row_late,
            self.threat,
            self.counter_threat,
            self.mobility,
            self.mobility_late,
            self.targets,
            self.hole_one,
            self.big_holes,
            self.tempo,
        ]
    }

    /// Weights from an array in the order of [`features`]' terms.
    pub fn from_array(w: [i32; TERMS]) -> EvalWeights {
        EvalWeights {
            row: w[0],
            row_late: w[1],
            threat: w[2],
            counter_threat: w[3],
            mobility: w[4],
            mobility_late: w[5],
            targets: w[6],
            hole_one: w[7],
            big_holes: w[8],
            tempo: w[9],
        }
    }
}

impl Default for EvalWeights {
    fn default() -> Self {
        EvalWeights::STANDARD
    }
}

/// The names of the terms, in the order of [`features`].
pub const TERM_NAMES: [&str; TERMS] = [
    "row",
    "row_late",
    "threat",
    "counter_threat",
    "mobility",
    "mobility_late",
    "targets",
    "hole_one",
    "big_holes",
    "tempo",
];

/// The board terms that need no sowing, counted in one pass.
struct Counts {
    row: i32,
    mobility: i32,
    targets: i32,
    hole_one: i32,
    big_holes: i32,
    captured: i32,
}

#[inline]
fn counts(position: &Position) -> Counts {
    let board = position.board();
    let me = position.to_move().index() * HOLES_PER_ROW;
    let them = HOLES - HOLES_PER_ROW - me;
    let mut c = Counts {
        row: 0,
        mobility: 0,
        targets: 0,
        hole_one: board[me] as i32 - board[them] as i32,
        big_holes: 0,
        captured: 0,
    };
    let mut on_board = 0;
    for i in 0..HOLES_PER_ROW {
        let (mine, theirs) = (board[me + i] as i32, board[them + i] as i32);
        on_board += mine + theirs;
        c.row += mine - theirs;
        c.mobility += (mine > 0) as i32 - (theirs > 0) as i32;
        c.targets += (1..=3).contains(&theirs) as i32 - (1..=3).contains(&mine) as i32;
        c.big_holes += (mine >= 14) as i32 - (theirs >= 14) as i32;
    }
    c.captured = TOTAL_SEEDS as i32 - on_board;
    c
}

/// The terms of the evaluation for the player to move, in the order of
/// [`TERM_NAMES`]: what the weights multiply (the two late terms are
/// scaled by the share of the seeds captured, so they are fractional).
pub fn features(position: &Position) -> [f64; TERMS] {
    let c = counts(position);
    [
        c.row as f64,
        c.row as f64 * c.captured as f64 / TOTAL_SEEDS as f64,
        best_capture(position, position.to_move()) as f64,
        best_capture(position, position.to_move().opponent()) as f64,
        c.mobility as f64,
        c.mobility as f64 * c.captured as f64 / TOTAL_SEEDS as f64,
        c.targets as f64,
        c.hole_one as f64,
        c.big_holes as f64,
        1.0,
    ]
}

/// The estimate of the future net gain of the player to move, in internal
/// units. The player to move has at least one seed (else the game is over and
/// the search scores it exactly).
#[inline]
pub(crate) fn evaluate(position: &Position, weights: &EvalWeights) -> i32 {
    let c = counts(position);
    let late = (weights.row_late * c.row + weights.mobility_late * c.mobility) * c.captured;
    let mut score = weights.row * c.row
        + late / TOTAL_SEEDS as i32
        + weights.mobility * c.mobility
        + weights.targets * c.targets
        + weights.hole_one * c.hole_one
        + weights.big_holes * c.big_holes
        + weights.tempo;
    if weights.threat != 0 {
        score += weights.threat * best_capture(position, position.to_move()) as i32;
    }
    if weights.counter_threat != 0 {
        score += weights.counter_threat * best_capture(position, position.to_move().opponent()) as i32;
    }
    score
}

/// The most seeds one move of `seat` would capture now (whoever is to move).
/// The feeding rule is ignored: it only bites when the opponent's row is
/// empty, where an estimate is all this is anyway.
#[inline]
fn best_capture(position: &Position, seat: Seat) -> u8 {
    let board = position.board();
    let row = seat.index() * HOLES_PER_ROW;
    let mut best = 0;
    for hole in Hole::ALL {
        if board[row + hole.index()] > 0 {
            best = best.max(capture_by(position, seat, hole));
        }
    }
    best
}

/// The seeds the player to move captures by sowing `hole` (non-empty).
#[inline]
pub(crate) fn capture(position: &Position, hole: Hole) -> u8 {
    capture_by(position, position.to_move(), hole)
}

/// The seeds `seat` captures by sowing `hole` (non-empty) on this board,
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
fn capture_by(position: &Position, seat: Seat, hole: Hole) -> u8 {
    let board = position.board();
    let mine = seat.index() * HOLES_PER_ROW;
    let theirs = HOLES - HOLES_PER_ROW - mine;
    let start = hole.index();
    let seeds = board[mine + start] as usize;
    debug_assert!(seeds > 0, "sowing from an empty hole");
    if seeds >= HOLES {
        let mut copy = Position::from_board(*board, seat);
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
    use crate::engine::Game;
    use crate::random::SplitMix64;

    #[test]
    fn the_quick_capture_count_is_the_engine_s() {
        let mut checked = 0;
        for p in positions(3) {
            for hole in p.non_empty_holes() {
                let mut copy = p;
                assert_eq!(
                    capture(&p, hole),
                    copy.play_unchecked(hole).captured,
                    "{p}\nhole {hole}"
                );
                checked += 1;
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// Random positions, from games and from random boards with big holes.
    fn positions(seed: u64) -> Vec<Position> {
        let mut rng = SplitMix64::new(seed);
        let mut out = Vec::new();
        for _ in 0..100 {
            let mut game = Game::opening(Seat::A);
            while !game.is_over() {
                out.push(*game.position());
                let legal: Vec<Hole> = game.legal_moves().iter().collect();
                game.play(legal[rng.below(legal.len())]).unwrap();
            }
            let mut board = [0i64; 14];
            for _ in 0..70 {
                let upto = rng.below(14) + 1;
                board[rng.below(upto)] += 1;
            }
            let to_move = if rng.below(2) == 0 { Seat::A } else { Seat::B };
            out.push(Position::new(&board[..7], &board[7..], [0, 0], to_move).unwrap());
        }
        out.retain(|p| p.row_total(p.to_move()) > 0);
        out
    }

    #[test]
    fn the_classic_weights_are_the_old_evaluation() {
        // The evaluation before the fitted terms, in eighths of a seed:
        // row difference, plus half the best capture at hand. The units are
        // now a quarter as big, so every score is 4 times as large and the
        // search's choices are the same.
        for p in positions(17) {
            let me = p.to_move();
            let row = p.row_total(me) as i32 - p.row_total(me.opponent()) as i32;
            let best = p
                .non_empty_holes()
                .iter()
                .map(|h| {
                    let mut copy = p;
                    copy.play_unchecked(h).captured as i32
                })
                .max()
                .unwrap();
            assert_eq!(evaluate(&p, &EvalWeights::CLASSIC), 4 * (row + 4 * best), "{p}");
        }
    }

    #[test]
    fn the_evaluation_is_the_weighted_sum_of_the_terms() {
        let mut rng = SplitMix64::new(23);
        for p in positions(29) {
            let w: [i32; TERMS] = std::array::from_fn(|_| rng.below(41) as i32 - 20);
            let weights = EvalWeights::from_array(w);
            assert_eq!(weights.to_array(), w);
            let sum: f64 = features(&p).iter().zip(w).map(|(f, w)| f * w as f64).sum();
            // The late terms are rounded towards zero in whole units.
            assert!((evaluate(&p, &weights) as f64 - sum).abs() < 1.0, "{p}");
        }
    }

    #[test]
    fn the_counter_threat_is_the_opponent_s_best_capture() {
        for p in positions(31) {
            let them = p.to_move().opponent();
            let turned = Position::from_board(*p.board(), them);
            let best = turned
                .non_empty_holes()
                .iter()
                .map(|h| {
                    let mut copy = turned;
                    copy.play_unchecked(h).captured
                })
                .max()
                .unwrap_or(0);
            assert_eq!(features(&p)[3], best as f64, "{p}");
            let mine = features(&p);
            assert_eq!(mine[TERMS - 1], 1.0);
        }
    }
}
