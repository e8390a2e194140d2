//! Ratings and records on Discord: the Abort button, and the Previous/Next
//! buttons of leaderboards and histories (whose `custom_id` carries
//! everything a page needs, so they keep working after a restart). What
//! they show is drawn by `render/records.rs`; the commands that first show
//! them are in `commands/` (`leaderboard.rs`, `history.rs`, …).

use super::context::Context;
use serenity::all::ComponentInteraction;

use super::asker::Asker;
use super::render_records;
use super::{Answered, Bot};
use crate::service::Languages;
use crate::service::{Delivery, Player, Scope};
use crate::tr;

/// `reply` with a link button to a web page, if there is one.
fn with_link(
    mut reply: super::render::Reply,
    url: Option<String>,
    label: impl FnOnce() -> String,
) -> super::render::Reply {
    if let Some(url) = url {
        super::web_links::add_link(&mut reply, url, label());
    }
    reply
}

impl Bot {
    /// Previous or Next on a leaderboard: the message shows the new page,
    /// with where the presser stands.
    pub(super) async fn leaderboard_button(
        &self,
        ctx: &Context,
        press: &ComponentInteraction,
        languages: Languages,
        user: &Player,
        (global, guild, page): (bool, u64, i64),
    ) -> Answered {
        let scope = if global { Scope::Global } else { Scope::Server(guild) };
        let board = self.service.leaderboard(scope, page, user.id).await;
        let web = match scope {
            Scope::Server(guild) => self.server_page_url(guild).await,
            Scope::Global => None,
        };
        self.answer(
            ctx,
            Asker::Button(press),
            languages,
            (board, "leaderboard"),
            |l, board| {
                with_link(render_records::leaderboard(l, board, guild), web, || {
                    tr!(l, "button-web-leaderboard")
                })
            },
        )
        .await
    }

    pub(super) async fn history_button(
        &self,
        ctx: &Context,
        press: &ComponentInteraction,
        languages: Languages,
        player: u64,
        page: i64,
    ) -> Answered {
        let page = self.service.history(player, page).await;
        self.answer(
            ctx,
            Asker::Button(press),
            languages,
            (page, "history"),
            render_records::history,
        )
        .await
    }

    /// The Abort button of a board: the pressed board loses its buttons and
    /// the final board follows.
    pub(super) async fn abort_button(
        &self,
        ctx: &Context,
        press: &ComponentInteraction,
        languages: Languages,
        user: &Player,
        game: i64,
    ) -> Answered {
        let _busy = self.busy.hold(game);
        match self.service.abort(game, user).await {
            Ok(view) if !view.venue.bot_posts() => self.press_shows(ctx, press, languages.public, &view, None).await,
            Ok(view) => {
                let answered = super::buttons::strip_pressed_board(ctx, press).await;
                if let Err(error) = &answered {
                    tracing::warn!(%error, game_id = game, "could not answer an abort");
                }
                let board = (press.channel_id.get(), press.message.id.get());
                let owed = Delivery::after_press(view, board, answered.is_ok());
                self.deliver(ctx, &owed, None, languages.public).await
            }
            Err(error) => {
                self.refuse(ctx, Asker::Button(press), languages.private, &error, "abort")
                    .await
            }
        }
    }
}
