//! `/akon tournament start [tournament]`: pairs the first round now and
//! posts its boards.

use serenity::all::CommandInteraction;

use super::super::super::render::display_name;
use super::super::super::{Answered, Bot, Call};
use super::super::declare::subcommand;
use super::{answer, mine, refuse, Rights, TOURNAMENT};
use crate::tr;

subcommand! {
    pub struct Start = "start" ("cmd-tournament-start-name", "cmd-tournament-start-desc") {
        tournament: Option<i64> = TOURNAMENT,
    }
}

impl Start {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let rights = Rights::of(call.interaction);
        let started = async {
            let id = bot
                .service
                .tournament_meant(self.tournament, call.place.channel_id)
                .await?;
            bot.service.start_tournament_as(id, &rights.member(call.user)).await
        }
        .await;
        let opened = match started {
            Ok(opened) => opened,
            Err(error) => return refuse(bot, call, &error).await,
        };
        let mine = mine(call);
        let id = opened.tournament_id;
        // Said without its name if it cannot be read: it has started.
        let name = match bot.service.tournament(id).await {
            Ok(view) => display_name(mine, &view.name),
            Err(_) => String::new(),
        };
        let text = tr!(mine, "tournament-started", name = name, id = id.to_string());
        answer(bot, call, Ok((text, id))).await?;
        bot.post_round(call.ctx, &opened.games).await;
        Ok(())
    }
}
