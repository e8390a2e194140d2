//! A position and a move: sowing, captures and the feeding rule
//! (docs/RULES.md, "A move", "Captures", "Feeding").

use std::fmt;

use super::seat::{Hole, HoleSet, Seat, HOLES_PER_ROW};

/// Holes on the board.
pub const HOLES: usize = 2 * HOLES_PER_ROW;
/// Seeds in one hole at the start.
pub const OPENING_SEEDS_PER_HOLE: u8 = 5;
/// Seeds in the whole game: on the board plus captured, always.
pub const TOTAL_SEEDS: u32 = 70;
/// Sowing this many seeds goes exactly once round the board.
const LAP: u8 = HOLES as u8;

/// The seeds in all 14 holes, each player's captures and the player to move.
///
/// The board is stored in sowing order, `A1 … A7 B1 … B7`, so that sowing is
/// "the next index, wrapping at 14".
///
/// ```
/// use akon_core::engine::{Hole, Position, Seat};
///
/// let mut position = Position::opening(Seat::A);
/// assert_eq!(position.legal_moves().len(), 7);
/// let outcome = position.play(Hole::new(3).unwrap()).unwrap();
/// assert_eq!(outcome.sown, 5);
/// assert_eq!(position.row(Seat::A), [5, 5, 0, 6, 6, 6, 6]);
/// // The last seed landed in B1, a hole 1: A keeps that one seed.
/// assert!(outcome.kept_from_hole_one);
/// assert_eq!(position.row(Seat::B), [5, 5, 5, 5, 5, 5, 5]);
/// assert_eq!(position.captured(Seat::A), 1);
/// assert_eq!(position.to_move(), Seat::B);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: [u8; HOLES],
    captured: [u8; 2],
    to_move: Seat,
}

/// Why a set of numbers is not a position of Akon.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("a row has 7 holes, but row {seat} has {count}")]
    WrongRowLength { seat: Seat, count: usize },
    #[error("hole {seat}{hole} holds {seeds} seeds: a hole cannot hold a negative number of seeds")]
    NegativeSeeds { seat: Seat, hole: u8, seeds: i64 },
    #[error("{seat} has captured {seeds} seeds: captures cannot be negative")]
    NegativeCaptures { seat: Seat, seeds: i64 },
    #[error("hole {seat}{hole} holds {seeds} seeds: more than the 70 of the whole game")]
    TooManySeeds { seat: Seat, hole: u8, seeds: i64 },
    #[error("{seat} has captured {seeds} seeds: more than the 70 of the whole game")]
    TooManyCaptures { seat: Seat, seeds: i64 },
    #[error("the board holds {board} seeds and the captures {captured}: together they must be exactly 70")]
    WrongTotal { board: i64, captured: i64 },
}

/// A move that may not be played, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    #[error("it is {to_move}'s turn, not {seat}'s: a player may only sow from their own row")]
    NotYourRow { seat: Seat, to_move: Seat },
    #[error("hole {0} is empty")]
    EmptyHole(Hole),
    #[error("hole {0} does not feed the opponent, whose row is empty, and another move does")]
    DoesNotFeed(Hole),
}

/// What one move did: for telling the players, and for checking the engine
/// line by line against docs/RULES.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveOutcome {
    /// Who moved.
    pub seat: Seat,
    /// The hole the seeds were lifted from.
    pub hole: Hole,
    /// How many seeds were sown.
    pub sown: u8,
    /// Where the last seed landed.
    pub last: (Seat, Hole),
    /// The last seed landed in the opponent's hole 1 and was kept.
    pub kept_from_hole_one: bool,
    /// The opponent's holes 2–7 captured by the chain.
    pub captured_holes: HoleSet,
    /// Seeds added to the mover's captures by this move (chain or kept seed).
    pub captured: u8,
}

impl Position {
    /// The opening: five seeds in every hole, nothing captured.
    pub const fn opening(first: Seat) -> Position {
        Position {
            board: [OPENING_SEEDS_PER_HOLE; HOLES],
            captured: [0, 0],
            to_move: first,
        }
    }

    /// A position from its rows (each listed from hole 1 to hole 7), the
    /// captures and the player to move, checked to be a position of Akon.
    ///
    /// ```
    /// use akon_core::engine::{Position, PositionError, Seat};
    ///
    /// let ok = Position::new(&[5; 7], &[5; 7], [0, 0], Seat::B);
    /// assert!(ok.is_ok());
    /// let bad = Position::new(&[5; 7], &[5; 7], [1, 0], Seat::B);
    /// assert!(matches!(bad, Err(PositionError::WrongTotal { .. })));
    /// ```
    pub fn new(row_a: &[i64], row_b: &[i64], captured: [i64; 2], to_move: Seat) -> Result<Position, PositionError> {
        let mut board = [0u8; HOLES];
        for (seat, row) in [(Seat::A, row_a), (Seat::B, row_b)] {
            if row.len() != HOLES_PER_ROW {
                return Err(PositionError::WrongRowLength { seat, count: row.len() });
            }
            for (i, &seeds) in row.iter().enumerate() {
                if seeds < 0 {
                    return Err(PositionError::NegativeSeeds {
                        seat,
                        hole: i as u8 + 1,
                        seeds,
                    });
                }
                // Checked before adding up, so that no sum can overflow.
                if seeds > TOTAL_SEEDS as i64 {
                    return Err(PositionError::TooManySeeds {
                        seat,
                        hole: i as u8 + 1,
                        seeds,
                    });
                }
            }
        }
        for seat in Seat::BOTH {
            let seeds = captured[seat.index()];
            if seeds < 0 {
                return Err(PositionError::NegativeCaptures { seat, seeds });
            }
            if seeds > TOTAL_SEEDS as i64 {
                return Err(PositionError::TooManyCaptures { seat, seeds });
            }
        }
        let board_total: i64 = row_a.iter().chain(row_b).sum();
        let captured_total: i64 = captured.iter().sum();
        if board_total + captured_total != TOTAL_SEEDS as i64 {
            return Err(PositionError::WrongTotal {
                board: board_total,
                captured: captured_total,
            });
        }
        for (i, &seeds) in row_a.iter().chain(row_b).enumerate() {
            board[i] = seeds as u8;
        }
        Ok(Position {
            board,
            captured: [captured[0] as u8, captured[1] as u8],
            to_move,
        })
    }

    /// A bare board and the player to move, for the endgame tables, which
    /// know nothing of the captures so far: the captures are put where the
    /// 70 seeds of the game still add up (all with A), and they only ever
    /// grow by what a move captures.
    pub(crate) fn from_board(board: [u8; HOLES], to_move: Seat) -> Position {
        let on_board: u32 = board.iter().map(|&s| u32::from(s)).sum();
        Position {
            board,
            captured: [TOTAL_SEEDS.saturating_sub(on_board) as u8, 0],
            to_move,
        }
    }

    /// The player to move.
    #[inline]
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Seeds in `seat`'s hole `hole`.
    #[inline]
    pub fn seeds(&self, seat: Seat, hole: Hole) -> u8 {
        self.board[seat.offset() + hole.index()]
    }

    /// `seat`'s row, hole 1 first.
    pub fn row(&self, seat: Seat) -> [u8; HOLES_PER_ROW] {
        let mut row = [0; HOLES_PER_ROW];
        row.copy_from_slice(&self.board[seat.offset()..seat.offset() + HOLES_PER_ROW]);
        row
    }

    /// Seeds in `seat`'s row.
    #[inline]
    pub fn row_total(&self, seat: Seat) -> u32 {
        self.board[seat.offset()..seat.offset() + HOLES_PER_ROW]
            .iter()
            .map(|&s| s as u32)
            .sum()
    }

    /// Seeds on the whole board.
    #[inline]
    pub fn board_total(&self) -> u32 {
        self.board.iter().map(|&s| s as u32).sum()
    }

    /// The 14 holes in sowing order, `A1 … A7 B1 … B7`.
    #[inline]
    pub fn board(&self) -> &[u8; HOLES] {
        &self.board
    }

    /// Seeds `seat` has captured.
    #[inline]
    pub fn captured(&self, seat: Seat) -> u8 {
        self.captured[seat.index()]
    }

    /// The non-empty holes of the player to move.
    #[inline]
    pub fn non_empty_holes(&self) -> HoleSet {
        let offset = self.to_move.offset();
        let mut bits = 0u8;
        for i in 0..HOLES_PER_ROW {
            bits |= ((self.board[offset + i] != 0) as u8) << i;
        }
        HoleSet::from_bits(bits)
    }

    /// The holes the player to move may play (docs/RULES.md, "Feeding"): the
    /// non-empty holes whose move leaves the opponent at least one seed; only
    /// when none does, every non-empty hole. Empty when the player to move has
    /// no seeds.
    ///
    /// This does not know the game's history, so it cannot tell that a game
    /// has already ended by the loop rule: [`Game`](super::Game) does.
    pub fn legal_moves(&self) -> HoleSet {
        let candidates = self.non_empty_holes();
        // A sowing that reaches the opponent passes their hole 1, which is
        // never captured, so a non-empty opponent row stays non-empty: the
        // feeding rule only bites when the row is already empty.
        if self.row_total(self.to_move.opponent()) > 0 {
            return candidates;
        }
        let mut feeding = HoleSet::EMPTY;
        for hole in candidates {
            let mut after = *self;
            after.sow(hole);
            if after.row_total(self.to_move.opponent()) > 0 {
                feeding.insert(hole);
            }
        }
        if feeding.is_empty() {
            candidates
        } else {
            feeding
        }
    }

    /// Whether the player to move may play `hole`, and if not, why.
    pub fn check_move(&self, hole: Hole) -> Result<(), IllegalMove> {
        if self.seeds(self.to_move, hole) == 0 {
            return Err(IllegalMove::EmptyHole(hole));
        }
        if !self.legal_moves().contains(hole) {
            return Err(IllegalMove::DoesNotFeed(hole));
        }
        Ok(())
    }

    /// Plays `hole` for the player to move, if it is legal.
    pub fn play(&mut self, hole: Hole) -> Result<MoveOutcome, IllegalMove> {
        self.check_move(hole)?;
        Ok(self.sow(hole))
    }

    /// Plays `hole` for the player to move without checking the feeding
    /// rule: for search and move generation, which already hold the legal
    /// moves. The hole must not be empty.
    #[inline]
    pub fn play_unchecked(&mut self, hole: Hole) -> MoveOutcome {
        debug_assert!(self.seeds(self.to_move, hole) > 0, "sowing from an empty hole");
        self.sow(hole)
    }

    /// docs/RULES.md, "A move" and "Captures": lift, sow, capture, pass the turn.
    #[inline]
    fn sow(&mut self, hole: Hole) -> MoveOutcome {
        let mover = self.to_move;
        let opponent = mover.opponent();
        let start = mover.offset() + hole.index();
        let seeds = self.board[start];
        self.board[start] = 0;

        let last = if seeds < LAP {
            // Ordinary sowing: one seed into each of the next `seeds` holes.
            let mut at = start;
            for _ in 0..seeds {
                at += 1;
                if at == HOLES {
                    at = 0;
                }
                self.board[at] += 1;
            }
            at
        } else {
            // One lap: every hole gets a seed, the 14th lands in the starting
            // hole. The rest skip the mover's row and go round the
            // opponent's row only, from their hole 1.
            for hole_seeds in &mut self.board {
                *hole_seeds += 1;
            }
            let rest = (seeds - LAP) as usize;
            if rest == 0 {
                start
            } else {
                let each = (rest / HOLES_PER_ROW) as u8;
                let extra = rest % HOLES_PER_ROW;
                let row = &mut self.board[opponent.offset()..opponent.offset() + HOLES_PER_ROW];
                for (i, hole_seeds) in row.iter_mut().enumerate() {
                    *hole_seeds += each + (i < extra) as u8;
                }
                opponent.offset() + (rest - 1) % HOLES_PER_ROW
            }
        };

        let mut outcome = MoveOutcome {
            seat: mover,
            hole,
            sown: seeds,
            last: if last < HOLES_PER_ROW {
                (Seat::A, Hole::from_index(last))
            } else {
                (Seat::B, Hole::from_index(last - HOLES_PER_ROW))
            },
            kept_from_hole_one: false,
            captured_holes: HoleSet::EMPTY,
            captured: 0,
        };

        if outcome.last.0 == opponent {
            let opponent_row = opponent.offset();
            let mut index = last - opponent_row;
            if index == 0 {
                // A hole 1 is never captured: the mover keeps the last seed.
                self.board[last] -= 1;
                outcome.kept_from_hole_one = true;
                outcome.captured = 1;
            } else {
                let mut taken = 0u8;
                let mut holes = HoleSet::EMPTY;
                while index >= 1 && (2..=4).contains(&self.board[opponent_row + index]) {
                    taken += self.board[opponent_row + index];
                    self.board[opponent_row + index] = 0;
                    holes.insert(Hole::from_index(index));
                    index -= 1;
                }
                outcome.captured = taken;
                outcome.captured_holes = holes;
            }
            self.captured[mover.index()] += outcome.captured;
        }

        self.to_move = opponent;
        outcome
    }

    /// docs/RULES.md, "End of the game", 1: the player to move has no seeds, so
    /// the other player captures every seed still on the board.
    pub(crate) fn sweep_to(&mut self, seat: Seat) {
        self.captured[seat.index()] += self.board_total() as u8;
        self.board = [0; HOLES];
    }
}

impl fmt::Display for Position {
    /// The board as drawn from B's side (docs/RULES.md, "Sowing order"), with the
    /// captures and the player to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = self.row(Seat::A);
        let b = self.row(Seat::B);
        let row = |cells: &mut dyn Iterator<Item = u8>| cells.map(|s| format!("{s:>3}")).collect::<String>();
        writeln!(
            f,
            "A {} | captured {}",
            row(&mut a.iter().copied()),
            self.captured(Seat::A)
        )?;
        writeln!(
            f,
            "B {} | captured {}",
            row(&mut b.iter().rev().copied()),
            self.captured(Seat::B)
        )?;
        write!(f, "{} to move", self.to_move)
    }
}
