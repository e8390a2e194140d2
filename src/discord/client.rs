//! Building the client: settings, the shard range, the serenity client
//! with the bot's handler, and the REST client.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{Client, ClientBuilder, GatewayIntents, GuildId, Http, HttpBuilder};

use super::{delivery, game_threads, pictures, Bot};
use crate::service::Service;

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
    /// The web view's public address (`AKON_WEB_BASE_URL`, no trailing
    /// slash): boards, `/akon game` and `/akon leaderboard` link their pages
    /// when it is set.
    pub web_base_url: Option<String>,
    /// The Discord Activity is on (`AKON_ACTIVITY=on`): ongoing boards get a
    /// Play live button that opens it, and its Entry Point command is
    /// registered beside `/akon`.
    pub activity: bool,
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
            .field("web_base_url", &self.web_base_url)
            .field("activity", &self.activity)
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
    let (bot, handle) = new_bot(settings, service);
    // Not `ClientBuilder::new(token)`: that makes a fresh Http without the
    // proxy. Interactions need no gateway intents.
    let builder = ClientBuilder::new_with_http(rest_client(settings), GatewayIntents::empty()).event_handler(bot);
    (builder, handle)
}

/// The bot's handler over `service`, for either mode, and its owner's handle.
pub(super) fn new_bot(settings: &DiscordSettings, service: Service) -> (Bot, BotHandle) {
    let in_flight = Arc::new(AtomicUsize::new(0));
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let passes = Arc::new(tokio::sync::watch::Sender::new(0));
    let bot = Bot {
        started_at: service.now(),
        service,
        guild_id: settings.guild_id.map(GuildId::new),
        in_flight: in_flight.clone(),
        scheduler: Arc::new(std::sync::atomic::AtomicBool::new(false)),
        scheduler_every: settings.scheduler_every,
        stopped,
        scheduler_passes: passes.clone(),
        registers_commands: settings.shards.runs_shard_zero(),
        busy: delivery::Busy::default(),
        owed_since: delivery::OwedSince::default(),
        unshown_since: delivery::OwedSince::default(),
        one_pass: Arc::default(),
        pictures: pictures::PictureCache::default(),
        refused_channels: pictures::RefusedChannels::default(),
        thread_refusals: game_threads::ThreadRefusals::default(),
        web: settings.web_base_url.as_deref().map(Arc::from),
        activity: settings.activity,
    };
    (
        bot,
        BotHandle {
            in_flight,
            stop: Arc::new(stop),
            passes,
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

/// Lets the owner of a client wait for interactions being handled and for
/// the scheduler's passes.
#[derive(Clone, Debug)]
pub struct BotHandle {
    in_flight: Arc<AtomicUsize>,
    stop: Arc<tokio::sync::watch::Sender<bool>>,
    passes: Arc<tokio::sync::watch::Sender<u64>>,
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

    /// Waits (at most `limit`) until the scheduler has finished `count`
    /// more passes (each sends what fell due, advances the tournaments and
    /// delivers what is owed), counted from the call: whatever a pass would
    /// do has been done, or tried, by then. Whether it was done in time.
    pub async fn wait_scheduler_passes(&self, count: u64, limit: Duration) -> bool {
        let mut passes = self.passes.subscribe();
        let until = *passes.borrow_and_update() + count;
        tokio::time::timeout(limit, passes.wait_for(|&done| done >= until))
            .await
            .is_ok_and(|waited| waited.is_ok())
    }
}
