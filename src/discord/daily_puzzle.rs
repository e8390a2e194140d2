//! The puzzle of the day on Discord (its settings are `/akon settings
//! daily_puzzle_channel`, `daily_puzzle_hour`, `daily_puzzle`): its post in
//! each server's channel once a day from the scheduler (given up in a
//! channel that refuses it for good, as other undeliverable posts are), the
//! edits of its counts on later ticks, and its buttons: Solve opens the
//! puzzle privately (as `/akon puzzle` shows one, in the player's board
//! style), a hole answers it once.

use serenity::all::{
    ChannelId, ComponentInteraction, CreateAllowedMentions, CreateAttachment, CreateInteractionResponse,
    CreateInteractionResponseMessage, CreateMessage, EditMessage, MessageId,
};

use super::asker::Asker;
use super::context::Context;
use super::posting::{self, RequestFailure};
use super::render::daily_puzzle::{daily_answer, daily_message, daily_private, daily_title};
use super::{logged_by_the_store, Answered, Bot, Call};
use crate::engine::Hole;
use crate::service::{DailyEditDue, DailyPostDue, DailyPostSettled, Day, ServiceError};

impl Bot {
    /// Posts today's puzzle where it fell due to this process, then edits
    /// the messages whose counts lag behind.
    pub(super) async fn post_daily_puzzles(&self, ctx: &Context) {
        for post in listed(self.service.daily_posts_due().await, "the daily puzzles owed") {
            self.settle_daily_post(ctx, post).await;
        }
        let edits = listed(
            self.service.daily_edits_due().await,
            "the daily puzzle messages to edit",
        );
        for edit in edits {
            self.edit_daily_post(ctx, edit).await;
        }
    }

    async fn settle_daily_post(&self, ctx: &Context, post: DailyPostDue) {
        let guild = post.guild_id;
        match self.post_daily(ctx, &post).await {
            Ok(settled) => {
                if settled == DailyPostSettled::GivenUp {
                    tracing::warn!(
                        guild,
                        "the daily puzzle channel refuses the post for good; giving it up"
                    );
                }
                if let Err(error) = self.service.daily_post_settled(post, settled).await {
                    tracing::error!(%error, guild, "could not record a daily puzzle posted");
                }
            }
            // Tried again at the next tick, by whichever process then takes
            // the lease (released as `post` goes).
            Err(error) => tracing::warn!(%error, guild, "could not post the daily puzzle; trying again later"),
        }
    }

    /// Posts one server's puzzle of the day, unless the channel already
    /// shows it (posted before a crash kept it from being recorded).
    async fn post_daily(&self, ctx: &Context, post: &DailyPostDue) -> serenity::Result<DailyPostSettled> {
        let language = self.server_language(post.guild_id).await;
        let title = daily_title(language, post.daily.day);
        let channel = ChannelId::new(post.channel_id);
        let answers = post.tally.answered;
        let posted = |message: posting::Posted| DailyPostSettled::Posted {
            message: message.id.get(),
            answers,
        };
        match posting::posted_before(ctx, channel, |message| message.content.starts_with(&title)).await {
            Ok(Some(before)) => return Ok(posted(before)),
            Ok(None) => {}
            Err(error) if RequestFailure::of(&error).is_for_good() => return Ok(DailyPostSettled::GivenUp),
            Err(error) => return Err(error),
        }
        let shown = daily_message(language, &post.daily, &post.tally);
        let message = CreateMessage::new()
            .content(shown.content)
            .components(shown.components)
            .allowed_mentions(CreateAllowedMentions::new());
        match posting::post(ctx, channel, &message).await {
            Ok(message) => {
                tracing::info!(guild = post.guild_id, date = %post.daily.day.date(), "daily puzzle posted");
                Ok(posted(message))
            }
            Err(error) if RequestFailure::of(&error).is_for_good() => Ok(DailyPostSettled::GivenUp),
            Err(error) => Err(error),
        }
    }

    /// Edits a server's message of a day with its counts now.
    async fn edit_daily_post(&self, ctx: &Context, edit: DailyEditDue) {
        let (guild, message) = (edit.post.guild_id, edit.post.message_id);
        let language = self.server_language(guild).await;
        let shown = daily_message(language, &edit.daily, &edit.tally);
        let change = EditMessage::new()
            .content(shown.content)
            .components(shown.components)
            .allowed_mentions(CreateAllowedMentions::new());
        let edited = ChannelId::new(edit.post.channel_id)
            .edit_message(ctx, MessageId::new(message), change)
            .await;
        let done = match edited {
            Ok(_) => true,
            Err(error) if RequestFailure::of(&error).is_for_good() => {
                tracing::warn!(%error, guild, message, "the daily puzzle message can no longer be edited");
                false
            }
            Err(error) => {
                tracing::warn!(%error, guild, message, "could not edit the daily puzzle message; trying again later");
                return;
            }
        };
        if let Err(error) = self.service.daily_edit_done(edit, done).await {
            tracing::error!(%error, guild, "could not record a daily puzzle message edited");
        }
    }

    /// The Solve button: the day's puzzle privately, as the player's board
    /// style says; or why not (another day's message, answered already).
    pub(super) async fn daily_puzzle_button(&self, call: Call<'_, ComponentInteraction>, day: i64) -> Answered {
        let (ctx, press) = (call.ctx, call.interaction);
        let l = call.languages.private;
        let daily = match self.service.open_daily_puzzle(Day(day), call.user).await {
            Ok(daily) => daily,
            Err(error) => return self.refuse(ctx, Asker::Button(press), l, &error, "puzzle").await,
        };
        let style = self.private_board_style(Asker::Button(press)).await;
        let picture = match style.has_picture() {
            true => self.puzzle_png(l, &daily.position, daily.puzzle_id).await,
            false => None,
        };
        let shown = daily_private(l, &daily, picture.is_none() || style.has_text());
        let message = CreateInteractionResponseMessage::new()
            .content(shown.content)
            .components(shown.components)
            .ephemeral(true);
        let files: Vec<CreateAttachment> = picture.iter().map(|p| p.attachment()).collect();
        Asker::Button(press)
            .respond_with(ctx, CreateInteractionResponse::Message(message), files)
            .await
    }

    /// A hole pressed on the private copy: judged and counted once, shown
    /// on that copy (its picture stays); a refusal privately.
    pub(super) async fn daily_answer_button(
        &self,
        call: Call<'_, ComponentInteraction>,
        day: i64,
        hole: Hole,
    ) -> Answered {
        let (ctx, press) = (call.ctx, call.interaction);
        let l = call.languages.private;
        match self
            .service
            .answer_daily_puzzle(Day(day), hole, call.user, call.place.guild_id)
            .await
        {
            Ok(answer) => {
                let pictured = !press.message.attachments.is_empty();
                let with_text = !pictured || self.private_board_style(Asker::Button(press)).await.has_text();
                let shown = daily_answer(l, &answer, with_text);
                let data = serde_json::json!({"content": shown.content, "components": shown.components});
                posting::update_keeping_attachments(ctx, press, data).await
            }
            Err(error) => self.refuse(ctx, Asker::Button(press), l, &error, "puzzle").await,
        }
    }
}

/// The work the service handed out, or none (the failure logged, unless the
/// store logs it already): the next tick asks again.
fn listed<T>(found: Result<Vec<T>, ServiceError>, what: &str) -> Vec<T> {
    found.unwrap_or_else(|error| {
        if !logged_by_the_store(&error) {
            tracing::error!(%error, "could not list {what}");
        }
        Vec::new()
    })
}
