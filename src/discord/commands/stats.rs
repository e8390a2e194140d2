//! `/akon stats [player]`: a player's ratings and record, privately.

use serenity::all::{CommandInteraction, User};

use super::super::asker::Asker;
use super::super::render::records as render_records;
use super::super::{player_of, Answered, Bot, Call};
use super::declare::{subcommand, Opt, Optional};
use super::kinds::UserKind;
use super::shared::player;

const PLAYER: Opt<UserKind, Optional> = player("cmd-stats-player-desc");

subcommand! {
    pub struct Stats = "stats" ("cmd-stats-name", "cmd-stats-desc") {
        /// The asker when not given.
        player: Option<User> = PLAYER,
    }
}

impl Stats {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let who = self.player.as_ref().map_or_else(|| call.user.clone(), player_of);
        let found = bot.service.stats(call.user, &who, call.place.guild_id).await;
        let asker = Asker::Command(call.interaction);
        bot.answer(call.ctx, asker, call.languages, (found, "stats"), render_records::stats)
            .await
    }
}
