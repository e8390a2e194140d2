//! A board owed since before Discord's nonce window: it may have reached
//! the channel before a crash or an outage kept its id from being recorded,
//! and a second post with the same nonce would no longer be refused. The
//! channel's last messages say whether it did.

use super::context::Context;
use serenity::all::{ActionRowComponent, ButtonKind, ChannelId, Message};

use super::posting::{posted_before, Posted, NONCE_WINDOW_SECS};
use super::{Bot, ButtonId};
use crate::service::GameView;

impl Bot {
    /// Whether `view`'s board may have been posted and its nonce forgotten.
    pub(super) fn owed_past_the_nonce_window(&self, view: &GameView) -> bool {
        self.service.now() - view.changed_at >= NONCE_WINDOW_SECS
    }

    /// A message of this bot among the last messages of `channel_id` (the
    /// game's channel or its thread) that shows `view`'s board with its
    /// buttons, if there is one. If the channel
    /// cannot be read, `None`: the board is posted, as it would be anyway.
    pub(super) async fn board_posted_before(&self, ctx: &Context, view: &GameView, channel_id: u64) -> Option<Posted> {
        let channel = ChannelId::new(channel_id);
        match posted_before(ctx, channel, |message| shows_board(message, view)).await {
            Ok(posted) => posted,
            Err(error) => {
                tracing::warn!(%error, game_id = view.id, "cannot read a channel's last messages; posting the board");
                None
            }
        }
    }
}

/// Whether `message` is `view`'s board, buttons on: a move button of its
/// current ply while it goes on, the Rematch button once it is over.
fn shows_board(message: &Message, view: &GameView) -> bool {
    message
        .components
        .iter()
        .flat_map(|row| &row.components)
        .any(|component| {
            let ActionRowComponent::Button(button) = component else {
                return false;
            };
            let ButtonKind::NonLink { custom_id, .. } = &button.data else {
                return false;
            };
            match (custom_id.parse::<ButtonId>(), view.finished) {
                (Ok(ButtonId::Move { game, ply, .. }), None) => game == view.id && ply == view.ply(),
                (Ok(ButtonId::Rematch { game }), Some(_)) => game == view.id,
                _ => false,
            }
        })
}
