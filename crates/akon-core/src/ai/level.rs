//! The difficulty levels, each one named configuration.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::{EvalWeights, Limits};

/// How strongly the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// A beginner's opponent: looks three moves ahead, often settles for a
    /// merely decent move and now and then plays at random.
    Easy,
    /// A club player: a short, exact search, always one of its best moves.
    Medium,
    /// About a second of full-strength search per move.
    Hard,
    /// A few seconds of full-strength search per move: the strongest we have.
    Master,
}

/// What a level is: its search limits and its deliberate randomness.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelConfig {
    /// Plies, nodes and time the search may use for one move.
    pub limits: Limits,
    /// Chance, from 0 to 1, of playing a uniformly random legal move
    /// instead of a searched one.
    pub blunder_chance: f64,
    /// `Some(t)`: every legal move is scored exactly and the move is drawn
    /// uniformly among those at most `t` seeds worse than the best (so
    /// `Some(0)`: among the equally best moves). `None`: the search's own
    /// best move, with the faster best-move search; the seed is unused and
    /// the choice is fully determined by the game.
    pub tolerance: Option<u32>,
    /// The evaluation's weights at the search horizon.
    pub eval: EvalWeights,
    /// Late move reductions in the best-move search (`tolerance` `None`):
    /// the strong levels reach deeper in the same time.
    pub late_move_reductions: bool,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Master];

    /// The level's configuration.
    ///
    /// The node budgets are what decide the strength, and make a level's
    /// move depend only on the game (and the seed); the time caps are a
    /// safety net for slow machines, at roughly twice the time the node
    /// budget takes on one core of a current machine (about 7 million
    /// nodes per second). When a time cap cuts a search short, the move may
    /// differ from run to run.
    pub fn config(self) -> LevelConfig {
        match self {
            // Depth 3 sees an immediate capture and the reply to it; one
            // move in four is random and any move within 3 seeds of the best
            // may be chosen, so a beginner who looks after their seeds wins.
            Level::Easy => LevelConfig {
                limits: Limits {
                    max_depth: 3,
                    max_nodes: 10_000,
                    max_time: Some(Duration::from_millis(200)),
                },
                blunder_chance: 0.25,
                tolerance: Some(3),
                eval: EvalWeights::STANDARD,
                late_move_reductions: false,
            },
            // Six plies, every move scored exactly, random among equals.
            Level::Medium => LevelConfig {
                limits: Limits {
                    max_depth: 6,
                    max_nodes: 200_000,
                    max_time: Some(Duration::from_millis(500)),
                },
                blunder_chance: 0.0,
                tolerance: Some(0),
                eval: EvalWeights::STANDARD,
                late_move_reductions: false,
            },
            // Within a second: 6 million nodes, at the fitted evaluation's
            // 6.5 to 7.3 million nodes a second on one core.
            Level::Hard => LevelConfig {
                limits: Limits {
                    max_depth: Limits::MAX_DEPTH,
                    max_nodes: 6_000_000,
                    max_time: Some(Duration::from_millis(2_500)),
                },
                blunder_chance: 0.0,
                tolerance: None,
                eval: EvalWeights::STANDARD,
                late_move_reductions: true,
            },
            // A few seconds: 32 million nodes, more than four times hard.
            Level::Master => LevelConfig {
                limits: Limits {
                    max_depth: Limits::MAX_DEPTH,
                    max_nodes: 32_000_000,
                    max_time: Some(Duration::from_millis(10_000)),
                },
                blunder_chance: 0.0,
                tolerance: None,
                eval: EvalWeights::STANDARD,
                late_move_reductions: true,
            },
        }
    }

    /// The level's search limits.
    pub fn limits(self) -> Limits {
        self.config().limits
    }

    /// The level's name, as parsed and displayed.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Master => "master",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a level.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a level: the levels are easy, medium, hard and master")]
pub struct LevelError(pub String);

impl FromStr for Level {
    type Err = LevelError;

    fn from_str(s: &str) -> Result<Level, LevelError> {
        let name = s.trim();
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| LevelError(name.to_string()))
    }
}
