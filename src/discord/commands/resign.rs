//! `/akon resign [game]`: resigns the asker's game at once; the final
//! board for everyone.

use serenity::all::CommandInteraction;

use super::super::{Answered, Bot, Call};
use super::declare::subcommand;
use super::shared::GAME;

subcommand! {
    pub struct Resign = "resign" ("cmd-resign-name", "cmd-resign-desc") {
        game: Option<i64> = GAME,
    }
}

impl Resign {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let resigned = match bot
            .service
            .game_of(call.user.id, self.game, call.place.channel_id)
            .await
        {
            Ok(view) => bot.service.resign(view.id, call.user).await,
            Err(error) => Err(error),
        };
        bot.answer_game_end(call.ctx, call.interaction, call.languages, resigned, "resign")
            .await
    }
}
