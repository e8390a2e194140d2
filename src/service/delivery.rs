//! Keeping every game's channel up to date. A move (or a resignation,
//! timeout, abort, accepted challenge, computer move) is committed before
//! anything is shown, so what it owes the players — the new board, the
//! previous board's buttons taken away, the result — follows from the
//! database alone (see `store::delivery`). The adapter answers the
//! interaction at once (the fast path) and a delivery loop settles whatever
//! a crash or an outage left owed (the guarantee); both go through here.

use super::leases::Lease;
use super::{GameView, Result, Service};
use crate::posts::DeliveryFailure;
use crate::store::{self, LeaseKind, OwedKind, OwedState, ShownBoard};

/// How long the delivery loop waits before trying again a message whose
/// delivery failed for now (an outage, a timeout): this after the first
/// failure, doubled after each one in a row, up to [`RETRY_MAX_SECS`]. A
/// little less than the scheduler's period, so that the first retry comes
/// at the next tick.
pub const RETRY_FIRST_SECS: i64 = 15;
/// The longest wait between two attempts of one message.
pub const RETRY_MAX_SECS: i64 = 600;

/// How delivering an owed message ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeliveryOutcome {
    Delivered,
    /// Failed; `permanent` if it can never succeed (the channel is gone,
    /// the bot may not post there): it is given up rather than retried.
    Failed {
        permanent: bool,
    },
}

/// Who asks to settle a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettleFor {
    /// The delivery loop (or a notice): a state given up, or waiting for
    /// its retry, is left alone, even if listed before that was decided.
    Loop,
    /// A player pressing a superseded board: whatever failed before is
    /// tried again at once, so that a channel given back heals at the
    /// first press.
    Press,
}

/// What a game owes its channel, handed to this process under the game's
/// delivery lease: [`Service::delivery_ended`] releases it, and so does
/// dropping it, whatever stopped the work.
#[derive(Debug)]
pub struct Settling {
    pub owed: Delivery,
    lease: Lease,
}

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

/// A board as owed to a channel: the same game, ply and state on every
/// attempt and in every process, since a crash or an outage may leave a
/// board posted but not recorded, and its second post must be known as the
/// same board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardIdentity {
    pub game_id: i64,
    pub ply: i64,
    /// The final board of a finished game, rather than one to play on.
    pub finished: bool,
    /// Moves taken back in the game so far: the board shown again at a
    /// move number after a takeback is not the one shown there before.
    pub takebacks: i64,
}

/// What a game owes its channel now.
#[derive(Debug, Clone)]
pub struct Delivery {
    pub view: GameView,
    /// Boards (channel, message) whose buttons must go, oldest first.
    pub strip: Vec<(u64, u64)>,
    /// Whether the board of the game's current state must be posted.
    pub post_board: bool,
    /// The tournament and round, when the board owed is the first of a
    /// tournament game (its players are told what it is and pinged).
    pub tournament: Option<super::TournamentGame>,
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
            tournament: None,
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

    /// The recorded board that the board posted to settle this replaces:
    /// without buttons once `strip` is done (or the press's answer took
    /// them), since `strip` holds it unless the answer did.
    pub fn stripped_board(&self) -> Option<u64> {
        self.view.board_message.map(|board| board.message_id)
    }

    pub fn is_settled(&self) -> bool {
        self.strip.is_empty() && !self.post_board
    }

    /// Which board posting this shows: what the adapter tells the chat, so
    /// that a second post of the same board is refused.
    pub fn board_identity(&self) -> BoardIdentity {
        BoardIdentity {
            game_id: self.view.id,
            ply: self.view.ply(),
            finished: self.view.finished.is_some(),
            takebacks: self.view.takebacks,
        }
    }
}

/// The owed state of `view`'s board.
fn board_state(view: &GameView) -> OwedState {
    OwedState {
        kind: OwedKind::Board,
        item_id: view.id,
        ply: view.ply(),
        finished: view.finished.is_some(),
    }
}

/// Seconds to wait after the `attempts`-th failure in a row.
fn retry_after(attempts: i64) -> i64 {
    let doublings = u32::try_from(attempts.saturating_sub(1)).unwrap_or(u32::MAX).min(16);
    RETRY_FIRST_SECS.saturating_mul(1 << doublings).min(RETRY_MAX_SECS)
}

/// A posted board as recorded: whether it is the game's latest, and the
/// boards (channel, message) whose buttons are to be stripped now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardShown {
    pub latest: bool,
    pub strip: Vec<(u64, u64)>,
}

impl Service {
    /// Says that a change made outside Discord (a move on the web page)
    /// owes a channel a message: the bot of this process, if it runs here,
    /// settles it at once rather than at its scheduler's next tick (another
    /// process's bot does so at its tick).
    pub fn owed_from_outside(&self) {
        self.owed_from_outside.notify_one();
    }

    /// Waits until [`Service::owed_from_outside`] is called (a call made
    /// while nobody waited is kept for the next wait).
    pub async fn owed_from_outside_called(&self) {
        self.owed_from_outside.notified().await;
    }

    /// Up to `limit` games that owe their channel a message, least recently
    /// changed first, leaving out those given up or waiting for a retry.
    pub async fn games_owing_messages(&self, limit: i64) -> Result<Vec<Owing>> {
        Ok(self
            .store
            .games_owing_messages(limit, self.now())
            .await?
            .into_iter()
            .map(Owing::from)
            .collect())
    }

    /// Up to `limit` pending challenges whose message was never posted
    /// (a crash before the answer to `/akon challenge` or Rematch), leaving
    /// out those given up or waiting for a retry.
    pub async fn challenges_owing_message(&self, limit: i64) -> Result<Vec<Owing>> {
        Ok(self
            .store
            .challenges_owing_message(limit, self.now())
            .await?
            .into_iter()
            .map(Owing::from)
            .collect())
    }

    /// What `game_id` owes its channel now, if anything: its board or
    /// result, and every stale board's buttons. The game's delivery lease
    /// is taken only when something is owed, and comes with it; `None`
    /// too while another process is settling the game.
    pub async fn delivery(&self, game_id: i64, settle_for: SettleFor) -> Result<Option<Settling>> {
        if self.owed(game_id).await?.is_settled() {
            return Ok(None);
        }
        let Some(lease) = self.lease_guard(LeaseKind::Delivery, game_id).await? else {
            return Ok(None);
        };
        // Read again under the lease: another process may have settled the
        // game, or given it up, in between.
        let owed = self.owed(game_id).await?;
        if owed.is_settled() || (settle_for == SettleFor::Loop && self.waits(&owed).await?) {
            lease.release().await?;
            return Ok(None);
        }
        Ok(Some(Settling { owed, lease }))
    }

    /// Whether `owed`'s delivery was given up or waits for its retry.
    async fn waits(&self, owed: &Delivery) -> Result<bool> {
        let failure = self.store.delivery_failure(&board_state(&owed.view)).await?;
        Ok(failure.is_some_and(|failure| failure.given_up || failure.next_attempt_at > self.now()))
    }

    async fn owed(&self, game_id: i64) -> Result<Delivery> {
        let mut owed = Delivery::owed_by(self.game(game_id).await?, None);
        for stale in self.store.stale_boards(game_id).await? {
            if !owed.strip.contains(&stale) {
                owed.strip.push(stale);
            }
        }
        // Only a game's first board can be a round's announcement: no
        // lookup for the boards of its moves.
        if owed.post_board && owed.view.board_message.is_none() && owed.view.finished.is_none() {
            owed.tournament = self.tournament_of_game(game_id).await?;
        }
        Ok(owed)
    }

    /// The delivery [`Service::delivery`] handed out ended with `outcome`:
    /// a failure is recorded (given up, or retried later) and the game's
    /// lease is released. Returns what a failure leads to.
    pub async fn delivery_ended(
        &self,
        settling: Settling,
        outcome: DeliveryOutcome,
    ) -> Result<Option<DeliveryFailure>> {
        let Settling { owed, lease } = settling;
        let failure = match outcome {
            DeliveryOutcome::Delivered => {
                self.store.delivery_succeeded(OwedKind::Board, owed.view.id).await?;
                None
            }
            DeliveryOutcome::Failed { permanent } => {
                Some(self.delivery_failed(&board_state(&owed.view), permanent).await?)
            }
        };
        lease.release().await?;
        Ok(failure)
    }

    /// Posting the message of challenge `challenge_id`, never shown, ended
    /// with `outcome`; returns what a failure leads to.
    pub async fn challenge_delivery_ended(
        &self,
        challenge_id: i64,
        outcome: DeliveryOutcome,
    ) -> Result<Option<DeliveryFailure>> {
        match outcome {
            DeliveryOutcome::Delivered => {
                self.store.delivery_succeeded(OwedKind::Challenge, challenge_id).await?;
                Ok(None)
            }
            DeliveryOutcome::Failed { permanent } => {
                let state = OwedState {
                    kind: OwedKind::Challenge,
                    item_id: challenge_id,
                    ply: 0,
                    finished: false,
                };
                Ok(Some(self.delivery_failed(&state, permanent).await?))
            }
        }
    }

    async fn delivery_failed(&self, state: &OwedState, permanent: bool) -> Result<DeliveryFailure> {
        let attempts = self
            .store
            .delivery_failure(state)
            .await?
            .map_or(0, |failure| failure.attempts)
            + 1;
        let now = self.now();
        let failure = DeliveryFailure {
            attempts,
            failed_at: now,
            next_attempt_at: now + retry_after(attempts),
            given_up: permanent,
        };
        self.store.delivery_failed(state, &failure).await?;
        Ok(failure)
    }

    /// `message_id` in `channel_id` now shows `view`'s board. `stripped` is
    /// the board whose buttons the caller took away (or saw taken away)
    /// before posting it; any other board it supersedes is left to strip.
    pub async fn board_shown(
        &self,
        view: &GameView,
        channel_id: u64,
        message_id: u64,
        stripped: Option<u64>,
    ) -> Result<BoardShown> {
        let board = ShownBoard {
            game_id: view.id,
            ply: view.ply(),
            finished: view.finished.is_some(),
            channel_id,
            message_id,
        };
        let recorded = self.store.board_shown(&board, stripped).await?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_longer_after_each_failure_up_to_a_bound() {
        let waits: Vec<i64> = (1..=8).map(retry_after).collect();
        assert_eq!(waits, vec![15, 30, 60, 120, 240, 480, 600, 600]);
        assert_eq!(retry_after(i64::MAX), RETRY_MAX_SECS);
    }
}
