//! The typed values of the command line: clap checks them, refuses anything
//! else with the list of what it takes, and lists them in `--help`.

use clap::builder::{PossibleValuesParser, TypedValueParser};

use crate::ai::Level;
use crate::engine::Seat;
use crate::i18n::Language;

/// A seat, `A` or `B` (either case).
pub(super) fn seat() -> impl TypedValueParser<Value = Seat> {
    PossibleValuesParser::new(["A", "B"]).try_map(|text| text.parse::<Seat>())
}

/// A level by name: easy, medium, hard or master (any case).
pub(super) fn level() -> impl TypedValueParser<Value = Level> {
    PossibleValuesParser::new(Level::ALL.map(Level::name)).try_map(|text| text.parse::<Level>())
}

/// A language by code: en, fr, es or pt (any case).
pub(super) fn language() -> impl TypedValueParser<Value = Language> {
    PossibleValuesParser::new(Language::ALL.map(Language::code)).try_map(|text| text.parse::<Language>())
}

/// Who moves first in `akon play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum First {
    Seat(Seat),
    /// Drawn from the session's seed.
    Random,
}

/// `A`, `B` or `random` (any case).
pub(super) fn first() -> impl TypedValueParser<Value = First> {
    PossibleValuesParser::new(["A", "B", "random"]).try_map(|text| {
        if text.eq_ignore_ascii_case("random") {
            Ok(First::Random)
        } else {
            text.parse::<Seat>().map(First::Seat)
        }
    })
}
