//! Button presses: moves, challenges' answers, resignations, rematches
//! and pages, each keyed by its `custom_id`.

use super::context::Context;
use serenity::all::{ComponentInteraction, CreateInteractionResponse, CreateInteractionResponseMessage, Message};

use super::asker::Asker;
use super::posting::update_keeping_attachments;
use super::{player_of, render, response, Answered, Bot, ButtonId, Call};
use crate::engine::Hole;
use crate::service::{Delivery, GameView, Languages, MovePress, ServiceError};
use crate::tr;

/// Answers a press on a board by taking the board's buttons off, and
/// nothing else; its picture stays.
pub(super) async fn strip_pressed_board(ctx: &Context, press: &ComponentInteraction) -> Answered {
    update_keeping_attachments(ctx, press, serde_json::json!({"components": []})).await
}

impl Bot {
    /// A button press: its `custom_id` parsed into a [`ButtonId`], then
    /// answered by that button's handler; anything else is refused
    /// privately.
    pub(super) async fn on_button(
        &self,
        ctx: &Context,
        press: &ComponentInteraction,
        languages: Languages,
    ) -> Answered {
        let user = player_of(&press.user);
        tracing::debug!(user_id = user.id, custom_id = %press.data.custom_id, "button");
        let id: ButtonId = match press.data.custom_id.parse() {
            Ok(id) => id,
            Err(_) => {
                crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
                let refusal = tr!(languages.private, "unknown-button");
                return self.private_to(ctx, press, &refusal).await;
            }
        };
        let call = Call {
            ctx,
            interaction: press,
            languages,
            user: &user,
            place: super::press_place(press),
        };
        self.pressed(call, id).await
    }

    /// Hands the press of button `id` to its handler.
    async fn pressed(&self, call: Call<'_, ComponentInteraction>, id: ButtonId) -> Answered {
        let Call {
            ctx,
            interaction: press,
            languages,
            user,
            ..
        } = call;
        match id {
            ButtonId::Accept { challenge } => self.accept_button(call, challenge).await,
            ButtonId::Decline { challenge } => self.decline_button(call, challenge).await,
            ButtonId::Move { game, ply, hole } => self.move_button(call, game, ply, hole).await,
            ButtonId::Resign { game } => self.resign_button(call, game).await,
            ButtonId::ResignConfirmed { game, ply } => self.resign_confirmed_button(call, game, ply).await,
            ButtonId::Refresh { game } => self.refresh_button(call, game).await,
            ButtonId::Follow { game } => self.follow_button(call, game).await,
            ButtonId::Unfollow { game } => self.unfollow_button(call, game).await,
            ButtonId::Rematch { game } => self.on_rematch(ctx, press, languages, game, user).await,
            ButtonId::Abort { game } => self.abort_button(ctx, press, languages, user, game).await,
            ButtonId::Leaderboard { global, guild, page } => {
                self.leaderboard_button(ctx, press, languages, user, (global, guild, page))
                    .await
            }
            ButtonId::History { player, page } => self.history_button(ctx, press, languages, player, page).await,
            ButtonId::Review { game } => self.review_button(ctx, press, languages, game).await,
            ButtonId::Hint { game, ply } => self.hint_button(call, game, ply).await,
            ButtonId::Puzzle { attempt, hole } => self.puzzle_answer(call, attempt, hole).await,
            ButtonId::NextPuzzle => self.next_puzzle_button(ctx, press, languages, user).await,
            ButtonId::DailyPuzzle { day } => self.daily_puzzle_button(call, day).await,
            ButtonId::DailyAnswer { day, hole } => self.daily_answer_button(call, day, hole).await,
            ButtonId::TournamentJoin { tournament } => self.tournament_button(call, tournament, true).await,
            ButtonId::TournamentLeave { tournament } => self.tournament_button(call, tournament, false).await,
            ButtonId::Takeback { game, ply } => self.takeback_button(call, game, ply).await,
            ButtonId::TakebackAnswer { offer, accept } => self.takeback_answer_button(call, offer, accept).await,
            ButtonId::PlayLive { .. } => self.play_live_button(ctx, press, languages).await,
        }
    }

    /// Accept on a challenge: the challenge's message loses its buttons and
    /// the game's first board follows.
    async fn accept_button(&self, call: Call<'_, ComponentInteraction>, challenge: i64) -> Answered {
        let (ctx, press, public) = (call.ctx, call.interaction, call.languages.public);
        let view = match self.service.accept(challenge, call.user).await {
            Ok(view) => view,
            Err(error) => {
                return self
                    .challenge_refused(ctx, press, call.languages, challenge, &error)
                    .await
            }
        };
        let _busy = self.busy.hold(view.id);
        let first = view.game.start().to_move();
        let intro = tr!(
            public,
            "first-mover",
            player = render::mention(view.player(first)),
            seat = first.to_string()
        );
        if !view.venue.bot_posts() {
            return self.accepted_in_place(call, &view, &intro).await;
        }
        let accepted = self
            .service
            .challenge_info(challenge)
            .await
            .map(|c| render::challenge(public, &c));
        let update = accepted
            .map(|r| response(&r))
            .unwrap_or_else(|_| CreateInteractionResponseMessage::new());
        Asker::Button(press)
            .respond(ctx, CreateInteractionResponse::UpdateMessage(update.components(vec![])))
            .await?;
        self.deliver(ctx, &Delivery::owed_by(view, None), Some(&intro), public)
            .await
    }

    /// Refresh under a board where the bot cannot post: the game as
    /// stored. Boards that are posted carry no such button.
    async fn refresh_button(&self, call: Call<'_, ComponentInteraction>, game: i64) -> Answered {
        if self.shown_in_place(call, game, None).await? {
            return Ok(());
        }
        let refusal = tr!(call.languages.private, "unknown-button");
        self.private_to(call.ctx, call.interaction, &refusal).await
    }

    /// Decline on a challenge: its message says so, without buttons.
    async fn decline_button(&self, call: Call<'_, ComponentInteraction>, challenge: i64) -> Answered {
        let (ctx, press) = (call.ctx, call.interaction);
        match self.service.decline(challenge, call.user).await {
            Ok(view) => {
                let update = response(&render::challenge(call.languages.public, &view)).components(vec![]);
                Asker::Button(press)
                    .respond(ctx, CreateInteractionResponse::UpdateMessage(update))
                    .await
            }
            Err(error) => {
                self.challenge_refused(ctx, press, call.languages, challenge, &error)
                    .await
            }
        }
    }

    /// A hole pressed under a board: the move, then the new board, then
    /// the computer's reply if it is its turn.
    async fn move_button(&self, call: Call<'_, ComponentInteraction>, game: i64, ply: i64, hole: Hole) -> Answered {
        let (ctx, press, mine) = (call.ctx, call.interaction, call.languages.private);
        let _busy = self.busy.hold(game);
        let pressed = press.message.id.get();
        let move_press = MovePress {
            message_id: Some(pressed),
            message_channel_id: Some(press.message.channel_id.get()),
            retried: super::responder::answering_a_retry(),
            ..MovePress::new(game, ply, hole, call.user)
        };
        match self.service.play(move_press).await {
            Ok(applied) if !applied.view.venue.bot_posts() => self.moved_in_place(call, &applied.view).await,
            Ok(applied) => {
                // The move is committed: from here on the delivery loop would
                // show it even if this process died. The old board keeps its
                // text but loses its buttons, in the same answer; the new
                // board is a fresh message, so the next player is notified.
                let answered = strip_pressed_board(ctx, press).await;
                if let Err(error) = &answered {
                    // Too late or refused: the board is still owed, and the
                    // pressed board's buttons go with a plain edit.
                    tracing::warn!(%error, game_id = game, "could not answer a move");
                }
                let board = (press.channel_id.get(), pressed);
                let owed = Delivery::after_press(applied.view, board, answered.is_ok());
                // The computer moves even if showing the human's move failed:
                // the delivery loop shows what is left owed.
                let delivered = self.deliver(ctx, &owed, None, call.languages.public).await;
                let computer = self.computer_turn_if_due(ctx, &owed.view).await;
                delivered.and(computer)
            }
            Err(error) if !error.is_fault() && self.shown_in_place(call, game, Some(&error)).await? => Ok(()),
            Err(error @ (ServiceError::StaleButton | ServiceError::OutdatedBoard)) => {
                self.refuse(ctx, Asker::Button(press), mine, &error, "move").await?;
                // The game may be waiting for its board (a crash after the
                // last move): show it now.
                drop(_busy);
                self.settle_game(ctx, game, crate::service::SettleFor::Press)
                    .await
                    .map(|_| ())
            }
            Err(error) => self.refuse(ctx, Asker::Button(press), mine, &error, "move").await,
        }
    }

    /// Resign under a board: asks to confirm, privately.
    async fn resign_button(&self, call: Call<'_, ComponentInteraction>, game: i64) -> Answered {
        let (ctx, press, mine) = (call.ctx, call.interaction, call.languages.private);
        match self.service.may_resign(game, call.user).await {
            Ok(view) => {
                let reply = render::resign_confirmation(mine, game, view.ply());
                let message = response(&reply).ephemeral(true);
                Asker::Button(press)
                    .respond(ctx, CreateInteractionResponse::Message(message))
                    .await
            }
            Err(error) => self.refuse(ctx, Asker::Button(press), mine, &error, "resign").await,
        }
    }

    /// The resignation confirmed: done, and the final board follows; if a
    /// move landed meanwhile, asked again about the game as it is now.
    async fn resign_confirmed_button(
        &self,
        call: Call<'_, ComponentInteraction>,
        game: i64,
        ply: Option<i64>,
    ) -> Answered {
        let (ctx, press, mine) = (call.ctx, call.interaction, call.languages.private);
        let _busy = self.busy.hold(game);
        match self.service.resign_confirmed(game, call.user, ply).await {
            Ok(view) => {
                let update = CreateInteractionResponseMessage::new()
                    .content(tr!(mine, "resigned", game = game.to_string()))
                    .components(vec![]);
                if let Err(error) = Asker::Button(press)
                    .respond(ctx, CreateInteractionResponse::UpdateMessage(update))
                    .await
                {
                    tracing::warn!(%error, game_id = game, "could not answer a resignation");
                }
                if !view.venue.bot_posts() {
                    return self
                        .final_board_in_followup(ctx, Asker::Button(press), &view, call.languages.public)
                        .await;
                }
                let owed = Delivery::owed_by(view, None);
                self.deliver(ctx, &owed, None, call.languages.public).await
            }
            Err(ServiceError::ResignOvertaken) => {
                // A move landed while the player confirmed: ask again, about
                // the game as it is now, on the same message.
                let view = match self.service.may_resign(game, call.user).await {
                    Ok(view) => view,
                    Err(error) => return self.refuse(ctx, Asker::Button(press), mine, &error, "resign").await,
                };
                let mut reply = render::resign_confirmation(mine, game, view.ply());
                let overtaken = self.error_text(mine, &ServiceError::ResignOvertaken, "resign");
                reply.content = format!("{overtaken}\n{}", reply.content);
                Asker::Button(press)
                    .respond(ctx, CreateInteractionResponse::UpdateMessage(response(&reply)))
                    .await
            }
            Err(error) => self.refuse(ctx, Asker::Button(press), mine, &error, "resign").await,
        }
    }

    /// An accept or decline that cannot be done; an expired challenge also
    /// loses its buttons, for everyone.
    pub(super) async fn challenge_refused(
        &self,
        ctx: &Context,
        press: &ComponentInteraction,
        languages: Languages,
        challenge: i64,
        error: &ServiceError,
    ) -> Answered {
        if matches!(error, ServiceError::ChallengeExpired) {
            if let Ok(view) = self.service.challenge_info(challenge).await {
                let update = response(&render::challenge(languages.public, &view)).components(vec![]);
                return Asker::Button(press)
                    .respond(ctx, CreateInteractionResponse::UpdateMessage(update))
                    .await;
            }
        }
        self.refuse(ctx, Asker::Button(press), languages.private, error, "challenge")
            .await
    }

    pub(super) async fn private_to(&self, ctx: &Context, press: &ComponentInteraction, text: &str) -> Answered {
        let message = CreateInteractionResponseMessage::new().content(text).ephemeral(true);
        Asker::Button(press)
            .respond(ctx, CreateInteractionResponse::Message(message))
            .await
    }

    /// After a command answered with `view`'s board (`message`): it is the
    /// latest board, and the one it replaces loses its buttons; a game that
    /// ended so in its thread has its result told in the channel.
    pub(super) async fn board_answered(&self, ctx: &Context, view: &GameView, message: &Message) -> Answered {
        self.record_board(ctx, view, message.into(), None).await?;
        self.ended_in_thread(ctx, view, message.channel_id.get()).await;
        Ok(())
    }
}
