//! Keeping every game's channel up to date. A move (or a resignation,
//! timeout, abort, accepted challenge, computer move) is committed before
//! anything is shown, so what it owes the players — the new board, the
//! previous board's buttons taken away, the result — follows from the
//! database alone (see `store::delivery`). The adapter answers the
//! interaction at once (the fast path) and a delivery loop settles whatever
//! a crash or an outage left owed (the guarantee); both go through here.

use super::{GameView, Result, Service};
use crate::store::{self, LeaseKind, ShownBoard};

/// A game or challenge that owes its channel a message, and when it last
/// changed (seconds since the Unix epoch, the service's clock).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Owing {
    pub id: i64,
    pub changed_at: i64,
}

impl From<store::Owing> for Owing {
    fn from(owing: store::Owing) -> Owing {
        Owing {
            id: owing.id,
            changed_at: owing.changed_at,
        }
    }
}

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
            None => view.board_message.map(|board| board.ply) != Some(view.ply()),
        };
        let mut strip = Vec::new();
        if post_board {
            // The board now showing is about to be superseded.
            if let Some(board) = view.board_message {
                if Some(board.message_id) != already_stripped {
                    strip.push((board.channel_id, board.message_id));
                }
            }
        }
        Delivery {
            view,
            strip,
            post_board,
        }
    }

    /// What `view` owes after a player pressed a button of board `pressed`
    /// (channel, message): if the interaction answer took that board's
    /// buttons away (`answered`), nothing more is owed for it; if not, it is
    /// stripped like any superseded board — it may be newer than the board
    /// the game had recorded, when the press came before the record.
    pub fn after_press(view: GameView, pressed: (u64, u64), answered: bool) -> Delivery {
        let mut owed = Delivery::owed_by(view, answered.then_some(pressed.1));
        if !answered && !owed.strip.contains(&pressed) {
            owed.strip.push(pressed);
        }
        owed
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

/// A posted board as recorded: whether it is the game's latest, and the
/// boards (channel, message) whose buttons are to be stripped now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardShown {
    pub latest: bool,
    pub strip: Vec<(u64, u64)>,
}

impl Service {
    /// Up to `limit` games that owe their channel a message, least recently
    /// changed first.
    pub async fn games_owing_messages(&self, limit: i64) -> Result<Vec<Owing>> {
        Ok(self
            .store
            .games_owing_messages(limit)
            .await?
            .into_iter()
            .map(Owing::from)
            .collect())
    }

    /// Up to `limit` pending challenges whose message was never posted
    /// (a crash before the answer to `/akon challenge` or Rematch).
    pub async fn challenges_owing_message(&self, limit: i64) -> Result<Vec<Owing>> {
        Ok(self
            .store
            .challenges_owing_message(limit)
            .await?
            .into_iter()
            .map(Owing::from)
            .collect())
    }

    /// What `game_id` owes its channel now, if anything: its board or
    /// result, and every stale board's buttons.
    /// `None` too while another process is settling the game; otherwise
    /// this process holds the game's lease until
    /// [`Service::delivery_settled`].
    pub async fn delivery(&self, game_id: i64) -> Result<Option<Delivery>> {
        if !self.lease(LeaseKind::Delivery, game_id).await? {
            return Ok(None);
        }
        let mut owed = Delivery::owed_by(self.game(game_id).await?, None);
        for stale in self.store.stale_boards(game_id).await? {
            if !owed.strip.contains(&stale) {
                owed.strip.push(stale);
            }
        }
        Ok((!owed.is_settled()).then_some(owed))
    }

    /// `message_id` in `channel_id` now shows `view`'s board. `replaced_live`
    /// is the board it supersedes if nobody took that one's buttons away.
    pub async fn board_shown(
        &self,
        view: &GameView,
        channel_id: u64,
        message_id: u64,
        replaced_live: Option<u64>,
    ) -> Result<BoardShown> {
        let board = ShownBoard {
            game_id: view.id,
            ply: view.ply(),
            finished: view.finished.is_some(),
            channel_id,
            message_id,
        };
        let recorded = self.store.board_shown(&board, replaced_live).await?;
        Ok(BoardShown {
            latest: recorded.latest,
            strip: recorded.stale,
        })
    }

    /// A stale board's buttons are gone.
    pub async fn stale_board_stripped(&self, message_id: u64) -> Result<()> {
        Ok(self.store.stale_board_stripped(message_id).await?)
    }
}
