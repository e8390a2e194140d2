//! The scheduler's vacation notices: an opponent told that a player is
//! away, and a player told that their year's vacation is used up; each by
//! direct message or as a mention in the game's channel, as the one told
//! chose for reminders.

use serenity::all::{ChannelId, UserId};

use super::context::Context;
use super::render;
use super::{Answered, Bot};
use crate::service::{GameView, NoticeView};

/// Where a vacation notice goes: the one told and how.
struct Told<'a> {
    user_id: u64,
    dm: bool,
    view: Option<&'a GameView>,
}

impl Bot {
    /// Sends a vacation's notice (other notices are not this file's).
    pub(super) async fn send_vacation_notice(&self, ctx: &Context, nonce: String, notice: &NoticeView) -> Answered {
        match notice {
            NoticeView::VacationStarted { view, away, dm, .. } => {
                self.send_vacation_started(ctx, nonce, view, *away, *dm).await
            }
            NoticeView::VacationOver { user_id, view, dm, .. } => {
                let told = Told {
                    user_id: *user_id,
                    dm: *dm || view.as_ref().is_some_and(|view| !view.venue.bot_posts()),
                    view: view.as_ref(),
                };
                self.send_vacation_over(ctx, nonce, told).await
            }
            _ => Ok(()),
        }
    }

    /// Tells `told.user_id` that `away` is on vacation (the clocks of
    /// their games stand still).
    async fn send_vacation_started(
        &self,
        ctx: &Context,
        nonce: String,
        view: &GameView,
        away: u64,
        dm: bool,
    ) -> Answered {
        let Some(seat) = view.seat_of(away) else { return Ok(()) };
        let told = Told {
            user_id: view.player(seat.opponent()).user_id,
            // Where the bot cannot post, a notice can only be a DM.
            dm: dm || !view.venue.bot_posts(),
            view: Some(view),
        };
        let language = self.told_language(&told).await;
        let reply = render::vacation::vacation_started(language, view, away);
        self.post_told(ctx, &told, &reply.owed_message(nonce)).await?;
        tracing::info!(game_id = view.id, away, "opponent told of a vacation");
        Ok(())
    }

    /// Tells `user_id` their year's vacation is used up.
    async fn send_vacation_over(&self, ctx: &Context, nonce: String, told: Told<'_>) -> Answered {
        let language = self.told_language(&told).await;
        let reply = render::vacation::vacation_over(language, told.user_id);
        self.post_told(ctx, &told, &reply.owed_message(nonce)).await?;
        tracing::info!(user_id = told.user_id, "player told their vacation is used up");
        Ok(())
    }

    /// A direct message speaks the player's language; a mention in the
    /// channel, the server's.
    async fn told_language(&self, told: &Told<'_>) -> crate::i18n::Language {
        match told.view {
            Some(view) if !told.dm => self.server_language(view.guild_id).await,
            _ => self.user_language(told.user_id).await,
        }
    }

    async fn post_told(&self, ctx: &Context, told: &Told<'_>, message: &serenity::all::CreateMessage) -> Answered {
        let channel = match told.view {
            Some(view) if !told.dm => ChannelId::new(
                view.board_message
                    .map(|board| board.channel_id)
                    .unwrap_or(view.channel_id),
            ),
            _ => UserId::new(told.user_id).create_dm_channel(ctx).await?.id,
        };
        super::posting::post(ctx, channel, message).await?;
        Ok(())
    }
}
