//! What became of the bot's posts, as the store keeps it, the adapter
//! settles it and the service reports it: what a failed delivery leads to,
//! where a server's puzzle of the day goes, and how a day's post or a
//! month's podium was settled.

use crate::calendar::Day;

/// What a failed delivery leads to: given up, or tried again later.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeliveryFailure {
    /// Failures in a row of this state, this one included.
    pub attempts: i64,
    pub failed_at: i64,
    /// When the loop may try again (ignored once given up).
    pub next_attempt_at: i64,
    pub given_up: bool,
}

/// The hour (UTC) a server's puzzle of the day is posted at until it
/// chooses another.
pub const DEFAULT_DAILY_HOUR: u8 = 12;

/// A server's daily puzzle setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DailySetting {
    pub channel_id: u64,
    /// The hour of the day, UTC, from 0 to 23.
    pub hour: u8,
    pub enabled: bool,
}

/// How a server's post of a day was settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DailyPostSettled {
    /// Posted, as `message`, showing `answers` answers.
    Posted { message: u64, answers: i64 },
    /// The channel refused it for good (deleted, or the bot may no longer
    /// post there).
    GivenUp,
    /// No puzzle was kept: there was no puzzle of the day to post.
    NoPuzzle,
}

/// A day's message, posted, and how many answers it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DailyPost {
    pub guild_id: u64,
    pub day: Day,
    pub channel_id: u64,
    pub message_id: u64,
    pub answers_shown: i64,
}

/// How a month's podium was settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PodiumSettled {
    /// Posted, as this message.
    Posted(u64),
    /// The channel refused it for good (deleted, or the bot may no longer
    /// post there).
    GivenUp,
    /// No one had enough rated games in the month to be named.
    Empty,
}
