//! `/akon follow game [every_move] [stop]`: follows a game one does not
//! play in — a DM when it ends, and at every move if asked — or stops.

use serenity::all::CommandInteraction;

use super::super::asker::Asker;
use super::super::render::follows;
use super::super::{Answered, Bot, Call};
use super::declare::{subcommand, Opt, Optional, Required};
use super::kinds::{Flag, Id};
use super::shared::game;

const GAME: Opt<Id, Required> = game("cmd-follow-game-desc", Required);
const EVERY_MOVE: Opt<Flag, Optional> = Opt {
    name: "every_move",
    name_key: "cmd-every-move-name",
    description_key: "cmd-every-move-desc",
    kind: Flag,
    presence: Optional,
};
const STOP: Opt<Flag, Optional> = Opt {
    name: "stop",
    name_key: "cmd-stop-following-name",
    description_key: "cmd-stop-following-desc",
    kind: Flag,
    presence: Optional,
};

subcommand! {
    pub struct Follow = "follow" ("cmd-follow-name", "cmd-follow-desc") {
        game: i64 = GAME,
        every_move: Option<bool> = EVERY_MOVE,
        stop: Option<bool> = STOP,
    }
}

impl Follow {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let mine = call.languages.private;
        let reply = match self.stop {
            Some(true) => bot
                .service
                .unfollow(self.game, call.user)
                .await
                .map(|_| follows::unfollowed(mine, self.game)),
            _ => bot
                .service
                .follow(self.game, call.user, call.place, self.every_move.unwrap_or(false))
                .await
                .map(|followed| follows::followed(mine, &followed)),
        };
        match reply {
            Ok(reply) => bot.private_reply(call.ctx, call.interaction, &reply).await,
            Err(error) => {
                bot.refuse(call.ctx, Asker::Command(call.interaction), mine, &error, "follow")
                    .await
            }
        }
    }
}
