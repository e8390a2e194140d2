//! Load benchmark: many concurrent games, presses offered on a clock.
//!
//! ```text
//! cargo run --release --example load
//! cargo run --release --example load -- --games 200 --bot-rates 250,500,1000,1500 --seconds 5
//! cargo run --release --example load -- --only service --service-rates 5000,10000,20000
//! cargo run --release --example load -- --only floor --bot-rates 500,1000,2000
//! cargo run --release --example load -- --postgres postgres://postgres@127.0.0.1:5432/postgres --bots 2
//! ```
//!
//! Two parts, each run at stepped rates:
//!
//! - **bot**: the real bot (the serenity client built by
//!   [`akon::discord::client_builder`], as production builds it) on its own
//!   tokio runtime, against the project's in-process fake Discord on
//!   127.0.0.1 (`tests/support/fake_discord/`). Each press is a real
//!   `INTERACTION_CREATE` over the gateway; the latencies run from the press
//!   being handed to the gateway to the fake answering the bot's interaction
//!   callback (`answer`) and the bot's post of the new board (`board`).
//! - **service**: [`akon::service::Service::play`] alone on the database, no
//!   Discord.
//!
//! And on demand (`--only floor`), the floor of the bot part: the same
//! serenity client, built with the bot's REST client, against the same
//! fake and driver, but with a handler that only makes the bot's two REST
//! calls per press (the answer and a board's post, of the real sizes) —
//! no service, no database, no rendering. It tells what serenity, its HTTP
//! client, tokio and the kernel cost per move before any of the project's
//! code runs.
//!
//! The database is a SQLite file, or with `--postgres SERVER` a PostgreSQL
//! database created on that server for each part and dropped after. With
//! `--bots N` (PostgreSQL only) the bot part runs N bots, each with its own
//! store (connections) and shard `i` of N, as N processes would; the games
//! are spread over one server per shard, and the fake sends each server's
//! interactions on its shard's gateway session.
//!
//! Presses are offered open loop: at each step's rate, the next game whose
//! board is up gets a press of a random legal hole, whether or not earlier
//! presses were answered. A game is ready again once its new board is up,
//! so `achieved` falls below `offered` when no game is ready in time
//! (counted as `no game ready`). Finished games are replaced by new ones
//! (not counted as moves).
//!
//! CPU is the threads' own time (`/proc/self/task/*/schedstat`): the bot's
//! runtime threads (`bot`) and SQLite's connection threads count as the
//! bot; the fake, the driver and the rest as the fake. The database column
//! is SQLite's threads (part of the bot's) or the PostgreSQL server's
//! processes (`/proc/*/stat` of every `postgres` process; not part of the
//! bot's). On PostgreSQL each part also reports the database's committed
//! transactions per move (`pg_stat_database`): every statement outside a
//! transaction is one, and one round trip.
//!
//! At the end of each part every acknowledged move is checked against the
//! database: stored exactly once, and nothing stored that was not
//! acknowledged.
//!
//! Options: `--games N` (200) on the bot, `--service-games N` (1000) on the
//! service alone, `--seconds S` per step (4), `--bot-rates`
//! (250,500,1000,1500), `--service-rates` (2000,5000,10000,20000), `--only
//! bot|service|floor`, `--seed S`, `--postgres SERVER_URL`, `--bots N` (1),
//! `--pictures` (the bot part's boards as pictures: drawn and uploaded).

// The tests' fake Discord, of which the benchmark uses a part: the rest is
// neither used nor re-exported here.
#[path = "support/boards.rs"]
mod boards;
#[path = "../tests/support/fake_discord/mod.rs"]
#[allow(dead_code, unused_imports)]
mod fake_discord;

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use akon::discord::{client_builder, rest_client, DiscordSettings};
use akon::engine::Hole;
use akon::random::SplitMix64;
use akon::service::{
    Actor, BoardStyle, GameView, MoveApplied, MovePress, Place, Player, ServerSettingsChanges, Service, ServiceConfig,
    ServiceError, SettingsChanges, SystemClock,
};
use akon::store::Store;
use clap::Parser;
use serde_json::json;
use serenity::all::{
    ButtonStyle, ClientBuilder, Command, CommandOptionType, Context, CreateActionRow, CreateAllowedMentions,
    CreateButton, CreateCommand, CreateCommandOption, CreateInteractionResponse, CreateInteractionResponseMessage,
    CreateMessage, EventHandler, GatewayIntents, Interaction, Nonce, Ready, UserId,
};
use serenity::http::{LightMethod, Request, Route};
use tokio::sync::mpsc;

use boards::{board_of, finished_game_of};
use fake_discord::{Answered, FakeDiscord, TestUser};

/// The allocator of the `akon` binary (src/main.rs), so that the bot here
/// costs what it costs in production.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser, Debug)]
struct Options {
    /// Concurrent games on the whole bot.
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Concurrent games on the service alone (more, for its higher rates).
    #[arg(long, default_value_t = 1000)]
    service_games: usize,
    /// Seconds per step.
    #[arg(long, default_value_t = 4.0)]
    seconds: f64,
    /// Offered presses per second, one step each, for the whole bot.
    #[arg(long, value_delimiter = ',', default_value = "250,500,1000,1500")]
    bot_rates: Vec<u32>,
    /// Offered presses per second, one step each, for the service alone.
    #[arg(long, value_delimiter = ',', default_value = "2000,5000,10000,20000")]
    service_rates: Vec<u32>,
    /// Run one part only.
    #[arg(long, value_enum)]
    only: Option<Part>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Run on PostgreSQL: a database created on this server (a URL such as
    /// postgres://postgres@127.0.0.1:5432/postgres) for each part.
    #[arg(long)]
    postgres: Option<String>,
    /// Bots sharing the database in the bot part, each with its own shard
    /// (PostgreSQL only).
    #[arg(long, default_value_t = 1)]
    bots: u32,
    /// Show the bot part's boards as pictures (the servers' board style set
    /// to `picture`): each board is drawn and uploaded with its PNG.
    #[arg(long)]
    pictures: bool,
}

/// A part of the benchmark, for `--only`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    /// The whole bot.
    Bot,
    /// The service alone.
    Service,
    /// The bot part with a handler that makes the bot's REST calls and
    /// nothing else.
    Floor,
}

/// The database of one part: a SQLite file, or a PostgreSQL database made
/// for the part.
struct LoadDb {
    url: String,
    _dir: tempfile::TempDir,
    /// The server and the database's name, to drop it.
    postgres: Option<(String, String)>,
}

impl LoadDb {
    async fn create(options: &Options) -> anyhow::Result<LoadDb> {
        let dir = tempfile::tempdir()?;
        let Some(server) = &options.postgres else {
            let url = format!("sqlite:{}", dir.path().join("load.db").display());
            return Ok(LoadDb {
                url,
                _dir: dir,
                postgres: None,
            });
        };
        use sqlx::Connection;
        let name = format!("akon_load_{:016x}", akon::random::SplitMix64::seed_from_entropy());
        let mut admin = sqlx::PgConnection::connect(server).await?;
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut admin)
            .await?;
        admin.close().await?;
        let mut url = reqwest::Url::parse(server)?;
        url.set_path(&name);
        Ok(LoadDb {
            url: url.to_string(),
            _dir: dir,
            postgres: Some((server.clone(), name)),
        })
    }

    /// Transactions committed in the database so far (PostgreSQL only).
    async fn transactions(&self) -> Option<i64> {
        use sqlx::Connection;
        let (server, name) = self.postgres.as_ref()?;
        let mut admin = sqlx::PgConnection::connect(server).await.ok()?;
        // A backend reports its commits at most once a second while busy;
        // what it committed less than a second after its last report waits
        // until it has been idle for ten seconds (PGSTAT_IDLE_INTERVAL).
        // Read sooner, the set-up's last commits counted as the moves'
        // (4.23 per move where the statements were 3.1).
        tokio::time::sleep(Duration::from_secs(11)).await;
        sqlx::query_scalar("SELECT xact_commit FROM pg_stat_database WHERE datname = $1")
            .bind(name)
            .fetch_one(&mut admin)
            .await
            .ok()
    }

    async fn drop(self) -> anyhow::Result<()> {
        use sqlx::Connection;
        if let Some((server, name)) = &self.postgres {
            let mut admin = sqlx::PgConnection::connect(server).await?;
            sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&mut admin)
                .await?;
        }
        Ok(())
    }
}

/// Prints the database's committed transactions per move since `before`.
async fn transactions_per_move(db: &LoadDb, before: Option<i64>, moves: u64) {
    let Some(before) = before else { return };
    if let Some(after) = db.transactions().await {
        if moves > 0 {
            println!(
                "\nPostgreSQL: {} transactions committed for {moves} moves ({:.2} per move, set-up excluded).",
                after - before,
                (after - before) as f64 / moves as f64
            );
        }
    }
}

fn main() -> anyhow::Result<()> {
    let options = Options::parse();
    anyhow::ensure!(
        options.bots >= 1 && (options.bots == 1 || options.postgres.is_some()),
        "--bots above 1 needs --postgres: processes cannot share a SQLite file"
    );
    ON_POSTGRES.store(options.postgres.is_some(), std::sync::atomic::Ordering::Relaxed);
    // Logging as `akon bot` sets it up, so that its cost is counted.
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,serenity=warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
    println!(
        "{} games on the bot, {} on the service alone, {} s per step, {} cores",
        options.games,
        options.service_games,
        options.seconds,
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
    );
    if matches!(options.only, None | Some(Part::Service)) {
        service_part(&options)?;
    }
    if matches!(options.only, None | Some(Part::Bot | Part::Floor)) {
        bot_part(&options)?;
    }
    Ok(())
}

// Measures.

#[derive(Default)]
struct Step {
    offered: u32,
    seconds: f64,
    presses: u64,
    applied: u64,
    refused: u64,
    unanswered: u64,
    not_ready: u64,
    answer: Vec<Duration>,
    board: Vec<Duration>,
    bot_cpu: Duration,
    /// The database's: SQLite's connection threads (part of `bot_cpu`) or
    /// the PostgreSQL server's processes.
    sqlite_cpu: Duration,
    other_cpu: Duration,
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

fn latencies(samples: &mut [Duration]) -> String {
    samples.sort_unstable();
    format!(
        "{:.1} / {:.1} / {:.1} / {:.1}",
        percentile(samples, 0.5),
        percentile(samples, 0.9),
        percentile(samples, 0.99),
        percentile(samples, 1.0)
    )
}

fn per_move(cpu: Duration, moves: u64) -> String {
    if moves == 0 {
        return "–".into();
    }
    format!("{:.2}", cpu.as_secs_f64() * 1000.0 / moves as f64)
}

/// CPU time of this process's threads so far.
#[derive(Clone, Copy, Default)]
struct Cpu {
    bot: Duration,
    sqlite: Duration,
    other: Duration,
}

impl std::ops::Sub for Cpu {
    type Output = Cpu;

    fn sub(self, before: Cpu) -> Cpu {
        Cpu {
            bot: self.bot.saturating_sub(before.bot),
            sqlite: self.sqlite.saturating_sub(before.sqlite),
            other: self.other.saturating_sub(before.other),
        }
    }
}

impl Step {
    fn cpu(&mut self, used: Cpu) {
        self.bot_cpu = used.bot;
        self.sqlite_cpu = used.sqlite;
        self.other_cpu = used.other;
    }
}

/// Whether the database is PostgreSQL (whose server's CPU is then read).
static ON_POSTGRES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// CPU time of every `postgres` process (the server's backends and
/// helpers) so far.
fn postgres_cpu() -> Duration {
    let ticks = 100.0; // USER_HZ on Linux
    let mut total = 0u64;
    let Ok(processes) = std::fs::read_dir("/proc") else {
        return Duration::ZERO;
    };
    for process in processes.flatten() {
        let Ok(stat) = std::fs::read_to_string(process.path().join("stat")) else {
            continue;
        };
        let Some((name, rest)) = stat.split_once(") ") else {
            continue;
        };
        if !name.ends_with("(postgres") {
            continue;
        }
        // Fields after the name: state is 3rd overall; utime and stime are 14th and 15th.
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let time = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
        total += time(11) + time(12);
    }
    Duration::from_secs_f64(total as f64 / ticks)
}

/// The bot's threads (its runtime's and SQLite's), the database's (SQLite's
/// threads, or the PostgreSQL server), and the rest.
fn thread_cpu() -> Cpu {
    let mut cpu = Cpu::default();
    if ON_POSTGRES.load(std::sync::atomic::Ordering::Relaxed) {
        cpu.sqlite = postgres_cpu();
    }
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return cpu;
    };
    for task in tasks.flatten() {
        let dir = task.path();
        let name = std::fs::read_to_string(dir.join("comm")).unwrap_or_default();
        let nanos = std::fs::read_to_string(dir.join("schedstat"))
            .ok()
            .and_then(|s| s.split_whitespace().next().and_then(|n| n.parse::<u64>().ok()))
            .unwrap_or(0);
        let time = Duration::from_nanos(nanos);
        if name.starts_with("sqlx-sqlite") {
            cpu.sqlite += time;
            cpu.bot += time;
        } else if name.starts_with("bot") {
            cpu.bot += time;
        } else {
            cpu.other += time;
        }
    }
    cpu
}

/// Offers presses at `rate` per second for `seconds`: calls `offer` for each
/// due press, `poll` in between; returns when the step is over.
struct Pacer {
    start: Instant,
    period: Duration,
    next: Instant,
    end: Instant,
}

impl Pacer {
    fn new(rate: u32, seconds: f64) -> Pacer {
        let start = Instant::now();
        Pacer {
            start,
            period: Duration::from_secs_f64(1.0 / rate as f64),
            next: start,
            end: start + Duration::from_secs_f64(seconds),
        }
    }

    /// Presses due now (0 once the step is over).
    fn due(&mut self) -> u32 {
        let now = Instant::now();
        let mut n = 0;
        while self.next <= now && self.next < self.end {
            self.next += self.period;
            n += 1;
        }
        n
    }

    fn over(&self) -> bool {
        self.next >= self.end
    }

    fn wake_at(&self) -> tokio::time::Instant {
        tokio::time::Instant::from_std(self.next.min(self.end))
    }

    fn elapsed(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }
}

fn print_table(title: &str, steps: &mut [Step], with_board: bool) {
    println!("\n### {title}\n");
    if with_board {
        println!("| offered/s | moves/s | answer p50 / p90 / p99 / max (ms) | board p50 / p90 / p99 / max (ms) | errors | no game ready | bot CPU ms/move (SQLite) | fake CPU ms/move |");
        println!("|---:|---:|---|---|---:|---:|---:|---:|");
    } else {
        println!(
            "| offered/s | moves/s | p50 / p90 / p99 / max (ms) | errors | no game ready | CPU ms/move (SQLite) |"
        );
        println!("|---:|---:|---|---:|---:|---:|");
    }
    for step in steps {
        let rate = step.applied as f64 / step.seconds;
        let errors = step.refused + step.unanswered;
        if with_board {
            println!(
                "| {} | {:.0} | {} | {} | {} | {} | {} ({}) | {} |",
                step.offered,
                rate,
                latencies(&mut step.answer),
                latencies(&mut step.board),
                errors,
                step.not_ready,
                per_move(step.bot_cpu, step.applied),
                per_move(step.sqlite_cpu, step.applied),
                per_move(step.other_cpu, step.applied)
            );
        } else {
            println!(
                "| {} | {:.0} | {} | {} | {} | {} ({}) |",
                step.offered,
                rate,
                latencies(&mut step.answer),
                errors,
                step.not_ready,
                per_move(step.bot_cpu + step.other_cpu, step.applied),
                per_move(step.sqlite_cpu, step.applied)
            );
        }
    }
}

/// Every acknowledged move `(game, ply, hole)` stored exactly once, and no
/// other move stored in those games.
async fn check_stored(db: &LoadDb, acknowledged: &HashMap<i64, Vec<(i64, u8)>>) -> anyhow::Result<()> {
    let store = Store::open(&db.url).await?;
    let mut checked = 0;
    for (&game_id, moves) in acknowledged {
        let stored = store.moves(game_id).await?;
        let mut expected = moves.clone();
        expected.sort_unstable();
        let found: Vec<(i64, u8)> = stored.iter().map(|m| (m.ply, m.hole as u8)).collect();
        anyhow::ensure!(
            expected == found,
            "game {game_id}: acknowledged moves {expected:?} but stored {found:?}"
        );
        checked += expected.len();
    }
    store.close().await;
    println!("\nChecked: all {checked} acknowledged moves are stored exactly once, and no other.");
    Ok(())
}

// The service alone.

fn service_part(options: &Options) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("bot")
        .build()?;
    runtime.block_on(service_load(options))
}

/// Two players who play one game after another.
struct Pair {
    players: [Player; 2],
}

async fn new_service_game(service: &Service, pair: &Pair) -> Result<GameView, ServiceError> {
    let place = Place {
        guild_id: Some(fake_discord::GUILD_ID),
        channel_id: fake_discord::CHANNEL_ID,
        venue: akon::venue::Venue::Server,
    };
    let challenge = service.challenge(place, &pair.players[0], &pair.players[1]).await?;
    service.accept(challenge.id, &pair.players[1]).await
}

fn random_hole(view: &GameView, rng: &mut SplitMix64) -> Option<Hole> {
    let legal: Vec<Hole> = view.game.legal_moves().iter().collect();
    (!legal.is_empty()).then(|| legal[rng.below(legal.len())])
}

async fn service_load(options: &Options) -> anyhow::Result<()> {
    let db = LoadDb::create(options).await?;
    let store = Store::open(&db.url).await?;
    let service = Service::new(store, ServiceConfig::default(), Arc::new(SystemClock));
    let mut rng = SplitMix64::new(options.seed);
    let seats: Vec<Arc<Pair>> = (0..options.service_games)
        .map(|i| {
            let player = |n: usize| Player {
                id: 400_000_000_000_000_000 + n as u64,
                name: format!("p{n}"),
                is_bot: false,
            };
            Arc::new(Pair {
                players: [player(2 * i), player(2 * i + 1)],
            })
        })
        .collect();
    let mut views: Vec<GameView> = Vec::new();
    for seat in &seats {
        views.push(new_service_game(&service, seat).await?);
    }
    let mut ready: VecDeque<usize> = (0..views.len()).collect();
    let transactions_before = db.transactions().await;
    // The time is taken in the task, as the service answers: the driver
    // may be busy (setting up a new game) when the answer reaches it.
    type Done = (usize, Duration, Result<MoveApplied, ServiceError>);
    let (done_tx, mut done_rx) = mpsc::unbounded_channel::<Done>();
    // A finished game's slot gets a new game from a task of its own, so that
    // setting it up does not hold back the presses due meanwhile.
    let (fresh_tx, mut fresh_rx) = mpsc::unbounded_channel::<(usize, Result<GameView, ServiceError>)>();
    let mut acknowledged: HashMap<i64, Vec<(i64, u8)>> = HashMap::new();
    let mut steps = Vec::new();
    for &rate in &options.service_rates {
        let mut step = Step {
            offered: rate,
            ..Step::default()
        };
        let cpu_before = thread_cpu();
        let mut pacer = Pacer::new(rate, options.seconds);
        let mut in_flight = 0usize;
        loop {
            for _ in 0..pacer.due() {
                let Some(slot) = ready.pop_front() else {
                    step.not_ready += 1;
                    continue;
                };
                let view = &views[slot];
                let Some(hole) = random_hole(view, &mut rng) else {
                    continue;
                };
                let seat = view.to_move().expect("a ready game goes on");
                let user = seats[slot].players[view.seat_of_player_index(seat)].clone();
                let (service, done, game, ply) = (service.clone(), done_tx.clone(), view.id, view.ply());
                step.presses += 1;
                in_flight += 1;
                tokio::spawn(async move {
                    let sent = Instant::now();
                    let result = service.play(MovePress::new(game, ply, hole, &user)).await;
                    let _ = done.send((slot, sent.elapsed(), result));
                });
            }
            if pacer.over() && in_flight == 0 {
                break;
            }
            let finished = tokio::select! {
                done = done_rx.recv() => done,
                Some((slot, fresh)) = fresh_rx.recv() => {
                    views[slot] = fresh?;
                    ready.push_back(slot);
                    None
                }
                _ = tokio::time::sleep_until(pacer.wake_at()), if !pacer.over() => None,
                _ = tokio::time::sleep(Duration::from_secs(5)), if pacer.over() => break,
            };
            let Some((slot, took, result)) = finished else { continue };
            in_flight -= 1;
            match result {
                Ok(applied) => {
                    step.applied += 1;
                    step.answer.push(took);
                    let outcome = applied.outcome;
                    acknowledged
                        .entry(applied.view.id)
                        .or_default()
                        .push((applied.view.ply(), outcome.hole.number()));
                    if applied.view.finished.is_some() {
                        let (service, pair, fresh) = (service.clone(), seats[slot].clone(), fresh_tx.clone());
                        tokio::spawn(async move {
                            let _ = fresh.send((slot, new_service_game(&service, &pair).await));
                        });
                    } else {
                        views[slot] = applied.view;
                        ready.push_back(slot);
                    }
                }
                Err(error) => {
                    eprintln!("refused: {error}");
                    step.refused += 1;
                    ready.push_back(slot);
                }
            }
        }
        step.unanswered = in_flight as u64;
        step.seconds = pacer.elapsed().min(options.seconds);
        step.cpu(thread_cpu() - cpu_before);
        steps.push(step);
    }
    let moves = steps.iter().map(|s| s.applied).sum();
    let backend = if options.postgres.is_some() {
        "PostgreSQL"
    } else {
        "SQLite"
    };
    print_table(
        &format!("The service alone (Service::play on {backend})"),
        &mut steps,
        false,
    );
    transactions_per_move(&db, transactions_before, moves).await;
    service.close().await;
    check_stored(&db, &acknowledged).await?;
    db.drop().await
}

trait SeatIndex {
    fn seat_of_player_index(&self, seat: akon::engine::Seat) -> usize;
}

impl SeatIndex for GameView {
    /// Seat A is the challenger (`players[0]`) unless a rematch swapped them.
    fn seat_of_player_index(&self, seat: akon::engine::Seat) -> usize {
        let user = self.player(seat).user_id;
        usize::from(user % 2 == 1)
    }
}

// The whole bot.

/// One slot: two players playing one game after another.
struct Slot {
    users: [TestUser; 2],
    /// Where they play: a channel of the server of one shard.
    channel: u64,
    game: Option<i64>,
    /// The latest board: message id, ply, legal move buttons, who moves.
    board: Option<(u64, i64, Vec<String>, usize)>,
}

struct Press {
    slot: usize,
    game: i64,
    ply: i64,
    hole: u8,
    sent: Instant,
    step: usize,
}

fn bot_part(options: &Options) -> anyhow::Result<()> {
    let bot_runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("bot")
        .build()?;
    let fake_runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .thread_name("fake")
        .build()?;
    fake_runtime.block_on(bot_load(options, bot_runtime.handle().clone()))?;
    bot_runtime.shutdown_timeout(Duration::from_secs(5));
    Ok(())
}

/// Follows what the bot posts and presses on the boards.
struct Driver {
    fake: FakeDiscord,
    slots: Vec<Slot>,
    slot_of_user: HashMap<u64, usize>,
    slot_of_game: HashMap<i64, usize>,
    /// Interaction tokens of challenges being set up, and their slot.
    challenges: HashMap<String, usize>,
    /// Presses waiting for their board, by interaction id.
    presses: HashMap<u64, Press>,
    press_of_board: HashMap<(i64, i64), u64>,
    acknowledged: HashMap<i64, Vec<(i64, u8)>>,
    ready: VecDeque<usize>,
    /// Slots without a game on.
    setting_up: usize,
    steps: Vec<Step>,
    rng: SplitMix64,
}

impl Driver {
    async fn challenge(&mut self, slot: usize) {
        let opponent = self.slots[slot].users[1].id.to_string();
        let ix = self
            .fake
            .slash_in_channel(
                &self.slots[slot].users[0],
                self.slots[slot].channel,
                "akon",
                "challenge",
                vec![("opponent", 6, json!(opponent))],
            )
            .await;
        self.challenges.insert(ix.token, slot);
    }

    async fn press(&mut self, step: usize) {
        let Some(slot) = self.ready.pop_front() else {
            self.steps[step].not_ready += 1;
            return;
        };
        let Some((message, ply, holes, mover)) = self.slots[slot].board.clone() else {
            return;
        };
        if holes.is_empty() {
            return;
        }
        let button = &holes[self.rng.below(holes.len())];
        let hole: u8 = button.rsplit(':').next().and_then(|h| h.parse().ok()).unwrap_or(0);
        let game = self.slots[slot].game.expect("a board belongs to a game");
        let sent = Instant::now();
        let ix = self.fake.click(&self.slots[slot].users[mover], message, button).await;
        self.presses.insert(
            ix.id,
            Press {
                slot,
                game,
                ply,
                hole,
                sent,
                step,
            },
        );
        self.press_of_board.insert((game, ply), ix.id);
        self.steps[step].presses += 1;
    }

    fn outstanding(&self, step: usize) -> usize {
        self.presses.values().filter(|p| p.step == step).count()
    }

    async fn follow(&mut self, answered: Answered) {
        let path = answered.path.as_str();
        if path.starts_with("/api/v10/interactions/") && path.ends_with("/callback") {
            let id: u64 = path.split('/').nth(4).and_then(|s| s.parse().ok()).unwrap_or(0);
            let Some(press) = self.presses.get(&id) else { return };
            let step = &mut self.steps[press.step];
            if answered.status < 300 && answered.body["type"] == 7 {
                step.answer.push(answered.at - press.sent);
                step.applied += 1;
                self.acknowledged
                    .entry(press.game)
                    .or_default()
                    .push((press.ply + 1, press.hole));
            } else {
                eprintln!("refused: {}", answered.body);
                step.refused += 1;
                let press = self.presses.remove(&id).expect("found above");
                self.press_of_board.remove(&(press.game, press.ply));
                self.ready.push_back(press.slot);
            }
            return;
        }
        if (answered.method != "GET" && answered.method != "POST") || answered.status >= 300 {
            return;
        }
        let message = &answered.response;
        if let Some(rest) = path.strip_prefix("/api/v10/webhooks/") {
            let token = rest.split('/').nth(1).unwrap_or("");
            if let Some(&slot) = self.challenges.get(token) {
                if let Some(accept) = fake_discord::custom_ids(message)
                    .into_iter()
                    .find(|id| id.starts_with("akon:accept:"))
                {
                    self.challenges.remove(token);
                    let message = fake_discord::message_id(message);
                    self.fake.click(&self.slots[slot].users[1], message, &accept).await;
                    return;
                }
            }
        }
        if let Some((game, ply, holes, user)) = board_of(message) {
            let Some(&slot) = self.slot_of_game.get(&game).or_else(|| self.slot_of_user.get(&user)) else {
                return;
            };
            self.slot_of_game.insert(game, slot);
            if self.slots[slot].game != Some(game) {
                self.slots[slot].game = Some(game);
                self.setting_up -= 1;
            }
            let mover = usize::from(self.slots[slot].users[1].id == user);
            self.slots[slot].board = Some((fake_discord::message_id(message), ply, holes, mover));
            self.board_up(game, ply - 1, answered.at);
            self.ready.push_back(slot);
        } else if let Some(game) = finished_game_of(message) {
            let Some(&slot) = self.slot_of_game.get(&game) else {
                return;
            };
            if let Some((_, ply, _, _)) = self.slots[slot].board.take() {
                self.board_up(game, ply, answered.at);
            }
            self.setting_up += 1;
            self.challenge(slot).await;
        }
    }

    /// The board after the press on `game` at `ply` is up.
    fn board_up(&mut self, game: i64, ply: i64, at: Instant) {
        if let Some(id) = self.press_of_board.remove(&(game, ply)) {
            if let Some(press) = self.presses.remove(&id) {
                self.steps[press.step].board.push(at - press.sent);
            }
        }
    }
}

/// The channel where the games of shard `shard` of `total` are played: in
/// the fake's own server with one bot, else in a server of that shard.
fn channel_of_shard(fake: &FakeDiscord, shard: u32, total: u32) -> u64 {
    if total == 1 {
        return fake_discord::CHANNEL_ID;
    }
    // Discord sends a server's events on shard (id >> 22) % total.
    let guild = ((1000 * u64::from(total) + u64::from(shard)) << 22) | 1;
    let channel = 920_000_000_000_000_000 + u64::from(shard);
    fake.add_channel_in_guild(guild, channel, &format!("shard-{shard}"));
    channel
}

async fn bot_load(options: &Options, bot_runtime: tokio::runtime::Handle) -> anyhow::Result<()> {
    let db = LoadDb::create(options).await?;
    let fake = FakeDiscord::start().await;
    fake.keep_request_log(false);
    let mut answers = fake.observe();
    let total = options.bots;
    let floor = options.only == Some(Part::Floor);
    if options.pictures && !floor {
        // Set before the bots start: no cache of theirs holds the old style.
        let store = Store::open(&db.url).await?;
        let service = Service::new(store, ServiceConfig::default(), Arc::new(SystemClock));
        let admin = Player {
            id: 1,
            name: "admin".into(),
            is_bot: false,
        };
        let pictures = SettingsChanges {
            server: ServerSettingsChanges {
                board_style: Some(BoardStyle::Picture),
                ..Default::default()
            },
            ..Default::default()
        };
        for shard in 0..total {
            let guild = if total == 1 {
                fake_discord::GUILD_ID
            } else {
                ((1000 * u64::from(total) + u64::from(shard)) << 22) | 1
            };
            let actor = Actor {
                user: &admin,
                place: Place {
                    guild_id: Some(guild),
                    channel_id: 1,
                    venue: akon::venue::Venue::Server,
                },
                manages_server: true,
            };
            service.change_settings(&pictures, actor).await?;
        }
    }
    let mut bots = Vec::new();
    for shard in 0..total {
        let settings = DiscordSettings {
            token: fake_discord::TOKEN.to_string(),
            guild_id: None,
            proxy_url: Some(fake.api_base()),
            scheduler_every: Duration::from_secs(3600),
            shards: if total == 1 {
                akon::discord::ShardPlan::Recommended
            } else {
                akon::discord::ShardPlan::Range {
                    first: shard,
                    last: shard,
                    total,
                }
            },
            web_base_url: None,
            activity: false,
        };
        // Opened here: the migrations' future cannot move to another runtime.
        let store = Store::open(&db.url).await?;
        let service = Service::new(store, ServiceConfig::default(), Arc::new(SystemClock));
        let (shards, handle) = bot_runtime
            .spawn(async move {
                let (builder, handle) = if floor {
                    let http = rest_client(&settings);
                    let builder = ClientBuilder::new_with_http(http, GatewayIntents::empty());
                    (builder.event_handler(Relay::default()), None)
                } else {
                    let (builder, handle) = client_builder(&settings, service);
                    (builder, Some(handle))
                };
                let mut client = builder.await?;
                let shards = client.shard_manager.clone();
                tokio::spawn(async move {
                    let started = if total == 1 {
                        client.start().await
                    } else {
                        settings.shards.start(&mut client).await
                    };
                    if let Err(error) = started {
                        eprintln!("the bot stopped: {error}");
                    }
                });
                anyhow::Ok((shards, handle))
            })
            .await??;
        bots.push((shards, handle));
    }
    if total == 1 {
        fake.wait_ready().await;
    } else {
        for shard in 0..total {
            fake.wait_shard_ready(u64::from(shard), u64::from(total)).await;
        }
        while fake.registered_commands().is_empty() {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    let channels: Vec<u64> = (0..total).map(|shard| channel_of_shard(&fake, shard, total)).collect();

    let slots: Vec<Slot> = (0..options.games)
        .map(|i| {
            let user = |n: usize| TestUser::new(400_000_000_000_000_000 + n as u64, &format!("p{n}"));
            Slot {
                users: [user(2 * i), user(2 * i + 1)],
                channel: channels[i % channels.len()],
                game: None,
                board: None,
            }
        })
        .collect();
    let mut slot_of_user = HashMap::new();
    for (i, slot) in slots.iter().enumerate() {
        for user in &slot.users {
            fake.add_user(user);
            slot_of_user.insert(user.id, i);
        }
    }
    let mut driver = Driver {
        fake: fake.clone(),
        setting_up: slots.len(),
        slots,
        slot_of_user,
        slot_of_game: HashMap::new(),
        challenges: HashMap::new(),
        presses: HashMap::new(),
        press_of_board: HashMap::new(),
        acknowledged: HashMap::new(),
        ready: VecDeque::new(),
        steps: Vec::new(),
        rng: SplitMix64::new(options.seed),
    };
    for slot in 0..driver.slots.len() {
        driver.challenge(slot).await;
    }
    while driver.setting_up > 0 {
        let answered = tokio::time::timeout(Duration::from_secs(10), answers.recv())
            .await?
            .ok_or_else(|| anyhow::anyhow!("the fake stopped"))?;
        driver.follow(answered).await;
    }
    println!("{} games set up; the bot is running", driver.slots.len());
    // The floor writes nothing: no count to wait for.
    let transactions_before = if floor { None } else { db.transactions().await };

    for &rate in &options.bot_rates {
        let index = driver.steps.len();
        driver.steps.push(Step {
            offered: rate,
            ..Step::default()
        });
        let cpu_before = thread_cpu();
        let mut pacer = Pacer::new(rate, options.seconds);
        let drain_until = tokio::time::Instant::from_std(pacer.end + Duration::from_secs(5));
        loop {
            for _ in 0..pacer.due() {
                driver.press(index).await;
            }
            if pacer.over() && driver.outstanding(index) == 0 {
                break;
            }
            let answered = tokio::select! {
                answered = answers.recv() => answered,
                _ = tokio::time::sleep_until(pacer.wake_at()), if !pacer.over() => None,
                _ = tokio::time::sleep_until(drain_until), if pacer.over() => break,
            };
            if let Some(answered) = answered {
                driver.follow(answered).await;
            }
        }
        let used = thread_cpu() - cpu_before;
        let unanswered = driver.outstanding(index) as u64;
        let step = &mut driver.steps[index];
        step.unanswered = unanswered;
        step.seconds = options.seconds;
        step.cpu(used);
    }
    let moves = driver.steps.iter().map(|s| s.applied).sum();
    let backend = if options.postgres.is_some() {
        "PostgreSQL"
    } else {
        "SQLite"
    };
    let title = if floor {
        "The floor (the same serenity client making the same two REST calls per press, nothing else)".to_string()
    } else {
        let boards = if options.pictures { ", boards as pictures" } else { "" };
        format!("The whole bot ({total} bot(s) on {backend}, serenity client, fake Discord on 127.0.0.1{boards})")
    };
    print_table(&title, &mut driver.steps, true);
    if options.pictures {
        let (hits, misses) = akon::discord::picture_cache_counts();
        println!("Board pictures: {misses} drawn, {hits} taken from the cache");
    }
    transactions_per_move(&db, transactions_before, moves).await;

    for (shards, handle) in bots {
        if let Some(handle) = &handle {
            handle.stop_scheduler();
        }
        bot_runtime.spawn(async move { shards.shutdown_all().await }).await?;
        if let Some(handle) = handle {
            handle.wait_idle(Duration::from_secs(5)).await;
        }
    }
    if floor {
        println!("\nThe floor stores nothing: no moves to check.");
    } else {
        check_stored(&db, &driver.acknowledged).await?;
    }
    db.drop().await
}

// The floor.

/// A handler that makes the bot's two REST calls per press and nothing
/// else: for the floor (`--only floor`), what the serenity client, its
/// HTTP client, tokio and the kernel cost per move on their own. It
/// answers a challenge with an Accept button, and each press (Accept, or
/// a move) by stripping the pressed message's buttons in the interaction's
/// answer and posting a board of the real board's size: two rows of hole
/// buttons (five and two, with Resign), about 400 characters of text, a
/// mention and an enforced nonce. It keeps no state, checks no rule and
/// stores nothing; the player who pressed is the one to move next.
#[derive(Default)]
struct Relay {
    challenges: std::sync::atomic::AtomicI64,
}

impl Relay {
    fn board(game: i64, ply: i64, mover: u64) -> CreateMessage {
        let hole = |h: u8| CreateButton::new(format!("akon:move:{game}:{ply}:{h}")).label(format!("{h} · 4"));
        let mut second: Vec<CreateButton> = (6..=7).map(hole).collect();
        second.push(
            CreateButton::new(format!("akon:resign:{game}"))
                .label("Resign")
                .style(ButtonStyle::Danger),
        );
        let row = "  4   4   4   4   4   4   4\n";
        let content = format!(
            "**Game {game}** · move {}\n**p1** (A) against **p2** (B)\n```\n     7   6   5   4   3   2   1\n{row}B                              0\n{row}A                              0\n     1   2   3   4   5   6   7\n```\nLast move: p2 sowed hole 3, no capture.\n<@{mover}>, your turn.",
            ply + 1
        );
        CreateMessage::new()
            .content(content)
            .components(vec![
                CreateActionRow::Buttons((1..=5).map(hole).collect()),
                CreateActionRow::Buttons(second),
            ])
            .allowed_mentions(CreateAllowedMentions::new().users([UserId::new(mover)]))
            .nonce(Nonce::String(format!("b{game}:{ply}")))
            .enforce_nonce(true)
    }
}

#[derive(serde::Deserialize)]
struct PostedId {
    #[allow(dead_code)]
    id: serenity::all::MessageId,
}

#[serenity::async_trait]
impl EventHandler for Relay {
    async fn ready(&self, ctx: Context, _: Ready) {
        let opponent = CreateCommandOption::new(CommandOptionType::User, "opponent", "Who").required(true);
        let challenge = CreateCommandOption::new(CommandOptionType::SubCommand, "challenge", "A challenge")
            .add_sub_option(opponent);
        let command = CreateCommand::new("akon")
            .description("The floor's command")
            .add_option(challenge);
        if let Err(error) = Command::set_global_commands(&ctx.http, vec![command]).await {
            eprintln!("the floor could not register its command: {error}");
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let result = match interaction {
            Interaction::Command(command) => {
                let challenge = self.challenges.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                let accept = CreateButton::new(format!("akon:accept:{challenge}")).label("Accept");
                let message = CreateInteractionResponseMessage::new()
                    .content("A challenge")
                    .components(vec![CreateActionRow::Buttons(vec![accept])]);
                match command
                    .create_response(&ctx.http, CreateInteractionResponse::Message(message))
                    .await
                {
                    Ok(()) => command.get_response(&ctx.http).await.map(|_| ()),
                    Err(error) => Err(error),
                }
            }
            Interaction::Component(press) => {
                let id = press.data.custom_id.as_str();
                let next = if let Some(challenge) = id.strip_prefix("akon:accept:") {
                    challenge.parse().ok().map(|game| (game, 0))
                } else {
                    id.strip_prefix("akon:move:").and_then(|rest| {
                        let mut parts = rest.split(':').map(|part| part.parse::<i64>().ok());
                        Some((parts.next()??, parts.next()?? + 1))
                    })
                };
                let Some((game, ply)) = next else { return };
                let update = CreateInteractionResponseMessage::new().components(vec![]);
                match press
                    .create_response(&ctx.http, CreateInteractionResponse::UpdateMessage(update))
                    .await
                {
                    Ok(()) => {
                        let body = serde_json::to_vec(&Relay::board(game, ply, press.user.id.get()))
                            .expect("a message serializes");
                        let request = Request::new(
                            Route::ChannelMessages {
                                channel_id: press.channel_id,
                            },
                            LightMethod::Post,
                        )
                        .body(Some(body));
                        // Read as the bot reads its posts: the id, and the rest skipped.
                        match ctx.http.request(request).await {
                            Ok(answer) => match answer.bytes().await {
                                Ok(bytes) => serde_json::from_slice::<PostedId>(&bytes)
                                    .map(|_| ())
                                    .map_err(Into::into),
                                Err(error) => Err(error.into()),
                            },
                            Err(error) => Err(error),
                        }
                    }
                    Err(error) => Err(error),
                }
            }
            _ => Ok(()),
        };
        if let Err(error) = result {
            eprintln!("the floor's handler failed: {error}");
        }
    }
}
