//! The gateway: the websocket session (HELLO, IDENTIFY, READY, heartbeats, resumes) and
//! the dispatches sent on it.

use super::*;

pub(super) async fn gateway_handler(AxState(shared): AxState<Arc<Shared>>, ws: WebSocketUpgrade) -> Response {
    ws.on_upgrade(move |socket| run_session(shared, socket))
}

pub(super) async fn send_json(socket: &mut WebSocket, v: &Value) -> bool {
    socket.send(WsMessage::Text(v.to_string().into())).await.is_ok()
}

pub(super) async fn run_session(shared: Arc<Shared>, mut socket: WebSocket) {
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
