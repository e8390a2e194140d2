//! The pictures of the board and of the review's evaluation graph: known
//! positions drawn and compared with the PNGs under tests/data/pictures/,
//! every position of whole games drawn, and the files' size and format.
//!
//! After an intended change of the drawing, regenerate the expected
//! pictures and look at them before committing (after a change of the
//! board's colours, the boards' palette first):
//!
//! ```sh
//! AKON_BLESS=1 cargo test --lib picture::tests::the_board_palette
//! AKON_BLESS=1 cargo test --test suite pictures::
//! ```

use std::path::PathBuf;

use akon::ai::review;
use akon::engine::{Game, Hole, Position, Record, Seat, Winner};
use akon::game_text;
use akon::i18n::Language;
use akon::picture::{self, board_svg, graph_svg, BoardPicture, LastMove};
use akon::service::{EndReason, GameView, PlayerView};

const WIDTH: u32 = 600;
const HEIGHT: u32 = 300;
/// The largest PNG a board may be: a Discord upload per move stays small.
const MOST_BYTES: usize = 40 * 1024;
/// A channel may differ by this much from the expected picture (rounding
/// in the rasteriser's anti-aliasing on another CPU)…
const CHANNEL_TOLERANCE: u8 = 8;
/// …and this share of pixels by more (18 pixels: the edge of a glyph, not
/// a changed letter).
const PIXELS_TOLERATED: f64 = 0.0001;

fn h(n: i64) -> Hole {
    Hole::new(n).unwrap()
}

fn record(text: &str) -> Game {
    Game::from_record(&text.parse::<Record>().unwrap()).unwrap()
}

/// The position's picture as PNG, labelled "player A" and "player B", from B's side.
fn board_png(game: &Game) -> Vec<u8> {
    picture::board_png(&BoardPicture::of_game(Language::English, game, Seat::B, |s| {
        format!("player {s}")
    }))
    .unwrap()
}

/// Decodes a PNG: (width, height, RGB pixels).
fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut pixels).expect("a PNG frame");
    pixels.truncate(frame.buffer_size());
    let rgb = match frame.color_type {
        png::ColorType::Rgb => pixels,
        png::ColorType::Rgba => pixels.chunks(4).flat_map(|p| [p[0], p[1], p[2]]).collect(),
        other => panic!("unexpected colour type {other:?}"),
    };
    (frame.width, frame.height, rgb)
}

/// Compares `png` with tests/data/pictures/`name`.png, or writes it there
/// with AKON_BLESS=1.
fn assert_looks_like(name: &str, png: &[u8]) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/pictures/{name}.png"));
    if std::env::var_os("AKON_BLESS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, png).unwrap();
        return;
    }
    let expected = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; AKON_BLESS=1 cargo test --test suite pictures:: writes it",
            path.display()
        )
    });
    let (ew, eh, expected) = decode(&expected);
    let (w, h, actual) = decode(png);
    assert_eq!((w, h), (ew, eh), "{name}: size");
    let differing = expected
        .chunks(3)
        .zip(actual.chunks(3))
        .filter(|(e, a)| e.iter().zip(a.iter()).any(|(&x, &y)| x.abs_diff(y) > CHANNEL_TOLERANCE))
        .count();
    let share = differing as f64 / f64::from(w * h);
    if share > PIXELS_TOLERATED {
        let actual_path = std::env::temp_dir().join(format!("akon-{name}.png"));
        std::fs::write(&actual_path, png).unwrap();
        panic!(
            "{name}: {differing} pixels differ from {} (drawn: {}); AKON_BLESS=1 regenerates after an intended change",
            path.display(),
            actual_path.display()
        );
    }
}

fn assert_board_png(png: &[u8]) {
    assert!(png.len() < MOST_BYTES, "a board PNG of {} bytes", png.len());
    let (w, h, _) = decode(png);
    assert_eq!((w, h), (WIDTH, HEIGHT));
}

#[test]
fn the_opening_looks_as_expected() {
    let png = board_png(&Game::opening(Seat::A));
    assert_board_png(&png);
    assert_looks_like("opening", &png);
}

#[test]
fn a_game_in_progress_shows_the_last_move_and_whose_turn() {
    let png = board_png(&record("A: 3 5 1 7 2 4"));
    assert_board_png(&png);
    assert_looks_like("midgame", &png);
}

/// docs/RULES.md's worked example: 18 seeds from A2, a lap, then B2 B3 B4 captured.
#[test]
fn a_capture_marks_the_captured_holes() {
    let start = Position::new(&[0, 18, 0, 0, 0, 0, 0], &[5, 1, 1, 1, 5, 5, 5], [15, 14], Seat::A).unwrap();
    let game = Game::replay(start, &[h(2)]).unwrap();
    let last = LastMove::of_game(&game).unwrap();
    assert_eq!(last.outcome.captured_holes.numbers(), vec![2, 3, 4]);
    let png = board_png(&game);
    assert_board_png(&png);
    assert_looks_like("capture", &png);
}

#[test]
fn the_seed_kept_from_a_hole_one_is_marked() {
    let game = record("A: 3");
    assert!(LastMove::of_game(&game).unwrap().outcome.kept_from_hole_one);
    assert_looks_like("kept", &board_png(&game));
}

/// 0, 1, 14, 15 and 40 seeds in a hole; B to move.
#[test]
fn big_holes_are_written_as_numbers() {
    let start = Position::new(&[40, 0, 1, 0, 0, 0, 0], &[14, 15, 0, 0, 0, 0, 0], [0, 0], Seat::B).unwrap();
    let png = board_png(&Game::from_position(start));
    assert_board_png(&png);
    assert_looks_like("big-holes", &png);
}

/// A whole game, each move the legal hole holding the fewest seeds (so
/// that seeds pile up in the others), as far as the game goes.
fn greedy_game(first: Seat) -> Game {
    let mut game = Game::opening(first);
    while !game.is_over() {
        let position = *game.position();
        let hole = game
            .legal_moves()
            .iter()
            .min_by_key(|&hole| (position.seeds(position.to_move(), hole), hole.number()))
            .unwrap();
        game.play(hole).unwrap();
    }
    game
}

#[test]
fn a_finished_game_says_so() {
    let game = greedy_game(Seat::A);
    assert!(game.is_over());
    let png = board_png(&game);
    assert_board_png(&png);
    assert_looks_like("finished", &png);
}

/// The quick PNG path (the shared part drawn once, each hole's look and
/// each part of a line of names drawn once and kept) makes exactly the PNG
/// of the whole SVG: every position of a whole game from both sides,
/// captures, a kept seed, big holes and a finished game, each drawn twice
/// so that the second comes from the kept parts.
#[test]
fn the_board_png_is_the_picture_of_the_board_svg() {
    let capture = Game::replay(
        Position::new(&[0, 18, 0, 0, 0, 0, 0], &[5, 1, 1, 1, 5, 5, 5], [15, 14], Seat::A).unwrap(),
        &[h(2)],
    )
    .unwrap();
    let big =
        Game::from_position(Position::new(&[40, 0, 1, 0, 0, 0, 0], &[14, 15, 0, 0, 0, 0, 0], [0, 0], Seat::B).unwrap());
    let whole = greedy_game(Seat::B);
    let mut games = vec![record("A: 3"), record("B: 2 2 6"), capture, big];
    // Every fourth position: the whole SVG is slow to rasterise in a test
    // build, and every position is drawn the quick way below.
    games.extend(
        (0..=whole.moves().len())
            .step_by(4)
            .chain([whole.moves().len()])
            .map(|ply| Game::replay(*whole.start(), &whole.moves()[..ply]).unwrap()),
    );
    for game in &games {
        for bottom in Seat::BOTH {
            let drawing = BoardPicture::of_game(Language::English, game, bottom, |s| format!("player {s}"));
            let expected = picture::board_png_from_svg(&board_svg(&drawing)).unwrap();
            for _ in 0..2 {
                let quick = picture::board_png(&drawing).unwrap();
                assert!(
                    quick == expected,
                    "{} from {bottom}'s side: the quick PNG differs from the SVG's",
                    game.record()
                );
            }
        }
    }
}

/// The parts of the lines of names are drawn alone and kept: in every
/// language, with the most captures, whose turn or the game over, and
/// names too long or too wide to fit, each part stays in its place (the
/// quick PNG equals the whole SVG's).
#[test]
fn long_names_and_texts_stay_in_their_parts_in_every_language() {
    let late =
        Game::from_position(Position::new(&[0, 0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 0, 0], [34, 34], Seat::A).unwrap());
    let finished = greedy_game(Seat::A);
    let names = [
        ["W".repeat(40), "名前😀".repeat(30)],
        ["Ω".to_string(), "<b>&amp;</b>".to_string()],
    ];
    for language in Language::ALL {
        for game in [&late, &finished] {
            for bottom in Seat::BOTH {
                for pair in &names {
                    let drawing = BoardPicture::of_game(language, game, bottom, |s| pair[s.index()].clone());
                    assert!(
                        picture::board_png(&drawing).unwrap()
                            == picture::board_png_from_svg(&board_svg(&drawing)).unwrap(),
                        "{language:?}, {} from {bottom}'s side, {pair:?}",
                        game.record()
                    );
                }
            }
        }
    }
}

/// Every position of two whole games, drawn from both sides: each PNG
/// decodes, has the picture's size and stays under the limit.
#[test]
fn every_position_of_whole_games_is_drawn() {
    for first in Seat::BOTH {
        let whole = greedy_game(first);
        let mut most = 0;
        for ply in 0..=whole.moves().len() {
            let game = Game::replay(*whole.start(), &whole.moves()[..ply]).unwrap();
            most = most.max(game.position().board().iter().copied().max().unwrap());
            for bottom in Seat::BOTH {
                let drawing = BoardPicture::of_game(Language::French, &game, bottom, |s| s.to_string());
                assert_board_png(&picture::board_png(&drawing).unwrap());
            }
        }
        // The games pile seeds up past what is drawn seed by seed.
        assert!(most > 12, "at most {most} seeds in a hole");
        eprintln!(
            "{first} first: {} moves, up to {most} seeds in a hole",
            whole.moves().len()
        );
    }
}

/// Names players chose are text, not markup, and long ones are cut.
#[test]
fn hostile_and_long_names_are_drawn_as_text() {
    let game = Game::opening(Seat::B);
    let svg = board_svg(&BoardPicture::of_game(Language::Spanish, &game, Seat::B, |s| match s {
        Seat::A => "<script>&amp;\"'\u{0}".to_string(),
        Seat::B => "名前😀".repeat(30),
    }));
    assert!(!svg.contains("<script>"), "{svg}");
    assert!(svg.contains("&lt;script&gt;&amp;amp;"), "{svg}");
    assert!(svg.contains('…'), "{svg}");
    assert_board_png(&picture::png(&svg).unwrap());
}

#[test]
fn the_review_graph_looks_as_expected() {
    let game = greedy_game(Seat::A);
    let review = review(*game.start(), game.moves(), 3_000).unwrap();
    assert!(review.turning_point.is_some(), "the graph shows a turning point");
    let svg = graph_svg(Language::English, &review);
    let png = picture::png(&svg).unwrap();
    let (w, h, _) = decode(&png);
    assert_eq!((w, h), (WIDTH, HEIGHT));
    assert_looks_like("graph", &png);
}

/// A finished game as the service shows it: Alice (A) against 李小龍 (B),
/// `game` ended as `finished` says.
fn finished_view(game: Game, finished: (EndReason, Winner)) -> GameView {
    let player = |user_id, name: &str| PlayerView {
        user_id,
        name: name.to_string(),
        is_bot: false,
    };
    GameView {
        id: 7,
        guild_id: 1,
        channel_id: 2,
        players: [player(10, "Alice"), player(11, "李小龍")],
        last_move: None,
        game,
        finished: Some(finished),
        computer: None,
        seconds_per_move: None,
        deadline: None,
        board_message: None,
        rating: None,
        result_shown: true,
        hints_used: 0,
        changed_at: 0,
        venue: akon::venue::Venue::Server,
        followers: 0,
        friendly: false,
        takebacks: 0,
        reminder_at: None,
        live_clock: None,
    }
}

/// The text of every `<text>` element of `svg`, in order, unescaped
/// (`&apos;` for the French apostrophe).
fn texts_drawn(svg: &str) -> Vec<String> {
    svg.split("<text ")
        .skip(1)
        .map(|element| {
            let inner = &element[element.find('>').unwrap() + 1..element.find("</text>").unwrap()];
            inner.replace("&apos;", "'").replace("&amp;", "&")
        })
        .collect()
}

/// A finished game's board picture says who won and the final score (or
/// the draw), and how the game ended, as the text board's result line
/// does, in the reader's language: a win on the board, a draw, a
/// resignation and a loss on time, in English and French. The PNG stays small, and the quick
/// PNG is the picture of the SVG.
#[test]
fn a_finished_games_picture_draws_its_result_line() {
    let win = greedy_game(Seat::A);
    let akon::engine::Status::Finished { winner, .. } = win.status() else {
        panic!("the greedy game ends")
    };
    let Winner::Seat(winning_seat) = winner else {
        panic!("the greedy game is won: {winner:?}")
    };
    let draw = Game::from_position(Position::new(&[0; 7], &[0; 7], [35, 35], Seat::A).unwrap());
    let resigned = record("A: 3 5 1 7");
    let cases = [
        (win, (EndReason::NoSeeds, winner)),
        (draw, (EndReason::NoSeeds, Winner::Draw)),
        (
            resigned,
            (EndReason::Resignation { seat: Seat::B }, Winner::Seat(Seat::A)),
        ),
        // The last move kept a seed from a hole 1: its mark lies over the band.
        (
            record("A: 3"),
            (EndReason::Timeout { seat: Seat::B }, Winner::Seat(Seat::A)),
        ),
    ];
    let expected = |language: Language, case: usize| -> Vec<&'static str> {
        let names = ["Alice", "李小龍"];
        let winner_name = names[winning_seat.index()];
        match (language, case) {
            (Language::English, 0) => vec![winner_name, "wins,", " to ", "had no seeds left to sow"],
            (Language::English, 1) => vec!["A draw, 35 to 35", "had no seeds left to sow"],
            (Language::English, 2) => vec!["Alice wins, ", "李小龍 resigned"],
            (Language::French, 0) => vec![winner_name, "gagne,", " à ", "n'avait plus de graines"],
            (Language::French, 1) => vec!["Partie nulle, 35 à 35", "n'avait plus de graines"],
            (Language::French, 2) => vec!["Alice gagne, ", "李小龍 a abandonné"],
            (Language::English, 3) => vec!["Alice wins, 1 to 0", "李小龍 ran out of time"],
            (Language::French, 3) => vec!["Alice gagne, 1 à 0", "李小龍 a dépassé son temps"],
            _ => unreachable!(),
        }
    };
    for language in [Language::English, Language::French] {
        for (case, (game, finished)) in cases.iter().enumerate() {
            let view = finished_view(game.clone(), *finished);
            let line = game_text::plain_result_line(language, &view, |seat| view.player(seat).name.clone()).unwrap();
            assert!(!line.contains("**"), "{line}");
            let drawing = BoardPicture::of_game(language, game, Seat::B, |s| format!("{s} · {}", view.player(s).name))
                .with_result(line.clone());
            // Resigned games stop with a player to move: the picture is
            // told the game is over as the service's view says.
            let drawing = BoardPicture {
                to_move: None,
                ..drawing
            };
            let svg = board_svg(&drawing);
            let drawn = texts_drawn(&svg);
            let result = drawn
                .iter()
                .find(|text| text.contains(expected(language, case)[0]) && text.len() > 20)
                .unwrap_or_else(|| panic!("{language:?}, case {case}: no result in {drawn:?}"));
            for part in expected(language, case) {
                assert!(
                    result.contains(part),
                    "{language:?}, case {case}: {part:?} not in {result:?}"
                );
            }
            // Said whole where it fits, else cut with an ellipsis.
            let drawn_start = result.trim_end_matches('…');
            assert!(line.starts_with(drawn_start), "{line:?} / {result:?}");
            let png = picture::board_png(&drawing).unwrap();
            assert_board_png(&png);
            assert!(
                png == picture::board_png_from_svg(&svg).unwrap(),
                "{language:?}, case {case}: the quick PNG differs from the SVG's"
            );
        }
    }
}

/// The result across the board, as a player sees it.
#[test]
fn a_finished_games_result_looks_as_expected() {
    let game = greedy_game(Seat::A);
    let view = finished_view(
        game.clone(),
        (EndReason::Resignation { seat: Seat::B }, Winner::Seat(Seat::A)),
    );
    let line = game_text::plain_result_line(Language::English, &view, |seat| view.player(seat).name.clone()).unwrap();
    let drawing = BoardPicture::of_game(Language::English, &game, Seat::B, |s| format!("player {s}")).with_result(line);
    let png = picture::board_png(&drawing).unwrap();
    assert_board_png(&png);
    assert_looks_like("finished-result", &png);
}

/// The result is drawn only once the game is over: a running game's
/// picture ignores it.
#[test]
fn a_running_games_picture_draws_no_result() {
    let game = record("A: 3 5 1 7");
    let plain = BoardPicture::of_game(Language::English, &game, Seat::B, |s| format!("player {s}"));
    let with_result = plain.clone().with_result("Alice wins, 40 to 30");
    assert_eq!(board_svg(&with_result), board_svg(&plain));
}

/// Display names with every kind of emoji sequence Discord users put in
/// them, on boards from both sides: each glyph the text layout chose is
/// a glyph of its font (a box is the font's glyph 0), and the check
/// itself finds the box of a character no font has.
#[test]
fn emoji_sequences_in_names_are_drawn_without_a_box() {
    let names = [
        "👨\u{200D}👩\u{200D}👧\u{200D}👦🏳\u{FE0F}\u{200D}🌈🇫🇷",
        "🧑🏽\u{200D}💻 dev",
        "1\u{FE0F}\u{20E3}2\u{FE0F}\u{20E3}#\u{FE0F}\u{20E3} keys",
        "👋🏻👋🏼👋🏽👋🏾👋🏿",
        "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} England",
        "🏳\u{FE0F}\u{200D}⚧\u{FE0F} ❤\u{FE0F}\u{200D}🔥",
        "☕\u{FE0E} ♟\u{FE0F} 🇧🇷🇺🇦",
        "محمد 👩\u{200D}❤\u{FE0F}\u{200D}👨",
    ];
    let game = Game::opening(Seat::A);
    for name in names {
        for bottom in Seat::BOTH {
            let drawing = BoardPicture::of_game(Language::English, &game, bottom, |s| format!("{s} · {name}"));
            let svg = board_svg(&drawing);
            assert_eq!(picture::boxes_in(&svg).unwrap(), Vec::<String>::new(), "{name:?}");
            assert_board_png(&picture::board_png(&drawing).unwrap());
        }
    }
    let unknown = r#"<svg xmlns="http://www.w3.org/2000/svg" width="90" height="40"><text x="5" y="30" font-size="20">a&#x10FFFD;b</text></svg>"#;
    assert_eq!(picture::boxes_in(unknown).unwrap(), ["\u{10FFFD}"]);
}
