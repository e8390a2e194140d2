//! `/akon puzzle` and the puzzle's buttons, all private to the solver. A
//! puzzle kept already is shown at once; otherwise the answer is deferred
//! while a batch is mined, then edited with the puzzle. A hole press is
//! judged at once, on the puzzle's own message. The board is shown as the
//! solver's board style says (`/akon settings board_style`).

use super::context::Context;
use serenity::all::{
    ComponentInteraction, CreateAttachment, CreateInteractionResponse, CreateInteractionResponseMessage,
    EditInteractionResponse,
};

use super::asker::Asker;
use super::pictures::BoardPng;
use super::render_puzzle::{answer_message, puzzle_message, PuzzleMessage};
use super::{Answered, Bot, Call};
use crate::engine::Hole;
use crate::i18n::Language;
use crate::service::{BoardStyle, Languages, Player, PuzzleView, ServiceError};

/// A puzzle's message with its picture, if it has one.
struct Shown {
    message: PuzzleMessage,
    picture: Option<BoardPng>,
}

fn private(shown: Shown) -> (CreateInteractionResponse, Vec<CreateAttachment>) {
    let message = CreateInteractionResponseMessage::new()
        .content(shown.message.content)
        .components(shown.message.components)
        .ephemeral(true);
    let files = shown.picture.iter().map(BoardPng::attachment).collect();
    (CreateInteractionResponse::Message(message), files)
}

fn edit(shown: Shown) -> EditInteractionResponse {
    let message = EditInteractionResponse::new()
        .content(shown.message.content)
        .components(shown.message.components);
    match shown.picture {
        Some(picture) => message.new_attachment(picture.attachment()),
        None => message,
    }
}

impl Bot {
    /// The puzzle (as the solver's board style says: its picture, its text
    /// board, or both) or the refusal, as a message.
    async fn puzzle_or_refusal(
        &self,
        language: Language,
        style: BoardStyle,
        found: Result<PuzzleView, ServiceError>,
    ) -> Shown {
        match found {
            Ok(view) => {
                let picture = match style.has_picture() {
                    true => self.puzzle_png(language, &view.position, view.puzzle_id).await,
                    false => None,
                };
                let with_text = picture.is_none() || style.has_text();
                Shown {
                    message: puzzle_message(language, &view, with_text),
                    picture,
                }
            }
            Err(error) => Shown {
                message: PuzzleMessage {
                    content: self.error_text(language, &error, "puzzle"),
                    components: vec![],
                },
                picture: None,
            },
        }
    }

    /// The Next puzzle button: as `/akon puzzle`, in a new private message.
    pub(super) async fn next_puzzle_button(
        &self,
        ctx: &Context,
        press: &ComponentInteraction,
        languages: Languages,
        user: &Player,
    ) -> Answered {
        self.offer_puzzle(ctx, Asker::Button(press), languages.private, user)
            .await
    }

    /// A puzzle kept already is answered at once; otherwise the answer is
    /// deferred while puzzles are mined, then edited.
    pub(super) async fn offer_puzzle(&self, ctx: &Context, asker: Asker<'_>, l: Language, user: &Player) -> Answered {
        let ready = match self.service.ready_puzzle(user).await {
            Ok(None) => None,
            Ok(Some(view)) => Some(Ok(view)),
            Err(error) => Some(Err(error)),
        };
        let style = self.private_board_style(asker).await;
        if let Some(found) = ready {
            let (answer, files) = private(self.puzzle_or_refusal(l, style, found).await);
            return asker.respond_with(ctx, answer, files).await;
        }
        let deferred = CreateInteractionResponseMessage::new().ephemeral(true);
        asker.respond(ctx, CreateInteractionResponse::Defer(deferred)).await?;
        let shown = self.puzzle_or_refusal(l, style, self.service.puzzle(user).await).await;
        asker.edit(ctx, edit(shown)).await
    }

    /// A hole pressed on a puzzle: judged and scored once, shown on the
    /// puzzle's message; a refusal (someone else's puzzle, answered
    /// already, forged) privately, the message left as it is.
    pub(super) async fn puzzle_answer(
        &self,
        call: Call<'_, ComponentInteraction>,
        attempt: i64,
        hole: Hole,
    ) -> Answered {
        let Call {
            ctx,
            interaction: press,
            user,
            ..
        } = call;
        let l = call.languages.private;
        match self.service.answer_puzzle(attempt, hole, user).await {
            Ok(answer) => {
                // The puzzle's picture stays; only the text changes.
                let pictured = !press.message.attachments.is_empty();
                let with_text = !pictured || self.private_board_style(Asker::Button(press)).await.has_text();
                let message = answer_message(l, &answer, with_text);
                let data = serde_json::json!({"content": message.content, "components": message.components});
                super::posting::update_keeping_attachments(ctx, press, data).await
            }
            Err(error) => self.refuse(ctx, Asker::Button(press), l, &error, "puzzle").await,
        }
    }
}
