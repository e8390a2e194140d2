//! The computer player's speed: nodes per second, time to reach depths 8, 12
//! and 16 from the opening, and one move of each strong level.
//!
//! ```text
//! cargo bench --bench ai
//! ```
//!
//! Goals: at least 5 million nodes per second on one core, `hard`
//! completing depth 14 or more from the opening within its second, and the
//! post-game review of a 60-move game in under 5 s on one core (`review/60_moves`; run it alone with `cargo bench --bench ai -- review`).
//! Each benchmark keeps to 10 samples and a short measurement time so that
//! the whole file runs in about a minute.

use std::hint::black_box;
use std::time::Duration;

use akon::ai::{analyze, choose_move, decide, review, EvalWeights, Level, LevelConfig, Limits, REVIEW_NODES};
use akon::engine::{Game, Hole, Position, Seat};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

/// The best-move search the levels without randomness use, with `limits`.
fn best_move_config(limits: Limits) -> LevelConfig {
    LevelConfig {
        limits,
        blunder_chance: 0.0,
        tolerance: None,
        eval: EvalWeights::STANDARD,
        late_move_reductions: false,
    }
}

/// A middle-game position: the opening after twelve plies of a fixed game.
fn middle_game() -> Game {
    let mut game = Game::opening(Seat::A);
    for hole in [3, 5, 1, 7, 2, 6, 4, 4, 7, 1, 5, 3] {
        game.play(Hole::new(hole).unwrap()).unwrap();
    }
    game
}

fn nodes_per_second(c: &mut Criterion) {
    const NODES: u64 = 2_000_000;
    let mut group = c.benchmark_group("nodes_per_second");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(4))
        .warm_up_time(Duration::from_secs(1));
    // The fitted evaluation has more terms than the classic one; both are
    // measured, so that what the terms cost per node shows.
    for (eval_name, eval) in [("", EvalWeights::STANDARD), ("_classic_eval", EvalWeights::CLASSIC)] {
        for (name, game) in [("opening", Game::opening(Seat::A)), ("middle_game", middle_game())] {
            let config = LevelConfig {
                eval,
                ..best_move_config(Limits::nodes(NODES))
            };
            let nodes = decide(&game, &config, 0).unwrap().nodes;
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(format!("{name}{eval_name}"), |b| {
                b.iter(|| decide(black_box(&game), &config, 0).unwrap())
            });
        }
    }
    group.finish();
}

fn time_to_depth(c: &mut Criterion) {
    let game = Game::opening(Seat::A);
    let mut group = c.benchmark_group("time_to_depth");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8))
        .warm_up_time(Duration::from_secs(1));
    for depth in [8, 12, 16] {
        let config = best_move_config(Limits::depth(depth));
        let decision = decide(&game, &config, 0).unwrap();
        eprintln!("best-move search, opening, depth {depth}: {} nodes", decision.nodes);
        group.throughput(Throughput::Elements(decision.nodes));
        group.bench_with_input(BenchmarkId::new("best_move", depth), &config, |b, config| {
            b.iter(|| decide(black_box(&game), config, 0).unwrap())
        });
    }
    // `analyze` scores every move exactly, which costs more per depth.
    for depth in [8, 12] {
        let limits = Limits::depth(depth);
        let nodes = analyze(&game, &limits).unwrap().nodes;
        eprintln!("analyze, opening, depth {depth}: {nodes} nodes");
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new("analyze", depth), &limits, |b, limits| {
            b.iter(|| analyze(black_box(&game), limits).unwrap())
        });
    }
    group.finish();
}

fn levels(c: &mut Criterion) {
    let game = Game::opening(Seat::A);
    let mut group = c.benchmark_group("level_move_from_opening");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10))
        .warm_up_time(Duration::from_secs(1));
    for level in [Level::Medium, Level::Hard] {
        let decision = decide(&game, &level.config(), 0).unwrap();
        eprintln!(
            "{level} from the opening: depth {} completed, {} nodes, best {}",
            decision.depth, decision.nodes, decision.best
        );
        group.bench_function(level.to_string(), |b| {
            b.iter(|| decide(black_box(&game), &level.config(), 0))
        });
    }
    group.finish();
}

/// The first 60 moves of a game between two `easy` players (the first seed
/// whose game lasts that long): a realistic game with mistakes to find.
pub fn sixty_move_game() -> Vec<Hole> {
    for seed in 0.. {
        let mut game = Game::opening(Seat::A);
        while !game.is_over() && game.moves().len() < 60 {
            let hole = choose_move(&game, Level::Easy, seed).unwrap();
            game.play(hole).unwrap();
        }
        if game.moves().len() == 60 {
            return game.moves().to_vec();
        }
    }
    unreachable!("some easy game lasts 60 moves")
}

fn review_of_a_game(c: &mut Criterion) {
    let moves = sixty_move_game();
    let start = Position::opening(Seat::A);
    let started = std::time::Instant::now();
    let once = review(start, &moves, REVIEW_NODES).unwrap();
    eprintln!(
        "review of a 60-move game ({}): {:?}, {} nodes per move",
        Game::replay(start, &moves).unwrap().record(),
        started.elapsed(),
        once.nodes_per_move
    );
    let mut group = c.benchmark_group("review");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(30))
        .warm_up_time(Duration::from_secs(1));
    group.bench_function("60_moves", |b| {
        b.iter(|| review(start, black_box(&moves), REVIEW_NODES).unwrap())
    });
    group.finish();
}

criterion_group!(benches, nodes_per_second, time_to_depth, levels, review_of_a_game);
criterion_main!(benches);
