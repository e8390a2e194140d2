//! Showing what a game owes its channel (see `service::delivery`): boards
//! are plain channel messages with an enforced nonce, so that posting the
//! same board twice — a crash between posting and recording it, or the
//! delivery loop meeting the fast path — shows one message. Buttons are
//! stripped before the board that supersedes them is posted.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serenity::all::{ChannelId, Context, CreateMessage, EditMessage, MessageId, Nonce};

use super::render;
use super::{Bot, Sent};
use crate::service::Delivery;

/// The most games one pass of the delivery loop settles; the rest wait for
/// the next pass, so that an outage's backlog is worked off in bounded steps.
const DELIVERIES_PER_PASS: i64 = 200;

/// Games whose messages a handler of this process is sending right now: the
/// delivery loop leaves them alone, since their handler settles them.
#[derive(Clone, Default)]
pub(super) struct Busy(Arc<Mutex<HashMap<i64, u32>>>);

/// Marks a game busy while it lives.
pub(super) struct BusyGuard {
    busy: Busy,
    game_id: i64,
}

impl Busy {
    pub(super) fn hold(&self, game_id: i64) -> BusyGuard {
        *self.lock().entry(game_id).or_insert(0) += 1;
        BusyGuard {
            busy: self.clone(),
            game_id,
        }
    }

    fn is_busy(&self, game_id: i64) -> bool {
        self.lock().contains_key(&game_id)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, u32>> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Drop for BusyGuard {
    fn drop(&mut self) {
        let mut games = self.busy.lock();
        if let Some(count) = games.get_mut(&self.game_id) {
            *count -= 1;
            if *count == 0 {
                games.remove(&self.game_id);
            }
        }
    }
}

impl Bot {
    /// Settles `owed`: strips the superseded boards, then posts the board of
    /// the game's current state (with `intro` above it) and records it.
    pub(super) async fn deliver(&self, ctx: &Context, owed: &Delivery, intro: Option<&str>) -> Sent {
        let view = &owed.view;
        for &(channel, message) in &owed.strip {
            self.strip_buttons(ctx, channel, message).await?;
            if view.stale_board == Some((channel, message)) {
                if let Err(error) = self.service.stale_board_stripped(view.id, message).await {
                    tracing::error!(%error, game_id = view.id, "could not forget a stripped board");
                }
            }
        }
        if !owed.post_board {
            return Ok(());
        }
        let mut reply = render::board(view);
        if let Some(intro) = intro {
            reply.content = format!("{intro}\n{}", reply.content);
        }
        let message = CreateMessage::new()
            .content(&reply.content)
            .components(reply.components.clone())
            .allowed_mentions(reply.allowed_mentions())
            .nonce(Nonce::String(owed.nonce()))
            .enforce_nonce(true);
        let posted = ChannelId::new(view.channel_id).send_message(ctx, message).await?;
        match self
            .service
            .board_shown(view, posted.channel_id.get(), posted.id.get(), None)
            .await
        {
            Ok(true) => {}
            // The game moved on while this board was being posted: it is
            // recorded as stale; take its buttons away now.
            Ok(false) => {
                self.strip_buttons(ctx, posted.channel_id.get(), posted.id.get())
                    .await?;
                if let Err(error) = self.service.stale_board_stripped(view.id, posted.id.get()).await {
                    tracing::error!(%error, game_id = view.id, "could not forget a stripped board");
                }
            }
            Err(error) => tracing::error!(%error, game_id = view.id, "could not save the board message"),
        }
        Ok(())
    }

    /// Takes the buttons off a board. A board that is gone, or that the bot
    /// may no longer see, has no buttons anyone can press: that is done too.
    pub(super) async fn strip_buttons(&self, ctx: &Context, channel: u64, message: u64) -> Sent {
        let edit = EditMessage::new().components(vec![]);
        match ChannelId::new(channel)
            .edit_message(ctx, MessageId::new(message), edit)
            .await
        {
            Ok(_) => Ok(()),
            Err(serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(response)))
                if matches!(response.status_code.as_u16(), 403 | 404) =>
            {
                tracing::warn!(channel, message, status = %response.status_code, "an old board cannot be edited; leaving it");
                Ok(())
            }
            Err(error) => Err(error),
        }
    }

    /// Settles `game_id` if it owes anything and no handler is at it; then,
    /// if the computer is to move, it moves.
    pub(super) async fn settle_game(&self, ctx: &Context, game_id: i64) -> Sent {
        if self.busy.is_busy(game_id) {
            return Ok(());
        }
        let _busy = self.busy.hold(game_id);
        let owed = match self.service.delivery(game_id).await {
            Ok(Some(owed)) => owed,
            Ok(None) => return Ok(()),
            Err(error) => {
                tracing::error!(%error, game_id, "cannot read what a game owes");
                return Ok(());
            }
        };
        tracing::info!(
            game_id,
            ply = owed.view.ply(),
            post_board = owed.post_board,
            strip = owed.strip.len(),
            "delivering what a game owes its channel"
        );
        self.deliver(ctx, &owed, None).await?;
        if owed.view.computer_to_move() {
            self.computer_turn(ctx, game_id).await?;
        }
        Ok(())
    }

    /// One pass of the delivery loop: every game that owes its channel a
    /// message (up to a bound) is settled, oldest change first.
    pub(super) async fn deliver_owed(&self, ctx: &Context) {
        let games = match self.service.games_owing_messages(DELIVERIES_PER_PASS).await {
            Ok(games) => games,
            Err(error) => {
                tracing::error!(%error, "cannot list the games that owe a message");
                return;
            }
        };
        for game_id in games {
            if let Err(error) = self.settle_game(ctx, game_id).await {
                // Left owed: the next pass tries again.
                tracing::warn!(%error, game_id, "could not deliver a game's messages");
            }
        }
    }
}
