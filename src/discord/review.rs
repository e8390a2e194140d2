//! The Review button and `/akon review`: a stored review is answered at
//! once; otherwise the answer is deferred (Discord shows "thinking…") while
//! the engine reviews the game, and the deferred response is edited with
//! the review.

use serenity::all::{
    CommandInteraction, ComponentInteraction, Context, CreateAllowedMentions, CreateInteractionResponse,
    CreateInteractionResponseMessage, EditInteractionResponse,
};

use super::asker::Asker;
use super::render_review::{review_message, review_refused_in_progress};
use super::{Answered, Bot, Call};
use crate::i18n::Language;
use crate::service::{Languages, ReviewView, ServiceError};

/// What a review's message says, in `language`: the review, or why there
/// is none.
fn review_or_refusal(
    bot: &Bot,
    language: Language,
    reviewed: Result<ReviewView, ServiceError>,
    game_id: i64,
) -> String {
    match reviewed {
        Ok(view) => review_message(language, &view),
        Err(ServiceError::GameNotOver) => {
            crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
            review_refused_in_progress(language, game_id)
        }
        Err(error) => bot.error_text(language, &error, "review"),
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
    pub(super) async fn review_command(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        languages: Languages,
        game_id: i64,
    ) -> Answered {
        self.offer_review(ctx, Asker::Command(command), languages, game_id)
            .await
    }

    /// The Review button of a finished board: the review for the presser
    /// alone, so that presses do not fill the channel.
    pub(super) async fn review_button(
        &self,
        ctx: &Context,
        press: &ComponentInteraction,
        languages: Languages,
        game_id: i64,
    ) -> Answered {
        self.offer_review(ctx, Asker::Button(press), languages, game_id).await
    }

    /// A stored review is answered at once; otherwise the answer is
    /// deferred while the engine reviews the game, then edited. A refusal
    /// known at once is private, in the asker's language.
    async fn offer_review(&self, ctx: &Context, asker: Asker<'_>, languages: Languages, game_id: i64) -> Answered {
        let (language, private) = match asker {
            Asker::Command(_) => (languages.public, false),
            Asker::Button(_) => (languages.private, true),
        };
        match self.service.stored_review(game_id).await {
            Ok(Some(view)) => {
                let answer = message(review_message(language, &view), private);
                return asker.respond(ctx, CreateInteractionResponse::Message(answer)).await;
            }
            Ok(None) => {}
            Err(error) => {
                let answer = message(review_or_refusal(self, languages.private, Err(error), game_id), true);
                return asker.respond(ctx, CreateInteractionResponse::Message(answer)).await;
            }
        }
        let deferred = match private {
            true => CreateInteractionResponseMessage::new().ephemeral(true),
            false => CreateInteractionResponseMessage::new(),
        };
        asker.respond(ctx, CreateInteractionResponse::Defer(deferred)).await?;
        // A public answer, deferred, reads in the channel's language, a
        // refusal too.
        let text = review_or_refusal(self, language, self.service.review(game_id).await, game_id);
        asker.edit(ctx, edit(text)).await
    }
}

impl Bot {
    /// The Hint button: the best move and why, for the presser alone.
    pub(super) async fn hint_button(&self, call: Call<'_, ComponentInteraction>, game_id: i64, ply: i64) -> Answered {
        let Call {
            ctx,
            interaction: press,
            languages,
            user,
            ..
        } = call;
        let text = match self.service.hint(game_id, ply, user).await {
            Ok(found) => super::render_review::hint_message(languages.private, &found.hint),
            Err(error) => self.error_text(languages.private, &error, "hint"),
        };
        let answer = message(text, true);
        press
            .create_response(&ctx.http, CreateInteractionResponse::Message(answer))
            .await
    }
}
