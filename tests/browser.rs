//! The web view in a real headless Chromium (Debian's `chromium` and
//! `chromium-driver`, see `support/browser.rs`), on SQLite: a whole game
//! stepped through with the page's links and with the arrow keys, the board
//! drawn at each move read back from the SVG and compared with the engine's
//! position; hostile names shown as text with no dialog and no script run;
//! the Content-Security-Policy sent and obeyed, with no violation in the
//! console; no horizontal scroll at 390 and 1280 px; 404 pages for tokens
//! that name nothing served; no data for a POST. The same pages over plain
//! HTTP, on both backends, are `tests/web.rs`.

use crate::support::service_fixture;

use crate::support::browser;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;

use akon::engine::{Game, Hole, Seat};
use akon::random::SplitMix64;
use akon::service::{MovePress, Player, ServiceConfig, TimePerMove, TournamentFormat, TournamentRequest};
use akon::web::WebServer;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use browser::Browser;
use fantoccini::key::Key;
use fantoccini::Locator;
use serde_json::Value;
use service_fixture::{change_web_pages, fixture_with, here, player, start_game, Fixture, GUILD};

const SCRIPT_NAME: &str = "<script>alert(1)</script>";
const IMG_NAME: &str = "\"><img src=x onerror=alert(1)>";

/// Ratings shown after one game; a review a debug build makes short work of.
fn config() -> ServiceConfig {
    ServiceConfig {
        review_nodes: 2_000,
        leaderboard_min_games: 0,
        ..ServiceConfig::default()
    }
}

/// The web view over the fixture's service, on a free port of 127.0.0.1.
async fn site(f: &Fixture) -> (WebServer, String) {
    let listener = akon::web::bind("127.0.0.1:0".parse().unwrap()).await.unwrap();
    let server = akon::web::serve(listener, f.service.clone()).unwrap();
    let base = format!("http://{}", server.addr());
    (server, base)
}

/// A game between `a` and `b` played to its end: each move one of those
/// that capture most (a game of 50 to 90 moves, where random moves take
/// twice as many), drawn by a seeded generator so that every run plays the
/// same game.
async fn played_game(f: &Fixture, a: &Player, b: &Player, seed: u64) -> i64 {
    let game_id = start_game(f, a, b).await;
    let players: BTreeMap<u64, Player> = [(a.id, a.clone()), (b.id, b.clone())].into();
    play_out(f, game_id, &players, seed, true).await;
    game_id
}

/// Plays `game_id` to its end as [`played_game`] does; with `think`, the
/// clock moves before each move (not for games played side by side, whose
/// clocks all run).
async fn play_out(f: &Fixture, game_id: i64, players: &BTreeMap<u64, Player>, seed: u64, think: bool) {
    let mut rng = SplitMix64::new(seed);
    loop {
        let view = f.service.game(game_id).await.unwrap();
        let Some(seat) = view.to_move() else { break };
        let captures = |hole: Hole| {
            let mut position = *view.game.position();
            position.play_unchecked(hole).captured
        };
        let most = view.game.legal_moves().iter().map(captures).max().unwrap();
        let best: Vec<Hole> = view
            .game
            .legal_moves()
            .iter()
            .filter(|&h| captures(h) == most)
            .collect();
        let hole = best[rng.below(best.len())];
        // Some thought before each move, so that the page has times to show.
        if think {
            f.clock.advance(5 + 60 * rng.below(60) as i64);
        }
        let user = &players[&view.player(seat).user_id];
        f.service
            .play(MovePress::new(game_id, view.ply(), hole, user))
            .await
            .unwrap();
    }
}

/// A Swiss tournament named `name` between players named `names`, its
/// first round played and the second paired; the token of its page.
async fn tournament(f: &Fixture, name: &str, names: &[&str]) -> String {
    let organiser = player(50, "org");
    let id = f
        .service
        .create_tournament(TournamentRequest {
            place: here(),
            organiser: &organiser,
            name,
            format: TournamentFormat::Swiss,
            rounds: Some(2),
            time_per_move: TimePerMove::TenMinutes,
            max_players: None,
            rated: true,
            starts_at: None,
            vacations: false,
        })
        .await
        .unwrap()
        .id;
    let players: BTreeMap<u64, Player> = (200..).zip(names).map(|(id, name)| (id, player(id, name))).collect();
    for p in players.values() {
        f.service.join_tournament(id, p).await.unwrap();
    }
    f.service.start_tournament(id, &organiser).await.unwrap();
    for (seed, game_id) in f
        .service
        .tournament_round_games(id, 1)
        .await
        .unwrap()
        .into_iter()
        .enumerate()
    {
        play_out(f, game_id, &players, seed as u64, false).await;
    }
    f.service.advance_tournaments().await.unwrap();
    f.service.tournament_page_token(id).await.unwrap().unwrap()
}

/// Reads the board the page draws: for each hole (found by its circle and
/// named by the label beside it) the seeds drawn inside it, or the number
/// written in it when there are too many to draw; the rows' labels and
/// the turn, as written above and below the board; the move the list
/// marks, and the step links there are.
const READ_BOARD: &str = r#"
const svg = document.querySelector('div.board svg');
if (!svg) { return null; }
const at = (e, a) => parseFloat(e.getAttribute(a));
const words = (e) => e.textContent.replace(/[\u2066-\u2069]/g, '').trim();
const circles = Array.from(svg.querySelectorAll('circle'));
const texts = Array.from(svg.querySelectorAll('text'));
const names = texts.filter((t) => /^[AB][1-7]$/.test(words(t)));
const seeds = circles.filter((c) => c.getAttribute('r') === '5.5');
const holes = {};
for (const hole of circles.filter((c) => c.getAttribute('r') === '33')) {
  const x = at(hole, 'cx'), y = at(hole, 'cy');
  const inside = (ex, ey) => Math.hypot(ex - x, ey - y) < 33;
  const name = names
    .filter((t) => Math.abs(at(t, 'x') - x) < 0.5)
    .sort((p, q) => Math.abs(at(p, 'y') - y) - Math.abs(at(q, 'y') - y))[0];
  const drawn = seeds.filter((s) => inside(at(s, 'cx'), at(s, 'cy'))).length;
  const written = texts.filter((t) => t.getAttribute('font-size') === '26' && inside(at(t, 'x'), at(t, 'y')));
  holes[words(name)] = { drawn: drawn, written: written.map(words) };
}
// A line of the picture is a few texts on one baseline: the name, then
// the captures with whose turn it is.
const byBaseline = {};
for (const t of texts.filter((t) => t.getAttribute('font-size') === '16')) {
  const y = t.getAttribute('y');
  (byBaseline[y] = byBaseline[y] || []).push(words(t));
}
const lines = Object.values(byBaseline).map((parts) => parts.join(' · '));
const current = document.querySelector('ol.moves a[aria-current]');
return {
  holes: holes,
  lines: lines,
  current: current ? current.getAttribute('href') : null,
  steps: Array.from(document.querySelectorAll('a[data-step]')).map((a) => [a.dataset.step, a.getAttribute('href')]),
};
"#;

/// What the page's board shows: seeds by hole name (`A1`…`B7`), seeds
/// captured by seat, and whose turn it is (`None`: the game is over).
#[derive(Debug, PartialEq, Eq)]
struct Shown {
    holes: BTreeMap<String, u32>,
    captured: [u32; 2],
    to_move: Option<Seat>,
}

/// The page around the board: the move the list marks (its link) and the
/// step links shown.
#[derive(Debug, PartialEq, Eq)]
struct Around {
    current: Option<String>,
    /// The step links (first, prev, next, last) and where each leads.
    steps: Vec<(String, String)>,
}

/// The engine's position after the game's first `ply` moves, as the page
/// should show it.
fn expected(game: &Game, ply: usize, finished: bool) -> Shown {
    let replay = Game::replay(*game.start(), &game.moves()[..ply]).unwrap();
    let position = replay.position();
    let mut holes = BTreeMap::new();
    for seat in Seat::BOTH {
        for hole in Hole::ALL {
            holes.insert(
                format!("{seat}{}", hole.number()),
                u32::from(position.seeds(seat, hole)),
            );
        }
    }
    let to_move = if ply == game.moves().len() && finished {
        None
    } else {
        replay.to_move()
    };
    Shown {
        holes,
        captured: Seat::BOTH.map(|seat| u32::from(position.captured(seat))),
        to_move,
    }
}

/// The last number in `line` (the seeds captured: the turn, after them,
/// has none).
fn last_number(line: &str) -> Option<u32> {
    let digits: String = line
        .chars()
        .rev()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits.chars().rev().collect::<String>().parse().ok()
}

async fn shown(browser: &Browser) -> (Shown, Around) {
    let read = browser.eval(READ_BOARD).await;
    assert!(!read.is_null(), "the page has no board");
    let mut holes = BTreeMap::new();
    for (name, hole) in read["holes"].as_object().unwrap() {
        let drawn = hole["drawn"].as_u64().unwrap() as u32;
        let written = hole["written"].as_array().unwrap();
        let seeds = match written.as_slice() {
            [] => drawn,
            [number] if drawn == 0 => number.as_str().unwrap().parse().unwrap(),
            _ => panic!("{name}: {drawn} seeds drawn and {written:?} written"),
        };
        holes.insert(name.clone(), seeds);
    }
    let lines: Vec<String> = read["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| line.as_str().unwrap().to_string())
        .collect();
    let captured = Seat::BOTH.map(|seat| {
        let label = lines
            .iter()
            .find(|line| line.starts_with(&format!("{seat} ·")))
            .unwrap_or_else(|| panic!("no label for {seat}: {lines:?}"));
        last_number(label).unwrap_or_else(|| panic!("no count in {label}"))
    });
    let turns: Vec<Seat> = lines
        .iter()
        .filter(|line| line.contains('▶'))
        .map(|line| if line.contains("A to move") { Seat::A } else { Seat::B })
        .collect();
    assert!(turns.len() <= 1, "{lines:?}");
    let shown = Shown {
        holes,
        captured,
        to_move: turns.first().copied(),
    };
    let around = Around {
        current: read["current"].as_str().map(str::to_string),
        steps: read["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|step| {
                let step = step.as_array().unwrap();
                let text = |i: usize| step[i].as_str().unwrap_or_default().to_string();
                (text(0), text(1))
            })
            .collect(),
    };
    (shown, around)
}

/// Waits for the page of move `ply` and checks that its board is the
/// engine's position there, and that the move list and the step links
/// follow.
async fn check_ply(browser: &Browser, game: &Game, finished: bool, ply: usize) {
    browser
        .wait_until(&format!(
            "document.readyState === 'complete' && document.querySelector('div.board')?.dataset.ply === '{ply}'"
        ))
        .await;
    let (shown, around) = shown(browser).await;
    assert_eq!(shown, expected(game, ply, finished), "move {ply}");
    let last = game.moves().len();
    // Where each step link leads: the arrow keys and Home and End follow
    // these same links, so checked here at every move, the keys need
    // pressing only a few times.
    let steps = [
        (ply > 0).then_some(("first", 0)),
        (ply > 0).then(|| ("prev", ply - 1)),
        (ply < last).then(|| ("next", ply + 1)),
        (ply < last).then_some(("last", last)),
    ];
    // Each link's query, the part of its href from the last `?`.
    let shown_steps: Vec<(&str, &str)> = around
        .steps
        .iter()
        .map(|(name, href)| (name.as_str(), &href[href.rfind('?').unwrap_or(href.len())..]))
        .collect();
    let queries: Vec<(&str, String)> = steps
        .into_iter()
        .flatten()
        .map(|(name, to)| (name, format!("?ply={to}")))
        .collect();
    assert_eq!(
        shown_steps,
        queries
            .iter()
            .map(|(name, query)| (*name, query.as_str()))
            .collect::<Vec<_>>(),
        "move {ply}: the step links and where they lead"
    );
    assert!(
        around
            .current
            .as_ref()
            .is_some_and(|href| href.ends_with(&format!("?ply={ply}"))),
        "move {ply}: the move list marks {:?}",
        around.current
    );
}

/// No dialog is open, and since the last look the console has shown no
/// error and nothing the policy blocked.
async fn check_console(browser: &Browser, what: &str) {
    assert!(!browser.dialog_open().await, "{what}: a dialog is open");
    let errors: Vec<_> = browser
        .console()
        .await
        .into_iter()
        .filter(|line| line.is_csp_violation() || line.level == "SEVERE")
        .collect();
    assert!(errors.is_empty(), "{what}: {errors:?}");
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

/// The whole game, forwards with the "next" link, where at every move the
/// board drawn is the engine's position and each step link leads to the
/// right move; then the last moves back with the left arrow key, the
/// first moves with the right arrow key and the "previous" link, the
/// first/last links, Home and End, and a move of the list.
#[tokio::test]
#[ignore = "needs chromium and chromium-driver: apt-get install chromium chromium-driver, then cargo test -- --include-ignored"]
async fn stepping_through_a_whole_game_shows_the_engines_position_at_every_move() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    let game_id = played_game(&f, &player(1, "Alice"), &player(2, "Bob"), 7).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let view = f.service.game(game_id).await.unwrap();
    let game = view.game.clone();
    let last = game.moves().len();
    let finished = view.finished.is_some();
    assert!(finished && last > 10, "{last} moves");
    let browser = Browser::start().await;

    // The game shows captures and a hole with too many seeds to draw.
    let positions: Vec<Shown> = (0..=last).map(|ply| expected(&game, ply, finished)).collect();
    assert!(positions.iter().any(|p| p.holes.values().any(|&seeds| seeds > 12)));
    assert!(positions.iter().any(|p| p.captured != [0, 0]));

    browser.goto(&format!("{base}/g/{token}?ply=0")).await;
    check_ply(&browser, &game, finished, 0).await;
    for ply in 1..=last {
        click(&browser, "a[data-step=next]").await;
        check_ply(&browser, &game, finished, ply).await;
    }
    check_console(&browser, "forwards by the links").await;
    // Every page and where its links lead is checked: the keys, which
    // follow the links, over the last moves and the first ones.
    for ply in (last - 5..last).rev() {
        browser.press(Key::Left).await;
        check_ply(&browser, &game, finished, ply).await;
    }
    check_console(&browser, "backwards by the keys").await;
    click(&browser, "a[data-step=first]").await;
    check_ply(&browser, &game, finished, 0).await;
    for ply in 1..=5 {
        browser.press(Key::Right).await;
        check_ply(&browser, &game, finished, ply).await;
    }
    for ply in (0..5).rev() {
        click(&browser, "a[data-step=prev]").await;
        check_ply(&browser, &game, finished, ply).await;
    }
    check_console(&browser, "forwards by the keys, backwards by the links").await;
    click(&browser, "a[data-step=last]").await;
    check_ply(&browser, &game, finished, last).await;
    click(&browser, "a[data-step=first]").await;
    check_ply(&browser, &game, finished, 0).await;
    browser.press(Key::End).await;
    check_ply(&browser, &game, finished, last).await;
    browser.press(Key::Home).await;
    check_ply(&browser, &game, finished, 0).await;
    let middle = last / 2;
    click(&browser, &format!("ol.moves a[href$='?ply={middle}']")).await;
    check_ply(&browser, &game, finished, middle).await;
    // Without a ply, the page opens on the last move.
    browser.goto(&format!("{base}/g/{token}")).await;
    check_ply(&browser, &game, finished, last).await;
    check_console(&browser, "first, last, Home, End and the move list").await;

    browser.close().await;
    server.stop().await;
}

/// What a page's body says, as a reader sees it.
async fn body_text(browser: &Browser) -> String {
    browser
        .eval("return document.body ? document.body.innerText : '';")
        .await
        .as_str()
        .unwrap()
        .to_string()
}

/// Nothing of the page runs but the site's own script file, and nothing
/// came in through a name: no dialog, no element made from a name.
async fn assert_no_injection(browser: &Browser, url: &str) {
    assert!(!browser.dialog_open().await, "{url}: a dialog opened");
    let found = browser
        .eval(
            "return { \
               scripts: Array.from(document.scripts).map((s) => s.src ? new URL(s.src).pathname : 'inline'), \
               images: document.querySelectorAll('img').length, \
               handlers: document.querySelectorAll('[onerror], [onload], [onclick]').length, \
               ran: window.__akon_injected === true };",
        )
        .await;
    let scripts = found["scripts"].as_array().unwrap();
    assert_eq!(scripts.len(), 1, "{url}: {found}");
    assert!(scripts[0].as_str().unwrap().starts_with("/static/"), "{url}: {found}");
    assert_eq!(found["images"], 0, "{url}: {found}");
    assert_eq!(found["handlers"], 0, "{url}: {found}");
    let console = browser.console().await;
    assert!(
        console.iter().all(|line| !line.is_csp_violation()),
        "{url}: {console:?}"
    );
}

/// Players named with markup see their names as text on the game page (at
/// the start and at the end), the leaderboard and a tournament's page (the
/// tournament named so too): no dialog opens, no element comes from a
/// name, and the policy has nothing to block.
#[tokio::test]
#[ignore = "needs chromium and chromium-driver: apt-get install chromium chromium-driver, then cargo test -- --include-ignored"]
async fn hostile_names_show_as_text_and_run_nothing() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    let game_id = played_game(&f, &player(1, SCRIPT_NAME), &player(2, IMG_NAME), 11).await;
    f.service.review(game_id).await.unwrap();
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    change_web_pages(&f.service, Some(GUILD), true, (None, Some(true)))
        .await
        .unwrap();
    let board = f.service.server_page_token(GUILD).await.unwrap().unwrap();
    let cup = tournament(&f, SCRIPT_NAME, &[SCRIPT_NAME, IMG_NAME, "Carol", "Dave", "Eve"]).await;
    let browser = Browser::start().await;
    for url in [
        format!("{base}/g/{token}"),
        format!("{base}/g/{token}?ply=0"),
        format!("{base}/g/{token}?ply=1&lang=fr"),
        format!("{base}/s/{board}"),
        format!("{base}/t/{cup}"),
    ] {
        browser.goto(&url).await;
        browser.wait_until("document.readyState === 'complete'").await;
        let text = body_text(&browser).await;
        assert!(text.contains(SCRIPT_NAME), "{url}: {text}");
        assert!(text.contains(IMG_NAME), "{url}: {text}");
        assert_no_injection(&browser, &url).await;
    }
    // In the board's picture too, as SVG text (the names cut to what fits
    // beside the captures).
    browser.goto(&format!("{base}/g/{token}")).await;
    let labels = browser
        .eval(
            "return Array.from(document.querySelectorAll('div.board svg text')).map((t) => t.textContent).join('\\n');",
        )
        .await;
    let labels = labels.as_str().unwrap();
    assert!(
        labels.contains(&SCRIPT_NAME[..15]) && labels.contains(&IMG_NAME[..15]),
        "{labels}"
    );
    browser.close().await;
    server.stop().await;
}

/// Every page carries the policy, and the browser obeys it: a script
/// element put into the page does not run and is reported in the console,
/// while the pages themselves report nothing.
#[tokio::test]
#[ignore = "needs chromium and chromium-driver: apt-get install chromium chromium-driver, then cargo test -- --include-ignored"]
async fn the_policy_is_sent_obeyed_and_never_violated_by_the_pages() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    let game_id = played_game(&f, &player(1, "Alice"), &player(2, "Bob"), 3).await;
    f.service.review(game_id).await.unwrap();
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    change_web_pages(&f.service, Some(GUILD), true, (None, Some(true)))
        .await
        .unwrap();
    let board = f.service.server_page_token(GUILD).await.unwrap().unwrap();
    let cup = tournament(&f, "Winter cup", &["Carol", "Dave", "Eve"]).await;
    let http = reqwest::Client::builder().no_proxy().build().unwrap();
    let browser = Browser::start().await;
    for url in [
        format!("{base}/t/{cup}"),
        format!("{base}/"),
        format!("{base}/?lang=es"),
        format!("{base}/g/{token}"),
        format!("{base}/g/{token}?ply=2"),
        format!("{base}/s/{board}"),
        format!("{base}/nothing-here"),
    ] {
        let response = http.get(&url).send().await.unwrap();
        let policy = response.headers().get(header::CONTENT_SECURITY_POLICY);
        assert_eq!(
            policy.map(|value| value.to_str().unwrap()),
            Some(akon::web::CONTENT_SECURITY_POLICY),
            "{url}"
        );
        browser.goto(&url).await;
        browser.wait_until("document.readyState === 'complete'").await;
        let console = browser.console().await;
        assert!(
            console.iter().all(|line| !line.is_csp_violation()),
            "{url}: {console:?}"
        );
        // The site's own style sheet applied: the body is in the font of
        // the board's pictures, not the browser's default.
        let font = browser.eval("return getComputedStyle(document.body).fontFamily;").await;
        assert!(
            font.as_str().unwrap().contains("DejaVu Sans"),
            "{url}: no style sheet ({font})"
        );

        let ran = browser
            .eval(
                "const s = document.createElement('script'); \
                 s.textContent = 'window.__akon_injected = true;'; \
                 document.body.appendChild(s); \
                 return window.__akon_injected === true;",
            )
            .await;
        assert_eq!(ran, Value::Bool(false), "{url}: an inline script ran");
        let console = browser.console().await;
        assert!(console.iter().any(|line| line.is_csp_violation()), "{url}: {console:?}");
    }
    browser.close().await;
    server.stop().await;
}

/// The width of a PNG, from its header.
fn png_width(png: &[u8]) -> u32 {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    u32::from_be_bytes(png[16..20].try_into().unwrap())
}

/// Where the screenshots go, for a person to look at.
fn screenshots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// On a phone (390 px) and a laptop (1280 px), no page scrolls sideways.
#[tokio::test]
#[ignore = "needs chromium and chromium-driver: apt-get install chromium chromium-driver, then cargo test -- --include-ignored"]
async fn no_page_scrolls_sideways_at_390_or_1280_px() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    let game_id = played_game(&f, &player(1, "Alice"), &player(2, "Bob"), 5).await;
    f.service.review(game_id).await.unwrap();
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    // A long name, wide characters and a long unbroken word.
    let long = played_game(
        &f,
        &player(3, "Wolfeschlegelsteinhausenbergerdorff"),
        &player(4, "山田太郎山田太郎山田太郎山田太郎"),
        9,
    )
    .await;
    let long = f.service.game_page_token(long).await.unwrap().unwrap();
    change_web_pages(&f.service, Some(GUILD), true, (None, Some(true)))
        .await
        .unwrap();
    let board = f.service.server_page_token(GUILD).await.unwrap().unwrap();
    let cup = tournament(
        &f,
        "Coupe d'hiver des Wolfeschlegelsteinhausenbergerdorff",
        &[
            "Alice",
            "Bob",
            "Wolfeschlegelsteinhausenbergerdorff",
            "山田太郎山田太郎山田太郎山田太郎",
            "Eve",
        ],
    )
    .await;
    let pages = [
        ("front", format!("{base}/")),
        ("game", format!("{base}/g/{token}")),
        ("game-start", format!("{base}/g/{token}?ply=0")),
        ("game-middle", format!("{base}/g/{token}?ply=24")),
        ("game-long-names", format!("{base}/g/{long}?lang=fr")),
        ("leaderboard", format!("{base}/s/{board}")),
        ("tournament", format!("{base}/t/{cup}")),
        ("not-found", format!("{base}/g/AAAAAAAAAAAAAAAAAAAAAA")),
    ];
    let mut browser = Browser::start().await;
    for width in [390, 1280] {
        browser.set_width(width).await;
        for (name, url) in &pages {
            browser.goto(url).await;
            browser.wait_until("document.readyState === 'complete'").await;
            let (scroll, client) = browser.widths().await;
            assert!(scroll <= client, "{name} at {width} px: {scroll} px wide in {client}");
            let png = browser.screenshot().await;
            assert_eq!(png_width(&png), width, "{name}");
            std::fs::write(screenshots().join(format!("{name}-{width}.png")), &png).unwrap();
        }
    }
    browser.close().await;
    server.stop().await;
}

/// What a page's standings table shows of its headings at the window's
/// width: the words of a heading or number broken over two lines, the headings
/// whose abbreviation has no expansion or is missing from the legend, and
/// whether the table is wider than its box while that box does not
/// scroll.
const STANDINGS_HEADINGS: &str = r#"
const table = document.querySelector('table.standings');
if (!table) { return null; }
const broken = [];
for (const cell of table.querySelectorAll('thead th, td.num')) {
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const word of node.data.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (lines.size !== 1) { broken.push(word[0]); }
    }
  }
}
const legend = [...document.querySelectorAll('dl.legend dt')].map(dt => dt.textContent);
const unexplained = [...table.querySelectorAll('thead abbr')]
  .filter(abbr => !abbr.title || !legend.includes(abbr.textContent))
  .map(abbr => abbr.textContent);
const box = table.parentElement;
const overflows = table.getBoundingClientRect().width > box.clientWidth + 1
  && getComputedStyle(box).overflowX !== 'auto';
return { broken, unexplained, abbreviations: table.querySelectorAll('thead abbr').length, overflows };
"#;

/// On a phone (390 px), a tournament's standings headings (and numbers)
/// never break inside a word, in every language: the columns are abbreviated, each
/// abbreviation with its expansion and in the legend under the table; the
/// page does not scroll sideways, and a table wider than the page would
/// scroll in its own box. Names too long for the column stay in it.
#[tokio::test]
#[ignore = "needs chromium and chromium-driver: apt-get install chromium chromium-driver, then cargo test -- --include-ignored"]
async fn tournament_standings_headings_never_break_inside_a_word_at_390_px() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    let cup = tournament(
        &f,
        "Coupe d'hiver",
        &[
            "Alice",
            "Wolfeschlegelsteinhausenbergerdorff",
            "山田太郎山田太郎山田太郎山田太郎",
            "Mbourou-Ndong Ekomy-Nguema",
            "Eve",
        ],
    )
    .await;
    let mut browser = Browser::start().await;
    browser.set_width(390).await;
    for language in ["en", "fr", "es", "pt"] {
        browser.goto(&format!("{base}/t/{cup}?lang={language}")).await;
        browser.wait_until("document.readyState === 'complete'").await;
        let headings = browser.eval(STANDINGS_HEADINGS).await;
        assert!(headings.is_object(), "{language}: no standings table");
        assert_eq!(headings["broken"], serde_json::json!([]), "{language}: {headings}");
        assert_eq!(headings["unexplained"], serde_json::json!([]), "{language}: {headings}");
        // Points, games, the Swiss tie-breaks and the seeds.
        assert_eq!(headings["abbreviations"], 6, "{language}: {headings}");
        assert_eq!(headings["overflows"], false, "{language}: {headings}");
        let (scroll, client) = browser.widths().await;
        assert!(scroll <= client, "{language}: {scroll} px wide in {client}");
        let png = browser.screenshot().await;
        std::fs::write(screenshots().join(format!("standings-{language}-390.png")), &png).unwrap();
    }
    browser.close().await;
    server.stop().await;
}

/// Tokens that name no page served, whatever their shape, get the page
/// saying so, with a 404 and none of the game's data; so do a game outside
/// a server and a server that turned its pages off.
#[tokio::test]
#[ignore = "needs chromium and chromium-driver: apt-get install chromium chromium-driver, then cargo test -- --include-ignored"]
async fn tokens_that_name_nothing_served_get_a_404_page_without_data() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    let game_id = played_game(&f, &player(1, "Alice"), &player(2, "Bob"), 3).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let other = played_game(&f, &player(3, "Carol"), &player(4, "Dave"), 4).await;
    let dm_token = f.service.game_page_token(other).await.unwrap().unwrap();
    // Made a game outside a server, as if it had been played in a DM.
    let mut db = f.db.connect().await;
    sqlx::query("UPDATE games SET guild_id = 0 WHERE id = $1")
        .bind(other)
        .execute(&mut db)
        .await
        .unwrap();
    let http = reqwest::Client::builder().no_proxy().build().unwrap();
    let browser = Browser::start().await;
    // Seen once (at a move the checks below do not ask for: the browser may
    // keep a finished game's page for a few minutes).
    browser.goto(&format!("{base}/g/{token}?ply=1")).await;
    let found = body_text(&browser).await;
    assert!(found.contains("Alice"), "{found}");
    let not_found = |path: String| (path, ["Alice", "Carol"]);
    let mut paths: Vec<_> = [
        "/g/AAAAAAAAAAAAAAAAAAAAAA".to_string(),
        "/g/x".to_string(),
        "/g/".to_string(),
        "/g/%3Cscript%3Ealert(1)%3C%2Fscript%3E".to_string(),
        "/g/'%20OR%201=1--".to_string(),
        "/g/..%2F..%2Fetc%2Fpasswd".to_string(),
        "/g/%FF%FE".to_string(),
        "/g/é".to_string(),
        format!("/g/{}", "A".repeat(5_000)),
        format!("/g/{token}x"),
        format!("/g/{}", &token[1..]),
        format!("/s/{token}"),
        format!("/t/{token}"),
        format!("/g/{dm_token}"),
    ]
    .into_iter()
    .map(not_found)
    .collect();
    // The server's admins turn its game pages off: the page is gone.
    change_web_pages(&f.service, Some(GUILD), true, (Some(false), None))
        .await
        .unwrap();
    paths.push(not_found(format!("/g/{token}")));
    paths.push(not_found(format!("/g/{token}?ply=0")));
    for (path, secrets) in paths {
        let url = format!("{base}{path}");
        let response = http.get(&url).send().await.unwrap();
        assert_eq!(response.status().as_u16(), 404, "{path}");
        browser.goto(&url).await;
        browser.wait_until("document.readyState === 'complete'").await;
        let text = body_text(&browser).await;
        assert!(
            text.contains("not found") || text.contains("Not found"),
            "{path}: {text}"
        );
        for secret in secrets {
            assert!(!text.contains(secret), "{path}: {text}");
        }
        assert!(!browser.dialog_open().await, "{path}");
        let console = browser.console().await;
        assert!(
            console.iter().all(|line| !line.is_csp_violation()),
            "{path}: {console:?}"
        );
    }
    browser.close().await;
    server.stop().await;
}

/// A form on another site posting to a game's page gets nothing back:
/// the browser shows an empty answer.
#[tokio::test]
#[ignore = "needs chromium and chromium-driver: apt-get install chromium chromium-driver, then cargo test -- --include-ignored"]
async fn a_post_from_a_browser_gets_no_data() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    let game_id = played_game(&f, &player(1, "Alice"), &player(2, "Bob"), 3).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let target = format!("{base}/g/{token}");
    let form = format!("<!doctype html><form id=f method=post action='{target}'><input name=x value=1></form>");
    let app = Router::new().route("/", get(move || async move { axum::response::Html(form) }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let elsewhere = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });

    let browser = Browser::start().await;
    let form_page = format!("http://{elsewhere}/");
    browser.goto(&form_page).await;
    browser
        .eval("document.getElementById('f').submit(); return null;")
        .await;
    browser
        .wait_until(&format!(
            "location.href !== '{form_page}' && document.readyState === 'complete'"
        ))
        .await;
    // An empty 405: the browser shows its own error page, naming the status.
    let text = body_text(&browser).await;
    assert!(text.contains("405"), "{text}");
    assert!(!text.contains("Alice") && !text.contains("Bob"), "{text}");
    let board = browser
        .eval("return document.querySelector('div.board, ol.moves') === null;")
        .await;
    assert_eq!(board, Value::Bool(true), "{text}");
    browser.close().await;
    server.stop().await;
}

/// A policy as strict as the web view's: scripts and styles from the page's
/// own origin only.
const STRICT: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'";

fn page(csp: Option<&'static str>, body: &'static str) -> impl IntoResponse {
    let html = format!(
        "<!doctype html><html><head><meta charset=utf-8><title>t</title>\
         <script src=/counter.js defer></script></head><body>{body}</body></html>"
    );
    let mut headers = vec![(header::CONTENT_TYPE, "text/html; charset=utf-8")];
    if let Some(csp) = csp {
        headers.push((header::CONTENT_SECURITY_POLICY, csp));
    }
    (axum::response::AppendHeaders(headers), html)
}

/// Pages that do, and do not, what the web view's tests look for.
async fn serve_checks() -> SocketAddr {
    let counter = "document.addEventListener('keydown', function (e) {\
        if (e.key === 'ArrowRight') { var n = document.getElementById('n');\
        n.dataset.n = String(Number(n.dataset.n) + 1); } });";
    let app = Router::new()
        .route(
            "/clean",
            get(|| async { page(Some(STRICT), "<p id=n data-n=0>counter</p>") }),
        )
        .route(
            "/inline",
            get(|| async { page(Some(STRICT), "<p id=n data-n=0>x</p><script>alert(1)</script>") }),
        )
        .route(
            "/open",
            get(|| async { page(None, "<p id=n data-n=0>x</p><script>alert(1)</script>") }),
        )
        .route(
            "/wide",
            get(|| async { page(None, "<div style='width:2000px'>wide</div><p id=n data-n=0>x</p>") }),
        )
        .route(
            "/counter.js",
            get(move || async move { ([(header::CONTENT_TYPE, "text/javascript")], counter) }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    addr
}

/// The checks the web view's tests make can fail: a blocked inline script
/// is seen in the console, a dialog is seen, a page wider than the window
/// is seen, and the arrow keys reach the page's script.
#[tokio::test]
#[ignore = "needs chromium and chromium-driver: apt-get install chromium chromium-driver, then cargo test -- --include-ignored"]
async fn the_browser_checks_catch_what_they_look_for() {
    let addr = serve_checks().await;
    let mut browser = Browser::start().await;

    browser.goto(&format!("http://{addr}/clean")).await;
    browser.wait_until("document.readyState === 'complete'").await;
    browser.press(Key::Right).await;
    browser.press(Key::Right).await;
    browser
        .wait_until("document.getElementById('n').dataset.n === '2'")
        .await;
    let console = browser.console().await;
    assert!(console.iter().all(|line| !line.is_csp_violation()), "{console:?}");
    assert!(!browser.dialog_open().await);
    for width in [390, 1280] {
        browser.set_width(width).await;
        let (scroll, client) = browser.widths().await;
        assert!(scroll <= client, "{width} px: {scroll} > {client}");
    }

    browser.goto(&format!("http://{addr}/inline")).await;
    let console = browser.console().await;
    assert!(console.iter().any(|line| line.is_csp_violation()), "{console:?}");
    assert!(!browser.dialog_open().await, "the policy let an inline script run");

    browser.goto(&format!("http://{addr}/open")).await;
    assert!(browser.dialog_open().await, "an alert was not seen");
    browser.client.dismiss_alert().await.unwrap();

    browser.set_width(390).await;
    browser.goto(&format!("http://{addr}/wide")).await;
    let (scroll, client) = browser.widths().await;
    assert!(
        scroll > client,
        "a 2000 px wide page was not seen as wider: {scroll} <= {client}"
    );

    let png = browser.screenshot().await;
    assert!(png.starts_with(b"\x89PNG"), "a screenshot is a PNG");
    browser.close().await;
}

/// Without the browser or its driver, the tests fail saying how to install
/// them, rather than passing without a browser.
#[test]
fn a_missing_browser_is_a_failure_naming_the_packages() {
    let nowhere = tempfile::tempdir().unwrap();
    let path = nowhere.path().as_os_str().to_owned();
    let missing = browser::programs_in(&["/nonexistent/chromium", "chromium"], &["chromedriver"], Some(&path));
    let line = missing.unwrap_err();
    assert!(line.contains("apt-get install chromium chromium-driver"), "{line}");
    assert!(!line.contains('\n'), "{line}");
    // And the same lists find the programs where they are.
    std::fs::write(nowhere.path().join("chromium"), "").unwrap();
    std::fs::write(nowhere.path().join("chromedriver"), "").unwrap();
    let found = browser::programs_in(&["/nonexistent/chromium", "chromium"], &["chromedriver"], Some(&path));
    assert_eq!(
        found.unwrap(),
        (nowhere.path().join("chromium"), nowhere.path().join("chromedriver"))
    );
}
