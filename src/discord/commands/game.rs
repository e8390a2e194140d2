//! `/akon game id`: a finished or ongoing game's record and board, for
//! everyone, with a link to its page.

use serenity::all::{CommandInteraction, CreateInteractionResponse};

use super::super::asker::Asker;
use super::super::render::records as render_records;
use super::super::web_links::add_link;
use super::super::{response, Answered, Bot, Call};
use super::declare::{subcommand, Opt, Required};
use super::kinds::Id;
use crate::tr;

const ID: Opt<Id, Required> = Opt {
    name: "id",
    name_key: "cmd-id-name",
    description_key: "cmd-id-desc",
    kind: Id,
    presence: Required,
};

subcommand! {
    pub struct Game = "game" ("cmd-game-name", "cmd-game-desc") {
        id: i64 = ID,
    }
}

impl Game {
    pub(in crate::discord) async fn run(self, bot: &Bot, call: Call<'_, CommandInteraction>) -> Answered {
        let (ctx, asker) = (call.ctx, Asker::Command(call.interaction));
        let record = match bot.service.game_record(self.id).await {
            Ok(record) => record,
            Err(error) => return bot.refuse(ctx, asker, call.languages.private, &error, "game").await,
        };
        // The asker's board style: they asked to see the game.
        let style = bot.private_board_style(asker).await;
        let l = call.languages.public;
        let picture = match style.has_picture() {
            true => bot.board_png(l, &record.view).await,
            false => None,
        };
        let mut reply = render_records::game(l, &record, picture.is_none() || style.has_text());
        if let Some(url) = bot.game_page_url(self.id).await {
            add_link(&mut reply, url, tr!(l, "button-replay"));
        }
        let message = CreateInteractionResponse::Message(response(&reply));
        let files = picture.iter().map(|picture| picture.attachment()).collect();
        asker.respond_with(ctx, message, files).await
    }
}
