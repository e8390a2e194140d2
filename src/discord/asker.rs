//! Who asked: a slash command or a button press. serenity answers the two
//! through two types with the same calls; the handlers that answer either
//! the same way (a puzzle, a review) take an [`Asker`].

use serenity::all::{
    CommandInteraction, ComponentInteraction, Context, CreateInteractionResponse, EditInteractionResponse,
};

use super::Answered;

#[derive(Clone, Copy)]
pub(super) enum Asker<'a> {
    Command(&'a CommandInteraction),
    Button(&'a ComponentInteraction),
}

impl Asker<'_> {
    pub(super) async fn respond(self, ctx: &Context, response: CreateInteractionResponse) -> Answered {
        match self {
            Asker::Command(command) => command.create_response(&ctx.http, response).await,
            Asker::Button(press) => press.create_response(&ctx.http, response).await,
        }
    }

    /// Edits the answer, once deferred.
    pub(super) async fn edit(self, ctx: &Context, message: EditInteractionResponse) -> Answered {
        match self {
            Asker::Command(command) => command.edit_response(&ctx.http, message).await.map(|_| ()),
            Asker::Button(press) => press.edit_response(&ctx.http, message).await.map(|_| ()),
        }
    }
}
