//! The Discord adapter: registers `/akon`, turns interactions into service
//! calls and service results into messages and buttons. Holds no game logic
//! and no SQL. Every button press goes through one global handler keyed by
//! the button's `custom_id`, so buttons survive restarts.

mod commands;
mod custom_id;
mod records;
mod render;
mod schedule;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    ChannelId, Client, ClientBuilder, CommandInteraction, ComponentInteraction, Context, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage, EditMessage, EventHandler,
    GatewayIntents, GuildId, HttpBuilder, Interaction, Message, MessageId, Ready, User,
};
use serenity::async_trait;

pub use commands::{akon_command, AkonCommand};
pub use custom_id::{ButtonId, UnknownButton};
pub use render::RULES;

use crate::ai::Level;
use crate::engine::Seat;
use crate::service::{GameView, Place, Player, Service, ServiceError};
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
}

/// The scheduler's default period: events are handled at most this late.
pub const SCHEDULER_EVERY: Duration = Duration::from_secs(20);

impl std::fmt::Debug for DiscordSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordSettings")
            .field("token", &"<hidden>")
            .field("guild_id", &self.guild_id)
            .field("proxy_url", &self.proxy_url)
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
    let mut http = HttpBuilder::new(&settings.token);
    if let Some(proxy) = &settings.proxy_url {
        // serenity applies the proxy only with its rate limiter off.
        http = http.proxy(proxy.trim_end_matches('/')).ratelimiter_disabled(true);
    }
    let in_flight = Arc::new(AtomicUsize::new(0));
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let bot = Bot {
        service,
        guild_id: settings.guild_id.map(GuildId::new),
        in_flight: in_flight.clone(),
        scheduler: Arc::new(std::sync::atomic::AtomicBool::new(false)),
        scheduler_every: settings.scheduler_every,
        stopped,
    };
    // Not `ClientBuilder::new(token)`: that makes a fresh Http without the
    // proxy. Interactions need no gateway intents.
    let builder = ClientBuilder::new_with_http(http.build(), GatewayIntents::empty()).event_handler(bot);
    (
        builder,
        BotHandle {
            in_flight,
            stop: Arc::new(stop),
        },
    )
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
}

#[async_trait]
impl EventHandler for Bot {
    async fn ready(&self, ctx: Context, ready: Ready) {
        tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
        let registered = match self.guild_id {
            Some(guild) => guild.set_commands(&ctx.http, vec![akon_command()]).await,
            None => serenity::all::Command::set_global_commands(&ctx.http, vec![akon_command()]).await,
        };
        match registered {
            Ok(commands) => tracing::info!(count = commands.len(), guild = ?self.guild_id, "commands registered"),
            Err(error) => tracing::error!(%error, "could not register the commands"),
        }
        let bot = self.clone();
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        let catch_up_ctx = ctx.clone();
        tokio::spawn(async move {
            bot.catch_up_computer_moves(&catch_up_ctx).await;
            bot.in_flight.fetch_sub(1, Ordering::SeqCst);
        });
        if !self.scheduler.swap(true, Ordering::SeqCst) {
            tokio::spawn(self.clone().run_scheduler(ctx));
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        // Caught in place rather than in a task of its own: serenity already
        // runs each event in a task, and another would cost a hop and a copy
        // of the interaction on every press.
        let outcome = CatchPanic(Box::pin(self.handle(&ctx, &interaction))).await;
        if outcome.is_err() {
            // A panic must not leave the user with "This interaction failed".
            tracing::error!(interaction_id = %interaction.id(), "interaction handler panicked");
            apologize(&ctx, &interaction).await;
        }
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

const APOLOGY: &str = "Sorry, something went wrong on our side. Nothing was changed; please try again.";

async fn apologize(ctx: &Context, interaction: &Interaction) {
    let message = CreateInteractionResponseMessage::new().content(APOLOGY).ephemeral(true);
    let followup = CreateInteractionResponseFollowup::new()
        .content(APOLOGY)
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

/// Where a message that is not the interaction's own answer goes: a
/// followup of the interaction being handled, or (with none, as after a
/// restart) a plain channel message.
#[derive(Clone, Copy)]
enum Origin<'a> {
    Command(&'a CommandInteraction),
    Component(&'a ComponentInteraction),
    Channel,
}

impl Origin<'_> {
    async fn send(self, ctx: &Context, channel_id: u64, reply: &Reply) -> serenity::Result<Message> {
        match self {
            Origin::Command(command) => command.create_followup(&ctx.http, followup(reply)).await,
            Origin::Component(press) => press.create_followup(&ctx.http, followup(reply)).await,
            Origin::Channel => {
                let message = CreateMessage::new()
                    .content(&reply.content)
                    .components(reply.components.clone())
                    .allowed_mentions(reply.allowed_mentions());
                ChannelId::new(channel_id).send_message(ctx, message).await
            }
        }
    }
}

/// A failure to talk to Discord while answering.
type Sent = serenity::Result<()>;

fn response(reply: &Reply) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(&reply.content)
        .components(reply.components.clone())
        .allowed_mentions(reply.allowed_mentions())
}

fn followup(reply: &Reply) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new()
        .content(&reply.content)
        .components(reply.components.clone())
        .allowed_mentions(reply.allowed_mentions())
}

impl Bot {
    async fn handle(&self, ctx: &Context, interaction: &Interaction) {
        let sent = match interaction {
            Interaction::Command(command) => self.on_command(ctx, command).await,
            Interaction::Component(component) => self.on_button(ctx, component).await,
            _ => Ok(()),
        };
        if let Err(error) = sent {
            tracing::error!(%error, interaction_id = %interaction.id(), "could not answer an interaction");
        }
    }

    /// A refusal or an apology, privately, for a service error.
    fn error_text(&self, error: &ServiceError, context: &str) -> String {
        if error.is_fault() {
            tracing::error!(%error, context, "service failure");
            APOLOGY.to_string()
        } else {
            let mut text = error.to_string();
            if let Some(first) = text.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            format!("{text}.")
        }
    }

    // Slash commands.

    async fn on_command(&self, ctx: &Context, command: &CommandInteraction) -> Sent {
        let user = player_of(&command.user);
        let place = Place {
            guild_id: command.guild_id.map(GuildId::get),
            channel_id: command.channel_id.get(),
        };
        tracing::debug!(user_id = user.id, command = %command.data.name, "slash command");
        let parsed = match commands::parse(command) {
            Ok(parsed) => parsed,
            Err(error) => return self.private(ctx, command, &format!("{error}.")).await,
        };
        match parsed {
            AkonCommand::Rules => self.private(ctx, command, RULES).await,
            AkonCommand::Challenge { opponent: None, .. } => {
                let error = CommandError::BadOption("opponent".into());
                self.private(ctx, command, &format!("{error}.")).await
            }
            AkonCommand::Challenge {
                opponent: Some(opponent),
                level,
                ..
            } if opponent.id == ctx.cache.current_user().id => {
                let level = level.unwrap_or(Level::Medium);
                match self
                    .service
                    .start_computer_game(place, &user, &player_of(&opponent), level)
                    .await
                {
                    Ok(view) => {
                        let mut board = render::board(&view);
                        let first = view.game.start().to_move();
                        board.content = format!(
                            "{} plays the computer ({level}). The first mover was drawn at random: {} ({first}).\n{}",
                            render::mention(view.player(Seat::A)),
                            render::mention(view.player(first)),
                            board.content
                        );
                        let message = self.public(ctx, command, &board).await?;
                        self.board_posted(ctx, &view, &message, Origin::Command(command)).await
                    }
                    Err(error) => {
                        self.private(ctx, command, &self.error_text(&error, "computer game"))
                            .await
                    }
                }
            }
            AkonCommand::Challenge { level: Some(_), .. } => {
                self.private(
                    ctx,
                    command,
                    "The level option is for games against me, the computer: pick me as the opponent.",
                )
                .await
            }
            AkonCommand::Challenge {
                opponent: Some(opponent),
                level: None,
                time,
            } => {
                match self
                    .service
                    .challenge_with_time(place, &user, &player_of(&opponent), time)
                    .await
                {
                    Ok(view) => {
                        let message = self.public(ctx, command, &render::challenge(&view)).await?;
                        self.challenge_posted(view.id, &message).await;
                        Ok(())
                    }
                    Err(error) => self.private(ctx, command, &self.error_text(&error, "challenge")).await,
                }
            }
            AkonCommand::Settings { dm_reminders, time } => {
                match self.service.update_settings(&user, dm_reminders, time).await {
                    Ok(settings) => self.private(ctx, command, &render::settings(&settings)).await,
                    Err(error) => self.private(ctx, command, &self.error_text(&error, "settings")).await,
                }
            }
            AkonCommand::Games => match self.service.ongoing_games(user.id).await {
                Ok(games) => {
                    self.private(ctx, command, &render::games_list(user.id, &games).content)
                        .await
                }
                Err(error) => self.private(ctx, command, &self.error_text(&error, "games")).await,
            },
            AkonCommand::Board { game } => match self.service.game_of(user.id, game, place.channel_id).await {
                Ok(view) => {
                    let previous = view.board_message;
                    let message = self.public(ctx, command, &render::board(&view)).await?;
                    if view.finished.is_none() {
                        self.save_board(&view, &message).await;
                        self.clear_buttons(ctx, previous).await;
                    }
                    Ok(())
                }
                Err(error) => self.private(ctx, command, &self.error_text(&error, "board")).await,
            },
            AkonCommand::Resign { game } => {
                let resigned = match self.service.game_of(user.id, game, place.channel_id).await {
                    Ok(view) => self.service.resign(view.id, &user).await,
                    Err(error) => Err(error),
                };
                self.answer_game_end(ctx, command, resigned, "resign").await
            }
            AkonCommand::Leaderboard { global } => self.leaderboard_command(ctx, command, &user, place, global).await,
            AkonCommand::Stats { player } => {
                self.stats_command(ctx, command, &user, player.as_ref().map(player_of), place)
                    .await
            }
            AkonCommand::History { player } => {
                self.history_command(ctx, command, &user, player.as_ref().map(player_of))
                    .await
            }
            AkonCommand::Game { id } => self.game_command(ctx, command, id).await,
            AkonCommand::Abort { game } => self.abort_command(ctx, command, &user, game, place).await,
        }
    }

    async fn private(&self, ctx: &Context, command: &CommandInteraction, text: &str) -> Sent {
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
        ended: Result<GameView, ServiceError>,
        action: &str,
    ) -> Sent {
        match ended {
            Ok(view) => {
                self.public(ctx, command, &render::board(&view)).await?;
                self.clear_buttons(ctx, view.board_message).await;
                Ok(())
            }
            Err(error) => self.private(ctx, command, &self.error_text(&error, action)).await,
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

    async fn on_button(&self, ctx: &Context, press: &ComponentInteraction) -> Sent {
        let user = player_of(&press.user);
        tracing::debug!(user_id = user.id, custom_id = %press.data.custom_id, "button");
        let id: ButtonId = match press.data.custom_id.parse() {
            Ok(id) => id,
            Err(_) => {
                return self
                    .private_to(ctx, press, "This button is not one of Akon's, or is damaged.")
                    .await
            }
        };
        match id {
            ButtonId::Accept { challenge } => match self.service.accept(challenge, &user).await {
                Ok(view) => {
                    let accepted = self
                        .service
                        .challenge_info(challenge)
                        .await
                        .map(|c| render::challenge(&c));
                    let update = accepted
                        .map(|r| response(&r))
                        .unwrap_or_else(|_| CreateInteractionResponseMessage::new());
                    press
                        .create_response(
                            &ctx.http,
                            CreateInteractionResponse::UpdateMessage(update.components(vec![])),
                        )
                        .await?;
                    let mut board = render::board(&view);
                    let first = view.game.start().to_move();
                    board.content = format!(
                        "The first mover was drawn at random: {} ({first}).\n{}",
                        render::mention(view.player(first)),
                        board.content
                    );
                    let message = press.create_followup(&ctx.http, followup(&board)).await?;
                    self.save_board(&view, &message).await;
                    Ok(())
                }
                Err(error) => self.challenge_refused(ctx, press, challenge, &error).await,
            },
            ButtonId::Decline { challenge } => match self.service.decline(challenge, &user).await {
                Ok(view) => {
                    let update = response(&render::challenge(&view)).components(vec![]);
                    press
                        .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                        .await
                }
                Err(error) => self.challenge_refused(ctx, press, challenge, &error).await,
            },
            ButtonId::Move { game, ply, hole } => {
                match self
                    .service
                    .play(game, ply, hole, &user, Some(press.message.id.get()))
                    .await
                {
                    Ok(applied) => {
                        // The old board keeps its text but loses its buttons, in
                        // the same answer; the new board is a fresh message, so
                        // the next player is notified.
                        let update = CreateInteractionResponseMessage::new().components(vec![]);
                        press
                            .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                            .await?;
                        let message = press
                            .create_followup(&ctx.http, followup(&render::board(&applied.view)))
                            .await?;
                        self.board_posted(ctx, &applied.view, &message, Origin::Component(press))
                            .await
                    }
                    Err(error) => self.private_to(ctx, press, &self.error_text(&error, "move")).await,
                }
            }
            ButtonId::Resign { game } => match self.service.game(game).await {
                Ok(view) if view.seat_of(user.id).is_none() => {
                    self.private_to(ctx, press, &self.error_text(&ServiceError::NotAPlayer, "resign"))
                        .await
                }
                Ok(view) if view.finished.is_some() => {
                    self.private_to(ctx, press, &self.error_text(&ServiceError::GameOver, "resign"))
                        .await
                }
                Ok(_) => {
                    let reply = render::resign_confirmation(game);
                    let message = response(&reply).ephemeral(true);
                    press
                        .create_response(&ctx.http, CreateInteractionResponse::Message(message))
                        .await
                }
                Err(error) => self.private_to(ctx, press, &self.error_text(&error, "resign")).await,
            },
            ButtonId::Rematch { game } => self.on_rematch(ctx, press, game, &user).await,
            ButtonId::Abort { game } => self.abort_button(ctx, press, &user, game).await,
            ButtonId::Leaderboard { global, guild, page } => {
                self.leaderboard_button(ctx, press, &user, (global, guild, page)).await
            }
            ButtonId::History { player, page } => self.history_button(ctx, press, player, page).await,
            ButtonId::ResignConfirmed { game } => match self.service.resign(game, &user).await {
                Ok(view) => {
                    let update = CreateInteractionResponseMessage::new()
                        .content(format!("You resigned game #{game}."))
                        .components(vec![]);
                    press
                        .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                        .await?;
                    press
                        .create_followup(&ctx.http, followup(&render::board(&view)))
                        .await?;
                    self.clear_buttons(ctx, view.board_message).await;
                    Ok(())
                }
                Err(error) => self.private_to(ctx, press, &self.error_text(&error, "resign")).await,
            },
        }
    }

    /// An accept or decline that cannot be done; an expired challenge also
    /// loses its buttons, for everyone.
    async fn challenge_refused(
        &self,
        ctx: &Context,
        press: &ComponentInteraction,
        challenge: i64,
        error: &ServiceError,
    ) -> Sent {
        if matches!(error, ServiceError::ChallengeExpired) {
            if let Ok(view) = self.service.challenge_info(challenge).await {
                let update = response(&render::challenge(&view)).components(vec![]);
                return press
                    .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                    .await;
            }
        }
        self.private_to(ctx, press, &self.error_text(error, "challenge")).await
    }

    async fn private_to(&self, ctx: &Context, press: &ComponentInteraction, text: &str) -> Sent {
        let message = CreateInteractionResponseMessage::new().content(text).ephemeral(true);
        press
            .create_response(&ctx.http, CreateInteractionResponse::Message(message))
            .await
    }

    /// After a board is posted: remember it as the latest, and if the
    /// computer is to move, let it move.
    async fn board_posted(&self, ctx: &Context, view: &GameView, message: &Message, origin: Origin<'_>) -> Sent {
        if view.finished.is_some() {
            return Ok(());
        }
        self.save_board(view, message).await;
        if view.computer_to_move() {
            self.computer_turn(ctx, view.id, origin).await?;
        }
        Ok(())
    }

    /// The computer plays its move (the search runs off the async runtime)
    /// and its board is posted like a human's.
    async fn computer_turn(&self, ctx: &Context, game_id: i64, origin: Origin<'_>) -> Sent {
        match self.service.play_computer(game_id).await {
            Ok(Some(applied)) => {
                let message = origin
                    .send(ctx, applied.view.channel_id, &render::board(&applied.view))
                    .await?;
                if applied.view.finished.is_none() {
                    self.save_board(&applied.view, &message).await;
                }
                Ok(())
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
            if let Err(error) = self.computer_turn(ctx, game_id, Origin::Channel).await {
                tracing::error!(%error, game_id, "could not post a computer move");
            }
        }
    }

    /// Remembers `message` as the game's latest board.
    async fn save_board(&self, view: &GameView, message: &Message) {
        if let Err(error) = self
            .service
            .set_board_message(view.id, view.ply(), message.channel_id.get(), message.id.get())
            .await
        {
            tracing::error!(%error, game_id = view.id, "could not save the board message");
        }
    }

    /// Takes the buttons off an older board; only the latest board plays,
    /// and a board left with live-looking buttons misleads.
    async fn clear_buttons(&self, ctx: &Context, board: Option<(u64, u64, i64)>) {
        if let Some((channel, message, _)) = board {
            let edit = EditMessage::new().components(vec![]);
            if let Err(error) = ChannelId::new(channel)
                .edit_message(ctx, MessageId::new(message), edit)
                .await
            {
                tracing::warn!(%error, channel, message, "could not remove an old board's buttons");
            }
        }
    }
}
