//! A player's results, as the store sums them and the service reports
//! them: one game's outcome, and a record of games.

/// A finished game's result for one of its players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win,
    Loss,
    Draw,
}

/// Games won, lost and drawn, and the seeds captured and conceded in them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GamesRecord {
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
    pub games: i64,
    pub captured: i64,
    pub conceded: i64,
}
