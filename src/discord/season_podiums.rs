//! The month's podium on Discord (its channel is chosen with `/akon
//! settings season_channel`): posted once on the first of the month, from
//! the scheduler. A
//! channel that refuses it for good (deleted, or the bot may no longer post
//! there) has it given up, as other undeliverable posts are.

use serenity::all::{ChannelId, CreateAllowedMentions, CreateMessage};

use super::context::Context;
use super::posting::{self, RequestFailure};
use super::render_records;
use super::{logged_by_the_store, Bot};
use crate::i18n::Language;
use crate::service::{PodiumDue, PodiumSettled};

impl Bot {
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
            Err(error) if RequestFailure::of(&error).is_for_good() => return Ok(PodiumSettled::GivenUp),
            Err(error) => return Err(error),
        }
        let message = CreateMessage::new()
            .content(text)
            .allowed_mentions(CreateAllowedMentions::new());
        match posting::post(ctx, channel, &message).await {
            Ok(posted) => Ok(PodiumSettled::Posted(posted.id.get())),
            Err(error) if RequestFailure::of(&error).is_for_good() => Ok(PodiumSettled::GivenUp),
            Err(error) => Err(error),
        }
    }
}
