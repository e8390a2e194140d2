//! The endgame tables' speed: one probe (nanoseconds per lookup, random
//! positions, so mostly cache misses once the file is bigger than the
//! caches), and the search's nodes per second in an endgame with and
//! without them.
//!
//! ```text
//! AKON_TABLES=akon-tables.bin cargo bench --bench tables   # the tables you built
//! cargo bench --bench tables                               # tables up to 10 seeds, built first (seconds)
//! ```

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use akon::ai::tables::{self, Tables};
use akon::ai::{analyze_with_tables, choose_move, Level, Limits};
use akon::engine::{Game, Position, Seat};
use akon::random::SplitMix64;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Seeds of the tables built when `AKON_TABLES` is not set.
const SMALL: u8 = 10;

fn the_tables() -> &'static Tables {
    let path = match std::env::var_os("AKON_TABLES") {
        Some(path) => PathBuf::from(path),
        None => {
            let dir = Box::leak(Box::new(tempfile::tempdir().unwrap()));
            let path = dir.path().join("bench-tables.bin");
            tables::build(SMALL, 2, &path, &mut |_| {}).unwrap();
            path
        }
    };
    let tables = Box::leak(Box::new(Tables::open(&path).unwrap()));
    tables.verify().unwrap();
    eprintln!("tables {} up to {} seeds", path.display(), tables.max_seeds());
    tables
}

/// Random positions with at most `max_seeds` seeds, either player to move.
fn random_positions(max_seeds: u8, count: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(7);
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let mut board = [0i64; 14];
        for _ in 0..=rng.below(max_seeds as usize) {
            board[rng.below(14)] += 1;
        }
        let on_board: i64 = board.iter().sum();
        let to_move = if rng.coin() { Seat::A } else { Seat::B };
        positions.push(Position::new(&board[..7], &board[7..], [70 - on_board, 0], to_move).unwrap());
    }
    positions
}

/// A game between two `easy` players, stopped at the first position with at
/// most `seeds` seeds on the board.
fn endgame(seeds: u32) -> Game {
    for seed in 0.. {
        let mut game = Game::opening(Seat::A);
        while !game.is_over() && game.position().board_total() > seeds {
            let hole = choose_move(&game, Level::Easy, seed).unwrap();
            game.play(hole).unwrap();
        }
        if !game.is_over() && game.position().board_total() > seeds - 4 {
            return game;
        }
    }
    unreachable!("some easy game reaches the endgame")
}

fn probe(c: &mut Criterion) {
    let tables = the_tables();
    let positions = random_positions(tables.max_seeds(), 1 << 16);
    let mut group = c.benchmark_group("tables");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(4))
        .warm_up_time(Duration::from_secs(1));
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("probe", |b| {
        b.iter(|| {
            let mut sum = 0i32;
            for position in &positions {
                sum += tables.probe(black_box(position)).unwrap();
            }
            sum
        })
    });
    group.finish();
}

fn search_in_the_endgame(c: &mut Criterion) {
    const NODES: u64 = 1_000_000;
    let tables = the_tables();
    let game = endgame(tables.max_seeds() as u32 + 8);
    eprintln!("endgame: {}", game.position());
    let mut group = c.benchmark_group("endgame_search");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(6))
        .warm_up_time(Duration::from_secs(1));
    for (name, with) in [("without_tables", None), ("with_tables", Some(tables))] {
        let limits = Limits::nodes(NODES);
        let analysis = analyze_with_tables(&game, &limits, with).unwrap();
        eprintln!(
            "{name}: depth {}, {} nodes, score {}, exact {}",
            analysis.depth, analysis.nodes, analysis.score, analysis.exact
        );
        group.throughput(Throughput::Elements(analysis.nodes));
        group.bench_function(name, |b| {
            b.iter(|| analyze_with_tables(black_box(&game), &limits, with).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, probe, search_in_the_endgame);
criterion_main!(benches);
