//! The live game page's speed: how soon a move made through the page
//! reaches another page's stream, and what each watcher costs.
//!
//! ```text
//! cargo run --release --example live_load
//! cargo run --release --example live_load -- --moves 200 --watchers 1000 --idle-seconds 10
//! ```
//!
//! On a SQLite file in a temporary folder, the real web server
//! ([`akon::web::serve_with`], signing in on) runs on a runtime of its own
//! (threads named `web-server`, so that its CPU time and SQLite's can be
//! told apart from the clients'), in this process:
//!
//! - **move → stream**: a player's `POST /g/TOKEN/move` (session cookie and
//!   CSRF token, as the page sends it), timed from just before it is sent
//!   to the moment another open stream of the game (`GET /g/TOKEN/events`)
//!   has read the state of that move; `--moves` moves, one every 250 ms
//!   (each player's limit is 5 a second), new games as they end;
//! - **watchers**: `--watchers` streams of one game opened over raw
//!   sockets (each reading into an 8 KiB buffer): the process's resident
//!   memory before and after, per watcher; the server's CPU time while
//!   they sit idle for `--idle-seconds` (keep-alive comments, the polling);
//!   then 20 moves, each timed until every watcher has read it, and the
//!   server's CPU time per move and per watcher reached.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use akon::engine::{Game, Hole};
use akon::service::{Place, Player, Service, ServiceConfig, SystemClock};
use akon::store::Store;
use akon::web::session::Sessions;
use akon::web::{SignInSettings, WebOptions};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;

const SECRET: &str = "a client secret for the measure only";
const SERVER_THREADS: &str = "web-server";
/// Time between two moves.
const PACE: Duration = Duration::from_millis(250);

struct Options {
    moves: usize,
    watchers: usize,
    idle_seconds: u64,
}

fn options() -> Options {
    let mut options = Options {
        moves: 200,
        watchers: 1000,
        idle_seconds: 10,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--moves" => options.moves = value.parse().expect("--moves takes a whole number"),
            "--watchers" => options.watchers = value.parse().expect("--watchers takes a whole number"),
            "--idle-seconds" => options.idle_seconds = value.parse().expect("--idle-seconds takes a whole number"),
            other => panic!("unknown option {other}: --moves N, --watchers N, --idle-seconds S"),
        }
        i += 2;
    }
    options
}

fn greedy(game: &Game) -> Hole {
    game.legal_moves()
        .iter()
        .max_by_key(|&h| {
            let mut position = *game.position();
            (position.play_unchecked(h).captured, std::cmp::Reverse(h))
        })
        .expect("a game that goes on has a legal move")
}

fn player(id: u64, name: &str) -> Player {
    Player {
        id,
        name: name.into(),
        is_bot: false,
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let at = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[at].as_secs_f64() * 1000.0
}

fn report(what: &str, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "| {what} | {} | {:.2} | {:.2} | {:.2} |",
        times.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        times.last().map_or(0.0, |t| t.as_secs_f64() * 1000.0)
    );
}

/// CPU time so far of the server's threads and SQLite's.
fn server_cpu() -> Duration {
    let mut ticks = 0u64;
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return Duration::ZERO;
    };
    for task in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else {
            continue;
        };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let comm = &stat[open + 1..close];
        if !(comm.starts_with(SERVER_THREADS) || comm.starts_with("sqlx-sqlite")) {
            continue;
        }
        let fields: Vec<&str> = stat[close + 2..].split(' ').collect();
        let time = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
        ticks += time(11) + time(12);
    }
    // USER_HZ on Linux.
    Duration::from_secs_f64(ticks as f64 / 100.0)
}

/// The process's resident memory, in KiB.
fn resident_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|line| line.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// Opens a stream of `token`'s game over a raw socket and sends each ply it
/// reads to `plies`, with the watcher's number.
async fn watch(addr: std::net::SocketAddr, token: String, number: usize, plies: mpsc::UnboundedSender<(usize, i64)>) {
    let mut socket = TcpStream::connect(addr).await.expect("the server listens");
    let request = format!("GET /g/{token}/events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n");
    socket.write_all(request.as_bytes()).await.expect("the request is sent");
    let mut buffer = vec![0u8; 8192];
    // The end of the last read, where a `"ply":` may be cut in two.
    let mut carry: Vec<u8> = Vec::new();
    const KEY: &[u8] = b"\"ply\":";
    loop {
        let Ok(read) = socket.read(&mut buffer).await else {
            return;
        };
        if read == 0 {
            return;
        }
        let mut text = std::mem::take(&mut carry);
        text.extend_from_slice(&buffer[..read]);
        let mut at = 0;
        while let Some(found) = text[at..].windows(KEY.len()).position(|w| w == KEY) {
            let start = at + found + KEY.len();
            let digits: Vec<u8> = text[start..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .copied()
                .collect();
            if start + digits.len() >= text.len() {
                // Cut by the read: kept for the next.
                at += found;
                break;
            }
            if let Ok(ply) = std::str::from_utf8(&digits).unwrap_or("").parse() {
                let _ = plies.send((number, ply));
            }
            at = start + digits.len();
        }
        // What was not read yet: at most a key and its number, cut by the read.
        carry = text[at.max(text.len().saturating_sub(32))..].to_vec();
    }
}

struct Game1 {
    game_id: i64,
    token: String,
}

async fn new_game(service: &Service, place: Place, a: &Player, b: &Player) -> anyhow::Result<Game1> {
    let challenge = service.challenge(place, a, b).await?;
    let game_id = service.accept(challenge.id, b).await?.id;
    let token = service
        .game_page_token(game_id)
        .await?
        .expect("a game in a server has a page");
    Ok(Game1 { game_id, token })
}

/// Plays the next move of `game` through the page's endpoint.
async fn post_move(
    http: &reqwest::Client,
    base: &str,
    service: &Service,
    game: &Game1,
    sessions: &BTreeMap<u64, String>,
    secrets: &Sessions,
) -> anyhow::Result<Option<i64>> {
    let view = service.game(game.game_id).await?;
    let Some(seat) = view.to_move() else { return Ok(None) };
    let session = &sessions[&view.player(seat).user_id];
    let body = format!("{{\"ply\":{},\"hole\":{}}}", view.ply(), greedy(&view.game).number());
    let answer = http
        .post(format!("{base}/g/{}/move", game.token))
        .header("cookie", format!("akon_session={session}"))
        .header("x-csrf-token", secrets.csrf_token(session))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await?;
    anyhow::ensure!(
        answer.status().is_success(),
        "the move was refused: {}",
        answer.status()
    );
    Ok(Some(view.ply() + 1))
}

fn main() -> anyhow::Result<()> {
    let options = options();
    let dir = tempfile::tempdir()?;
    let url = format!("sqlite:{}", dir.path().join("akon.db").display());
    let server_runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name(SERVER_THREADS)
        .enable_all()
        .build()?;
    let (service, addr, _server) = server_runtime.block_on(async {
        let store = Store::open(&url).await?;
        let service = Service::new(store, ServiceConfig::default(), Arc::new(SystemClock));
        let listener = akon::web::bind("127.0.0.1:0".parse()?).await?;
        let addr = listener.local_addr()?;
        let options = WebOptions {
            sign_in: Some(SignInSettings {
                client_id: 1,
                client_secret: SECRET.to_string(),
                base_url: format!("http://{addr}"),
                discord_url: None,
            }),
            most_watchers: 100_000,
            ..WebOptions::default()
        };
        let server = akon::web::serve_with(listener, service.clone(), options)?;
        anyhow::Ok((service, addr, server))
    })?;
    let clients = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    clients.block_on(measure(options, service, addr))
}

async fn measure(options: Options, service: Service, addr: std::net::SocketAddr) -> anyhow::Result<()> {
    let base = format!("http://{addr}");
    let place = Place {
        guild_id: Some(900_000_000_000_000_001),
        channel_id: 910_000_000_000_000_001,
        venue: akon::venue::Venue::Server,
    };
    let (a, b) = (player(1, "Mbourou-Ndong Ekomy"), player(2, "Nguema Obiang"));
    let secrets = Sessions::new(SECRET.as_bytes());
    let sessions: BTreeMap<u64, String> = [
        (1, secrets.issue(1, &a.name, service.now())),
        (2, secrets.issue(2, &b.name, service.now())),
    ]
    .into();
    let http = reqwest::Client::builder().no_proxy().build()?;

    println!("| what | count | p50 (ms) | p99 (ms) | max (ms) |");
    println!("|---|---:|---:|---:|---:|");
    let mut latencies = Vec::new();
    while latencies.len() < options.moves {
        let game = new_game(&service, place, &a, &b).await?;
        let (sender, mut plies) = mpsc::unbounded_channel();
        let observer = tokio::spawn(watch(addr, game.token.clone(), 0, sender));
        // Its first state, ply 0.
        while plies.recv().await.map(|(_, ply)| ply) != Some(0) {}
        while latencies.len() < options.moves {
            // Within the players' limit of 5 moves a second each.
            tokio::time::sleep(PACE).await;
            let started = Instant::now();
            let Some(ply) = post_move(&http, &base, &service, &game, &sessions, &secrets).await? else {
                break;
            };
            while let Some((_, seen)) = plies.recv().await {
                if seen >= ply {
                    break;
                }
            }
            latencies.push(started.elapsed());
        }
        observer.abort();
    }
    report("move → another stream", latencies);

    // Watchers of one game.
    let game = new_game(&service, place, &a, &b).await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = resident_kib();
    let (sender, mut plies) = mpsc::unbounded_channel();
    for number in 0..options.watchers {
        tokio::spawn(watch(addr, game.token.clone(), number, sender.clone()));
    }
    let mut first = 0;
    let opening = Instant::now();
    while first < options.watchers {
        match tokio::time::timeout(Duration::from_secs(60), plies.recv()).await {
            Ok(Some((_, 0))) => first += 1,
            Ok(Some(_)) => {}
            _ => anyhow::bail!("only {first} of {} watchers got the game's state", options.watchers),
        }
    }
    let opened = opening.elapsed();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let after = resident_kib();
    let idle_from = server_cpu();
    tokio::time::sleep(Duration::from_secs(options.idle_seconds)).await;
    let idle_cpu = server_cpu().saturating_sub(idle_from);

    let mut fan_out = Vec::new();
    let moves_from = server_cpu();
    let reached = Arc::new(AtomicUsize::new(0));
    for _ in 0..20 {
        tokio::time::sleep(PACE).await;
        let started = Instant::now();
        let Some(ply) = post_move(&http, &base, &service, &game, &sessions, &secrets).await? else {
            break;
        };
        let mut seen = 0;
        while seen < options.watchers {
            match tokio::time::timeout(Duration::from_secs(30), plies.recv()).await {
                Ok(Some((_, got))) if got == ply => seen += 1,
                Ok(Some(_)) => {}
                _ => anyhow::bail!("only {seen} watchers read move {ply}"),
            }
        }
        reached.fetch_add(seen, Ordering::SeqCst);
        fan_out.push(started.elapsed());
    }
    let moves_cpu = server_cpu().saturating_sub(moves_from);
    report(&format!("move → all {} watchers", options.watchers), fan_out.clone());
    let reached = reached.load(Ordering::SeqCst).max(1);
    println!();
    println!(
        "| watchers | {} (opened in {:.2} s) |",
        options.watchers,
        opened.as_secs_f64()
    );
    println!("|---|---|");
    println!(
        "| resident memory | {} KiB before, {} KiB after: {:.1} KiB a watcher (server and client sockets, one process) |",
        before,
        after,
        after.saturating_sub(before) as f64 / options.watchers as f64
    );
    println!(
        "| server CPU, idle {} s | {:.3} s: {:.2} µs a watcher a second |",
        options.idle_seconds,
        idle_cpu.as_secs_f64(),
        idle_cpu.as_secs_f64() * 1e6 / (options.watchers as f64 * options.idle_seconds as f64)
    );
    println!(
        "| server CPU, {} moves | {:.3} s: {:.1} ms a move, {:.1} µs a watcher reached |",
        fan_out.len(),
        moves_cpu.as_secs_f64(),
        moves_cpu.as_secs_f64() * 1e3 / fan_out.len().max(1) as f64,
        moves_cpu.as_secs_f64() * 1e6 / reached as f64
    );
    Ok(())
}
