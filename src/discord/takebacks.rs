//! Takebacks in friendly games: Take back under a board posts the offer as
//! a message of its own, answering the press; Accept or Decline on it
//! answers. Accepted, the game's board is shown again as after a move:
//! posted where the bot posts, the offer's message itself where it cannot.

use serenity::all::{ComponentInteraction, CreateInteractionResponse};

use super::asker::Asker;
use super::render::takebacks::{takeback_answered, takeback_offer};
use super::{response, Answered, Bot, Call};
use crate::service::{Delivery, TakebackAnswer};

impl Bot {
    /// Take back under a board: the offer, for everyone to see, with the
    /// opponent mentioned; refused privately otherwise.
    pub(super) async fn takeback_button(&self, call: Call<'_, ComponentInteraction>, game: i64, ply: i64) -> Answered {
        let (ctx, press) = (call.ctx, call.interaction);
        match self.service.ask_takeback(game, ply, call.user).await {
            Ok(offer) => {
                let reply = takeback_offer(call.languages.public, &offer);
                Asker::Button(press)
                    .respond(ctx, CreateInteractionResponse::Message(response(&reply)))
                    .await
            }
            Err(error) => {
                self.refuse(ctx, Asker::Button(press), call.languages.private, &error, "takeback")
                    .await
            }
        }
    }

    /// Accept or Decline on an offer: the offer says how it was answered;
    /// accepted, the board without the move follows.
    pub(super) async fn takeback_answer_button(
        &self,
        call: Call<'_, ComponentInteraction>,
        offer: i64,
        accept: bool,
    ) -> Answered {
        let (ctx, press, public) = (call.ctx, call.interaction, call.languages.public);
        let answer = match self.service.answer_takeback(offer, call.user, accept).await {
            Ok(answer) => answer,
            Err(error) => {
                return self
                    .refuse(ctx, Asker::Button(press), call.languages.private, &error, "takeback")
                    .await
            }
        };
        let (offer, accepted) = match answer {
            TakebackAnswer::Accepted(offer) => (offer, true),
            TakebackAnswer::Declined(offer) => (offer, false),
        };
        let answered = takeback_answered(public, &offer, accepted);
        if accepted && !offer.game.venue.bot_posts() {
            // Nothing can be posted here: the offer becomes the board.
            let _busy = self.busy.hold(offer.game.id);
            return self.accepted_in_place(call, &offer.game, &answered.content).await;
        }
        let update = CreateInteractionResponse::UpdateMessage(response(&answered));
        Asker::Button(press).respond(ctx, update).await?;
        if !accepted {
            return Ok(());
        }
        let _busy = self.busy.hold(offer.game.id);
        self.deliver(ctx, &Delivery::owed_by(offer.game, None), None, public)
            .await
    }
}
