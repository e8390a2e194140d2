//! Puzzles: positions from games where exactly one move is clearly best.
//!
//! A position is a puzzle when the analysis search (every legal move scored
//! exactly), run to a fixed node budget and no time limit, finds a best
//! move that beats every other legal move by at least
//! [`PUZZLE_MARGIN_SEEDS`] seeds of expected final capture difference, and
//! a search of [`CONFIRMING_FACTOR`] times the budget agrees (the same best
//! move, by the same margin): a gap that a deeper look closes is not a
//! puzzle. The budgets being fixed, whether a position is a puzzle, and its
//! answer, depend only on the position: the same on any machine, at any
//! load.
//!
//! A puzzle is its position alone, as [`Game::from_position`] starts it:
//! the loop rule's history of the game it came from is not part of it, so
//! that what the solver sees is all there is.

use serde::{Deserialize, Serialize};

use super::{analyze, choose_move, Level, Limits};
use crate::engine::{Game, Hole, Position, Seat};
use crate::random::SplitMix64;

/// Positions searched to find and check a puzzle: as for a reviewed move,
/// about 40 ms a position on one core.
pub const PUZZLE_NODES: u64 = super::REVIEW_NODES;
/// The best move beats the second best by at least this many seeds.
pub const PUZZLE_MARGIN_SEEDS: i32 = 4;
/// A candidate puzzle is searched again with this many times the budget,
/// and kept only if that search agrees. Few positions are candidates, so
/// this adds little to the cost of mining.
pub const CONFIRMING_FACTOR: u64 = 4;
/// The first plies of a game are skipped: openings differ little.
pub const OPENING_PLIES_SKIPPED: usize = 4;
/// Positions tried from one game at most, spread over the game, so that a
/// batch of mining has a bounded cost.
pub const POSITIONS_PER_GAME: usize = 16;
/// Plies of a self-play game at most.
const SELF_PLAY_PLIES: usize = 120;

/// What the engine found in a puzzle's position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    /// The one clearly best move.
    pub best: Hole,
    /// Expected final capture difference for the player to move after it.
    pub best_score: i32,
    /// The same after the second best move.
    pub second_score: i32,
    /// The engine's line: the best move, then the expected replies.
    pub pv: Vec<Hole>,
    /// Every legal move and its score.
    pub moves: Vec<(Hole, i32)>,
    /// Positions searched, by both searches.
    pub nodes: u64,
}

impl Solution {
    /// Seeds by which the best move beats the second best.
    pub fn margin(&self) -> i32 {
        self.best_score - self.second_score
    }

    /// The score of `hole`, if it is a legal move of the puzzle.
    pub fn score_of(&self, hole: Hole) -> Option<i32> {
        self.moves.iter().find(|(h, _)| *h == hole).map(|(_, s)| *s)
    }
}

/// A position and its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub position: Position,
    pub solution: Solution,
    /// The ply of the game it was taken from (0: its start).
    pub ply: usize,
}

impl Puzzle {
    /// The puzzle's starting Glicko-2 rating, before anyone tries it: 1500,
    /// 150 less when the best move captures at once (it shows on the board),
    /// 150 more when it does not, and 10 less for each seed of margin beyond
    /// [`PUZZLE_MARGIN_SEEDS`] (a wider gap is easier to see), at most 200
    /// less. Answers then move it like a player's rating.
    pub fn initial_rating(&self) -> f64 {
        let mut after = self.position;
        let outcome = after.play_unchecked(self.solution.best);
        let captures_now = outcome.captured > 0 && !outcome.captured_holes.is_empty();
        let shown = if captures_now { -150.0 } else { 150.0 };
        let obvious = f64::from((self.solution.margin() - PUZZLE_MARGIN_SEEDS).clamp(0, 20)) * 10.0;
        1500.0 + shown - obvious
    }
}

/// The puzzle in `position`, if it has one: two legal moves or more, and
/// the best beats every other by [`PUZZLE_MARGIN_SEEDS`], searched to
/// `nodes` positions and confirmed by a search of [`CONFIRMING_FACTOR`]
/// times as many (whose scores the solution gives).
pub fn puzzle_in(position: Position, nodes: u64) -> Option<Solution> {
    let game = Game::from_position(position);
    if game.is_over() || game.legal_moves().len() < 2 {
        return None;
    }
    let first = clear_best(&game, nodes.max(1))?;
    let confirmed = clear_best(&game, nodes.max(1).saturating_mul(CONFIRMING_FACTOR))?;
    (confirmed.best == first.best).then_some(Solution {
        nodes: first.nodes + confirmed.nodes,
        ..confirmed
    })
}

/// The analysis of `game` to `nodes` positions as a solution, if one move
/// beats every other by the margin.
fn clear_best(game: &Game, nodes: u64) -> Option<Solution> {
    let analysis = analyze(game, &Limits::nodes(nodes))?;
    let second = analysis
        .moves
        .iter()
        .filter(|(hole, _)| *hole != analysis.best)
        .map(|(_, score)| *score)
        .max()?;
    (analysis.score - second >= PUZZLE_MARGIN_SEEDS).then_some(Solution {
        best: analysis.best,
        best_score: analysis.score,
        second_score: second,
        pv: analysis.pv,
        moves: analysis.moves,
        nodes: analysis.nodes,
    })
}

/// The positions of the game played from `start` with `moves` that are
/// tried as puzzles: after the opening, the game still on, a choice of
/// moves; at most [`POSITIONS_PER_GAME`], spread evenly. Each with its ply.
pub fn candidate_positions(start: Position, moves: &[Hole]) -> Vec<(usize, Position)> {
    let mut game = Game::from_position(start);
    let mut all = Vec::new();
    for (ply, &hole) in moves.iter().enumerate() {
        if ply >= OPENING_PLIES_SKIPPED && game.legal_moves().len() >= 2 {
            all.push((ply, *game.position()));
        }
        if game.play(hole).is_err() {
            break;
        }
    }
    if all.len() <= POSITIONS_PER_GAME {
        return all;
    }
    (0..POSITIONS_PER_GAME)
        .map(|i| all[i * all.len() / POSITIONS_PER_GAME])
        .collect()
}

/// The puzzles of the game played from `start` with `moves`, each position
/// searched to `nodes` positions.
pub fn mine_game(start: Position, moves: &[Hole], nodes: u64) -> Vec<Puzzle> {
    candidate_positions(start, moves)
        .into_iter()
        .filter_map(|(ply, position)| {
            puzzle_in(position, nodes).map(|solution| Puzzle {
                position,
                solution,
                ply,
            })
        })
        .collect()
}

/// A game of the `easy` level against itself, the same for the same
/// `seed`: where puzzles come from when there are too few finished games.
/// Easy makes the mistakes that leave one move clearly best.
pub fn self_play_game(seed: u64) -> (Position, Vec<Hole>) {
    let mut rng = SplitMix64::new(seed);
    let first = if rng.coin() { Seat::A } else { Seat::B };
    let mut game = Game::opening(first);
    let mut moves = Vec::new();
    while moves.len() < SELF_PLAY_PLIES {
        let Some(hole) = choose_move(&game, Level::Easy, rng.next_u64()) else {
            break;
        };
        game.play(hole).expect("the level plays legal moves");
        moves.push(hole);
    }
    (*game.start(), moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mined_puzzle_has_one_move_ahead_of_all_others_by_the_margin() {
        // A few easy self-play games: not every game has a puzzle.
        let puzzles: Vec<Puzzle> = (1..=4)
            .flat_map(|seed| {
                let (start, moves) = self_play_game(seed);
                mine_game(start, &moves, 5_000)
            })
            .collect();
        assert!(!puzzles.is_empty(), "easy self-play games have puzzles");
        for puzzle in &puzzles {
            let s = &puzzle.solution;
            assert!(puzzle.position.legal_moves().contains(s.best));
            assert_eq!(s.pv.first(), Some(&s.best));
            assert_eq!(s.score_of(s.best), Some(s.best_score));
            for &(hole, score) in s.moves.iter().filter(|(h, _)| *h != s.best) {
                assert!(score <= s.best_score - PUZZLE_MARGIN_SEEDS, "{hole}: {score} in {s:?}");
            }
            assert!(s.moves.iter().any(|&(_, score)| score == s.second_score));
            assert_eq!(puzzle_in(puzzle.position, 5_000).as_ref(), Some(s), "deterministic");
        }
    }

    #[test]
    fn self_play_is_the_same_for_the_same_seed() {
        assert_eq!(self_play_game(7), self_play_game(7));
        assert_ne!(self_play_game(7).1, self_play_game(8).1);
    }

    #[test]
    fn candidates_skip_the_opening_and_are_bounded() {
        let (start, moves) = self_play_game(3);
        let candidates = candidate_positions(start, &moves);
        assert!(candidates.len() <= POSITIONS_PER_GAME);
        assert!(candidates.iter().all(|(ply, _)| *ply >= OPENING_PLIES_SKIPPED));
        assert!(!candidates.is_empty());
    }

    #[test]
    fn a_single_legal_move_is_never_a_puzzle() {
        let position = Position::new(&[0, 0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 0, 0], [34, 34], Seat::A).unwrap();
        assert_eq!(position.legal_moves().len(), 1);
        assert_eq!(puzzle_in(position, 1_000), None);
    }
}
