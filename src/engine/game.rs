//! A game: a start position, the moves played, and the end of the game
//! (docs/RULES.md, "End of the game"), which needs the history for the loop rule.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::notation::Record;
use super::position::{IllegalMove, MoveOutcome, Position, HOLES};
use super::seat::{Hole, HoleSet, Seat};

/// How a game ended by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameEnd {
    /// The player to move had no seeds; the other player took the rest.
    NoSeeds,
    /// A position recurred; the seeds left on the board go to nobody.
    Loop,
}

impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameEnd::NoSeeds => "no_seeds",
            GameEnd::Loop => "loop",
        })
    }
}

/// Who won: the player with more captures, or nobody on equal captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    Seat(Seat),
    Draw,
}

impl Winner {
    /// The result of a game whose captures are `captured_a` and `captured_b`.
    pub fn from_captures(captured_a: u32, captured_b: u32) -> Winner {
        use std::cmp::Ordering::*;
        match captured_a.cmp(&captured_b) {
            Greater => Winner::Seat(Seat::A),
            Less => Winner::Seat(Seat::B),
            Equal => Winner::Draw,
        }
    }
}

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Winner::Seat(seat) => write!(f, "{seat}"),
            Winner::Draw => f.write_str("draw"),
        }
    }
}

impl Serialize for Winner {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Winner {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Winner, D::Error> {
        let text = String::deserialize(deserializer)?;
        match text.as_str() {
            "draw" => Ok(Winner::Draw),
            seat => seat.parse().map(Winner::Seat).map_err(serde::de::Error::custom),
        }
    }
}

/// Whether a game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Ongoing { to_move: Seat },
    Finished { end: GameEnd, winner: Winner },
}

/// The positions the loop rule compares: the 14 holes and the player to move.
type LoopKey = ([u8; HOLES], Seat);

/// A game of Akon from a start position, enforcing every rule.
///
/// ```
/// use akon::engine::{Game, GameEnd, Hole, Seat, Status};
///
/// let mut game = Game::opening(Seat::A);
/// for hole in [3, 5, 1] {
///     game.play(Hole::new(hole).unwrap()).unwrap();
/// }
/// assert_eq!(game.record().to_string(), "A: 3 5 1");
/// assert_eq!(game.status(), Status::Ongoing { to_move: Seat::B });
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Hole>,
    /// Positions since the board last lost seeds: no earlier one can recur,
    /// because seeds never come back onto the board.
    since_last_capture: Vec<LoopKey>,
    end: Option<GameEnd>,
}

/// A move of a list that could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {number} (hole {hole}) is illegal: {reason}")]
pub struct ReplayError {
    /// 1 for the first move of the list.
    pub number: usize,
    pub hole: Hole,
    pub reason: IllegalMove,
}

impl Game {
    /// A game from the opening position, `first` moving first.
    pub fn opening(first: Seat) -> Game {
        Game::from_position(Position::opening(first))
    }

    /// A game from any position. If the player to move has no seeds the game
    /// is over at once, as it would be after a move.
    pub fn from_position(start: Position) -> Game {
        let mut game = Game {
            start,
            position: start,
            moves: Vec::new(),
            since_last_capture: vec![(*start.board(), start.to_move())],
            end: None,
        };
        game.check_no_seeds();
        game
    }

    /// Plays `moves` in order from `start`.
    pub fn replay(start: Position, moves: &[Hole]) -> Result<Game, ReplayError> {
        let mut game = Game::from_position(start);
        for (i, &hole) in moves.iter().enumerate() {
            game.play(hole).map_err(|reason| ReplayError {
                number: i + 1,
                hole,
                reason,
            })?;
        }
        Ok(game)
    }

    /// Replays a game written in notation, from the opening position.
    pub fn from_record(record: &Record) -> Result<Game, ReplayError> {
        Game::replay(Position::opening(record.first), &record.moves)
    }

    /// Plays `hole` for the player to move.
    pub fn play(&mut self, hole: Hole) -> Result<MoveOutcome, IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let before = self.position.board_total();
        let outcome = self.position.play(hole)?;
        self.moves.push(hole);
        if self.check_no_seeds() {
            return Ok(outcome);
        }
        if self.position.board_total() < before {
            self.since_last_capture.clear();
        }
        let key = (*self.position.board(), self.position.to_move());
        if self.since_last_capture.contains(&key) {
            self.end = Some(GameEnd::Loop);
        }
        self.since_last_capture.push(key);
        Ok(outcome)
    }

    /// Plays `hole` for `seat`, refusing if it is not `seat`'s turn.
    pub fn play_as(&mut self, seat: Seat, hole: Hole) -> Result<MoveOutcome, IllegalMove> {
        match self.status() {
            Status::Finished { .. } => Err(IllegalMove::GameOver),
            Status::Ongoing { to_move } if to_move != seat => Err(IllegalMove::NotYourRow { seat, to_move }),
            Status::Ongoing { .. } => self.play(hole),
        }
    }

    /// docs/RULES.md, "End of the game", 1.
    fn check_no_seeds(&mut self) -> bool {
        let to_move = self.position.to_move();
        if self.position.row_total(to_move) == 0 {
            self.position.sweep_to(to_move.opponent());
            self.end = Some(GameEnd::NoSeeds);
            true
        } else {
            false
        }
    }

    /// The current position. Once the game is over its `to_move` is the
    /// player who would have moved next.
    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn moves(&self) -> &[Hole] {
        &self.moves
    }

    /// The game in notation: the first mover's seat and the moves.
    pub fn record(&self) -> Record {
        Record {
            first: self.start.to_move(),
            moves: self.moves.clone(),
        }
    }

    pub fn end(&self) -> Option<GameEnd> {
        self.end
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// The player to move, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Seat> {
        match self.end {
            None => Some(self.position.to_move()),
            Some(_) => None,
        }
    }

    /// The legal moves, empty once the game is over.
    pub fn legal_moves(&self) -> HoleSet {
        match self.end {
            None => self.position.legal_moves(),
            Some(_) => HoleSet::EMPTY,
        }
    }

    pub fn status(&self) -> Status {
        match self.end {
            None => Status::Ongoing {
                to_move: self.position.to_move(),
            },
            Some(end) => Status::Finished {
                end,
                winner: Winner::from_captures(
                    self.position.captured(Seat::A) as u32,
                    self.position.captured(Seat::B) as u32,
                ),
            },
        }
    }

    /// Every position of the game since seeds last left the board, oldest
    /// first, current last: what the loop rule compares against. The search
    /// needs it to respect the loop rule.
    pub fn loop_history(&self) -> impl Iterator<Item = ([u8; HOLES], Seat)> + '_ {
        self.since_last_capture.iter().copied()
    }
}
