//! Engine speed: applying moves, generating legal moves, and a perft count
//! from the opening (goal: at least 20 million positions a second on one
//! core). Run with `cargo bench --bench engine`.

use std::hint::black_box;
use std::time::Duration;

use akon::engine::{perft, Hole, Position, Seat};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

/// A spread of positions reached by playing the first legal move repeatedly
/// and a few fixed choices, so the benches do not measure the opening alone.
fn sample_positions() -> Vec<Position> {
    let mut positions = Vec::new();
    for seed in 0..7u8 {
        let mut position = Position::opening(Seat::A);
        for ply in 0..30u8 {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let pick = (seed as usize + ply as usize * 3) % moves.len();
            let hole = moves.iter().nth(pick).unwrap();
            position.play_unchecked(hole);
            positions.push(position);
        }
    }
    positions
}

fn apply_move(c: &mut Criterion) {
    let positions = sample_positions();
    let mut group = c.benchmark_group("apply_move");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("first_legal_move_over_sample", |b| {
        b.iter(|| {
            for position in &positions {
                let mut p = *black_box(position);
                if let Some(hole) = p.legal_moves().iter().next() {
                    black_box(p.play_unchecked(hole));
                }
            }
        })
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("opening_hole_3", |b| {
        let hole = Hole::new(3).unwrap();
        b.iter(|| {
            let mut p = Position::opening(Seat::A);
            black_box(p.play_unchecked(black_box(hole)))
        })
    });
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let positions = sample_positions();
    let mut group = c.benchmark_group("legal_moves");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("over_sample", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).legal_moves().len())
                .sum::<usize>()
        })
    });
    // The feeding rule's slow path: the opponent's row is empty.
    let starving = Position::new(&[1, 2, 3, 4, 5, 6, 7], &[0; 7], [21, 21], Seat::A).unwrap();
    group.throughput(Throughput::Elements(1));
    group.bench_function("opponent_row_empty", |b| b.iter(|| black_box(&starving).legal_moves()));
    group.finish();
}

fn perft_from_opening(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    let opening = Position::opening(Seat::A);
    for depth in [6u32, 8] {
        // Positions reached = the sum of the counts at every depth up to `depth`.
        let positions: u64 = (1..=depth).map(|d| perft(&opening, d)).sum();
        group.throughput(Throughput::Elements(positions));
        group.bench_with_input(BenchmarkId::from_parameter(depth), &depth, |b, &depth| {
            b.iter(|| perft(black_box(&opening), depth))
        });
    }
    group.finish();
}

/// Perft without bulk counting: every move of the last ply is played too,
/// so each counted position has really been made.
fn perft_playing_every_leaf(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    position
        .legal_moves()
        .iter()
        .map(|hole| {
            let mut child = *position;
            child.play_unchecked(hole);
            perft_playing_every_leaf(&child, depth - 1)
        })
        .sum()
}

fn perft_every_leaf_played(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft_every_leaf_played");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    let opening = Position::opening(Seat::A);
    let depth = 7;
    let positions: u64 = (1..=depth).map(|d| perft(&opening, d)).sum();
    assert_eq!(perft_playing_every_leaf(&opening, depth), perft(&opening, depth));
    group.throughput(Throughput::Elements(positions));
    group.bench_function(BenchmarkId::from_parameter(depth), |b| {
        b.iter(|| perft_playing_every_leaf(black_box(&opening), depth))
    });
    group.finish();
}

criterion_group!(
    benches,
    apply_move,
    legal_moves,
    perft_from_opening,
    perft_every_leaf_played
);
criterion_main!(benches);
