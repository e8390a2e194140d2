//! Fits the evaluation's weights by self-play and prints them, ready for
//! `EvalWeights::STANDARD` in `crates/akon-core/src/ai/eval.rs`.
//!
//! ```text
//! cargo run --release --example tune -- --seed 1 --threads 2
//! ```
//!
//! It plays `--games` self-play games (default 4000) with `--nodes` nodes a
//! move (default 20000), from openings of 4 to 10 random moves drawn from
//! `--seed`, labels every position with what its player to move gained from
//! there to the end, and fits the weights by least squares (`akon::ai::tuning`).
//! With `--rounds 2` the second round's games are played with the first
//! round's weights. One game in five is held out: the error of the old
//! (classic) and of the fitted weights is measured on those. The result
//! depends only on the options, not on the machine or `--threads`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use akon::ai::tuning::{fit, mean_squared_error, self_play_samples, weights_from, Sample, SelfPlay};
use akon::ai::{EvalWeights, TERMS, TERM_NAMES, UNITS_PER_SEED};

struct Options {
    seed: u64,
    games: usize,
    nodes: u64,
    threads: usize,
    rounds: usize,
    ridge: f64,
}

fn usage(error: &str) -> ! {
    eprintln!("tune: {error}");
    eprintln!("usage: tune [--seed S] [--games N] [--nodes N] [--threads T] [--rounds R] [--ridge F]");
    std::process::exit(2)
}

fn options() -> Options {
    let mut o = Options {
        seed: 1,
        games: 4_000,
        nodes: 20_000,
        threads: 1,
        rounds: 1,
        ridge: 1e-4,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().unwrap_or_else(|| usage(&format!("{flag} needs a value")));
        match flag.as_str() {
            "--seed" => o.seed = number(&flag, &value),
            "--games" => o.games = number(&flag, &value),
            "--nodes" => o.nodes = number(&flag, &value),
            "--threads" => o.threads = number(&flag, &value),
            "--rounds" => o.rounds = number(&flag, &value),
            "--ridge" => o.ridge = number(&flag, &value),
            other => usage(&format!("unknown option {other}")),
        }
    }
    if o.games < 5 || o.nodes == 0 || o.rounds == 0 {
        usage("--games must be at least 5, --nodes and --rounds positive");
    }
    o.threads = o.threads.max(1);
    o
}

fn number<T: std::str::FromStr>(flag: &str, value: &str) -> T {
    value
        .parse()
        .unwrap_or_else(|_| usage(&format!("{flag} takes a number")))
}

/// Every game's samples, in game order whatever the threads.
fn play_games(o: &Options, round: usize, weights: EvalWeights) -> Vec<Vec<Sample>> {
    let play = SelfPlay {
        nodes: o.nodes,
        min_opening: 4,
        max_opening: 10,
        weights,
    };
    let next = AtomicUsize::new(0);
    let games = Mutex::new(vec![Vec::new(); o.games]);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..o.threads {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= o.games {
                    break;
                }
                let seed = o
                    .seed
                    .wrapping_mul(1_000_003)
                    .wrapping_add((round * o.games + g) as u64);
                let samples = self_play_samples(seed, &play);
                games.lock().unwrap()[g] = samples;
                if (g + 1).is_multiple_of(500) {
                    eprintln!(
                        "round {}: {} games, {:.0} s",
                        round + 1,
                        g + 1,
                        started.elapsed().as_secs_f64()
                    );
                }
            });
        }
    });
    games.into_inner().unwrap()
}

fn main() {
    let o = options();
    let started = Instant::now();
    let mut weights = EvalWeights::CLASSIC;
    let mut coefficients = [0.0; TERMS];
    let mut train = Vec::new();
    let mut held_out = Vec::new();
    for round in 0..o.rounds {
        let games = play_games(&o, round, weights);
        for (g, samples) in games.into_iter().enumerate() {
            if g % 5 == 4 {
                held_out.extend(samples);
            } else {
                train.extend(samples);
            }
        }
        coefficients = fit(&train, o.ridge);
        weights = weights_from(&coefficients);
        eprintln!(
            "round {}: {} positions, {:.0} s",
            round + 1,
            train.len(),
            started.elapsed().as_secs_f64()
        );
    }
    println!(
        "Akon evaluation fitted by self-play: seed {}, {} rounds of {} games, {} nodes a move, ridge {}, {:.0} s",
        o.seed,
        o.rounds,
        o.games,
        o.nodes,
        o.ridge,
        started.elapsed().as_secs_f64()
    );
    println!("{} positions to fit, {} held out", train.len(), held_out.len());
    println!();
    println!("| term | seeds per unit | weight (1/{UNITS_PER_SEED} seed) | classic |");
    println!("|---|---:|---:|---:|");
    let classic = EvalWeights::CLASSIC.to_array();
    for i in 0..TERMS {
        println!(
            "| {} | {:+.4} | {} | {} |",
            TERM_NAMES[i],
            coefficients[i],
            weights.to_array()[i],
            classic[i]
        );
    }
    println!();
    println!("Mean squared error of the predicted gain, seeds², on the held-out games:");
    println!("- classic: {:.3}", mean_squared_error(&held_out, &EvalWeights::CLASSIC));
    println!("- fitted:  {:.3}", mean_squared_error(&held_out, &weights));
    println!();
    println!("{weights:#?}");
}
