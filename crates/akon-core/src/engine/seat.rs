//! Seats and hole numbers: the two small types every other part of the engine
//! speaks in, so that a hole number can never be confused with a seed count.

use std::fmt;
use std::num::NonZeroU8;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One of the two players. Seat **A** owns the top row, seat **B** the bottom
/// row (as drawn from B's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    A,
    B,
}

impl Seat {
    /// Both seats, A first.
    pub const BOTH: [Seat; 2] = [Seat::A, Seat::B];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Seat {
        match self {
            Seat::A => Seat::B,
            Seat::B => Seat::A,
        }
    }

    /// 0 for A, 1 for B: an index into per-seat arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Where this seat's row starts in the 14-hole sowing cycle
    /// `A1 … A7 B1 … B7`.
    #[inline]
    pub(crate) const fn offset(self) -> usize {
        self.index() * HOLES_PER_ROW
    }

    /// The letter used in notation and JSON.
    pub const fn letter(self) -> char {
        match self {
            Seat::A => 'A',
            Seat::B => 'B',
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A seat letter that is neither `A` nor `B`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a seat: a seat is A or B")]
pub struct SeatError(pub String);

impl FromStr for Seat {
    type Err = SeatError;

    fn from_str(s: &str) -> Result<Seat, SeatError> {
        match s.trim() {
            "A" | "a" => Ok(Seat::A),
            "B" | "b" => Ok(Seat::B),
            other => Err(SeatError(other.to_string())),
        }
    }
}

/// Holes in one row.
pub const HOLES_PER_ROW: usize = 7;

/// A hole of the mover's own row, numbered 1 to 7 from that player's right
/// (docs/RULES.md, "Board and pieces"). The number is checked once, on entry.
///
/// Held as a `NonZeroU8` so that `Option<Hole>` is one byte, as small as the
/// number alone: the computer player's tables say "no move" with `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole(NonZeroU8);

/// A number that is not a hole number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HoleError {
    #[error("hole {0} does not exist: holes are numbered 1 to 7")]
    OutOfRange(i64),
    #[error("`{0}` is not a hole number: holes are numbered 1 to 7")]
    NotANumber(String),
}

impl Hole {
    /// All seven holes, 1 to 7.
    pub const ALL: [Hole; HOLES_PER_ROW] = [
        Hole::from_index(0),
        Hole::from_index(1),
        Hole::from_index(2),
        Hole::from_index(3),
        Hole::from_index(4),
        Hole::from_index(5),
        Hole::from_index(6),
    ];

    /// Hole `number` (1–7).
    ///
    /// ```
    /// use akon_core::engine::Hole;
    /// assert_eq!(Hole::new(3).unwrap().number(), 3);
    /// assert!(Hole::new(0).is_err());
    /// assert!(Hole::new(8).is_err());
    /// ```
    pub fn new(number: i64) -> Result<Hole, HoleError> {
        if (1..=HOLES_PER_ROW as i64).contains(&number) {
            Ok(Hole::from_index(number as usize - 1))
        } else {
            Err(HoleError::OutOfRange(number))
        }
    }

    /// The hole number, 1 to 7.
    #[inline]
    pub const fn number(self) -> u8 {
        self.0.get()
    }

    /// 0 to 6: the hole's place within its row.
    #[inline]
    pub const fn index(self) -> usize {
        self.number() as usize - 1
    }

    #[inline]
    pub(crate) const fn from_index(index: usize) -> Hole {
        match NonZeroU8::new(index as u8 + 1) {
            Some(number) => Hole(number),
            None => panic!("a hole index is 0 to 6"),
        }
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl FromStr for Hole {
    type Err = HoleError;

    fn from_str(s: &str) -> Result<Hole, HoleError> {
        let s = s.trim();
        match s.parse::<i64>() {
            Ok(n) => Hole::new(n),
            Err(_) => Err(HoleError::NotANumber(s.to_string())),
        }
    }
}

impl Serialize for Hole {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

impl<'de> Deserialize<'de> for Hole {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Hole, D::Error> {
        let n = i64::deserialize(deserializer)?;
        Hole::new(n).map_err(serde::de::Error::custom)
    }
}

/// A set of holes of one row, as a bit mask: what legal-move generation
/// returns, so that it never allocates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HoleSet(u8);

impl HoleSet {
    pub const EMPTY: HoleSet = HoleSet(0);

    #[inline]
    pub fn insert(&mut self, hole: Hole) {
        self.0 |= 1 << hole.index();
    }

    #[inline]
    pub fn contains(self, hole: Hole) -> bool {
        self.0 & (1 << hole.index()) != 0
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The holes in increasing order.
    #[inline]
    pub fn iter(self) -> HoleSetIter {
        HoleSetIter(self.0)
    }

    /// The hole numbers in increasing order, for printing and JSON.
    pub fn numbers(self) -> Vec<u8> {
        self.iter().map(Hole::number).collect()
    }

    #[inline]
    pub(crate) const fn from_bits(bits: u8) -> HoleSet {
        HoleSet(bits)
    }
}

impl IntoIterator for HoleSet {
    type Item = Hole;
    type IntoIter = HoleSetIter;
    fn into_iter(self) -> HoleSetIter {
        self.iter()
    }
}

impl FromIterator<Hole> for HoleSet {
    fn from_iter<I: IntoIterator<Item = Hole>>(iter: I) -> HoleSet {
        let mut set = HoleSet::EMPTY;
        for hole in iter {
            set.insert(hole);
        }
        set
    }
}

/// Iterator over a [`HoleSet`], lowest hole first.
#[derive(Clone, Debug)]
pub struct HoleSetIter(u8);

impl Iterator for HoleSetIter {
    type Item = Hole;

    #[inline]
    fn next(&mut self) -> Option<Hole> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Hole::from_index(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for HoleSetIter {}

impl DoubleEndedIterator for HoleSetIter {
    #[inline]
    fn next_back(&mut self) -> Option<Hole> {
        if self.0 == 0 {
            return None;
        }
        let index = 7 - self.0.leading_zeros() as usize;
        self.0 &= !(1 << index);
        Some(Hole::from_index(index))
    }
}
