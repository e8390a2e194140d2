//! How long a board picture takes, for a position in the middle of a game:
//! drawing the SVG; the PNG as the bot and `akon render` make it, with its
//! parts kept from an earlier picture (the usual case: the same players,
//! holes that look as before) and with both lines of names new (players
//! never drawn before, or new captures); a finished game's PNG with its
//! result across the board; and the PNG of the whole SVG, for comparison.
//!
//! ```sh
//! cargo bench --bench picture
//! ```

use std::sync::atomic::{AtomicU64, Ordering};

use akon::engine::{Game, Record, Seat};
use akon::i18n::Language;
use akon::picture::{self, board_svg, BoardPicture};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn pictures(c: &mut Criterion) {
    let record: Record = "A: 3 5 1 7 2 4 6 3 5 1".parse().unwrap();
    let game = Game::from_record(&record).unwrap();
    let drawing = || BoardPicture::of_game(Language::English, &game, Seat::B, |s| format!("player {s}"));
    // The first PNG loads the font and draws the shared parts: done here,
    // out of the measure.
    let png = picture::board_png(&drawing()).unwrap();
    eprintln!("board PNG: {} bytes", png.len());
    c.bench_function("board svg", |b| b.iter(|| board_svg(black_box(&drawing()))));
    c.bench_function("board png", |b| {
        b.iter(|| picture::board_png(black_box(&drawing())).unwrap())
    });
    let players = AtomicU64::new(0);
    c.bench_function("board png, both lines of names new", |b| {
        b.iter(|| {
            let n = players.fetch_add(1, Ordering::Relaxed);
            let drawing = BoardPicture::of_game(Language::English, &game, Seat::B, |s| format!("player {s}{n}"));
            picture::board_png(black_box(&drawing)).unwrap()
        })
    });
    // A finished game's picture with its result across the board: the
    // line fitted to the band and the band drawn for each picture.
    let mut finished = game.clone();
    while !finished.is_over() {
        let hole = finished.legal_moves().iter().next().unwrap();
        finished.play(hole).unwrap();
    }
    let result = "Player A wins, 40 to 30 — B had no seeds left to sow, so A took the seeds on the board.";
    let finished_drawing =
        || BoardPicture::of_game(Language::English, &finished, Seat::B, |s| format!("player {s}")).with_result(result);
    let png = picture::board_png(&finished_drawing()).unwrap();
    eprintln!("finished board PNG with its result: {} bytes", png.len());
    c.bench_function("board png, a finished game with its result", |b| {
        b.iter(|| picture::board_png(black_box(&finished_drawing())).unwrap())
    });
    c.bench_function("board png from the whole svg", |b| {
        b.iter(|| picture::png(&board_svg(black_box(&drawing()))).unwrap())
    });
}

criterion_group!(benches, pictures);
criterion_main!(benches);
