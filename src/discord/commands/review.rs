//! `/akon review game`: the computer's review of a finished game, for
//! everyone in the channel (see `review.rs`, which the Review button
//! shares).

use serenity::all::CommandInteraction;

use super::super::asker::Asker;
use super::super::{Answered, Bot, Call};
use super::declare::{subcommand, Opt, Required};
use super::kinds::Id;
use super::shared::game;

const GAME: Opt<Id, Required> = game("cmd-review-game-desc", Required);

subcommand! {
    pub struct Review = "review" ("cmd-review-name", "cmd-review-desc") {
        game: i64 = GAME,
    }
}

impl Review {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let asker = Asker::Command(call.interaction);
        bot.offer_review(call.ctx, asker, call.languages, self.game).await
    }
}
