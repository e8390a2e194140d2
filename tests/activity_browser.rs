//! The Discord Activity in a real headless Chromium (see
//! `support/browser.rs`), driven by the SDK's own `DiscordSDKMock`, as the
//! page uses it outside Discord: each context signs in with a code the fake
//! Discord gave its user (the mock's `authorize` answers the address's
//! `mock_code`), finds the game of the channel the address names, and shows
//! it live. The two players play by clicking the holes, each seeing the
//! other's move come; a third user's context watches without buttons to
//! press; a channel with no game says so; a code Discord refuses says the
//! sign-in failed. No line of the console reports the policy blocking
//! anything. The same addresses over plain HTTP are `activity_http`'s.

use crate::activity_http::activity_site;
use crate::support::browser::Browser;
use crate::support::fake_discord::{FakeDiscord, TestUser};
use crate::support::service_fixture::{fixture, player, start_game, CHANNEL, GUILD};

/// The Activity's page outside Discord, in the test's server and
/// `channel`, signing in with `code`.
fn activity_url(base: &str, channel: u64, code: &str) -> String {
    format!("{base}/activity?guild_id={GUILD}&channel_id={channel}&mock_code={code}")
}

/// Waits until the board shown is at move `ply`.
async fn shows_ply(browser: &Browser, ply: usize) {
    browser
        .wait_until(&format!(
            "document.querySelector('#activity-game[data-ply=\"{ply}\"] svg')"
        ))
        .await;
}

/// The holes the context may play now.
async fn playable(browser: &Browser) -> Vec<u64> {
    browser
        .eval("return Array.from(document.querySelectorAll('button.live-hole:not([disabled])')).map((b) => Number(b.dataset.hole));")
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|hole| hole.as_u64().unwrap())
        .collect()
}

/// Clicks hole `hole`'s button as a user would. The panel draws its
/// buttons again on every change (who signed in, a state), so a button
/// found may be gone when clicked: found again then, a few times.
async fn click_hole(browser: &Browser, hole: u64) {
    let selector = format!("button.live-hole[data-hole=\"{hole}\"]:not([disabled])");
    for _ in 0..20 {
        let clicked = match browser.client.find(fantoccini::Locator::Css(&selector)).await {
            Ok(button) => button.click().await.is_ok(),
            Err(_) => false,
        };
        if clicked {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("hole {hole} could not be clicked");
}

async fn no_policy_violation(browser: &Browser, when: &str) {
    let console = browser.console().await;
    assert!(
        console.iter().all(|line| !line.is_csp_violation()),
        "{when}: {console:?}"
    );
}

/// Which sentence of the page shows, by its name.
async fn saying(browser: &Browser) -> String {
    browser
        .eval("const shown = document.querySelector('[data-says]:not([hidden])'); return shown ? shown.dataset.says : '';")
        .await
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test]
#[ignore = "needs chromium and chromium-driver: apt-get install chromium chromium-driver, then cargo test -- --include-ignored"]
async fn two_players_play_the_channel_s_game_by_clicking_and_a_third_watches() {
    let f = fixture().await;
    let discord = FakeDiscord::start().await;
    let users = [
        TestUser::new(301, "Alice"),
        TestUser::new(302, "Bob"),
        TestUser::new(303, "Carol"),
    ];
    for user in &users {
        discord.add_user(user);
    }
    let (server, base) = activity_site(&f, &discord, true).await;
    let game_id = start_game(&f, &player(301, "Alice"), &player(302, "Bob")).await;
    let view = f.service.game(game_id).await.unwrap();
    let first = view.player(view.to_move().unwrap());
    let (mover, other) = if first.user_id == 301 {
        (&users[0], &users[1])
    } else {
        (&users[1], &users[0])
    };

    let first_context = Browser::start().await;
    let second_context = Browser::start().await;
    first_context
        .goto(&activity_url(&base, CHANNEL, &discord.oauth_code(mover, None)))
        .await;
    second_context
        .goto(&activity_url(&base, CHANNEL, &discord.oauth_code(other, None)))
        .await;
    for context in [&first_context, &second_context] {
        shows_ply(context, 0).await;
        context.wait_until("document.querySelector('.live-user')").await;
    }
    let signed_in_as = first_context
        .eval("return document.querySelector('.live-user').textContent;")
        .await;
    assert_eq!(signed_in_as, format!("Signed in as {}", mover.name).as_str());
    assert_eq!(
        saying(&first_context).await,
        "",
        "every sentence hidden once the game shows"
    );
    let legal: Vec<u64> = view.game.legal_moves().numbers().into_iter().map(u64::from).collect();
    assert_eq!(
        playable(&first_context).await,
        legal,
        "the player to move may play every legal hole"
    );
    assert!(
        playable(&second_context).await.is_empty(),
        "not the other player's turn"
    );

    // The first player clicks; the second sees the move come, then answers.
    click_hole(&first_context, legal[0]).await;
    shows_ply(&first_context, 1).await;
    shows_ply(&second_context, 1).await;
    let after_one = f.service.game(game_id).await.unwrap();
    assert_eq!(after_one.ply(), 1, "the click played the move");
    let answers = playable(&second_context).await;
    assert!(!answers.is_empty());
    click_hole(&second_context, answers[0]).await;
    shows_ply(&second_context, 2).await;
    shows_ply(&first_context, 2).await;
    assert_eq!(f.service.game(game_id).await.unwrap().ply(), 2);
    no_policy_violation(&first_context, "the first player's context").await;
    no_policy_violation(&second_context, "the second player's context").await;

    // Someone else in the Activity watches the same game, with nothing to press.
    second_context
        .goto(&activity_url(&base, CHANNEL, &discord.oauth_code(&users[2], None)))
        .await;
    shows_ply(&second_context, 2).await;
    second_context.wait_until("document.querySelector('.live-user')").await;
    assert!(playable(&second_context).await.is_empty(), "a watcher plays nothing");
    click_hole(&first_context, playable(&first_context).await[0]).await;
    shows_ply(&second_context, 3).await;
    assert_eq!(f.service.game(game_id).await.unwrap().ply(), 3);
    no_policy_violation(&second_context, "the watcher's context").await;

    // A channel with no game, and a code Discord refuses.
    second_context
        .goto(&activity_url(&base, CHANNEL + 1, &discord.oauth_code(&users[2], None)))
        .await;
    second_context
        .wait_until("document.querySelector('[data-says=\"no-game\"]:not([hidden])')")
        .await;
    second_context.goto(&activity_url(&base, CHANNEL, "mock_code")).await;
    second_context
        .wait_until("document.querySelector('[data-says=\"sign-in-failed\"]:not([hidden])')")
        .await;
    assert!(!second_context
        .eval("return document.querySelector('#activity-game svg') !== null;")
        .await
        .as_bool()
        .unwrap());
    no_policy_violation(&second_context, "the refusals").await;

    first_context.close().await;
    second_context.close().await;
    server.stop().await;
}

/// A page of another origin (another port of 127.0.0.1) framing the
/// Activity and the front page: the browser refuses both, the Activity
/// because its policy names Discord's origins alone, the front page because
/// its policy names none.
#[tokio::test]
#[ignore = "needs chromium and chromium-driver: apt-get install chromium chromium-driver, then cargo test -- --include-ignored"]
async fn a_site_other_than_discord_cannot_frame_the_activity() {
    let f = fixture().await;
    let discord = FakeDiscord::start().await;
    let (server, base) = activity_site(&f, &discord, true).await;
    let framing = format!(
        "<!DOCTYPE html><title>framing</title>\
         <iframe src=\"{base}/activity?guild_id={GUILD}&channel_id={CHANNEL}\"></iframe>\
         <iframe src=\"{base}/\"></iframe>"
    );
    let other = axum::Router::new().route(
        "/",
        axum::routing::get(move || {
            let framing = framing.clone();
            async move { axum::response::Html(framing) }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let other_origin = format!("http://{}", listener.local_addr().unwrap());
    let other_site = tokio::spawn(async move { axum::serve(listener, other).await });

    let browser = Browser::start().await;
    browser.goto(&format!("{other_origin}/")).await;
    browser
        .wait_until("document.querySelectorAll('iframe').length === 2")
        .await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let mut refusals = Vec::new();
    while refusals.len() < 2 && std::time::Instant::now() < deadline {
        refusals.extend(
            browser
                .console()
                .await
                .into_iter()
                .filter(|line| line.message.contains("frame-ancestors"))
                .map(|line| line.message),
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    // Chromium names the framed origin, not the page: the directive tells them apart.
    let refused_by = |directive: &str| {
        refusals
            .iter()
            .any(|line| line.contains(directive) && line.contains("blocked"))
    };
    assert!(
        refused_by("\"frame-ancestors https://discord.com https://*.discord.com https://*.discordsays.com\""),
        "the Activity: {refusals:?}"
    );
    assert!(refused_by("\"frame-ancestors 'none'\""), "the front page: {refusals:?}");
    browser.close().await;
    other_site.abort();
    server.stop().await;
}
