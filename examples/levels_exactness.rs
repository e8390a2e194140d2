//! What the endgame tables give each level: on random endgames of a few
//! sizes (a fresh game, either player to move), how often the level's own
//! search (its node budget and time cap, as `akon analyze --level` runs it)
//! ends exact, without the tables and with them.
//!
//! ```text
//! AKON_TABLES=~/.cache/akon/akon-tables-16.bin cargo run --release --example levels_exactness -- 40 hard 8,12,16,18,20
//! ```

use std::time::Instant;

use akon::ai::tables::Tables;
use akon::ai::{analyze_with_tables, Level};
use akon::engine::Game;
use akon::random::SplitMix64;

#[path = "support/endgames.rs"]
mod endgames;
use endgames::random_position;

fn main() {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().map_or(40, |n| n.parse().expect("a number of positions"));
    let levels: Vec<Level> = args.next().map_or(vec![Level::Hard], |list| {
        list.split(',').map(|l| l.parse().expect("a level")).collect()
    });
    let sizes: Vec<u32> = args.next().map_or(vec![8, 12, 16, 18, 20], |list| {
        list.split(',').map(|s| s.parse().expect("a number of seeds")).collect()
    });
    let path = std::env::var_os("AKON_TABLES").expect("set AKON_TABLES to the tables file");
    let tables: &'static Tables = Box::leak(Box::new(Tables::open(path.as_ref()).expect("usable tables")));
    println!(
        "| level | seeds | exact without tables | exact with tables up to {} |",
        tables.max_seeds()
    );
    println!("|---|---:|---:|---:|");
    for level in levels {
        for &seeds in &sizes {
            let mut rng = SplitMix64::new(2026 + seeds as u64);
            let started = Instant::now();
            let (mut without, mut with, mut positions) = (0, 0, 0);
            while positions < count {
                let Some(position) = random_position(&mut rng, seeds) else {
                    continue;
                };
                let game = Game::from_position(position);
                let limits = level.limits();
                without += analyze_with_tables(&game, &limits, None).unwrap().exact as usize;
                with += analyze_with_tables(&game, &limits, Some(tables)).unwrap().exact as usize;
                positions += 1;
            }
            println!(
                "| {level} | {seeds} | {without} of {positions} | {with} of {positions} |  ({:.0} s)",
                started.elapsed().as_secs_f64()
            );
        }
    }
}
