//! Slash commands: each is parsed and handed to its subcommand's handler
//! (`commands/`, a file per subcommand); the answers they share.

use super::context::Context;
use serenity::all::{
    CommandInteraction, CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    Message,
};

use super::asker::Asker;
use super::commands;
use super::render::Reply;
use super::{player_of, response, Answered, Bot, Call};
use crate::service::{GameView, Languages, ServiceError};

impl Bot {
    /// A slash command: parsed through its declaration, then answered by
    /// its subcommand's handler (`commands/`); a malformed one is refused
    /// privately.
    pub(super) async fn on_command(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        languages: Languages,
    ) -> Answered {
        let user = player_of(&command.user);
        tracing::debug!(user_id = user.id, command = %command.data.name, "slash command");
        let parsed = match commands::parse(command) {
            Ok(parsed) => parsed,
            Err(error) => {
                crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
                return self.private(ctx, command, &error.sentence(languages.private)).await;
            }
        };
        let place = super::command_place(command);
        let call = Call {
            ctx,
            interaction: command,
            languages,
            user: &user,
            place,
        };
        parsed.run(self, call).await
    }

    /// Several private messages: the answer, then follow-ups.
    pub(super) async fn private_pages(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        pages: &[String],
    ) -> Answered {
        let Some((first, rest)) = pages.split_first() else {
            return Ok(());
        };
        self.private(ctx, command, first).await?;
        for page in rest {
            let followup = CreateInteractionResponseFollowup::new().content(page).ephemeral(true);
            command.create_followup(&ctx.http, followup).await?;
        }
        Ok(())
    }

    pub(super) async fn private(&self, ctx: &Context, command: &CommandInteraction, text: &str) -> Answered {
        let message = CreateInteractionResponseMessage::new().content(text).ephemeral(true);
        Asker::Command(command)
            .respond(ctx, CreateInteractionResponse::Message(message))
            .await
    }

    /// Answers a command that ended a game (`action`): the final board for
    /// everyone, and the last board loses its buttons; or the refusal,
    /// privately.
    pub(super) async fn answer_game_end(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        languages: Languages,
        ended: Result<GameView, ServiceError>,
        action: &str,
    ) -> Answered {
        match ended {
            Ok(view) => {
                let _busy = self.busy.hold(view.id);
                let message = self
                    .answer_with_board(ctx, Asker::Command(command), &view, languages.public, None)
                    .await?;
                self.board_answered(ctx, &view, &message).await
            }
            Err(error) => {
                self.private(ctx, command, &self.error_text(languages.private, &error, action))
                    .await
            }
        }
    }

    /// Answers in the channel, for everyone, and returns the message sent.
    pub(super) async fn public(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        reply: &Reply,
    ) -> serenity::Result<Message> {
        Asker::Command(command)
            .respond(ctx, CreateInteractionResponse::Message(response(reply)))
            .await?;
        command.get_response(&ctx.http).await
    }

    // Buttons.
}
