//! The Discord Activity's use case: which game of a channel to show.

use super::{Result, Service};

/// The game the Activity shows in a channel: its page (watched live by
/// everyone in the Activity) and whether the signed-in user plays in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChannelGame {
    pub game_id: i64,
    /// The game page's token.
    pub token: String,
    pub plays: bool,
}

impl Service {
    /// The game the Activity opened in `channel_id` of `guild_id` (0
    /// outside servers) shows to `user_id`: the user's own if they play one
    /// there, else the most recently active one; only games of that server
    /// whose pages are shown (the Activity shows the game page, whose
    /// server may have turned pages off). `None` if there is none.
    pub async fn channel_game(&self, guild_id: u64, channel_id: u64, user_id: u64) -> Result<Option<ChannelGame>> {
        let mut games = self.store.ongoing_games_in_channel(channel_id).await?;
        games.retain(|game| game.guild_id() == guild_id);
        // Stable: among the user's own, and among the others, the most
        // recently active first.
        games.sort_by_key(|game| !game.played_by(user_id));
        for game in games {
            if let Some(token) = self.game_page_token(game.id).await? {
                return Ok(Some(ChannelGame {
                    game_id: game.id,
                    token,
                    plays: game.played_by(user_id),
                }));
            }
        }
        Ok(None)
    }
}
