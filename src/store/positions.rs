//! Positions and puzzle solutions as stored: JSON text, a position in the
//! vectors' form (`engine::PositionJson`). They are written and read back
//! here alone, so that the layers above handle only the engine's types. A
//! column that does not read back is the row's corruption, not a failure
//! of the database: [`Doing::reading`](super::error::Doing::reading)
//! reports it as [`StoreError::Corrupt`](super::StoreError::Corrupt).

use sqlx::any::{Any, AnyTypeInfo, AnyValueRef};
use sqlx::error::BoxDynError;
use sqlx::{Decode, Type};

use crate::ai::Solution;
use crate::engine::Position;

/// A position as stored. One spelling for every write: a puzzle's position
/// is unique by its text, and a move kept in memory is checked against the
/// row's text (see `grouped_moves`).
pub(super) fn position_text(position: &Position) -> String {
    serde_json::to_string(&position.to_json()).expect("a position serializes")
}

/// A puzzle's solution as stored.
pub(super) fn solution_text(solution: &Solution) -> String {
    serde_json::to_string(solution).expect("a solution serializes")
}

/// Why a stored text is not what its column holds.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(super) struct Unreadable(String);

/// Declares the `Any` decoding of a wrapper of a type stored as JSON text:
/// a text that `$parse` refuses is [`Unreadable`].
macro_rules! read_from_text {
    ($wrapper:ident($inner:ty), $parse:expr) => {
        pub(super) struct $wrapper($inner);

        impl From<$wrapper> for $inner {
            fn from(read: $wrapper) -> $inner {
                read.0
            }
        }

        impl Type<Any> for $wrapper {
            fn type_info() -> AnyTypeInfo {
                <String as Type<Any>>::type_info()
            }

            fn compatible(ty: &AnyTypeInfo) -> bool {
                <String as Type<Any>>::compatible(ty)
            }
        }

        impl<'r> Decode<'r, Any> for $wrapper {
            fn decode(value: AnyValueRef<'r>) -> Result<$wrapper, BoxDynError> {
                let text = <&str as Decode<'r, Any>>::decode(value)?;
                let parse: fn(&str) -> Result<$inner, String> = $parse;
                Ok($wrapper(parse(text).map_err(Unreadable)?))
            }
        }
    };
}

read_from_text!(StoredPosition(Position), |text| Position::from_json(text)
    .map_err(|e| e.to_string()));
read_from_text!(StoredSolution(Solution), |text| serde_json::from_str(text)
    .map_err(|e| e.to_string()));

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Seat;

    #[test]
    fn a_position_reads_back_as_written() {
        let position = Position::opening(Seat::B);
        assert_eq!(Position::from_json(&position_text(&position)).unwrap(), position);
    }
}
