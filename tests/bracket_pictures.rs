//! A knockout's bracket as a picture, from knockouts played through the
//! service: 2, 5, 8 and 256 players, names in many scripts, and its
//! description. On SQLite only: what is drawn depends on the bracket the
//! service reads, not on the database it is read from (the knockouts'
//! suites play the same brackets on both backends).

use akon::i18n::Language;
use akon::picture::{boxes_in, bracket_description, bracket_svg, drawable, png, BracketPicture, PLACEHOLDER};
use akon::service::{BracketMatch, Player, Service, TimePerMove, TournamentFormat, TournamentRequest, TournamentView};

use crate::support::service_fixture::{fixture, here, player, Fixture};

fn organiser() -> Player {
    player(1, "org")
}

/// Discord's description limit, as the bot attaches the picture.
const DESCRIPTION_LIMIT: usize = 1024;

/// A knockout of `names.len()` players (seeded in that order), played by
/// resignations, the higher seed winning, `rounds_played` rounds deep
/// (all of them with `None`).
async fn knockout(f: &Fixture, format: TournamentFormat, names: &[String], rounds_played: Option<u32>) -> i64 {
    let request = TournamentRequest {
        place: here(),
        organiser: &organiser(),
        name: "Cup of the bracket",
        format,
        rounds: None,
        time_per_move: TimePerMove::TenMinutes,
        max_players: None,
        rated: true,
        starts_at: None,
        vacations: false,
    };
    let s = &f.service;
    let id = s.create_tournament(request).await.unwrap().id;
    for (i, name) in names.iter().enumerate() {
        s.join_tournament(id, &player(100 + i as u64, name)).await.unwrap();
    }
    let mut games = s.start_tournament(id, &organiser()).await.unwrap().games;
    let mut round = 1;
    while rounds_played.is_none_or(|last| round <= last) && !games.is_empty() {
        for &game_id in &games {
            let game = s.game(game_id).await.unwrap();
            // The higher seed joined first: the lower user id.
            let loser = game.players.iter().max_by_key(|p| p.user_id).unwrap();
            s.resign(game_id, &player(loser.user_id, &loser.name)).await.unwrap();
        }
        s.advance_tournaments().await.unwrap();
        round += 1;
        games = s.tournament_round_games(id, round).await.unwrap();
    }
    id
}

async fn drawn(s: &Service, id: i64) -> (TournamentView, Vec<BracketMatch>) {
    (s.tournament(id).await.unwrap(), s.knockout_bracket(id).await.unwrap())
}

fn drawing<'a>(language: Language, view: &'a TournamentView, bracket: &'a [BracketMatch]) -> BracketPicture<'a> {
    BracketPicture {
        language,
        view,
        bracket,
    }
}

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("p{i}")).collect()
}

/// The match boxes an SVG draws (the winner's box has rounder corners).
fn boxes(svg: &str) -> usize {
    svg.matches(r#"rx="4""#).count()
}

/// The PNG's width and height, decoded.
fn decoded_size(bytes: &[u8]) -> (u32, u32) {
    let decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
    let reader = decoder.read_info().expect("a PNG");
    let info = reader.info();
    (info.width, info.height)
}

#[tokio::test]
async fn brackets_of_2_5_8_and_256_players_are_drawn_from_the_round_of_16_on() {
    // (players, format, match boxes drawn, the picture's most pixels wide).
    let cases = [
        (2, TournamentFormat::Knockout, 1, 600),
        (5, TournamentFormat::Knockout, 4 + 2 + 1, 1000),
        (8, TournamentFormat::KnockoutThirdPlace, 4 + 2 + 1 + 1, 1000),
        (256, TournamentFormat::Knockout, 8 + 4 + 2 + 1, 1200),
    ];
    for (n, format, drawn_boxes, widest) in cases {
        let f = fixture().await;
        let id = knockout(&f, format, &names(n), None).await;
        let (view, bracket) = drawn(&f.service, id).await;
        let picture = drawing(Language::English, &view, &bracket);
        let svg = bracket_svg(&picture);
        assert_eq!(boxes(&svg), drawn_boxes, "{n} players: {svg}");
        // Seed 1 won every match: named in the winner's box.
        assert!(svg.contains("🏆 p0"), "{n} players: {svg}");
        let (width, height) = decoded_size(&png(&svg).unwrap());
        assert!(width <= widest && height <= 700, "{n} players: {width}×{height}");
        // The earlier rounds of 256 players are left to the text, and said so.
        let note = "Rounds 1 to 4 are not drawn";
        assert_eq!(svg.contains(note), n == 256, "{n} players");
        if n == 256 {
            assert!(
                !svg.contains(">p128<") && svg.contains(">p8<"),
                "round 4's losers are not drawn: {svg}"
            );
        }
    }
}

#[tokio::test]
async fn a_bracket_under_way_shows_who_went_through_and_what_is_being_played() {
    let f = fixture().await;
    let id = knockout(&f, TournamentFormat::KnockoutThirdPlace, &names(8), Some(1)).await;
    let (view, bracket) = drawn(&f.service, id).await;
    let picture = drawing(Language::English, &view, &bracket);
    let description = bracket_description(&picture, DESCRIPTION_LIMIT);
    let lines: Vec<&str> = description.lines().collect();
    assert_eq!(lines[0], "Bracket of Cup of the bracket.");
    // The semi-finals being played come first, then round 1's matches.
    assert_eq!(lines[1], "Round 2: p0 – p3: being played.");
    assert_eq!(lines[2], "Round 2: p1 – p2: being played.");
    assert_eq!(lines[3], "Round 1: p0 – p7: p0 goes through.");
    assert_eq!(lines.len(), 7, "{description}");
    assert!(!description.contains("Winner"), "{description}");
    // The final's places already show nobody.
    let svg = bracket_svg(&picture);
    assert!(!svg.contains("🏆"), "{svg}");
}

#[tokio::test]
async fn the_description_names_the_winner_the_third_place_and_every_match_drawn() {
    let f = fixture().await;
    let id = knockout(&f, TournamentFormat::KnockoutThirdPlace, &names(8), None).await;
    let (view, bracket) = drawn(&f.service, id).await;
    for language in Language::ALL {
        let picture = drawing(language, &view, &bracket);
        let description = bracket_description(&picture, DESCRIPTION_LIMIT);
        // Title, winner, third place, 4 + 2 matches and the final's two.
        assert_eq!(description.lines().count(), 3 + 8, "{language:?}: {description}");
        assert!(description.contains("p0 – p1"), "{description}");
        if language == Language::English {
            let lines: Vec<&str> = description.lines().collect();
            assert_eq!(lines[1], "Winner: p0.");
            assert_eq!(lines[2], "Third place: p2.");
            assert_eq!(lines[3], "Final: p0 – p1: p0 wins.");
            assert_eq!(lines[4], "Third place: p2 – p3: p2 wins.");
            assert_eq!(lines[5], "Round 2: p0 – p3: p0 goes through.");
        }
    }
    // 256 players: within Discord's limit, cut between lines, the winner first.
    let f = fixture().await;
    let id = knockout(&f, TournamentFormat::Knockout, &names(256), None).await;
    let (view, bracket) = drawn(&f.service, id).await;
    let picture = drawing(Language::French, &view, &bracket);
    let description = bracket_description(&picture, DESCRIPTION_LIMIT);
    assert!(description.chars().count() <= DESCRIPTION_LIMIT, "{description}");
    assert!(
        description.lines().nth(1).unwrap().starts_with("Vainqueur"),
        "{description}"
    );
    assert!(description.contains("Finale\u{a0}: p0 – p1"), "{description}");
    assert!(description.lines().all(|line| line.ends_with('.')), "{description}");
}

#[tokio::test]
async fn names_in_every_script_are_drawn() {
    let scripts: Vec<String> = [
        "محمد عبد الله",
        "שלום עליכם",
        "देवनागरी नाम",
        "สมชาย ใจดี",
        "李小龍",
        "ნინო ბერიძე",
        "Светлана Ёлкина",
        "🦁 Lion 🎮",
    ]
    .map(String::from)
    .to_vec();
    let f = fixture().await;
    let id = knockout(&f, TournamentFormat::Knockout, &scripts, None).await;
    let (view, bracket) = drawn(&f.service, id).await;
    let picture = drawing(Language::English, &view, &bracket);
    let svg = bracket_svg(&picture);
    let description = bracket_description(&picture, DESCRIPTION_LIMIT);
    for name in &scripts {
        // Every name is drawn by one of the fonts, never as the placeholder.
        assert!(!drawable(name).contains(PLACEHOLDER), "{name}");
        assert!(svg.contains(name.as_str()), "{name} is not drawn: {svg}");
        assert!(description.contains(name.as_str()), "{name}: {description}");
    }
    assert!(svg.contains(&format!("🏆 {}", scripts[0])), "{svg}");
    // Drawn whole: the PNG of the names differs from the one of plain names.
    let plain = fixture().await;
    let plain_id = knockout(&plain, TournamentFormat::Knockout, &names(8), None).await;
    let (plain_view, plain_bracket) = drawn(&plain.service, plain_id).await;
    let plain_svg = bracket_svg(&drawing(Language::English, &plain_view, &plain_bracket));
    let (written, plain_written) = (png(&svg).unwrap(), png(&plain_svg).unwrap());
    assert_eq!(decoded_size(&written), decoded_size(&plain_written));
    assert_ne!(written, plain_written);
}

/// Emoji sequences as Discord users put them in names (a family joined by
/// zero-width joiners, the rainbow flag, flags, keycaps, skin tones, a tag
/// sequence, variation selectors), beside letters: every glyph the
/// bracket's text layout chose is a glyph of its font, never the box of
/// glyph 0, and the description names them whole.
#[tokio::test]
async fn emoji_sequences_in_names_are_drawn_without_a_box() {
    let names: Vec<String> = [
        "👨\u{200D}👩\u{200D}👧\u{200D}👦🏳\u{FE0F}\u{200D}🌈🇫🇷",
        "Ana 👩🏾\u{200D}🚀",
        "1\u{FE0F}\u{20E3} Keycap",
        "👍🏻👍🏿 Thumbs",
        "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scot",
        "❤\u{FE0F} ✌\u{FE0F} Peace",
        "🇯🇵🇧🇷 李",
        "🧑\u{200D}🤝\u{200D}🧑 Pair",
    ]
    .map(String::from)
    .to_vec();
    let f = fixture().await;
    let id = knockout(&f, TournamentFormat::KnockoutThirdPlace, &names, None).await;
    let (view, bracket) = drawn(&f.service, id).await;
    let picture = drawing(Language::French, &view, &bracket);
    let svg = bracket_svg(&picture);
    assert_eq!(boxes_in(&svg).unwrap(), Vec::<String>::new());
    let description = bracket_description(&picture, DESCRIPTION_LIMIT);
    for name in &names {
        assert_eq!(drawable(name), *name);
        assert!(description.contains(name.as_str()), "{name}: {description}");
    }
    assert!(png(&svg).is_ok());
}
