//! The Discord adapter: registers `/akon`, turns interactions into service
//! calls and service results into messages and buttons. Holds no game logic
//! and no SQL. Every button press goes through one global handler keyed by
//! the button's `custom_id`, so buttons survive restarts.

mod activity;
mod asker;
mod bracket_pictures;
mod buttons;
mod client;
#[cfg(test)]
mod command_properties;
mod commands;
mod computer;
mod context;
mod custom_id;
mod daily_puzzle;
mod delivery;
mod endpoint;
mod flag_watch;
mod follows;
mod game_threads;
mod in_place;
mod nonce;
mod pictures;
mod posted_before;
mod posting;
mod puzzle;
mod records;
mod refusals;
mod render;
mod responder;
mod review;
mod schedule;
mod season_podiums;
mod slash;
mod takebacks;
mod telemetry;
mod tournaments;
mod vacations;
mod web_links;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    AuthorizingIntegrationOwner, AuthorizingIntegrationOwners, ChannelId, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EventHandler, GuildId, Interaction,
    InteractionContext, Ready, User,
};
use serenity::async_trait;
use serenity::builder::Builder as _;

pub use client::{build_client, client_builder, rest_client, BotHandle, DiscordSettings, ShardPlan, SCHEDULER_EVERY};
pub use commands::{akon_command, AkonCommand};
pub use custom_id::{ButtonId, UnknownButton};
pub use endpoint::{
    serve_interactions, InteractionsServer, InteractionsSettings, INTERACTION_BODY_LIMIT, SIGNATURE_WINDOW,
};
pub use pictures::picture_cache_counts;
pub use posting::RequestFailure;
pub use render_review::rules_review_paragraph;
pub use telemetry::gateway_check;
pub use web_links::{game_url, server_url, tournament_url};

use crate::i18n::Language;
use crate::service::{Languages, Locales, Place, Player, Service, ServiceError, Unavailable};
use crate::tr;
use crate::venue::Venue;
use context::Context;
use render::{puzzle as render_puzzle, records as render_records, review as render_review, Reply};

#[derive(Clone)]
struct Bot {
    service: Service,
    guild_id: Option<GuildId>,
    in_flight: Arc<AtomicUsize>,
    /// Set once the scheduler runs: READY comes again on every reconnect.
    scheduler: Arc<std::sync::atomic::AtomicBool>,
    scheduler_every: Duration,
    stopped: tokio::sync::watch::Receiver<bool>,
    /// How many passes the scheduler has finished (see
    /// [`BotHandle::wait_scheduler_passes`]).
    scheduler_passes: Arc<tokio::sync::watch::Sender<u64>>,
    /// Whether this process runs shard 0 and so registers the commands.
    registers_commands: bool,
    /// Games a handler is settling right now (the delivery loop skips them).
    busy: delivery::Busy,
    owed_since: delivery::OwedSince,
    /// Likewise for challenges whose message was never posted.
    unshown_since: delivery::OwedSince,
    /// Held by the running pass of the delivery loop: the pass at READY,
    /// the one after its grace and the scheduler's run one at a time, so
    /// that a pass never retries what the one before it just gave up.
    one_pass: Arc<tokio::sync::Mutex<()>>,
    /// When this process started (the service's clock): what changed
    /// before was left by an earlier process.
    started_at: i64,
    /// The board pictures drawn last, so that a board posted again is not
    /// drawn again.
    pictures: pictures::PictureCache,
    /// Channels where the bot may not attach files, for now.
    refused_channels: pictures::RefusedChannels,
    /// Channels where the bot may not open threads, for now.
    thread_refusals: game_threads::ThreadRefusals,
    /// The web view's public address, when boards link their pages.
    web: Option<Arc<str>>,
    /// Ongoing boards open the Discord Activity (`AKON_ACTIVITY=on`).
    activity: bool,
}

#[async_trait]
impl EventHandler for Bot {
    async fn ready(&self, ctx: serenity::all::Context, ready: Ready) {
        let shard = ready.shard.map(|s| (s.id.0, s.total));
        tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), ?shard, "connected to Discord");
        // Shard 0's process alone registers the commands, so that several
        // processes starting together do not race to.
        let registers = shard.is_none_or(|(id, _)| id == 0) && self.registers_commands;
        self.start_up(Context::of_gateway(&ctx), registers).await;
    }

    async fn interaction_create(&self, ctx: serenity::all::Context, interaction: Interaction) {
        self.on_interaction(&Context::of_gateway(&ctx), &interaction).await;
    }
}

impl Bot {
    /// What a process does once it can talk to Discord: register the
    /// command, show what a crash or an outage left owed, move for the
    /// computer, and run the scheduler (once, though READY comes again on
    /// every reconnect).
    async fn start_up(&self, ctx: Context, registers: bool) {
        if registers {
            let commands = self.commands_to_register();
            let registered = match self.guild_id {
                Some(guild) => guild.set_commands(&ctx.http, commands).await,
                None => serenity::all::Command::set_global_commands(&ctx.http, commands).await,
            };
            match registered {
                Ok(commands) => tracing::info!(count = commands.len(), guild = ?self.guild_id, "commands registered"),
                Err(error) => tracing::error!(%error, "could not register the commands"),
            }
        }
        let bot = self.clone();
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        let catch_up_ctx = ctx.clone();
        tokio::spawn(async move {
            // What a crash or an outage left owed is shown first, then every
            // game waiting for the computer gets its move.
            let at_start = delivery::Pass::AtStart {
                started_at: bot.started_at,
            };
            bot.deliver_owed(&catch_up_ctx, at_start).await;
            bot.catch_up_computer_moves(&catch_up_ctx).await;
            bot.in_flight.fetch_sub(1, Ordering::SeqCst);
            // What was left owed in the very second this process started
            // waited for the grace: settled once it is over, not at the
            // scheduler's next tick.
            bot.deliver_owed_after_grace(&catch_up_ctx).await;
        });
        if !self.scheduler.swap(true, Ordering::SeqCst) {
            tokio::spawn(self.clone().run_flag_watch(ctx.clone()));
            tokio::spawn(self.clone().run_scheduler(ctx));
        }
    }

    /// Answers one interaction, however it came.
    async fn on_interaction(&self, ctx: &Context, interaction: &Interaction) {
        let timer = telemetry::timer_for(interaction);
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        // Caught in place rather than in a task of its own: serenity already
        // runs each event in a task, and another would cost a hop and a copy
        // of the interaction on every press.
        let outcome = timer.scope(CatchPanic(Box::pin(self.handle(ctx, interaction)))).await;
        if outcome.is_err() {
            // A panic must not leave the user with "This interaction failed".
            tracing::error!(interaction_id = %interaction.id(), "interaction handler panicked");
            timer.mark(crate::telemetry::Outcome::Failed);
            apologize(ctx, interaction).await;
        }
        timer.finish();
        self.in_flight.fetch_sub(1, Ordering::SeqCst);
        tracing::debug!(target: crate::telemetry::PROGRESS, interaction_id = %interaction.id(), "interaction handled");
    }
}

/// A future that turns a panic while polling it into `Err`, as a task's
/// `JoinHandle` would.
struct CatchPanic<F>(std::pin::Pin<Box<F>>);

impl<F: std::future::Future> std::future::Future for CatchPanic<F> {
    type Output = Result<F::Output, ()>;

    fn poll(mut self: std::pin::Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> std::task::Poll<Self::Output> {
        let inner = self.0.as_mut();
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| inner.poll(cx))) {
            Ok(poll) => poll.map(Ok),
            Err(_) => std::task::Poll::Ready(Err(())),
        }
    }
}

/// The user's language as Discord sends it, with no lookup: for an apology
/// after a panic, which must not depend on anything that may have failed.
fn interaction_language(interaction: &Interaction) -> Language {
    match interaction {
        Interaction::Command(i) => Language::from_discord_locale(&i.locale),
        Interaction::Component(i) => Language::from_discord_locale(&i.locale),
        _ => Language::English,
    }
}

async fn apologize(ctx: &Context, interaction: &Interaction) {
    let apology = tr!(interaction_language(interaction), "apology");
    let message = CreateInteractionResponseMessage::new()
        .content(&apology)
        .ephemeral(true);
    let followup = CreateInteractionResponseFollowup::new()
        .content(&apology)
        .ephemeral(true);
    let (id, token) = match interaction {
        Interaction::Command(i) => (i.id, i.token.as_str()),
        Interaction::Component(i) => (i.id, i.token.as_str()),
        _ => return,
    };
    let answer = CreateInteractionResponse::Message(message);
    let result = match responder::respond(ctx, (id, token), answer, Vec::new()).await {
        Ok(()) => Ok(()),
        // Answered before the panic: the apology follows the answer.
        Err(_) => followup.execute(&ctx.http, (None, token)).await.map(|_| ()),
    };
    if let Err(error) = result {
        tracing::warn!(%error, "could not send the apology");
    }
}

/// Whether `error` is a database condition (full, read-only, unreachable)
/// that the store logs itself, once a minute while it lasts: logged again
/// here, per press or per scheduler tick, it would flood the log.
fn logged_by_the_store(error: &ServiceError) -> bool {
    error.unavailable().is_some()
}

fn player_of(user: &User) -> Player {
    Player {
        id: user.id.get(),
        name: user.global_name.clone().unwrap_or_else(|| user.name.clone()),
        is_bot: user.bot,
    }
}

/// Whether whoever sent `command` may manage the server it came from, as
/// Discord says with the interaction (never outside a server).
fn manages_server(command: &serenity::all::CommandInteraction) -> bool {
    command
        .member
        .as_ref()
        .and_then(|member| member.permissions)
        .is_some_and(|permissions| permissions.manage_guild())
}

/// The channel an interaction came from, the bot's permissions there, as
/// Discord sends them with it, and whether the channel is a server's.
fn channel_permissions(interaction: &Interaction) -> Option<(u64, Option<serenity::all::Permissions>, bool)> {
    match interaction {
        Interaction::Command(i) => Some((i.channel_id.get(), i.app_permissions, i.guild_id.is_some())),
        Interaction::Component(i) => Some((i.channel_id.get(), i.app_permissions, i.guild_id.is_some())),
        _ => None,
    }
}

/// Where an interaction was used (see `crate::venue`), from Discord's
/// `context` and the installs that authorised it. A server counts as
/// having added the bot when its own install authorised the interaction;
/// an interaction that names no installs (as before apps could be
/// installed to users) comes from where the bot was added.
fn place_of(
    guild: Option<GuildId>,
    channel: ChannelId,
    context: Option<InteractionContext>,
    owners: &AuthorizingIntegrationOwners,
) -> Place {
    let server_installed = owners.0.is_empty()
        || owners
            .0
            .iter()
            .any(|owner| matches!(owner, AuthorizingIntegrationOwner::GuildInstall(Some(id)) if Some(*id) == guild));
    let venue = match (context, guild) {
        (Some(InteractionContext::PrivateChannel), _) => Venue::PrivateChannel,
        (_, Some(_)) if server_installed => Venue::Server,
        (_, Some(_)) => Venue::ServerWithoutBot,
        (_, None) => Venue::BotDm,
    };
    Place {
        guild_id: guild.filter(|_| venue == Venue::Server).map(GuildId::get),
        channel_id: channel.get(),
        venue,
    }
}

/// Where a slash command was used.
fn command_place(command: &serenity::all::CommandInteraction) -> Place {
    place_of(
        command.guild_id,
        command.channel_id,
        command.context,
        &command.authorizing_integration_owners,
    )
}

/// Where a button was pressed.
fn press_place(press: &serenity::all::ComponentInteraction) -> Place {
    place_of(
        press.guild_id,
        press.channel_id,
        press.context,
        &press.authorizing_integration_owners,
    )
}

/// Whether an answer (or a message the bot owed) reached Discord: the
/// error is a failure to talk to Discord, not a refusal.
type Answered = serenity::Result<()>;

/// An interaction being answered (a slash command or a button press), who
/// asked, where, and the languages to answer in: what its handlers share.
struct Call<'a, I> {
    ctx: &'a Context,
    interaction: &'a I,
    languages: Languages,
    user: &'a Player,
    place: Place,
}

impl<I> Clone for Call<'_, I> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<I> Copy for Call<'_, I> {}

fn response(reply: &Reply) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(&reply.content)
        .components(reply.components.clone())
        .allowed_mentions(reply.allowed_mentions())
}

impl Bot {
    async fn handle(&self, ctx: &Context, interaction: &Interaction) {
        // Any interaction whose permissions include Attach Files ends its
        // channel's text boards at once, whatever it asks for: the board a
        // press brings has its picture again. Likewise the thread
        // permissions: a game accepted there gets its thread, or is played
        // in the channel, as they say.
        if let Some((channel, permissions, in_guild)) = channel_permissions(interaction) {
            self.refused_channels.granted_back(channel, permissions);
            if in_guild {
                self.thread_refusals.seen(channel, permissions);
            }
        }
        let sent = match interaction {
            Interaction::Command(command) => {
                let guild = command_place(command)
                    .guild_id
                    .map(|g| (g, command.guild_locale.as_deref()));
                let languages = self.languages(command.user.id.get(), &command.locale, guild).await;
                self.on_command(ctx, command, languages).await
            }
            Interaction::Component(component) => {
                let guild = press_place(component)
                    .guild_id
                    .map(|g| (g, component.guild_locale.as_deref()));
                let languages = self.languages(component.user.id.get(), &component.locale, guild).await;
                self.on_button(ctx, component, languages).await
            }
            _ => Ok(()),
        };
        if let Err(error) = sent {
            crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Failed);
            tracing::error!(%error, interaction_id = %interaction.id(), "could not answer an interaction");
        }
    }

    /// The languages to answer an interaction in (see `service::languages`);
    /// if they cannot be read, Discord's own locales.
    async fn languages(&self, user_id: u64, locale: &str, guild: Option<(u64, Option<&str>)>) -> Languages {
        let from = Locales {
            user_id,
            user_locale: locale,
            guild,
        };
        match self.service.interaction_languages(from).await {
            Ok(languages) => languages,
            Err(error) => {
                if !logged_by_the_store(&error) {
                    tracing::warn!(%error, "cannot read the languages; using Discord's locales");
                }
                let private = Language::from_discord_locale(locale);
                Languages {
                    private,
                    public: guild
                        .and_then(|(_, locale)| locale)
                        .map_or(private, Language::from_discord_locale),
                }
            }
        }
    }

    /// A server's language, for what the bot posts there on its own.
    pub(super) async fn server_language(&self, guild_id: u64) -> Language {
        self.service.server_language(guild_id).await.unwrap_or_else(|error| {
            if !logged_by_the_store(&error) {
                tracing::warn!(%error, guild_id, "cannot read a server's language; using English");
            }
            Language::English
        })
    }

    /// A player's language, for what the bot sends them alone.
    pub(super) async fn user_language(&self, user_id: u64) -> Language {
        self.service.user_language(user_id).await.unwrap_or_else(|error| {
            if !logged_by_the_store(&error) {
                tracing::warn!(%error, user_id, "cannot read a player's language; using English");
            }
            Language::English
        })
    }

    /// A refusal or an apology, privately, in `language`, for a service error.
    fn error_text(&self, language: Language, error: &ServiceError, context: &str) -> String {
        if let Some(why) = error.unavailable() {
            // Logged by the store, once a minute while it lasts, not per press.
            crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Failed);
            tracing::debug!(%error, context, "database unavailable");
            return match why {
                Unavailable::Full => tr!(language, "fault-database-full"),
                Unavailable::ReadOnly => tr!(language, "fault-database-read-only"),
                Unavailable::Unreachable => tr!(language, "fault-database-unreachable"),
            };
        }
        if error.is_fault() {
            crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Failed);
            tracing::error!(%error, context, "service failure");
            tr!(language, "apology")
        } else {
            crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
            refusals::refusal(language, error)
        }
    }

    // Slash commands.
}
