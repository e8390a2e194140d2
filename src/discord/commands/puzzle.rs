//! `/akon puzzle`: the puzzle nearest the asker's puzzle rating, privately
//! (see `puzzle.rs`, which the Next puzzle button shares).

use serenity::all::CommandInteraction;

use super::super::asker::Asker;
use super::super::{Answered, Bot, Call};
use super::declare::subcommand;

subcommand! {
    pub struct Puzzle = "puzzle" ("cmd-puzzle-name", "cmd-puzzle-desc") {}
}

impl Puzzle {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let asker = Asker::Command(call.interaction);
        bot.offer_puzzle(call.ctx, asker, call.languages.private, call.user)
            .await
    }
}
