//! `/akon history [player]`: a player's latest games, paged by buttons
//! (see `records.rs`).

use serenity::all::{CommandInteraction, User};

use super::super::asker::Asker;
use super::super::render::records as render_records;
use super::super::{player_of, Answered, Bot, Call};
use super::declare::{subcommand, Opt, Optional};
use super::kinds::UserKind;
use super::shared::player;

const PLAYER: Opt<UserKind, Optional> = player("cmd-history-player-desc");

subcommand! {
    pub struct History = "history" ("cmd-history-name", "cmd-history-desc") {
        /// The asker when not given.
        player: Option<User> = PLAYER,
    }
}

impl History {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let who = self.player.as_ref().map_or_else(|| call.user.clone(), player_of);
        let page = bot.service.history_of(&who, 0).await;
        let asker = Asker::Command(call.interaction);
        bot.answer(
            call.ctx,
            asker,
            call.languages,
            (page, "history"),
            render_records::history,
        )
        .await
    }
}
