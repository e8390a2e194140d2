//! The Review button and `/akon review`: a stored review is answered at
//! once; otherwise the answer is deferred (Discord shows "thinking…") while
//! the engine reviews the game, and the deferred response is edited with
//! the review.

use serenity::all::{
    CommandInteraction, ComponentInteraction, Context, CreateAllowedMentions, CreateInteractionResponse,
    CreateInteractionResponseMessage, EditInteractionResponse,
};

use super::render_review::{review_message, review_refused_in_progress};
use super::{Answered, Bot};
use crate::service::{ReviewView, ServiceError};

/// What a review's message says: the review, or why there is none.
fn review_or_refusal(bot: &Bot, reviewed: Result<ReviewView, ServiceError>, game_id: i64) -> String {
    match reviewed {
        Ok(view) => review_message(&view),
        Err(ServiceError::GameNotOver) => {
            crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
            review_refused_in_progress(game_id)
        }
        Err(error) => bot.error_text(&error, "review"),
    }
}

/// A review names the players by mention but pings nobody.
fn message(text: String, private: bool) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(text)
        .allowed_mentions(CreateAllowedMentions::new())
        .ephemeral(private)
}

fn edit(text: String) -> EditInteractionResponse {
    EditInteractionResponse::new()
        .content(text)
        .allowed_mentions(CreateAllowedMentions::new())
}

impl Bot {
    /// `/akon review game:<id>`: the review for everyone in the channel; a
    /// refusal privately.
    pub(super) async fn review_command(&self, ctx: &Context, command: &CommandInteraction, game_id: i64) -> Answered {
        match self.service.stored_review(game_id).await {
            Ok(Some(view)) => {
                let answer = message(review_message(&view), false);
                return command
                    .create_response(&ctx.http, CreateInteractionResponse::Message(answer))
                    .await;
            }
            Ok(None) => {}
            Err(error) => {
                let answer = message(review_or_refusal(self, Err(error), game_id), true);
                return command
                    .create_response(&ctx.http, CreateInteractionResponse::Message(answer))
                    .await;
            }
        }
        command
            .create_response(
                &ctx.http,
                CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new()),
            )
            .await?;
        let text = review_or_refusal(self, self.service.review(game_id).await, game_id);
        command.edit_response(&ctx.http, edit(text)).await.map(|_| ())
    }

    /// The Review button of a finished board: the review for the presser
    /// alone, so that presses do not fill the channel.
    pub(super) async fn review_button(&self, ctx: &Context, press: &ComponentInteraction, game_id: i64) -> Answered {
        match self.service.stored_review(game_id).await {
            Ok(None) => {}
            stored => {
                let reviewed = stored.map(|view| view.expect("matched above"));
                let answer = message(review_or_refusal(self, reviewed, game_id), true);
                return press
                    .create_response(&ctx.http, CreateInteractionResponse::Message(answer))
                    .await;
            }
        }
        press
            .create_response(
                &ctx.http,
                CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new().ephemeral(true)),
            )
            .await?;
        let text = review_or_refusal(self, self.service.review(game_id).await, game_id);
        press.edit_response(&ctx.http, edit(text)).await.map(|_| ())
    }
}

impl Bot {
    /// The Hint button: the best move and why, for the presser alone.
    pub(super) async fn hint_button(
        &self,
        ctx: &Context,
        press: &ComponentInteraction,
        user: &crate::service::Player,
        game_id: i64,
        ply: i64,
    ) -> Answered {
        let text = match self.service.hint(game_id, ply, user).await {
            Ok(found) => super::render_review::hint_message(&found.hint),
            Err(error) => self.error_text(&error, "hint"),
        };
        let answer = message(text, true);
        press
            .create_response(&ctx.http, CreateInteractionResponse::Message(answer))
            .await
    }
}
