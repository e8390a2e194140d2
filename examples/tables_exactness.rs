//! Exactness of the endgame tables you built: on random positions with at
//! most `N` seeds (either player to move, a fresh game), `analyze` with the
//! tables must be exact and its score the capture difference plus the
//! tables' value; and on positions a few seeds above `N`, analyze with a
//! generous budget must reach the tables and be exact as well.
//!
//! ```text
//! AKON_TABLES=akon-tables.bin cargo run --release --example tables_exactness -- 2000
//! ```

use std::time::Instant;

use akon::ai::tables::Tables;
use akon::ai::{analyze_with_tables, Limits};
use akon::engine::Game;
use akon::random::SplitMix64;

#[path = "support/endgames.rs"]
mod endgames;
use endgames::random_position;

fn main() {
    let count: usize = std::env::args()
        .nth(1)
        .map_or(1000, |n| n.parse().expect("a number of positions"));
    let path = std::env::var_os("AKON_TABLES").expect("set AKON_TABLES to the tables file");
    let tables: &'static Tables = Box::leak(Box::new(Tables::open(path.as_ref()).expect("usable tables")));
    let n = tables.max_seeds() as u32;
    let mut rng = SplitMix64::new(2026);
    let started = Instant::now();
    let (mut equal, mut checked) = (0, 0);
    while checked < count {
        let seeds = 1 + rng.below(n as usize) as u32;
        let Some(position) = random_position(&mut rng, seeds) else {
            continue;
        };
        let game = Game::from_position(position);
        let analysis = analyze_with_tables(&game, &Limits::nodes(1_000_000), Some(tables)).unwrap();
        let me = position.to_move();
        let base = position.captured(me) as i32 - position.captured(me.opponent()) as i32;
        checked += 1;
        if analysis.exact && analysis.score == base + tables.probe(&position).unwrap() {
            equal += 1;
        } else {
            println!("differs: {position}\n  analyze {analysis:?}");
        }
    }
    println!(
        "{equal} of {checked} random positions with 1 to {n} seeds: analyze is exact and equals the tables ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
    let (mut exact, mut above) = (0, 0);
    while above < count / 10 {
        let Some(position) = random_position(&mut rng, n + 2) else {
            continue;
        };
        let game = Game::from_position(position);
        let analysis = analyze_with_tables(&game, &Limits::nodes(20_000_000), Some(tables)).unwrap();
        above += 1;
        exact += analysis.exact as usize;
    }
    println!(
        "{exact} of {above} random positions with {} seeds: analyze is exact",
        n + 2
    );
    assert_eq!(equal, checked, "analyze and the tables disagree");
}
