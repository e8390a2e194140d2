//! docs/RULES.md, "Notation": `A: 3 5 1 7 2` — the first mover's seat, then the
//! holes played in order.

use std::fmt;
use std::str::FromStr;

use super::seat::{Hole, HoleError, Seat};

/// A game written down: who moved first and the holes played.
///
/// ```
/// use akon_core::engine::{Record, Seat};
///
/// let record: Record = "A: 3 5 1".parse().unwrap();
/// assert_eq!(record.first, Seat::A);
/// assert_eq!(record.moves.len(), 3);
/// assert_eq!(record.to_string(), "A: 3 5 1");
/// assert!("C: 1".parse::<Record>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub first: Seat,
    pub moves: Vec<Hole>,
}

/// Why a text is not a game record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("a game record starts with the first mover's seat and a colon, as in `A: 3 5 1`")]
    MissingSeat,
    #[error("`{0}` is not a seat: a game record starts with A: or B:")]
    BadSeat(String),
    #[error("move {number}: {error}")]
    BadHole { number: usize, error: HoleError },
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.first)?;
        for hole in &self.moves {
            write!(f, " {hole}")?;
        }
        Ok(())
    }
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record, RecordError> {
        let (seat, moves) = text.split_once(':').ok_or(RecordError::MissingSeat)?;
        let first = seat
            .parse()
            .map_err(|_| RecordError::BadSeat(seat.trim().to_string()))?;
        let moves = moves
            .split_whitespace()
            .enumerate()
            .map(|(i, word)| {
                word.parse()
                    .map_err(|error| RecordError::BadHole { number: i + 1, error })
            })
            .collect::<Result<_, _>>()?;
        Ok(Record { first, moves })
    }
}
