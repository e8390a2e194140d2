//! The closed sets of values stored as text: a challenge's status, a game's
//! status, how a game ended, why it was not rated and a player's result. Each value has one spelling, [`as_str`]
//! (what is bound), and one way back, its `Decode` (what is read): a value
//! the migrations' `CHECK`s would refuse is a decode error naming the
//! column's kind and the text, never a panic. The seats, winners and levels
//! of the layers below are read back the same way, so that no row carries
//! them as text.
//!
//! SQL texts still spell `'ongoing'` and `'pending'` as literals where they
//! filter: the partial indexes (`WHERE status = 'ongoing'`) are used only
//! for a query that names the same literal.
//!
//! [`as_str`]: GameStatus::as_str

use sqlx::any::{Any, AnyTypeInfo, AnyValueRef};
use sqlx::error::BoxDynError;
use sqlx::{Decode, Type};

use crate::ai::Level;
pub use crate::challenge_status::ChallengeStatus;
use crate::engine::{Seat, Winner};
pub use crate::results::Outcome;
use crate::tournament::{self, TournamentFormat, TournamentStatus};

/// A stored text that is none of its column's values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} `{text}` in the database")]
pub struct UnknownValue {
    pub kind: &'static str,
    pub text: String,
}

/// Declares the `Any` decoding of a type stored as its text: what it reads
/// back is parsed by `$parse`, and a text it refuses is an
/// [`UnknownValue`] of `$kind`.
macro_rules! decoded_from_text {
    ($name:ty, $kind:literal, $parse:expr) => {
        impl Type<Any> for $name {
            fn type_info() -> AnyTypeInfo {
                <String as Type<Any>>::type_info()
            }

            fn compatible(ty: &AnyTypeInfo) -> bool {
                <String as Type<Any>>::compatible(ty)
            }
        }

        impl<'r> Decode<'r, Any> for $name {
            fn decode(value: AnyValueRef<'r>) -> Result<$name, BoxDynError> {
                let text = <String as Decode<'r, Any>>::decode(value)?;
                let parse: fn(&str) -> Option<$name> = $parse;
                Ok(parse(&text).ok_or(UnknownValue { kind: $kind, text })?)
            }
        }
    };
}

/// Declares an enum stored as text: its variants with their spellings,
/// and [`spelled_as_text!`] over them.
macro_rules! stored_as_text {
    ($(#[$doc:meta])* $name:ident, $kind:literal { $($(#[$variant_doc:meta])* $variant:ident = $text:literal,)+ }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$variant_doc])* $variant,)+
        }

        spelled_as_text!($name, $kind { $($variant = $text,)+ });
    };
}

/// Declares how an enum (of the store's, or of a module both the store and
/// the service use) is stored as text: `ALL`, `as_str`, `FromStr` and the
/// `Any` decoding.
macro_rules! spelled_as_text {
    ($name:ident, $kind:literal { $($variant:ident = $text:literal,)+ }) => {
        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The stored spelling.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }

        impl std::str::FromStr for $name {
            type Err = UnknownValue;

            fn from_str(text: &str) -> Result<$name, UnknownValue> {
                match text {
                    $($text => Ok($name::$variant),)+
                    _ => Err(UnknownValue { kind: $kind, text: text.to_owned() }),
                }
            }
        }

        decoded_from_text!($name, $kind, |text| text.parse().ok());
    };
}

// Where a challenge stands (`challenges.status`).
spelled_as_text!(ChallengeStatus, "challenge status" {
    Pending = "pending",
    Accepted = "accepted",
    Declined = "declined",
    Withdrawn = "withdrawn",
    Expired = "expired",
});

stored_as_text! {
    /// Whether a game goes on (`games.status`).
    GameStatus, "game status" {
        Ongoing = "ongoing",
        Finished = "finished",
    }
}

stored_as_text! {
    /// How a finished game ended (`games.end_reason`); an aborted game has
    /// none.
    EndReason, "end reason" {
        /// The player to move had no seeds.
        NoSeeds = "no_seeds",
        /// A position came back.
        Loop = "loop",
        Resignation = "resignation",
        Timeout = "timeout",
    }
}

stored_as_text! {
    /// Why a finished game was not rated (`game_ratings.unrated_reason`).
    UnratedReason, "unrated reason" {
        /// One side was the computer.
        Computer = "computer",
        Aborted = "aborted",
        /// The two players had had their rated games for the day.
        PairLimit = "pair_limit",
        /// A game of a tournament its organiser made unrated.
        UnratedTournament = "unrated_tournament",
        /// A tournament game that ended before both players moved: a
        /// forfeit, not a game played.
        Forfeit = "forfeit",
        /// The game's tournament was cancelled while it was being played,
        /// which ended it with no result.
        TournamentCancelled = "tournament_cancelled",
        /// A friendly game: its challenger asked for it unrated.
        Friendly = "friendly",
    }
}

// A player's result in one game (`results.outcome`).
spelled_as_text!(Outcome, "outcome" {
    Win = "win",
    Loss = "loss",
    Draw = "draw",
});

/// A value of the layers below (a seat, a winner, a level) as a row's field
/// reads it: their crate knows nothing of SQL, so the decoding is this
/// wrapper's, and a field names it with `#[sqlx(try_from = "Stored<Seat>")]`
/// (or `Stored<Option<Seat>>` for a column that may be NULL).
pub struct Stored<T>(T);

/// Declares [`Stored`]'s decoding of a type stored as its text
/// ([`decoded_from_text!`] on the wrapper), and of the column that may be
/// NULL.
macro_rules! stored_below {
    ($name:ty, $kind:literal, $parse:expr) => {
        decoded_from_text!(Stored<$name>, $kind, |text| {
            let parse: fn(&str) -> Option<$name> = $parse;
            parse(text).map(Stored)
        });

        impl From<Stored<$name>> for $name {
            fn from(stored: Stored<$name>) -> $name {
                stored.0
            }
        }

        impl Type<Any> for Stored<Option<$name>> {
            fn type_info() -> AnyTypeInfo {
                <Stored<$name> as Type<Any>>::type_info()
            }

            fn compatible(ty: &AnyTypeInfo) -> bool {
                <Stored<$name> as Type<Any>>::compatible(ty)
            }
        }

        impl<'r> Decode<'r, Any> for Stored<Option<$name>> {
            fn decode(value: AnyValueRef<'r>) -> Result<Stored<Option<$name>>, BoxDynError> {
                let stored = <Option<Stored<$name>> as Decode<'r, Any>>::decode(value)?;
                Ok(Stored(stored.map(|Stored(value)| value)))
            }
        }

        impl From<Stored<Option<$name>>> for Option<$name> {
            fn from(stored: Stored<Option<$name>>) -> Option<$name> {
                stored.0
            }
        }
    };
}

// A seat (`games.computer_seat`, `moves.seat`): `A` or `B`.
stored_below!(Seat, "seat", |text| text.parse().ok());
// Who won (`games.winner`): a seat, or `draw`.
stored_below!(Winner, "winner", |text| match text {
    "draw" => Some(Winner::Draw),
    seat => seat.parse().ok().map(Winner::Seat),
});
// The computer's level (`games.computer_level`, `results.computer_level`).
stored_below!(Level, "computer level", |text| text.parse().ok());

// A tournament's format and status (`tournaments.format`, `.status`).
stored_below!(TournamentFormat, "tournament format", TournamentFormat::from_code);
stored_below!(TournamentStatus, "tournament status", TournamentStatus::from_code);

/// A board's result as a tournament keeps it (`tournament_pairings.outcome`):
/// the bye, or how its game (or forfeit) counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardOutcome {
    Bye,
    Decided(tournament::Outcome),
}

impl BoardOutcome {
    /// The stored spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            BoardOutcome::Bye => "bye",
            BoardOutcome::Decided(outcome) => outcome.code(),
        }
    }

    fn parse(text: &str) -> Option<BoardOutcome> {
        match text {
            "bye" => Some(BoardOutcome::Bye),
            code => tournament::Outcome::from_code(code).map(BoardOutcome::Decided),
        }
    }

    /// The game's outcome; `None` for the bye.
    pub fn decided(self) -> Option<tournament::Outcome> {
        match self {
            BoardOutcome::Bye => None,
            BoardOutcome::Decided(outcome) => Some(outcome),
        }
    }
}

decoded_from_text!(BoardOutcome, "board outcome", BoardOutcome::parse);

#[cfg(test)]
mod tests {
    use super::*;
    use sqlx::{AnyConnection, Connection, FromRow};

    #[derive(Debug, FromRow)]
    struct Row {
        #[sqlx(try_from = "Stored<Seat>")]
        seat: Seat,
        #[sqlx(try_from = "Stored<Option<Winner>>")]
        winner: Option<Winner>,
        #[sqlx(try_from = "Stored<Option<Level>>")]
        level: Option<Level>,
    }

    async fn read(select: &str) -> Result<Row, sqlx::Error> {
        super::super::backend::install_drivers();
        let mut db = AnyConnection::connect("sqlite::memory:").await.unwrap();
        sqlx::query_as::<_, Row>(select).fetch_one(&mut db).await
    }

    #[tokio::test]
    async fn seats_winners_and_levels_are_read_back_and_null_is_none() {
        let row = read("SELECT 'B' AS seat, 'draw' AS winner, 'hard' AS level")
            .await
            .unwrap();
        assert_eq!(
            (row.seat, row.winner, row.level),
            (Seat::B, Some(Winner::Draw), Some(Level::Hard))
        );
        let row = read("SELECT 'A' AS seat, 'B' AS winner, NULL AS level").await.unwrap();
        assert_eq!(
            (row.seat, row.winner, row.level),
            (Seat::A, Some(Winner::Seat(Seat::B)), None)
        );
    }

    #[tokio::test]
    async fn a_text_no_column_holds_is_an_error_naming_its_kind() {
        for (select, expected) in [
            (
                "SELECT 'C' AS seat, NULL AS winner, NULL AS level",
                "unknown seat `C` in the database",
            ),
            (
                "SELECT 'A' AS seat, 'tie' AS winner, NULL AS level",
                "unknown winner `tie` in the database",
            ),
            (
                "SELECT 'A' AS seat, NULL AS winner, 'grandmaster' AS level",
                "unknown computer level `grandmaster` in the database",
            ),
        ] {
            let error = read(select).await.unwrap_err().to_string();
            assert!(error.contains(expected), "{select}: {error}");
        }
    }
}

stored_as_text! {
    /// Where a takeback offer stands (`takeback_offers.status`).
    TakebackStatus, "takeback status" {
        Pending = "pending",
        Accepted = "accepted",
        Declined = "declined",
        /// Overtaken: another takeback of the game was accepted first.
        Void = "void",
    }
}
