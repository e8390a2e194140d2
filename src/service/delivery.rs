//! Keeping every game's channel up to date. A move (or a resignation,
//! timeout, abort, accepted challenge, computer move) is committed before
//! anything is shown, so what it owes the players — the new board, the
//! previous board's buttons taken away, the result — follows from the
//! game's row alone (see `store::delivery`). The adapter answers the
//! interaction at once (the fast path) and a delivery loop settles whatever
//! a crash or an outage left owed (the guarantee); both go through here.

use super::{GameView, Result, Service};
use crate::store::{ShownBoard, Written};

/// What a game owes its channel now.
#[derive(Debug, Clone)]
pub struct Delivery {
    pub view: GameView,
    /// Boards (channel, message) whose buttons must go, oldest first.
    pub strip: Vec<(u64, u64)>,
    /// Whether the board of the game's current state must be posted.
    pub post_board: bool,
}

impl Delivery {
    /// What `view` owes after a change, when `already_stripped` (the board
    /// the player pressed, whose buttons the interaction answer removed)
    /// needs nothing more.
    pub fn owed_by(view: GameView, already_stripped: Option<u64>) -> Delivery {
        let post_board = match view.finished {
            Some(_) => !view.result_shown,
            None => view.board_message.map(|(_, _, ply)| ply) != Some(view.ply()),
        };
        let mut strip: Vec<(u64, u64)> = view.stale_board.into_iter().collect();
        if post_board {
            // The board now showing is about to be superseded.
            if let Some((channel, message, _)) = view.board_message {
                strip.push((channel, message));
            }
        }
        strip.retain(|&(_, message)| Some(message) != already_stripped);
        strip.dedup();
        Delivery {
            view,
            strip,
            post_board,
        }
    }

    pub fn is_settled(&self) -> bool {
        self.strip.is_empty() && !self.post_board
    }

    /// A tag that tells Discord two posts of this board are one: the same
    /// game, ply and state give the same nonce (at most 25 characters).
    pub fn nonce(&self) -> String {
        let end = if self.view.finished.is_some() { "e" } else { "p" };
        format!("akon:{}:{}:{end}", self.view.id, self.view.ply())
    }
}

impl Service {
    /// Up to `limit` games that owe their channel a message, least recently
    /// changed first.
    pub async fn games_owing_messages(&self, limit: i64) -> Result<Vec<i64>> {
        Ok(self.store.games_owing_messages(limit).await?)
    }

    /// How many games owe their channel a message (a gauge for operators).
    pub async fn count_games_owing_messages(&self) -> Result<i64> {
        Ok(self.store.count_games_owing_messages().await?)
    }

    /// What `game_id` owes its channel now, if anything.
    pub async fn delivery(&self, game_id: i64) -> Result<Option<Delivery>> {
        let owed = Delivery::owed_by(self.game(game_id).await?, None);
        Ok((!owed.is_settled()).then_some(owed))
    }

    /// `message` in `channel_id` now shows `view`'s board. `replaced` is the
    /// board it supersedes if that one's buttons are still live. `false` if
    /// the game moved on meanwhile: the message is then stale itself.
    pub async fn board_shown(
        &self,
        view: &GameView,
        channel_id: u64,
        message_id: u64,
        replaced: Option<(u64, u64)>,
    ) -> Result<bool> {
        let board = ShownBoard {
            game_id: view.id,
            ply: view.ply(),
            finished: view.finished.is_some(),
            channel_id,
            message_id,
        };
        Ok(self.store.board_shown(&board, replaced).await? == Written::Yes)
    }

    /// A stale board's buttons are gone.
    pub async fn stale_board_stripped(&self, game_id: i64, message_id: u64) -> Result<()> {
        Ok(self.store.stale_board_stripped(game_id, message_id).await?)
    }
}
