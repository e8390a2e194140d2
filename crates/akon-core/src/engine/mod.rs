//! The rules of Akon, exactly as `docs/RULES.md` states them: positions, moves,
//! sowing, captures, the feeding rule, the end of the game and notation.
//! Pure: no I/O, no async; the hot path (sowing, legal moves) works on a
//! fixed array and never allocates.
//!
//! ```
//! use akon_core::engine::{Game, GameEnd, Hole, Seat, Status};
//!
//! // A game from the opening, A moving first.
//! let mut game = Game::opening(Seat::A);
//! assert_eq!(game.legal_moves().numbers(), vec![1, 2, 3, 4, 5, 6, 7]);
//!
//! // A sows hole 3: five seeds go to A4 … A7 and B1. The last one is in
//! // B's hole 1, which is never captured: A keeps just that seed.
//! let outcome = game.play(Hole::new(3).unwrap()).unwrap();
//! assert_eq!(outcome.sown, 5);
//! assert!(outcome.kept_from_hole_one);
//! assert_eq!(outcome.captured, 1);
//!
//! // Play on until the game ends, always taking the first legal move.
//! while let Some(hole) = game.legal_moves().iter().next() {
//!     game.play(hole).unwrap();
//! }
//! assert!(matches!(game.status(), Status::Finished { .. }));
//! let position = game.position();
//! assert_eq!(
//!     position.board_total() + position.captured(Seat::A) as u32 + position.captured(Seat::B) as u32,
//!     70
//! );
//! ```
//!
//! Where each rule lives:
//! - board, seats, hole numbering: [`Seat`], [`Hole`], [`Position`];
//! - sowing (ordinary, 14 seeds, 15 or more) and captures (hole 1, chains):
//!   [`Position::play`], which returns a [`MoveOutcome`];
//! - feeding: [`Position::legal_moves`];
//! - end of the game (no seeds, loop) and the winner: [`Game`];
//! - notation: [`Record`]; the test vectors' JSON: [`PositionJson`], [`StateJson`].

mod game;
mod json;
mod notation;
mod perft;
mod position;
mod seat;

pub use game::{Game, GameEnd, ReplayError, ResumeError, Status, Winner};
pub use json::{BoardJson, CapturedJson, PositionJson, PositionJsonError, StateJson, StatusJson};
pub use notation::{Record, RecordError};
pub use perft::perft;
pub use position::{IllegalMove, MoveOutcome, Position, PositionError, HOLES, OPENING_SEEDS_PER_HOLE, TOTAL_SEEDS};
pub use seat::{Hole, HoleError, HoleSet, HoleSetIter, Seat, SeatError, HOLES_PER_ROW};
