//! `/akon tournament cancel [tournament]`: ends it without a result.

use serenity::all::CommandInteraction;

use super::super::super::{Answered, Bot, Call};
use super::super::declare::subcommand;
use super::{answer, mine, Rights, TOURNAMENT};

subcommand! {
    pub struct Cancel = "cancel" ("cmd-tournament-cancel-name", "cmd-tournament-cancel-desc") {
        tournament: Option<i64> = TOURNAMENT,
    }
}

impl Cancel {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let rights = Rights::of(call.interaction);
        let cancelled = async {
            let id = bot
                .service
                .tournament_meant(self.tournament, call.place.channel_id)
                .await?;
            bot.service.cancel_tournament_as(id, &rights.member(call.user)).await
        }
        .await;
        let done = cancelled.map(|view| (bot.named(mine(call), "tournament-cancelled-done", &view), view.id));
        answer(bot, call, done).await
    }
}
