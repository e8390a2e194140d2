//! `/akon games`: the asker's ongoing games, privately.

use serenity::all::CommandInteraction;

use super::super::asker::Asker;
use super::super::render;
use super::super::{Answered, Bot, Call};
use super::declare::subcommand;

subcommand! {
    pub struct Games = "games" ("cmd-games-name", "cmd-games-desc") {}
}

impl Games {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let (mine, user) = (call.languages.private, call.user);
        let games = match bot.service.ongoing_games(user.id).await {
            Ok(games) => bot
                .service
                .followed_games(user.id)
                .await
                .map(|followed| (games, followed)),
            Err(error) => Err(error),
        };
        match games {
            Ok((games, followed)) => {
                let mut text = render::games_list(mine, user.id, &games).content;
                // The games they follow come apart from their own.
                for line in render::follows::followed_games(mine, &followed) {
                    text.push('\n');
                    text.push_str(&line);
                }
                bot.private(call.ctx, call.interaction, &text).await
            }
            Err(error) => {
                bot.refuse(call.ctx, Asker::Command(call.interaction), mine, &error, "games")
                    .await
            }
        }
    }
}
