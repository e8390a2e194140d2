//! What the Discord Activity reads: the games going on in a channel.

use sqlx::FromRow;

use super::{from_db, to_db, Doing, Result, Store};

/// Most games of one channel looked at: a channel rarely holds more than a
/// few at once.
const MOST_CHANNEL_GAMES: i64 = 25;

/// An ongoing game of a channel: its id, server and players.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ChannelGameRow {
    pub id: i64,
    guild_id: i64,
    player_a: i64,
    player_b: i64,
}

impl ChannelGameRow {
    /// The server the game was started in (0 outside servers).
    pub fn guild_id(&self) -> u64 {
        from_db(self.guild_id)
    }

    /// Whether `user_id` plays in it.
    pub fn played_by(&self, user_id: u64) -> bool {
        to_db(user_id) == self.player_a || to_db(user_id) == self.player_b
    }
}

impl Store {
    /// The ongoing games of `channel_id`, started there or shown there (a
    /// game's thread), most recently active first.
    pub async fn ongoing_games_in_channel(&self, channel_id: u64) -> Result<Vec<ChannelGameRow>> {
        sqlx::query_as(
            "SELECT id, guild_id, player_a, player_b, updated_at FROM games
               WHERE status = 'ongoing' AND channel_id = $1
             UNION
             SELECT id, guild_id, player_a, player_b, updated_at FROM games
               WHERE status = 'ongoing' AND board_channel_id = $1
             ORDER BY updated_at DESC, id DESC
             LIMIT $2",
        )
        .bind(to_db(channel_id))
        .bind(MOST_CHANNEL_GAMES)
        .fetch_all(&mut *self.reader().await?)
        .await
        .doing(&self.outage, "listing a channel's ongoing games")
    }
}
