//! The service over hostile text and aborted games, on SQLite and on
//! PostgreSQL: names made of NUL, controls, bidi overrides, lone marks, 200
//! characters or emoji, emoji sequences (joined, flags, keycaps, skin
//! tones, tags) are stored cleaned and drawn without a box, the same on both backends, and
//! every use case works with them; an aborted game (after 0 or 1 moves)
//! cannot be reviewed and no review is stored.

use akon::engine::Seat;
use akon::i18n::Language;
use akon::picture::{board_svg, boxes_in, BoardPicture};
use akon::service::{input, MovePress, ServiceConfig, ServiceError};

use crate::support::service_fixture;

use service_fixture::{fixture, fixture_with, here, player, start_game};

on_both_backends!(#[tokio::test] fn hostile_names_are_stored_cleaned_and_every_use_case_works);
async fn hostile_names_are_stored_cleaned_and_every_use_case_works() {
    let f = fixture().await;
    let names = [
        "\u{0}".to_string(),
        "a\u{0}b\u{0}c".to_string(),
        "\u{1}\u{1f}\u{7f}\u{80}\u{9f}ok".to_string(),
        "\u{202E}\u{2066}rtl\u{2069}\u{202C}".to_string(),
        "\u{301}\u{302}".to_string(),
        "n".repeat(200),
        "🎲".repeat(200),
        "👨\u{200D}👩\u{200D}👧\u{200D}👦🏳\u{FE0F}\u{200D}🌈🇫🇷".to_string(),
        "🧑🏽\u{200D}💻1\u{FE0F}\u{20E3}🏴\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}".repeat(8),
    ];
    let opponent = player(1, "opponent");
    for (i, name) in names.iter().enumerate() {
        let hostile = player(100 + i as u64, name);
        let game_id = start_game(&f, &hostile, &opponent).await;
        let view = f.service.game(game_id).await.unwrap();
        let seat = view.seat_of(hostile.id).unwrap();
        assert_eq!(view.player(seat).name, input::name(name), "{name:?}");
        // Its board picture draws every glyph of the name from a font: no box.
        let drawing = BoardPicture::of_game(Language::English, &view.game, seat, |s| view.player(s).name.clone());
        assert_eq!(
            boxes_in(&board_svg(&drawing)).unwrap(),
            Vec::<String>::new(),
            "{name:?}"
        );
        f.service.resign_confirmed(game_id, &hostile, None).await.unwrap();
        let stats = f
            .service
            .stats(&opponent, &hostile, Some(here().guild_id.unwrap()))
            .await;
        assert!(stats.is_ok(), "{name:?}: {stats:?}");
        let history = f.service.history_of(&hostile, 0).await.unwrap();
        assert_eq!(history.games.len(), 1, "{name:?}");
        let row = f.store.player(hostile.id).await.unwrap().unwrap();
        assert_eq!(row.name, input::name(name), "{name:?}");
        assert!(!row.name.chars().any(char::is_control), "{name:?}");
        assert!(row.name.chars().count() <= input::NAME_MAX_CHARS);
    }
    // What nothing is left of is stored empty, not as words in a language.
    assert_eq!(f.store.player(100).await.unwrap().unwrap().name, "");
    assert_eq!(f.store.player(101).await.unwrap().unwrap().name, "abc");
    assert_eq!(f.store.player(105).await.unwrap().unwrap().name, "n".repeat(32));
}

/// A game between two players aborted after `moves` moves: it cannot be
/// reviewed, by either call, and nothing is stored.
async fn an_aborted_game_cannot_be_reviewed(moves: usize) {
    // A budget a debug build reviews a short game with in no time.
    let f = fixture_with(ServiceConfig {
        review_nodes: 2_000,
        ..ServiceConfig::default()
    })
    .await;
    let (a, b) = (player(1, "ada"), player(2, "bo"));
    let game_id = start_game(&f, &a, &b).await;
    for _ in 0..moves {
        let view = f.service.game(game_id).await.unwrap();
        let mover = match view.to_move().unwrap() {
            seat if view.player(seat).user_id == a.id => &a,
            _ => &b,
        };
        let hole = view.game.legal_moves().iter().next().unwrap();
        f.service
            .play(MovePress::new(game_id, view.ply(), hole, mover))
            .await
            .unwrap();
    }
    let aborted = f.service.abort(game_id, &b).await.unwrap();
    assert_eq!(aborted.ply(), moves as i64);
    assert!(!aborted.can_be_reviewed());
    assert!(matches!(
        aborted.why_not_reviewable(),
        Some(ServiceError::ReviewOfAbortedGame(id)) if id == game_id
    ));
    for refused in [
        f.service.review(game_id).await.map(|_| ()),
        f.service.stored_review(game_id).await.map(|_| ()),
    ] {
        match refused {
            Err(ServiceError::ReviewOfAbortedGame(id)) => assert_eq!(id, game_id),
            other => panic!("an aborted game reviewed: {other:?}"),
        }
    }
    assert_eq!(f.store.review(game_id).await.unwrap(), None, "nothing stored");

    // The same players' next game, resigned, can be reviewed: the rule is
    // about aborts, not about short games.
    let next = start_game(&f, &a, &b).await;
    let resigned = f.service.resign_confirmed(next, &a, None).await.unwrap();
    assert!(resigned.can_be_reviewed());
    assert!(matches!(
        resigned.finished,
        Some((_, akon::engine::Winner::Seat(Seat::A | Seat::B)))
    ));
    f.service.review(next).await.unwrap();
    assert!(f.store.review(next).await.unwrap().is_some());
}

on_both_backends!(#[tokio::test] fn a_game_aborted_before_any_move_cannot_be_reviewed);
async fn a_game_aborted_before_any_move_cannot_be_reviewed() {
    an_aborted_game_cannot_be_reviewed(0).await;
}

on_both_backends!(#[tokio::test] fn a_game_aborted_after_one_move_cannot_be_reviewed);
async fn a_game_aborted_after_one_move_cannot_be_reviewed() {
    an_aborted_game_cannot_be_reviewed(1).await;
}
