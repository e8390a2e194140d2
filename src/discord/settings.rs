//! `/akon settings`: the channels chosen for the bot's posts looked at on
//! Discord, then one change by the service (which decides who may change
//! what, and changes everything or nothing), then every setting shown.

use serenity::all::{ChannelId, CommandInteraction};

use super::asker::Asker;
use super::posting::RequestFailure;
use super::render;
use super::{manages_server, Answered, Bot, Call};
use crate::i18n::Language;
use crate::service::{Actor, ServerSettingsChanges, SettingsChanges};
use crate::tr;

/// The refusal of a channel the bot cannot see, naming it.
type Unseen = fn(Language, String) -> String;

impl Bot {
    pub(super) async fn settings_command(
        &self,
        call: Call<'_, CommandInteraction>,
        changes: SettingsChanges,
    ) -> Answered {
        let (ctx, command, mine) = (call.ctx, call.interaction, call.languages.private);
        let actor = Actor {
            user: call.user,
            place: call.place,
            manages_server: manages_server(command),
        };
        if let Err(refusal) = self.chosen_channels_seen(call, &changes.server, actor).await {
            return refusal;
        }
        let view = match self.service.change_settings(&changes, actor).await {
            Ok(view) => view,
            Err(error) => {
                return self
                    .refuse(ctx, Asker::Command(command), mine, &error, "settings")
                    .await
            }
        };
        if changes.server.board_style.is_some() {
            // Whoever chose is to be told if a channel refuses the
            // pictures, even one that refused them before.
            self.refused_channels.forget_all();
        }
        // The answer speaks the language just chosen (or, when the player
        // goes back to Discord's, their Discord's).
        let language = match (view.language.chosen, changes.language) {
            (true, _) => view.language.language,
            (false, Some(None)) => Language::from_discord_locale(&command.locale),
            (false, _) => mine,
        };
        let inactive_days_changed = changes.server.leaderboard_inactive_days.is_some();
        let text = render::settings(language, &view, self.web.is_some(), inactive_days_changed);
        self.private(ctx, command, &text).await
    }

    /// Before a server's admin chooses channels for the bot's posts: `Err`
    /// (the refusal, answered) if the bot cannot see one. Only an admin's
    /// choice in a server is looked at; the service refuses the others.
    async fn chosen_channels_seen(
        &self,
        call: Call<'_, CommandInteraction>,
        server: &ServerSettingsChanges,
        actor: Actor<'_>,
    ) -> Result<(), Answered> {
        if actor.place.guild_id.is_none() || !actor.manages_server {
            return Ok(());
        }
        let chosen: [(Option<u64>, Unseen); 2] = [
            (server.season_channel, |l, channel| {
                tr!(l, "refusal-season-channel-unseen", channel = channel)
            }),
            (server.daily_puzzle_channel, |l, channel| {
                tr!(l, "refusal-daily-channel-unseen", channel = channel)
            }),
        ];
        for (channel, unseen) in chosen {
            let Some(channel) = channel else { continue };
            let Err(error) = call.ctx.http.get_channel(ChannelId::new(channel)).await else {
                continue;
            };
            if RequestFailure::of(&error).is_for_good() {
                crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
                let text = unseen(call.languages.private, format!("<#{channel}>"));
                return Err(self.private(call.ctx, call.interaction, &text).await);
            }
            tracing::warn!(%error, channel, "could not look at a chosen channel; choosing it anyway");
        }
        Ok(())
    }
}
