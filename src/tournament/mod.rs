//! Tournaments: who plays whom each round, and the standings. Pure: plain
//! data in, plain data out, the same output for the same input.
//!
//! Players are numbered by seed, `0..n`, 0 the top seed: [`seeding`] orders
//! entrants by rating (highest first), then id. A round is a list of
//! [`Pairing`]s and at most one bye; `first` moves first in the game (the
//! role White plays in chess). Results are filled in as games end.
//!
//! **Round robin** ([`round_robin`]): FIDE's Berger tables. Everyone meets
//! everyone once (twice in a double round robin, with the first move
//! swapped in the second cycle); with an odd number of players, one player
//! sits out each round (the bye). Everyone moves first in half their games,
//! give or take one.
//!
//! **Swiss** ([`pair_swiss`]): each round pairs players with the same score
//! where possible, never pairs two players who already met (unless nothing
//! else is possible), alternates and balances who moves first, and with an
//! odd number of players gives the bye to the lowest-ranked player who has
//! not had one yet; a bye is worth a win. Pairing is solved exactly as a
//! maximum-weight matching, the rules above being weighed in that order
//! (see the `swiss` module for the full list).
//!
//! **Knockout** ([`knockout`]): single elimination over a bracket in the
//! standard seeding order (seed 1 meets the lowest seed; seeds 1 and 2 can
//! meet only in the final), byes to the top seeds when the field is not a
//! power of two, drawn games replayed with the first move swapped, then
//! the higher seed through; optionally a match for third place.
//!
//! **Standings** ([`standings`]): a win is 1 point, a draw ½, a loss 0, a
//! bye 1, a double forfeit 0 for both. Ties are broken, as FIDE's tie-break
//! regulations (C.07) define them, by Sonneborn–Berger then direct
//! encounter (round robin), or by Buchholz Cut-1, Buchholz, then
//! Sonneborn–Berger (Swiss); then by seeds captured minus seeds conceded.
//! All arithmetic is exact: points are counted in halves.

mod event;
pub mod knockout;
pub(crate) mod matching;
mod round_robin;
mod standings;
mod swiss;

pub use event::{
    TournamentFormat, TournamentStatus, KNOCKOUT_MAX_PLAYERS, MIN_PLAYERS, ROUND_ROBIN_MAX_PLAYERS, SWISS_MAX_PLAYERS,
};
pub use round_robin::round_robin;
pub use standings::{standings, Format, Standing, TieBreaks};
pub use swiss::{pair_swiss, PairingError};

/// A player's number in a tournament: their place in the seeding, 0 being
/// the top seed.
pub type Seed = usize;

/// A player entering a tournament, as the seeding needs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub id: u64,
    pub rating: i32,
}

/// The seeding order: highest rating first, then lowest id. Position `i`
/// in the result is seed `i`.
pub fn seeding(entrants: &[Entrant]) -> Vec<Entrant> {
    let mut out = entrants.to_vec();
    out.sort_by(|a, b| b.rating.cmp(&a.rating).then(a.id.cmp(&b.id)));
    out
}

/// One game of a round: `first` moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub first: Seed,
    pub second: Seed,
    /// `None` until the game ends.
    pub result: Option<GameResult>,
}

impl Pairing {
    pub fn new(first: Seed, second: Seed) -> Pairing {
        Pairing {
            first,
            second,
            result: None,
        }
    }
}

/// A round: its games and the player who sits it out, if any. A player in
/// neither (one who withdrew) is absent: no points, no game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub pairings: Vec<Pairing>,
    pub bye: Option<Seed>,
}

/// How a game ended, from the first mover's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    FirstWon,
    Draw,
    SecondWon,
    /// The second player forfeited (withdrew, never showed): no game was played.
    FirstWonByForfeit,
    SecondWonByForfeit,
    /// Neither player moved: both lose, 0–0.
    DoubleForfeit,
}

impl Outcome {
    /// Half-points to the first and the second player.
    pub fn half_points(self) -> [u32; 2] {
        match self {
            Outcome::FirstWon | Outcome::FirstWonByForfeit => [2, 0],
            Outcome::Draw => [1, 1],
            Outcome::SecondWon | Outcome::SecondWonByForfeit => [0, 2],
            Outcome::DoubleForfeit => [0, 0],
        }
    }

    /// Whether a game was actually played (forfeits are not).
    pub fn played(self) -> bool {
        matches!(self, Outcome::FirstWon | Outcome::Draw | Outcome::SecondWon)
    }
}

/// A finished game: how it ended and the seeds each side captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub outcome: Outcome,
    /// Seeds captured by the first and the second player.
    pub captured: [u32; 2],
}
