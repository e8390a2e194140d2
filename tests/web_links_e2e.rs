//! Links from Discord to the web pages, end to end: the real bot on the
//! fake Discord with `AKON_WEB_BASE_URL` set, and the real web server on
//! the same database. A board in play's Live page button, a finished
//! board's Replay button, `/akon game`'s and `/akon leaderboard`'s links
//! lead to pages that are served; a
//! server's admins turn them on and off with `/akon settings`, and nobody
//! else can.

use crate::support::fake_discord as fake;
use crate::support::scene::*;
use serde_json::{json, Value};

const BASE: &str = "https://akon.example.org/site";

/// The link buttons of a message: their labels and addresses.
fn links(message: &Value) -> Vec<(String, String)> {
    fake::buttons(message)
        .into_iter()
        .filter(|b| b["style"].as_u64() == Some(5))
        .map(|b| {
            assert!(
                b.get("custom_id").is_none_or(Value::is_null),
                "a link has no custom_id: {b}"
            );
            (
                b["label"].as_str().unwrap().to_string(),
                b["url"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The game number a board's header names (`game #12`).
fn game_id(board: &Value) -> i64 {
    let content = fake::content(board);
    let at = content.find("game #").expect("a board names its game") + "game #".len();
    content[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap()
}

#[tokio::test]
async fn boards_games_and_leaderboards_link_their_pages_while_the_server_shows_them() {
    let mut scene = Scene::new().await;
    scene.stop_bot().await;
    scene.web_base_url = Some(BASE.to_string());
    scene.start_bot().await;
    let listener = akon::web::bind("127.0.0.1:0".parse().unwrap()).await.unwrap();
    let server = akon::web::serve(listener, scene.service().await).unwrap();
    let site = format!("http://{}", server.addr());
    let http = reqwest::Client::builder().no_proxy().build().unwrap();
    let fetch = |path: String| {
        let http = http.clone();
        let site = site.clone();
        async move {
            let response = http.get(format!("{site}{path}")).send().await.unwrap();
            (response.status().as_u16(), response.text().await.unwrap())
        }
    };

    // A finished board: Rematch, Review and a Replay link to a served page.
    let board = scene.resigned(&alice(), &bob()).await;
    let replay = links(&board);
    assert_eq!(replay.len(), 1, "{board}");
    assert_eq!(replay[0].0, "Replay");
    let path = replay[0]
        .1
        .strip_prefix(BASE)
        .expect("the base URL starts the link")
        .to_string();
    assert!(path.starts_with("/g/") && path.len() == 3 + 22, "{path}");
    let (status, page) = fetch(path.clone()).await;
    assert_eq!(status, 200);
    assert!(page.contains(&alice().name) && page.contains(&bob().name), "{page}");

    // A board in play links its page too, the live one.
    let playing = scene.challenge_accepted(&alice(), &carol()).await;
    let live = links(&playing);
    assert_eq!(live.len(), 1, "{playing}");
    assert_eq!(live[0].0, "Live page");
    let live_path = live[0].1.strip_prefix(BASE).expect("the base URL starts the link");
    assert!(live_path.starts_with("/g/") && live_path != path, "{live_path}");
    assert_eq!(fetch(live_path.to_string()).await.0, 200);

    // `/akon game` links the same page.
    let answer = scene
        .slash(&alice(), "game", vec![("id", 4, json!(game_id(&board)))])
        .await;
    assert_eq!(links(&answer), replay, "{answer}");

    // The leaderboard's page is off until an admin turns it on.
    let leaderboard = scene.slash(&alice(), "leaderboard", vec![]).await;
    assert!(links(&leaderboard).is_empty(), "{leaderboard}");
    let refused = scene
        .slash(&alice(), "settings", vec![("web_leaderboard", 3, json!("on"))])
        .await;
    assert!(
        ephemeral_text(&refused).starts_with("Only members who may manage this server"),
        "{refused}"
    );
    scene.fake.set_member_permissions(&carol(), "2248473465835105");
    let set = scene
        .slash(&carol(), "settings", vec![("web_leaderboard", 3, json!("on"))])
        .await;
    let text = ephemeral_text(&set);
    assert!(text.contains("this server's leaderboard on the web: shown"), "{text}");
    assert!(text.contains("this server's games on the web: shown"), "{text}");
    let leaderboard = scene.slash(&alice(), "leaderboard", vec![]).await;
    let web = links(&leaderboard);
    assert_eq!(web.len(), 1, "{leaderboard}");
    assert_eq!(web[0].0, "Web page");
    let board_path = web[0].1.strip_prefix(BASE).unwrap().to_string();
    assert!(board_path.starts_with("/s/"), "{board_path}");
    assert_eq!(fetch(board_path).await.0, 200);

    // Games off: the page is gone and a new final board links nothing.
    let off = scene
        .slash(&carol(), "settings", vec![("web_games", 3, json!("off"))])
        .await;
    assert!(
        ephemeral_text(&off).contains("this server's games on the web: not shown"),
        "{off}"
    );
    assert_eq!(fetch(path).await.0, 404);
    let board = scene.resigned(&carol(), &dave()).await;
    assert!(links(&board).is_empty(), "{board}");

    server.stop().await;
    scene.finish().await;
}
