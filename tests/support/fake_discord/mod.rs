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
//!
//! One file per concern: `state` (what it holds), `rest` and `multipart` (the HTTP API),
//! `gateway` (the websocket), `endpoint` (interactions POSTed to the bot), `interactions` (what test users send), `api` (what tests call),
//! `messages` (readers of message JSON), `threads` (threads and their permissions), `oauth` (Sign in with
//! Discord) and `client` (serenity on the fake).

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

    /// Whether the bot registered any command, globally or in a server.
    pub fn commands_registered(&self) -> bool {
        !self.st.global_commands.is_empty() || self.st.guild_commands.values().any(|c| !c.is_empty())
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

mod api;
mod client;
mod elsewhere;
mod endpoint;
mod gateway;
mod interactions;
mod messages;
mod multipart;
mod oauth;
mod rest;
mod state;
mod threads;

use api::*;
pub use client::*;
pub use elsewhere::TOKEN_LIFETIME_SECS;
pub use endpoint::*;
use gateway::*;
pub use messages::*;
use multipart::*;
use oauth::OAuth;
use rest::*;
pub use state::*;
pub use threads::*;
