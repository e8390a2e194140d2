//! The Discord adapter: registers `/akon`, turns interactions into service
//! calls and service results into messages and buttons. Holds no game logic
//! and no SQL. Every button press goes through one global handler keyed by
//! the button's `custom_id`, so buttons survive restarts.

#[cfg(test)]
mod command_properties;
mod commands;
mod custom_id;
mod delivery;
mod records;
mod refusals;
mod render;
mod render_review;
mod review;
mod schedule;
mod telemetry;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    Client, ClientBuilder, CommandInteraction, ComponentInteraction, Context, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EventHandler, GatewayIntents, GuildId, Http,
    HttpBuilder, Interaction, Message, Ready, User,
};
use serenity::async_trait;

pub use commands::{akon_command, AkonCommand};
pub use custom_id::{ButtonId, UnknownButton};
pub use render_review::{review_text, rules_review_paragraph};
pub use telemetry::gateway_check;

use crate::board_text::level_name;
use crate::engine::Seat;
use crate::i18n::Language;
use crate::service::{
    ChallengeRequest, Challenged, Delivery, GameView, Languages, Locales, Place, Player, Service, ServiceError,
};
use crate::tr;
use commands::CommandError;
use render::Reply;

/// What the Discord side needs to know.
#[derive(Clone)]
pub struct DiscordSettings {
    pub token: String,
    /// Register the commands in this server only (at once), not globally.
    pub guild_id: Option<u64>,
    /// Send every REST call through this proxy (serenity's own rate
    /// limiter is then off: the proxy does that job).
    pub proxy_url: Option<String>,
    /// How often the scheduler looks for reminders, timeouts and expired
    /// challenges.
    pub scheduler_every: Duration,
    /// Which gateway shards this process runs.
    pub shards: ShardPlan,
}

/// Which of the bot's gateway shards this process runs (`AKON_SHARDS`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ShardPlan {
    /// As many as Discord recommends, all in this process.
    #[default]
    Recommended,
    /// Shards `first..=last` of `total`; other processes run the rest.
    Range { first: u32, last: u32, total: u32 },
}

impl ShardPlan {
    /// Who this process is to the others on the database: the shards it
    /// runs. Stable across restarts, so that a process restarted after a
    /// crash takes back at once the work its leases held (see
    /// `store::LeaseKind`).
    pub fn lease_owner(self) -> String {
        match self {
            ShardPlan::Recommended => "all shards".to_string(),
            ShardPlan::Range { first, last, total } => format!("shards {first}-{last}/{total}"),
        }
    }

    /// Whether this process runs shard 0, which alone registers the
    /// commands (so that processes starting together do not race).
    pub fn runs_shard_zero(self) -> bool {
        match self {
            ShardPlan::Recommended => true,
            ShardPlan::Range { first, .. } => first == 0,
        }
    }

    /// Connects the planned shards and runs until they stop.
    pub async fn start(self, client: &mut Client) -> serenity::Result<()> {
        match self {
            ShardPlan::Recommended => client.start_autosharded().await,
            // serenity reads the range's end as the last shard, included.
            ShardPlan::Range { first, last, total } => client.start_shard_range(first..last, total).await,
        }
    }
}

/// The scheduler's default period: events are handled at most this late.
pub const SCHEDULER_EVERY: Duration = Duration::from_secs(20);

impl std::fmt::Debug for DiscordSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordSettings")
            .field("token", &"<hidden>")
            .field("guild_id", &self.guild_id)
            .field("proxy_url", &self.proxy_url)
            .field("shards", &self.shards)
            .finish()
    }
}

/// Builds the serenity client that runs the bot: the one production runs and
/// the end-to-end tests drive.
pub async fn build_client(settings: &DiscordSettings, service: Service) -> serenity::Result<(Client, BotHandle)> {
    let (builder, handle) = client_builder(settings, service);
    Ok((builder.await?, handle))
}

/// The client builder behind [`build_client`], for callers that add to it
/// (tests add a handler that fails on events serenity cannot read).
pub fn client_builder(settings: &DiscordSettings, service: Service) -> (ClientBuilder, BotHandle) {
    let in_flight = Arc::new(AtomicUsize::new(0));
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let bot = Bot {
        service,
        guild_id: settings.guild_id.map(GuildId::new),
        in_flight: in_flight.clone(),
        scheduler: Arc::new(std::sync::atomic::AtomicBool::new(false)),
        scheduler_every: settings.scheduler_every,
        stopped,
        registers_commands: settings.shards.runs_shard_zero(),
        busy: delivery::Busy::default(),
        owed_since: delivery::OwedSince::default(),
        unshown_since: delivery::OwedSince::default(),
    };
    // Not `ClientBuilder::new(token)`: that makes a fresh Http without the
    // proxy. Interactions need no gateway intents.
    let builder = ClientBuilder::new_with_http(rest_client(settings), GatewayIntents::empty()).event_handler(bot);
    (
        builder,
        BotHandle {
            in_flight,
            stop: Arc::new(stop),
        },
    )
}

/// The REST client the bot uses, also for checking that Discord is
/// reachable before the gateway client is built.
pub fn rest_client(settings: &DiscordSettings) -> Http {
    let mut http = HttpBuilder::new(&settings.token);
    if let Some(proxy) = &settings.proxy_url {
        // serenity applies the proxy only with its rate limiter off.
        http = http.proxy(proxy.trim_end_matches('/')).ratelimiter_disabled(true);
    }
    http.build()
}

/// Lets the owner of a client wait for interactions being handled.
#[derive(Clone, Debug)]
pub struct BotHandle {
    in_flight: Arc<AtomicUsize>,
    stop: Arc<tokio::sync::watch::Sender<bool>>,
}

impl BotHandle {
    /// Stops the scheduler; call it when shutting the client down.
    pub fn stop_scheduler(&self) {
        let _ = self.stop.send(true);
    }

    /// Waits (at most `limit`) until no interaction is being handled.
    pub async fn wait_idle(&self, limit: Duration) {
        let deadline = tokio::time::Instant::now() + limit;
        while self.in_flight.load(Ordering::SeqCst) > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

#[derive(Clone)]
struct Bot {
    service: Service,
    guild_id: Option<GuildId>,
    in_flight: Arc<AtomicUsize>,
    /// Set once the scheduler runs: READY comes again on every reconnect.
    scheduler: Arc<std::sync::atomic::AtomicBool>,
    scheduler_every: Duration,
    stopped: tokio::sync::watch::Receiver<bool>,
    /// Whether this process runs shard 0 and so registers the commands.
    registers_commands: bool,
    /// Games a handler is settling right now (the delivery loop skips them).
    busy: delivery::Busy,
    owed_since: delivery::OwedSince,
    /// Likewise for challenges whose message was never posted.
    unshown_since: delivery::OwedSince,
}

#[async_trait]
impl EventHandler for Bot {
    async fn ready(&self, ctx: Context, ready: Ready) {
        let shard = ready.shard.map(|s| (s.id.0, s.total));
        tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), ?shard, "connected to Discord");
        // Shard 0's process alone registers the commands, so that several
        // processes starting together do not race to.
        if shard.is_none_or(|(id, _)| id == 0) && self.registers_commands {
            let registered = match self.guild_id {
                Some(guild) => guild.set_commands(&ctx.http, vec![akon_command()]).await,
                None => serenity::all::Command::set_global_commands(&ctx.http, vec![akon_command()]).await,
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
            bot.deliver_owed(&catch_up_ctx, Duration::ZERO).await;
            bot.catch_up_computer_moves(&catch_up_ctx).await;
            bot.in_flight.fetch_sub(1, Ordering::SeqCst);
        });
        if !self.scheduler.swap(true, Ordering::SeqCst) {
            tokio::spawn(self.clone().run_scheduler(ctx));
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let timer = telemetry::timer_for(&interaction);
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        // Caught in place rather than in a task of its own: serenity already
        // runs each event in a task, and another would cost a hop and a copy
        // of the interaction on every press.
        let outcome = timer.scope(CatchPanic(Box::pin(self.handle(&ctx, &interaction)))).await;
        if outcome.is_err() {
            // A panic must not leave the user with "This interaction failed".
            tracing::error!(interaction_id = %interaction.id(), "interaction handler panicked");
            timer.mark(crate::telemetry::Outcome::Failed);
            apologize(&ctx, &interaction).await;
        }
        timer.finish();
        self.in_flight.fetch_sub(1, Ordering::SeqCst);
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
    let result = match interaction {
        Interaction::Command(i) => match i
            .create_response(&ctx.http, CreateInteractionResponse::Message(message))
            .await
        {
            Ok(()) => Ok(()),
            Err(_) => i.create_followup(&ctx.http, followup).await.map(|_| ()),
        },
        Interaction::Component(i) => match i
            .create_response(&ctx.http, CreateInteractionResponse::Message(message))
            .await
        {
            Ok(()) => Ok(()),
            Err(_) => i.create_followup(&ctx.http, followup).await.map(|_| ()),
        },
        _ => Ok(()),
    };
    if let Err(error) = result {
        tracing::warn!(%error, "could not send the apology");
    }
}

fn player_of(user: &User) -> Player {
    Player {
        id: user.id.get(),
        name: user.global_name.clone().unwrap_or_else(|| user.name.clone()),
        is_bot: user.bot,
    }
}

/// What `/akon settings` changes: reminders and time per move, then the
/// player's and the server's languages (`Some(None)`: follow Discord).
type SettingsChanges = (
    (Option<bool>, Option<crate::service::TimePerMove>),
    (Option<Option<Language>>, Option<Option<Language>>),
);

/// Whether an answer (or a message the bot owed) reached Discord: the
/// error is a failure to talk to Discord, not a refusal.
type Answered = serenity::Result<()>;

fn response(reply: &Reply) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(&reply.content)
        .components(reply.components.clone())
        .allowed_mentions(reply.allowed_mentions())
}

impl Bot {
    async fn handle(&self, ctx: &Context, interaction: &Interaction) {
        let sent = match interaction {
            Interaction::Command(command) => {
                let guild = command.guild_id.map(|g| (g.get(), command.guild_locale.as_deref()));
                let languages = self.languages(command.user.id.get(), &command.locale, guild).await;
                self.on_command(ctx, command, languages).await
            }
            Interaction::Component(component) => {
                let guild = component.guild_id.map(|g| (g.get(), component.guild_locale.as_deref()));
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
                tracing::warn!(%error, "cannot read the languages; using Discord's locales");
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
            tracing::warn!(%error, guild_id, "cannot read a server's language; using English");
            Language::English
        })
    }

    /// A player's language, for what the bot sends them alone.
    pub(super) async fn user_language(&self, user_id: u64) -> Language {
        self.service.user_language(user_id).await.unwrap_or_else(|error| {
            tracing::warn!(%error, user_id, "cannot read a player's language; using English");
            Language::English
        })
    }

    /// A refusal or an apology, privately, in `language`, for a service error.
    fn error_text(&self, language: Language, error: &ServiceError, context: &str) -> String {
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

    async fn on_command(&self, ctx: &Context, command: &CommandInteraction, languages: Languages) -> Answered {
        let Languages { private: mine, public } = languages;
        let user = player_of(&command.user);
        let place = Place {
            guild_id: command.guild_id.map(GuildId::get),
            channel_id: command.channel_id.get(),
        };
        tracing::debug!(user_id = user.id, command = %command.data.name, "slash command");
        let parsed = match commands::parse(command) {
            Ok(parsed) => parsed,
            Err(error) => {
                crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
                return self.private(ctx, command, &error.sentence(mine)).await;
            }
        };
        match parsed {
            AkonCommand::Rules => self.private_pages(ctx, command, &render::rules(mine)).await,
            AkonCommand::Review { game } => self.review_command(ctx, command, languages, game).await,
            AkonCommand::Challenge { opponent: None, .. } => {
                let error = CommandError::BadOption("opponent".into());
                crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
                self.private(ctx, command, &error.sentence(mine)).await
            }
            AkonCommand::Challenge {
                opponent: Some(opponent),
                level,
                time,
            } => {
                let opponent_player = player_of(&opponent);
                let request = ChallengeRequest {
                    place,
                    challenger: &user,
                    opponent: &opponent_player,
                    opponent_is_the_computer: opponent.id == ctx.cache.current_user().id,
                    level,
                    time,
                };
                match self.service.challenge_or_play(request).await {
                    Ok(Challenged::Challenge(view)) => {
                        let message = self.public(ctx, command, &render::challenge(public, &view)).await?;
                        self.challenge_posted(view.id, &message).await;
                        Ok(())
                    }
                    Ok(Challenged::ComputerGame { view, level }) => {
                        // The new game owes its first board until this answer
                        // is recorded: the delivery loop must leave it to us.
                        let _busy = self.busy.hold(view.id);
                        let mut board = render::board(public, &view);
                        let first = view.game.start().to_move();
                        let intro = tr!(
                            public,
                            "computer-game-intro",
                            player = render::mention(view.player(Seat::A)),
                            level = level_name(public, level),
                            first = render::player_name(public, &view, first),
                            seat = first.to_string()
                        );
                        board.content = format!("{intro}\n{}", board.content);
                        let message = self.public(ctx, command, &board).await?;
                        self.board_answered(ctx, &view, &message).await?;
                        self.computer_turn_if_due(ctx, &view).await
                    }
                    Err(error) => {
                        self.private(ctx, command, &self.error_text(mine, &error, "challenge"))
                            .await
                    }
                }
            }
            AkonCommand::Settings {
                dm_reminders,
                time,
                language,
                server_language,
            } => {
                let changes = ((dm_reminders, time), (language, server_language));
                self.settings_command(ctx, command, mine, &user, place, changes).await
            }
            AkonCommand::Games => match self.service.ongoing_games(user.id).await {
                Ok(games) => {
                    self.private(ctx, command, &render::games_list(mine, user.id, &games).content)
                        .await
                }
                Err(error) => {
                    self.private(ctx, command, &self.error_text(mine, &error, "games"))
                        .await
                }
            },
            AkonCommand::Board { game } => match self.service.game_of(user.id, game, place.channel_id).await {
                Ok(view) => {
                    let _busy = self.busy.hold(view.id);
                    let message = self.public(ctx, command, &render::board(public, &view)).await?;
                    self.board_answered(ctx, &view, &message).await
                }
                Err(error) => {
                    self.private(ctx, command, &self.error_text(mine, &error, "board"))
                        .await
                }
            },
            AkonCommand::Resign { game } => {
                let resigned = match self.service.game_of(user.id, game, place.channel_id).await {
                    Ok(view) => self.service.resign(view.id, &user).await,
                    Err(error) => Err(error),
                };
                self.answer_game_end(ctx, command, languages, resigned, "resign").await
            }
            AkonCommand::Leaderboard { global } => {
                self.leaderboard_command(ctx, command, languages, &user, place, global)
                    .await
            }
            AkonCommand::Stats { player } => {
                self.stats_command(ctx, command, languages, &user, player.as_ref().map(player_of), place)
                    .await
            }
            AkonCommand::History { player } => {
                self.history_command(ctx, command, languages, &user, player.as_ref().map(player_of))
                    .await
            }
            AkonCommand::Game { id } => self.game_command(ctx, command, languages, id).await,
            AkonCommand::Abort { game } => self.abort_command(ctx, command, languages, &user, game, place).await,
        }
    }

    /// `/akon settings`: changes what was given (a server's language only
    /// with Manage Server), then shows every setting.
    async fn settings_command(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        mine: Language,
        user: &Player,
        place: Place,
        ((dm_reminders, time), (language, server_language)): SettingsChanges,
    ) -> Answered {
        let shown = async {
            if let Some(server_language) = server_language {
                let may_manage = command
                    .member
                    .as_ref()
                    .and_then(|member| member.permissions)
                    .is_some_and(|permissions| permissions.manage_guild());
                self.service
                    .set_server_language(place.guild_id, may_manage, server_language)
                    .await?;
            }
            if let Some(language) = language {
                self.service.set_language(user.id, language).await?;
            }
            let settings = self.service.update_settings(user, dm_reminders, time).await?;
            let my_language = self.service.user_language_setting(user.id).await?;
            let server = match place.guild_id {
                Some(guild) => Some(self.service.server_language_setting(guild).await?),
                None => None,
            };
            Ok::<_, ServiceError>((settings, my_language, server))
        }
        .await;
        match shown {
            Ok((settings, my_language, server)) => {
                // The answer speaks the language just chosen (or, when the
                // player goes back to Discord's, their Discord's).
                let language = match (my_language.chosen, language) {
                    (true, _) => my_language.language,
                    (false, Some(None)) => Language::from_discord_locale(&command.locale),
                    (false, _) => mine,
                };
                let text = render::settings(language, &settings, my_language, server);
                self.private(ctx, command, &text).await
            }
            Err(error) => {
                self.private(ctx, command, &self.error_text(mine, &error, "settings"))
                    .await
            }
        }
    }

    /// Several private messages: the answer, then follow-ups.
    async fn private_pages(&self, ctx: &Context, command: &CommandInteraction, pages: &[String]) -> Answered {
        let Some((first, rest)) = pages.split_first() else {
            return Ok(());
        };
        self.private(ctx, command, first).await?;
        for page in rest {
            let followup = CreateInteractionResponseFollowup::new().content(page).ephemeral(true);
            command.create_followup(&ctx.http, followup).await?;
        }
        Ok(())
    }

    async fn private(&self, ctx: &Context, command: &CommandInteraction, text: &str) -> Answered {
        let message = CreateInteractionResponseMessage::new().content(text).ephemeral(true);
        command
            .create_response(&ctx.http, CreateInteractionResponse::Message(message))
            .await
    }

    /// Answers a command that ended a game (`action`): the final board for
    /// everyone, and the last board loses its buttons; or the refusal,
    /// privately.
    async fn answer_game_end(
        &self,
        ctx: &Context,
        command: &CommandInteraction,
        languages: Languages,
        ended: Result<GameView, ServiceError>,
        action: &str,
    ) -> Answered {
        match ended {
            Ok(view) => {
                let _busy = self.busy.hold(view.id);
                let message = self
                    .public(ctx, command, &render::board(languages.public, &view))
                    .await?;
                self.board_answered(ctx, &view, &message).await
            }
            Err(error) => {
                self.private(ctx, command, &self.error_text(languages.private, &error, action))
                    .await
            }
        }
    }

    /// Answers in the channel, for everyone, and returns the message sent.
    async fn public(&self, ctx: &Context, command: &CommandInteraction, reply: &Reply) -> serenity::Result<Message> {
        command
            .create_response(&ctx.http, CreateInteractionResponse::Message(response(reply)))
            .await?;
        command.get_response(&ctx.http).await
    }

    // Buttons.

    async fn on_button(&self, ctx: &Context, press: &ComponentInteraction, languages: Languages) -> Answered {
        let Languages { private: mine, public } = languages;
        let user = player_of(&press.user);
        tracing::debug!(user_id = user.id, custom_id = %press.data.custom_id, "button");
        let id: ButtonId = match press.data.custom_id.parse() {
            Ok(id) => id,
            Err(_) => {
                crate::telemetry::interaction_outcome(crate::telemetry::Outcome::Refused);
                return self.private_to(ctx, press, &tr!(mine, "unknown-button")).await;
            }
        };
        match id {
            ButtonId::Accept { challenge } => match self.service.accept(challenge, &user).await {
                Ok(view) => {
                    let _busy = self.busy.hold(view.id);
                    let accepted = self
                        .service
                        .challenge_info(challenge)
                        .await
                        .map(|c| render::challenge(public, &c));
                    let update = accepted
                        .map(|r| response(&r))
                        .unwrap_or_else(|_| CreateInteractionResponseMessage::new());
                    press
                        .create_response(
                            &ctx.http,
                            CreateInteractionResponse::UpdateMessage(update.components(vec![])),
                        )
                        .await?;
                    let first = view.game.start().to_move();
                    let intro = tr!(
                        public,
                        "first-mover",
                        player = render::mention(view.player(first)),
                        seat = first.to_string()
                    );
                    self.deliver(ctx, &Delivery::owed_by(view, None), Some(&intro), public)
                        .await
                }
                Err(error) => self.challenge_refused(ctx, press, languages, challenge, &error).await,
            },
            ButtonId::Decline { challenge } => match self.service.decline(challenge, &user).await {
                Ok(view) => {
                    let update = response(&render::challenge(public, &view)).components(vec![]);
                    press
                        .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                        .await
                }
                Err(error) => self.challenge_refused(ctx, press, languages, challenge, &error).await,
            },
            ButtonId::Move { game, ply, hole } => {
                let _busy = self.busy.hold(game);
                let pressed = press.message.id.get();
                match self.service.play(game, ply, hole, &user, Some(pressed)).await {
                    Ok(applied) => {
                        // The move is committed: from here on the delivery loop
                        // would show it even if this process died. The old
                        // board keeps its text but loses its buttons, in the
                        // same answer; the new board is a fresh message, so the
                        // next player is notified.
                        let update = CreateInteractionResponseMessage::new().components(vec![]);
                        let answered = press
                            .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                            .await;
                        if let Err(error) = &answered {
                            // Too late or refused: the board is still owed, and
                            // the pressed board's buttons go with a plain edit.
                            tracing::warn!(%error, game_id = game, "could not answer a move");
                        }
                        let board = (press.channel_id.get(), pressed);
                        let owed = Delivery::after_press(applied.view, board, answered.is_ok());
                        self.deliver(ctx, &owed, None, public).await?;
                        self.computer_turn_if_due(ctx, &owed.view).await
                    }
                    Err(error @ (ServiceError::StaleButton | ServiceError::OutdatedBoard)) => {
                        self.private_to(ctx, press, &self.error_text(mine, &error, "move"))
                            .await?;
                        // The game may be waiting for its board (a crash after
                        // the last move): show it now.
                        drop(_busy);
                        self.settle_game(ctx, game).await.map(|_| ())
                    }
                    Err(error) => {
                        self.private_to(ctx, press, &self.error_text(mine, &error, "move"))
                            .await
                    }
                }
            }
            ButtonId::Resign { game } => match self.service.may_resign(game, &user).await {
                Ok(view) => {
                    let reply = render::resign_confirmation(mine, game, view.ply());
                    let message = response(&reply).ephemeral(true);
                    press
                        .create_response(&ctx.http, CreateInteractionResponse::Message(message))
                        .await
                }
                Err(error) => {
                    self.private_to(ctx, press, &self.error_text(mine, &error, "resign"))
                        .await
                }
            },
            ButtonId::Rematch { game } => self.on_rematch(ctx, press, languages, game, &user).await,
            ButtonId::Abort { game } => self.abort_button(ctx, press, languages, &user, game).await,
            ButtonId::Leaderboard { global, guild, page } => {
                self.leaderboard_button(ctx, press, languages, &user, (global, guild, page))
                    .await
            }
            ButtonId::History { player, page } => self.history_button(ctx, press, languages, player, page).await,
            ButtonId::Review { game } => self.review_button(ctx, press, languages, game).await,
            ButtonId::Hint { game, ply } => self.hint_button(ctx, press, languages, &user, game, ply).await,
            ButtonId::ResignConfirmed { game, ply } => {
                let _busy = self.busy.hold(game);
                match self.service.resign_confirmed(game, &user, ply).await {
                    Ok(view) => {
                        let update = CreateInteractionResponseMessage::new()
                            .content(tr!(mine, "resigned", game = game.to_string()))
                            .components(vec![]);
                        if let Err(error) = press
                            .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                            .await
                        {
                            tracing::warn!(%error, game_id = game, "could not answer a resignation");
                        }
                        self.deliver(ctx, &Delivery::owed_by(view, None), None, public).await
                    }
                    Err(ServiceError::ResignOvertaken) => {
                        // A move landed while the player confirmed: ask again,
                        // about the game as it is now, on the same message.
                        let view = match self.service.may_resign(game, &user).await {
                            Ok(view) => view,
                            Err(error) => {
                                return self
                                    .private_to(ctx, press, &self.error_text(mine, &error, "resign"))
                                    .await
                            }
                        };
                        let mut reply = render::resign_confirmation(mine, game, view.ply());
                        reply.content = format!(
                            "{}\n{}",
                            self.error_text(mine, &ServiceError::ResignOvertaken, "resign"),
                            reply.content
                        );
                        press
                            .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(response(&reply)))
                            .await
                    }
                    Err(error) => {
                        self.private_to(ctx, press, &self.error_text(mine, &error, "resign"))
                            .await
                    }
                }
            }
        }
    }

    /// An accept or decline that cannot be done; an expired challenge also
    /// loses its buttons, for everyone.
    async fn challenge_refused(
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
                return press
                    .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                    .await;
            }
        }
        self.private_to(ctx, press, &self.error_text(languages.private, error, "challenge"))
            .await
    }

    async fn private_to(&self, ctx: &Context, press: &ComponentInteraction, text: &str) -> Answered {
        let message = CreateInteractionResponseMessage::new().content(text).ephemeral(true);
        press
            .create_response(&ctx.http, CreateInteractionResponse::Message(message))
            .await
    }

    /// After a command answered with `view`'s board (`message`): it is the
    /// latest board, and the one it replaces loses its buttons.
    async fn board_answered(&self, ctx: &Context, view: &GameView, message: &Message) -> Answered {
        let replaced = view.board_message.map(|board| board.message_id);
        self.record_board(ctx, view, message, replaced).await
    }

    /// If the computer is to move in `view`, it moves.
    async fn computer_turn_if_due(&self, ctx: &Context, view: &GameView) -> Answered {
        if view.computer_to_move() {
            self.computer_turn(ctx, view.id).await?;
        }
        Ok(())
    }

    /// The computer plays its move (the search runs off the async runtime)
    /// and its board is posted like a human's.
    async fn computer_turn(&self, ctx: &Context, game_id: i64) -> Answered {
        let _busy = self.busy.hold(game_id);
        match self.service.play_computer(game_id).await {
            Ok(Some(applied)) => {
                let language = self.server_language(applied.view.guild_id).await;
                self.deliver(ctx, &Delivery::owed_by(applied.view, None), None, language)
                    .await
            }
            Ok(None) => Ok(()),
            Err(error) => {
                tracing::error!(%error, game_id, "the computer could not move");
                Ok(())
            }
        }
    }

    /// On start-up: every game left waiting for the computer gets its move.
    async fn catch_up_computer_moves(&self, ctx: &Context) {
        let waiting = match self.service.games_awaiting_computer().await {
            Ok(waiting) => waiting,
            Err(error) => {
                tracing::error!(%error, "cannot list games waiting for the computer");
                return;
            }
        };
        for game_id in waiting {
            tracing::info!(game_id, "catching up on a computer move");
            if let Err(error) = self.computer_turn(ctx, game_id).await {
                tracing::error!(%error, game_id, "could not post a computer move");
            }
            if let Err(error) = self.service.computer_move_caught_up(game_id).await {
                tracing::warn!(%error, game_id, "could not release a game caught up");
            }
        }
    }
}
