//! The Discord Activity's side of the site over real HTTP on 127.0.0.1,
//! with the fake Discord's OAuth2: the Activity's page and who may frame
//! it (and that nothing else may be framed), the sign-in's exchange of a
//! code (a bad code, none, twice, the rate limit), and the channel's game
//! (no session, a cookie instead of a bearer, a forged session, a wrong
//! channel or server, pages turned off; on both backends). All of it is
//! a 404 (or a 405 for the POST) while the Activity is off. The page in a
//! real browser is `activity_browser`'s.

use akon::web::session::Sessions;
use akon::web::{
    SignInSettings, WebOptions, WebServer, ACTIVITY_CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_LIVE,
};
use reqwest::{header, StatusCode};
use serde_json::{json, Value};

use crate::support::fake_discord::{FakeDiscord, TestUser};
use crate::support::service_fixture::{change_web_pages, fixture, player, start_game, Fixture, CHANNEL, GUILD};

pub const CLIENT_ID: u64 = 5151;
pub const CLIENT_SECRET: &str = "fake-activity-secret-for-tests";

/// The site on 127.0.0.1 with signing in against `discord`, and the
/// Activity on or off.
pub async fn activity_site(f: &Fixture, discord: &FakeDiscord, activity: bool) -> (WebServer, String) {
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
        activity,
        ..WebOptions::default()
    };
    let server = akon::web::serve_with(listener, f.service.clone(), options).unwrap();
    (server, base)
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

fn header_of(response: &reqwest::Response, name: header::HeaderName) -> Option<String> {
    response.headers().get(name).map(|v| v.to_str().unwrap().to_string())
}

/// `POST /api/activity/token` with `body` as JSON: `(status, answer)`.
async fn exchange(base: &str, body: Value) -> (StatusCode, Value, reqwest::header::HeaderMap) {
    let response = client()
        .post(format!("{base}/api/activity/token"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    (status, json_of(response).await, headers)
}

/// `GET /api/activity/game?…` with `headers`: `(status, answer)`.
async fn channel_game(base: &str, query: &str, headers: &[(&str, String)]) -> (StatusCode, Value) {
    let mut request = client().get(format!("{base}/api/activity/game?{query}"));
    for (name, value) in headers {
        request = request.header(*name, value);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    (status, json_of(response).await)
}

/// The answer's JSON (`null` when it is none).
async fn json_of(response: reqwest::Response) -> Value {
    serde_json::from_str(&response.text().await.unwrap()).unwrap_or(Value::Null)
}

fn bearer(session: &str) -> Vec<(&'static str, String)> {
    vec![("authorization", format!("Bearer {session}"))]
}

fn here() -> String {
    format!("guild={GUILD}&channel={CHANNEL}")
}

#[tokio::test]
async fn only_the_activity_page_may_be_framed_and_by_discord_alone() {
    let f = fixture().await;
    let discord = FakeDiscord::start().await;
    let (server, base) = activity_site(&f, &discord, true).await;
    let game_id = start_game(&f, &player(301, "Alice"), &player(302, "Bob")).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();

    for path in [
        "/activity",
        "/activity?guild_id=1&channel_id=2",
        "/?frame_id=f&instance_id=i&channel_id=2",
    ] {
        let response = client().get(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let policy = header_of(&response, header::CONTENT_SECURITY_POLICY).unwrap();
        assert_eq!(policy, ACTIVITY_CONTENT_SECURITY_POLICY, "{path}");
        assert!(policy.contains("frame-ancestors https://discord.com https://*.discord.com https://*.discordsays.com"));
        assert!(policy.contains("connect-src 'self'") && policy.contains("script-src 'self'"));
        assert_eq!(header_of(&response, header::X_FRAME_OPTIONS), None, "{path}");
        assert_eq!(
            header_of(&response, header::X_CONTENT_TYPE_OPTIONS).as_deref(),
            Some("nosniff")
        );
        assert_eq!(header_of(&response, header::SET_COOKIE), None);
        let page = response.text().await.unwrap();
        assert!(page.contains(&format!("data-client-id=\"{CLIENT_ID}\"")), "{page}");
        let script = page
            .split("<script type=\"module\" src=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .expect("the page loads the Activity's script")
            .to_string();
        assert!(
            script.starts_with("static/activity.") && script.ends_with(".js"),
            "{script}"
        );
        let bundle = client().get(format!("{base}/{script}")).send().await.unwrap();
        assert_eq!(bundle.status(), StatusCode::OK);
        assert_eq!(
            header_of(&bundle, header::CONTENT_TYPE).as_deref(),
            Some("text/javascript; charset=utf-8")
        );
        assert_eq!(
            bundle.bytes().await.unwrap().as_ref(),
            std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/web/activity.js")).unwrap()
        );
    }
    // Every other answer keeps the site's policy: no frame at all.
    for path in [
        "/".to_string(),
        "/?lang=fr".to_string(),
        format!("/g/{token}"),
        format!("/g/{token}?frame_id=f"),
        "/activity/x".to_string(),
        "/api/activity/game".to_string(),
        "/nowhere".to_string(),
    ] {
        let response = client().get(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(
            header_of(&response, header::CONTENT_SECURITY_POLICY).as_deref(),
            Some(CONTENT_SECURITY_POLICY_LIVE),
            "{path}"
        );
        assert_eq!(
            header_of(&response, header::X_FRAME_OPTIONS).as_deref(),
            Some("DENY"),
            "{path}"
        );
    }
    let front = client()
        .get(format!("{base}/"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(!front.contains("data-client-id"), "the front page is no Activity");
    server.stop().await;
}

#[tokio::test]
async fn with_the_activity_off_its_addresses_are_not_found_and_nothing_is_framed() {
    let f = fixture().await;
    let discord = FakeDiscord::start().await;
    let alice = TestUser::new(301, "Alice");
    discord.add_user(&alice);
    let (server, base) = activity_site(&f, &discord, false).await;
    let page = client().get(format!("{base}/activity")).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::NOT_FOUND);
    assert_eq!(header_of(&page, header::X_FRAME_OPTIONS).as_deref(), Some("DENY"));
    let opened = client().get(format!("{base}/?frame_id=f")).send().await.unwrap();
    assert_eq!(opened.status(), StatusCode::OK);
    assert_eq!(header_of(&opened, header::X_FRAME_OPTIONS).as_deref(), Some("DENY"));
    assert!(!opened.text().await.unwrap().contains("data-client-id"));
    let code = discord.oauth_code(&alice, None);
    let (status, _, _) = exchange(&base, json!({ "code": code })).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "the POST is not even allowed");
    let session = Sessions::new(CLIENT_SECRET.as_bytes()).issue(301, "Alice", f.service.now());
    assert_eq!(
        channel_game(&base, &here(), &bearer(&session)).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(discord.oauth_exchanges(), 0);
    server.stop().await;
}

#[tokio::test]
async fn a_code_is_traded_once_for_the_access_token_and_a_session() {
    let f = fixture().await;
    let discord = FakeDiscord::start().await;
    let alice = TestUser::new(301, "Alice");
    discord.add_user(&alice);
    let (server, base) = activity_site(&f, &discord, true).await;

    let code = discord.oauth_code(&alice, None);
    let (status, answer, headers) = exchange(&base, json!({ "code": code })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(headers[header::CACHE_CONTROL], "no-store");
    assert!(
        answer["access_token"].as_str().is_some_and(|t| !t.is_empty()),
        "{answer}"
    );
    let session = answer["session"].as_str().unwrap();
    let user = Sessions::new(CLIENT_SECRET.as_bytes())
        .verify(session, f.service.now())
        .expect("a session the site signed");
    assert_eq!((user.user_id, user.name.as_str()), (301, "Alice"));

    // The same code again, a made-up one: Discord refuses, and so does the bot.
    for code in [code.as_str(), "mock_code"] {
        let (status, answer, _) = exchange(&base, json!({ "code": code })).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{answer}");
        assert!(answer["error"].as_str().unwrap().contains("refused"), "{answer}");
        assert!(answer.get("session").is_none());
    }
    // No code, or not JSON: refused before Discord is asked.
    let asked = discord.oauth_exchanges();
    for body in [json!({}), json!({ "code": "" }), json!({ "code": 12 }), json!(["code"])] {
        assert_eq!(exchange(&base, body.clone()).await.0, StatusCode::BAD_REQUEST, "{body}");
    }
    let form = client()
        .post(format!("{base}/api/activity/token"))
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body("code=x")
        .send()
        .await
        .unwrap();
    assert_eq!(form.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let get = client().get(format!("{base}/api/activity/token")).send().await.unwrap();
    assert_eq!(get.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(discord.oauth_exchanges(), asked);
    server.stop().await;
}

#[tokio::test]
async fn sign_ins_beyond_the_limit_wait_without_asking_discord() {
    let f = fixture().await;
    let discord = FakeDiscord::start().await;
    let alice = TestUser::new(301, "Alice");
    discord.add_user(&alice);
    let (server, base) = activity_site(&f, &discord, true).await;
    for n in 0..akon::web::ACTIVITY_SIGN_INS_PER_MINUTE {
        let (status, _, _) = exchange(&base, json!({ "code": format!("bad-{n}") })).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    let good = discord.oauth_code(&alice, None);
    let (status, answer, headers) = exchange(&base, json!({ "code": good })).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{answer}");
    let wait: u64 = headers[header::RETRY_AFTER].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    assert_eq!(
        discord.oauth_exchanges(),
        akon::web::ACTIVITY_SIGN_INS_PER_MINUTE as u64,
        "the refused one never reached Discord"
    );
    server.stop().await;
}

on_both_backends!(#[tokio::test] fn the_channel_s_game_needs_a_bearer_session_and_the_right_channel);
async fn the_channel_s_game_needs_a_bearer_session_and_the_right_channel() {
    let f = fixture().await;
    let discord = FakeDiscord::start().await;
    let (server, base) = activity_site(&f, &discord, true).await;
    let (alice, bob, carol, dan) = (
        player(301, "Alice"),
        player(302, "Bob"),
        player(303, "Carol"),
        player(304, "Dan"),
    );
    let theirs = start_game(&f, &alice, &bob).await;
    f.clock.advance(60);
    let later = start_game(&f, &carol, &dan).await;
    let sessions = Sessions::new(CLIENT_SECRET.as_bytes());
    let now = f.service.now();
    let (alice_session, eve_session) = (sessions.issue(301, "Alice", now), sessions.issue(309, "Eve", now));

    // No session, a cookie (a frame of another site gets none), a forged or expired one.
    assert_eq!(channel_game(&base, &here(), &[]).await.0, StatusCode::UNAUTHORIZED);
    let cookie = vec![("cookie", format!("akon_session={alice_session}"))];
    assert_eq!(channel_game(&base, &here(), &cookie).await.0, StatusCode::UNAUTHORIZED);
    let forged = Sessions::new(b"another secret").issue(301, "Alice", now);
    assert_eq!(
        channel_game(&base, &here(), &bearer(&forged)).await.0,
        StatusCode::UNAUTHORIZED
    );
    let expired = sessions.issue(301, "Alice", now - 8 * 24 * 3600);
    assert_eq!(
        channel_game(&base, &here(), &bearer(&expired)).await.0,
        StatusCode::UNAUTHORIZED
    );

    // A player gets their own game; anyone else the most recently active.
    let (status, mine) = channel_game(&base, &here(), &bearer(&alice_session)).await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    assert_eq!(mine["game"], theirs);
    assert_eq!(mine["plays"], true);
    assert_eq!(mine["token"], f.service.game_page_token(theirs).await.unwrap().unwrap());
    let (status, watched) = channel_game(&base, &here(), &bearer(&eve_session)).await;
    assert_eq!(status, StatusCode::OK, "{watched}");
    assert_eq!(
        (watched["game"].as_i64(), watched["plays"].as_bool()),
        (Some(later), Some(false))
    );

    // A channel or a server with no game, or ids that are not ids.
    let elsewhere = format!("guild={GUILD}&channel={}", CHANNEL + 1);
    assert_eq!(
        channel_game(&base, &elsewhere, &bearer(&alice_session)).await.0,
        StatusCode::NOT_FOUND
    );
    let other_server = format!("guild={}&channel={CHANNEL}", GUILD + 1);
    assert_eq!(
        channel_game(&base, &other_server, &bearer(&alice_session)).await.0,
        StatusCode::NOT_FOUND
    );
    let no_server = format!("guild=&channel={CHANNEL}");
    assert_eq!(
        channel_game(&base, &no_server, &bearer(&alice_session)).await.0,
        StatusCode::NOT_FOUND
    );
    for query in [
        "channel=1",
        "guild=1",
        "guild=1&channel=x",
        "guild=1&channel=-1",
        "guild=1&channel=",
    ] {
        assert_eq!(
            channel_game(&base, query, &bearer(&alice_session)).await.0,
            StatusCode::BAD_REQUEST,
            "{query}"
        );
    }

    // The server's game pages turned off: nothing to show.
    change_web_pages(&f.service, Some(GUILD), true, (Some(false), None))
        .await
        .unwrap();
    assert_eq!(
        channel_game(&base, &here(), &bearer(&alice_session)).await.0,
        StatusCode::NOT_FOUND
    );
    server.stop().await;
}
