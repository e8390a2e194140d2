//! The month's podium on Discord: choosing its channel (`/akon settings
//! season_channel`), refused unless the bot can see the channel, and
//! posting it once on the first of the month, from the scheduler. A
//! channel that refuses it for good (deleted, or the bot may no longer post
//! there) has it given up, as other undeliverable posts are.

use serenity::all::{ChannelId, CommandInteraction, CreateAllowedMentions, CreateMessage};

use super::asker::Asker;
use super::context::Context;
use super::posting::{self, Refusal};
use super::render_records;
use super::{logged_by_the_store, Answered, Bot, Call};
use crate::i18n::Language;
use crate::service::{PodiumDue, PodiumSettled};
use crate::tr;

impl Bot {
    /// Chooses `channel` for the server's podiums, if the caller may and
    /// the bot can see it; `Err` carries the refusal, already answered.
    pub(super) async fn choose_season_channel(
        &self,
        call: Call<'_, CommandInteraction>,
        channel: u64,
    ) -> Result<(), Answered> {
        let unseen = tr!(
            call.languages.private,
            "refusal-season-channel-unseen",
            channel = format!("<#{channel}>")
        );
        let may_manage = self.channel_seen_or_refused(call, channel, &unseen).await?;
        match self
            .service
            .set_season_channel(call.place.guild_id, may_manage, channel)
            .await
        {
            Ok(_) => Ok(()),
            Err(error) => Err(self
                .refuse(
                    call.ctx,
                    Asker::Command(call.interaction),
                    call.languages.private,
                    &error,
                    "settings",
                )
                .await),
        }
    }

    /// Before a server's admin chooses `channel` for the bot's posts: `Err`
    /// (answered with `unseen`) if the bot cannot see it, else whether
    /// the caller may manage the server. Only an admin's choice in a server
    /// is looked at; the service refuses the others.
    pub(super) async fn channel_seen_or_refused(
        &self,
        call: Call<'_, CommandInteraction>,
        channel: u64,
        unseen: &str,
    ) -> Result<bool, Answered> {
        let (ctx, command) = (call.ctx, call.interaction);
        let may_manage = command
            .member
            .as_ref()
            .and_then(|member| member.permissions)
            .is_some_and(|permissions| permissions.manage_guild());
        if call.place.guild_id.is_some() && may_manage {
            if let Err(error) = ctx.http.get_channel(ChannelId::new(channel)).await {
                let refusal = Refusal::of(&error);
                if refusal.is_for_good() {
                    crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
                    return Err(self.private(ctx, command, unseen).await);
                }
                tracing::warn!(%error, channel, "could not look at a chosen channel; choosing it anyway");
            }
        }
        Ok(may_manage)
    }

    /// Posts the podiums of the month just ended that fell to this process.
    pub(super) async fn post_season_podiums(&self, ctx: &Context) {
        let due = match self.service.podiums_due().await {
            Ok(due) => due,
            Err(error) => {
                if !logged_by_the_store(&error) {
                    tracing::error!(%error, "could not list the podiums owed");
                }
                return;
            }
        };
        for podium in due {
            let settled = if podium.board.rows.is_empty() {
                Ok(PodiumSettled::Empty)
            } else {
                self.post_podium(ctx, &podium).await
            };
            let (guild, month) = (podium.guild_id, podium.month);
            match settled {
                Ok(settled) => {
                    if settled == PodiumSettled::GivenUp {
                        tracing::warn!(
                            guild,
                            ?month,
                            "the season channel refuses the podium for good; giving it up"
                        );
                    }
                    if let Err(error) = self.service.podium_settled(podium, settled).await {
                        tracing::error!(%error, guild, "could not record a podium settled");
                    }
                }
                // Tried again at the next tick, by whichever process then
                // takes the lease (released as `podium` goes).
                Err(error) => tracing::warn!(%error, guild, "could not post a podium; trying again later"),
            }
        }
    }

    /// Posts one podium, unless the channel already shows it (posted before
    /// a crash kept it from being recorded): what became of it, or a
    /// failure that may pass.
    async fn post_podium(&self, ctx: &Context, podium: &PodiumDue) -> serenity::Result<PodiumSettled> {
        let language = self
            .service
            .server_language(podium.guild_id)
            .await
            .unwrap_or(Language::English);
        let text = render_records::season_podium(language, &podium.board);
        let title = text.lines().next().unwrap_or_default().to_string();
        let channel = ChannelId::new(podium.channel_id);
        match posting::posted_before(ctx, channel, |message| message.content.starts_with(&title)).await {
            Ok(Some(posted)) => return Ok(PodiumSettled::Posted(posted.id.get())),
            Ok(None) => {}
            Err(error) if Refusal::of(&error).is_for_good() => return Ok(PodiumSettled::GivenUp),
            Err(error) => return Err(error),
        }
        let message = CreateMessage::new()
            .content(text)
            .allowed_mentions(CreateAllowedMentions::new());
        match posting::post(ctx, channel, &message).await {
            Ok(posted) => Ok(PodiumSettled::Posted(posted.id.get())),
            Err(error) if Refusal::of(&error).is_for_good() => Ok(PodiumSettled::GivenUp),
            Err(error) => Err(error),
        }
    }
}
