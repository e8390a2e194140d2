//! `/akon rules`: the rules, privately, in as many messages as they take.

use serenity::all::CommandInteraction;

use super::super::render;
use super::super::{Answered, Bot, Call};
use super::declare::subcommand;

subcommand! {
    pub struct Rules = "rules" ("cmd-rules-name", "cmd-rules-desc") {}
}

impl Rules {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let pages = render::rules(call.languages.private);
        bot.private_pages(call.ctx, call.interaction, &pages).await
    }
}
