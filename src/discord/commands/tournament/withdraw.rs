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
        let next_round = withdrawn.as_ref().ok().map(|view| (view.id, view.current_round + 1));
        let done = withdrawn.map(|view| (bot.named(mine(call), "tournament-withdrawn", &view), view.id));
        let answered = answer(bot, call, done).await;
        // The game the withdrawal ended shows its end now, not after the
        // delivery loop's grace.
        if let Some((tournament_id, round)) = next_round {
            bot.settle_round_before(call.ctx, tournament_id, round).await;
        }
        answered
    }
}
