//! `/akon puzzle` and the puzzle's buttons, all private to the solver. A
//! puzzle kept already is shown at once; otherwise the answer is deferred
//! while a batch is mined, then edited with the puzzle. A hole press is
//! judged at once, on the puzzle's own message.

use serenity::all::{
    CommandInteraction, ComponentInteraction, Context, CreateInteractionResponse, CreateInteractionResponseMessage,
    EditInteractionResponse,
};

use super::asker::Asker;
use super::render_puzzle::{answer_message, puzzle_message, PuzzleMessage};
use super::{Answered, Bot, Call};
use crate::engine::Hole;
use crate::i18n::Language;
use crate::service::{Languages, Player, PuzzleView, ServiceError};

fn private(message: PuzzleMessage) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(message.content)
        .components(message.components)
        .ephemeral(true)
}

fn edit(message: PuzzleMessage) -> EditInteractionResponse {
    EditInteractionResponse::new()
        .content(message.content)
        .components(message.components)
}

impl Bot {
    /// The puzzle or the refusal, as a message.
    fn puzzle_or_refusal(&self, language: Language, found: Result<PuzzleView, ServiceError>) -> PuzzleMessage {
        match found {
            Ok(view) => puzzle_message(language, &view),
            Err(error) => PuzzleMessage {
                content: self.error_text(language, &error, "puzzle"),
                components: vec![],
            },
        }
    }

    /// `/akon puzzle`: the puzzle nearest the player's puzzle rating.
    pub(super) async fn puzzle_command(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        languages: Languages,
        user: &Player,
    ) -> Answered {
        self.offer_puzzle(ctx, Asker::Command(command), languages.private, user)
            .await
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
    async fn offer_puzzle(&self, ctx: &Context, asker: Asker<'_>, l: Language, user: &Player) -> Answered {
        let ready = match self.service.ready_puzzle(user).await {
            Ok(None) => None,
            Ok(Some(view)) => Some(Ok(view)),
            Err(error) => Some(Err(error)),
        };
        if let Some(found) = ready {
            let answer = private(self.puzzle_or_refusal(l, found));
            return asker.respond(ctx, CreateInteractionResponse::Message(answer)).await;
        }
        let deferred = CreateInteractionResponseMessage::new().ephemeral(true);
        asker.respond(ctx, CreateInteractionResponse::Defer(deferred)).await?;
        let message = self.puzzle_or_refusal(l, self.service.puzzle(user).await);
        asker.edit(ctx, edit(message)).await
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
                let message = answer_message(l, &answer);
                let update = CreateInteractionResponseMessage::new()
                    .content(message.content)
                    .components(message.components);
                press
                    .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                    .await
            }
            Err(error) => self.refuse(ctx, Asker::Button(press), l, &error, "puzzle").await,
        }
    }
}
