//! The live game page over real HTTP on 127.0.0.1, on SQLite and
//! PostgreSQL, with Sign in with Discord against the fake Discord: the
//! sign-in sets a signed session and refuses a forged or missing `state`;
//! a move needs a session, the CSRF token (or a bearer token), the player
//! to move and the current ply, and goes through `Service::play` exactly
//! once; the event stream sends each change, whichever way it was made,
//! and a process serves a bounded number of streams. The page in a real
//! browser is `live_page`'s.

use std::time::{Duration, Instant};

use akon::engine::Hole;
use akon::service::{ChallengeRequest, Challenged, MovePress, Player, Service};
use akon::web::session::Sessions;
use akon::web::{SignInSettings, WebOptions, WebServer, CONTENT_SECURITY_POLICY_LIVE};
use reqwest::{header, StatusCode};
use serde_json::Value;

use crate::support::fake_discord::{FakeDiscord, TestUser};
use crate::support::service_fixture::{fixture, here, player, start_game, Fixture};

pub const CLIENT_ID: u64 = 4242;
pub const CLIENT_SECRET: &str = "fake-client-secret-for-tests";

/// The site on 127.0.0.1 with signing in against `discord`.
pub async fn live_site(f: &Fixture, discord: &FakeDiscord, most_watchers: usize) -> (WebServer, String) {
    live_site_over(f.service.clone(), discord, most_watchers).await
}

/// [`live_site`] over any service.
pub async fn live_site_over(service: Service, discord: &FakeDiscord, most_watchers: usize) -> (WebServer, String) {
    discord.set_oauth_client(CLIENT_ID, CLIENT_SECRET);
    let listener = akon::web::bind("127.0.0.1:0".parse().unwrap()).await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let options = WebOptions {
        sign_in: Some(SignInSettings {
            client_id: CLIENT_ID,
            client_secret: CLIENT_SECRET.to_string(),
            base_url: base.clone(),
            discord_url: Some(discord.api_base()),
        }),
        most_watchers,
        ..WebOptions::default()
    };
    let server = akon::web::serve_with(listener, service, options).unwrap();
    (server, base)
}

/// A game between `a` and `b` with a live clock (`code`: "1+0"…): `a`
/// challenges, `b` accepts, and the first mover's clock runs.
pub async fn start_live_game(f: &Fixture, a: &Player, b: &Player, code: &str) -> i64 {
    let request = ChallengeRequest {
        place: here(),
        challenger: a,
        opponent: b,
        opponent_is_the_computer: false,
        level: None,
        time: None,
        time_control: Some(code.parse().unwrap()),
        rated: true,
    };
    match f.service.challenge_or_play(request).await.unwrap() {
        Challenged::Challenge(challenge) => f.service.accept(challenge.id, b).await.unwrap().id,
        other => panic!("{other:?}"),
    }
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// A session of `user` as the site signs it.
fn session_of(f: &Fixture, user: &Player) -> String {
    Sessions::new(CLIENT_SECRET.as_bytes()).issue(user.id, &user.name, f.service.now())
}

fn cookie_header(session: &str) -> String {
    format!("akon_session={session}")
}

fn csrf_of(session: &str) -> String {
    Sessions::new(CLIENT_SECRET.as_bytes()).csrf_token(session)
}

fn set_cookies(response: &reqwest::Response) -> Vec<String> {
    response
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .collect()
}

fn location(response: &reqwest::Response) -> String {
    response.headers()[header::LOCATION].to_str().unwrap().to_string()
}

/// The `name=value` of the cookie `name` among `set_cookies`.
fn cookie_pair(set_cookies: &[String], name: &str) -> String {
    set_cookies
        .iter()
        .find(|c| c.starts_with(&format!("{name}=")))
        .unwrap_or_else(|| panic!("no {name} cookie in {set_cookies:?}"))
        .split(';')
        .next()
        .unwrap()
        .to_string()
}

/// A move through the page's endpoint: `(status, JSON answer)`.
async fn post_move(base: &str, token: &str, headers: &[(&str, String)], body: Value) -> (StatusCode, Value) {
    let mut request = client()
        .post(format!("{base}/g/{token}/move"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.to_string());
    for (name, value) in headers {
        request = request.header(*name, value);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let text = response.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

async fn page_text(url: &str) -> String {
    client().get(url).send().await.unwrap().text().await.unwrap()
}

/// The headers of a page's script signed in as `session`.
fn signed_in(session: &str) -> Vec<(&'static str, String)> {
    vec![("cookie", cookie_header(session)), ("x-csrf-token", csrf_of(session))]
}

/// A stream of the game's states, read event by event.
pub struct Events {
    response: reqwest::Response,
    buffered: String,
}

impl Events {
    pub async fn open(base: &str, token: &str, cookie: Option<&str>) -> Events {
        let mut request = client().get(format!("{base}/g/{token}/events"));
        if let Some(session) = cookie {
            request = request.header("cookie", cookie_header(session));
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[header::CONTENT_TYPE], "text/event-stream");
        assert_eq!(response.headers()["x-accel-buffering"], "no");
        Events {
            response,
            buffered: String::new(),
        }
    }

    /// The next state, within `limit`.
    pub async fn next(&mut self, limit: Duration) -> Value {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            if let Some(end) = self.buffered.find("\n\n") {
                let block: String = self.buffered.drain(..end + 2).collect();
                if let Some(data) = block.lines().find_map(|line| line.strip_prefix("data: ")) {
                    return serde_json::from_str(data).unwrap();
                }
                continue;
            }
            let chunk = tokio::time::timeout_at(deadline, self.response.chunk())
                .await
                .expect("a state within the limit")
                .unwrap()
                .expect("the stream goes on");
            self.buffered.push_str(&String::from_utf8_lossy(&chunk));
        }
    }

    /// The first state at `ply` or later, within `limit`.
    pub async fn until_ply(&mut self, ply: i64, limit: Duration) -> Value {
        let started = Instant::now();
        loop {
            let left = limit.saturating_sub(started.elapsed());
            let state = self.next(left).await;
            if state["ply"].as_i64().unwrap() >= ply {
                return state;
            }
        }
    }
}

on_both_backends!(#[tokio::test] fn signing_in_sets_a_signed_session_and_refuses_a_forged_state);
async fn signing_in_sets_a_signed_session_and_refuses_a_forged_state() {
    let f = fixture().await;
    let discord = FakeDiscord::start().await;
    let alice = TestUser::new(301, "Alice");
    discord.add_user(&alice);
    let (server, base) = live_site(&f, &discord, 100).await;
    let game_id = start_game(&f, &player(301, "Alice"), &player(302, "Bob")).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();

    let login = client()
        .get(format!("{base}/auth/login?next=/g/{token}"))
        .send()
        .await
        .unwrap();
    assert_eq!(login.status(), StatusCode::SEE_OTHER);
    let authorize = location(&login);
    assert!(
        authorize.starts_with(&format!("{}/oauth2/authorize?", discord.api_base())),
        "{authorize}"
    );
    assert!(authorize.contains("scope=identify") && authorize.contains(&format!("client_id={CLIENT_ID}")));
    let state_cookie = cookie_pair(&set_cookies(&login), "akon_sign_in");
    let set = set_cookies(&login).join("\n");
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Lax") && set.contains("Max-Age=600"),
        "{set}"
    );

    // The fake's consent page: a link per user, each back to the callback.
    let consent = client().get(&authorize).send().await.unwrap().text().await.unwrap();
    let start = consent.find("data-user=\"301\" href=\"").unwrap() + "data-user=\"301\" href=\"".len();
    let callback = consent[start..start + consent[start..].find('"').unwrap()].replace("&amp;", "&");
    assert!(
        callback.starts_with(&format!("{base}/auth/callback?code=")),
        "{callback}"
    );

    // Without the browser's state cookie, or with another state: refused.
    let without = client().get(&callback).send().await.unwrap();
    assert_eq!(without.status(), StatusCode::BAD_REQUEST);
    assert!(set_cookies(&without).iter().all(|c| !c.starts_with("akon_session=")));
    assert!(without.text().await.unwrap().contains("could not be checked"));
    let forged_state = callback.replace("state=", "state=x");
    let forged = client()
        .get(&forged_state)
        .header("cookie", &state_cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), StatusCode::BAD_REQUEST);
    assert_eq!(discord.oauth_exchanges(), 0, "no code is traded without the state");

    let signed = client()
        .get(&callback)
        .header("cookie", &state_cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(signed.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&signed), format!("{base}/g/{token}"));
    let cookies = set_cookies(&signed);
    let session = cookie_pair(&cookies, "akon_session");
    let session_line = cookies.iter().find(|c| c.starts_with("akon_session=")).unwrap();
    assert!(session_line.contains("HttpOnly") && session_line.contains("SameSite=Lax"));
    assert!(session_line.contains("Max-Age=604800") && session_line.contains("Path=/"));
    assert!(cookies
        .iter()
        .any(|c| c.starts_with("akon_sign_in=;") && c.contains("Max-Age=0")));
    let verified = Sessions::new(CLIENT_SECRET.as_bytes())
        .verify(session.trim_start_matches("akon_session="), f.service.now())
        .unwrap();
    assert_eq!((verified.user_id, verified.name.as_str()), (301, "Alice"));

    // A code is good once.
    let again = client()
        .get(&callback)
        .header("cookie", &state_cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::BAD_GATEWAY);

    // Who is signed in, for the page's script.
    let me: Value = client()
        .get(format!("{base}/auth/session"))
        .header("cookie", &session)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .map(|text| serde_json::from_str(&text).unwrap())
        .unwrap();
    assert_eq!(me["signed_in"], true);
    assert_eq!(me["user_id"], "301");
    assert!(Sessions::new(CLIENT_SECRET.as_bytes()).csrf_matches(
        session.trim_start_matches("akon_session="),
        me["csrf"].as_str().unwrap()
    ));

    // Signing out removes the cookie.
    let out = client()
        .post(format!("{base}/auth/logout"))
        .header("cookie", &session)
        .send()
        .await
        .unwrap();
    assert_eq!(out.status(), StatusCode::NO_CONTENT);
    assert!(set_cookies(&out)
        .iter()
        .any(|c| c.starts_with("akon_session=;") && c.contains("Max-Age=0")));
    server.stop().await;
}

on_both_backends!(#[tokio::test] fn a_move_needs_the_session_the_csrf_token_the_turn_and_the_current_ply);
async fn a_move_needs_the_session_the_csrf_token_the_turn_and_the_current_ply() {
    let f = fixture().await;
    let discord = FakeDiscord::start().await;
    let (server, base) = live_site(&f, &discord, 100).await;
    let (alice, bob, carol) = (player(301, "Alice"), player(302, "Bob"), player(303, "Carol"));
    let game_id = start_game(&f, &alice, &bob).await;
    let other_game = start_game(&f, &carol, &player(304, "Dan")).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let other_token = f.service.game_page_token(other_game).await.unwrap().unwrap();
    let view = f.service.game(game_id).await.unwrap();
    let mover = view.player(view.to_move().unwrap()).user_id;
    let (to_move, waiting) = if mover == alice.id {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let hole = view.game.legal_moves().iter().next().unwrap().number();
    let a_move = serde_json::json!({ "ply": 0, "hole": hole });
    let (s_to_move, s_waiting, s_carol) = (session_of(&f, to_move), session_of(&f, waiting), session_of(&f, &carol));

    let refused = [
        // No session; a forged one; the cookie without the CSRF token; the
        // CSRF token of another session.
        (vec![], StatusCode::UNAUTHORIZED, "sign-in"),
        (signed_in(&format!("{s_to_move}x")), StatusCode::UNAUTHORIZED, "sign-in"),
        (
            vec![("cookie", cookie_header(&s_to_move))],
            StatusCode::FORBIDDEN,
            "csrf",
        ),
        (
            vec![
                ("cookie", cookie_header(&s_to_move)),
                ("x-csrf-token", csrf_of(&s_waiting)),
            ],
            StatusCode::FORBIDDEN,
            "csrf",
        ),
        // The other player, and someone watching.
        (signed_in(&s_waiting), StatusCode::CONFLICT, "not-your-turn"),
        (signed_in(&s_carol), StatusCode::FORBIDDEN, "not-a-player"),
    ];
    for (headers, status, code) in refused {
        let (got, answer) = post_move(&base, &token, &headers, a_move.clone()).await;
        assert_eq!(
            (got, answer["error"].as_str().unwrap_or("")),
            (status, code),
            "{answer}"
        );
        assert!(!answer["message"].as_str().unwrap().is_empty());
    }
    // Carol's session on her own game's page does not reach this one, and
    // a bad body or hole is no move.
    let (got, answer) = post_move(&base, &other_token, &signed_in(&s_to_move), a_move.clone()).await;
    assert_eq!(
        (got, answer["error"].as_str().unwrap()),
        (StatusCode::FORBIDDEN, "not-a-player")
    );
    for bad in [
        serde_json::json!({ "ply": 0 }),
        serde_json::json!({ "ply": 0, "hole": 9 }),
        Value::Null,
    ] {
        let (got, answer) = post_move(&base, &token, &signed_in(&s_to_move), bad).await;
        assert_eq!(
            (got, answer["error"].as_str().unwrap()),
            (StatusCode::BAD_REQUEST, "bad-request")
        );
    }
    assert_eq!(f.service.game(game_id).await.unwrap().ply(), 0, "nothing was played");

    // In the page's language.
    let french = client()
        .post(format!("{base}/g/{token}/move?lang=fr"))
        .header("cookie", cookie_header(&s_waiting))
        .header("x-csrf-token", csrf_of(&s_waiting))
        .body(a_move.to_string())
        .send()
        .await
        .unwrap();
    let french: Value = serde_json::from_str(&french.text().await.unwrap()).unwrap();
    assert_eq!(french["message"], "Ce n'est pas ton tour.");

    let (got, state) = post_move(&base, &token, &signed_in(&s_to_move), a_move.clone()).await;
    assert_eq!(got, StatusCode::OK, "{state}");
    assert_eq!(state["ply"], 1);
    assert_eq!(f.service.game(game_id).await.unwrap().ply(), 1);
    // The same move again is stale.
    let (got, answer) = post_move(&base, &token, &signed_in(&s_to_move), a_move).await;
    assert_eq!(
        (got, answer["error"].as_str().unwrap()),
        (StatusCode::CONFLICT, "stale")
    );

    // A bearer token needs no CSRF token: no browser sends it on its own.
    let view = f.service.game(game_id).await.unwrap();
    let hole = view.game.legal_moves().iter().next().unwrap().number();
    let bearer = vec![("authorization", format!("Bearer {s_waiting}"))];
    let (got, state) = post_move(&base, &token, &bearer, serde_json::json!({ "ply": 1, "hole": hole })).await;
    assert_eq!(got, StatusCode::OK, "{state}");
    assert_eq!(f.service.game(game_id).await.unwrap().ply(), 2);
    server.stop().await;
}

on_both_backends!(#[tokio::test] fn a_burst_of_moves_is_cut_at_five_a_second);
async fn a_burst_of_moves_is_cut_at_five_a_second() {
    let f = fixture().await;
    let discord = FakeDiscord::start().await;
    let (server, base) = live_site(&f, &discord, 100).await;
    let (alice, bob) = (player(301, "Alice"), player(302, "Bob"));
    let game_id = start_game(&f, &alice, &bob).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let session = session_of(&f, &alice);
    let mut statuses = Vec::new();
    for _ in 0..8 {
        // Stale or not their turn: refusals, but each counts.
        let (got, _) = post_move(
            &base,
            &token,
            &signed_in(&session),
            serde_json::json!({ "ply": 99, "hole": 1 }),
        )
        .await;
        statuses.push(got);
    }
    assert!(statuses[..5].iter().all(|s| *s == StatusCode::CONFLICT), "{statuses:?}");
    assert!(statuses[5..].contains(&StatusCode::TOO_MANY_REQUESTS), "{statuses:?}");
    server.stop().await;
}

on_both_backends!(#[tokio::test] fn the_stream_sends_each_change_whoever_made_it);
async fn the_stream_sends_each_change_whoever_made_it() {
    let f = fixture().await;
    let discord = FakeDiscord::start().await;
    let (server, base) = live_site(&f, &discord, 100).await;
    let (alice, bob) = (player(301, "Alice"), player(302, "Bob"));
    let game_id = start_game(&f, &alice, &bob).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let mut watching = Events::open(&base, &token, None).await;
    let first = watching.next(Duration::from_secs(5)).await;
    assert_eq!(first["ply"], 0);
    assert_eq!(first["you"], Value::Null);
    assert_eq!(first["holes"], serde_json::json!([]), "a watcher gets no holes");
    assert!(first["board_svg"].as_str().unwrap().starts_with("<svg"));
    assert_eq!(first["players"][0]["name"], "Alice");

    // A move made elsewhere than this site (a press on Discord, another
    // process): found by the polling, within a second.
    let view = f.service.game(game_id).await.unwrap();
    let seat = view.to_move().unwrap();
    let mover = if view.player(seat).user_id == alice.id {
        &alice
    } else {
        &bob
    };
    let hole = view.game.legal_moves().iter().next().unwrap();
    f.service.play(MovePress::new(game_id, 0, hole, mover)).await.unwrap();
    let started = Instant::now();
    let state = watching.until_ply(1, Duration::from_secs(1)).await;
    assert!(started.elapsed() < Duration::from_secs(1));
    assert_eq!(state["to_move"], seat.opponent().to_string());

    // A player's own stream says it is their turn, with their holes.
    let next = if mover.id == alice.id { &bob } else { &alice };
    let mut player_stream = Events::open(&base, &token, Some(&session_of(&f, next))).await;
    let mine = player_stream.next(Duration::from_secs(5)).await;
    assert_eq!(mine["you"], seat.opponent().to_string());
    assert_eq!(mine["holes"].as_array().unwrap().len(), 7);
    assert!(mine["holes"][0]["label"].as_str().unwrap().starts_with("Hole 1, "));
    assert_eq!(mine["status"], "Your turn: choose a hole on your row.");

    // A resignation is a change too.
    f.service.resign(game_id, next).await.unwrap();
    let state = watching.next(Duration::from_secs(1)).await;
    assert_eq!(state["finished"], true);
    assert!(state["result"].as_str().unwrap().contains("resign"), "{state}");
    // Nothing more can come: the stream ends.
    let end = tokio::time::timeout(Duration::from_secs(2), watching.response.chunk()).await;
    assert!(matches!(end, Ok(Ok(None))), "the stream ends after the result");
    server.stop().await;
}

on_both_backends!(#[tokio::test] fn a_press_and_a_click_at_the_same_ply_make_one_move);
async fn a_press_and_a_click_at_the_same_ply_make_one_move() {
    let f = fixture().await;
    let discord = FakeDiscord::start().await;
    let (server, base) = live_site(&f, &discord, 100).await;
    let (alice, bob) = (player(301, "Alice"), player(302, "Bob"));
    let game_id = start_game(&f, &alice, &bob).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let view = f.service.game(game_id).await.unwrap();
    let seat = view.to_move().unwrap();
    let mover = if view.player(seat).user_id == alice.id {
        alice.clone()
    } else {
        bob.clone()
    };
    let holes: Vec<Hole> = view.game.legal_moves().iter().collect();
    let session = session_of(&f, &mover);
    let headers = signed_in(&session);
    let click = post_move(
        &base,
        &token,
        &headers,
        serde_json::json!({ "ply": 0, "hole": holes[0].number() }),
    );
    let service = f.service.clone();
    let pressed = mover.clone();
    let hole = *holes.last().unwrap();
    let press = async move { service.play(MovePress::new(game_id, 0, hole, &pressed)).await };
    let ((clicked, _), pressed) = tokio::join!(click, press);
    let wins = usize::from(clicked == StatusCode::OK) + usize::from(pressed.is_ok());
    assert_eq!(wins, 1, "click {clicked}, press {pressed:?}");
    assert_eq!(f.service.game(game_id).await.unwrap().ply(), 1);
    server.stop().await;
}

on_both_backends!(#[tokio::test] fn a_process_serves_a_bounded_number_of_streams);
async fn a_process_serves_a_bounded_number_of_streams() {
    let f = fixture().await;
    let discord = FakeDiscord::start().await;
    let (server, base) = live_site(&f, &discord, 2).await;
    let game_id = start_game(&f, &player(301, "Alice"), &player(302, "Bob")).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let mut one = Events::open(&base, &token, None).await;
    let mut two = Events::open(&base, &token, None).await;
    one.next(Duration::from_secs(5)).await;
    two.next(Duration::from_secs(5)).await;
    let third = client().get(format!("{base}/g/{token}/events")).send().await.unwrap();
    assert_eq!(third.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(third.headers()[header::RETRY_AFTER], "30");
    let third: Value = serde_json::from_str(&third.text().await.unwrap()).unwrap();
    assert_eq!(third["error"], "full");
    // The count reaches those watching.
    let counted = one.next(Duration::from_secs(2)).await;
    assert_eq!(counted["watchers"], 2, "{counted}");
    // A stream closed frees its place.
    drop(two);
    let mut freed = None;
    for _ in 0..40 {
        let again = client().get(format!("{base}/g/{token}/events")).send().await.unwrap();
        if again.status() == StatusCode::OK {
            freed = Some(again);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(freed.is_some(), "a place is freed");
    server.stop().await;
}

on_both_backends!(#[tokio::test] fn without_signing_in_the_site_stays_read_only);
async fn without_signing_in_the_site_stays_read_only() {
    let f = fixture().await;
    let listener = akon::web::bind("127.0.0.1:0".parse().unwrap()).await.unwrap();
    let server = akon::web::serve(listener, f.service.clone()).unwrap();
    let base = format!("http://{}", server.addr());
    let game_id = start_game(&f, &player(301, "Alice"), &player(302, "Bob")).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let html = client().get(format!("{base}/g/{token}")).send().await.unwrap();
    assert_eq!(
        html.headers()[header::CONTENT_SECURITY_POLICY],
        akon::web::CONTENT_SECURITY_POLICY
    );
    let html = html.text().await.unwrap();
    assert!(
        !html.contains("data-live") && !html.contains("type=\"module\""),
        "{html}"
    );
    for path in ["/auth/login", "/auth/session", "/g/TOKEN/events"] {
        let got = client()
            .get(format!("{base}{}", path.replace("TOKEN", &token)))
            .send()
            .await
            .unwrap();
        assert_eq!(got.status(), StatusCode::NOT_FOUND, "{path}");
    }
    for path in ["/auth/logout", "/g/TOKEN/move"] {
        let got = client()
            .post(format!("{base}{}", path.replace("TOKEN", &token)))
            .send()
            .await
            .unwrap();
        assert_eq!(got.status(), StatusCode::METHOD_NOT_ALLOWED, "{path}");
        assert!(got.headers().get(header::SET_COOKIE).is_none());
    }
    server.stop().await;
}

on_both_backends!(#[tokio::test] fn with_signing_in_a_game_in_progress_loads_the_live_script);
async fn with_signing_in_a_game_in_progress_loads_the_live_script() {
    let f = fixture().await;
    let discord = FakeDiscord::start().await;
    let (server, base) = live_site(&f, &discord, 100).await;
    let game_id = start_game(&f, &player(301, "Alice"), &player(302, "Bob")).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let response = client().get(format!("{base}/g/{token}")).send().await.unwrap();
    assert_eq!(
        response.headers()[header::CONTENT_SECURITY_POLICY],
        CONTENT_SECURITY_POLICY_LIVE
    );
    assert!(
        response.headers().get(header::SET_COOKIE).is_none(),
        "a page sets no cookie"
    );
    let html = response.text().await.unwrap();
    assert!(html.contains("data-live=\"events\""), "{html}");
    assert!(html.contains("<script type=\"module\" src=\"../static/live."), "{html}");
    // Only at the last move: an earlier one is history.
    let html = client()
        .get(format!("{base}/g/{token}?ply=0"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        html.contains("data-live=\"events\""),
        "ply 0 is the last move of a new game"
    );
    // A GET on the move address, or a POST elsewhere, is refused.
    let get = client().get(format!("{base}/g/{token}/move")).send().await.unwrap();
    assert_eq!(get.status(), StatusCode::METHOD_NOT_ALLOWED);
    let post = client().post(format!("{base}/g/{token}")).send().await.unwrap();
    assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
    server.stop().await;
}

on_both_backends!(#[tokio::test] fn without_scripts_the_live_page_is_the_read_only_page);
async fn without_scripts_the_live_page_is_the_read_only_page() {
    let f = fixture().await;
    let discord = FakeDiscord::start().await;
    let (live, live_base) = live_site(&f, &discord, 100).await;
    let listener = akon::web::bind("127.0.0.1:0".parse().unwrap()).await.unwrap();
    let read_only = akon::web::serve(listener, f.service.clone()).unwrap();
    let read_only_base = format!("http://{}", read_only.addr());
    let (alice, bob) = (player(301, "Alice"), player(302, "Bob"));
    let game_id = start_game(&f, &alice, &bob).await;
    let view = f.service.game(game_id).await.unwrap();
    let seat = view.to_move().unwrap();
    let mover = if view.player(seat).user_id == alice.id {
        &alice
    } else {
        &bob
    };
    let hole = view.game.legal_moves().iter().next().unwrap();
    f.service.play(MovePress::new(game_id, 0, hole, mover)).await.unwrap();
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    for query in ["", "?ply=0", "?ply=1&lang=fr"] {
        let with_live = page_text(&format!("{live_base}/g/{token}{query}")).await;
        let without = page_text(&format!("{read_only_base}/g/{token}{query}")).await;
        // All the live page adds: the board's mark and the module that reads it.
        let script_at = with_live.find("<script type=\"module\"");
        let stripped = match script_at {
            Some(at) => {
                let end = at + with_live[at..].find("</script>").unwrap() + "</script>".len();
                format!("{}{}", &with_live[..at], &with_live[end..]).replace(" data-live=\"events\"", "")
            }
            None => with_live.clone(),
        };
        assert_eq!(stripped, without, "{query}");
        assert_eq!(
            script_at.is_some(),
            query != "?ply=0",
            "{query}: live at the last move only"
        );
    }
    live.stop().await;
    read_only.stop().await;
}

/// A move on the page is posted on Discord by the bot as a press's board
/// is: the move leaves the board owed, and the bot's delivery loop posts
/// it (here the site runs on a service of its own over the same database,
/// as another process would).
#[tokio::test]
async fn a_move_on_the_page_is_posted_on_discord_as_a_press_is() {
    use crate::support::fake_discord as fake;
    use crate::support::scene::{alice, bob, Scene};
    let scene = Scene::new().await;
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    let service = scene.service().await;
    let (server, base) = live_site_over(service.clone(), &scene.fake, 100).await;
    let content = fake::content(&board);
    let at = content.find("game #").expect("a board names its game") + "game #".len();
    let game_id: i64 = content[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap();
    let view = service.game(game_id).await.unwrap();
    assert_eq!(
        view.players[0].user_id.max(view.players[1].user_id),
        alice().id.max(bob().id)
    );
    let seat = view.to_move().unwrap();
    let mover = view.player(seat);
    let session = Sessions::new(CLIENT_SECRET.as_bytes()).issue(mover.user_id, &mover.name, service.now());
    let token = service.game_page_token(game_id).await.unwrap().unwrap();
    let hole = view.game.legal_moves().iter().next().unwrap().number();
    let (got, state) = post_move(
        &base,
        &token,
        &signed_in(&session),
        serde_json::json!({ "ply": 0, "hole": hole }),
    )
    .await;
    assert_eq!(got, StatusCode::OK, "{state}");
    let boards = scene.boards_since(fake::message_id(&board), 1).await;
    let posted = boards.last().unwrap();
    assert!(!fake::buttons(posted).is_empty(), "the new board takes moves: {posted}");
    assert_eq!(
        scene
            .service()
            .await
            .game(game_id)
            .await
            .unwrap()
            .board_message
            .unwrap()
            .ply,
        1
    );
    server.stop().await;
    scene.finish().await;
}

on_both_backends!(#[tokio::test] fn the_state_carries_the_live_clock_as_at_each_send);
async fn the_state_carries_the_live_clock_as_at_each_send() {
    let f = fixture().await;
    let discord = FakeDiscord::start().await;
    let (server, base) = live_site(&f, &discord, 100).await;
    let (alice, bob) = (player(301, "Alice"), player(302, "Bob"));
    let game_id = start_live_game(&f, &alice, &bob, "3+2").await;
    let view = f.service.game(game_id).await.unwrap();
    let first = view.to_move().unwrap();
    let (i, other) = (first.index(), first.opponent().index());
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let mut watching = Events::open(&base, &token, None).await;
    let state = watching.next(Duration::from_secs(5)).await;
    assert_eq!(state["clock"]["code"], "3+2", "{state}");
    assert_eq!(state["clock"]["running"], first.to_string());
    assert_eq!(state["clock"]["remaining_ms"], serde_json::json!([180_000, 180_000]));
    assert_eq!(state["time_control"], "Time control: 3+2 (3 min + 2 s per move)");
    assert_eq!(state["players"][0]["clock_label"], "Clock of Alice");

    // Seven seconds into the turn, a watcher who arrives now shares the
    // state already read, but sees the time spent since the turn began.
    f.clock.advance(7);
    let mut late = Events::open(&base, &token, None).await;
    let state = late.next(Duration::from_secs(5)).await;
    assert_eq!(state["ply"], 0, "the same turn");
    assert_eq!(state["clock"]["remaining_ms"][i], 173_000, "{state}");
    assert_eq!(state["clock"]["remaining_ms"][other], 180_000, "{state}");

    // The move: the mover's time less the move's, plus the increment; the
    // other clock runs.
    f.clock.advance(3);
    let mover = if view.player(first).user_id == alice.id {
        &alice
    } else {
        &bob
    };
    let hole = view.game.legal_moves().iter().next().unwrap();
    f.service.play(MovePress::new(game_id, 0, hole, mover)).await.unwrap();
    let state = watching.until_ply(1, Duration::from_secs(2)).await;
    assert_eq!(state["clock"]["running"], first.opponent().to_string());
    assert_eq!(state["clock"]["remaining_ms"][i], 172_000, "180 - 10 + 2: {state}");
    assert_eq!(state["clock"]["remaining_ms"][other], 180_000, "{state}");

    // The flag falls: the stream says so, with the clock at zero, stopped.
    f.clock.advance(180);
    assert_eq!(f.service.end_flagged_games().await.unwrap(), 1);
    let state = watching.next(Duration::from_secs(2)).await;
    assert_eq!(state["finished"], true, "{state}");
    assert_eq!(state["clock"]["running"], Value::Null, "{state}");
    assert_eq!(state["clock"]["remaining_ms"][other], 0, "{state}");
    assert_eq!(state["clock"]["remaining_ms"][i], 172_000, "{state}");

    // A game without a live clock has none in its state.
    let plain = start_game(&f, &alice, &bob).await;
    let token = f.service.game_page_token(plain).await.unwrap().unwrap();
    let state = Events::open(&base, &token, None)
        .await
        .next(Duration::from_secs(5))
        .await;
    assert!(state.get("clock").is_none(), "{state}");
    assert_eq!(state["time_control"], Value::Null);
    server.stop().await;
}

on_both_backends!(#[tokio::test] fn the_read_only_page_names_a_live_game_s_time_control);
async fn the_read_only_page_names_a_live_game_s_time_control() {
    let f = fixture().await;
    let (alice, bob) = (player(301, "Alice"), player(302, "Bob"));
    let live = start_live_game(&f, &alice, &bob, "5+3").await;
    let plain = start_game(&f, &alice, &bob).await;
    let discord = FakeDiscord::start().await;
    let (server, base) = live_site(&f, &discord, 100).await;
    for (lang, line) in [
        ("en", "Time control: 5+3 (5 min + 3 s per move)"),
        ("fr", "Cadence\u{a0}: 5+3 (5 min + 3 s par coup)"),
        ("es", "Ritmo: 5+3 (5 min + 3 s por jugada)"),
        ("pt", "Ritmo: 5+3 (5 min + 3 s por jogada)"),
    ] {
        let token = f.service.game_page_token(live).await.unwrap().unwrap();
        let page = page_text(&format!("{base}/g/{token}?lang={lang}")).await;
        assert!(
            page.contains(&format!("<li class=\"time-control\">{line}</li>")),
            "{lang}: {page}"
        );
    }
    let token = f.service.game_page_token(plain).await.unwrap().unwrap();
    let page = page_text(&format!("{base}/g/{token}")).await;
    assert!(!page.contains("Time control"), "{page}");
    assert!(page.contains("Time per move: "), "{page}");
    server.stop().await;
}
