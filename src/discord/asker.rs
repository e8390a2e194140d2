//! Who asked: a slash command or a button press. serenity answers the two
//! through two types with the same calls; the handlers that answer either
//! the same way (a puzzle, a review) take an [`Asker`]. Here too, the shape
//! most handlers share: call the service, then show what it returned for
//! everyone, or its refusal to the asker alone.

use serenity::all::{
    CommandInteraction, ComponentInteraction, Context, CreateInteractionResponse, CreateInteractionResponseMessage,
    EditInteractionResponse,
};

use super::render::Reply;
use super::{response, Answered, Bot, Languages};
use crate::i18n::Language;
use crate::service::ServiceError;

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

impl Bot {
    /// Shows what the service returned, drawn by `render` in the public
    /// language, for everyone: a command's answer in the channel, or the
    /// pressed message updated; a refusal goes to the asker alone
    /// (`action` names what was refused).
    pub(super) async fn answer<T>(
        &self,
        ctx: &Context,
        asker: Asker<'_>,
        languages: Languages,
        (found, action): (Result<T, ServiceError>, &str),
        render: impl FnOnce(Language, &T) -> Reply,
    ) -> Answered {
        let reply = match found {
            Ok(found) => render(languages.public, &found),
            Err(error) => return self.refuse(ctx, asker, languages.private, &error, action).await,
        };
        match asker {
            Asker::Command(command) => self.public(ctx, command, &reply).await.map(|_| ()),
            Asker::Button(press) => {
                let update = CreateInteractionResponse::UpdateMessage(response(&reply));
                press.create_response(&ctx.http, update).await
            }
        }
    }

    /// Why the service refused `action`, to the asker alone, in `language`.
    pub(super) async fn refuse(
        &self,
        ctx: &Context,
        asker: Asker<'_>,
        language: Language,
        error: &ServiceError,
        action: &str,
    ) -> Answered {
        let message = CreateInteractionResponseMessage::new()
            .content(self.error_text(language, error, action))
            .ephemeral(true);
        asker.respond(ctx, CreateInteractionResponse::Message(message)).await
    }
}
