//! The live game page in real headless Chromium (see `support/browser.rs`),
//! on SQLite, with Sign in with Discord against the fake Discord: two
//! players sign in, each in a browser of their own, and play a whole game
//! by clicking holes (the first move with the keyboard), while a third
//! browser watches and sees every move; a move pressed on Discord at the
//! ply a page shows leaves the page's click refused as stale, with one
//! move made; a forged `state`, a move without the CSRF token, a stale ply,
//! a session on another game's page and a watcher's move are refused; on a
//! live game both clocks show and tick on every page, and a flag falling
//! shows as a loss on time on each without a reload. The endpoints over
//! plain HTTP, on both backends, are `live_http`'s.

use akon::engine::{Game, Hole};
use akon::service::{MovePress, Player};
use fantoccini::key::Key;
use fantoccini::Locator;
use serde_json::Value;

use crate::live_http::{live_site, start_live_game};
use crate::support::browser::Browser;
use crate::support::fake_discord::{FakeDiscord, TestUser};
use crate::support::service_fixture::{fixture, player, start_game, Fixture};

/// The move that captures most (the lowest hole among equals).
fn greedy(game: &Game) -> Hole {
    game.legal_moves()
        .iter()
        .max_by_key(|&h| {
            let mut position = *game.position();
            (position.play_unchecked(h).captured, std::cmp::Reverse(h))
        })
        .unwrap()
}

/// Signs `user` in from the game page at `url`: the page's sign-in link,
/// the fake Discord's consent page, the link of `user`, and back.
async fn sign_in(browser: &Browser, url: &str, user: u64) {
    browser.goto(url).await;
    browser.wait_until("document.querySelector('a.live-sign-in')").await;
    click(browser, "a.live-sign-in").await;
    browser
        .wait_until(&format!("document.querySelector(\"a[data-user='{user}']\")"))
        .await;
    click(browser, &format!("a[data-user='{user}']")).await;
    browser.wait_until("document.querySelector('.live-user')").await;
    let at = browser.eval("return window.location.href;").await;
    assert_eq!(at.as_str().unwrap(), url, "back on the game's page");
}

async fn click(browser: &Browser, css: &str) {
    browser
        .client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|error| panic!("{css}: {error}"))
        .click()
        .await
        .unwrap_or_else(|error| panic!("{css}: {error}"));
}

/// Waits until the page shows the board after move `ply`.
async fn wait_for_ply(browser: &Browser, ply: i64) {
    browser
        .wait_until(&format!("document.querySelector(\"div.board[data-ply='{ply}']\")"))
        .await;
}

/// A POST of a move from the page, as a script of the page may send it:
/// `(status, answer)`.
async fn post_from_page(browser: &Browser, body: Value, csrf: bool) -> (u64, Value) {
    let script = format!(
        "const me = await (await fetch('../auth/session')).json(); \
         const headers = {{ 'Content-Type': 'application/json' }}; \
         if ({csrf}) headers['X-CSRF-Token'] = me.csrf; \
         const answer = await fetch(window.location.pathname + '/move', \
             {{ method: 'POST', headers: headers, body: JSON.stringify({body}) }}); \
         return [answer.status, await answer.json()];"
    );
    let got = browser.eval(&script).await;
    (got[0].as_u64().unwrap(), got[1].clone())
}

async fn check_console(browser: &Browser, what: &str) {
    let console = browser.console().await;
    assert!(
        console.iter().all(|line| !line.is_csp_violation()),
        "{what}: {console:?}"
    );
}

/// Waits until the page says `count` people watch.
async fn watching(browser: &Browser, count: u64) {
    let script = "const p = document.querySelector('.live-watchers'); return p ? p.textContent : '';";
    // A page left is counted off when its stream is next written to.
    let deadline = std::time::Instant::now() + akon::web::KEEP_ALIVE_EVERY * 3;
    loop {
        let text = browser.eval(script).await;
        if text.as_str().unwrap() == format!("{count} watching") {
            return;
        }
        assert!(std::time::Instant::now() < deadline, "the page says {text}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

struct Players {
    alice: Player,
    bob: Player,
}

async fn scene() -> (Fixture, FakeDiscord, Players) {
    let f = fixture().await;
    let discord = FakeDiscord::start().await;
    for (id, name) in [(301, "Alice"), (302, "Bob"), (303, "Carol")] {
        discord.add_user(&TestUser::new(id, name));
    }
    let players = Players {
        alice: player(301, "Alice"),
        bob: player(302, "Bob"),
    };
    (f, discord, players)
}

#[tokio::test]
#[ignore = "needs chromium and chromium-driver: apt-get install chromium chromium-driver, then cargo test -- --include-ignored"]
async fn two_players_play_a_whole_game_by_clicking_while_a_third_watches() {
    let (f, discord, Players { alice, bob }) = scene().await;
    let (server, base) = live_site(&f, &discord, 100).await;
    let game_id = start_game(&f, &alice, &bob).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let url = format!("{base}/g/{token}");
    let (alice_browser, bob_browser, watcher) = tokio::join!(Browser::start(), Browser::start(), Browser::start());
    sign_in(&alice_browser, &url, alice.id).await;
    sign_in(&bob_browser, &url, bob.id).await;
    watcher.goto(&url).await;
    watching(&watcher, 3).await;
    let watcher_holes = watcher
        .eval("return document.querySelectorAll('button.live-hole').length;")
        .await;
    assert_eq!(watcher_holes, 0, "a watcher has no holes to press");

    let mut ply = 0i64;
    loop {
        let view = f.service.game(game_id).await.unwrap();
        if view.finished.is_some() {
            break;
        }
        let seat = view.to_move().unwrap();
        let (mover, waiting) = if view.player(seat).user_id == alice.id {
            (&alice_browser, &bob_browser)
        } else {
            (&bob_browser, &alice_browser)
        };
        let hole = greedy(&view.game).number();
        let button = format!("button.live-hole[data-hole='{hole}']");
        wait_for_ply(mover, ply).await;
        mover
            .wait_until(&format!(
                "document.querySelector(\"{button}\") && !document.querySelector(\"{button}\").disabled"
            ))
            .await;
        let label = mover
            .eval(&format!(
                "return document.querySelector(\"{button}\").getAttribute('aria-label');"
            ))
            .await;
        assert!(
            label.as_str().unwrap().starts_with(&format!("Hole {hole}, ")),
            "{label}"
        );
        if ply == 0 {
            // The keyboard: a hole is a real button, focused and pressed.
            mover
                .eval(&format!("document.querySelector(\"{button}\").focus(); return true;"))
                .await;
            mover.press(Key::Enter).await;
        } else {
            click(mover, &button).await;
        }
        ply += 1;
        wait_for_ply(waiting, ply).await;
        wait_for_ply(&watcher, ply).await;
        assert_eq!(f.service.game(game_id).await.unwrap().ply(), ply);
    }
    let view = f.service.game(game_id).await.unwrap();
    assert!(view.finished.is_some() && ply > 10, "{ply} moves");
    watcher
        .wait_until("/wins|draw/i.test(document.querySelector('.live-status').textContent)")
        .await;
    for (browser, who) in [
        (&alice_browser, "Alice"),
        (&bob_browser, "Bob"),
        (&watcher, "the watcher"),
    ] {
        check_console(browser, who).await;
    }
    tokio::join!(alice_browser.close(), bob_browser.close(), watcher.close());
    server.stop().await;
}

#[tokio::test]
#[ignore = "needs chromium and chromium-driver: apt-get install chromium chromium-driver, then cargo test -- --include-ignored"]
async fn a_press_on_discord_first_leaves_the_pages_click_stale_and_bad_moves_are_refused() {
    let (f, discord, Players { alice, bob }) = scene().await;
    let (server, base) = live_site(&f, &discord, 100).await;
    let game_id = start_game(&f, &alice, &bob).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let url = format!("{base}/g/{token}");
    let view = f.service.game(game_id).await.unwrap();
    let seat = view.to_move().unwrap();
    let (mover, other) = if view.player(seat).user_id == alice.id {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let browser = Browser::start().await;
    sign_in(&browser, &url, mover.id).await;
    let hole = greedy(&view.game);
    let button = format!("button.live-hole[data-hole='{}']", hole.number());
    browser
        .wait_until(&format!(
            "document.querySelector(\"{button}\") && !document.querySelector(\"{button}\").disabled"
        ))
        .await;

    // Without the CSRF token: refused, nothing played.
    let (status, answer) =
        post_from_page(&browser, serde_json::json!({ "ply": 0, "hole": hole.number() }), false).await;
    assert_eq!((status, answer["error"].as_str().unwrap()), (403, "csrf"), "{answer}");
    assert_eq!(f.service.game(game_id).await.unwrap().ply(), 0);

    // The same move pressed on Discord, while the page shows the board of
    // ply 0; the page's click comes second: one move, the click refused.
    // (The stream may redraw the board first: the click is then sent from
    // a script, at the ply the page showed.)
    f.service.play(MovePress::new(game_id, 0, hole, mover)).await.unwrap();
    let (status, answer) = post_from_page(&browser, serde_json::json!({ "ply": 0, "hole": hole.number() }), true).await;
    assert_eq!((status, answer["error"].as_str().unwrap()), (409, "stale"), "{answer}");
    assert_eq!(f.service.game(game_id).await.unwrap().ply(), 1, "exactly one move");
    wait_for_ply(&browser, 1).await;
    // Now it is the other player's turn: this player's holes are off, and a
    // move sent anyway is refused.
    let enabled = browser
        .eval("return Array.from(document.querySelectorAll('button.live-hole')).filter((b) => !b.disabled).length;")
        .await;
    assert_eq!(enabled, 0);
    let (status, answer) = post_from_page(&browser, serde_json::json!({ "ply": 1, "hole": 1 }), true).await;
    assert_eq!(
        (status, answer["error"].as_str().unwrap()),
        (409, "not-your-turn"),
        "{answer}"
    );

    // Both players move on Discord, behind the page's back: a move sent at
    // the ply the page showed is refused.
    let view = f.service.game(game_id).await.unwrap();
    f.service
        .play(MovePress::new(game_id, 1, greedy(&view.game), other))
        .await
        .unwrap();
    wait_for_ply(&browser, 2).await;
    let view = f.service.game(game_id).await.unwrap();
    f.service
        .play(MovePress::new(game_id, 2, greedy(&view.game), mover))
        .await
        .unwrap();
    // The page may still show ply 2 for up to a poll: sent at ply 2 it is stale.
    let (status, answer) = post_from_page(&browser, serde_json::json!({ "ply": 2, "hole": 1 }), true).await;
    assert_eq!(status, 409, "{answer}");
    assert!(
        ["stale", "not-your-turn"].contains(&answer["error"].as_str().unwrap()),
        "{answer}"
    );
    assert_eq!(f.service.game(game_id).await.unwrap().ply(), 3);

    // The same session on another game's page, where this user does not
    // play: no holes, and a move is refused.
    let carol = player(303, "Carol");
    let other_game = start_game(&f, &carol, &player(304, "Dan")).await;
    let other_token = f.service.game_page_token(other_game).await.unwrap().unwrap();
    browser.goto(&format!("{base}/g/{other_token}")).await;
    browser.wait_until("document.querySelector('.live-user')").await;
    browser
        .wait_until("document.querySelector('.live-watchers') && document.querySelector('.live-watchers').textContent")
        .await;
    let holes = browser
        .eval("return document.querySelectorAll('button.live-hole').length;")
        .await;
    assert_eq!(holes, 0);
    let (status, answer) = post_from_page(&browser, serde_json::json!({ "ply": 0, "hole": 1 }), true).await;
    assert_eq!(
        (status, answer["error"].as_str().unwrap()),
        (403, "not-a-player"),
        "{answer}"
    );
    assert_eq!(f.service.game(other_game).await.unwrap().ply(), 0);

    // A watcher signed in (Carol, on Alice and Bob's game) moving: refused.
    let watcher = Browser::start().await;
    sign_in(&watcher, &url, carol.id).await;
    let (status, answer) = post_from_page(&watcher, serde_json::json!({ "ply": 3, "hole": 1 }), true).await;
    assert_eq!(
        (status, answer["error"].as_str().unwrap()),
        (403, "not-a-player"),
        "{answer}"
    );
    assert_eq!(f.service.game(game_id).await.unwrap().ply(), 3);
    check_console(&watcher, "the watcher").await;
    tokio::join!(browser.close(), watcher.close());
    server.stop().await;
}

#[tokio::test]
#[ignore = "needs chromium and chromium-driver: apt-get install chromium chromium-driver, then cargo test -- --include-ignored"]
async fn a_forged_state_is_refused_with_a_clear_page() {
    let (f, discord, Players { alice, bob }) = scene().await;
    let (server, base) = live_site(&f, &discord, 100).await;
    let game_id = start_game(&f, &alice, &bob).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let browser = Browser::start().await;
    browser.goto(&format!("{base}/auth/login?next=g/{token}")).await;
    browser
        .wait_until("document.querySelector(\"a[data-user='301']\")")
        .await;
    let href = browser
        .eval("return document.querySelector(\"a[data-user='301']\").href;")
        .await;
    let forged = href.as_str().unwrap().replace("state=", "state=forged");
    browser.goto(&forged).await;
    let text = browser.eval("return document.body.innerText;").await;
    assert!(text.as_str().unwrap().contains("Sign-in failed"), "{text}");
    assert!(text.as_str().unwrap().contains("could not be checked"), "{text}");
    // Not signed in: the game's page offers the sign-in again.
    browser.goto(&format!("{base}/g/{token}")).await;
    browser.wait_until("document.querySelector('a.live-sign-in')").await;
    assert_eq!(discord.oauth_exchanges(), 0);
    browser.close().await;
    server.stop().await;
}

/// The clocks a page shows: `[(seat, name, time, running)]`.
async fn clocks(browser: &Browser) -> Vec<(String, String, String, bool)> {
    let got = browser
        .eval(
            "return Array.from(document.querySelectorAll('.live-clock')).map((c) => [c.dataset.seat, \
             c.querySelector('.live-clock-name').textContent, c.querySelector('.live-clock-time').textContent, \
             c.dataset.running === 'true' && c.classList.contains('running') && c.getAttribute('role') === 'timer']);",
        )
        .await;
    got.as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c[0].as_str().unwrap().to_string(),
                c[1].as_str().unwrap().to_string(),
                c[2].as_str().unwrap().to_string(),
                c[3].as_bool().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
#[ignore = "needs chromium and chromium-driver: apt-get install chromium chromium-driver, then cargo test -- --include-ignored"]
async fn live_clocks_tick_on_every_page_and_a_flag_fall_shows_without_a_reload() {
    let (f, discord, Players { alice, bob }) = scene().await;
    let (server, base) = live_site(&f, &discord, 100).await;
    let game_id = start_live_game(&f, &alice, &bob, "1+0").await;
    let first = f.service.game(game_id).await.unwrap().to_move().unwrap();
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let url = format!("{base}/g/{token}");
    let (alice_browser, bob_browser, watcher) = tokio::join!(Browser::start(), Browser::start(), Browser::start());
    sign_in(&alice_browser, &url, alice.id).await;
    sign_in(&bob_browser, &url, bob.id).await;
    watcher.goto(&url).await;
    let pages = [
        (&alice_browser, "Alice"),
        (&bob_browser, "Bob"),
        (&watcher, "the watcher"),
    ];
    for (browser, who) in pages {
        browser
            .wait_until("document.querySelectorAll('.live-clock').length === 2")
            .await;
        let shown = clocks(browser).await;
        assert_eq!(shown.len(), 2, "{who}: {shown:?}");
        assert_eq!((shown[0].0.as_str(), shown[0].1.as_str()), ("A", "Alice"), "{who}");
        assert_eq!((shown[1].0.as_str(), shown[1].1.as_str()), ("B", "Bob"), "{who}");
        let running: Vec<bool> = shown.iter().map(|c| c.3).collect();
        assert_eq!(
            running,
            [first == akon::engine::Seat::A, first == akon::engine::Seat::B],
            "{who}"
        );
        let idle = &shown[first.opponent().index()].2;
        assert_eq!(idle, "1:00", "{who}: the other clock stands still");
        let control = browser
            .eval("return document.querySelector('.live-time-control').textContent;")
            .await;
        assert_eq!(control, "Time control: 1+0 (1 min + 0 s per move)", "{who}");
    }
    // The running clock counts down by the browser's own time, though the
    // server's clock stands still.
    let running = format!(".live-clock[data-seat='{first}'] .live-clock-time");
    for (browser, _) in pages {
        browser
            .wait_until(&format!(
                "/^0:5\\d$/.test(document.querySelector(\"{running}\").textContent)"
            ))
            .await;
    }

    // The flag falls on the server: every page shows the loss on time,
    // within a couple of seconds, with no reload.
    let marker = "window.notReloaded = true; return true;";
    for (browser, _) in pages {
        browser.eval(marker).await;
    }
    f.clock.advance(60);
    assert_eq!(f.service.end_flagged_games().await.unwrap(), 1);
    let fell = std::time::Instant::now();
    for (browser, who) in pages {
        browser
            .wait_until("/ran out of time/.test(document.querySelector('.live-status').textContent)")
            .await;
        assert!(
            fell.elapsed() < std::time::Duration::from_secs(2),
            "{who}: shown after {:?}",
            fell.elapsed()
        );
        assert_eq!(browser.eval("return window.notReloaded === true;").await, true, "{who}");
        let shown = clocks(browser).await;
        assert_eq!(shown[first.index()].2, "0:00", "{who}: {shown:?}");
        assert_eq!(shown[first.opponent().index()].2, "1:00", "{who}: {shown:?}");
        assert!(shown.iter().all(|c| !c.3), "{who}: no clock runs: {shown:?}");
        check_console(browser, who).await;
    }
    tokio::join!(alice_browser.close(), bob_browser.close(), watcher.close());
    server.stop().await;
}
