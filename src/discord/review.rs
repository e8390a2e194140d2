//! The Review button and `/akon review`: a stored review is answered at
//! once; otherwise the answer is deferred (Discord shows "thinking…") while
//! the engine reviews the game, and the deferred response is edited with
//! the review.

use super::context::Context;
use serenity::all::{
    ComponentInteraction, CreateAllowedMentions, CreateAttachment, CreateInteractionResponse,
    CreateInteractionResponseMessage, EditInteractionResponse,
};

use super::asker::Asker;
use super::pictures::DESCRIPTION_LIMIT;
use super::render_review::{review_graph_description, review_message, review_refused_in_progress};
use super::{Answered, Bot, Call};
use crate::i18n::Language;
use crate::service::{BoardStyle, Languages, ReviewView, ServiceError};

/// What a review's message says, in `language`: the review (its graph as
/// a picture if `pictures` and it can be drawn), or why there is none.
async fn review_or_refusal(
    bot: &Bot,
    language: Language,
    reviewed: Result<ReviewView, ServiceError>,
    game_id: i64,
    style: BoardStyle,
) -> (String, Option<CreateAttachment>) {
    match reviewed {
        Ok(view) => {
            let graph = match style.has_picture() {
                true => graph_picture(language, &view).await,
                false => None,
            };
            let text = review_message(language, &view, graph.is_none() || style.has_text());
            (text, graph)
        }
        Err(ServiceError::GameNotOver) => {
            crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
            (review_refused_in_progress(language, game_id), None)
        }
        Err(error) => (bot.error_text(language, &error, "review"), None),
    }
}

/// The review's evaluation graph as a PNG, described in words; drawn on a
/// blocking thread. `None` (and logged) if it cannot be drawn.
async fn graph_picture(language: Language, view: &ReviewView) -> Option<CreateAttachment> {
    let description: String = review_graph_description(language, view)
        .chars()
        .take(DESCRIPTION_LIMIT)
        .collect();
    let svg = crate::picture::graph_svg(language, &view.review);
    match tokio::task::spawn_blocking(move || crate::picture::png(&svg)).await {
        Ok(Ok(png)) => {
            Some(CreateAttachment::bytes(png, format!("akon-review-{}.png", view.game.id)).description(description))
        }
        Ok(Err(error)) => {
            tracing::error!(%error, game_id = view.game.id, "cannot draw a review's graph; showing the text");
            None
        }
        Err(error) => {
            tracing::error!(%error, game_id = view.game.id, "drawing a review's graph failed; showing the text");
            None
        }
    }
}

/// A review names the players by mention but pings nobody.
fn message(
    (text, graph): (String, Option<CreateAttachment>),
    private: bool,
) -> (CreateInteractionResponse, Vec<CreateAttachment>) {
    let message = CreateInteractionResponseMessage::new()
        .content(text)
        .allowed_mentions(CreateAllowedMentions::new())
        .ephemeral(private);
    (CreateInteractionResponse::Message(message), graph.into_iter().collect())
}

fn edit((text, graph): (String, Option<CreateAttachment>)) -> EditInteractionResponse {
    let edit = EditInteractionResponse::new()
        .content(text)
        .allowed_mentions(CreateAllowedMentions::new());
    match graph {
        Some(graph) => edit.new_attachment(graph),
        None => edit,
    }
}

impl Bot {
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
    pub(super) async fn offer_review(
        &self,
        ctx: &Context,
        asker: Asker<'_>,
        languages: Languages,
        game_id: i64,
    ) -> Answered {
        let (language, private) = match asker {
            Asker::Command(_) => (languages.public, false),
            Asker::Button(_) => (languages.private, true),
        };
        // The graph as a picture where the boards are: the server's style
        // for everyone, the presser's for them alone; never where the bot
        // may not attach files.
        let style = match (asker, asker.guild_id()) {
            (Asker::Command(_), Some(guild)) => self.server_board_style(guild).await,
            _ => self.user_board_style(asker.user_id()).await,
        };
        let style = match asker.app_permissions() {
            Some(permissions) if !permissions.attach_files() => BoardStyle::Text,
            _ => style,
        };
        match self.service.stored_review(game_id).await {
            Ok(Some(view)) => {
                let (answer, files) = message(
                    review_or_refusal(self, language, Ok(view), game_id, style).await,
                    private,
                );
                return asker.respond_with(ctx, answer, files).await;
            }
            Ok(None) => {}
            Err(error) => {
                let refusal = review_or_refusal(self, languages.private, Err(error), game_id, style).await;
                let (answer, files) = message(refusal, true);
                return asker.respond_with(ctx, answer, files).await;
            }
        }
        let deferred = match private {
            true => CreateInteractionResponseMessage::new().ephemeral(true),
            false => CreateInteractionResponseMessage::new(),
        };
        asker.respond(ctx, CreateInteractionResponse::Defer(deferred)).await?;
        // A public answer, deferred, reads in the channel's language, a
        // refusal too.
        let reviewed = review_or_refusal(self, language, self.service.review(game_id).await, game_id, style).await;
        asker.edit(ctx, edit(reviewed)).await
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
        let (answer, files) = message((text, None), true);
        Asker::Button(press).respond_with(ctx, answer, files).await
    }
}
