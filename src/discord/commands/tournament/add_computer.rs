//! `/akon tournament add_computer level [tournament]`: the computer joins
//! at a level.

use serenity::all::CommandInteraction;

use super::super::super::render::display_name;
use super::super::super::{Answered, Bot, Call};
use super::super::declare::{subcommand, Opt, Required};
use super::super::kinds::{Levels, OneOf};
use super::super::shared::level;
use super::{answer, mine, Rights, TOURNAMENT};
use crate::ai::Level;
use crate::board_text::level_name;
use crate::service::Player;
use crate::tr;

const LEVEL: Opt<OneOf<Levels>, Required> = level("cmd-tournament-level-desc", Required);

subcommand! {
    pub struct AddComputer = "add_computer" ("cmd-tournament-add-computer-name", "cmd-tournament-add-computer-desc") {
        level: Level = LEVEL,
        tournament: Option<i64> = TOURNAMENT,
    }
}

impl AddComputer {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let me = Player {
            id: call.ctx.bot_user().get(),
            name: call.ctx.bot_name().to_string(),
            is_bot: true,
        };
        let rights = Rights::of(call.interaction);
        let added = async {
            let id = bot
                .service
                .tournament_meant(self.tournament, call.place.channel_id)
                .await?;
            bot.service
                .add_computer_as(id, &rights.member(call.user), &me, self.level)
                .await
        }
        .await;
        let mine = mine(call);
        let done = added.map(|view| {
            let name = display_name(mine, &view.name);
            let text = tr!(
                mine,
                "tournament-computer-added",
                name = name,
                level = level_name(mine, self.level)
            );
            (text, view.id)
        });
        answer(bot, call, done).await
    }
}
