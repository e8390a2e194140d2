//! Interactions a test user sends (slash commands, button presses, selections) and the
//! answers the bot gave them.

use super::*;

impl FakeDiscord {
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

    pub(super) async fn command_interaction(
        &self,
        user: &TestUser,
        place: Place,
        command: &str,
        subcommand: &str,
        options: Vec<(&str, u8, Value)>,
    ) -> Interaction {
        let guild = match place {
            Place::Guild(c) => Some(self.lock().guild_of(c).unwrap_or(GUILD_ID)),
            Place::Dm | Place::Elsewhere(_) => None,
        };
        let tx = match self.endpoint() {
            Some(_) => None,
            None => Some(
                self.wait_state("a live gateway session that got READY", |st| {
                    st.live_ready_session_for(guild).and_then(|s| s.tx.clone())
                })
                .await,
            ),
        };
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
                Place::Elsewhere(c) => {
                    let conversation = st.elsewhere(c).unwrap_or_else(|| {
                        panic!("fake discord: unknown conversation {c} (use add_private_channel or add_server_without_bot)")
                    });
                    (c, conversation.guild)
                }
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
        self.component(ComponentPress::button(user, message_id, custom_id), None)
            .await
    }

    /// A button press with any `custom_id`, whether or not the message shows that button: what a
    /// client with a stale copy of the message, or a forged request, delivers.
    pub async fn click_unchecked(&self, user: &TestUser, message_id: u64, custom_id: &str) -> Interaction {
        let press = ComponentPress {
            checked: false,
            ..ComponentPress::button(user, message_id, custom_id)
        };
        self.component(press, None).await
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
        let press = ComponentPress {
            checked: false,
            ..ComponentPress::button(user, message_id, custom_id)
        };
        self.component(press, Some((shard, total))).await
    }

    /// A string-select choice (component_type 3) by `user` on a stored message.
    pub async fn select(&self, user: &TestUser, message_id: u64, custom_id: &str, values: Vec<&str>) -> Interaction {
        let values = values.into_iter().map(str::to_string).collect();
        let press = ComponentPress {
            component_type: 3,
            values: Some(values),
            ..ComponentPress::button(user, message_id, custom_id)
        };
        self.component(press, None).await
    }

    /// Sends `press` on the gateway session of shard `via_shard`, or else on the
    /// session serving the message's server, or to the endpoint in HTTP mode.
    async fn component(&self, press: ComponentPress<'_>, via_shard: Option<(u64, u64)>) -> Interaction {
        let guild = {
            let st = self.lock();
            st.messages
                .get(&press.message_id)
                .and_then(|m| st.guild_of(msg_channel(&m.json)))
        };
        let tx = match self.endpoint() {
            Some(_) => None,
            None => Some(
                self.wait_state("a live gateway session that got READY", |st| {
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
                .await,
            ),
        };
        let result = self.component_interaction(press);
        self.send_interaction(tx, result).await
    }

    /// A press as [`FakeDiscord::click`] makes it, known to the fake but not
    /// sent: for a driver that posts it itself (a benchmark timing each
    /// answer), with [`Interaction::payload`] as the body.
    pub fn unsent_click(&self, user: &TestUser, message_id: u64, custom_id: &str) -> Interaction {
        let (mut ix, payload) = self.component_interaction(ComponentPress::button(user, message_id, custom_id));
        ix.payload = payload;
        ix
    }

    /// A component interaction on a stored message, and its payload; with
    /// `checked`, panics if the message has no enabled component with this
    /// custom id.
    fn component_interaction(&self, press: ComponentPress<'_>) -> (Interaction, Value) {
        let ComponentPress {
            user,
            message_id,
            custom_id,
            component_type,
            values,
            checked,
        } = press;
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
            Some(c) if c["disabled"].as_bool() == Some(true) => Some(format!("component `{custom_id}` is disabled")),
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
        let guild_id = st
            .guild_of(channel_id)
            .or_else(|| st.elsewhere(channel_id).and_then(|conversation| conversation.guild));
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
    }

    pub(super) async fn send_interaction(
        &self,
        tx: Option<mpsc::UnboundedSender<(String, Value)>>,
        (mut ix, payload): (Interaction, Value),
    ) -> Interaction {
        ix.payload = payload.clone();
        // No gateway session: the interaction goes to the endpoint.
        let Some(tx) = tx else {
            self.post_interaction(&ix, payload);
            return ix;
        };
        self.lock().interactions_sent += 1;
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
}

pub(super) fn new_interaction(
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
    let mut permissions = APP_PERMISSIONS.parse::<u64>().unwrap();
    if st.no_attach_files.contains(&channel_id) {
        permissions &= !ATTACH_FILES;
    }
    if st.lacks_thread_permissions(channel_id) {
        permissions &= !THREAD_PERMISSIONS;
    }
    p["app_permissions"] = json!(permissions.to_string());
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
    st.mark_elsewhere(&mut p, channel_id, user);
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
            created_at: st.elsewhere.now,
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
pub(super) fn check_options(registered: &Value, subcommand: &str, options: &[(&str, u8, Value)]) {
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

/// What a user does to a component of a stored message: press a button
/// (`component_type` 2) or choose in a select menu (3, with `values`); with
/// `checked`, the message must show an enabled component of that id and type.
struct ComponentPress<'a> {
    user: &'a TestUser,
    message_id: u64,
    custom_id: &'a str,
    component_type: u8,
    values: Option<Vec<String>>,
    checked: bool,
}

impl<'a> ComponentPress<'a> {
    fn button(user: &'a TestUser, message_id: u64, custom_id: &'a str) -> Self {
        ComponentPress {
            user,
            message_id,
            custom_id,
            component_type: 2,
            values: None,
            checked: true,
        }
    }
}
