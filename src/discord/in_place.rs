//! Games where the bot is no member of the conversation: a DM or group DM
//! between people, or a server that did not add the bot (see
//! `crate::venue`). Nothing can be posted there, so every board is an
//! answer to a player: the pressed message updated in place (the
//! challenge's message becomes the first board), the computer's reply an
//! edit of that answer, and the player to move mentioned in a follow-up,
//! which notifies them as a fresh board would. What falls due without a
//! press waits on the message for the next press (**Refresh**, or any
//! button of the game), which shows the game as stored; the scheduler tells
//! the players by direct message where Discord lets the bot open one.

use serenity::all::{ComponentInteraction, CreateInteractionResponse, CreateInteractionResponseFollowup};
use serenity::all::{EditInteractionResponse, UserId};

use super::asker::Asker;
use super::context::Context;
use super::pictures::BoardMessage;
use super::render::{self, Reply};
use super::{logged_by_the_store, Answered, Bot, Call};
use crate::i18n::Language;
use crate::service::{GameView, ServiceError};

/// A press being answered, as the functions of this file take it.
type Press<'a> = Call<'a, ComponentInteraction>;

impl Bot {
    /// Accept in a game where the bot cannot post: the challenge's message
    /// becomes the first board (`intro` above it), and the first mover is
    /// mentioned.
    pub(super) async fn accepted_in_place(&self, call: Press<'_>, view: &GameView, intro: &str) -> Answered {
        self.board_in_place(call, view, Some(intro)).await?;
        self.ping_player_to_move(call.ctx, Asker::Button(call.interaction), view, call.languages.public)
            .await
    }

    /// A move applied in a game where the bot cannot post: the pressed
    /// board shows it, then the computer's reply or a mention of the player
    /// to move.
    pub(super) async fn moved_in_place(&self, call: Press<'_>, view: &GameView) -> Answered {
        self.board_in_place(call, view, None).await?;
        let asker = Asker::Button(call.interaction);
        if view.computer_to_move() {
            return self
                .computer_reply_in_place(call.ctx, asker, view.id, call.languages.public)
                .await;
        }
        self.ping_player_to_move(call.ctx, asker, view, call.languages.public)
            .await
    }

    /// A press in a game where the bot cannot post that did not move
    /// (Refresh, or a press the service refused: `refusal`, told to the
    /// presser alone): the pressed message shows the game as stored, and a
    /// computer move left waiting (a restart) is played now. `Ok(false)`
    /// if the game is one whose boards are posted: the caller answers.
    pub(super) async fn shown_in_place(
        &self,
        call: Press<'_>,
        game_id: i64,
        refusal: Option<&ServiceError>,
    ) -> serenity::Result<bool> {
        let view = match self.service.game(game_id).await {
            Ok(view) if !view.venue.bot_posts() => view,
            Ok(_) => return Ok(false),
            Err(error) => {
                let asker = Asker::Button(call.interaction);
                self.refuse(call.ctx, asker, call.languages.private, &error, "refresh")
                    .await?;
                return Ok(true);
            }
        };
        self.board_in_place(call, &view, None).await?;
        let asker = Asker::Button(call.interaction);
        if let Some(error) = refusal {
            let words = self.error_text(call.languages.private, error, "move");
            let private = CreateInteractionResponseFollowup::new().content(words).ephemeral(true);
            asker.followup(call.ctx, private).await?;
        }
        if view.computer_to_move() {
            self.computer_reply_in_place(call.ctx, asker, view.id, call.languages.public)
                .await?;
        }
        Ok(true)
    }

    /// The pressed message becomes `view`'s board. It is recorded first,
    /// so that a newer board recorded meanwhile keeps its buttons and this
    /// one is shown without them: whichever message a player presses, the
    /// game as stored decides.
    async fn board_in_place(&self, call: Press<'_>, view: &GameView, intro: Option<&str>) -> Answered {
        self.press_shows(call.ctx, call.interaction, call.languages.public, view, intro)
            .await
    }

    /// [`Bot::board_in_place`] for a handler that has no [`Call`].
    pub(super) async fn press_shows(
        &self,
        ctx: &Context,
        press: &ComponentInteraction,
        language: Language,
        view: &GameView,
        intro: Option<&str>,
    ) -> Answered {
        let latest = self
            .record_in_place(view, press.channel_id.get(), press.message.id.get())
            .await;
        let mut board = self.answer_board(ctx, Asker::Button(press), view, language).await;
        board = board.with_intro(intro);
        if !latest {
            board = without_buttons(board);
        }
        self.send_answer_board(
            ctx,
            Asker::Button(press),
            view,
            board,
            CreateInteractionResponse::UpdateMessage,
        )
        .await
    }

    /// The final board in a follow-up of `asker`'s answer, for everyone,
    /// recorded as the game's board: where the pressed message was not the
    /// board (a resignation confirmed privately).
    pub(super) async fn final_board_in_followup(
        &self,
        ctx: &Context,
        asker: Asker<'_>,
        view: &GameView,
        language: Language,
    ) -> Answered {
        let board = self.answer_board(ctx, asker, view, language).await;
        let message = match &board.picture {
            Some((reply, picture)) => followup(reply).add_file(picture.attachment()),
            None => followup(&board.text),
        };
        let posted = asker.followup_message(ctx, message).await?;
        self.record_in_place(view, posted.channel_id.get(), posted.id.get())
            .await;
        Ok(())
    }

    /// Records `message` as showing `view`'s board; whether it is the
    /// game's latest board (if the record fails, it is taken to be: the
    /// next press decides again).
    async fn record_in_place(&self, view: &GameView, channel: u64, message: u64) -> bool {
        match self.service.board_shown(view, channel, message, Some(message)).await {
            Ok(shown) => shown.latest,
            Err(error) => {
                if !logged_by_the_store(&error) {
                    tracing::error!(%error, game_id = view.id, "could not save a board shown in place");
                }
                true
            }
        }
    }

    /// Mentions the player to move, in a follow-up.
    async fn ping_player_to_move(
        &self,
        ctx: &Context,
        asker: Asker<'_>,
        view: &GameView,
        language: Language,
    ) -> Answered {
        let Some(ping) = render::turn_ping(language, view) else {
            return Ok(());
        };
        asker.followup(ctx, followup(&ping)).await
    }

    /// After a board answered `asker` in a game against the computer: its
    /// move, shown as the board is shown where the game is played.
    pub(super) async fn computer_after_answer(
        &self,
        ctx: &Context,
        asker: Asker<'_>,
        view: &GameView,
        language: Language,
    ) -> Answered {
        if view.venue.bot_posts() {
            return self.computer_turn_if_due(ctx, view).await;
        }
        if !view.computer_to_move() {
            return Ok(());
        }
        self.computer_reply_in_place(ctx, asker, view.id, language).await
    }

    /// The computer's move in a game where the bot cannot post, shown by
    /// editing the answer to `asker` (within its token's 15 minutes; past
    /// them, or if this fails, the next press shows it).
    async fn computer_reply_in_place(
        &self,
        ctx: &Context,
        asker: Asker<'_>,
        game_id: i64,
        language: Language,
    ) -> Answered {
        let _busy = self.busy.hold(game_id);
        let view = match self.service.play_computer(game_id).await {
            Ok(Some(applied)) => applied.view,
            Ok(None) => return Ok(()),
            Err(error) => {
                if !logged_by_the_store(&error) {
                    tracing::error!(%error, game_id, "the computer could not move");
                }
                return Ok(());
            }
        };
        let board = self.answer_board(ctx, asker, &view, language).await;
        let edit = match &board.picture {
            Some((reply, picture)) => edited(reply).new_attachment(picture.attachment()),
            None => edited(&board.text),
        };
        let message = match asker.edited(ctx, edit).await {
            Ok(message) => message,
            Err(error) => {
                tracing::warn!(%error, game_id, "could not show the computer's move; the next press shows it");
                return Ok(());
            }
        };
        self.record_in_place(&view, message.channel_id.get(), message.id.get())
            .await;
        Ok(())
    }

    /// Tells the human players of `view` by direct message that it ended
    /// without a press (a loss on time). Each player's own language.
    pub(super) async fn tell_game_over_by_dm(&self, ctx: &Context, view: &GameView, nonce: &str) -> Answered {
        let mut failed = None;
        for seat in crate::engine::Seat::BOTH {
            let player = view.player(seat);
            if view.computer.is_some_and(|computer| computer.seat == seat) {
                continue;
            }
            let language = self.user_language(player.user_id).await;
            let message = render::game_over_message(language, view).owed_message(nonce.to_string());
            if let Err(error) = self.direct_message(ctx, player.user_id, message).await {
                tracing::warn!(%error, game_id = view.id, user_id = player.user_id, "could not tell a player by DM that their game ended");
                failed = Some(error);
            }
        }
        failed.map_or(Ok(()), Err)
    }

    /// Sends `message` to `user` in their DM with the bot, where Discord
    /// lets the bot open one (a user who shares no server with it and has
    /// not installed it, or who turned DMs off, is refused for good).
    pub(super) async fn direct_message(
        &self,
        ctx: &Context,
        user: u64,
        message: serenity::all::CreateMessage,
    ) -> Answered {
        let channel = UserId::new(user).create_dm_channel(ctx).await?.id;
        super::posting::post(ctx, channel, &message).await.map(|_| ())
    }
}

/// `board` with no buttons: shown on a message that is no longer the
/// game's latest board.
fn without_buttons(mut board: BoardMessage) -> BoardMessage {
    board.text.components.clear();
    if let Some((reply, _)) = &mut board.picture {
        reply.components.clear();
    }
    board
}

fn followup(reply: &Reply) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new()
        .content(&reply.content)
        .components(reply.components.clone())
        .allowed_mentions(reply.allowed_mentions())
}

fn edited(reply: &Reply) -> EditInteractionResponse {
    EditInteractionResponse::new()
        .content(&reply.content)
        .components(reply.components.clone())
        .allowed_mentions(reply.allowed_mentions())
        .clear_attachments()
}
