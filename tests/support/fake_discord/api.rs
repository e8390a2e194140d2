//! What tests call: starting the fake, setting it up, waiting for and reading what
//! the bot did.

use super::*;

/// Refuses to start behind an HTTP proxy that would also carry the bot's
/// requests to 127.0.0.1: `.cargo/config.toml` sets `NO_PROXY` for every
/// `cargo test`, unless the environment already sets its own. (Setting it
/// here would race with threads reading the environment: `set_var` is
/// unsafe since edition 2024, and the crate forbids unsafe code.)
pub(super) fn check_no_proxy() {
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

pub(super) enum Place {
    Guild(u64),
    Dm,
    /// A conversation the bot is no member of (see `elsewhere`).
    Elsewhere(u64),
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
                elsewhere: Default::default(),
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
                activities_enabled: false,
                command_ids: HashMap::new(),
                messages: BTreeMap::new(),
                files: HashMap::new(),
                interactions: BTreeMap::new(),
                tokens: HashMap::new(),
                sessions: BTreeMap::new(),
                gateway_url_requests: 0,
                heartbeats: 0,
                interactions_sent: 0,
                identifies: Vec::new(),
                gateway_log: Vec::new(),
                nonces: HashMap::new(),
                stalls: Vec::new(),
                stalls_hit: 0,
                refusing_channels: HashMap::new(),
                no_attach_files: Default::default(),
                threads: BTreeMap::new(),
                no_threads: Default::default(),
                observer: None,
                keep_log: true,
                endpoint: None,
                endpoint_answers: HashMap::new(),
                answering_over_http: Default::default(),
            }),
            notify: Notify::new(),
            port,
            shutdown: shutdown_rx,
            ready_gate: watch::channel(true).0,
            oauth: Mutex::new(OAuth::default()),
        });
        let app = Router::new()
            .route("/gateway", get(gateway_handler))
            .route("/oauth2/authorize", get(oauth::authorize))
            .route("/api/v10/oauth2/token", axum::routing::post(oauth::token))
            .route("/api/v10/users/@me", get(oauth::me))
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

    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
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

    /// Forgets the nonces of the messages posted so far, as Discord does
    /// once its window of a few minutes is over: a message with one of them
    /// is created again. Until then the fake enforces them.
    pub fn forget_nonces(&self) {
        self.lock().nonces.clear();
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

    pub(super) async fn wait_state<T>(&self, what: &str, check: impl Fn(&State) -> Option<T>) -> T {
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
    /// Enables the application's Activities, as the Developer Portal's Enable does: Discord adds
    /// its default Entry Point command, `launch` (handler 2), unless there is one, then refuses a
    /// bulk update of the global commands that leaves it out, and takes LAUNCH_ACTIVITY answers.
    pub fn enable_activities(&self) {
        let mut st = self.lock();
        st.activities_enabled = true;
        if !st.global_commands.iter().any(|c| c["type"] == 4) {
            let launch = json!({"name": "launch", "type": 4, "handler": 2, "description": "", "options": []});
            let launch = st.command_json(None, &launch);
            st.global_commands.push(launch);
        }
    }

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
}

impl FakeDiscord {
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

    /// Interactions sent on gateway sessions so far, to be counted against
    /// those a bot logs as handled.
    pub fn interactions_sent(&self) -> u64 {
        self.lock().interactions_sent
    }

    /// Gateway connections opened so far.
    pub fn sessions_opened(&self) -> u64 {
        self.lock().sessions.len() as u64
    }
}
