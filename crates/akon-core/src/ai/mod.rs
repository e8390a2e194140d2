//! The computer player: a search that plays Akon by every rule, and the
//! difficulty levels built on it. Pure: no I/O, no async; the only outside
//! input is the clock, and only when a time limit is given.
//!
//! ```
//! use akon_core::ai::{analyze, choose_move, Level, Limits};
//! use akon_core::engine::{Game, Seat};
//!
//! let game = Game::opening(Seat::A);
//! let analysis = analyze(&game, &Limits::depth(6)).unwrap();
//! assert_eq!(analysis.depth, 6);
//! assert_eq!(analysis.moves.len(), 7);
//! assert!(game.legal_moves().contains(analysis.best));
//!
//! let hole = choose_move(&game, Level::Easy, 42).unwrap();
//! assert!(game.legal_moves().contains(hole));
//! ```
//!
//! - the search (negamax alpha-beta, iterative deepening, transposition
//!   table, the end-of-game and loop rules inside the tree): `search.rs`;
//! - the evaluation at the horizon and its terms: `eval.rs`; how its
//!   weights are fitted by self-play: [`tuning`];
//! - the levels: [`Level`], [`LevelConfig`];
//! - the post-game review: [`review`] (`review.rs`);
//! - puzzles: [`puzzle_in`], [`mine_game`] (`puzzle.rs`).
//!
//! Every score is the **expected final capture difference for the player to
//! move**: their captures minus the opponent's at the end of the game,
//! counting the seeds captured so far, if both sides play the lines the
//! search sees.

mod eval;
mod hint;
mod level;
mod puzzle;
mod review;
mod search;
pub mod tables;
mod tt;
pub mod tuning;
mod zobrist;

use std::time::{Duration, Instant};

use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

use crate::engine::{Game, Hole};
use crate::random::SplitMix64;

pub use eval::{features, EvalWeights, SCALE as UNITS_PER_SEED, TERMS, TERM_NAMES};
pub use hint::{hint, Hint, HintReason, HINT_NODES};
pub use level::{Level, LevelConfig, LevelError};
pub use puzzle::{
    candidate_positions, mine_game, puzzle_in, self_play_game, Puzzle, Solution, CONFIRMING_FACTOR,
    OPENING_PLIES_SKIPPED, POSITIONS_PER_GAME, PUZZLE_MARGIN_SEEDS, PUZZLE_NODES,
};
pub use review::{
    evaluation_graph, review, Classification, Review, ReviewedMove, SeatSummary, Seats, ACCURATE_WITHIN_SEEDS,
    BLUNDER_SEEDS, INACCURACY_SEEDS, MISTAKE_SEEDS, REVIEW_NODES,
};

use eval::SCALE;

/// How far a search may go. It stops at whichever limit it reaches first;
/// it always completes at least one ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Plies of the deepest iteration (1 to [`Limits::MAX_DEPTH`]).
    pub max_depth: u32,
    /// Nodes (positions visited). With a node limit and no time limit the
    /// result depends only on the game and the limits.
    pub max_nodes: u64,
    /// Wall-clock time.
    pub max_time: Option<Duration>,
}

impl Limits {
    /// The deepest the search goes.
    pub const MAX_DEPTH: u32 = 100;

    /// No limit but the maximum depth: only for positions near the end.
    pub const UNLIMITED: Limits = Limits {
        max_depth: Limits::MAX_DEPTH,
        max_nodes: u64::MAX,
        max_time: None,
    };

    /// Search to `plies` (exactly, unless the game is decided sooner).
    pub fn depth(plies: u32) -> Limits {
        Limits {
            max_depth: plies,
            ..Limits::UNLIMITED
        }
    }

    /// Search until `nodes` positions have been visited.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            max_nodes: nodes,
            ..Limits::UNLIMITED
        }
    }

    /// Search for `time`.
    pub fn time(time: Duration) -> Limits {
        Limits {
            max_time: Some(time),
            ..Limits::UNLIMITED
        }
    }

    /// Transposition table size: about one entry per two nodes of budget,
    /// from 4 096 entries (64 KiB) to 4 Mi entries (64 MiB); a shallow depth
    /// limit needs less (each ply about doubles the tree).
    fn table_bits(&self) -> u32 {
        let nodes = self.max_nodes.max(1);
        let by_nodes = (64 - (nodes - 1).leading_zeros()).saturating_sub(1);
        let by_depth = self.max_depth.saturating_add(8);
        by_nodes.min(by_depth).clamp(12, 22)
    }

    fn params(&self, exact_root: bool, weights: EvalWeights) -> search::Params {
        search::Params {
            max_depth: self.max_depth.clamp(1, Limits::MAX_DEPTH),
            max_nodes: self.max_nodes,
            deadline: self.max_time.map(|t| Instant::now() + t),
            exact_root,
            weights,
            tt_bits: self.table_bits(),
            tables: tables::installed(),
            late_move_reductions: false,
        }
    }
}

/// What a search found about the position a game has reached.
///
/// Serializes (see [`Analysis::to_json`]) as
/// `{"best": 3, "score": 2, "exact": false, "depth": 14, "nodes": 4999871, "pv": [3, 5, 1],
/// "moves": {"1": -4, "2": 0, "3": 2, ...}}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The best move found.
    pub best: Hole,
    /// Its score: the expected final capture difference for the player to
    /// move (their captures minus the opponent's, at the end of the game).
    pub score: i32,
    /// Plies of the deepest completed iteration.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The principal variation: the best move, then the expected replies.
    pub pv: Vec<Hole>,
    /// Every legal move and its score, by hole number; the score is the
    /// expected final capture difference for the player to move if they
    /// play that move.
    pub moves: Vec<(Hole, i32)>,
    /// The scores are exact: every line the search followed ended the game
    /// or reached the endgame tables, none was cut at a depth and guessed.
    pub exact: bool,
}

impl Analysis {
    /// The analysis as a JSON object, as `akon analyze` prints it.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("an analysis always serializes")
    }
}

impl Serialize for Analysis {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct Moves<'a>(&'a [(Hole, i32)]);
        impl Serialize for Moves<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(self.0.len()))?;
                for (hole, score) in self.0 {
                    map.serialize_entry(&hole.number().to_string(), score)?;
                }
                map.end()
            }
        }
        let mut s = serializer.serialize_struct("Analysis", 7)?;
        s.serialize_field("best", &self.best)?;
        s.serialize_field("score", &self.score)?;
        s.serialize_field("exact", &self.exact)?;
        s.serialize_field("depth", &self.depth)?;
        s.serialize_field("nodes", &self.nodes)?;
        s.serialize_field("pv", &self.pv)?;
        s.serialize_field("moves", &Moves(&self.moves))?;
        s.end()
    }
}

/// Internal units of future gain to seeds, rounded to the nearest (halves
/// away from zero). Exact scores (game ends) are whole seeds already.
fn to_seeds(units: i32) -> i32 {
    let half = SCALE / 2;
    if units >= 0 {
        (units + half) / SCALE
    } else {
        -((-units + half) / SCALE)
    }
}

/// The capture difference so far, for the player to move.
fn capture_difference(game: &Game) -> i32 {
    let position = game.position();
    capture_difference_of(position, position.to_move())
}

/// `seat`'s captures minus the opponent's.
fn capture_difference_of(position: &crate::engine::Position, seat: crate::engine::Seat) -> i32 {
    position.captured(seat) as i32 - position.captured(seat.opponent()) as i32
}

fn analysis_from(game: &Game, outcome: search::Outcome) -> Analysis {
    debug_assert!(
        outcome.moves.iter().all(|m| m.exact),
        "analysis scores every move exactly"
    );
    let base = capture_difference(game);
    Analysis {
        best: outcome.best,
        score: base + to_seeds(outcome.score),
        depth: outcome.depth,
        nodes: outcome.nodes,
        pv: outcome.pv,
        moves: outcome
            .moves
            .iter()
            .map(|m| (m.hole, base + to_seeds(m.score)))
            .collect(),
        exact: outcome.exact,
    }
}

/// Searches the position `game` has reached, within `limits`, scoring every
/// legal move exactly. `None` if the game is over.
///
/// The game's history matters: a move that repeats a position of the game
/// since the last capture ends the game by the loop rule, and is scored so.
/// Deterministic for a given game and limits, unless the time limit is the
/// one reached.
pub fn analyze(game: &Game, limits: &Limits) -> Option<Analysis> {
    search::search(game, &limits.params(true, EvalWeights::STANDARD)).map(|outcome| analysis_from(game, outcome))
}

/// [`analyze`] with these endgame tables (or none) instead of the installed ones.
pub fn analyze_with_tables(game: &Game, limits: &Limits, tables: Option<&'static tables::Tables>) -> Option<Analysis> {
    let params = search::Params {
        tables,
        ..limits.params(true, EvalWeights::STANDARD)
    };
    search::search(game, &params).map(|outcome| analysis_from(game, outcome))
}

/// The move `level` plays in the position `game` has reached. `None` if the
/// game is over.
///
/// `seed` feeds the level's deliberate randomness (easy and medium); the same
/// game, level and seed give the same move, unless the level's time cap is
/// reached first (a safety net for slow machines).
pub fn choose_move(game: &Game, level: Level, seed: u64) -> Option<Hole> {
    decide(game, &level.config(), seed).map(|decision| decision.hole)
}

/// A move chosen by a level, and what its search saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The move to play.
    pub hole: Hole,
    /// The search's best move; differs from `hole` when the level's
    /// randomness chose another (or `hole` itself when nothing was searched).
    pub best: Hole,
    /// The best move's score: expected final capture difference for the
    /// player to move (0 when nothing was searched).
    pub score: i32,
    /// Plies of the deepest completed iteration; 0 when nothing was searched
    /// (a single legal move, or a deliberately random one).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The principal variation from the best move.
    pub pv: Vec<Hole>,
}

/// The move a level configuration plays, with its search's summary: what
/// [`choose_move`] does, for any configuration (the match runner's per-move
/// budgets, experiments) and for callers that show what the computer saw.
///
/// Levels without randomness ([`LevelConfig::tolerance`] `None`) run the
/// best-move search, which proves only that the best move is best (the other
/// moves' scores are not computed exactly) and so goes deeper than
/// [`analyze`] in the same budget.
pub fn decide(game: &Game, config: &LevelConfig, seed: u64) -> Option<Decision> {
    decide_with_tables(game, config, seed, tables::installed())
}

/// [`decide`] with these endgame tables (or none) instead of the installed
/// ones: a match between the same level with and without tables.
pub fn decide_with_tables(
    game: &Game,
    config: &LevelConfig,
    seed: u64,
    tables: Option<&'static tables::Tables>,
) -> Option<Decision> {
    let legal = game.legal_moves();
    let mut rng = SplitMix64::new(seed ^ zobrist::hash(game.position()));
    let unsearched = |hole: Hole| Decision {
        hole,
        best: hole,
        score: 0,
        depth: 0,
        nodes: 0,
        pv: vec![hole],
    };
    let holes: Vec<Hole> = legal.iter().collect();
    match holes.len() {
        0 => return None,
        1 => return Some(unsearched(holes[0])),
        _ => {}
    }
    if config.blunder_chance > 0.0 && rng.next_f64() < config.blunder_chance {
        return Some(unsearched(holes[rng.below(holes.len())]));
    }
    let params = search::Params {
        tables,
        late_move_reductions: config.late_move_reductions && config.tolerance.is_none(),
        ..config.limits.params(config.tolerance.is_some(), config.eval)
    };
    let outcome = search::search(game, &params)?;
    let hole = match config.tolerance {
        None => outcome.best,
        Some(tolerance) => {
            let margin = tolerance as i32 * SCALE;
            let good: Vec<Hole> = outcome
                .moves
                .iter()
                .filter(|m| m.score >= outcome.score - margin)
                .map(|m| m.hole)
                .collect();
            good[rng.below(good.len())]
        }
    };
    Some(Decision {
        hole,
        best: outcome.best,
        score: capture_difference(game) + to_seeds(outcome.score),
        depth: outcome.depth,
        nodes: outcome.nodes,
        pv: outcome.pv,
    })
}

#[cfg(test)]
mod tests;
