//! `/akon tournament withdraw [tournament]`: the asker leaves a tournament
//! under way; their later games are forfeited.

use serenity::all::CommandInteraction;

use super::super::super::{Answered, Bot, Call};
use super::super::declare::subcommand;
use super::{answer, mine, TOURNAMENT};

subcommand! {
    pub struct Withdraw = "withdraw" ("cmd-tournament-withdraw-name", "cmd-tournament-withdraw-desc") {
        tournament: Option<i64> = TOURNAMENT,
    }
}

impl Withdraw {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let withdrawn = async {
            let id = bot
                .service
                .tournament_meant(self.tournament, call.place.channel_id)
                .await?;
            bot.service.withdraw_from_tournament(id, call.user).await
        }
        .await;
        let done = withdrawn.map(|view| (bot.named(mine(call), "tournament-withdrawn", &view), view.id));
        answer(bot, call, done).await
    }
}
