//! A hint for a player against the computer: the engine's best move and the
//! plainest reason for it that the position shows.

use super::{decide, EvalWeights, LevelConfig, Limits};
use crate::engine::{Game, Hole, HoleSet, Position, Seat};

/// Positions a hint searches: about a tenth of a second on one core.
pub const HINT_NODES: u64 = 1_000_000;

/// Why the hinted move is good, from the most concrete reason down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintReason {
    /// It captures this many seeds now.
    Captures { seeds: u8 },
    /// The opponent threatens to capture `seeds` from the mover's `holes`
    /// (the threat's hole numbers); after the move they can take fewer.
    Protects { holes: HoleSet, seeds: u8 },
    /// No capture or threat decides it: the engine's line ends with this
    /// capture difference for the mover.
    BestLine { score: i32 },
}

/// The hinted move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    pub hole: Hole,
    pub reason: HintReason,
    /// Expected final capture difference for the mover.
    pub score: i32,
}

/// The opponent's biggest immediate capture if it were their move in
/// `position` (seeds, and the mover's holes it empties).
fn threat(position: &Position, mover: Seat) -> (u8, HoleSet) {
    let opponent = mover.opponent();
    let captured = [position.captured(Seat::A) as i64, position.captured(Seat::B) as i64];
    let row = |seat: Seat| position.row(seat).map(i64::from);
    let Ok(theirs) = Position::new(&row(Seat::A), &row(Seat::B), captured, opponent) else {
        return (0, HoleSet::EMPTY);
    };
    theirs
        .legal_moves()
        .iter()
        .map(|hole| {
            let mut next = theirs;
            let outcome = next.play_unchecked(hole);
            // A hole 1's kept seed is not a capture of the mover's holes.
            let holes = outcome.captured_holes;
            (if holes.is_empty() { 0 } else { outcome.captured }, holes)
        })
        .max_by_key(|(seeds, _)| *seeds)
        .unwrap_or((0, HoleSet::EMPTY))
}

/// The best move in the position `game` has reached, searched to `nodes`
/// positions (no time limit: the same hint on any machine), with its
/// reason. `None` once the game is over.
pub fn hint(game: &Game, nodes: u64) -> Option<Hint> {
    let config = LevelConfig {
        limits: Limits::nodes(nodes.max(1)),
        blunder_chance: 0.0,
        tolerance: None,
        eval: EvalWeights::STANDARD,
        late_move_reductions: false,
    };
    let decision = decide(game, &config, 0)?;
    let position = *game.position();
    let mover = position.to_move();
    let mut after = position;
    let outcome = after.play_unchecked(decision.hole);
    let reason = if outcome.captured > 0 && !outcome.captured_holes.is_empty() {
        HintReason::Captures {
            seeds: outcome.captured,
        }
    } else {
        let (before_seeds, before_holes) = threat(&position, mover);
        let (after_seeds, _) = threat(&after, mover);
        if before_seeds > after_seeds {
            HintReason::Protects {
                holes: before_holes,
                seeds: before_seeds - after_seeds,
            }
        } else {
            HintReason::BestLine { score: decision.score }
        }
    };
    Some(Hint {
        hole: decision.hole,
        reason,
        score: decision.score,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(a: [i64; 7], b: [i64; 7], captured: [i64; 2], to_move: Seat) -> Game {
        Game::from_position(Position::new(&a, &b, captured, to_move).unwrap())
    }

    #[test]
    fn a_capture_is_named_with_its_seeds() {
        // A's hole 7 holds 2 seeds: the last lands in B2 (1 → 2), a capture of 2
        // then B1 is never taken.
        let game = position([0, 0, 0, 0, 0, 0, 2], [1, 1, 0, 0, 0, 0, 0], [33, 33], Seat::A);
        let hint = hint(&game, 10_000).unwrap();
        assert_eq!(hint.hole, Hole::new(7).unwrap());
        assert_eq!(hint.reason, HintReason::Captures { seeds: 2 });
    }

    #[test]
    fn the_hint_is_the_searched_best_move_and_is_legal() {
        let game = Game::opening(Seat::B);
        let hint = hint(&game, 20_000).unwrap();
        assert!(game.legal_moves().contains(hint.hole));
        assert_eq!(hint, super::hint(&game, 20_000).unwrap(), "deterministic");
    }
}
