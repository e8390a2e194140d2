//! What the fake Discord holds: users, channels, messages, commands,
//! interactions and gateway sessions, and the operations on them that every
//! route shares.

use super::*;

pub(super) struct Shared {
    pub(super) state: Mutex<State>,
    pub(super) notify: Notify,
    pub(super) port: u16,
    pub(super) shutdown: watch::Receiver<bool>,
    /// Open (`true`) unless a test holds READY back (see [`FakeDiscord::hold_ready`]).
    pub(super) ready_gate: watch::Sender<bool>,
    /// Sign in with Discord (see `oauth`).
    pub(super) oauth: Mutex<OAuth>,
}

impl Shared {
    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

pub(super) struct ServerGuard {
    pub(super) server: tokio::task::JoinHandle<()>,
    pub(super) shutdown: watch::Sender<bool>,
}

impl Drop for ServerGuard {
    fn drop(&mut self) {
        let _ = self.shutdown.send(true);
        self.server.abort();
    }
}

pub(super) struct StoredMessage {
    pub(super) json: Value,
    /// Bumped on every edit.
    pub(super) revision: u64,
}

pub(super) struct StoredFile {
    pub(super) filename: String,
    pub(super) content_type: Option<String>,
    pub(super) data: Vec<u8>,
}

#[derive(Clone)]
pub(super) struct IxState {
    pub(super) id: u64,
    pub(super) token: String,
    pub(super) kind: u8,
    pub(super) label: String,
    pub(super) channel_id: u64,
    pub(super) user_id: u64,
    /// Component interactions: the message the component sits on.
    pub(super) message_id: Option<u64>,
    pub(super) callback: Option<u8>,
    pub(super) callback_body: Value,
    pub(super) original: Option<u64>,
    /// Type 6: revision of the clicked message when it was acknowledged.
    pub(super) base_revision: u64,
    pub(super) followups: Vec<u64>,
    /// When it was made, by the fake's clock (its token lasts 15 minutes).
    pub(super) created_at: i64,
}

pub(super) struct Session {
    pub(super) session_id: String,
    pub(super) tx: Option<mpsc::UnboundedSender<(String, Value)>>,
    pub(super) ready: bool,
    pub(super) registered: bool,
    /// Value of `gateway_url_requests` when the socket was opened.
    pub(super) epoch: u64,
    pub(super) closed: bool,
    /// `[shard, total]` from IDENTIFY: which guilds' events go to this
    /// session (`None` until IDENTIFY, and then all of them).
    pub(super) shard: Option<(u64, u64)>,
}

impl Session {
    /// Whether Discord sends `guild`'s events on this gateway session: shard
    /// `(guild_id >> 22) % total`; DMs go to shard 0.
    pub(super) fn serves(&self, guild: Option<u64>) -> bool {
        match self.shard {
            Some((shard, total)) if total > 1 => guild.map_or(0, |g| (g >> 22) % total) == shard,
            _ => true,
        }
    }
}

pub(super) struct FilePart {
    /// `N` of `files[N]` (or `None` for a part named differently).
    pub(super) index: Option<u64>,
    pub(super) name: String,
    pub(super) filename: String,
    pub(super) content_type: Option<String>,
    pub(super) data: Vec<u8>,
}

/// Who creates a message: an interaction response/followup (a webhook message that may be
/// ephemeral) or a plain channel message (never ephemeral).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Origin {
    Interaction,
    Channel,
}

pub(super) enum Reply {
    Json(u16, Value),
    NoContent,
    Unhandled,
}

pub(super) fn error(status: u16, code: u64, message: &str) -> Reply {
    Reply::Json(status, json!({"message": message, "code": code}))
}

pub(super) struct State {
    /// Conversations the bot is no member of, and the clock tokens expire by.
    pub(super) elsewhere: elsewhere::Elsewhere,
    pub(super) port: u16,
    pub(super) next_id: u64,
    pub(super) clock: u64,
    pub(super) heartbeat_interval: u64,
    pub(super) log: Vec<LoggedRequest>,
    pub(super) users: BTreeMap<u64, TestUser>,
    pub(super) dm_channels: BTreeMap<u64, u64>,
    pub(super) guild_channels: BTreeMap<u64, String>,
    /// The guild of each channel of `guild_channels` not in [`GUILD_ID`].
    pub(super) channel_guilds: BTreeMap<u64, u64>,
    /// The `locale` interactions of each user carry (default `en-US`).
    pub(super) user_locales: HashMap<u64, String>,
    /// The guild's `guild_locale` (default `en-US`).
    pub(super) guild_locale: String,
    /// Members' permissions in the channel, when not `APP_PERMISSIONS`.
    pub(super) member_permissions: HashMap<u64, String>,
    /// Members' roles (ids), when they have any.
    pub(super) member_roles: HashMap<u64, Vec<u64>>,
    pub(super) global_commands: Vec<Value>,
    pub(super) guild_commands: BTreeMap<u64, Vec<Value>>,
    /// The application's Activities are enabled (as in the Developer Portal): its global commands
    /// keep an Entry Point command, and LAUNCH_ACTIVITY answers are taken.
    pub(super) activities_enabled: bool,
    pub(super) command_ids: HashMap<(Option<u64>, String), u64>,
    pub(super) messages: BTreeMap<u64, StoredMessage>,
    pub(super) files: HashMap<u64, StoredFile>,
    pub(super) interactions: BTreeMap<u64, IxState>,
    pub(super) tokens: HashMap<String, u64>,
    pub(super) sessions: BTreeMap<u64, Session>,
    pub(super) gateway_url_requests: u64,
    pub(super) heartbeats: u64,
    /// Interactions sent on a gateway session.
    pub(super) interactions_sent: u64,
    pub(super) identifies: Vec<Value>,
    pub(super) gateway_log: Vec<String>,
    /// `(channel, nonce)` of channel messages sent with `enforce_nonce`: a
    /// second message with the same nonce returns the first, as on Discord
    /// within its window of a few minutes, which ends in the fake when a
    /// test says so ([`FakeDiscord::forget_nonces`]).
    pub(super) nonces: HashMap<(u64, String), u64>,
    pub(super) stalls: Vec<Stall>,
    pub(super) stalls_hit: u64,
    /// Channels that answer every request with this status (403: the bot
    /// lost access; 404: the channel was deleted), until changed.
    pub(super) refusing_channels: HashMap<u64, u16>,
    /// Channels where the bot lacks *Attach Files*: interactions there carry
    /// `app_permissions` without it, and any upload there gets 403/50013.
    pub(super) no_attach_files: std::collections::HashSet<u64>,
    /// Threads by id (each also in `guild_channels`, under its name).
    pub(super) threads: BTreeMap<u64, threads::Thread>,
    /// Channels where the bot lacks the thread permissions (see
    /// [`FakeDiscord::set_thread_permissions`]).
    pub(super) no_threads: std::collections::HashSet<u64>,
    /// Hears every REST call as it is answered (see [`FakeDiscord::observe`]).
    pub(super) observer: Option<mpsc::UnboundedSender<Answered>>,
    /// Whether requests are kept for [`FakeDiscord::requests`]; a long load
    /// run turns this off to keep memory flat.
    pub(super) keep_log: bool,
    /// The bot's Interactions Endpoint URL: when set, interactions are
    /// signed and POSTed there instead of sent on the gateway.
    pub(super) endpoint: Option<String>,
    /// What the endpoint answered each interaction posted to it.
    pub(super) endpoint_answers: HashMap<u64, EndpointAnswer>,
    /// Tokens of interactions whose HTTP answer is still on its way: calls
    /// about them wait for it, as the answer and the calls that follow it
    /// reach Discord in that order.
    pub(super) answering_over_http: std::collections::HashSet<String>,
}

/// The endpoint's HTTP answer to an interaction the fake posted.
#[derive(Clone, Debug)]
pub struct EndpointAnswer {
    pub status: u16,
    pub content_type: String,
    pub body: Vec<u8>,
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

pub(super) fn as_u64(v: Option<&Value>) -> Option<u64> {
    v.and_then(snowflake)
}

pub(super) fn user_json(u: &TestUser) -> Value {
    json!({
        "id": u.id.to_string(),
        "username": u.name,
        "global_name": u.name,
        "discriminator": "0",
        "avatar": null,
        "bot": u.bot,
    })
}

pub(super) fn member_json(u: Option<&TestUser>) -> Value {
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

pub(super) fn random_suffix(seed: u64) -> String {
    let mut h = RandomState::new().build_hasher();
    h.write_u64(seed);
    format!("{:016x}", h.finish())
}

impl State {
    pub(super) fn snowflake(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    pub(super) fn timestamp(&mut self) -> String {
        self.clock += 1;
        let s = self.clock % 86_400;
        format!(
            "2026-01-01T{:02}:{:02}:{:02}.000000+00:00",
            s / 3600,
            s / 60 % 60,
            s % 60
        )
    }

    pub(super) fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub(super) fn ws_url(&self) -> String {
        format!("ws://127.0.0.1:{}/gateway", self.port)
    }

    pub(super) fn user(&self, id: u64) -> Option<TestUser> {
        if id == BOT_ID {
            return Some(TestUser::the_bot());
        }
        self.users.get(&id).cloned()
    }

    pub(super) fn dm_channel(&mut self, user_id: u64) -> u64 {
        if let Some(c) = self.dm_channels.get(&user_id) {
            return *c;
        }
        let c = self.snowflake();
        self.dm_channels.insert(user_id, c);
        c
    }

    pub(super) fn dm_channel_json(&self, channel_id: u64) -> Option<Value> {
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
    pub(super) fn guild_of(&self, channel_id: u64) -> Option<u64> {
        self.guild_channels
            .contains_key(&channel_id)
            .then(|| self.channel_guilds.get(&channel_id).copied().unwrap_or(GUILD_ID))
    }

    pub(super) fn is_guild(&self, guild_id: u64) -> bool {
        guild_id == GUILD_ID || self.channel_guilds.values().any(|g| *g == guild_id)
    }

    pub(super) fn guild_channel_json(&self, channel_id: u64) -> Option<Value> {
        if self.threads.contains_key(&channel_id) {
            return self.thread_json(channel_id);
        }
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

    pub(super) fn channel_exists(&self, channel_id: u64) -> bool {
        self.guild_channels.contains_key(&channel_id) || self.dm_channels.values().any(|c| *c == channel_id)
    }

    /// The newest open session, if it got READY (or RESUMED).
    pub(super) fn live_ready_session(&self) -> Option<&Session> {
        let s = self.sessions.values().rev().find(|s| !s.closed)?;
        s.ready.then_some(s)
    }

    /// The newest open session of the shard that serves `guild`, if it got
    /// READY (or RESUMED).
    pub(super) fn live_ready_session_for(&self, guild: Option<u64>) -> Option<&Session> {
        let s = self.sessions.values().rev().find(|s| !s.closed && s.serves(guild))?;
        s.ready.then_some(s)
    }

    pub(super) fn live_ready_session_mut(&mut self) -> Option<&mut Session> {
        let s = self.sessions.values_mut().rev().find(|s| !s.closed)?;
        if s.ready {
            Some(s)
        } else {
            None
        }
    }

    pub(super) fn mentions(&self, content: &str) -> Vec<Value> {
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

    pub(super) fn store_file(&mut self, part: &FilePart, filename: Option<&str>, desc: Option<&Value>) -> Value {
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
    pub(super) fn build_attachments(
        &mut self,
        existing: &[Value],
        spec: Option<&Value>,
        files: &[FilePart],
    ) -> Vec<Value> {
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

    pub(super) fn create_message(
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
    pub(super) fn edit_message(&mut self, id: u64, data: &Value, files: &[FilePart]) -> Option<Value> {
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

    pub(super) fn mark_registered(&mut self) {
        if let Some(s) = self.live_ready_session_mut() {
            s.registered = true;
        }
    }

    pub(super) fn command_json(&mut self, guild: Option<u64>, body: &Value) -> Value {
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

    pub(super) fn commands_mut(&mut self, guild: Option<u64>) -> &mut Vec<Value> {
        match guild {
            Some(g) => self.guild_commands.entry(g).or_default(),
            None => &mut self.global_commands,
        }
    }

    pub(super) fn dump(&self) -> String {
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
