//! The web pages over real HTTP on 127.0.0.1, on SQLite and PostgreSQL:
//! every page, hostile names shown as text, the security headers on every
//! answer, 404 for anything that is not a served page (never a 500), no
//! data for a game outside a server, a server with its pages off or a
//! method other than GET and HEAD, and `304 Not Modified` for a page the
//! reader holds. The pages in a real browser are another suite's.

use std::collections::BTreeMap;

use akon::engine::{Game, Hole};
use akon::service::{
    MovePress, Player, Service, ServiceConfig, ServiceError, TimePerMove, TournamentFormat, TournamentRequest,
};
use akon::web::{WebServer, CONTENT_SECURITY_POLICY};
use reqwest::{header, Method, StatusCode};

use crate::support::service_fixture;

use service_fixture::{change_web_pages, fixture_with, here, player, start_game, Fixture, GUILD};

const SCRIPT_NAME: &str = "<script>alert(1)</script>";
const IMG_NAME: &str = "\"><img src=x onerror=alert(1)>";

/// A review budget a debug build makes short work of.
fn config() -> ServiceConfig {
    ServiceConfig {
        review_nodes: 2_000,
        leaderboard_min_games: 0,
        ..ServiceConfig::default()
    }
}

async fn site(f: &Fixture) -> (WebServer, String) {
    let listener = akon::web::bind("127.0.0.1:0".parse().unwrap()).await.unwrap();
    let server = akon::web::serve(listener, f.service.clone()).unwrap();
    let base = format!("http://{}", server.addr());
    (server, base)
}

fn client() -> reqwest::Client {
    reqwest::Client::builder().no_proxy().build().unwrap()
}

async fn get(url: &str) -> reqwest::Response {
    client().get(url).send().await.unwrap()
}

async fn page(url: &str) -> String {
    let response = get(url).await;
    assert_eq!(response.status(), StatusCode::OK, "{url}");
    response.text().await.unwrap()
}

/// The page at `url` as a browser asking for `accept_language` gets it.
async fn page_in(url: &str, accept_language: &str) -> String {
    client()
        .get(url)
        .header(header::ACCEPT_LANGUAGE, accept_language)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// Plays the move that captures most, as whoever is to move.
async fn play_one(service: &Service, game_id: i64, players: &BTreeMap<u64, Player>) {
    let view = service.game(game_id).await.unwrap();
    let seat = view.to_move().expect("the game goes on");
    let user = &players[&view.player(seat).user_id];
    let hole = greedy(&view.game);
    service
        .play(MovePress::new(game_id, view.ply(), hole, user))
        .await
        .unwrap();
}

fn greedy(game: &Game) -> Hole {
    game.legal_moves()
        .iter()
        .max_by_key(|&h| {
            let mut position = *game.position();
            (position.play_unchecked(h).captured, std::cmp::Reverse(h))
        })
        .unwrap()
}

/// A game between `a` and `b` played to its end by the rules.
async fn played_game(f: &Fixture, a: &Player, b: &Player) -> i64 {
    let game_id = start_game(f, a, b).await;
    let players: BTreeMap<u64, Player> = [(a.id, a.clone()), (b.id, b.clone())].into();
    while f.service.game(game_id).await.unwrap().finished.is_none() {
        play_one(&f.service, game_id, &players).await;
    }
    game_id
}

/// The position a page shows, from the board's `data-position`.
fn shown_position(html: &str) -> serde_json::Value {
    let start = html.find("data-position=\"").expect("a board") + "data-position=\"".len();
    let end = start + html[start..].find('"').unwrap();
    let json = html[start..end].replace("&quot;", "\"");
    serde_json::from_str(&json).unwrap()
}

on_both_backends!(#[tokio::test] fn a_game_page_shows_every_move_players_result_and_review);
async fn a_game_page_shows_every_move_players_result_and_review() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    let (alice, bob) = (player(1, "Alice"), player(2, "Bob"));
    let game_id = played_game(&f, &alice, &bob).await;
    f.service.review(game_id).await.unwrap();
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    assert_eq!(token.len(), akon::service::TOKEN_CHARS);
    // The same token every time.
    assert_eq!(f.service.game_page_token(game_id).await.unwrap(), Some(token.clone()));
    let view = f.service.game(game_id).await.unwrap();
    let moves = view.game.moves().to_vec();
    let html = page(&format!("{base}/g/{token}")).await;
    assert!(html.len() < 60 * 1024, "{} bytes", html.len());
    assert!(html.contains("Alice") && html.contains("Bob"), "{html}");
    assert!(html.contains("<svg"), "the board");
    assert!(html.contains(&view.game.record().to_string()), "the record");
    assert!(html.contains("Time per move: 3 days"), "{html}");
    assert!(html.contains(" wins, ") || html.contains("A draw"), "the result");
    assert!(html.contains("<section class=\"review\">"), "the review");
    assert_eq!(html.matches("<svg").count(), 2, "the board and the review's graph");
    for ply in 1..=moves.len() {
        assert!(html.contains(&format!("href=\"?ply={ply}\"")), "move {ply} is a link");
    }
    // At every move, the board shown is the engine's position.
    for ply in 0..=moves.len() {
        let html = page(&format!("{base}/g/{token}?ply={ply}")).await;
        let expected = Game::replay(*view.game.start(), &moves[..ply]).unwrap();
        assert_eq!(
            shown_position(&html),
            serde_json::to_value(expected.position().to_json()).unwrap(),
            "ply {ply}"
        );
        // The last move's board says the result across it; no other does.
        let board = &html[html.find("<svg").unwrap()..html.find("</svg>").unwrap()];
        let says_result = board.contains(" wins, ") || board.contains(">A draw, ");
        assert_eq!(says_result, ply == moves.len(), "ply {ply}");
        assert_eq!(html.contains("data-step=\"prev\""), ply > 0, "ply {ply}");
        assert_eq!(html.contains("data-step=\"next\""), ply < moves.len(), "ply {ply}");
    }
    // Past the end is the end; nonsense is ignored.
    let last = page(&format!("{base}/g/{token}?ply={}", moves.len())).await;
    assert_eq!(page(&format!("{base}/g/{token}?ply=99999")).await, last);
    assert_eq!(page(&format!("{base}/g/{token}?ply=-3&x=%FF")).await, last);
    server.stop().await;
}

on_both_backends!(#[tokio::test] fn a_game_in_progress_has_a_page_without_a_result);
async fn a_game_in_progress_has_a_page_without_a_result() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    let (alice, bob) = (player(1, "Alice"), player(2, "Bob"));
    let game_id = start_game(&f, &alice, &bob).await;
    let players: BTreeMap<u64, Player> = [(1, alice.clone()), (2, bob.clone())].into();
    play_one(&f.service, game_id, &players).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let response = get(&format!("{base}/g/{token}")).await;
    assert_eq!(response.headers()[header::CACHE_CONTROL], "no-cache");
    let html = response.text().await.unwrap();
    assert!(html.contains("In progress, 1 move played."), "{html}");
    server.stop().await;
}

on_both_backends!(#[tokio::test] fn hostile_names_are_text_in_every_page);
async fn hostile_names_are_text_in_every_page() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    let (a, b) = (player(1, SCRIPT_NAME), player(2, IMG_NAME));
    let game_id = played_game(&f, &a, &b).await;
    f.service.review(game_id).await.unwrap();
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    change_web_pages(&f.service, Some(GUILD), true, (None, Some(true)))
        .await
        .unwrap();
    let board = f.service.server_page_token(GUILD).await.unwrap().unwrap();
    for url in [
        format!("{base}/g/{token}"),
        format!("{base}/g/{token}?ply=0"),
        format!("{base}/s/{board}"),
    ] {
        let html = page(&url).await;
        assert!(!html.contains("<script>alert"), "{url}: {html}");
        assert!(!html.contains("<img"), "{url}: {html}");
        assert!(!html.contains("onerror=alert(1)>"), "{url}");
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "{url}: {html}");
        assert!(
            html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"),
            "{url}: {html}"
        );
        // The page's one script is the site's own file.
        assert_eq!(html.matches("<script").count(), 1, "{url}");
        assert!(html.contains("<script src=\"../static/akon."), "{url}");
        assert!(!html.contains(" style="), "no inline style: {url}");
        assert!(!html.contains("<style"), "no inline style: {url}");
    }
    server.stop().await;
}

/// Every answer, whatever it is, carries the headers.
fn assert_safe_headers(response: &reqwest::Response, what: &str) {
    let headers = response.headers();
    assert_eq!(
        headers[header::CONTENT_SECURITY_POLICY],
        CONTENT_SECURITY_POLICY,
        "{what}"
    );
    assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{what}");
    assert_eq!(headers[header::REFERRER_POLICY], "no-referrer", "{what}");
    assert!(headers.get(header::SET_COOKIE).is_none(), "{what}");
}

// Once, on SQLite: the headers are the web server's, whatever the backend.
#[tokio::test]
async fn every_answer_has_the_security_headers_and_the_csp_allows_no_other_origin() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    let game_id = played_game(&f, &player(1, "Alice"), &player(2, "Bob")).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let html = page(&format!("{base}/")).await;
    let assets: Vec<String> = html
        .split("=\"static/")
        .skip(1)
        .map(|rest| format!("static/{}", &rest[..rest.find('"').unwrap()]))
        .collect();
    assert_eq!(assets.len(), 3, "the style sheet, the icon, the script: {assets:?}");
    let css = page(&format!("{base}/{}", assets[0])).await;
    let font = css
        .split("url(\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    let mut urls = vec![
        (format!("{base}/"), StatusCode::OK),
        (format!("{base}/g/{token}"), StatusCode::OK),
        (format!("{base}/static/{font}"), StatusCode::OK),
        (format!("{base}/g/AAAAAAAAAAAAAAAAAAAAAA"), StatusCode::NOT_FOUND),
        (format!("{base}/nothing"), StatusCode::NOT_FOUND),
        (format!("{base}/static/akon.css"), StatusCode::NOT_FOUND),
    ];
    urls.extend(assets.iter().map(|a| (format!("{base}/{a}"), StatusCode::OK)));
    for (url, status) in urls {
        let response = get(&url).await;
        assert_eq!(response.status(), status, "{url}");
        assert_safe_headers(&response, &url);
        if url.contains("/static/") && status == StatusCode::OK {
            assert!(response.headers()[header::CACHE_CONTROL]
                .to_str()
                .unwrap()
                .contains("immutable"));
        }
    }
    for directive in [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "frame-ancestors 'none'",
    ] {
        assert!(CONTENT_SECURITY_POLICY.contains(directive), "{directive}");
    }
    assert!(!CONTENT_SECURITY_POLICY.contains("unsafe-inline") && !CONTENT_SECURITY_POLICY.contains("http"));
    let types = [("css", "text/css"), ("js", "text/javascript"), ("svg", "image/svg+xml")];
    for asset in &assets {
        let response = get(&format!("{base}/{asset}")).await;
        let kind = response.headers()[header::CONTENT_TYPE].to_str().unwrap().to_string();
        let (_, expected) = types.iter().find(|(ext, _)| asset.ends_with(ext)).unwrap();
        assert!(kind.starts_with(expected), "{asset}: {kind}");
    }
    server.stop().await;
}

on_both_backends!(#[tokio::test] fn unknown_and_malformed_tokens_are_404_never_500);
async fn unknown_and_malformed_tokens_are_404_never_500() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    let game_id = played_game(&f, &player(1, "Alice"), &player(2, "Bob")).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let long = "A".repeat(10_000);
    let paths = [
        "/g/AAAAAAAAAAAAAAAAAAAAAA".to_string(),
        "/g/x".to_string(),
        "/g/".to_string(),
        "/g".to_string(),
        "/g/%FF%FE".to_string(),
        "/g/%00".to_string(),
        "/g/..%2F..%2Fetc%2Fpasswd".to_string(),
        "/g/'%20OR%201=1--".to_string(),
        "/g/é".to_string(),
        format!("/g/{long}"),
        format!("/g/{token}/more"),
        format!("/g/{token}x"),
        format!("/g/{}", &token[1..]),
        // A game's token names no leaderboard and no tournament.
        format!("/s/{token}"),
        format!("/t/{token}"),
        "/s/AAAAAAAAAAAAAAAAAAAAAA".to_string(),
        "/t/AAAAAAAAAAAAAAAAAAAAAA".to_string(),
        "/static/../Cargo.toml".to_string(),
        "/static/%2e%2e/Cargo.toml".to_string(),
    ];
    for path in paths {
        let response = get(&format!("{base}{path}")).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert_safe_headers(&response, &path);
        let body = response.text().await.unwrap();
        assert!(!body.contains("Alice"), "{path}");
    }
    server.stop().await;
}

on_both_backends!(#[tokio::test] fn a_game_outside_a_server_a_server_with_pages_off_and_a_post_get_no_data);
async fn a_game_outside_a_server_a_server_with_pages_off_and_a_post_get_no_data() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    let game_id = played_game(&f, &player(1, "Alice"), &player(2, "Bob")).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let url = format!("{base}/g/{token}");
    assert!(page(&url).await.contains("Alice"));

    // Anything but GET and HEAD: 405, nothing in the body.
    for method in [
        Method::POST,
        Method::PUT,
        Method::DELETE,
        Method::PATCH,
        Method::OPTIONS,
    ] {
        let response = client().request(method.clone(), &url).body("x=1").send().await.unwrap();
        assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED, "{method}");
        assert_safe_headers(&response, method.as_str());
        assert_eq!(response.headers()[header::ALLOW], "GET, HEAD");
        assert!(response.bytes().await.unwrap().is_empty(), "{method}");
    }
    let head = client().head(&url).send().await.unwrap();
    assert_eq!(head.status(), StatusCode::OK);
    assert!(head.bytes().await.unwrap().is_empty());

    // The server's admins turn its game pages off: the page is gone, no
    // link is made; on again, it is back.
    let refused = change_web_pages(&f.service, Some(GUILD), false, (Some(false), None)).await;
    assert!(matches!(refused, Err(ServiceError::NeedsManageServer)), "{refused:?}");
    let refused = change_web_pages(&f.service, None, true, (Some(false), None)).await;
    assert!(matches!(refused, Err(ServiceError::NotInAServer)), "{refused:?}");
    assert!(page(&url).await.contains("Alice"), "a refusal changed nothing");
    let off = change_web_pages(&f.service, Some(GUILD), true, (Some(false), None))
        .await
        .unwrap();
    assert!(!off.game_pages && !off.leaderboard_page);
    let response = get(&url).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert!(!response.text().await.unwrap().contains("Alice"));
    assert_eq!(f.service.game_page_token(game_id).await.unwrap(), None);
    change_web_pages(&f.service, Some(GUILD), true, (Some(true), None))
        .await
        .unwrap();
    assert!(page(&url).await.contains("Alice"));

    // A game that was not played in a server channel has no page, even
    // with a token stored for it.
    let other = played_game(&f, &player(3, "Carol"), &player(4, "Dave")).await;
    let dm_token = f.service.game_page_token(other).await.unwrap().unwrap();
    let mut db = f.db.connect().await;
    sqlx::query("UPDATE games SET guild_id = 0 WHERE id = $1")
        .bind(other)
        .execute(&mut db)
        .await
        .unwrap();
    let response = get(&format!("{base}/g/{dm_token}")).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert!(!response.text().await.unwrap().contains("Carol"));
    assert_eq!(f.service.game_page_token(other).await.unwrap(), None);
    server.stop().await;
}

// Once, on SQLite: the kept pages and their tags are in the process, whatever the backend.
#[tokio::test]
async fn a_finished_game_page_is_not_sent_again_to_a_reader_who_has_it() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    let game_id = played_game(&f, &player(1, "Alice"), &player(2, "Bob")).await;
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let url = format!("{base}/g/{token}?ply=3");
    let first = get(&url).await;
    assert_eq!(first.headers()[header::CACHE_CONTROL], "public, max-age=300");
    assert_eq!(first.headers()[header::VARY], "Accept-Language");
    let etag = first.headers()[header::ETAG].to_str().unwrap().to_string();
    let again = client()
        .get(&url)
        .header(header::IF_NONE_MATCH, &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(again.headers()[header::ETAG], etag.as_str());
    assert!(again.bytes().await.unwrap().is_empty());
    // Another move, another language: another page.
    let other = client()
        .get(format!("{base}/g/{token}?ply=4"))
        .header(header::IF_NONE_MATCH, &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), StatusCode::OK);
    let french = client()
        .get(&url)
        .header(header::IF_NONE_MATCH, &etag)
        .header(header::ACCEPT_LANGUAGE, "fr-FR,fr;q=0.9")
        .send()
        .await
        .unwrap();
    assert_eq!(french.status(), StatusCode::OK);
    assert_eq!(french.headers()[header::CONTENT_LANGUAGE], "fr");
    server.stop().await;
}

// Once, on SQLite: the front page reads no database.
#[tokio::test]
async fn the_front_page_states_the_rules_in_the_readers_language() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    let english = page(&format!("{base}/")).await;
    assert!(english.contains("<h2>The rules of Akon</h2>"), "{english}");
    assert!(english.contains("<html lang=\"en\">"));
    let french = page_in(&format!("{base}/"), "de, fr;q=0.8, en;q=0.5").await;
    assert!(french.contains("<html lang=\"fr\">"), "{french}");
    let spanish = page_in(&format!("{base}/?lang=es"), "fr").await;
    assert!(spanish.contains("<html lang=\"es\">"), "{spanish}");
    let portuguese = page_in(&format!("{base}/"), "pt-BR,pt;q=0.9").await;
    assert!(portuguese.contains("<html lang=\"pt\">"), "{portuguese}");
    assert!(portuguese.contains("<h2>As regras do Akon</h2>"), "{portuguese}");
    // Links keep a language chosen in the address.
    assert!(spanish.contains("href=\"./?lang=es\""), "{spanish}");
    assert!(english.len() < 60 * 1024);
    server.stop().await;
}

on_both_backends!(#[tokio::test] fn a_server_leaderboard_is_shown_only_when_turned_on_and_is_paged);
async fn a_server_leaderboard_is_shown_only_when_turned_on_and_is_paged() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    // 24 players, each with a rated game.
    for i in 0..12u64 {
        let (a, b) = (
            player(10 + 2 * i, &format!("p{}", 2 * i)),
            player(11 + 2 * i, &format!("p{}", 2 * i + 1)),
        );
        let game_id = start_game(&f, &a, &b).await;
        f.service.resign_confirmed(game_id, &b, None).await.unwrap();
    }
    assert_eq!(
        f.service.server_page_token(GUILD).await.unwrap(),
        None,
        "off by default"
    );
    let refused = change_web_pages(&f.service, Some(GUILD), false, (None, Some(true))).await;
    assert!(matches!(refused, Err(ServiceError::NeedsManageServer)));
    assert_eq!(f.service.server_page_token(GUILD).await.unwrap(), None);
    change_web_pages(&f.service, Some(GUILD), true, (None, Some(true)))
        .await
        .unwrap();
    let token = f.service.server_page_token(GUILD).await.unwrap().unwrap();
    let url = format!("{base}/s/{token}");
    let first = page(&url).await;
    assert!(first.contains("Page 1 of 3"), "{first}");
    assert_eq!(first.matches("<tr>").count(), 11, "a header and 10 players");
    let second = page(&format!("{url}?page=2&lang=fr")).await;
    assert!(second.contains("Page 2 sur 3"), "{second}");
    assert!(second.contains("<td class=\"num\">11</td>"), "{second}");
    assert!(second.contains("href=\"?page=3&amp;lang=fr\""), "{second}");
    let last = page(&format!("{url}?page=99")).await;
    assert!(last.contains("Page 3 of 3"));
    // Off again: gone.
    change_web_pages(&f.service, Some(GUILD), true, (None, Some(false)))
        .await
        .unwrap();
    assert_eq!(get(&url).await.status(), StatusCode::NOT_FOUND);
    server.stop().await;
}

on_both_backends!(#[tokio::test] fn a_tournament_page_shows_standings_tie_breaks_rounds_and_pairings);
async fn a_tournament_page_shows_standings_tie_breaks_rounds_and_pairings() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    let organiser = player(1, "org");
    let id = f
        .service
        .create_tournament(TournamentRequest {
            place: here(),
            organiser: &organiser,
            name: "Winter <cup>",
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
    let players: BTreeMap<u64, Player> = (0..5).map(|i| (100 + i, player(100 + i, &format!("p{i}")))).collect();
    for p in players.values() {
        f.service.join_tournament(id, p).await.unwrap();
    }
    let token = f.service.tournament_page_token(id).await.unwrap().unwrap();
    let url = format!("{base}/t/{token}");
    let before = page(&url).await;
    assert!(before.contains("<h1>Winter &lt;cup&gt;</h1>"), "{before}");
    assert!(before.contains("taking entrants"), "{before}");
    f.service.start_tournament(id, &organiser).await.unwrap();
    // Round 1: every game played out; one of them linked from Discord.
    let games = f.service.tournament_round_games(id, 1).await.unwrap();
    for &game_id in &games {
        while f.service.game(game_id).await.unwrap().finished.is_none() {
            play_one(&f.service, game_id, &players).await;
        }
    }
    let game_token = f.service.game_page_token(games[0]).await.unwrap().unwrap();
    f.service.advance_tournaments().await.unwrap();
    let html = page(&url).await;
    for expected in [
        "Standings",
        "Round 1",
        "Round 2",
        "bye",
        "BC1",
        "SB",
        "round 2 being played",
    ] {
        assert!(html.contains(expected), "{expected}: {html}");
    }
    assert!(html.contains(&format!("href=\"../g/{game_token}\"")), "{html}");
    for p in players.values() {
        assert!(html.contains(&p.name), "{}", p.name);
    }
    let french = page(&format!("{url}?lang=fr")).await;
    assert!(french.contains("Ronde 1") && french.contains("Classement"), "{french}");
    // The server's pages off: the tournament's too.
    change_web_pages(&f.service, Some(GUILD), true, (Some(false), None))
        .await
        .unwrap();
    assert_eq!(get(&url).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(f.service.tournament_page_token(id).await.unwrap(), None);
    server.stop().await;
}

// Once, on SQLite: a page's size is the rendering's, whatever the backend.
#[tokio::test]
async fn a_long_game_with_its_review_weighs_under_60_kb() {
    let f = fixture_with(config()).await;
    let (server, base) = site(&f).await;
    let long_name = "𝔐".repeat(32);
    let (a, b) = (player(1, &long_name), player(2, &"W".repeat(32)));
    // The longest of a few games, reviewed.
    let mut longest = (0, 0);
    for _ in 0..3 {
        let game_id = played_game(&f, &a, &b).await;
        let ply = f.service.game(game_id).await.unwrap().ply();
        longest = longest.max((ply, game_id));
    }
    let (ply, game_id) = longest;
    f.service.review(game_id).await.unwrap();
    let token = f.service.game_page_token(game_id).await.unwrap().unwrap();
    let html = page(&format!("{base}/g/{token}?lang=fr")).await;
    assert!(html.len() < 60 * 1024, "{} bytes for {ply} moves", html.len());
    server.stop().await;
}
