//! `/akon vacation on|off`: the asker's clocks stand still while away (or
//! run again); answered privately.

use serenity::all::CommandInteraction;

use super::super::asker::Asker;
use super::super::render::vacation as render_vacation;
use super::super::{Answered, Bot, Call};
use super::declare::{subcommand, Opt, Required};
use super::kinds::{OneOf, Pair, ON_OFF};

const STATE: Opt<OneOf<Pair>, Required> = Opt {
    name: "state",
    name_key: "cmd-vacation-state-name",
    description_key: "cmd-vacation-state-desc",
    kind: OneOf(ON_OFF),
    presence: Required,
};

subcommand! {
    pub struct Vacation = "vacation" ("cmd-vacation-name", "cmd-vacation-desc") {
        /// On (away) or off (back).
        on: bool = STATE,
    }
}

impl Vacation {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let (ctx, command, mine) = (call.ctx, call.interaction, call.languages.private);
        let changed = match self.on {
            true => bot.service.vacation_on(call.user).await,
            false => bot.service.vacation_off(call.user).await,
        };
        let text = match changed {
            Ok(changed) if self.on => render_vacation::vacation_on(mine, &changed),
            Ok(changed) => render_vacation::vacation_off(mine, &changed),
            Err(error) => return bot.refuse(ctx, Asker::Command(command), mine, &error, "vacation").await,
        };
        bot.private(ctx, command, &text).await
    }
}
