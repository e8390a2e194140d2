//! The JSON forms of a position and of a game's state, as in the shared test
//! vectors: `{"board": {"A": [..], "B": [..]}, "captured": {"A": n, "B": n},
//! "to_move": "A"}`, and the state adding `legal`, `status`, `end`, `winner`.

use serde::{Deserialize, Serialize};

use super::game::{Game, GameEnd, Status, Winner};
use super::position::{Position, PositionError};
use super::seat::Seat;

/// The two rows, each from hole 1 to hole 7.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardJson {
    #[serde(rename = "A")]
    pub a: Vec<i64>,
    #[serde(rename = "B")]
    pub b: Vec<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CapturedJson {
    #[serde(rename = "A")]
    pub a: i64,
    #[serde(rename = "B")]
    pub b: i64,
}

/// A position as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionJson {
    pub board: BoardJson,
    pub captured: CapturedJson,
    pub to_move: Seat,
}

/// A game's state as JSON: what `akon replay` prints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateJson {
    pub board: BoardJson,
    pub captured: CapturedJson,
    pub to_move: Option<Seat>,
    pub legal: Vec<u8>,
    pub status: StatusJson,
    pub end: Option<GameEnd>,
    pub winner: Option<Winner>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StatusJson {
    Ongoing,
    Finished,
}

/// Why a text is not a position: not JSON at all, JSON of another shape,
/// or a position the rules do not allow.
#[derive(Debug, thiserror::Error)]
pub enum PositionJsonError {
    #[error("the position is not JSON: {0}")]
    NotJson(serde_json::Error),
    #[error("the position is JSON but not of the form {{\"board\": {{\"A\": [7 numbers], \"B\": [7 numbers]}}, \"captured\": {{\"A\": n, \"B\": n}}, \"to_move\": \"A\"}}: {0}")]
    BadValue(serde_json::Error),
    #[error("the position is not a position of Akon: {0}")]
    Invalid(#[from] PositionError),
}

impl Position {
    /// Parses and validates a position in the vectors' JSON form.
    ///
    /// ```
    /// use akon_core::engine::{Position, PositionJsonError, Seat};
    /// let text = r#"{"board": {"A": [5,5,5,5,5,5,5], "B": [5,5,5,5,5,5,5]},
    ///                "captured": {"A": 0, "B": 0}, "to_move": "B"}"#;
    /// assert_eq!(Position::from_json(text).unwrap(), Position::opening(Seat::B));
    /// assert!(matches!(Position::from_json(r#"{"board": 3}"#), Err(PositionJsonError::BadValue(_))));
    /// assert!(matches!(Position::from_json("{board"), Err(PositionJsonError::NotJson(_))));
    /// ```
    pub fn from_json(text: &str) -> Result<Position, PositionJsonError> {
        let json: PositionJson = serde_json::from_str(text).map_err(|error| {
            // The reader stops at the first value of the wrong shape, before
            // any later syntax error (`[5,5,]`): only a second reading
            // that accepts any value tells whether the text is JSON at all.
            match serde_json::from_str::<serde::de::IgnoredAny>(text) {
                Ok(_) => PositionJsonError::BadValue(error),
                Err(syntax) => PositionJsonError::NotJson(syntax),
            }
        })?;
        Ok(Position::try_from(&json)?)
    }

    pub fn to_json(&self) -> PositionJson {
        PositionJson {
            board: board_json(self),
            captured: captured_json(self),
            to_move: self.to_move(),
        }
    }
}

impl TryFrom<&PositionJson> for Position {
    type Error = PositionError;

    fn try_from(json: &PositionJson) -> Result<Position, PositionError> {
        Position::new(
            &json.board.a,
            &json.board.b,
            [json.captured.a, json.captured.b],
            json.to_move,
        )
    }
}

fn board_json(position: &Position) -> BoardJson {
    BoardJson {
        a: position.row(Seat::A).iter().map(|&s| s as i64).collect(),
        b: position.row(Seat::B).iter().map(|&s| s as i64).collect(),
    }
}

fn captured_json(position: &Position) -> CapturedJson {
    CapturedJson {
        a: position.captured(Seat::A) as i64,
        b: position.captured(Seat::B) as i64,
    }
}

impl Game {
    /// The game's state in the vectors' JSON form.
    pub fn state(&self) -> StateJson {
        let position = self.position();
        let (status, end, winner) = match self.status() {
            Status::Ongoing { .. } => (StatusJson::Ongoing, None, None),
            Status::Finished { end, winner } => (StatusJson::Finished, Some(end), Some(winner)),
        };
        StateJson {
            board: board_json(position),
            captured: captured_json(position),
            to_move: self.to_move(),
            legal: self.legal_moves().numbers(),
            status,
            end,
            winner,
        }
    }
}
