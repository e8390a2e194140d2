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
//! 1. **Seeds in each row** (`ROW`). When a player to move has no seeds, the
//!    *other* player sweeps the board (RULES.md, "End of the game", 1), so the
//!    seeds sitting in a row at the end tend to go to that row's owner; and a
//!    full row is mobility: more moves to choose from, big holes that lap the
//!    board, no risk of being the one who runs dry. Each seed more than the
//!    opponent in one's own row is worth a quarter of a seed.
//! 2. **The capture at hand** (`THREAT`). The player to move may take the
//!    best capture available right now; the horizon cut the line just before
//!    it could. Counting half of it (the opponent will often have a reply that
//!    recovers some) damps the odd/even swing between iterations without a
//!    quiescence search.
//!
//! Both terms are small next to a captured seed, which is worth `SCALE`.

use crate::engine::{Position, HOLES};

/// Internal score units per seed.
pub(crate) const SCALE: i32 = 8;

/// Weights of the evaluation's terms, in internal units (see the module's
/// documentation).
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
        row: SCALE / 4,
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
        let mut child = *position;
        let captured = child.play_unchecked(hole).captured;
        best = best.max(captured);
    }
    best
}
