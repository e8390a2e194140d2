//! A thread per game, a server's choice: each game accepted from a
//! challenge gets a thread started from the challenge's message, where its
//! boards go. Which games get one is decided here; the thread itself is
//! Discord's, opened by the adapter before the first board.

use super::{GameView, Result, Service};

/// The message a game's thread starts from: its challenge's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThreadStart {
    pub channel_id: u64,
    pub message_id: u64,
}

impl Service {
    /// Whether `guild_id`'s games each get a thread.
    pub async fn game_threads(&self, guild_id: u64) -> Result<bool> {
        Ok(self.store.game_threads(guild_id).await?)
    }

    /// Where `view`'s thread is to start, if its first board is what it
    /// owes, its server wants a thread per game, and it came from a
    /// challenge whose message is known in the game's channel. Later
    /// boards follow the first one, wherever it went.
    pub async fn thread_start(&self, view: &GameView) -> Result<Option<ThreadStart>> {
        if view.guild_id == 0 || view.board_message.is_some() || view.finished.is_some() {
            return Ok(None);
        }
        if !self.store.game_threads(view.guild_id).await? {
            return Ok(None);
        }
        Ok(self
            .store
            .challenge_message_of_game(view.id)
            .await?
            .filter(|&(channel_id, _)| channel_id == view.channel_id)
            .map(|(channel_id, message_id)| ThreadStart { channel_id, message_id }))
    }
}
