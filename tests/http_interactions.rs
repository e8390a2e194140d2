//! Interactions over HTTP (AKON_INTERACTIONS_ADDR): the fake Discord signs
//! each interaction and POSTs it to the bot's endpoint, and takes the HTTP
//! response as the answer. The answers are the gateway's, and every bad
//! request gets a clear status and changes nothing.

use serde_json::{json, Value};

use crate::support::fake_discord::TestUser;
use crate::support::fake_discord::{self as fake, post_signed, sign, timestamp_now, EndpointAnswer};
use crate::support::scene::*;

/// What the players saw of one game played to its end by greedy moves: the
/// challenge, then after each press the callback type and the newest board.
async fn a_greedy_game_as_seen(scene: &Scene) -> Vec<(u8, String, Vec<String>)> {
    let mut seen = Vec::new();
    let challenge = scene.challenge(&alice(), &bob()).await;
    seen.push((4, fake::content(&challenge).to_string(), fake::custom_ids(&challenge)));
    let accept = button_with_label(&challenge, "Accept");
    let (ix, accepted) = scene.click(&bob(), fake::message_id(&challenge), &accept).await;
    seen.push((
        scene.fake.callback_type(&ix).await,
        fake::content(&accepted).to_string(),
        fake::custom_ids(&accepted),
    ));
    let (board, game) = scene
        .play_greedily(boards_since_challenge(scene, &challenge).await, &[alice(), bob()], None)
        .await;
    assert!(game.is_over());
    seen.push((0, fake::content(&board).to_string(), fake::custom_ids(&board)));
    for message in scene.fake.all_messages() {
        seen.push((0, fake::content(&message).to_string(), fake::custom_ids(&message)));
    }
    seen
}

async fn boards_since_challenge(scene: &Scene, challenge: &Value) -> Value {
    scene.boards_since(fake::message_id(challenge), 1).await.remove(0)
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_game_over_http_shows_what_the_gateway_shows);
async fn a_game_over_http_shows_what_the_gateway_shows() {
    let gateway = Scene::new().await;
    let over_gateway = a_greedy_game_as_seen(&gateway).await;
    gateway.finish().await;
    let http = Scene::over_http().await;
    let over_http = a_greedy_game_as_seen(&http).await;
    assert!(
        http.fake.requests().iter().all(|r| !r.path.ends_with("/callback")),
        "every first answer went back in the HTTP response"
    );
    http.finish().await;
    assert_eq!(over_http.len(), over_gateway.len());
    for (http, gateway) in over_http.iter().zip(&over_gateway) {
        assert_eq!(http, gateway);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_ping_gets_a_pong() {
    let scene = Scene::over_http().await;
    let body = br#"{"type":1,"id":"1","application_id":"1000000000000000001","token":"t","version":1}"#.to_vec();
    let timestamp = timestamp_now();
    let signature = sign(&timestamp, &body);
    let answer = post_signed(&scene.endpoint_url(), body, Some(&timestamp), Some(&signature))
        .await
        .unwrap();
    assert_eq!(answer.status, 200);
    assert!(
        answer.content_type.starts_with("application/json"),
        "{}",
        answer.content_type
    );
    assert_eq!(
        serde_json::from_slice::<Value>(&answer.body).unwrap(),
        json!({"type": 1})
    );
    scene.finish().await;
}

/// A challenge as Discord would post it, by alice against bob.
fn a_challenge_payload() -> Vec<u8> {
    json!({
        "id": "1300000000000000001",
        "application_id": fake::BOT_ID.to_string(),
        "type": 2,
        "token": "forged-token",
        "version": 1,
        "channel_id": fake::CHANNEL_ID.to_string(),
        "guild_id": fake::GUILD_ID.to_string(),
        "locale": "en-US",
        "entitlements": [],
        "attachment_size_limit": fake::ATTACHMENT_SIZE_LIMIT,
        "app_permissions": fake::APP_PERMISSIONS,
        "member": {"user": {"id": alice().id.to_string(), "username": "alice", "discriminator": "0", "avatar": null},
                   "roles": [], "joined_at": "2024-01-01T00:00:00+00:00", "deaf": false, "mute": false,
                   "flags": 0, "permissions": fake::APP_PERMISSIONS},
        "data": {"id": "1", "name": "akon", "type": 1, "options": [
            {"name": "challenge", "type": 1, "options": [{"name": "opponent", "type": 6, "value": bob().id.to_string()}]}
        ], "resolved": {"users": {bob().id.to_string(): {
            "id": bob().id.to_string(), "username": "bob", "global_name": "bob", "discriminator": "0", "avatar": null
        }}}},
    })
    .to_string()
    .into_bytes()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_request_gets_a_clear_status_and_changes_nothing() {
    let scene = Scene::over_http().await;
    let url = scene.endpoint_url();
    let body = a_challenge_payload();
    let now = timestamp_now();
    let good = sign(&now, &body);
    let post = |body: Vec<u8>, timestamp: Option<String>, signature: Option<String>| {
        let url = url.clone();
        async move {
            post_signed(&url, body, timestamp.as_deref(), signature.as_deref())
                .await
                .unwrap()
        }
    };
    let said = |answer: &EndpointAnswer| String::from_utf8_lossy(&answer.body).trim().to_string();

    let missing = post(body.clone(), Some(now.clone()), None).await;
    assert_eq!((missing.status, said(&missing).as_str()), (401, "missing signature"));
    let no_timestamp = post(body.clone(), None, Some(good.clone())).await;
    assert_eq!(no_timestamp.status, 401);
    let forged = post(body.clone(), Some(now.clone()), Some("ab".repeat(64))).await;
    assert_eq!((forged.status, said(&forged).as_str()), (401, "invalid signature"));
    let not_hex = post(body.clone(), Some(now.clone()), Some("signature".to_string())).await;
    assert_eq!(not_hex.status, 401);
    let mut changed = body.clone();
    let at = changed.iter().position(|&b| b == b'e').unwrap();
    changed[at] = b'E';
    let tampered = post(changed, Some(now.clone()), Some(good.clone())).await;
    assert_eq!((tampered.status, said(&tampered).as_str()), (401, "invalid signature"));
    let other_time = (now.parse::<u64>().unwrap() + 1).to_string();
    let moved = post(body.clone(), Some(other_time), Some(good.clone())).await;
    assert_eq!(moved.status, 401, "the timestamp is signed with the body");
    let old = (now.parse::<u64>().unwrap() - 600).to_string();
    let replayed = post(body.clone(), Some(old.clone()), Some(sign(&old, &body))).await;
    assert_eq!(
        (replayed.status, said(&replayed).as_str()),
        (401, "timestamp outside the signature window")
    );

    let huge = vec![b' '; akon::discord::INTERACTION_BODY_LIMIT + 1];
    let too_big = post(huge.clone(), Some(now.clone()), Some(sign(&now, &huge))).await;
    assert_eq!(too_big.status, 413);
    let text = b"not json at all".to_vec();
    let not_json = post(text.clone(), Some(now.clone()), Some(sign(&now, &text))).await;
    assert_eq!(
        (not_json.status, said(&not_json).as_str()),
        (400, "the body is not JSON")
    );
    let unknown = br#"{"type":42,"id":"1","token":"t"}"#.to_vec();
    let unknown_type = post(unknown.clone(), Some(now.clone()), Some(sign(&now, &unknown))).await;
    assert_eq!(
        (unknown_type.status, said(&unknown_type).as_str()),
        (400, "unknown interaction type")
    );
    let broken = br#"{"type":2,"id":"x"}"#.to_vec();
    let unreadable = post(broken.clone(), Some(now.clone()), Some(sign(&now, &broken))).await;
    assert_eq!(unreadable.status, 400);
    let get = reqwest::get(&url).await.unwrap();
    assert_eq!(get.status().as_u16(), 405);

    // None of them was handled: no challenge was made, nothing was posted.
    scene.settle().await;
    assert!(scene.fake.all_messages().is_empty(), "nothing was posted");
    assert!(
        scene
            .fake
            .requests()
            .iter()
            .all(|r| !r.path.contains("/webhooks/") && !r.path.contains("/callback")),
        "nothing was answered"
    );
    let mut db = scene.db.connect().await;
    let challenges: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM challenges")
        .fetch_one(&mut db)
        .await
        .unwrap();
    assert_eq!(challenges, 0);

    // The same request, signed now, is taken.
    let taken = post(body.clone(), Some(now.clone()), Some(good.clone())).await;
    assert_eq!(taken.status, 200, "{}", said(&taken));
    let answer: Value = serde_json::from_slice(&taken.body).unwrap();
    assert_eq!(answer["type"], 4);
    assert!(
        answer["data"]["content"].as_str().unwrap().contains(&bob().mention()),
        "{answer}"
    );
    scene.finish().await;
}

/// The moves the database holds for every game.
async fn moves_recorded(scene: &Scene) -> i64 {
    let mut db = scene.db.connect().await;
    sqlx::query_scalar("SELECT COUNT(*) FROM moves")
        .fetch_one(&mut db)
        .await
        .unwrap()
}

/// A game over HTTP, alice and bob, and its first board.
async fn a_game_over_http(scene: &Scene) -> Value {
    let challenge = scene.challenge(&alice(), &bob()).await;
    let accept = button_with_label(&challenge, "Accept");
    scene
        .click_expecting_board(&bob(), fake::message_id(&challenge), &accept)
        .await
}

/// The first move's press on `board`, by whoever is to move.
fn first_move(board: &Value) -> (TestUser, String) {
    let mover = user_to_move(board, &[alice(), bob()]);
    let first = match mover == alice() {
        true => akon::engine::Seat::A,
        false => akon::engine::Seat::B,
    };
    let game = akon::engine::Game::opening(first);
    (mover, hole_button_id(board, greedy(&game)))
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_press_posted_again_is_answered_the_same_and_applied_once);
async fn a_press_posted_again_is_answered_the_same_and_applied_once() {
    let scene = Scene::over_http().await;
    let board = a_game_over_http(&scene).await;
    let (mover, hole) = first_move(&board);
    let (ix, _) = scene.click(&mover, fake::message_id(&board), &hole).await;
    let first = scene.fake.endpoint_answer(&ix).await;
    assert_eq!(first.status, 200);
    let again = scene.fake.post_again(&ix, None).await;
    assert_eq!((again.status, &again.content_type), (200, &first.content_type));
    assert_eq!(again.body, first.body, "the same answer, byte for byte");
    scene.settle().await;
    assert_eq!(moves_recorded(&scene).await, 1);
    assert_eq!(live_boards(&scene.fake).len(), 1, "one board shows the move");
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn two_copies_of_a_press_at_once_apply_one_move);
async fn two_copies_of_a_press_at_once_apply_one_move() {
    let scene = Scene::over_http().await;
    let board = a_game_over_http(&scene).await;
    let (mover, hole) = first_move(&board);
    // `click` posts in the background: the copy races the first.
    let ix = scene.fake.click(&mover, fake::message_id(&board), &hole).await;
    let copies = tokio::join!(
        scene.fake.post_again(&ix, None),
        scene.fake.post_again(&ix, None),
        scene.fake.post_again(&ix, None)
    );
    let copies = [copies.0, copies.1, copies.2];
    let first = scene.fake.endpoint_answer(&ix).await;
    assert_eq!(first.status, 200);
    for copy in copies {
        assert_eq!(copy.status, 200);
        assert_eq!(copy.body, first.body, "every copy gets the first answer");
    }
    scene.settle().await;
    assert_eq!(moves_recorded(&scene).await, 1);
    scene.finish().await;
}

/// The settings of a second process beside the scene's bot.
fn second_process(scene: &Scene) -> akon::discord::DiscordSettings {
    akon::discord::DiscordSettings {
        token: fake::TOKEN.to_string(),
        guild_id: None,
        proxy_url: Some(scene.fake.api_base()),
        scheduler_every: std::time::Duration::from_millis(50),
        shards: akon::discord::ShardPlan::Recommended,
        web_base_url: None,
        activity: false,
    }
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_press_retried_on_another_process_is_applied_once);
async fn a_press_retried_on_another_process_is_applied_once() {
    let scene = Scene::over_http().await;
    let first_process = scene.endpoint_url();
    // A second process on the same database, as behind a load balancer.
    let (second, handle) = start_endpoint(&scene.fake, &second_process(&scene), scene.service().await).await;
    let second_process = format!("http://{}/interactions", second.addr());
    scene.fake.set_interactions_endpoint(&first_process);
    let board = a_game_over_http(&scene).await;
    let (mover, hole) = first_move(&board);
    let (ix, _) = scene.click(&mover, fake::message_id(&board), &hole).await;
    let first = scene.fake.endpoint_answer(&ix).await;
    let retried = scene.fake.post_again(&ix, Some(&second_process)).await;
    assert_eq!(retried.status, 200);
    assert_eq!(retried.body, first.body, "the other process gives the same answer");
    scene.settle().await;
    assert_eq!(moves_recorded(&scene).await, 1);
    handle.stop_scheduler();
    second.stop().await;
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_press_whose_process_died_after_its_move_before_answering_gets_the_new_board_on_retry);
async fn a_press_whose_process_died_after_its_move_before_answering_gets_the_new_board_on_retry() {
    let scene = Scene::over_http().await;
    let live = scene.endpoint_url();
    let board = a_game_over_http(&scene).await;
    let (mover, hole) = first_move(&board);
    // The press reaches a process that claims it, applies the move and
    // dies before answering: its claim and its move stay in the database.
    let ix = scene.press_played_by_a_process_that_died(&mover, &board, &hole).await;
    // The balancer retries on the live process: it takes the dead claim
    // over once it is stale, and answers in Discord's time.
    scene.fake.set_interactions_endpoint(&live);
    let messages_before = scene.fake.channel_messages(fake::CHANNEL_ID).len();
    let sent = std::time::Instant::now();
    let retried = scene.fake.post_again(&ix, None).await;
    assert_eq!(retried.status, 200, "{}", String::from_utf8_lossy(&retried.body));
    assert!(
        sent.elapsed() < std::time::Duration::from_secs(3),
        "{:?}",
        sent.elapsed()
    );
    assert_answered_as_a_move(&retried);
    let boards = scene.boards_since(fake::message_id(&board), 1).await;
    assert_eq!(ply_of(&boards[0]), 1, "the board shows the move");
    scene.settle().await;
    assert_eq!(moves_recorded(&scene).await, 1, "applied once");
    assert_eq!(
        scene.fake.channel_messages(fake::CHANNEL_ID).len(),
        messages_before + 1,
        "the new board is posted once"
    );
    assert_eq!(live_boards(&scene.fake).len(), 1, "only the new board takes moves");
    scene.finish().await;
}

/// `answer` is what a move gets (the pressed board updated, its buttons
/// gone, the new board to follow), not a refusal.
fn assert_answered_as_a_move(answer: &EndpointAnswer) {
    let body: Value = serde_json::from_slice(&answer.body).unwrap();
    assert!(
        !String::from_utf8_lossy(&answer.body).contains("earlier move"),
        "refused as stale: {body}"
    );
    assert_eq!(body["type"], 7, "the pressed board is updated: {body}");
    assert_eq!(body["data"]["components"], json!([]), "its buttons are gone: {body}");
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_copy_of_a_press_on_another_process_while_the_first_commits_is_one_move_the_same_answer);
async fn a_copy_of_a_press_on_another_process_while_the_first_commits_is_one_move_the_same_answer() {
    let scene = Scene::over_http().await;
    let first_process = scene.endpoint_url();
    let (second, handle) = start_endpoint(&scene.fake, &second_process(&scene), scene.service().await).await;
    let second_process = format!("http://{}/interactions", second.addr());
    scene.fake.set_interactions_endpoint(&first_process);
    let board = a_game_over_http(&scene).await;
    let (mover, hole) = first_move(&board);
    // `click` posts to the first process in the background: the copies on
    // the second race it.
    let ix = scene.fake.click(&mover, fake::message_id(&board), &hole).await;
    let copies = tokio::join!(
        scene.fake.post_again(&ix, Some(&second_process)),
        scene.fake.post_again(&ix, Some(&second_process))
    );
    let first = scene.fake.endpoint_answer(&ix).await;
    assert_eq!(first.status, 200);
    assert_answered_as_a_move(&first);
    for copy in [copies.0, copies.1] {
        assert_eq!(copy.status, 200, "{}", String::from_utf8_lossy(&copy.body));
        assert_eq!(copy.body, first.body, "every copy gets the first answer, byte for byte");
    }
    scene.settle().await;
    assert_eq!(moves_recorded(&scene).await, 1, "one move");
    assert_eq!(live_boards(&scene.fake).len(), 1, "one board shows it");
    handle.stop_scheduler();
    second.stop().await;
    scene.finish().await;
}

/// The permissions of a member who may change the server's settings.
const MANAGE_GUILD: &str = "2248473465835105";

/// The names of a message's attachments.
fn pictures(message: &Value) -> Vec<String> {
    message["attachments"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|a| a["filename"].as_str().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// What a player sees of a review over either mode: a game resigned (the
/// final board, a picture with its text), the Review button pressed twice
/// (deferred, then answered from the stored review): each answer's
/// callback type, text and pictures' names.
async fn a_review_as_seen(scene: &Scene) -> Vec<(u8, String, Vec<String>)> {
    // Boards as pictures: answers with a file are multipart over HTTP.
    scene.fake.set_member_permissions(&alice(), MANAGE_GUILD);
    let set = scene
        .slash(&alice(), "settings", vec![("server_board_style", 3, json!("both"))])
        .await;
    assert!(fake::content(&set).contains("this server's boards:"), "{set}");
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    let (_, _) = scene.play_greedily(board, &[alice(), bob()], Some(6)).await;
    let resigned = scene.fake.slash(&alice(), "akon", "resign", vec![]).await;
    let final_board = scene.fake.response(&resigned).await;
    let mut seen = vec![(
        scene.fake.callback_type(&resigned).await,
        fake::content(&final_board).to_string(),
        pictures(&final_board),
    )];
    let review = button_with_label(&final_board, "Review");
    for _ in 0..2 {
        let (ix, answer) = scene.click(&carol(), fake::message_id(&final_board), &review).await;
        seen.push((
            scene.fake.callback_type(&ix).await,
            fake::content(&answer).to_string(),
            pictures(&answer),
        ));
    }
    seen
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_review_over_http_is_what_the_gateway_shows);
async fn a_review_over_http_is_what_the_gateway_shows() {
    let config = akon::service::ServiceConfig {
        review_nodes: 3_000,
        ..Default::default()
    };
    let gateway = Scene::with_config(config.clone()).await;
    let over_gateway = a_review_as_seen(&gateway).await;
    gateway.finish().await;
    let http = Scene::over_http_with_config(config).await;
    let over_http = a_review_as_seen(&http).await;
    http.finish().await;
    assert_eq!(over_http[0].0, 4);
    assert_eq!(over_http[1].0, 5, "deferred, then edited by REST");
    assert_eq!(over_http[2].0, 4, "the stored review at once");
    assert!(over_http[2].1.starts_with("Review of game #1 ("), "{:?}", over_http[2]);
    assert_eq!(over_http[0].2.len(), 1, "the final board's picture: {:?}", over_http[0]);
    assert_eq!(over_http, over_gateway);
}

/// `/healthz` on the interactions port: its status and body.
async fn endpoint_health(scene: &Scene) -> (u16, String) {
    health_at(&scene.endpoint_url()).await
}

/// `/healthz` beside the interactions endpoint `url`.
async fn health_at(url: &str) -> (u16, String) {
    let answer = reqwest::get(url.replace("/interactions", "/healthz")).await.unwrap();
    (answer.status().as_u16(), answer.text().await.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_endpoint_is_unhealthy_while_its_database_takes_no_writes() {
    let scene = Scene::over_http().await;
    assert_eq!(endpoint_health(&scene).await, (200, "ok\n".to_string()));
    let limited = scene
        .bot_store()
        .limit_writes(akon::store::WriteLimit::ReadOnly)
        .await
        .unwrap();
    assert!(limited, "the drill runs on SQLite");
    let (status, body) = endpoint_health(&scene).await;
    assert_eq!(status, 503, "{body}");
    assert!(body.starts_with("database: database read-only"), "{body}");
    scene
        .bot_store()
        .limit_writes(akon::store::WriteLimit::None)
        .await
        .unwrap();
    assert_eq!(endpoint_health(&scene).await, (200, "ok\n".to_string()));
    scene.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: AKON_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres cargo test -- --include-ignored"]
async fn the_endpoint_is_unhealthy_while_it_cannot_reach_postgresql() {
    crate::support::db::run(akon::store::Backend::Postgres, async {
        use crate::support::tcp_proxy::{server_of, through, TcpProxy};
        let scene = Scene::over_http().await;
        // A second process whose connections to the server go through a
        // proxy that is cut, as a network between them failing.
        let proxy = TcpProxy::start(server_of(&scene.db.url)).await;
        let store = akon::store::Store::open(&through(&scene.db.url, proxy.addr()))
            .await
            .unwrap();
        let service =
            akon::service::Service::new(store, scene.config.clone(), std::sync::Arc::new(scene.clock.clone()));
        let (second, handle) = start_endpoint(&scene.fake, &second_process(&scene), service).await;
        let url = format!("http://{}/interactions", second.addr());
        assert_eq!(health_at(&url).await, (200, "ok\n".to_string()));
        proxy.cut().await;
        let (status, body) = health_at(&url).await;
        assert_eq!(status, 503, "{body}");
        // Said as soon as a connection is refused, or once the check has
        // waited its 800 ms for one.
        assert!(
            body.starts_with("database: database unreachable") || body == "database: no answer within 800 ms\n",
            "{body}"
        );
        assert_eq!(
            endpoint_health(&scene).await.0,
            200,
            "the process that reaches it stays in"
        );
        proxy.restore().await;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            let (status, body) = health_at(&url).await;
            if status == 200 {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "still unhealthy after the restore: {body}"
            );
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        handle.stop_scheduler();
        second.stop().await;
        scene.finish().await;
    })
    .await
}
