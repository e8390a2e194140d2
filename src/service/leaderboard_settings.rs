//! How long without a rated game leaves a player off a server's
//! leaderboard: a server's setting (Manage Server), off unless chosen.

use super::{Result, Service};

/// Days without a rated game after which a server's leaderboard leaves a
/// player off, from 1 to [`InactiveDays::MOST`]; [`InactiveDays::OFF`]
/// leaves no one off (the default).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InactiveDays(i64);

impl InactiveDays {
    pub const OFF: InactiveDays = InactiveDays(0);
    /// Ten years: past it, a player's deviation is back at its start anyway.
    pub const MOST: i64 = super::MOST_INACTIVE_DAYS;

    /// `days`, if within 0 (off) and [`InactiveDays::MOST`].
    pub fn new(days: i64) -> Option<InactiveDays> {
        (0..=InactiveDays::MOST).contains(&days).then_some(InactiveDays(days))
    }

    /// The days; 0 when off.
    pub fn days(self) -> i64 {
        self.0
    }
}

impl Service {
    /// Days without a rated game that leave a player off `guild_id`'s
    /// leaderboard.
    pub async fn leaderboard_inactive_days(&self, guild_id: u64) -> Result<InactiveDays> {
        let days = self.store.leaderboard_inactive_days(guild_id).await?;
        Ok(InactiveDays::new(days).unwrap_or(InactiveDays::OFF))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_taken_from_off_to_ten_years_and_nothing_else() {
        assert_eq!(InactiveDays::new(0), Some(InactiveDays::OFF));
        assert_eq!(InactiveDays::new(90).map(InactiveDays::days), Some(90));
        assert_eq!(InactiveDays::new(3650).map(InactiveDays::days), Some(3650));
        assert_eq!(InactiveDays::new(3651), None);
        assert_eq!(InactiveDays::new(-1), None);
    }
}
