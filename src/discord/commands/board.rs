//! `/akon board [game]`: the asker's game's board again, for everyone.

use serenity::all::CommandInteraction;

use super::super::asker::Asker;
use super::super::{Answered, Bot, Call};
use super::declare::subcommand;
use super::shared::GAME;

subcommand! {
    pub struct Board = "board" ("cmd-board-name", "cmd-board-desc") {
        game: Option<i64> = GAME,
    }
}

impl Board {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let (ctx, command) = (call.ctx, call.interaction);
        match bot
            .service
            .game_of(call.user.id, self.game, call.place.channel_id)
            .await
        {
            Ok(view) => {
                let _busy = bot.busy.hold(view.id);
                let message = bot
                    .answer_with_board(ctx, Asker::Command(command), &view, call.languages.public, None)
                    .await?;
                bot.board_answered(ctx, &view, &message).await
            }
            Err(error) => {
                bot.refuse(ctx, Asker::Command(command), call.languages.private, &error, "board")
                    .await
            }
        }
    }
}
