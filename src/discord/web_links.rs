//! Links from Discord to the web pages, when `AKON_WEB_BASE_URL` is set: a
//! Live page button under a board in play, a Replay button under a
//! finished board and under `/akon game`, and a Web page button under
//! `/akon leaderboard`. Link buttons have no `custom_id`:
//! they are never routed back to the bot. A link is made only for a page that is served (see
//! `service::web`); if its token cannot be read, the message goes without
//! it rather than not at all.

use serenity::all::{CreateActionRow, CreateButton};

use super::render::Reply;
use super::Bot;
use crate::i18n::Language;
use crate::service::GameView;
use crate::tr;

/// A game's page.
pub fn game_url(base: &str, token: &str) -> String {
    format!("{base}/g/{token}")
}

/// A server's leaderboard page.
pub fn server_url(base: &str, token: &str) -> String {
    format!("{base}/s/{token}")
}

/// A tournament's page: for the tournament's announcement and standings,
/// with the token from `Service::tournament_page_token`.
pub fn tournament_url(base: &str, token: &str) -> String {
    format!("{base}/t/{token}")
}

impl Bot {
    /// The address of `game_id`'s page, if links are on and it has one.
    pub(super) async fn game_page_url(&self, game_id: i64) -> Option<String> {
        let base = self.web.as_deref()?;
        match self.service.game_page_token(game_id).await {
            Ok(token) => token.map(|token| game_url(base, &token)),
            Err(error) => {
                tracing::warn!(game_id, %error, "cannot read a game page's token; no link");
                None
            }
        }
    }

    /// The address of `guild_id`'s leaderboard page, if links are on and
    /// its admins turned it on.
    pub(super) async fn server_page_url(&self, guild_id: u64) -> Option<String> {
        let base = self.web.as_deref()?;
        match self.service.server_page_token(guild_id).await {
            Ok(token) => token.map(|token| server_url(base, &token)),
            Err(error) => {
                tracing::warn!(guild_id, %error, "cannot read a leaderboard page's token; no link");
                None
            }
        }
    }

    /// The address of `tournament_id`'s page, if links are on and its
    /// server shows its pages.
    pub(super) async fn tournament_page_url(&self, tournament_id: i64) -> Option<String> {
        let base = self.web.as_deref()?;
        match self.service.tournament_page_token(tournament_id).await {
            Ok(token) => token.map(|token| tournament_url(base, &token)),
            Err(error) => {
                tracing::warn!(tournament_id, %error, "cannot read a tournament page's token; no link");
                None
            }
        }
    }

    /// `reply`, the board of `view`, with a link to its page: Replay once
    /// the game is over, Live page while it goes on (where it is followed
    /// move by move, and its players may play it once signed in).
    pub(super) async fn with_replay(&self, language: Language, view: &GameView, mut reply: Reply) -> Reply {
        if self.web.is_none() {
            return reply;
        }
        if let Some(url) = self.game_page_url(view.id).await {
            let label = match view.finished {
                Some(_) => tr!(language, "button-replay"),
                None => tr!(language, "button-live-page"),
            };
            add_link(&mut reply, url, label);
        }
        reply
    }
}

/// Adds a link button to `reply`'s first row of buttons if it has room,
/// else in a row of its own.
pub(super) fn add_link(reply: &mut Reply, url: String, label: String) {
    let button = CreateButton::new_link(url).label(label);
    match reply.components.first_mut() {
        Some(CreateActionRow::Buttons(buttons)) if buttons.len() < 5 => buttons.push(button),
        _ => reply.components.push(CreateActionRow::Buttons(vec![button])),
    }
}
