//! The scheduler's side of Discord: sending reminders, timeout results and
//! expired challenges, and the rematch button.

use std::sync::atomic::Ordering;

use super::context::Context;
use serenity::all::{ChannelId, ComponentInteraction, CreateInteractionResponse, EditMessage, MessageId, UserId};

use super::asker::Asker;
use super::render;
use super::{logged_by_the_store, response, Answered, Bot};
use crate::service::{GameView, Languages, NoticeView, Player, RematchOutcome};
use crate::telemetry::OwedMessage;

impl Bot {
    /// Every `scheduler_every`: the service claims what fell due and the
    /// notices are sent, oldest first, each marked once sent. One loop per
    /// process, so ticks never overlap; claims are conditional writes, so
    /// even overlapping loops could not take an event twice.
    pub(super) async fn run_scheduler(self, ctx: Context) {
        let mut stopped = self.stopped.clone();
        let mut every = tokio::time::interval(self.scheduler_every);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let due = tokio::select! {
                due = every.tick() => due,
                // A move on the web page owes a board: shown after the
                // grace, not at the next tick.
                () = self.service.owed_from_outside_called() => {
                    self.deliver_owed_after_grace(&ctx).await;
                    continue;
                }
                _ = stopped.changed() => break,
            };
            if *stopped.borrow() {
                break;
            }
            crate::telemetry::scheduler_lag(due.elapsed());
            self.in_flight.fetch_add(1, Ordering::SeqCst);
            self.scheduler_tick(&ctx).await;
            self.in_flight.fetch_sub(1, Ordering::SeqCst);
            self.scheduler_passes.send_modify(|passes| *passes += 1);
        }
        tracing::debug!("scheduler stopped");
    }

    async fn scheduler_tick(&self, ctx: &Context) {
        let unsent = self.send_notices(ctx).await;
        self.send_follow_news(ctx).await;
        // Tournaments start, take their results and pair their next rounds
        // by themselves; the boards of a round just opened are posted.
        self.advance_tournaments(ctx).await;
        let tournaments = self.deliver_tournament_messages(ctx).await;
        // Anything a failed answer or a crash left owed is shown here.
        let owing = self.deliver_owed(ctx, super::delivery::Pass::Regular).await;
        crate::telemetry::owed_pending(unsent + owing + tournaments);
        // A computer move that failed is played again.
        self.retry_idle_computer_moves(ctx).await;
        // On the first of the month, the podium of the month before.
        self.post_season_podiums(ctx).await;
        // At each server's hour, the puzzle of the day; then its counts.
        self.post_daily_puzzles(ctx).await;
    }

    /// Sends the notices that fell due; returns how many are left unsent.
    async fn send_notices(&self, ctx: &Context) -> usize {
        let notices = self.service.tick().await;
        self.send_these_notices(ctx, notices).await
    }

    /// Sends `notices` (the scheduler's, or those a flag fall left owed);
    /// returns how many are left unsent.
    pub(super) async fn send_these_notices(
        &self,
        ctx: &Context,
        notices: crate::service::Result<Vec<NoticeView>>,
    ) -> usize {
        let notices = match notices {
            Ok(notices) => notices,
            Err(error) => {
                if !logged_by_the_store(&error) {
                    tracing::error!(%error, "scheduler tick failed");
                }
                return 0;
            }
        };
        let mut unsent = 0;
        for notice in notices {
            let id = notice.id();
            match self.send_notice(ctx, &notice).await {
                Ok(()) => {
                    crate::telemetry::owed_delivered();
                    if let Err(error) = self.service.notice_sent(id).await {
                        tracing::error!(%error, notice = id, "could not mark a notice sent");
                    }
                }
                // Discord refuses it for good (a reminder to closed DMs or a
                // channel the bot may no longer post in, a timeout's board
                // given up): trying again can only fail again.
                Err(error) if super::posting::RequestFailure::of(&error).is_for_good() => {
                    tracing::warn!(%error, notice = id, "Discord refuses this notice for good; giving it up");
                    crate::telemetry::owed_given_up(OwedMessage::Notice);
                    if let Err(error) = self.service.notice_sent(id).await {
                        tracing::error!(%error, notice = id, "could not mark a notice given up");
                    }
                }
                // Left unsent: the next tick tries again.
                Err(error) => {
                    unsent += 1;
                    crate::telemetry::owed_retried(OwedMessage::Notice);
                    tracing::warn!(%error, notice = id, "could not send a notice");
                }
            }
        }
        unsent
    }

    async fn send_notice(&self, ctx: &Context, notice: &NoticeView) -> Answered {
        let nonce = super::nonce::notice_nonce(notice.id());
        match notice {
            NoticeView::Reminder { view, dm, .. } => self.send_reminder(ctx, view, *dm, nonce).await?,
            NoticeView::VacationStarted { .. } | NoticeView::VacationOver { .. } => {
                self.send_vacation_notice(ctx, nonce, notice).await?;
            }
            NoticeView::Timeout { view, .. } if !view.venue.bot_posts() => {
                // The board waits for the next press; the players hear of it now.
                self.tell_game_over_by_dm(ctx, view, &nonce).await?;
            }
            NoticeView::Timeout { view, .. } => {
                // The final board is owed by the game itself: settling it as
                // the delivery loop does (under the game's lease) shows it
                // once, whichever process gets there first.
                self.settle_game(ctx, view.id, crate::service::SettleFor::Loop).await?;
            }
            NoticeView::ChallengeExpired { challenge, .. } if !challenge.venue.bot_posts() => {
                // Its message shows it at the next press of Accept or Decline.
                let language = self.user_language(challenge.challenger.user_id).await;
                let message = render::challenge(language, challenge).owed_message(nonce);
                self.direct_message(ctx, challenge.challenger.user_id, message).await?;
            }
            NoticeView::ChallengeExpired {
                challenge,
                message: Some((channel, id)),
                ..
            } => {
                let language = self.server_language(challenge.guild_id).await;
                let reply = render::challenge(language, challenge);
                let edit = EditMessage::new().content(reply.content).components(vec![]);
                if let Err(error) = ChannelId::new(*channel)
                    .edit_message(ctx, MessageId::new(*id), edit)
                    .await
                {
                    // A deleted challenge message is no reason to retry forever.
                    tracing::warn!(%error, challenge = challenge.id, "could not mark a challenge message expired");
                }
            }
            NoticeView::ChallengeExpired { .. } => {}
        }
        Ok(())
    }

    /// A reminder to the player to move: a mention where the board is, or
    /// a DM if they chose so or the bot cannot post where the game is.
    async fn send_reminder(&self, ctx: &Context, view: &GameView, dm: bool, nonce: String) -> Answered {
        let Some(to_move) = view.to_move() else { return Ok(()) };
        let dm = dm || !view.venue.bot_posts();
        let user = view.player(to_move).user_id;
        // A direct message speaks the player's language; a mention in the
        // channel, the server's.
        let language = match dm {
            true => self.user_language(user).await,
            false => self.server_language(view.guild_id).await,
        };
        let reply = render::reminder(language, view);
        let channel = match dm {
            true => UserId::new(user).create_dm_channel(ctx).await?.id,
            false => ChannelId::new(view.board_message.map_or(view.channel_id, |board| board.channel_id)),
        };
        super::posting::post(ctx, channel, &reply.owed_message(nonce)).await?;
        tracing::info!(game_id = view.id, user_id = user, dm, "reminder sent");
        Ok(())
    }

    /// Remembers the message showing a challenge.
    pub(super) async fn challenge_posted(&self, challenge_id: i64, message: super::posting::Posted) {
        if let Err(error) = self
            .service
            .set_challenge_message(challenge_id, message.channel_id.get(), message.id.get())
            .await
        {
            tracing::error!(%error, challenge_id, "could not save the challenge message");
        }
    }

    pub(super) async fn on_rematch(
        &self,
        ctx: &Context,
        press: &ComponentInteraction,
        languages: Languages,
        game: i64,
        user: &Player,
    ) -> Answered {
        match self.service.rematch(game, user).await {
            Ok(RematchOutcome::Challenge(challenge)) => {
                let reply = render::challenge(languages.public, &challenge);
                Asker::Button(press)
                    .respond(ctx, CreateInteractionResponse::Message(response(&reply)))
                    .await?;
                let message = press.get_response(&ctx.http).await?;
                self.challenge_posted(challenge.id, (&message).into()).await;
                Ok(())
            }
            Ok(RematchOutcome::ComputerGame(view)) => {
                let _busy = self.busy.hold(view.id);
                let message = self
                    .answer_with_board(ctx, Asker::Button(press), &view, languages.public, None)
                    .await?;
                self.board_answered(ctx, &view, &message).await?;
                self.computer_after_answer(ctx, Asker::Button(press), &view, languages.public)
                    .await
            }
            Err(error) => {
                self.refuse(ctx, Asker::Button(press), languages.private, &error, "rematch")
                    .await
            }
        }
    }
}
