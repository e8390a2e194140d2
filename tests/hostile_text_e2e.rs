//! Hostile text from Discord, end to end, on SQLite and on PostgreSQL: users
//! whose names are made of NUL, other C0 and C1 controls, bidi overrides,
//! lone combining marks, 200 characters or 200 emoji (and locales with NUL
//! in them) challenge, play, resign, look at stats, history and the
//! leaderboard. Every command works the same on both backends, with no
//! apology; the names are stored cleaned (never lost: the player's row is
//! there); boards and tables keep their width; an empty name reads "player".
//!
//! Also here: a review of an aborted game is refused privately and nothing
//! is stored, however many moves were played before the abort.

use crate::support::fake_discord::{self as fake, TestUser};
use crate::support::scene::*;
use akon::i18n::Language;
use akon::service::{input, ServiceConfig};
use serde_json::{json, Value};
use unicode_width::UnicodeWidthStr;

/// The names tried, each a user of its own.
fn hostile_names() -> Vec<String> {
    vec![
        "\u{0}".to_string(),
        "\u{0}\u{0}\u{0}\u{0}".to_string(),
        "ev\u{0}il\u{0}".to_string(),
        "\u{1}\u{7}\u{8}\u{1b}[31mred\u{1b}[0m\u{7f}\u{80}\u{85}\u{9b}\u{9f}".to_string(),
        "\u{202E}nimda\u{202C} \u{2066}x\u{2069}\u{200F}".to_string(),
        "\u{202E}\u{202D}\u{2067}".to_string(),
        "\u{301}\u{308}\u{20dd}\u{36b}".to_string(),
        format!("z{}", "\u{36b}".repeat(60)),
        "l".repeat(200),
        "😀".repeat(200),
        "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}".repeat(40),
        "中文名字".repeat(50),
        "line\nbreak\r\ntab\tend".to_string(),
    ]
}

fn apology(language: Language) -> String {
    akon::tr!(language, "apology")
}

/// Every message the fake holds: none is an apology.
fn assert_no_apology(scene: &Scene) {
    let sorry = Language::ALL.map(apology);
    for message in scene.fake.all_messages() {
        let text = fake::content(&message);
        assert!(
            !sorry.iter().any(|s| text.contains(s.as_str())),
            "an apology: {message}"
        );
    }
}

/// The board drawn in a message: its six lines, each within 40 columns
/// however they are counted (characters, or columns of a monospaced font).
fn board_lines(message: &Value) -> Vec<String> {
    let content = fake::content(message);
    let block = content
        .split("```")
        .nth(1)
        .unwrap_or_else(|| panic!("no board in {content}"));
    let lines: Vec<String> = block.trim_matches('\n').lines().map(String::from).collect();
    assert_eq!(lines.len(), 6, "{lines:?}");
    for line in &lines {
        assert!(line.width() <= 40, "board line wider than 40 columns: {line:?}");
        assert!(line.chars().count() <= 40, "board line longer than 40: {line:?}");
        assert!(!line.chars().any(|c| c.is_control()), "{line:?}");
    }
    lines
}

/// How a board labels a name: the name itself (cut to fit), or "player".
fn shown_as(name: &str) -> String {
    let cleaned = input::name(name);
    if cleaned.is_empty() {
        "player".to_string()
    } else {
        cleaned.chars().take(4).collect()
    }
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn hostile_names_play_and_show_the_same_on_both_backends);
async fn hostile_names_play_and_show_the_same_on_both_backends() {
    let scene = Scene::with_config(ServiceConfig {
        leaderboard_min_games: 1,
        ..Default::default()
    })
    .await;
    let store = scene.store().await;
    let users: Vec<(TestUser, String)> = hostile_names()
        .into_iter()
        .enumerate()
        .map(|(i, name)| (TestUser::new(300_000_000_000_000_100 + i as u64, &name), name))
        .collect();
    for (user, _) in &users {
        scene.fake.add_user(user);
    }
    let players = [alice()];
    for (user, raw) in &users {
        // The hostile user challenges: stored as challenger...
        let challenge = scene.challenge(user, &alice()).await;
        assert!(!fake::is_ephemeral(&challenge), "{raw:?}: {challenge}");
        let accept = button_with_label(&challenge, "Accept");
        let mut board = scene
            .click_expecting_board(&alice(), fake::message_id(&challenge), &accept)
            .await;
        let lines = board_lines(&board);
        assert!(
            [&lines[0], &lines[5]]
                .iter()
                .any(|label| label.contains(&shown_as(raw))),
            "{raw:?} on the board: {lines:?}"
        );
        // ...plays a move when it is their turn, and resigns.
        if user_to_move(&board, &[alice(), user.clone()]) == *user {
            let (custom_id, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
            board = scene
                .click_expecting_board(user, fake::message_id(&board), &custom_id)
                .await;
            board_lines(&board);
            assert_eq!(user_to_move(&board, &players), alice());
        }
        let resigned = scene.slash(user, "resign", vec![]).await;
        board_lines(&resigned);
        assert!(
            fake::content(&resigned).contains(&format!("{} wins", alice().mention())),
            "{raw:?}: {resigned}"
        );
        // Named as an option (stored as the player looked at), and asking.
        let stats = scene
            .slash(&carol(), "stats", vec![("player", 6, json!(user.id.to_string()))])
            .await;
        assert!(fake::content(&stats).contains("1 loss"), "{raw:?}: {stats}");
        let own = scene.slash(user, "stats", vec![]).await;
        assert!(fake::content(&own).contains("1 loss"), "{raw:?}: {own}");
        let history = scene.slash(user, "history", vec![]).await;
        assert!(fake::content(&history).contains("resigned"), "{raw:?}: {history}");
        let theirs = scene
            .slash(&alice(), "history", vec![("player", 6, json!(alice().id.to_string()))])
            .await;
        assert!(
            fake::content(&theirs).contains(&format!("won vs {}", shown_as(raw))),
            "{raw:?}: {theirs}"
        );
        assert_no_apology(&scene);
        // Stored cleaned, never lost.
        let row = store.player(user.id).await.unwrap().expect("the player is stored");
        assert_eq!(row.name, input::name(raw), "{raw:?}");
        assert!(!row.name.contains('\u{0}') && row.name.chars().count() <= input::NAME_MAX_CHARS);
    }

    // The leaderboard lists them in a table whose rows line up.
    let leaderboard = scene.slash(&alice(), "leaderboard", vec![]).await;
    let content = fake::content(&leaderboard);
    let table: Vec<&str> = content
        .split("```")
        .nth(1)
        .unwrap()
        .trim_matches('\n')
        .lines()
        .collect();
    assert_eq!(table.len(), 1 + 10, "a header and a page of ten: {content}");
    let width = table[0].width();
    for line in &table {
        assert_eq!(line.width(), width, "a row out of line: {content}");
    }
    assert_no_apology(&scene);
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn hostile_locales_are_stored_cleaned_and_still_choose_the_language);
async fn hostile_locales_are_stored_cleaned_and_still_choose_the_language() {
    let scene = Scene::new().await;
    let nul = TestUser::new(300_000_000_000_000_200, "\u{0}");
    scene.fake.add_user(&nul);
    scene.fake.set_user_locale(&nul, "fr\u{0}\u{202E}");
    scene.fake.set_guild_locale("\u{0}es-ES\u{85}");
    // An unnamed player's private answers in French, the channel's in
    // Spanish, "joueur" and "jugador" where the name would be.
    let stats = scene.slash(&nul, "stats", vec![]).await;
    assert!(fake::content(&stats).contains(&nul.mention()), "{stats}");
    let challenge = scene.challenge(&nul, &alice()).await;
    let accept = button_with_label(&challenge, "Aceptar");
    let board = scene
        .click_expecting_board(&alice(), fake::message_id(&challenge), &accept)
        .await;
    let lines = board_lines(&board);
    assert!(
        lines
            .iter()
            .any(|line| line.starts_with("B · jugador ·") || line.starts_with("A · jugador ·")),
        "{lines:?}"
    );
    let refused = scene.slash(&bob(), "resign", vec![]).await;
    assert!(fake::is_ephemeral(&refused), "{refused}");
    assert_no_apology(&scene);
    let mut db = scene.db.connect().await;
    let user_locale: (Option<String>,) = sqlx::query_as(&format!(
        "SELECT discord_locale FROM user_languages WHERE user_id = {}",
        nul.id as i64
    ))
    .fetch_one(&mut db)
    .await
    .unwrap();
    assert_eq!(user_locale.0.as_deref(), Some("fr"));
    let guild_locale: (Option<String>,) = sqlx::query_as(&format!(
        "SELECT discord_locale FROM guild_languages WHERE guild_id = {}",
        fake::GUILD_ID as i64
    ))
    .fetch_one(&mut db)
    .await
    .unwrap();
    assert_eq!(guild_locale.0.as_deref(), Some("es-ES"));
    scene.finish().await;
}

/// `/akon review game:<id>` of a game aborted after `moves` moves: refused
/// privately, nothing stored; the final board had no Review button.
async fn review_of_an_aborted_game_is_refused(moves: usize) {
    let scene = Scene::new().await;
    let board = scene.challenge_accepted(&alice(), &bob()).await;
    let players = [alice(), bob()];
    let mut board = board;
    for _ in 0..moves {
        let mover = user_to_move(&board, &players);
        let (custom_id, _, _) = hole_buttons(&board).into_iter().find(|(_, _, on)| *on).unwrap();
        board = scene
            .click_expecting_board(&mover, fake::message_id(&board), &custom_id)
            .await;
    }
    let aborter = match moves {
        0 => alice(),
        _ => user_to_move(&board, &players),
    };
    let aborted = scene.slash(&aborter, "abort", vec![]).await;
    let text = fake::content(&aborted).to_string();
    assert!(text.contains("no result, not rated"), "{text}");
    assert!(!has_button(&aborted, "Review"), "{aborted}");

    scene.fake.set_user_locale(&carol(), "fr");
    for (user, sentence) in [
        (alice(), "Game #1 was aborted before both players had moved"),
        (bob(), "Game #1 was aborted before both players had moved"),
        (carol(), "La partie n°\u{a0}1 a été annulée"),
    ] {
        let ix = scene
            .fake
            .slash(&user, "akon", "review", vec![("game", 4, json!(1))])
            .await;
        assert_eq!(scene.fake.callback_type(&ix).await, 4, "answered at once, not deferred");
        let refused = scene.fake.response(&ix).await;
        scene.settle().await;
        let text = ephemeral_text(&refused);
        assert!(text.contains(sentence), "{text}");
    }
    // The button, pressed on a stale client or forged, is refused alike.
    let pressed = scene
        .click_unchecked(&bob(), fake::message_id(&aborted), "akon:review:1")
        .await;
    assert!(ephemeral_text(&pressed).contains("was aborted"), "{pressed}");
    scene.settle().await;

    let store = scene.store().await;
    assert_eq!(store.review(1).await.unwrap(), None, "nothing reviewed");
    let mut db = scene.db.connect().await;
    let rows: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM game_reviews")
        .fetch_one(&mut db)
        .await
        .unwrap();
    assert_eq!(rows.0, 0);
    assert_no_apology(&scene);
    scene.finish().await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_game_aborted_before_any_move_has_no_review);
async fn a_game_aborted_before_any_move_has_no_review() {
    review_of_an_aborted_game_is_refused(0).await;
}

on_both_backends!(#[tokio::test(flavor = "multi_thread", worker_threads = 2)] fn a_game_aborted_after_one_move_has_no_review);
async fn a_game_aborted_after_one_move_has_no_review() {
    review_of_an_aborted_game_is_refused(1).await;
}
