//! The REST API: the HTTP handler and the routes it dispatches to.

use super::*;

impl State {
    pub(super) fn route(
        &mut self,
        method: &Method,
        segs: &[&str],
        query: &str,
        body: &Value,
        files: &[FilePart],
    ) -> Reply {
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
                if let Some(refusal) = self.token_refusal(&ix, m, rest) {
                    return refusal;
                }
                self.webhook_route(m, ix, rest, body, files)
            }
            (_, ["channels", cid, rest @ ..]) => {
                if let Some(refusal) = cid.parse::<u64>().ok().and_then(|c| self.channel_refusal(c, m, rest)) {
                    return refusal;
                }
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
    pub(super) fn check_upload(&self, segs: &[&str], body: &Value, files: &[FilePart]) -> Option<Reply> {
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

    pub(super) fn commands_route(&mut self, m: &str, guild: Option<u64>, cid: Option<&str>, body: &Value) -> Reply {
        match (m, cid) {
            ("GET", None) => Reply::Json(200, json!(self.commands_mut(guild).clone())),
            ("PUT", None) => {
                let Some(arr) = body.as_array() else {
                    return error(400, 50035, "Invalid Form Body: expected an array of commands");
                };
                if let Err(reason) = entry_points_valid(guild, arr) {
                    return error(400, 50035, &format!("Invalid Form Body: {reason}"));
                }
                let drops_the_entry_point = self.activities_enabled
                    && guild.is_none()
                    && self.global_commands.iter().any(|c| c["type"] == 4)
                    && !arr.iter().any(|c| c["type"] == 4);
                if drops_the_entry_point {
                    // The bot did register, as far as waiting for it goes: Discord said no.
                    self.mark_registered();
                    return error(
                        400,
                        50240,
                        "You cannot remove this app's Entry Point command in a bulk update operation. \
                         Please include the Entry Point command in your update request or delete it separately.",
                    );
                }
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

    pub(super) fn interaction_callback(&mut self, iid: &str, tok: &str, body: &Value, files: &[FilePart]) -> Reply {
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
            // LAUNCH_ACTIVITY: Discord opens the Activity for the user; no message.
            12 if !self.activities_enabled => {
                return error(
                    400,
                    50035,
                    "Invalid Form Body: callback type 12 needs the application's Activities enabled",
                )
            }
            12 if ix.kind == 2 || ix.kind == 3 => {}
            12 => {
                return error(
                    400,
                    50035,
                    "Invalid Form Body: callback type 12 is only valid for command and component interactions",
                )
            }
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

    pub(super) fn webhook_route(
        &mut self,
        m: &str,
        mut ix: IxState,
        rest: &[&str],
        body: &Value,
        files: &[FilePart],
    ) -> Reply {
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

    pub(super) fn channel_route(
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
            ("POST", ["messages", mid, "threads"]) => self.start_thread(cid, mid, body),
            ("PATCH", []) => self.modify_thread(cid, body),
            ("POST", ["messages"]) => {
                if let Some(refused) = self.thread_post(cid) {
                    return refused;
                }
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
                    if let Some(existing) = self.nonces.get(&(cid, nonce)).and_then(|id| self.messages.get(id)) {
                        return Reply::Json(200, existing.json.clone());
                    }
                }
                let has_ref = body.get("message_reference").is_some_and(|r| !r.is_null());
                let kind = if has_ref { 19 } else { 0 };
                let bot = TestUser::the_bot();
                let mid = self.create_message(cid, &bot, kind, body, files, Origin::Channel);
                if let (Some(nonce), Some(true)) = (nonce, body["enforce_nonce"].as_bool()) {
                    self.nonces.insert((cid, nonce), mid);
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
}

pub(super) fn truncate(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &s[..end])
}

pub(super) fn non_null_or(v: Option<&Value>, default: Value) -> Value {
    match v {
        Some(v) if !v.is_null() => v.clone(),
        _ => default,
    }
}

/// `attachment://name` URLs in embeds point to the uploaded attachment, as on Discord.
pub(super) fn rewrite_embeds(mut embeds: Value, attachments: &[Value]) -> Value {
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

pub(super) async fn rest_handler(
    AxState(shared): AxState<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path().to_string();
    let query = uri.query().unwrap_or("").to_string();
    after_answer_over_http(&shared, &path).await;

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

/// Discord's rules for the Entry Point command (type 4, `PRIMARY_ENTRY_POINT`): one per
/// application, global, with a handler (1: the app's, 2: Discord launches the Activity) and no
/// options.
fn entry_points_valid(guild: Option<u64>, commands: &[Value]) -> Result<(), String> {
    let entry_points: Vec<&Value> = commands.iter().filter(|c| c["type"] == 4).collect();
    if entry_points.len() > 1 {
        return Err("an application has one Entry Point command at most".to_string());
    }
    let Some(entry_point) = entry_points.first() else {
        return Ok(());
    };
    if guild.is_some() {
        return Err("an Entry Point command is global, never a server's".to_string());
    }
    if !matches!(entry_point["handler"].as_u64(), Some(1 | 2)) {
        return Err("an Entry Point command's handler is 1 or 2".to_string());
    }
    if entry_point["options"]
        .as_array()
        .is_some_and(|options| !options.is_empty())
    {
        return Err("an Entry Point command has no options".to_string());
    }
    Ok(())
}
