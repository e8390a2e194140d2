//! `/akon abort [game]`: ends a game before it really began, unrated; the
//! final board for everyone.

use serenity::all::CommandInteraction;

use super::super::{Answered, Bot, Call};
use super::declare::subcommand;
use super::shared::GAME;

subcommand! {
    pub struct Abort = "abort" ("cmd-abort-name", "cmd-abort-desc") {
        game: Option<i64> = GAME,
    }
}

impl Abort {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let aborted = match bot
            .service
            .game_of(call.user.id, self.game, call.place.channel_id)
            .await
        {
            Ok(view) => bot.service.abort(view.id, call.user).await,
            Err(error) => Err(error),
        };
        bot.answer_game_end(call.ctx, call.interaction, call.languages, aborted, "abort")
            .await
    }
}
