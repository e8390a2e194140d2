//! `/akon tournament standings [tournament]`: the standings, privately.

use serenity::all::CommandInteraction;

use super::super::super::render::tournaments::standings_private;
use super::super::super::{Answered, Bot, Call};
use super::super::declare::subcommand;
use super::{mine, refuse, TOURNAMENT};

subcommand! {
    pub struct Standings = "standings" ("cmd-tournament-standings-name", "cmd-tournament-standings-desc") {
        tournament: Option<i64> = TOURNAMENT,
    }
}

impl Standings {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let shown = async {
            let id = bot
                .service
                .tournament_meant(self.tournament, call.place.channel_id)
                .await?;
            let view = bot.service.tournament(id).await?;
            let standings = bot.service.tournament_standings(id).await?;
            Ok((view, standings))
        }
        .await;
        match shown {
            Ok((view, standings)) => {
                let text = standings_private(mine(call), &view, &standings);
                bot.private(call.ctx, call.interaction, &text).await
            }
            Err(error) => refuse(bot, call, &error).await,
        }
    }
}
