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
/// use akon_core::engine::{Game, GameEnd, Hole, Seat, Status};
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
    /// Moves played before this value was resumed from a stored state
    /// ([`Game::resume`]): counted, not kept.
    earlier_moves: usize,
    moves: Vec<Hole>,
    /// Positions since the board last lost seeds: no earlier one can recur,
    /// because seeds never come back onto the board.
    since_last_capture: Vec<LoopKey>,
    end: Option<GameEnd>,
}

/// Characters per position in [`Game::loop_history_text`].
const LOOP_KEY_TEXT: usize = 2 * HOLES + 1;

/// A stored game state that [`Game::resume`] cannot take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ResumeError {
    #[error("the loop history is not in the stored format")]
    History,
    #[error("the loop history does not end with the current position")]
    NotTheCurrentPosition,
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
            earlier_moves: 0,
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

    /// Resumes a game from its stored state instead of replaying it: the
    /// start, the current position after `ply` moves, and the loop rule's
    /// history as [`Game::loop_history_text`] wrote it. The moves themselves
    /// are not kept: [`Game::moves`] and [`Game::record`] then hold only the
    /// moves played after resuming, while [`Game::ply`] counts them all.
    pub fn resume(start: Position, position: Position, ply: usize, history: &str) -> Result<Game, ResumeError> {
        if !history.len().is_multiple_of(LOOP_KEY_TEXT) || !history.is_ascii() {
            return Err(ResumeError::History);
        }
        let mut since_last_capture = Vec::with_capacity(history.len() / LOOP_KEY_TEXT + 1);
        for entry in history.as_bytes().chunks(LOOP_KEY_TEXT) {
            let mut board = [0u8; HOLES];
            for (i, seeds) in board.iter_mut().enumerate() {
                let hex = std::str::from_utf8(&entry[2 * i..2 * i + 2]).map_err(|_| ResumeError::History)?;
                *seeds = u8::from_str_radix(hex, 16).map_err(|_| ResumeError::History)?;
            }
            let seat = match entry[2 * HOLES] {
                b'A' => Seat::A,
                b'B' => Seat::B,
                _ => return Err(ResumeError::History),
            };
            since_last_capture.push((board, seat));
        }
        let (&current, earlier) = since_last_capture.split_last().ok_or(ResumeError::History)?;
        let is_loop = earlier.contains(&current);
        let mut game = Game {
            start,
            position,
            earlier_moves: ply,
            moves: Vec::new(),
            since_last_capture,
            end: None,
        };
        if game.position.row_total(game.position.to_move()) == 0 {
            game.end = Some(GameEnd::NoSeeds);
        } else {
            if current != (*position.board(), position.to_move()) {
                return Err(ResumeError::NotTheCurrentPosition);
            }
            if is_loop {
                game.end = Some(GameEnd::Loop);
            }
        }
        Ok(game)
    }

    /// The loop rule's history ([`Game::loop_history`]) as compact text, for
    /// storing beside the position: per position, its 14 holes as two hex
    /// digits each, then the seat to move.
    pub fn loop_history_text(&self) -> String {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let mut text = String::with_capacity(self.since_last_capture.len() * LOOP_KEY_TEXT);
        for (board, seat) in &self.since_last_capture {
            for &seeds in board {
                text.push(HEX[usize::from(seeds >> 4)] as char);
                text.push(HEX[usize::from(seeds & 15)] as char);
            }
            text.push(seat.letter());
        }
        text
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

    /// The moves played, unless the game was resumed ([`Game::resume`]):
    /// then only those played since.
    pub fn moves(&self) -> &[Hole] {
        &self.moves
    }

    /// How many moves were played since the start.
    pub fn ply(&self) -> usize {
        self.earlier_moves + self.moves.len()
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
