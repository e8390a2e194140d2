//! What a tournament is and where it stands: its format, with the limits on
//! its field, and its status. The store keeps both as text (their
//! [`code`](TournamentFormat::code)s) and reads them back as these types.

use super::{Format, Outcome};

/// Most players of a round robin (its games grow as the square).
pub const ROUND_ROBIN_MAX_PLAYERS: u32 = 64;
/// Most players of a Swiss.
pub const SWISS_MAX_PLAYERS: u32 = 512;
/// Most players of a knockout: eight rounds.
pub const KNOCKOUT_MAX_PLAYERS: u32 = 256;
/// Fewest players of any tournament.
pub const MIN_PLAYERS: u32 = 2;

/// How the players meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TournamentFormat {
    RoundRobin,
    /// Twice, the first move swapped in the second cycle.
    DoubleRoundRobin,
    Swiss,
    /// Single elimination (see [`crate::tournament::knockout`]).
    Knockout,
    /// Single elimination with a match for third place.
    KnockoutThirdPlace,
}

impl TournamentFormat {
    pub const ALL: [TournamentFormat; 5] = [
        TournamentFormat::RoundRobin,
        TournamentFormat::DoubleRoundRobin,
        TournamentFormat::Swiss,
        TournamentFormat::Knockout,
        TournamentFormat::KnockoutThirdPlace,
    ];

    /// The stored spelling, also the command's choice.
    pub fn code(self) -> &'static str {
        match self {
            TournamentFormat::RoundRobin => "round_robin",
            TournamentFormat::DoubleRoundRobin => "double_round_robin",
            TournamentFormat::Swiss => "swiss",
            TournamentFormat::Knockout => "knockout",
            TournamentFormat::KnockoutThirdPlace => "knockout_third_place",
        }
    }

    pub fn from_code(code: &str) -> Option<TournamentFormat> {
        TournamentFormat::ALL.into_iter().find(|f| f.code() == code)
    }

    /// The most players it takes.
    pub fn max_players(self) -> u32 {
        match self {
            TournamentFormat::Swiss => SWISS_MAX_PLAYERS,
            TournamentFormat::Knockout | TournamentFormat::KnockoutThirdPlace => KNOCKOUT_MAX_PLAYERS,
            TournamentFormat::RoundRobin | TournamentFormat::DoubleRoundRobin => ROUND_ROBIN_MAX_PLAYERS,
        }
    }

    /// Single elimination, with or without a third-place match.
    pub fn is_knockout(self) -> bool {
        matches!(self, TournamentFormat::Knockout | TournamentFormat::KnockoutThirdPlace)
    }

    /// Which tie-breaks order its standings.
    pub fn tie_breaks(self) -> Format {
        match self {
            TournamentFormat::Swiss => Format::Swiss,
            _ => Format::RoundRobin,
        }
    }

    /// How many times everyone meets everyone (a round robin's).
    pub fn cycles(self) -> usize {
        match self {
            TournamentFormat::DoubleRoundRobin => 2,
            _ => 1,
        }
    }
}

/// Where a tournament stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TournamentStatus {
    /// Taking entrants.
    Created,
    Running,
    Finished,
    Cancelled,
}

impl TournamentStatus {
    pub const ALL: [TournamentStatus; 4] = [
        TournamentStatus::Created,
        TournamentStatus::Running,
        TournamentStatus::Finished,
        TournamentStatus::Cancelled,
    ];

    /// The stored spelling.
    pub fn code(self) -> &'static str {
        match self {
            TournamentStatus::Created => "created",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Cancelled => "cancelled",
        }
    }

    pub fn from_code(code: &str) -> Option<TournamentStatus> {
        TournamentStatus::ALL.into_iter().find(|s| s.code() == code)
    }
}

/// A board's outcome as stored (`tournament_pairings.outcome`).
impl Outcome {
    pub const ALL: [Outcome; 6] = [
        Outcome::FirstWon,
        Outcome::Draw,
        Outcome::SecondWon,
        Outcome::FirstWonByForfeit,
        Outcome::SecondWonByForfeit,
        Outcome::DoubleForfeit,
    ];

    /// The stored spelling.
    pub fn code(self) -> &'static str {
        match self {
            Outcome::FirstWon => "first_won",
            Outcome::Draw => "draw",
            Outcome::SecondWon => "second_won",
            Outcome::FirstWonByForfeit => "first_won_by_forfeit",
            Outcome::SecondWonByForfeit => "second_won_by_forfeit",
            Outcome::DoubleForfeit => "double_forfeit",
        }
    }

    pub fn from_code(code: &str) -> Option<Outcome> {
        Outcome::ALL.into_iter().find(|o| o.code() == code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_reads_back_as_its_value() {
        for format in TournamentFormat::ALL {
            assert_eq!(TournamentFormat::from_code(format.code()), Some(format));
        }
        for status in TournamentStatus::ALL {
            assert_eq!(TournamentStatus::from_code(status.code()), Some(status));
        }
        for outcome in Outcome::ALL {
            assert_eq!(Outcome::from_code(outcome.code()), Some(outcome));
        }
        assert_eq!(TournamentStatus::from_code("paused"), None);
    }
}
