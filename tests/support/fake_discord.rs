//! A fake Discord (REST + gateway) for end-to-end tests of the bot, served on 127.0.0.1 only.
//!
//! It follows `docs/FAKE_DISCORD.md` (a recipe proven against an unmodified serenity
//! 0.12.5 client): one `TcpListener` on `127.0.0.1:0` serves the REST API under `/api/v10/...`
//! and the gateway websocket at `/gateway`.
//!
//! Typical use:
//!
//! ```ignore
//! let fake = FakeDiscord::start().await;
//! let client = build_the_bot(fake.api_base()).await;      // HttpBuilder::proxy + ratelimiter_disabled
//! tokio::spawn(async move { client.start().await });
//! fake.wait_ready().await;
//! let alice = TestUser::new(300000000000000001, "alice");
//! fake.add_user(&alice);
//! let ix = fake.slash(&alice, "game", "challenge", vec![("opponent", 6, json!(bob.id.to_string()))]).await;
//! let msg = fake.response(&ix).await;
//! let click = fake.click(&bob, message_id(&msg), "accept").await;
//! ```
//!
//! State rules (what "the user sees"):
//! * callback 4 creates the interaction's *original* message (type 20 for commands, 19 for
//!   components); 5 creates a LOADING placeholder (flags |= 128) that `PATCH @original` (or the
//!   first followup) fills; 6 makes the clicked message the original without changing it; 7 edits
//!   the clicked message.
//! * A second callback gets 400/40060, an unknown interaction 404/10062, 6/7 on a slash command
//!   400/50035, a followup before any callback 400.
//! * `PATCH` replaces only the keys present (`content`, `components`, `embeds`, `attachments`,
//!   `flags`); the ephemeral flag of a message never changes.
//! * Every request is logged (see [`FakeDiscord::requests`]); routes the fake does not know get a
//!   404 and are listed by [`FakeDiscord::unhandled_requests`].

use std::collections::hash_map::RandomState;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::hash::{BuildHasher, Hasher};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::State as AxState;
use axum::http::{header, HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde_json::{json, Value};
use tokio::sync::{mpsc, watch, Notify};
use tokio::time::Instant;

/// The bot token the fake accepts (REST `Authorization: Bot <TOKEN>`, IDENTIFY with or without
/// `Bot `). It also passes `serenity::utils::validate_token`.
pub const TOKEN: &str = "MTAwMDAwMDAwMDAwMDAwMDAx.GfAkEx.fake-token-for-tests-only";
/// The bot's user id, also its application id.
pub const BOT_ID: u64 = 1000000000000000001;
/// The one guild of the fake.
pub const GUILD_ID: u64 = 900000000000000001;
/// The guild text channel (`#general`) where `slash` / `click` happen by default.
pub const CHANNEL_ID: u64 = 910000000000000001;
/// Permission bits sent as `app_permissions` / member `permissions`.
pub const APP_PERMISSIONS: &str = "2248473465835073";
/// The *Attach Files* permission bit (part of `APP_PERMISSIONS`).
pub const ATTACH_FILES: u64 = 1 << 15;
/// Sent as `attachment_size_limit` in every interaction (serenity requires the field).
pub const ATTACHMENT_SIZE_LIMIT: u64 = 26214400;
/// Heartbeat interval announced in HELLO by [`FakeDiscord::start`].
pub const DEFAULT_HEARTBEAT_MS: u64 = 41250;
/// How long every `wait_*` helper waits before panicking with a dump of the fake's state.
pub const WAIT_TIMEOUT: Duration = Duration::from_secs(10);

/// Message flag: only the invoking user sees the message.
pub const FLAG_EPHEMERAL: u64 = 64;
/// Message flag: a deferred ("Bot is thinking...") placeholder.
pub const FLAG_LOADING: u64 = 128;

const FIRST_SNOWFLAKE: u64 = 1_200_000_000_000_000_000;

// ------------------------------------------------------------------------------------------
// Public types
// ------------------------------------------------------------------------------------------

/// A Discord user that can invoke commands, press buttons and be passed as a user option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestUser {
    pub id: u64,
    pub name: String,
    pub bot: bool,
}

impl TestUser {
    /// A human user.
    pub fn new(id: u64, name: &str) -> TestUser {
        TestUser {
            id,
            name: name.to_string(),
            bot: false,
        }
    }

    /// Another bot (not the bot under test).
    pub fn new_bot(id: u64, name: &str) -> TestUser {
        TestUser {
            id,
            name: name.to_string(),
            bot: true,
        }
    }

    /// The bot under test, as the fake presents it.
    pub fn the_bot() -> TestUser {
        TestUser::new_bot(BOT_ID, "TestBot")
    }

    /// `<@id>`
    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }
}

/// An interaction the fake has sent to the bot.
#[derive(Clone, Debug)]
pub struct Interaction {
    pub id: u64,
    /// URL-safe interaction token.
    pub token: String,
    /// 2 = application command, 3 = message component.
    pub kind: u8,
    pub channel_id: u64,
    /// `None` in DMs.
    pub guild_id: Option<u64>,
    pub user_id: u64,
    /// For components: the message whose component was used.
    pub message_id: Option<u64>,
    /// `/command sub` or the component's custom id (for messages).
    pub label: String,
    /// The exact `d` of the INTERACTION_CREATE dispatch.
    pub payload: Value,
}

/// One REST request the bot made.
#[derive(Clone, Debug)]
pub struct LoggedRequest {
    pub method: String,
    /// Path without query string, e.g. `/api/v10/interactions/1/tok/callback`.
    pub path: String,
    /// Raw query string (serenity writes `&a=b&c=d`), empty if none.
    pub query: String,
    /// JSON body (`payload_json` for multipart, with a `_files` list added), `null` if empty.
    pub body: Value,
    pub status: u16,
    pub response: Value,
    /// The fake has no route for this request.
    pub unhandled: bool,
}

/// A REST call as the fake answered it, for a driver that follows the bot
/// as it goes (a load benchmark) rather than waiting on the fake's state.
#[derive(Clone, Debug)]
pub struct Answered {
    /// When the answer was ready, just before it was sent back.
    pub at: std::time::Instant,
    pub method: Method,
    pub path: String,
    pub body: Value,
    pub status: u16,
    pub response: Value,
}

/// Read-only view of the fake's state, handed to [`FakeDiscord::wait_until`] predicates.
pub struct FakeView<'a> {
    st: &'a State,
}

impl<'a> FakeView<'a> {
    /// Every stored message (including ephemeral ones), in creation order.
    pub fn messages(&self) -> Vec<&'a Value> {
        self.st.messages.values().map(|m| &m.json).collect()
    }

    /// Visible (non-ephemeral) messages of a channel, in creation order.
    pub fn channel_messages(&self, channel_id: u64) -> Vec<&'a Value> {
        self.st
            .messages
            .values()
            .map(|m| &m.json)
            .filter(|m| msg_channel(m) == channel_id && !is_ephemeral(m))
            .collect()
    }

    /// The newest visible message of a channel.
    pub fn last_message(&self, channel_id: u64) -> Option<&'a Value> {
        self.channel_messages(channel_id).last().copied()
    }

    pub fn message(&self, id: u64) -> Option<&'a Value> {
        self.st.messages.get(&id).map(|m| &m.json)
    }

    /// The interaction's original response as it is now (`None` before the callback).
    pub fn original(&self, ix: &Interaction) -> Option<&'a Value> {
        let s = self.st.interactions.get(&ix.id)?;
        self.message(s.original?)
    }

    /// Existing followup messages of the interaction, in creation order.
    pub fn followups(&self, ix: &Interaction) -> Vec<&'a Value> {
        self.st
            .interactions
            .get(&ix.id)
            .map(|s| s.followups.iter().filter_map(|id| self.message(*id)).collect())
            .unwrap_or_default()
    }

    /// The callback type the bot used, if it acknowledged the interaction yet.
    pub fn callback_type(&self, ix: &Interaction) -> Option<u8> {
        self.st.interactions.get(&ix.id).and_then(|s| s.callback)
    }

    pub fn requests(&self) -> &'a [LoggedRequest] {
        &self.st.log
    }

    /// Heartbeats received (and ACKed) over all gateway sessions.
    pub fn heartbeats(&self) -> u64 {
        self.st.heartbeats
    }

    /// Number of gateway connections opened so far.
    pub fn sessions_opened(&self) -> u64 {
        self.st.sessions.len() as u64
    }

    /// How many requests were held by a [`Stall`] so far.
    pub fn stalls_hit(&self) -> u64 {
        self.st.stalls_hit
    }

    /// Is a gateway session connected right now?
    pub fn connected(&self) -> bool {
        self.st.sessions.values().any(|s| !s.closed)
    }
}

/// The fake Discord. Cheap to clone; the server stops when the last clone is dropped.
#[derive(Clone)]
pub struct FakeDiscord {
    shared: Arc<Shared>,
    _guard: Arc<ServerGuard>,
}

// ------------------------------------------------------------------------------------------
// Message helpers (work on the JSON the fake stores and returns)
// ------------------------------------------------------------------------------------------

/// A snowflake from JSON (string or number).
pub fn snowflake(v: &Value) -> Option<u64> {
    match v {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_u64(),
        _ => None,
    }
}

/// `message["id"]` as a number.
pub fn message_id(message: &Value) -> u64 {
    snowflake(&message["id"]).unwrap_or_else(|| panic!("not a message (no id): {message}"))
}

/// `message["content"]` (empty if missing).
pub fn content(message: &Value) -> &str {
    message["content"].as_str().unwrap_or("")
}

pub fn flags(message: &Value) -> u64 {
    message["flags"].as_u64().unwrap_or(0)
}

pub fn is_ephemeral(message: &Value) -> bool {
    flags(message) & FLAG_EPHEMERAL != 0
}

/// All components below the action rows (buttons, selects, ...), flattened, in order.
pub fn components(message: &Value) -> Vec<&Value> {
    fn walk<'a>(v: &'a Value, out: &mut Vec<&'a Value>) {
        if let Some(arr) = v.as_array() {
            for c in arr {
                if c["type"].as_u64() == Some(1) {
                    walk(&c["components"], out);
                } else {
                    out.push(c);
                    if c.get("components").is_some() {
                        walk(&c["components"], out);
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(&message["components"], &mut out);
    out
}

/// All buttons (component type 2) of a message, in order.
pub fn buttons(message: &Value) -> Vec<&Value> {
    components(message)
        .into_iter()
        .filter(|c| c["type"].as_u64() == Some(2))
        .collect()
}

/// The custom ids of all components of a message, in order.
pub fn custom_ids(message: &Value) -> Vec<String> {
    components(message)
        .into_iter()
        .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
        .collect()
}

/// The component with this custom id, if any.
pub fn find_component<'a>(message: &'a Value, custom_id: &str) -> Option<&'a Value> {
    components(message)
        .into_iter()
        .find(|c| c["custom_id"].as_str() == Some(custom_id))
}

fn msg_channel(m: &Value) -> u64 {
    snowflake(&m["channel_id"]).unwrap_or(0)
}

// ------------------------------------------------------------------------------------------
// Internal state
// ------------------------------------------------------------------------------------------

struct Shared {
    state: Mutex<State>,
    notify: Notify,
    port: u16,
    shutdown: watch::Receiver<bool>,
    /// Open (`true`) unless a test holds READY back (see [`FakeDiscord::hold_ready`]).
    ready_gate: watch::Sender<bool>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

struct ServerGuard {
    server: tokio::task::JoinHandle<()>,
    shutdown: watch::Sender<bool>,
}

impl Drop for ServerGuard {
    fn drop(&mut self) {
        let _ = self.shutdown.send(true);
        self.server.abort();
    }
}

struct StoredMessage {
    json: Value,
    /// Bumped on every edit.
    revision: u64,
}

struct StoredFile {
    filename: String,
    content_type: Option<String>,
    data: Vec<u8>,
}

#[derive(Clone)]
struct IxState {
    id: u64,
    token: String,
    kind: u8,
    label: String,
    channel_id: u64,
    user_id: u64,
    /// Component interactions: the message the component sits on.
    message_id: Option<u64>,
    callback: Option<u8>,
    callback_body: Value,
    original: Option<u64>,
    /// Type 6: revision of the clicked message when it was acknowledged.
    base_revision: u64,
    followups: Vec<u64>,
}

struct Session {
    session_id: String,
    tx: Option<mpsc::UnboundedSender<(String, Value)>>,
    ready: bool,
    registered: bool,
    /// Value of `gateway_url_requests` when the socket was opened.
    epoch: u64,
    closed: bool,
    /// `[shard, total]` from IDENTIFY: which guilds' events go to this
    /// session (`None` until IDENTIFY, and then all of them).
    shard: Option<(u64, u64)>,
}

impl Session {
    /// Whether Discord sends `guild`'s events on this gateway session: shard
    /// `(guild_id >> 22) % total`; DMs go to shard 0.
    fn serves(&self, guild: Option<u64>) -> bool {
        match self.shard {
            Some((shard, total)) if total > 1 => guild.map_or(0, |g| (g >> 22) % total) == shard,
            _ => true,
        }
    }
}

struct FilePart {
    /// `N` of `files[N]` (or `None` for a part named differently).
    index: Option<u64>,
    name: String,
    filename: String,
    content_type: Option<String>,
    data: Vec<u8>,
}

/// Who creates a message: an interaction response/followup (a webhook message that may be
/// ephemeral) or a plain channel message (never ephemeral).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Origin {
    Interaction,
    Channel,
}

enum Reply {
    Json(u16, Value),
    NoContent,
    Unhandled,
}

fn error(status: u16, code: u64, message: &str) -> Reply {
    Reply::Json(status, json!({"message": message, "code": code}))
}

struct State {
    port: u16,
    next_id: u64,
    clock: u64,
    heartbeat_interval: u64,
    log: Vec<LoggedRequest>,
    users: BTreeMap<u64, TestUser>,
    dm_channels: BTreeMap<u64, u64>,
    guild_channels: BTreeMap<u64, String>,
    /// The guild of each channel of `guild_channels` not in [`GUILD_ID`].
    channel_guilds: BTreeMap<u64, u64>,
    /// The `locale` interactions of each user carry (default `en-US`).
    user_locales: HashMap<u64, String>,
    /// The guild's `guild_locale` (default `en-US`).
    guild_locale: String,
    /// Members' permissions in the channel, when not `APP_PERMISSIONS`.
    member_permissions: HashMap<u64, String>,
    /// Members' roles (ids), when they have any.
    member_roles: HashMap<u64, Vec<u64>>,
    global_commands: Vec<Value>,
    guild_commands: BTreeMap<u64, Vec<Value>>,
    command_ids: HashMap<(Option<u64>, String), u64>,
    messages: BTreeMap<u64, StoredMessage>,
    files: HashMap<u64, StoredFile>,
    interactions: BTreeMap<u64, IxState>,
    tokens: HashMap<String, u64>,
    sessions: BTreeMap<u64, Session>,
    gateway_url_requests: u64,
    heartbeats: u64,
    identifies: Vec<Value>,
    gateway_log: Vec<String>,
    /// `(channel, nonce)` of channel messages sent with `enforce_nonce`, and
    /// when: a second message with the same nonce within `nonce_window`
    /// returns the first, as on Discord.
    nonces: HashMap<(u64, String), (u64, Instant)>,
    /// How long a nonce is enforced: Discord's window is a few minutes;
    /// the fake's never ends unless a test sets one
    /// ([`FakeDiscord::set_nonce_window`]).
    nonce_window: Option<Duration>,
    stalls: Vec<Stall>,
    stalls_hit: u64,
    /// Channels that answer every request with this status (403: the bot
    /// lost access; 404: the channel was deleted), until changed.
    refusing_channels: HashMap<u64, u16>,
    /// Channels where the bot lacks *Attach Files*: interactions there carry
    /// `app_permissions` without it, and any upload there gets 403/50013.
    no_attach_files: std::collections::HashSet<u64>,
    /// Hears every REST call as it is answered (see [`FakeDiscord::observe`]).
    observer: Option<mpsc::UnboundedSender<Answered>>,
    /// Whether requests are kept for [`FakeDiscord::requests`]; a long load
    /// run turns this off to keep memory flat.
    keep_log: bool,
}

/// A request the fake holds forever, as a network that stopped answering
/// would: before it takes effect, or after (the bot never sees the answer).
/// Tests kill the bot while it waits.
#[derive(Clone, Debug)]
pub struct Stall {
    pub method: &'static str,
    /// Matches paths under `/api/v10/` that contain this text.
    pub path_contains: String,
    /// Matches request bodies whose JSON text contains this, if set.
    pub body_contains: Option<String>,
    pub after_effect: bool,
    /// Instead of holding: answer at once with this HTTP status and no
    /// effect, as an outage or an expired interaction would.
    pub fail_with: Option<u16>,
}

fn as_u64(v: Option<&Value>) -> Option<u64> {
    v.and_then(snowflake)
}

fn user_json(u: &TestUser) -> Value {
    json!({
        "id": u.id.to_string(),
        "username": u.name,
        "global_name": u.name,
        "discriminator": "0",
        "avatar": null,
        "bot": u.bot,
    })
}

fn member_json(u: Option<&TestUser>) -> Value {
    let mut m = json!({
        "roles": [],
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "nick": null,
        "avatar": null,
        "premium_since": null,
        "joined_at": "2024-01-01T00:00:00.000000+00:00",
        "permissions": APP_PERMISSIONS,
    });
    if let Some(u) = u {
        m["user"] = user_json(u);
    }
    m
}

fn random_suffix(seed: u64) -> String {
    let mut h = RandomState::new().build_hasher();
    h.write_u64(seed);
    format!("{:016x}", h.finish())
}

impl State {
    fn snowflake(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    fn timestamp(&mut self) -> String {
        self.clock += 1;
        let s = self.clock % 86_400;
        format!(
            "2026-01-01T{:02}:{:02}:{:02}.000000+00:00",
            s / 3600,
            s / 60 % 60,
            s % 60
        )
    }

    fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    fn ws_url(&self) -> String {
        format!("ws://127.0.0.1:{}/gateway", self.port)
    }

    fn user(&self, id: u64) -> Option<TestUser> {
        if id == BOT_ID {
            return Some(TestUser::the_bot());
        }
        self.users.get(&id).cloned()
    }

    fn dm_channel(&mut self, user_id: u64) -> u64 {
        if let Some(c) = self.dm_channels.get(&user_id) {
            return *c;
        }
        let c = self.snowflake();
        self.dm_channels.insert(user_id, c);
        c
    }

    fn dm_channel_json(&self, channel_id: u64) -> Option<Value> {
        let (user, _) = self.dm_channels.iter().find(|(_, c)| **c == channel_id)?;
        let recipient = self
            .user(*user)
            .unwrap_or_else(|| TestUser::new(*user, &format!("user{user}")));
        Some(json!({
            "id": channel_id.to_string(),
            "type": 1,
            "last_message_id": null,
            "recipients": [user_json(&recipient)],
        }))
    }

    /// The guild a channel belongs to (`None`: a DM or an unknown channel).
    fn guild_of(&self, channel_id: u64) -> Option<u64> {
        self.guild_channels
            .contains_key(&channel_id)
            .then(|| self.channel_guilds.get(&channel_id).copied().unwrap_or(GUILD_ID))
    }

    fn is_guild(&self, guild_id: u64) -> bool {
        guild_id == GUILD_ID || self.channel_guilds.values().any(|g| *g == guild_id)
    }

    fn guild_channel_json(&self, channel_id: u64) -> Option<Value> {
        let name = self.guild_channels.get(&channel_id)?;
        let guild_id = self.guild_of(channel_id)?;
        Some(json!({
            "id": channel_id.to_string(),
            "type": 0,
            "guild_id": guild_id.to_string(),
            "name": name,
            "position": 0,
            "permission_overwrites": [],
            "nsfw": false,
            "parent_id": null,
            "topic": null,
            "last_message_id": null,
            "rate_limit_per_user": 0,
            "flags": 0,
        }))
    }

    fn channel_exists(&self, channel_id: u64) -> bool {
        self.guild_channels.contains_key(&channel_id) || self.dm_channels.values().any(|c| *c == channel_id)
    }

    /// The newest open session, if it got READY (or RESUMED).
    fn live_ready_session(&self) -> Option<&Session> {
        let s = self.sessions.values().rev().find(|s| !s.closed)?;
        s.ready.then_some(s)
    }

    /// The newest open session of the shard that serves `guild`, if it got
    /// READY (or RESUMED).
    fn live_ready_session_for(&self, guild: Option<u64>) -> Option<&Session> {
        let s = self.sessions.values().rev().find(|s| !s.closed && s.serves(guild))?;
        s.ready.then_some(s)
    }

    fn live_ready_session_mut(&mut self) -> Option<&mut Session> {
        let s = self.sessions.values_mut().rev().find(|s| !s.closed)?;
        if s.ready {
            Some(s)
        } else {
            None
        }
    }

    fn mentions(&self, content: &str) -> Vec<Value> {
        let mut out: Vec<Value> = Vec::new();
        let mut seen = Vec::new();
        let mut rest = content;
        while let Some(pos) = rest.find("<@") {
            rest = &rest[pos + 2..];
            let r = rest.strip_prefix('!').unwrap_or(rest);
            let digits: String = r.chars().take_while(|c| c.is_ascii_digit()).collect();
            if !digits.is_empty() && r[digits.len()..].starts_with('>') {
                if let Ok(id) = digits.parse::<u64>() {
                    if !seen.contains(&id) {
                        if let Some(u) = self.user(id) {
                            seen.push(id);
                            out.push(user_json(&u));
                        }
                    }
                }
            }
        }
        out
    }

    fn store_file(&mut self, part: &FilePart, filename: Option<&str>, desc: Option<&Value>) -> Value {
        let id = self.snowflake();
        let filename = filename.unwrap_or(&part.filename).to_string();
        let url = format!("{}/attachments/{id}/{filename}", self.base());
        self.files.insert(
            id,
            StoredFile {
                filename: filename.clone(),
                content_type: part.content_type.clone(),
                data: part.data.clone(),
            },
        );
        let mut a = json!({
            "id": id.to_string(),
            "filename": filename,
            "size": part.data.len(),
            "url": url,
            "proxy_url": url,
            "content_type": part.content_type,
        });
        if let Some(d) = desc.filter(|d| !d.is_null()) {
            a["description"] = d.clone();
        }
        a
    }

    /// Attachments of a message after a create/edit. `spec` is the body's `attachments` key.
    fn build_attachments(&mut self, existing: &[Value], spec: Option<&Value>, files: &[FilePart]) -> Vec<Value> {
        let mut out = Vec::new();
        let mut used = vec![false; files.len()];
        match spec.and_then(Value::as_array) {
            Some(items) => {
                for item in items {
                    let Some(id) = as_u64(item.get("id")) else {
                        continue;
                    };
                    if let Some(i) = files.iter().position(|f| f.index == Some(id)) {
                        used[i] = true;
                        let a = self.store_file(&files[i], item["filename"].as_str(), item.get("description"));
                        out.push(a);
                    } else if let Some(a) = existing.iter().find(|a| as_u64(a.get("id")) == Some(id)) {
                        out.push(a.clone());
                    }
                }
            }
            None => out.extend(existing.iter().cloned()),
        }
        for (i, f) in files.iter().enumerate() {
            if !used[i] && f.name != "payload_json" {
                let a = self.store_file(f, None, None);
                out.push(a);
            }
        }
        out
    }

    fn create_message(
        &mut self,
        channel_id: u64,
        author: &TestUser,
        kind: u8,
        data: &Value,
        files: &[FilePart],
        origin: Origin,
    ) -> u64 {
        let id = self.snowflake();
        let webhook = origin == Origin::Interaction;
        let mut flags = as_u64(data.get("flags")).unwrap_or(0);
        if !webhook {
            flags &= !FLAG_EPHEMERAL;
        }
        let content = data["content"].as_str().unwrap_or("").to_string();
        let attachments = self.build_attachments(&[], data.get("attachments"), files);
        let embeds = rewrite_embeds(non_null_or(data.get("embeds"), json!([])), &attachments);
        let components = non_null_or(data.get("components"), json!([]));
        let timestamp = self.timestamp();
        let mut msg = json!({
            "id": id.to_string(),
            "channel_id": channel_id.to_string(),
            "author": user_json(author),
            "content": content,
            "timestamp": timestamp,
            "edited_timestamp": null,
            "tts": data["tts"].as_bool().unwrap_or(false),
            "mention_everyone": false,
            "mentions": self.mentions(&content),
            "mention_roles": [],
            "attachments": attachments,
            "embeds": embeds,
            "pinned": false,
            "type": kind,
            "flags": flags,
            "components": components,
        });
        if let Some(guild_id) = self.guild_of(channel_id) {
            msg["guild_id"] = json!(guild_id.to_string());
        }
        if webhook {
            msg["webhook_id"] = json!(BOT_ID.to_string());
            msg["application_id"] = json!(BOT_ID.to_string());
        }
        if let Some(r) = data.get("message_reference").filter(|r| !r.is_null()) {
            msg["message_reference"] = r.clone();
        }
        self.messages.insert(id, StoredMessage { json: msg, revision: 0 });
        id
    }

    /// PATCH semantics: replace only the keys present. Returns the edited message.
    fn edit_message(&mut self, id: u64, data: &Value, files: &[FilePart]) -> Option<Value> {
        let mut msg = self.messages.get(&id)?.json.clone();
        let old_flags = flags(&msg);
        let was_loading = old_flags & FLAG_LOADING != 0;
        if let Some(c) = data.get("content") {
            let c = c.as_str().unwrap_or("").to_string();
            msg["mentions"] = json!(self.mentions(&c));
            msg["content"] = json!(c);
        }
        if let Some(c) = data.get("components") {
            msg["components"] = non_null_or(Some(c), json!([]));
        }
        if data.get("attachments").is_some() || !files.is_empty() {
            let existing = msg["attachments"].as_array().cloned().unwrap_or_default();
            msg["attachments"] = json!(self.build_attachments(&existing, data.get("attachments"), files));
        }
        if let Some(e) = data.get("embeds") {
            let atts = msg["attachments"].as_array().cloned().unwrap_or_default();
            msg["embeds"] = rewrite_embeds(non_null_or(Some(e), json!([])), &atts);
        }
        let mut new_flags = match as_u64(data.get("flags")) {
            Some(f) => (old_flags & FLAG_EPHEMERAL) | (f & !(FLAG_EPHEMERAL | FLAG_LOADING)),
            None => old_flags,
        };
        new_flags &= !FLAG_LOADING;
        msg["flags"] = json!(new_flags);
        if !was_loading {
            msg["edited_timestamp"] = json!(self.timestamp());
        }
        let stored = self.messages.get_mut(&id)?;
        stored.json = msg.clone();
        stored.revision += 1;
        Some(msg)
    }

    fn mark_registered(&mut self) {
        if let Some(s) = self.live_ready_session_mut() {
            s.registered = true;
        }
    }

    fn command_json(&mut self, guild: Option<u64>, body: &Value) -> Value {
        let mut c = body.clone();
        if !c.is_object() {
            c = json!({});
        }
        let name = c["name"].as_str().unwrap_or("").to_string();
        let key = (guild, name);
        let id = match self.command_ids.get(&key) {
            Some(id) => *id,
            None => {
                let id = self.snowflake();
                self.command_ids.insert(key, id);
                id
            }
        };
        let version = self.snowflake();
        c["id"] = json!(id.to_string());
        c["application_id"] = json!(BOT_ID.to_string());
        c["version"] = json!(version.to_string());
        if c["type"].is_null() {
            c["type"] = json!(1);
        }
        if !c["description"].is_string() {
            c["description"] = json!("");
        }
        if let Some(g) = guild {
            c["guild_id"] = json!(g.to_string());
        }
        c
    }

    fn commands_mut(&mut self, guild: Option<u64>) -> &mut Vec<Value> {
        match guild {
            Some(g) => self.guild_commands.entry(g).or_default(),
            None => &mut self.global_commands,
        }
    }

    fn route(&mut self, method: &Method, segs: &[&str], query: &str, body: &Value, files: &[FilePart]) -> Reply {
        let m = method.as_str();
        if let ["channels", channel, ..] = segs {
            if let Some(&status) = channel.parse().ok().and_then(|c: u64| self.refusing_channels.get(&c)) {
                return match status {
                    404 => error(404, 10003, "Unknown Channel"),
                    _ => error(status, 50001, "Missing Access"),
                };
            }
        }
        if let Some(refused) = self.check_upload(segs, body, files) {
            return refused;
        }
        match (m, segs) {
            ("GET", ["gateway"]) => {
                self.gateway_url_requests += 1;
                Reply::Json(200, json!({ "url": self.ws_url() }))
            }
            ("GET", ["gateway", "bot"]) => Reply::Json(
                200,
                json!({
                    "url": self.ws_url(),
                    "shards": 1,
                    "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
                }),
            ),
            ("GET", ["users", "@me"]) => {
                let mut u = user_json(&TestUser::the_bot());
                u["verified"] = json!(true);
                u["mfa_enabled"] = json!(false);
                Reply::Json(200, u)
            }
            ("POST", ["users", "@me", "channels"]) => {
                let Some(uid) = as_u64(body.get("recipient_id")) else {
                    return error(400, 50035, "Invalid Form Body: recipient_id");
                };
                if self.user(uid).is_none() {
                    return error(404, 10013, "Unknown User");
                }
                let c = self.dm_channel(uid);
                Reply::Json(200, self.dm_channel_json(c).expect("dm channel"))
            }
            ("GET", ["users", uid]) => match uid.parse().ok().and_then(|id| self.user(id)) {
                Some(u) => Reply::Json(200, user_json(&u)),
                None => error(404, 10013, "Unknown User"),
            },
            ("GET", ["oauth2", "applications", "@me"]) => Reply::Json(
                200,
                json!({
                    "id": BOT_ID.to_string(),
                    "name": "TestBot",
                    "icon": null,
                    "description": "",
                    "bot_public": true,
                    "bot_require_code_grant": false,
                    "verify_key": "00",
                    "team": null,
                    "flags": 0,
                    "owner": user_json(&TestUser::new(300000000000000000, "owner")),
                }),
            ),
            (_, ["applications", app, rest @ ..]) => {
                if *app != BOT_ID.to_string() {
                    return error(404, 10002, "Unknown Application");
                }
                match rest {
                    ["commands"] => self.commands_route(m, None, None, body),
                    ["commands", cid] => self.commands_route(m, None, Some(cid), body),
                    ["guilds", gid, "commands"] => {
                        let g = gid.parse().unwrap_or(0);
                        if !self.is_guild(g) {
                            return error(404, 10004, "Unknown Guild");
                        }
                        self.commands_route(m, Some(g), None, body)
                    }
                    ["guilds", gid, "commands", cid] => {
                        let g = gid.parse().unwrap_or(0);
                        if !self.is_guild(g) {
                            return error(404, 10004, "Unknown Guild");
                        }
                        self.commands_route(m, Some(g), Some(cid), body)
                    }
                    _ => Reply::Unhandled,
                }
            }
            ("POST", ["interactions", iid, tok, "callback"]) => self.interaction_callback(iid, tok, body, files),
            (_, ["webhooks", app, tok, rest @ ..]) => {
                if *app != BOT_ID.to_string() {
                    return error(404, 10015, "Unknown Webhook");
                }
                let Some(ix) = self.tokens.get(*tok).and_then(|id| self.interactions.get(id)) else {
                    return error(404, 10015, "Unknown Webhook");
                };
                let ix = ix.clone();
                self.webhook_route(m, ix, rest, body, files)
            }
            (_, ["channels", cid, rest @ ..]) => {
                let Some(cid) = cid.parse::<u64>().ok().filter(|c| self.channel_exists(*c)) else {
                    return error(404, 10003, "Unknown Channel");
                };
                self.channel_route(m, cid, rest, query, body, files)
            }
            ("GET", ["guilds", gid, "members", uid]) => {
                let Some(g) = gid.parse().ok().filter(|g| self.is_guild(*g)) else {
                    return error(404, 10004, "Unknown Guild");
                };
                match uid.parse().ok().and_then(|id| self.user(id)) {
                    Some(u) => {
                        let mut mj = member_json(Some(&u));
                        mj["guild_id"] = json!(g.to_string());
                        Reply::Json(200, mj)
                    }
                    None => error(404, 10007, "Unknown Member"),
                }
            }
            _ => Reply::Unhandled,
        }
    }

    /// What Discord checks of a message with attachments before anything
    /// else: the permission to attach files in its channel (403/50013), and
    /// each attachment's description, at most 1024 characters (400/50035).
    fn check_upload(&self, segs: &[&str], body: &Value, files: &[FilePart]) -> Option<Reply> {
        let by_token = |tok: &str| self.tokens.get(tok).and_then(|id| self.interactions.get(id));
        let (channel, payload) = match segs {
            ["channels", cid, ..] => (cid.parse::<u64>().ok(), body),
            ["interactions", iid, _, "callback"] => (
                iid.parse::<u64>()
                    .ok()
                    .and_then(|id| self.interactions.get(&id))
                    .map(|ix| ix.channel_id),
                &body["data"],
            ),
            ["webhooks", _, tok, ..] => (by_token(tok).map(|ix| ix.channel_id), body),
            _ => return None,
        };
        if !files.is_empty() && channel.is_some_and(|c| self.no_attach_files.contains(&c)) {
            return Some(error(403, 50013, "Missing Permissions"));
        }
        let described = payload["attachments"].as_array().into_iter().flatten();
        for attachment in described {
            if attachment["description"]
                .as_str()
                .is_some_and(|d| d.chars().count() > 1024)
            {
                return Some(error(
                    400,
                    50035,
                    "Invalid Form Body (attachments.description: Must be 1024 or fewer in length.)",
                ));
            }
        }
        None
    }

    fn commands_route(&mut self, m: &str, guild: Option<u64>, cid: Option<&str>, body: &Value) -> Reply {
        match (m, cid) {
            ("GET", None) => Reply::Json(200, json!(self.commands_mut(guild).clone())),
            ("PUT", None) => {
                let Some(arr) = body.as_array() else {
                    return error(400, 50035, "Invalid Form Body: expected an array of commands");
                };
                let cmds: Vec<Value> = arr.iter().map(|c| self.command_json(guild, c)).collect();
                *self.commands_mut(guild) = cmds.clone();
                self.mark_registered();
                Reply::Json(200, json!(cmds))
            }
            ("POST", None) => {
                let c = self.command_json(guild, body);
                let list = self.commands_mut(guild);
                list.retain(|x| x["name"] != c["name"]);
                list.push(c.clone());
                self.mark_registered();
                Reply::Json(201, c)
            }
            (_, Some(cid)) => {
                let list = self.commands_mut(guild);
                let Some(pos) = list.iter().position(|c| c["id"].as_str() == Some(cid)) else {
                    return error(404, 10063, "Unknown application command");
                };
                match m {
                    "GET" => Reply::Json(200, list[pos].clone()),
                    "DELETE" => {
                        list.remove(pos);
                        Reply::NoContent
                    }
                    "PATCH" => {
                        if let Some(obj) = body.as_object() {
                            for (k, v) in obj {
                                list[pos][k] = v.clone();
                            }
                        }
                        Reply::Json(200, list[pos].clone())
                    }
                    _ => Reply::Unhandled,
                }
            }
            _ => Reply::Unhandled,
        }
    }

    fn interaction_callback(&mut self, iid: &str, tok: &str, body: &Value, files: &[FilePart]) -> Reply {
        let Some(mut ix) = iid
            .parse::<u64>()
            .ok()
            .and_then(|id| self.interactions.get(&id))
            .filter(|s| s.token == tok)
            .cloned()
        else {
            return error(404, 10062, "Unknown interaction");
        };
        if ix.callback.is_some() {
            return error(400, 40060, "Interaction has already been acknowledged.");
        }
        let Some(kind) = body["type"].as_u64() else {
            return error(400, 50035, "Invalid Form Body: type");
        };
        let data = non_null_or(body.get("data"), json!({}));
        let bot = TestUser::the_bot();
        match kind {
            4 => {
                let mtype = if ix.kind == 2 { 20 } else { 19 };
                let mid = self.create_message(ix.channel_id, &bot, mtype, &data, files, Origin::Interaction);
                ix.original = Some(mid);
            }
            5 => {
                let mtype = if ix.kind == 2 { 20 } else { 19 };
                let f = as_u64(data.get("flags")).unwrap_or(0) & FLAG_EPHEMERAL;
                let placeholder = json!({"content": "", "flags": f | FLAG_LOADING});
                let mid = self.create_message(ix.channel_id, &bot, mtype, &placeholder, &[], Origin::Interaction);
                ix.original = Some(mid);
            }
            6 | 7 => {
                if ix.kind != 3 {
                    return error(
                        400,
                        50035,
                        "Invalid Form Body: callback types 6 and 7 are only valid for component interactions",
                    );
                }
                let Some(mid) = ix.message_id.filter(|m| self.messages.contains_key(m)) else {
                    return error(404, 10008, "Unknown Message");
                };
                if kind == 7 {
                    self.edit_message(mid, &data, files);
                } else {
                    ix.base_revision = self.messages[&mid].revision;
                }
                ix.original = Some(mid);
            }
            8 | 9 => {}
            _ => {
                return error(
                    400,
                    50035,
                    &format!("Invalid Form Body: unsupported callback type {kind}"),
                )
            }
        }
        ix.callback = Some(kind as u8);
        ix.callback_body = body.clone();
        self.interactions.insert(ix.id, ix);
        Reply::NoContent
    }

    fn webhook_route(&mut self, m: &str, mut ix: IxState, rest: &[&str], body: &Value, files: &[FilePart]) -> Reply {
        match (m, rest) {
            ("POST", []) => {
                if ix.callback.is_none() {
                    return error(
                        400,
                        10015,
                        "Unknown Webhook: the interaction has not been acknowledged yet (followup before callback)",
                    );
                }
                // Real Discord: the first followup after a deferred (type 5) response replaces
                // the "thinking" placeholder; it keeps the defer's ephemerality.
                if let Some(orig) = ix.original.filter(|o| {
                    ix.callback == Some(5)
                        && self
                            .messages
                            .get(o)
                            .is_some_and(|mm| flags(&mm.json) & FLAG_LOADING != 0)
                }) {
                    let msg = self.edit_message(orig, body, files).expect("placeholder exists");
                    ix.followups.push(orig);
                    self.interactions.insert(ix.id, ix);
                    return Reply::Json(200, msg);
                }
                let bot = TestUser::the_bot();
                let mid = self.create_message(ix.channel_id, &bot, 0, body, files, Origin::Interaction);
                ix.followups.push(mid);
                self.interactions.insert(ix.id, ix);
                Reply::Json(200, self.messages[&mid].json.clone())
            }
            (_, ["messages", mid]) => {
                let target = if *mid == "@original" {
                    ix.original
                } else {
                    mid.parse::<u64>()
                        .ok()
                        .filter(|id| ix.original == Some(*id) || ix.followups.contains(id))
                };
                let Some(target) = target.filter(|t| self.messages.contains_key(t)) else {
                    return error(404, 10008, "Unknown Message");
                };
                match m {
                    "GET" => Reply::Json(200, self.messages[&target].json.clone()),
                    "PATCH" => match self.edit_message(target, body, files) {
                        Some(msg) => Reply::Json(200, msg),
                        None => error(404, 10008, "Unknown Message"),
                    },
                    "DELETE" => {
                        self.messages.remove(&target);
                        Reply::NoContent
                    }
                    _ => Reply::Unhandled,
                }
            }
            _ => Reply::Unhandled,
        }
    }

    fn channel_route(
        &mut self,
        m: &str,
        cid: u64,
        rest: &[&str],
        query: &str,
        body: &Value,
        files: &[FilePart],
    ) -> Reply {
        match (m, rest) {
            ("GET", []) => {
                let c = self
                    .guild_channel_json(cid)
                    .or_else(|| self.dm_channel_json(cid))
                    .expect("channel exists");
                Reply::Json(200, c)
            }
            ("POST", ["typing"]) => Reply::NoContent,
            ("POST", ["messages"]) => {
                let nonce = body["nonce"]
                    .as_str()
                    .map(str::to_string)
                    .or_else(|| body["nonce"].as_u64().map(|n| n.to_string()));
                if body["enforce_nonce"].as_bool() == Some(true) {
                    let Some(nonce) = nonce.clone() else {
                        return error(400, 50035, "Invalid Form Body (enforce_nonce without nonce)");
                    };
                    if nonce.len() > 25 {
                        return error(400, 50035, "Invalid Form Body (nonce longer than 25)");
                    }
                    let window = self.nonce_window;
                    if let Some(existing) = self
                        .nonces
                        .get(&(cid, nonce))
                        .filter(|(_, at)| window.is_none_or(|window| at.elapsed() < window))
                        .and_then(|(id, _)| self.messages.get(id))
                    {
                        return Reply::Json(200, existing.json.clone());
                    }
                }
                let has_ref = body.get("message_reference").is_some_and(|r| !r.is_null());
                let kind = if has_ref { 19 } else { 0 };
                let bot = TestUser::the_bot();
                let mid = self.create_message(cid, &bot, kind, body, files, Origin::Channel);
                if let (Some(nonce), Some(true)) = (nonce, body["enforce_nonce"].as_bool()) {
                    self.nonces.insert((cid, nonce), (mid, Instant::now()));
                }
                Reply::Json(200, self.messages[&mid].json.clone())
            }
            ("GET", ["messages"]) => {
                let limit = match query_param(query, "limit").map(|l| l.parse::<usize>()) {
                    None => 50,
                    Some(Ok(limit)) if (1..=100).contains(&limit) => limit,
                    Some(_) => return error(400, 50035, "Invalid Form Body (limit must be 1 to 100)"),
                };
                let before = query_param(query, "before").and_then(|l| l.parse::<u64>().ok());
                let after = query_param(query, "after").and_then(|l| l.parse::<u64>().ok());
                let list: Vec<Value> = self
                    .messages
                    .iter()
                    .rev()
                    .filter(|(id, mm)| {
                        msg_channel(&mm.json) == cid
                            && !is_ephemeral(&mm.json)
                            && before.is_none_or(|b| **id < b)
                            && after.is_none_or(|a| **id > a)
                    })
                    .take(limit)
                    .map(|(_, mm)| mm.json.clone())
                    .collect();
                Reply::Json(200, json!(list))
            }
            (_, ["messages", mid]) => {
                let Some(mid) = mid.parse::<u64>().ok().filter(|id| {
                    self.messages
                        .get(id)
                        .is_some_and(|mm| msg_channel(&mm.json) == cid && !is_ephemeral(&mm.json))
                }) else {
                    return error(404, 10008, "Unknown Message");
                };
                match m {
                    "GET" => Reply::Json(200, self.messages[&mid].json.clone()),
                    "PATCH" => {
                        if snowflake(&self.messages[&mid].json["author"]["id"]) != Some(BOT_ID) {
                            return error(403, 50005, "Cannot edit a message authored by another user");
                        }
                        match self.edit_message(mid, body, files) {
                            Some(msg) => Reply::Json(200, msg),
                            None => error(404, 10008, "Unknown Message"),
                        }
                    }
                    "DELETE" => {
                        self.messages.remove(&mid);
                        Reply::NoContent
                    }
                    _ => Reply::Unhandled,
                }
            }
            _ => Reply::Unhandled,
        }
    }

    fn dump(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "==== fake discord state (api base {}) ====", self.base());
        let _ = writeln!(
            out,
            "gateway: GET /gateway x{}, heartbeats {}, sessions:",
            self.gateway_url_requests, self.heartbeats
        );
        for (id, s) in &self.sessions {
            let _ = writeln!(
                out,
                "  session {id} ({}) epoch {} ready={} registered={} closed={}",
                s.session_id, s.epoch, s.ready, s.registered, s.closed
            );
        }
        for line in self.gateway_log.iter().rev().take(15).rev() {
            let _ = writeln!(out, "  {line}");
        }
        let names = |l: &Vec<Value>| -> Vec<String> {
            l.iter()
                .map(|c| c["name"].as_str().unwrap_or("?").to_string())
                .collect()
        };
        let _ = writeln!(out, "global commands: {:?}", names(&self.global_commands));
        for (g, l) in &self.guild_commands {
            let _ = writeln!(out, "guild {g} commands: {:?}", names(l));
        }
        let _ = writeln!(out, "interactions:");
        for s in self.interactions.values().rev().take(20).rev() {
            let _ = writeln!(
                out,
                "  {} kind={} `{}` by {} callback={:?} original={:?} followups={:?}",
                s.id, s.kind, s.label, s.user_id, s.callback, s.original, s.followups
            );
        }
        let _ = writeln!(out, "messages (newest last):");
        for m in self.messages.values().rev().take(20).rev() {
            let _ = writeln!(out, "  {}", truncate(&m.json.to_string(), 600));
        }
        let _ = writeln!(out, "last requests:");
        for r in self.log.iter().rev().take(30).rev() {
            let _ = writeln!(
                out,
                "  {} {}{}{} -> {}{} body={} resp={}",
                r.method,
                r.path,
                if r.query.is_empty() { "" } else { "?" },
                r.query,
                r.status,
                if r.unhandled { " (UNHANDLED ROUTE)" } else { "" },
                truncate(&r.body.to_string(), 400),
                truncate(&r.response.to_string(), 200),
            );
        }
        out
    }
}

fn truncate(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &s[..end])
}

fn non_null_or(v: Option<&Value>, default: Value) -> Value {
    match v {
        Some(v) if !v.is_null() => v.clone(),
        _ => default,
    }
}

/// `attachment://name` URLs in embeds point to the uploaded attachment, as on Discord.
fn rewrite_embeds(mut embeds: Value, attachments: &[Value]) -> Value {
    if let Some(arr) = embeds.as_array_mut() {
        for e in arr {
            for key in ["image", "thumbnail"] {
                let Some(url) = e[key]["url"].as_str() else {
                    continue;
                };
                let Some(name) = url.strip_prefix("attachment://") else {
                    continue;
                };
                if let Some(a) = attachments.iter().find(|a| a["filename"].as_str() == Some(name)) {
                    e[key]["url"] = a["url"].clone();
                    e[key]["proxy_url"] = a["url"].clone();
                }
            }
        }
    }
    embeds
}

/// Accepts serenity's `&a=b&c=d` as well as `a=b&c=d`.
fn query_param(query: &str, key: &str) -> Option<String> {
    query.split('&').filter(|p| !p.is_empty()).find_map(|p| {
        let (k, v) = p.split_once('=').unwrap_or((p, ""));
        (k == key).then(|| v.to_string())
    })
}

fn find_bytes(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || hay.len() < needle.len() {
        return None;
    }
    (from..=hay.len() - needle.len()).find(|&i| &hay[i..i + needle.len()] == needle)
}

fn header_param(line: &str, key: &str) -> Option<String> {
    let pat = format!("{key}=\"");
    let start = line.find(&pat)? + pat.len();
    let end = line[start..].find('"')? + start;
    Some(line[start..end].to_string())
}

fn parse_multipart(content_type: &str, body: &[u8]) -> (Value, Vec<FilePart>) {
    let Some(boundary) = content_type
        .split(';')
        .map(str::trim)
        .find_map(|p| p.strip_prefix("boundary="))
        .map(|b| b.trim_matches('"').to_string())
    else {
        return (Value::Null, Vec::new());
    };
    let delim = format!("--{boundary}").into_bytes();
    let mut payload = Value::Null;
    let mut files = Vec::new();
    let mut pos = match find_bytes(body, &delim, 0) {
        Some(p) => p + delim.len(),
        None => return (Value::Null, files),
    };
    while let Some(next) = find_bytes(body, &delim, pos) {
        let mut part = &body[pos..next];
        part = part.strip_prefix(b"\r\n").unwrap_or(part);
        part = part.strip_suffix(b"\r\n").unwrap_or(part);
        pos = next + delim.len();
        let Some(split) = find_bytes(part, b"\r\n\r\n", 0) else {
            continue;
        };
        let headers = String::from_utf8_lossy(&part[..split]).to_string();
        let data = part[split + 4..].to_vec();
        let mut name = String::new();
        let mut filename = None;
        let mut ctype = None;
        for line in headers.lines() {
            let lower = line.to_ascii_lowercase();
            if lower.starts_with("content-disposition:") {
                name = header_param(line, "name").unwrap_or_default();
                filename = header_param(line, "filename");
            } else if lower.starts_with("content-type:") {
                ctype = Some(line["content-type:".len()..].trim().to_string());
            }
        }
        if name == "payload_json" {
            payload = serde_json::from_slice(&data)
                .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&data).to_string()));
        } else {
            let index = name
                .strip_prefix("files[")
                .and_then(|r| r.strip_suffix(']'))
                .and_then(|n| n.parse().ok());
            files.push(FilePart {
                index,
                filename: filename.unwrap_or_else(|| name.clone()),
                name,
                content_type: ctype,
                data,
            });
        }
        if body[pos..].starts_with(b"--") {
            break;
        }
    }
    (payload, files)
}

fn parse_body(content_type: Option<&str>, body: &[u8]) -> (Value, Vec<FilePart>) {
    if let Some(ct) = content_type.filter(|c| c.starts_with("multipart/form-data")) {
        return parse_multipart(ct, body);
    }
    if body.is_empty() {
        return (Value::Null, Vec::new());
    }
    let v = serde_json::from_slice(body).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(body).to_string()));
    (v, Vec::new())
}

// ------------------------------------------------------------------------------------------
// HTTP + websocket server
// ------------------------------------------------------------------------------------------

async fn rest_handler(
    AxState(shared): AxState<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path().to_string();
    let query = uri.query().unwrap_or("").to_string();

    if let Some(rest) = path.strip_prefix("/attachments/") {
        let id = rest.split('/').next().and_then(|s| s.parse::<u64>().ok());
        let st = shared.lock();
        return match id.and_then(|id| st.files.get(&id)) {
            Some(f) => {
                let ct = f
                    .content_type
                    .clone()
                    .unwrap_or_else(|| "application/octet-stream".to_string());
                ([(header::CONTENT_TYPE, ct)], f.data.clone()).into_response()
            }
            None => StatusCode::NOT_FOUND.into_response(),
        };
    }

    let ct = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let (body_json, files) = parse_body(ct.as_deref(), &body);
    let auth_ok =
        headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()) == Some(format!("Bot {TOKEN}").as_str());

    let stall = {
        let mut st = shared.lock();
        let body_text = body_json.to_string();
        let found = st.stalls.iter().position(|s| {
            s.method == method.as_str()
                && path.starts_with("/api/v10/")
                && path.contains(&s.path_contains)
                && s.body_contains.as_ref().is_none_or(|b| body_text.contains(b.as_str()))
        });
        found.map(|i| {
            st.stalls_hit += 1;
            st.stalls.remove(i)
        })
    };
    if let Some(status) = stall.as_ref().and_then(|s| s.fail_with) {
        shared.notify.notify_waiters();
        eprintln!("fake discord: failing {method} {path} with {status}");
        let code = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let body = json!({"message": "failed by the test", "code": 0}).to_string();
        return (code, [(header::CONTENT_TYPE, "application/json")], body).into_response();
    }
    if let Some(stall) = &stall {
        shared.notify.notify_waiters();
        if !stall.after_effect {
            eprintln!("fake discord: holding {method} {path} before it takes effect");
            std::future::pending::<()>().await;
        }
    }
    let reply = {
        let mut st = shared.lock();
        let reply = match path.strip_prefix("/api/v10/") {
            Some(api) if !auth_ok && api != "gateway" => error(401, 0, "401: Unauthorized"),
            Some(api) => {
                let segs: Vec<&str> = api.split('/').filter(|s| !s.is_empty()).collect();
                st.route(&method, &segs, &query, &body_json, &files)
            }
            None => Reply::Unhandled,
        };
        let mut logged_body = body_json.clone();
        if !files.is_empty() {
            let list: Vec<Value> = files
                .iter()
                .map(|f| {
                    json!({"name": f.name, "filename": f.filename, "size": f.data.len(), "content_type": f.content_type})
                })
                .collect();
            if logged_body.is_object() {
                logged_body["_files"] = json!(list);
            } else {
                logged_body = json!({"payload_json": logged_body, "_files": list});
            }
        }
        let (status, response, unhandled) = match &reply {
            Reply::Json(s, v) => (*s, v.clone(), false),
            Reply::NoContent => (204, Value::Null, false),
            Reply::Unhandled => (404, json!({"message": "404: Not Found", "code": 0}), true),
        };
        if unhandled {
            eprintln!("fake discord: UNHANDLED {method} {path}?{query} body={logged_body}");
        }
        if let Some(observer) = &st.observer {
            let _ = observer.send(Answered {
                at: std::time::Instant::now(),
                method: method.clone(),
                path: path.clone(),
                body: logged_body.clone(),
                status,
                response: response.clone(),
            });
        }
        if st.keep_log || unhandled {
            st.log.push(LoggedRequest {
                method: method.to_string(),
                path: path.clone(),
                query: query.clone(),
                body: logged_body,
                status,
                response: response.clone(),
                unhandled,
            });
        }
        (status, response)
    };
    shared.notify.notify_waiters();
    if stall.is_some() {
        eprintln!("fake discord: holding the answer to {method} {path}");
        std::future::pending::<()>().await;
    }
    let (status, response) = reply;
    if status == 204 {
        return StatusCode::NO_CONTENT.into_response();
    }
    let code = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (code, [(header::CONTENT_TYPE, "application/json")], response.to_string()).into_response()
}

async fn gateway_handler(AxState(shared): AxState<Arc<Shared>>, ws: WebSocketUpgrade) -> Response {
    ws.on_upgrade(move |socket| run_session(shared, socket))
}

async fn send_json(socket: &mut WebSocket, v: &Value) -> bool {
    socket.send(WsMessage::Text(v.to_string().into())).await.is_ok()
}

async fn run_session(shared: Arc<Shared>, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel::<(String, Value)>();
    let mut shutdown = shared.shutdown.clone();
    let (sid, heartbeat_interval) = {
        let mut st = shared.lock();
        let sid = st.sessions.keys().next_back().copied().unwrap_or(0) + 1;
        let epoch = st.gateway_url_requests;
        st.sessions.insert(
            sid,
            Session {
                session_id: format!("fake-session-{sid}-{}", random_suffix(sid)),
                tx: Some(tx),
                ready: false,
                registered: false,
                epoch,
                closed: false,
                shard: None,
            },
        );
        st.gateway_log.push(format!("session {sid}: connected"));
        (sid, st.heartbeat_interval)
    };
    shared.notify.notify_waiters();

    let mut seq: u64 = 0;
    let mut alive = send_json(
        &mut socket,
        &json!({"op": 10, "s": null, "t": null, "d": {"heartbeat_interval": heartbeat_interval}}),
    )
    .await;

    while alive {
        tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(WsMessage::Text(t))) => t.to_string(),
                    Some(Ok(WsMessage::Binary(b))) => String::from_utf8_lossy(&b).to_string(),
                    Some(Ok(WsMessage::Ping(_) | WsMessage::Pong(_))) => continue,
                    Some(Ok(WsMessage::Close(frame))) => {
                        shared.lock().gateway_log.push(format!("session {sid}: client closed ({frame:?})"));
                        break;
                    }
                    Some(Err(e)) => {
                        shared.lock().gateway_log.push(format!("session {sid}: socket error {e}"));
                        break;
                    }
                    None => break,
                };
                let frame: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                let op = frame["op"].as_u64().unwrap_or(u64::MAX);
                shared.lock().gateway_log.push(format!("session {sid}: <- op {op}"));
                match op {
                    1 => {
                        shared.lock().heartbeats += 1;
                        alive = send_json(&mut socket, &json!({"op": 11, "s": null, "t": null, "d": null})).await;
                        shared.notify.notify_waiters();
                    }
                    2 => {
                        let token = frame["d"]["token"].as_str().unwrap_or("");
                        let token = token.strip_prefix("Bot ").unwrap_or(token).trim();
                        if token != TOKEN {
                            shared.lock().gateway_log.push(format!("session {sid}: bad token in IDENTIFY, closing 4004"));
                            let _ = socket
                                .send(WsMessage::Close(Some(CloseFrame { code: 4004, reason: "Authentication failed.".into() })))
                                .await;
                            break;
                        }
                        {
                            let mut st = shared.lock();
                            st.identifies.push(frame["d"].clone());
                            let shard = &frame["d"]["shard"];
                            if let (Some(shard), Some(total)) = (shard[0].as_u64(), shard[1].as_u64()) {
                                if let Some(s) = st.sessions.get_mut(&sid) {
                                    s.shard = Some((shard, total));
                                }
                            }
                        }
                        shared.notify.notify_waiters();
                        let mut gate = shared.ready_gate.subscribe();
                        if !*gate.borrow() {
                            shared.lock().gateway_log.push(format!("session {sid}: READY held back"));
                            tokio::select! {
                                _ = gate.wait_for(|open| *open) => {}
                                _ = shutdown.changed() => break,
                            }
                        }
                        let (session_id, url) = {
                            let st = shared.lock();
                            (st.sessions[&sid].session_id.clone(), st.ws_url())
                        };
                        seq += 1;
                        let shard = non_null_or(frame["d"].get("shard"), json!([0, 1]));
                        let ready = json!({"op": 0, "t": "READY", "s": seq, "d": {
                            "v": 10,
                            "user": {"id": BOT_ID.to_string(), "username": "TestBot", "discriminator": "0",
                                     "global_name": null, "avatar": null, "bot": true,
                                     "verified": true, "mfa_enabled": false, "flags": 0},
                            "guilds": [{"id": GUILD_ID.to_string(), "unavailable": true}],
                            "session_id": session_id,
                            "resume_gateway_url": url,
                            "shard": shard,
                            "application": {"id": BOT_ID.to_string(), "flags": 0},
                        }});
                        // Mark the session ready *before* sending: the bot may answer READY
                        // (command registration) before this task runs again. Injected events
                        // queue up in `rx` behind READY, so they cannot overtake it.
                        {
                            let mut st = shared.lock();
                            if let Some(s) = st.sessions.get_mut(&sid) {
                                s.ready = true;
                            }
                            st.gateway_log.push(format!("session {sid}: -> READY (s={seq})"));
                        }
                        alive = send_json(&mut socket, &ready).await;
                        shared.notify.notify_waiters();
                    }
                    6 => {
                        let resumed_id = frame["d"]["session_id"].as_str().unwrap_or("").to_string();
                        seq += 1;
                        {
                            let mut st = shared.lock();
                            let registered = st.sessions.values().any(|s| s.session_id == resumed_id && s.registered);
                            if let Some(s) = st.sessions.get_mut(&sid) {
                                s.ready = true;
                                s.registered = registered;
                                s.session_id = resumed_id;
                            }
                            st.gateway_log.push(format!("session {sid}: -> RESUMED (s={seq})"));
                        }
                        alive = send_json(&mut socket, &json!({"op": 0, "t": "RESUMED", "s": seq, "d": {}})).await;
                        shared.notify.notify_waiters();
                    }
                    _ => {}
                }
            }
            Some((t, d)) = rx.recv() => {
                seq += 1;
                shared.lock().gateway_log.push(format!("session {sid}: -> {t} (s={seq})"));
                alive = send_json(&mut socket, &json!({"op": 0, "t": t, "s": seq, "d": d})).await;
            }
            _ = shutdown.changed() => {
                let _ = socket.send(WsMessage::Close(None)).await;
                break;
            }
        }
    }

    {
        let mut st = shared.lock();
        if let Some(s) = st.sessions.get_mut(&sid) {
            s.closed = true;
            s.tx = None;
        }
        st.gateway_log.push(format!("session {sid}: closed"));
    }
    shared.notify.notify_waiters();
}

/// Refuses to start behind an HTTP proxy that would also carry the bot's
/// requests to 127.0.0.1: `.cargo/config.toml` sets `NO_PROXY` for every
/// `cargo test`, unless the environment already sets its own. (Setting it
/// here would race with threads reading the environment: `set_var` is
/// unsafe since edition 2024, and the crate forbids unsafe code.)
fn check_no_proxy() {
    let set = |key: &str| std::env::var(key).ok().filter(|value| !value.is_empty());
    let proxied = [
        "HTTP_PROXY",
        "http_proxy",
        "HTTPS_PROXY",
        "https_proxy",
        "ALL_PROXY",
        "all_proxy",
    ]
    .into_iter()
    .any(|key| set(key).is_some());
    let bypassed = ["NO_PROXY", "no_proxy"]
        .into_iter()
        .any(|key| set(key).is_some_and(|hosts| hosts.contains("127.0.0.1")));
    assert!(
        !proxied || bypassed,
        "an HTTP proxy is set: add 127.0.0.1,localhost to NO_PROXY so that the bot reaches the fake Discord"
    );
}

// ------------------------------------------------------------------------------------------
// The public API
// ------------------------------------------------------------------------------------------

enum Place {
    Guild(u64),
    Dm,
}

impl FakeDiscord {
    /// Starts the fake on `127.0.0.1:0` (HELLO announces a 41250 ms heartbeat interval).
    pub async fn start() -> FakeDiscord {
        Self::start_with_heartbeat(DEFAULT_HEARTBEAT_MS).await
    }

    /// Starts the fake with a custom heartbeat interval (e.g. 1000 ms to exercise heartbeats).
    pub async fn start_with_heartbeat(heartbeat_interval_ms: u64) -> FakeDiscord {
        check_no_proxy();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("fake discord: bind 127.0.0.1:0");
        let port = listener.local_addr().expect("local addr").port();
        let (shutdown_tx, shutdown_rx) = watch::channel(false);
        let mut guild_channels = BTreeMap::new();
        guild_channels.insert(CHANNEL_ID, "general".to_string());
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                port,
                next_id: FIRST_SNOWFLAKE,
                clock: 0,
                heartbeat_interval: heartbeat_interval_ms,
                log: Vec::new(),
                users: BTreeMap::new(),
                dm_channels: BTreeMap::new(),
                guild_channels,
                channel_guilds: BTreeMap::new(),
                user_locales: HashMap::new(),
                guild_locale: "en-US".to_string(),
                member_permissions: HashMap::new(),
                member_roles: HashMap::new(),
                global_commands: Vec::new(),
                guild_commands: BTreeMap::new(),
                command_ids: HashMap::new(),
                messages: BTreeMap::new(),
                files: HashMap::new(),
                interactions: BTreeMap::new(),
                tokens: HashMap::new(),
                sessions: BTreeMap::new(),
                gateway_url_requests: 0,
                heartbeats: 0,
                identifies: Vec::new(),
                gateway_log: Vec::new(),
                nonces: HashMap::new(),
                nonce_window: None,
                stalls: Vec::new(),
                stalls_hit: 0,
                refusing_channels: HashMap::new(),
                no_attach_files: Default::default(),
                observer: None,
                keep_log: true,
            }),
            notify: Notify::new(),
            port,
            shutdown: shutdown_rx,
            ready_gate: watch::channel(true).0,
        });
        let app = Router::new()
            .route("/gateway", get(gateway_handler))
            .fallback(rest_handler)
            .with_state(shared.clone());
        // Without TCP_NODELAY, a gateway event sent while the previous one is
        // unacknowledged waits for the bot's delayed ACK (tens of ms).
        let listener = axum::serve::ListenerExt::tap_io(listener, |stream: &mut tokio::net::TcpStream| {
            let _ = stream.set_nodelay(true);
        });
        let server = tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                eprintln!("fake discord: server stopped: {e}");
            }
        });
        FakeDiscord {
            shared,
            _guard: Arc::new(ServerGuard {
                server,
                shutdown: shutdown_tx,
            }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.shared.lock()
    }

    /// Makes every request about channel `channel_id` (posts, edits, reads)
    /// fail with `status` from now on, as Discord answers for a channel the
    /// bot may no longer see (403) or that was deleted (404); `None` makes
    /// it answer again. The requests are logged.
    pub fn refuse_channel(&self, channel_id: u64, status: Option<u16>) {
        let mut st = self.lock();
        match status {
            Some(status) => st.refusing_channels.insert(channel_id, status),
            None => st.refusing_channels.remove(&channel_id),
        };
    }

    /// Takes *Attach Files* from the bot in `channel_id` (`false`) or gives
    /// it back: interactions from there say so in `app_permissions`, and a
    /// message with files there is refused as Discord refuses it (403, code
    /// 50013, Missing Permissions), with nothing posted or changed.
    pub fn set_attach_files(&self, channel_id: u64, allowed: bool) {
        let mut st = self.lock();
        if allowed {
            st.no_attach_files.remove(&channel_id);
        } else {
            st.no_attach_files.insert(channel_id);
        }
    }

    /// Holds the next request that matches `stall` forever (see [`Stall`]).
    pub fn stall(&self, stall: Stall) {
        self.lock().stalls.push(stall);
    }

    /// Enforces channel messages' nonces for `window` only, as Discord does
    /// for a few minutes (by default the fake enforces them forever).
    pub fn set_nonce_window(&self, window: Duration) {
        self.lock().nonce_window = Some(window);
    }

    /// `http://127.0.0.1:PORT`: give this to `HttpBuilder::proxy`.
    pub fn api_base(&self) -> String {
        format!("http://127.0.0.1:{}", self.shared.port)
    }

    /// `ws://127.0.0.1:PORT/gateway` (what `GET /api/v10/gateway` returns).
    pub fn gateway_url(&self) -> String {
        format!("ws://127.0.0.1:{}/gateway", self.shared.port)
    }

    pub fn port(&self) -> u16 {
        self.shared.port
    }

    /// A human-readable dump of the recent state (sessions, commands, interactions, messages,
    /// requests).
    pub fn dump(&self) -> String {
        self.lock().dump()
    }

    /// Waits until `check` returns `Some`, re-checking on every state change; panics with a
    /// dump after [`WAIT_TIMEOUT`].
    pub async fn wait_for<T>(&self, what: &str, check: impl Fn(&FakeView<'_>) -> Option<T>) -> T {
        self.wait_state(what, |st| check(&FakeView { st })).await
    }

    async fn wait_state<T>(&self, what: &str, check: impl Fn(&State) -> Option<T>) -> T {
        let deadline = Instant::now() + WAIT_TIMEOUT;
        loop {
            let notified = self.shared.notify.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            let found = {
                let st = self.lock();
                check(&st)
            };
            if let Some(v) = found {
                return v;
            }
            let now = Instant::now();
            if now >= deadline {
                panic!(
                    "fake discord: timed out after {:?} waiting for {what}\n{}",
                    WAIT_TIMEOUT,
                    self.dump()
                );
            }
            let step = (deadline - now).min(Duration::from_millis(200));
            let _ = tokio::time::timeout(step, notified).await;
        }
    }

    /// Waits until `pred` holds over the fake's state; panics with a dump after 10 s.
    pub async fn wait_until<F: Fn(&FakeView<'_>) -> bool>(&self, what: &str, pred: F) {
        self.wait_for(what, |v| pred(v).then_some(())).await
    }

    /// Waits until the newest gateway session (opened after the latest `GET /gateway`, i.e. by
    /// the most recently built client) got READY and the bot registered commands (PUT/POST,
    /// global or guild) on it. Call it again after restarting the bot with a new client.
    pub async fn wait_ready(&self) {
        self.wait_state(
            "the bot to connect (READY) and register its commands on the newest gateway session",
            |st| {
                let s = st.live_ready_session()?;
                (st.gateway_url_requests > 0 && s.epoch == st.gateway_url_requests && s.registered).then_some(())
            },
        )
        .await
    }

    /// Answers the next IDENTIFYs with READY only once [`FakeDiscord::release_ready`] is
    /// called: the bot stays connected to the socket but not ready, as while Discord is slow.
    pub fn hold_ready(&self) {
        self.shared.ready_gate.send_replace(false);
    }

    /// Sends the READY held back by [`FakeDiscord::hold_ready`], and every later one at once.
    pub fn release_ready(&self) {
        self.shared.ready_gate.send_replace(true);
    }

    /// Waits until a bot sent IDENTIFY (whether or not READY was answered).
    pub async fn wait_identified(&self) {
        self.wait_state("the bot to send IDENTIFY", |st| {
            (!st.identifies.is_empty()).then_some(())
        })
        .await
    }

    /// Waits until no gateway session is connected (e.g. after `shard_manager.shutdown_all()`).
    pub async fn wait_disconnected(&self) {
        self.wait_state("all gateway sessions to close", |st| {
            st.sessions.values().all(|s| s.closed).then_some(())
        })
        .await
    }

    /// The latest registered commands (global first, then guild ones), as the fake stores them
    /// (with `id`, `application_id`, `version`, `type`, and `guild_id` for guild commands).
    pub fn registered_commands(&self) -> Vec<Value> {
        let st = self.lock();
        let mut out = st.global_commands.clone();
        for l in st.guild_commands.values() {
            out.extend(l.iter().cloned());
        }
        out
    }

    /// Every REST call answered from now on, as it is answered.
    pub fn observe(&self) -> mpsc::UnboundedReceiver<Answered> {
        let (tx, rx) = mpsc::unbounded_channel();
        self.lock().observer = Some(tx);
        rx
    }

    /// Whether to keep every request for [`FakeDiscord::requests`] (the
    /// default); requests without a route are kept regardless.
    pub fn keep_request_log(&self, keep: bool) {
        self.lock().keep_log = keep;
    }

    /// Makes a user known to the fake (for resolved user options, mentions, `GET /users/{id}`).
    pub fn add_user(&self, user: &TestUser) {
        self.lock().users.insert(user.id, user.clone());
        self.shared.notify.notify_waiters();
    }

    /// The `locale` of `user`'s Discord, sent with their interactions from now on.
    pub fn set_user_locale(&self, user: &TestUser, locale: &str) {
        self.lock().user_locales.insert(user.id, locale.to_string());
    }

    /// The guild's `guild_locale`, sent with interactions in the guild from now on.
    pub fn set_guild_locale(&self, locale: &str) {
        self.lock().guild_locale = locale.to_string();
    }

    /// `user`'s permissions as a member (`member.permissions`), e.g. `"3072"`
    /// for one who may only view channels and send messages.
    pub fn set_member_permissions(&self, user: &TestUser, permissions: &str) {
        self.lock().member_permissions.insert(user.id, permissions.to_string());
    }

    /// The roles `user`'s interactions carry in the guild.
    pub fn set_member_roles(&self, user: &TestUser, roles: &[u64]) {
        self.lock().member_roles.insert(user.id, roles.to_vec());
    }

    /// Adds another text channel to the guild.
    pub fn add_guild_channel(&self, channel_id: u64, name: &str) {
        self.lock().guild_channels.insert(channel_id, name.to_string());
    }

    /// Adds a text channel of another guild (a server the bot is in): its
    /// events go to the session of the shard serving that guild.
    pub fn add_channel_in_guild(&self, guild_id: u64, channel_id: u64, name: &str) {
        let mut st = self.lock();
        st.guild_channels.insert(channel_id, name.to_string());
        st.channel_guilds.insert(channel_id, guild_id);
    }

    /// Waits until a session of shard `shard` of `total` got READY.
    pub async fn wait_shard_ready(&self, shard: u64, total: u64) {
        self.wait_state(&format!("shard {shard}/{total} to get READY"), |st| {
            st.sessions
                .values()
                .any(|s| !s.closed && s.ready && s.shard == Some((shard, total)))
                .then_some(())
        })
        .await
    }

    /// The shards (`[shard, total]`) whose sessions are open and READY.
    pub fn ready_shards(&self) -> Vec<(u64, u64)> {
        self.lock()
            .sessions
            .values()
            .filter(|s| !s.closed && s.ready)
            .filter_map(|s| s.shard)
            .collect()
    }

    /// The DM channel between the bot and `user` (created on first use).
    pub fn dm_channel_id(&self, user: &TestUser) -> u64 {
        let mut st = self.lock();
        st.users.insert(user.id, user.clone());
        st.dm_channel(user.id)
    }

    /// Sends a raw gateway dispatch (`t`, `d`) into the newest live session (waits for one).
    pub async fn dispatch_event(&self, t: &str, d: Value) {
        let tx = self
            .wait_state("a live gateway session that got READY", |st| {
                st.live_ready_session().and_then(|s| s.tx.clone())
            })
            .await;
        if tx.send((t.to_string(), d)).is_err() {
            panic!(
                "fake discord: the gateway session closed while sending {t}\n{}",
                self.dump()
            );
        }
    }

    /// `/<command> <subcommand> options...` by `user` in the guild channel [`CHANNEL_ID`].
    ///
    /// `subcommand` may be `""` (no subcommand) or `"group sub"`. `options` are leaf options
    /// `(name, type, value)`; user options (type 6) take the user id (string or number) and are
    /// resolved from the users known to the fake. Panics if the command (or subcommand, or an
    /// option name) was never registered.
    pub async fn slash(
        &self,
        user: &TestUser,
        command: &str,
        subcommand: &str,
        options: Vec<(&str, u8, Value)>,
    ) -> Interaction {
        self.command_interaction(user, Place::Guild(CHANNEL_ID), command, subcommand, options)
            .await
    }

    /// Like [`slash`](Self::slash) but in another guild channel (see `add_guild_channel`).
    pub async fn slash_in_channel(
        &self,
        user: &TestUser,
        channel_id: u64,
        command: &str,
        subcommand: &str,
        options: Vec<(&str, u8, Value)>,
    ) -> Interaction {
        self.command_interaction(user, Place::Guild(channel_id), command, subcommand, options)
            .await
    }

    /// Like [`slash`](Self::slash) but in the user's DM channel with the bot (no guild, no member;
    /// only global commands).
    pub async fn slash_in_dm(
        &self,
        user: &TestUser,
        command: &str,
        subcommand: &str,
        options: Vec<(&str, u8, Value)>,
    ) -> Interaction {
        self.command_interaction(user, Place::Dm, command, subcommand, options)
            .await
    }

    async fn command_interaction(
        &self,
        user: &TestUser,
        place: Place,
        command: &str,
        subcommand: &str,
        options: Vec<(&str, u8, Value)>,
    ) -> Interaction {
        let guild = match place {
            Place::Guild(c) => Some(self.lock().guild_of(c).unwrap_or(GUILD_ID)),
            Place::Dm => None,
        };
        let tx = self
            .wait_state("a live gateway session that got READY", |st| {
                st.live_ready_session_for(guild).and_then(|s| s.tx.clone())
            })
            .await;
        let label = format!("/{command} {subcommand}").trim_end().to_string();
        let result = {
            let mut st = self.lock();
            st.users.insert(user.id, user.clone());
            let (channel_id, guild_id) = match place {
                Place::Guild(c) => {
                    assert!(
                        st.guild_channels.contains_key(&c),
                        "fake discord: unknown guild channel {c} (use add_guild_channel)"
                    );
                    (c, st.guild_of(c))
                }
                Place::Dm => (st.dm_channel(user.id), None),
            };
            let registered = guild_id
                .and_then(|g| st.guild_commands.get(&g))
                .and_then(|l| l.iter().find(|c| c["name"] == command))
                .or_else(|| st.global_commands.iter().find(|c| c["name"] == command))
                .cloned();
            let Some(registered) = registered else {
                let dump = st.dump();
                drop(st);
                panic!(
                    "fake discord: the bot never registered a command named `{command}`{}\n{dump}",
                    if guild_id.is_none() {
                        " (globally; DMs only see global commands)"
                    } else {
                        ""
                    }
                );
            };
            check_options(&registered, subcommand, &options);

            let mut resolved_users = serde_json::Map::new();
            let mut resolved_members = serde_json::Map::new();
            let mut resolved_channels = serde_json::Map::new();
            let mut leaves = Vec::new();
            for (name, ty, value) in &options {
                let mut value = value.clone();
                if matches!(ty, 6..=9) {
                    let id = snowflake(&value).unwrap_or_else(|| {
                        panic!("fake discord: option `{name}` (type {ty}) needs an id, got {value}")
                    });
                    value = json!(id.to_string());
                    if *ty == 6 || *ty == 9 {
                        match st.user(id) {
                            Some(u) => {
                                resolved_users.insert(id.to_string(), user_json(&u));
                                if guild_id.is_some() {
                                    resolved_members.insert(id.to_string(), member_json(None));
                                }
                            }
                            None if *ty == 6 => panic!(
                                "fake discord: user option `{name}` = {id} is not a known user; register it with add_user"
                            ),
                            None => {}
                        }
                    }
                    if *ty == 7 {
                        let (kind, cname) = match st.guild_channels.get(&id) {
                            Some(n) => (0, n.clone()),
                            None => (1, String::new()),
                        };
                        resolved_channels.insert(
                            id.to_string(),
                            json!({"id": id.to_string(), "type": kind, "name": cname, "permissions": APP_PERMISSIONS}),
                        );
                    }
                }
                leaves.push(json!({"name": name, "type": ty, "value": value}));
            }
            let parts: Vec<&str> = subcommand.split_whitespace().collect();
            let data_options = match parts.as_slice() {
                [] => json!(leaves),
                [sub] => json!([{"name": sub, "type": 1, "options": leaves}]),
                [group, sub] => json!([{"name": group, "type": 2, "options": [
                    {"name": sub, "type": 1, "options": leaves}
                ]}]),
                _ => panic!("fake discord: subcommand must be `sub` or `group sub`, got `{subcommand}`"),
            };
            let mut data = json!({
                "id": registered["id"].clone(),
                "name": command,
                "type": registered["type"].as_u64().unwrap_or(1),
                "options": data_options,
            });
            if let Some(g) = registered.get("guild_id") {
                data["guild_id"] = g.clone();
            }
            let mut resolved = serde_json::Map::new();
            if !resolved_users.is_empty() {
                resolved.insert("users".into(), Value::Object(resolved_users));
            }
            if !resolved_members.is_empty() {
                resolved.insert("members".into(), Value::Object(resolved_members));
            }
            if !resolved_channels.is_empty() {
                resolved.insert("channels".into(), Value::Object(resolved_channels));
            }
            if !resolved.is_empty() {
                data["resolved"] = Value::Object(resolved);
            }
            let (ix, mut payload) = new_interaction(&mut st, 2, user, channel_id, guild_id, None, label);
            payload["data"] = data;
            (ix, payload)
        };
        self.send_interaction(tx, result).await
    }

    /// A button press (component_type 2) by `user` on a stored message; the payload carries the
    /// fake's current copy of the message. Panics if the message has no enabled component with
    /// this custom id.
    pub async fn click(&self, user: &TestUser, message_id: u64, custom_id: &str) -> Interaction {
        self.component(user, message_id, custom_id, 2, None, true).await
    }

    /// A button press with any `custom_id`, whether or not the message shows that button: what a
    /// client with a stale copy of the message, or a forged request, delivers.
    pub async fn click_unchecked(&self, user: &TestUser, message_id: u64, custom_id: &str) -> Interaction {
        self.component(user, message_id, custom_id, 2, None, false).await
    }

    /// [`FakeDiscord::click_unchecked`] delivered on the session of shard
    /// `shard` of `total`, whichever shard serves the message's server: a
    /// second copy of a press reaching another process.
    pub async fn click_unchecked_via_shard(
        &self,
        user: &TestUser,
        message_id: u64,
        custom_id: &str,
        (shard, total): (u64, u64),
    ) -> Interaction {
        self.component_via(user, message_id, custom_id, 2, None, false, Some((shard, total)))
            .await
    }

    /// A string-select choice (component_type 3) by `user` on a stored message.
    pub async fn select(&self, user: &TestUser, message_id: u64, custom_id: &str, values: Vec<&str>) -> Interaction {
        let values = values.into_iter().map(str::to_string).collect();
        self.component(user, message_id, custom_id, 3, Some(values), true).await
    }

    async fn component(
        &self,
        user: &TestUser,
        message_id: u64,
        custom_id: &str,
        component_type: u8,
        values: Option<Vec<String>>,
        checked: bool,
    ) -> Interaction {
        self.component_via(user, message_id, custom_id, component_type, values, checked, None)
            .await
    }

    #[allow(clippy::too_many_arguments)]
    async fn component_via(
        &self,
        user: &TestUser,
        message_id: u64,
        custom_id: &str,
        component_type: u8,
        values: Option<Vec<String>>,
        checked: bool,
        via_shard: Option<(u64, u64)>,
    ) -> Interaction {
        let guild = {
            let st = self.lock();
            st.messages
                .get(&message_id)
                .and_then(|m| st.guild_of(msg_channel(&m.json)))
        };
        let tx = self
            .wait_state("a live gateway session that got READY", |st| {
                let session = match via_shard {
                    Some(shard) => st
                        .sessions
                        .values()
                        .rev()
                        .find(|s| !s.closed && s.ready && s.shard == Some(shard)),
                    None => st.live_ready_session_for(guild),
                };
                session.and_then(|s| s.tx.clone())
            })
            .await;
        let result = {
            let mut st = self.lock();
            st.users.insert(user.id, user.clone());
            let Some(msg) = st.messages.get(&message_id).map(|m| m.json.clone()) else {
                let dump = st.dump();
                drop(st);
                panic!("fake discord: click on unknown message {message_id}\n{dump}");
            };
            let comp = find_component(&msg, custom_id).cloned();
            let problem = match &comp {
                _ if !checked => None,
                None => Some(format!(
                    "has no component `{custom_id}` (it has {:?})",
                    custom_ids(&msg)
                )),
                Some(c) if c["disabled"].as_bool() == Some(true) => {
                    Some(format!("component `{custom_id}` is disabled"))
                }
                Some(c) if c["type"].as_u64() != Some(u64::from(component_type)) => Some(format!(
                    "component `{custom_id}` has type {} not {component_type}",
                    c["type"]
                )),
                _ => None,
            };
            if let Some(problem) = problem {
                let dump = st.dump();
                drop(st);
                panic!("fake discord: message {message_id} {problem}: {msg}\n{dump}");
            }
            let channel_id = msg_channel(&msg);
            let guild_id = st.guild_of(channel_id);
            let mut data = json!({"custom_id": custom_id, "component_type": component_type});
            if let Some(v) = values {
                data["values"] = json!(v);
            }
            let (ix, mut payload) = new_interaction(
                &mut st,
                3,
                user,
                channel_id,
                guild_id,
                Some(message_id),
                custom_id.to_string(),
            );
            payload["data"] = data;
            payload["message"] = msg;
            (ix, payload)
        };
        self.send_interaction(tx, result).await
    }

    async fn send_interaction(
        &self,
        tx: mpsc::UnboundedSender<(String, Value)>,
        (mut ix, payload): (Interaction, Value),
    ) -> Interaction {
        ix.payload = payload.clone();
        if tx.send(("INTERACTION_CREATE".to_string(), payload)).is_err() {
            panic!(
                "fake discord: the gateway session closed while sending interaction {}\n{}",
                ix.id,
                self.dump()
            );
        }
        self.shared.notify.notify_waiters();
        ix
    }

    /// Waits until the interaction was acknowledged and its original response is final, and
    /// returns that message: type 4/7 right away; type 5 once the LOADING placeholder was filled
    /// (`PATCH @original` or the first followup); type 6 once the clicked message was edited
    /// after the ack. For 8/9 returns the callback body. `null` if the original was deleted.
    pub async fn response(&self, ix: &Interaction) -> Value {
        let what = format!("the final response to interaction {} `{}`", ix.id, ix.label);
        self.wait_state(&what, |st| {
            let s = st.interactions.get(&ix.id)?;
            match s.callback? {
                4 | 7 => Some(
                    s.original
                        .and_then(|m| st.messages.get(&m))
                        .map(|m| m.json.clone())
                        .unwrap_or(Value::Null),
                ),
                5 => {
                    let m = st.messages.get(&s.original?)?;
                    (flags(&m.json) & FLAG_LOADING == 0).then(|| m.json.clone())
                }
                6 => {
                    let m = st.messages.get(&s.original?)?;
                    (m.revision > s.base_revision).then(|| m.json.clone())
                }
                _ => Some(s.callback_body.clone()),
            }
        })
        .await
    }

    /// The callback type (4, 5, 6, 7, ...) the bot used for this interaction, waiting for it.
    pub async fn callback_type(&self, ix: &Interaction) -> u8 {
        let what = format!("the bot to acknowledge interaction {} `{}`", ix.id, ix.label);
        self.wait_state(&what, |st| st.interactions.get(&ix.id).and_then(|s| s.callback))
            .await
    }

    /// The raw callback body (`{"type":..,"data":..}`), if acknowledged.
    pub fn callback_body(&self, ix: &Interaction) -> Option<Value> {
        let st = self.lock();
        let s = st.interactions.get(&ix.id)?;
        s.callback.map(|_| s.callback_body.clone())
    }

    /// The original response as it is now (no waiting).
    pub fn original(&self, ix: &Interaction) -> Option<Value> {
        FakeView { st: &self.lock() }.original(ix).cloned()
    }

    /// Current followup messages of the interaction (deleted ones omitted).
    pub fn followups(&self, ix: &Interaction) -> Vec<Value> {
        FakeView { st: &self.lock() }
            .followups(ix)
            .into_iter()
            .cloned()
            .collect()
    }

    /// Visible messages of a channel in creation order (channel messages, interaction responses,
    /// followups), without ephemeral ones.
    pub fn channel_messages(&self, channel_id: u64) -> Vec<Value> {
        FakeView { st: &self.lock() }
            .channel_messages(channel_id)
            .into_iter()
            .cloned()
            .collect()
    }

    /// Every stored message, ephemeral ones included, in creation order.
    pub fn all_messages(&self) -> Vec<Value> {
        self.lock().messages.values().map(|m| m.json.clone()).collect()
    }

    pub fn message(&self, id: u64) -> Option<Value> {
        self.lock().messages.get(&id).map(|m| m.json.clone())
    }

    /// Bytes of an uploaded attachment (by attachment id).
    pub fn attachment_bytes(&self, attachment_id: u64) -> Option<Vec<u8>> {
        self.lock().files.get(&attachment_id).map(|f| f.data.clone())
    }

    /// `(method, path, body)` of every REST request so far.
    pub fn request_log(&self) -> Vec<(String, String, Value)> {
        self.lock()
            .log
            .iter()
            .map(|r| (r.method.clone(), r.path.clone(), r.body.clone()))
            .collect()
    }

    /// Every REST request with query, status and response.
    pub fn requests(&self) -> Vec<LoggedRequest> {
        self.lock().log.clone()
    }

    /// Requests the fake had no route for (answered 404); should be empty.
    pub fn unhandled_requests(&self) -> Vec<LoggedRequest> {
        self.lock().log.iter().filter(|r| r.unhandled).cloned().collect()
    }

    /// Requests answered with a status >= 400 (error codes in `response`).
    pub fn failed_requests(&self) -> Vec<LoggedRequest> {
        self.lock().log.iter().filter(|r| r.status >= 400).cloned().collect()
    }

    /// `d` of every IDENTIFY received (token, intents, ...).
    pub fn identify_payloads(&self) -> Vec<Value> {
        self.lock().identifies.clone()
    }

    /// Heartbeats received (each answered with op 11).
    pub fn heartbeats(&self) -> u64 {
        self.lock().heartbeats
    }

    /// Gateway connections opened so far.
    pub fn sessions_opened(&self) -> u64 {
        self.lock().sessions.len() as u64
    }
}

fn new_interaction(
    st: &mut State,
    kind: u8,
    user: &TestUser,
    channel_id: u64,
    guild_id: Option<u64>,
    message_id: Option<u64>,
    label: String,
) -> (Interaction, Value) {
    let id = st.snowflake();
    let token = format!("fakeitx_{id}_{}", random_suffix(id));
    let mut p = json!({
        "id": id.to_string(),
        "application_id": BOT_ID.to_string(),
        "type": kind,
        "token": token,
        "version": 1,
        "channel_id": channel_id.to_string(),
        "locale": st.user_locales.get(&user.id).map_or("en-US", String::as_str),
        "entitlements": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        "app_permissions": APP_PERMISSIONS,
    });
    if st.no_attach_files.contains(&channel_id) {
        let without = APP_PERMISSIONS.parse::<u64>().unwrap() & !ATTACH_FILES;
        p["app_permissions"] = json!(without.to_string());
    }
    match guild_id {
        Some(g) => {
            let name = st.guild_channels.get(&channel_id).cloned().unwrap_or_default();
            p["guild_id"] = json!(g.to_string());
            p["guild_locale"] = json!(st.guild_locale);
            p["channel"] = json!({"id": channel_id.to_string(), "type": 0, "name": name, "guild_id": g.to_string()});
            p["member"] = member_json(Some(user));
            if let Some(permissions) = st.member_permissions.get(&user.id) {
                p["member"]["permissions"] = json!(permissions);
            }
            if let Some(roles) = st.member_roles.get(&user.id) {
                let roles: Vec<String> = roles.iter().map(u64::to_string).collect();
                p["member"]["roles"] = json!(roles);
            }
            p["context"] = json!(0);
            p["authorizing_integration_owners"] = json!({"0": g.to_string()});
        }
        None => {
            p["channel"] = json!({"id": channel_id.to_string(), "type": 1});
            p["user"] = user_json(user);
            p["context"] = json!(1);
            p["authorizing_integration_owners"] = json!({"0": "0"});
        }
    }
    st.interactions.insert(
        id,
        IxState {
            id,
            token: token.clone(),
            kind,
            label: label.clone(),
            channel_id,
            user_id: user.id,
            message_id,
            callback: None,
            callback_body: Value::Null,
            original: None,
            base_revision: 0,
            followups: Vec::new(),
        },
    );
    st.tokens.insert(token.clone(), id);
    let ix = Interaction {
        id,
        token,
        kind,
        channel_id,
        guild_id,
        user_id: user.id,
        message_id,
        label,
        payload: Value::Null,
    };
    (ix, p)
}

/// Panics unless `subcommand` and every option name exist in the registered command, all
/// required options are given and types match.
fn check_options(registered: &Value, subcommand: &str, options: &[(&str, u8, Value)]) {
    let cmd_name = registered["name"].as_str().unwrap_or("?");
    let mut schema: &Value = &registered["options"];
    for (depth, part) in subcommand.split_whitespace().enumerate() {
        let want_type = if depth == 0 && subcommand.split_whitespace().count() == 2 {
            2
        } else {
            1
        };
        let found = schema.as_array().and_then(|a| {
            a.iter()
                .find(|o| o["name"].as_str() == Some(part) && o["type"].as_u64() == Some(want_type))
        });
        match found {
            Some(o) => schema = &o["options"],
            None => panic!(
                "fake discord: command `{cmd_name}` has no registered {} `{part}`; registered options: {}",
                if want_type == 2 {
                    "subcommand group"
                } else {
                    "subcommand"
                },
                registered["options"]
            ),
        }
    }
    let declared: Vec<&Value> = schema.as_array().map(|a| a.iter().collect()).unwrap_or_default();
    for (name, ty, _) in options {
        match declared.iter().find(|o| o["name"].as_str() == Some(*name)) {
            None => panic!(
                "fake discord: `/{cmd_name} {subcommand}` has no registered option `{name}`; declared: {}",
                json!(declared)
            ),
            Some(o) if o["type"].as_u64() != Some(u64::from(*ty)) => panic!(
                "fake discord: option `{name}` of `/{cmd_name} {subcommand}` is registered with type {} but the test passes type {ty}",
                o["type"]
            ),
            _ => {}
        }
    }
    for o in &declared {
        if o["required"].as_bool() == Some(true) {
            let n = o["name"].as_str().unwrap_or("");
            assert!(
                options.iter().any(|(name, _, _)| *name == n),
                "fake discord: required option `{n}` of `/{cmd_name} {subcommand}` is missing (Discord would never send that)"
            );
        }
    }
}

// ------------------------------------------------------------------------------------------
// serenity-side helpers for tests
// ------------------------------------------------------------------------------------------

/// serenity `Http` pointed at this fake (`proxy` + `ratelimiter_disabled`, as the recipe demands).
pub fn serenity_http(fake: &FakeDiscord) -> serenity::http::Http {
    serenity::http::HttpBuilder::new(TOKEN)
        .proxy(fake.api_base())
        .ratelimiter_disabled(true)
        .build()
}

/// A `RawEventHandler` that records (and prints loudly) every `Event::Unknown`, i.e. every
/// dispatch serenity failed to deserialize and would otherwise drop silently.
#[derive(Clone, Default)]
pub struct UnknownEventTrap {
    pub seen: Arc<Mutex<Vec<String>>>,
}

impl UnknownEventTrap {
    pub fn unknown_events(&self) -> Vec<String> {
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Panics if serenity dropped any dispatch as `Event::Unknown`.
    pub fn assert_none(&self) {
        let seen = self.unknown_events();
        assert!(
            seen.is_empty(),
            "serenity could not deserialize {} gateway event(s): {seen:#?}",
            seen.len()
        );
    }
}

#[serenity::async_trait]
impl serenity::client::RawEventHandler for UnknownEventTrap {
    async fn raw_event(&self, _ctx: serenity::client::Context, ev: serenity::model::event::Event) {
        if let serenity::model::event::Event::Unknown(u) = &ev {
            let line = format!("{}: {}", u.kind, truncate(&u.value.to_string(), 2000));
            eprintln!("!!!! serenity dropped an undeserializable gateway event (Event::Unknown) {line}");
            self.seen.lock().unwrap_or_else(|e| e.into_inner()).push(line);
        }
    }
}
