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
//!   cores.
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
}

fn options() -> Options {
    let mut options = Options {
        rate: 500,
        seconds: 10,
        games: 5,
        review_nodes: 20_000,
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
            other => panic!("unknown option {other}: --rate N, --seconds S, --games N, --review-nodes N"),
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

    let listener = akon::web::bind("127.0.0.1:0".parse()?).await?;
    let server = akon::web::serve(listener, service.clone())?;
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
    report(&format!("HTTP {}/s", options.rate), http);
    println!(
        "{count} requests offered over {:.1} s ({:.0} a second achieved)",
        elapsed,
        count as f64 / elapsed
    );
    server.stop().await;
    Ok(())
}
