//! The web view's speed: a game's page rendered, read and served.
//!
//! ```text
//! cargo run --release --example web_load
//! cargo run --release --example web_load -- --rate 500 --seconds 10
//! cargo run --example web_load -- --games 1 --review-nodes 500 --rate 20 --seconds 1
//! ```
//!
//! On a SQLite file in a temporary folder, a game is played to its end by
//! the move that captures most (the longest of a few), reviewed, and given
//! a page. Then, at every move of it in turn:
//!
//! - **render**: the page's HTML from the game already read
//!   ([`akon::web::game_page_html`]), the template and the board's SVG;
//! - **read + render**: the service's read of the page
//!   ([`akon::service::Service::game_page`]: the token, the game and its
//!   moves replayed, the players, the server's settings, the review) and
//!   the render, one after the other;
//! - **HTTP**: `GET /g/TOKEN?ply=N` over 127.0.0.1 against the real server
//!   ([`akon::web::serve`]), offered open loop at `--rate` requests a
//!   second for `--seconds`: each request is sent at its time whether or
//!   not the ones before it were answered, and its latency runs from that
//!   time to the last byte of the answer, so a stall counts for every
//!   request it delays. The client runs in the same process, on the same
//!   cores; the server runs on a runtime of its own, so that the CPU
//!   time of its threads (and of SQLite's) per request can be told apart
//!   from the client's;
//! - **HTTP closed**: as many requests as `--clients` clients asking one
//!   after another can get in `--seconds`: the most the server answers.
//!
//! Goals (docs/PERFORMANCE.md): render under 2 ms, p99 under 10 ms at
//! 500 requests a second, a page under 60 KB.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use akon::engine::{Game, Hole};
use akon::i18n::Language;
use akon::service::{MovePress, Place, Player, Service, ServiceConfig, SystemClock};
use akon::store::Store;

struct Options {
    rate: u32,
    seconds: u64,
    /// Games played, of which the longest is measured.
    games: u32,
    review_nodes: u64,
    /// Clients of the closed loop, each asking again once answered.
    clients: u32,
}

fn options() -> Options {
    let mut options = Options {
        rate: 500,
        seconds: 10,
        games: 5,
        review_nodes: 20_000,
        clients: 8,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--rate" => options.rate = value.parse().expect("--rate takes requests a second"),
            "--seconds" => options.seconds = value.parse().expect("--seconds takes a whole number"),
            "--games" => options.games = value.parse().expect("--games takes a whole number"),
            "--review-nodes" => options.review_nodes = value.parse().expect("--review-nodes takes a whole number"),
            "--clients" => options.clients = value.parse().expect("--clients takes a whole number"),
            other => panic!("unknown option {other}: --rate N, --seconds S, --games N, --review-nodes N, --clients N"),
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

/// Milliseconds at percentile `p` of `sorted`.
fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let at = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[at].as_secs_f64() * 1000.0
}

/// Prefix of the names of the server's runtime threads.
const SERVER_THREADS: &str = "web-server";

/// CPU time (user and system) so far of this process's threads that serve
/// the pages: the server's runtime and SQLite's connection threads.
fn server_cpu() -> Duration {
    let ticks_per_second = 100.0; // USER_HZ on Linux
    let mut ticks = 0u64;
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return Duration::ZERO;
    };
    for task in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else {
            continue;
        };
        // `pid (comm) state …`: comm may hold spaces, so split after it.
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let comm = &stat[open + 1..close];
        if !(comm.starts_with(SERVER_THREADS) || comm.starts_with("sqlx-sqlite")) {
            continue;
        }
        let fields: Vec<&str> = stat[close + 2..].split(' ').collect();
        // utime and stime are fields 14 and 15 of stat, 12 and 13 after comm.
        let time = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
        ticks += time(11) + time(12);
    }
    Duration::from_secs_f64(ticks as f64 / ticks_per_second)
}

fn cpu_report(requests: u64, cpu: Duration) {
    println!(
        "  server CPU {:.2} s for {requests} requests: {:.3} ms a request",
        cpu.as_secs_f64(),
        cpu.as_secs_f64() * 1000.0 / requests.max(1) as f64
    );
}

fn report(what: &str, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "{what:<14} {:>7} {:>8.3} {:>8.3} {:>8.3} {:>8.3}",
        times.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        percentile(&times, 0.999),
        times.last().map_or(0.0, |t| t.as_secs_f64() * 1000.0)
    );
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = options();
    let dir = tempfile::tempdir()?;
    let store = Store::open(&format!("sqlite:{}", dir.path().join("akon.db").display())).await?;
    let config = ServiceConfig {
        review_nodes: options.review_nodes,
        ..ServiceConfig::default()
    };
    let service = Service::new(store, config, Arc::new(SystemClock));
    let place = Place {
        guild_id: Some(900_000_000_000_000_001),
        channel_id: 910_000_000_000_000_001,
        venue: akon::venue::Venue::Server,
    };
    let (a, b) = (player(1, "Mbourou-Ndong Ekomy"), player(2, "Nguema Obiang"));
    let players: BTreeMap<u64, Player> = [(1, a.clone()), (2, b.clone())].into();
    let mut longest = (0, 0);
    for _ in 0..options.games.max(1) {
        let challenge = service.challenge(place, &a, &b).await?;
        let game_id = service.accept(challenge.id, &b).await?.id;
        loop {
            let view = service.game(game_id).await?;
            let Some(seat) = view.to_move() else { break };
            let user = &players[&view.player(seat).user_id];
            service
                .play(MovePress::new(game_id, view.ply(), greedy(&view.game), user))
                .await?;
        }
        let plies = service.game(game_id).await?.ply();
        longest = longest.max((plies, game_id));
    }
    let (plies, game_id) = longest;
    service.review(game_id).await?;
    let token = service
        .game_page_token(game_id)
        .await?
        .expect("a game in a server has a page");
    let page = service.game_page(&token).await?.expect("the page is served");
    let plies = plies as usize;
    let sizes: Vec<usize> = (0..=plies)
        .map(|ply| akon::web::game_page_html(&page, Some(ply), Language::English).len())
        .collect();
    println!(
        "game of {plies} moves, reviewed; page {}–{} bytes (English; largest in French: {} bytes)",
        sizes.iter().min().unwrap_or(&0),
        sizes.iter().max().unwrap_or(&0),
        (0..=plies)
            .map(|ply| akon::web::game_page_html(&page, Some(ply), Language::French).len())
            .max()
            .unwrap_or(0)
    );
    println!(
        "{:<14} {:>7} {:>8} {:>8} {:>8} {:>8}",
        "ms", "count", "p50", "p99", "p99.9", "max"
    );

    let mut render = Vec::new();
    for round in 0..20 {
        for ply in 0..=plies {
            let started = Instant::now();
            let html = akon::web::game_page_html(&page, Some(ply), Language::English);
            let took = started.elapsed();
            std::hint::black_box(html);
            if round > 0 {
                render.push(took);
            }
        }
    }
    report("render", render);

    let mut read = Vec::new();
    for round in 0..5 {
        for ply in 0..=plies {
            let started = Instant::now();
            let page = service.game_page(&token).await?.expect("the page is served");
            let html = akon::web::game_page_html(&page, Some(ply), Language::English);
            let took = started.elapsed();
            std::hint::black_box(html);
            if round > 0 {
                read.push(took);
            }
        }
    }
    report("read + render", read);

    let server_runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name(SERVER_THREADS)
        .enable_all()
        .build()?;
    let server = {
        let service = service.clone();
        server_runtime
            .spawn(async move {
                let listener = akon::web::bind("127.0.0.1:0".parse()?).await?;
                anyhow::Ok(akon::web::serve(listener, service)?)
            })
            .await??
    };
    let base = format!("http://{}/g/{token}", server.addr());
    let client = reqwest::Client::builder().no_proxy().build()?;
    for ply in 0..=plies {
        let response = client.get(format!("{base}?ply={ply}")).send().await?;
        anyhow::ensure!(response.status().is_success(), "ply {ply}: {}", response.status());
        response.bytes().await?;
    }
    let count = options.rate as u64 * options.seconds;
    let every = Duration::from_secs_f64(1.0 / f64::from(options.rate));
    let start = tokio::time::Instant::now() + Duration::from_millis(50);
    let mut tasks = Vec::with_capacity(count as usize);
    let cpu_before = server_cpu();
    for i in 0..count {
        let at = start + every * i as u32;
        tokio::time::sleep_until(at).await;
        let client = client.clone();
        let url = format!("{base}?ply={}", i as usize % (plies + 1));
        tasks.push(tokio::spawn(async move {
            let response = client.get(url).send().await?;
            let ok = response.status().is_success();
            response.bytes().await?;
            anyhow::ensure!(ok, "a page was not served");
            Ok::<Duration, anyhow::Error>(at.elapsed())
        }));
    }
    let mut http = Vec::with_capacity(tasks.len());
    for task in tasks {
        http.push(task.await??);
    }
    let elapsed = start.elapsed().as_secs_f64();
    let cpu = server_cpu().saturating_sub(cpu_before);
    report(&format!("HTTP {}/s", options.rate), http);
    println!(
        "{count} requests offered over {:.1} s ({:.0} a second achieved)",
        elapsed,
        count as f64 / elapsed
    );
    cpu_report(count, cpu);

    let cpu_before = server_cpu();
    let started = Instant::now();
    let until = started + Duration::from_secs(options.seconds);
    let clients: Vec<_> = (0..options.clients.max(1))
        .map(|c| {
            let client = client.clone();
            let base = base.clone();
            tokio::spawn(async move {
                let mut times = Vec::new();
                let mut i = c as usize;
                while Instant::now() < until {
                    let sent = Instant::now();
                    let response = client.get(format!("{base}?ply={}", i % (plies + 1))).send().await?;
                    let ok = response.status().is_success();
                    response.bytes().await?;
                    anyhow::ensure!(ok, "a page was not served");
                    times.push(sent.elapsed());
                    i += 1;
                }
                Ok::<Vec<Duration>, anyhow::Error>(times)
            })
        })
        .collect();
    let mut closed = Vec::new();
    for client in clients {
        closed.extend(client.await??);
    }
    let elapsed = started.elapsed().as_secs_f64();
    let cpu = server_cpu().saturating_sub(cpu_before);
    let answered = closed.len() as u64;
    report(&format!("HTTP closed {}", options.clients), closed);
    println!(
        "{answered} requests from {} clients over {elapsed:.1} s ({:.0} a second)",
        options.clients,
        answered as f64 / elapsed
    );
    cpu_report(answered, cpu);
    server_runtime.spawn(server.stop()).await?;
    // A runtime may not be dropped from async code.
    tokio::task::spawn_blocking(move || server_runtime.shutdown_timeout(Duration::from_secs(2))).await?;
    Ok(())
}
