//! Ratings at scale: a database of 100,000 players and 1,000,000 finished
//! games (1,970,000 results, 3,880,000 rating changes), and the queries the
//! bot runs on it: a leaderboard page (first and last, in a server and
//! globally, with where the caller stands), a player's rank, a player's
//! stats and a page of their history, finishing a rated game, a server's
//! board that leaves off the players inactive for 30 days, and a month's
//! season. Ratings are aged as they are read, so every page read here ages
//! its rows. Run with `cargo bench --bench leaderboard`.
//!
//! The database is built once (about a minute: batched inserts in one
//! transaction, the ratings computed in Rust as the bot computes them) and
//! kept in `target/bench-data/`; it is rebuilt when the migrations change.

use std::collections::HashMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use akon::engine::{Position, Seat};
use akon::rating::{rate, Rating, Score};
use akon::service::{
    Actor, ManualClock, Place, Player, Scope, ServerSettingsChanges, Service, ServiceConfig, SettingsChanges,
};
use akon::store::Store;
use criterion::{criterion_group, criterion_main, Criterion};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, SqliteConnection};

const PLAYERS: u64 = 100_000;
const GAMES: u64 = 1_000_000;
const GUILDS: u64 = 20;
const BASE_USER: u64 = 200_000_000_000_000_000;
const BASE_GUILD: u64 = 900_000_000_000_000_000;
const CHANNEL: u64 = 910_000_000_000_000_000;
const COMPUTER: u64 = 100_000_000_000_000_001;
const START: i64 = 1_700_000_000;
/// Rows per INSERT statement, and games generated between inserts.
const BATCH: usize = 400;
const CHUNK: usize = 50_000;
const GAME_COLUMNS: &str = "id, guild_id, channel_id, player_a, player_b, start_position, position, status, \
     end_reason, winner, captured_a, captured_b, created_at, updated_at, finished_at, computer_seat, computer_level";
const HISTORY_COLUMNS: &str = "user_id, scope, game_id, rating_before, deviation_before, volatility_before, \
     rating_after, deviation_after, volatility_after, rated_at";

fn user(i: u64) -> u64 {
    BASE_USER + i
}

fn guild(g: u64) -> u64 {
    BASE_GUILD + g
}

/// xorshift64*: a fixed series, so every build is the same database.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[derive(Clone)]
enum Arg {
    Int(i64),
    Real(f64),
    Text(String),
    Null,
}

async fn flush(conn: &mut SqliteConnection, batch: Vec<Vec<Arg>>, sql: String) {
    let mut query = sqlx::query(&sql);
    for row in batch {
        for arg in row {
            query = match arg {
                Arg::Int(v) => query.bind(v),
                Arg::Real(v) => query.bind(v),
                Arg::Text(v) => query.bind(v),
                Arg::Null => query.bind(None::<i64>),
            };
        }
    }
    query.execute(&mut *conn).await.unwrap();
}

/// Inserts `rows` into `table (columns)`, `BATCH` rows a statement.
async fn insert(conn: &mut SqliteConnection, table: &str, columns: &str, rows: impl IntoIterator<Item = Vec<Arg>>) {
    let width = columns.split(',').count();
    let row_marks = format!("({})", vec!["?"; width].join(","));
    let full = format!(
        "INSERT INTO {table} ({columns}) VALUES {}",
        vec![row_marks.as_str(); BATCH].join(",")
    );
    let mut pending: Vec<Vec<Arg>> = Vec::with_capacity(BATCH);
    for row in rows {
        pending.push(row);
        if pending.len() == BATCH {
            flush(conn, std::mem::take(&mut pending), full.clone()).await;
        }
    }
    if !pending.is_empty() {
        let sql = format!(
            "INSERT INTO {table} ({columns}) VALUES {}",
            vec![row_marks.as_str(); pending.len()].join(",")
        );
        flush(conn, pending, sql).await;
    }
}

/// The bench database, built if it is missing or stale.
async fn database() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    let dir = target.join("bench-data");
    std::fs::create_dir_all(&dir).unwrap();
    // The name changes when what the builder writes does.
    let path = dir.join(format!("leaderboard-{PLAYERS}-{GAMES}-seasons.db"));
    if path.exists() {
        // Stale if a migration changed since (opening fails) or the build
        // was cut short (no marker).
        let fresh = match Store::open_file(&path).await {
            Ok(store) => {
                store.close().await;
                let mut conn = SqliteConnectOptions::new().filename(&path).connect().await.unwrap();
                let marked = sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM bench_built")
                    .fetch_one(&mut conn)
                    .await;
                conn.close().await.unwrap();
                marked.is_ok_and(|n| n == 1)
            }
            Err(_) => false,
        };
        if fresh {
            return path;
        }
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }
    let started = Instant::now();
    eprintln!("building {} (once)…", path.display());
    Store::open_file(&path).await.unwrap().close().await;
    build(&path).await;
    eprintln!("built in {:.0?}", started.elapsed());
    path
}

async fn build(path: &Path) {
    let mut conn = SqliteConnectOptions::new()
        .filename(path)
        .pragma("synchronous", "OFF")
        .pragma("cache_size", "-262144")
        .connect()
        .await
        .unwrap();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let skill: Vec<f64> = (0..PLAYERS)
        .map(|_| 1500.0 + 300.0 * ((0..4).map(|_| rng.unit()).sum::<f64>() - 2.0))
        .collect();
    let mut tx = conn.begin().await.unwrap();
    insert(
        &mut tx,
        "players",
        "user_id, name, is_bot, created_at, updated_at",
        (0..PLAYERS)
            .map(|i| {
                vec![
                    Arg::Int(user(i) as i64),
                    Arg::Text(format!("player{i}")),
                    Arg::Int(0),
                    Arg::Int(START),
                    Arg::Int(START),
                ]
            })
            .chain(std::iter::once(vec![
                Arg::Int(COMPUTER as i64),
                Arg::Text("Akon".into()),
                Arg::Int(1),
                Arg::Int(START),
                Arg::Int(START),
            ])),
    )
    .await;

    // The games, and the ratings computed as they finish.
    let opening = serde_json::to_string(&Position::opening(Seat::A).to_json()).unwrap();
    // Per scope and player: the rating, the record, and when the last rated
    // game finished (what a rating is aged from).
    let mut ratings: HashMap<(u64, u64), (Rating, [i64; 3], i64)> = HashMap::new();
    let mut games = Vec::new();
    let mut history = Vec::new();
    for id in 1..=GAMES {
        if games.len() >= CHUNK {
            insert(&mut tx, "games", GAME_COLUMNS, games.drain(..)).await;
            insert(&mut tx, "rating_history", HISTORY_COLUMNS, history.drain(..)).await;
        }
        // Low numbers play far more: player 0 plays about 1% of all games.
        let a = ((rng.unit().powf(2.5)) * PLAYERS as f64) as u64;
        let computer = rng.below(100) < 3;
        let home = a % GUILDS;
        let g = if rng.below(10) == 0 { rng.below(GUILDS) } else { home };
        let b = loop {
            let b = home + GUILDS * rng.below(PLAYERS / GUILDS);
            if b != a {
                break b;
            }
        };
        let finished_at = START + id as i64 * 30;
        let roll = rng.unit();
        let p_a = 1.0 / (1.0 + 10f64.powf((skill[b as usize] - skill[a as usize]) / 400.0));
        let (winner, score) = if roll < 0.04 {
            ("draw", Score::Draw)
        } else if roll < 0.04 + 0.96 * p_a {
            ("A", Score::Win)
        } else {
            ("B", Score::Loss)
        };
        let won = 36 + rng.below(15) as i64;
        let lost = 70 - won - rng.below(6) as i64;
        let (captured_a, captured_b) = match winner {
            "A" => (won, lost),
            "B" => (lost, won),
            _ => (35, 35),
        };
        let player_b = if computer { COMPUTER } else { user(b) };
        games.push(vec![
            Arg::Int(id as i64),
            Arg::Int(guild(g) as i64),
            Arg::Int(CHANNEL as i64 + g as i64),
            Arg::Int(user(a) as i64),
            Arg::Int(player_b as i64),
            Arg::Text(opening.clone()),
            Arg::Text(opening.clone()),
            Arg::Text("finished".into()),
            Arg::Text(if rng.below(10) < 3 { "resignation" } else { "no_seeds" }.into()),
            Arg::Text(winner.into()),
            Arg::Int(captured_a),
            Arg::Int(captured_b),
            Arg::Int(finished_at - 600),
            Arg::Int(finished_at),
            Arg::Int(finished_at),
            if computer { Arg::Text("B".into()) } else { Arg::Null },
            if computer { Arg::Text("easy".into()) } else { Arg::Null },
        ]);
        if computer {
            continue;
        }
        for scope in [guild(g), 0] {
            let current = |player: u64| {
                ratings
                    .get(&(scope, player))
                    .map_or(Rating::INITIAL, |&(r, _, at)| r.aged(at, finished_at))
            };
            let (ra, rb) = (current(a), current(b));
            let (na, nb) = rate(ra, rb, score);
            let (ia, ib) = match score {
                Score::Win => (0, 1),
                Score::Loss => (1, 0),
                Score::Draw => (2, 2),
            };
            for (player, before, after, i) in [(a, ra, na, ia), (b, rb, nb, ib)] {
                let entry = ratings.entry((scope, player)).or_insert((Rating::INITIAL, [0; 3], 0));
                entry.0 = after;
                entry.1[i] += 1;
                entry.2 = finished_at;
                history.push(vec![
                    Arg::Int(user(player) as i64),
                    Arg::Int(scope as i64),
                    Arg::Int(id as i64),
                    Arg::Real(before.rating),
                    Arg::Real(before.deviation),
                    Arg::Real(before.volatility),
                    Arg::Real(after.rating),
                    Arg::Real(after.deviation),
                    Arg::Real(after.volatility),
                    Arg::Int(finished_at),
                ]);
            }
        }
    }
    insert(&mut tx, "games", GAME_COLUMNS, games).await;
    insert(&mut tx, "rating_history", HISTORY_COLUMNS, history).await;
    insert(
        &mut tx,
        "ratings",
        "scope, user_id, rating, deviation, volatility, games, wins, losses, draws, updated_at",
        ratings.into_iter().map(|((scope, player), (r, [w, l, d], at))| {
            vec![
                Arg::Int(scope as i64),
                Arg::Int(user(player) as i64),
                Arg::Real(r.rating),
                Arg::Real(r.deviation),
                Arg::Real(r.volatility),
                Arg::Int(w + l + d),
                Arg::Int(w),
                Arg::Int(l),
                Arg::Int(d),
                Arg::Int(at),
            ]
        }),
    )
    .await;
    // Results and rated-or-not marks as the store writes them.
    for sql in [
        "INSERT INTO results (game_id, user_id, opponent_id, guild_id, outcome, captured, opponent_captured,
         finished_at, computer_level)
         SELECT id, player_a, player_b, guild_id,
                CASE winner WHEN 'A' THEN 'win' WHEN 'B' THEN 'loss' ELSE 'draw' END,
                captured_a, captured_b, finished_at, computer_level FROM games",
        "INSERT INTO results (game_id, user_id, opponent_id, guild_id, outcome, captured, opponent_captured,
         finished_at, computer_level)
         SELECT id, player_b, player_a, guild_id,
                CASE winner WHEN 'B' THEN 'win' WHEN 'A' THEN 'loss' ELSE 'draw' END,
                captured_b, captured_a, finished_at, computer_level FROM games WHERE computer_seat IS NULL",
        "INSERT INTO game_ratings (game_id, rated, unrated_reason, player_low, player_high, finished_at)
         SELECT id, computer_seat IS NULL, CASE WHEN computer_seat IS NULL THEN NULL ELSE 'computer' END,
                MIN(player_a, player_b), MAX(player_a, player_b), finished_at FROM games",
        // The seasons, as the migration that added them fills them.
        "INSERT INTO season_ratings (scope, month, user_id, rating_change, games, wins, losses, draws)
         SELECT h.scope, CAST(strftime('%Y%m', h.rated_at, 'unixepoch') AS INTEGER), h.user_id,
                SUM(h.rating_after - h.rating_before), COUNT(*),
                SUM(CASE WHEN r.outcome = 'win' THEN 1 ELSE 0 END),
                SUM(CASE WHEN r.outcome = 'loss' THEN 1 ELSE 0 END),
                SUM(CASE WHEN r.outcome = 'draw' THEN 1 ELSE 0 END)
         FROM rating_history h JOIN results r ON r.game_id = h.game_id AND r.user_id = h.user_id
         GROUP BY h.scope, CAST(strftime('%Y%m', h.rated_at, 'unixepoch') AS INTEGER), h.user_id",
        "CREATE TABLE bench_built (done INTEGER)",
        "INSERT INTO bench_built VALUES (1)",
    ] {
        sqlx::query(sql).execute(&mut *tx).await.unwrap();
    }
    tx.commit().await.unwrap();
    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
}

struct Fixture {
    runtime: tokio::runtime::Runtime,
    service: Service,
    store: Store,
}

fn fixture() -> &'static Fixture {
    static FIXTURE: std::sync::OnceLock<Fixture> = std::sync::OnceLock::new();
    FIXTURE.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let (store, service) = runtime.block_on(async {
            let path = database().await;
            let store = Store::open_file(&path).await.unwrap();
            let clock = ManualClock::starting_at(START + GAMES as i64 * 30 + 3600);
            let service = Service::new(store.clone(), ServiceConfig::default(), Arc::new(clock));
            (store, service)
        });
        Fixture {
            runtime,
            service,
            store,
        }
    })
}

fn player(i: u64) -> Player {
    Player {
        id: user(i),
        name: format!("player{i}"),
        is_bot: false,
    }
}

fn leaderboards(c: &mut Criterion) {
    let f = fixture();
    let mut group = c.benchmark_group("leaderboard_page");
    group
        .measurement_time(Duration::from_secs(4))
        .warm_up_time(Duration::from_secs(1));
    // The last player globally: their standing is the costliest to count.
    let (listed, last) = f.runtime.block_on(async {
        let listed = f.store.leaderboard_len(Scope::Global, 5).await.unwrap();
        let last = f.store.leaderboard(Scope::Global, 5, listed - 1, 1).await.unwrap()[0].user_id as u64;
        (listed, last)
    });
    let last_page = (listed - 1) / akon::service::LEADERBOARD_PAGE;
    eprintln!("{listed} players listed globally, {} pages", last_page + 1);
    let cases = [
        ("global_first_page", Scope::Global, 0),
        ("global_last_page", Scope::Global, last_page),
        ("server_first_page", Scope::Server(guild(3)), 0),
    ];
    for (name, scope, page) in cases {
        group.bench_function(name, |b| {
            b.iter(|| {
                f.runtime
                    .block_on(f.service.leaderboard(black_box(scope), page, last))
                    .unwrap()
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("rank");
    group
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));
    let top = f.runtime.block_on(f.store.leaderboard(Scope::Global, 5, 0, 1)).unwrap()[0].user_id as u64;
    for (name, who) in [("global_top", top), ("global_last", last)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                f.runtime
                    .block_on(f.store.rank(Scope::Global, 5, black_box(who)))
                    .unwrap()
            })
        });
    }
    group.finish();

    // A server that leaves off the players without a rated game in the
    // last 30 days, beside one that lists everyone.
    let inactive_server = guild(4);
    let thirty = akon::service::InactiveDays::new(30).unwrap();
    let hidden = f.runtime.block_on(async {
        let admin = Player {
            id: 1,
            name: "admin".into(),
            is_bot: false,
        };
        let actor = Actor {
            user: &admin,
            place: Place {
                guild_id: Some(inactive_server),
                channel_id: 1,
                venue: akon::venue::Venue::Server,
            },
            manages_server: true,
        };
        let changes = SettingsChanges {
            server: ServerSettingsChanges {
                leaderboard_inactive_days: Some(thirty),
                ..Default::default()
            },
            ..Default::default()
        };
        f.service.change_settings(&changes, actor).await.unwrap();
        let active = f
            .service
            .leaderboard(Scope::Server(inactive_server), 0, last)
            .await
            .unwrap();
        let everyone = f
            .store
            .leaderboard_len(Scope::Server(inactive_server), 5)
            .await
            .unwrap();
        (active.listed, active.pages, everyone)
    });
    eprintln!(
        "server with 30 inactive days: {} of {} players listed, {} pages",
        hidden.0, hidden.2, hidden.1
    );
    let mut group = c.benchmark_group("leaderboard_inactive_30_days");
    group
        .measurement_time(Duration::from_secs(4))
        .warm_up_time(Duration::from_secs(1));
    for (name, page) in [("server_first_page", 0), ("server_last_page", hidden.1 - 1)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                f.runtime
                    .block_on(
                        f.service
                            .leaderboard(Scope::Server(black_box(inactive_server)), page, last),
                    )
                    .unwrap()
            })
        });
    }
    group.finish();

    // A month's season, globally and in a server: the month the clock is
    // in (the benchmark's last) and the one before, full.
    let now = START + GAMES as i64 * 30 + 3600;
    let this_month = akon::service::Month::of(now);
    let listed = f
        .runtime
        .block_on(f.store.season_len(Scope::Global, this_month.previous(), 5))
        .unwrap();
    eprintln!("{listed} players listed globally last month");
    let mut group = c.benchmark_group("season");
    group
        .measurement_time(Duration::from_secs(4))
        .warm_up_time(Duration::from_secs(1));
    let cases = [
        ("global_this_month", Scope::Global, this_month),
        ("global_last_month", Scope::Global, this_month.previous()),
        ("server_last_month", Scope::Server(guild(3)), this_month.previous()),
    ];
    for (name, scope, month) in cases {
        group.bench_function(name, |b| {
            b.iter(|| {
                f.runtime
                    .block_on(f.service.season_board(black_box(scope), month, last))
                    .unwrap()
            })
        });
    }
    group.finish();
}

fn stats_and_history(c: &mut Criterion) {
    let f = fixture();
    let heavy = player(0);
    let typical = player(54_321);
    let asker = player(7);
    let (heavy_games, typical_games) = f.runtime.block_on(async {
        (
            f.store.history_len(heavy.id).await.unwrap(),
            f.store.history_len(typical.id).await.unwrap(),
        )
    });
    eprintln!("heavy player: {heavy_games} games; typical player: {typical_games} games");
    let mut group = c.benchmark_group("stats");
    group
        .measurement_time(Duration::from_secs(4))
        .warm_up_time(Duration::from_secs(1));
    for (name, who) in [("heavy_player", &heavy), ("typical_player", &typical)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                f.runtime
                    .block_on(f.service.stats(&asker, black_box(who), Some(guild(0))))
                    .unwrap()
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group("history_page");
    group
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));
    for (name, who, page) in [("heavy_first", &heavy, 0), ("heavy_page_100", &heavy, 100)] {
        group.bench_function(name, |b| {
            b.iter(|| f.runtime.block_on(f.service.history(black_box(who.id), page)).unwrap())
        });
    }
    group.finish();
}

/// What finishing a game costs with ratings on: a resignation, with its
/// results and both players' ratings updated in the server and globally.
/// (Each iteration adds a finished game to the bench database.)
fn finishing(c: &mut Criterion) {
    let f = fixture();
    let mut group = c.benchmark_group("finish_rated_game");
    group
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));
    let place = akon::service::Place {
        guild_id: Some(guild(5)),
        channel_id: CHANNEL,
        venue: akon::venue::Venue::Server,
    };
    let mut next = 0u64;
    group.bench_function("resignation", |b| {
        b.iter_batched(
            || {
                // A pair that has not met today, so that the game is rated.
                next += 1;
                let (a, b) = (player(1_000 + 2 * next % 90_000), player(1_001 + 2 * next % 90_000));
                let game = f.runtime.block_on(async {
                    let challenge = f.service.challenge(place, &a, &b).await.unwrap();
                    f.service.accept(challenge.id, &b).await.unwrap().id
                });
                (game, b)
            },
            |(game, loser)| {
                let view = f.runtime.block_on(f.service.resign(game, &loser)).unwrap();
                assert!(matches!(view.rating, Some(akon::service::GameRating::Rated(_))));
            },
            criterion::BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(benches, leaderboards, stats_and_history, finishing);
criterion_main!(benches);
