//! Who asked: a slash command or a button press. serenity answers the two
//! through two types with the same calls; the handlers that answer either
//! the same way (a puzzle, a review) take an [`Asker`]. Here too, the shape
//! most handlers share: call the service, then show what it returned for
//! everyone, or its refusal to the asker alone.

use super::context::Context;
use serenity::all::{
    ChannelId, CommandInteraction, ComponentInteraction, CreateAttachment, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse, InteractionId,
    Message, Permissions,
};

use super::render::Reply;
use super::responder;
use super::{response, Answered, Bot, Languages};
use crate::i18n::Language;
use crate::service::ServiceError;

#[derive(Clone, Copy)]
pub(super) enum Asker<'a> {
    Command(&'a CommandInteraction),
    Button(&'a ComponentInteraction),
}

impl Asker<'_> {
    /// The first answer (see `responder`).
    pub(super) async fn respond(self, ctx: &Context, response: CreateInteractionResponse) -> Answered {
        self.respond_with(ctx, response, Vec::new()).await
    }

    /// The first answer with `files` attached to its message.
    pub(super) async fn respond_with(
        self,
        ctx: &Context,
        response: CreateInteractionResponse,
        files: Vec<CreateAttachment>,
    ) -> Answered {
        responder::respond(ctx, self.key(), response, files).await
    }

    /// The interaction's id and token, which its answers are sent with.
    pub(super) fn key(&self) -> (InteractionId, &str) {
        match self {
            Asker::Command(command) => (command.id, &command.token),
            Asker::Button(press) => (press.id, &press.token),
        }
    }

    /// The answer, as Discord shows it.
    pub(super) async fn get_response(self, ctx: &Context) -> serenity::Result<Message> {
        match self {
            Asker::Command(command) => command.get_response(&ctx.http).await,
            Asker::Button(press) => press.get_response(&ctx.http).await,
        }
    }

    /// What the bot may do in the interaction's channel, as Discord says.
    pub(super) fn app_permissions(self) -> Option<Permissions> {
        match self {
            Asker::Command(command) => command.app_permissions,
            Asker::Button(press) => press.app_permissions,
        }
    }

    pub(super) fn guild_id(self) -> Option<u64> {
        match self {
            Asker::Command(command) => command.guild_id.map(|g| g.get()),
            Asker::Button(press) => press.guild_id.map(|g| g.get()),
        }
    }

    pub(super) fn user_id(self) -> u64 {
        match self {
            Asker::Command(command) => command.user.id.get(),
            Asker::Button(press) => press.user.id.get(),
        }
    }

    pub(super) fn channel_id(self) -> ChannelId {
        match self {
            Asker::Command(command) => command.channel_id,
            Asker::Button(press) => press.channel_id,
        }
    }

    /// Edits the answer, once deferred.
    pub(super) async fn edit(self, ctx: &Context, message: EditInteractionResponse) -> Answered {
        self.edited(ctx, message).await.map(|_| ())
    }

    /// Edits the answer (for a press answered by an update, the pressed
    /// message), and returns it as Discord shows it.
    pub(super) async fn edited(self, ctx: &Context, message: EditInteractionResponse) -> serenity::Result<Message> {
        match self {
            Asker::Command(command) => command.edit_response(&ctx.http, message).await,
            Asker::Button(press) => press.edit_response(&ctx.http, message).await,
        }
    }

    /// A follow-up message, once answered: within the interaction token's
    /// 15 minutes, and at most five where the bot is not in the server.
    pub(super) async fn followup(self, ctx: &Context, message: CreateInteractionResponseFollowup) -> Answered {
        self.followup_message(ctx, message).await.map(|_| ())
    }

    /// [`Asker::followup`], returning the message sent.
    pub(super) async fn followup_message(
        self,
        ctx: &Context,
        message: CreateInteractionResponseFollowup,
    ) -> serenity::Result<Message> {
        match self {
            Asker::Command(command) => command.create_followup(&ctx.http, message).await,
            Asker::Button(press) => press.create_followup(&ctx.http, message).await,
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
                Asker::Button(press).respond(ctx, update).await
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
