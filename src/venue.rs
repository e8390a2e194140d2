//! Where a game is played, as far as it decides what the bot may do there.
//! Discord lets a player use `/akon` in a server that added the bot, in
//! their DM with the bot, in a DM or group DM between people, and in a
//! server that never added the bot (the app installed to the player's own
//! account). In the last two the bot is no member of the conversation: it
//! cannot post there, and every board is an answer to a player's press.

/// Where a game or a challenge is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Venue {
    /// A channel of a server that added the bot.
    #[default]
    Server,
    /// The player's DM with the bot.
    BotDm,
    /// A DM or a group DM between people, where the bot is not a member.
    PrivateChannel,
    /// A channel of a server that did not add the bot.
    ServerWithoutBot,
}

impl Venue {
    /// Whether the bot may post in the venue's channel (boards, reminders,
    /// results); if not, the players' interactions are the only way to
    /// show anything there.
    pub fn bot_posts(self) -> bool {
        matches!(self, Venue::Server | Venue::BotDm)
    }

    /// The number the store keeps.
    pub fn code(self) -> i64 {
        match self {
            Venue::Server => 0,
            Venue::BotDm => 1,
            Venue::PrivateChannel => 2,
            Venue::ServerWithoutBot => 3,
        }
    }

    /// The venue a stored number names; `None` for a number no venue has.
    pub fn from_code(code: i64) -> Option<Venue> {
        match code {
            0 => Some(Venue::Server),
            1 => Some(Venue::BotDm),
            2 => Some(Venue::PrivateChannel),
            3 => Some(Venue::ServerWithoutBot),
            _ => None,
        }
    }
}

/// A stored venue number that names no venue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("no venue is stored as {0}")]
pub struct UnknownVenue(pub i64);

impl TryFrom<i64> for Venue {
    type Error = UnknownVenue;

    fn try_from(code: i64) -> Result<Venue, UnknownVenue> {
        Venue::from_code(code).ok_or(UnknownVenue(code))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_venue_is_stored_as_a_number_of_its_own() {
        let all = [
            Venue::Server,
            Venue::BotDm,
            Venue::PrivateChannel,
            Venue::ServerWithoutBot,
        ];
        for venue in all {
            assert_eq!(Venue::from_code(venue.code()), Some(venue));
        }
        assert_eq!(Venue::from_code(4), None);
    }

    #[test]
    fn the_bot_posts_only_where_it_is_a_member() {
        assert!(Venue::Server.bot_posts());
        assert!(Venue::BotDm.bot_posts());
        assert!(!Venue::PrivateChannel.bot_posts());
        assert!(!Venue::ServerWithoutBot.bot_posts());
    }
}
