//! Swiss pairing speed: pairing a 512-player field (the largest Swiss the
//! bot allows) must take under 200 ms. Measured for the first round (one
//! score group) and for the last of the default ceil(log2 512) + 1 = 10
//! rounds, after nine rounds of seeded random results (many score groups,
//! colour histories, byes and floaters). Run with
//! `cargo bench --bench tournament`.

use std::hint::black_box;
use std::time::Duration;

use akon::random::SplitMix64;
use akon::tournament::{pair_swiss, GameResult, Outcome, Round};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

const PLAYERS: usize = 512;

/// `rounds` rounds paired by `pair_swiss`, with results drawn from a fixed
/// seed: the higher seed wins a little more often, a few games are drawn.
fn history(players: usize, rounds: usize) -> Vec<Round> {
    let mut rng = SplitMix64::new(0x5EED);
    let mut history = Vec::new();
    for _ in 0..rounds {
        let mut round = pair_swiss(players, &history, &[]).expect("a pairing");
        for p in &mut round.pairings {
            let roll = rng.below(100);
            let favourite_first = p.first < p.second;
            let outcome = match (roll, favourite_first) {
                (0..10, _) => Outcome::Draw,
                (10..65, true) | (65.., false) => Outcome::FirstWon,
                _ => Outcome::SecondWon,
            };
            p.result = Some(GameResult {
                outcome,
                captured: [rng.below(71) as u32, rng.below(71) as u32],
            });
        }
        history.push(round);
    }
    history
}

fn swiss(c: &mut Criterion) {
    let mut group = c.benchmark_group("swiss_pairing");
    group.sample_size(20).measurement_time(Duration::from_secs(10));
    for (players, done) in [(PLAYERS, 0), (PLAYERS, 9), (PLAYERS - 1, 9)] {
        let past = history(players, done);
        group.bench_with_input(
            BenchmarkId::new(format!("{players}_players_round"), done + 1),
            &past,
            |b, past| b.iter(|| pair_swiss(black_box(players), black_box(past), &[]).unwrap()),
        );
    }
    group.finish();
}

criterion_group!(benches, swiss);
criterion_main!(benches);
