//! Akon's rules and computer player, the pure core under the bot
//! (the `akon` crate re-exports these modules at the same paths):
//!
//! ```text
//! ai        the computer player: search over the engine, endgame tables, reviews, hints, puzzles
//!  └ engine the rules (docs/RULES.md), pure
//! random    SplitMix64: the one seeded source of every random choice, pure
//! ```

pub mod ai;
pub mod engine;
pub mod random;
