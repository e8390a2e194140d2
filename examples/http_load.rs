//! Load benchmark of HTTP mode: real `akon` processes behind the real
//! HAProxy, on PostgreSQL, taking signed interactions.
//!
//! ```text
//! cargo build --release --bin akon --example http_load
//! target/release/examples/http_load
//! target/release/examples/http_load --only kill --kill-rate 100 --kill-seconds 60
//! target/release/examples/http_load --only search --processes 1,2,3 --rates 100,200,400
//! target/release/examples/http_load --only search --compare-with /path/to/an/earlier/akon
//! ```
//!
//! Each configuration starts N processes of the `akon` binary (the one
//! built next to this example, or `--akon PATH`) in HTTP mode
//! (`AKON_INTERACTIONS_ADDR`, `DISCORD_PUBLIC_KEY`) on a PostgreSQL
//! database made for it on `--postgres` and dropped after, HAProxy on
//! `deploy/haproxy.cfg` (its ports substituted) in front of them, and the
//! tests' fake Discord in this process for their REST calls. Presses are
//! posted at the balancer, signed as Discord signs them, open loop: at
//! each step's rate the next game whose board is up gets a press of a
//! random legal hole. A press's latency runs from its POST to the end of
//! its HTTP answer, which is what Discord waits for (3 s at most); a game
//! is ready again once the process posts its next board. Finished games
//! are replaced by new ones (their set-up not counted).
//!
//! Two parts:
//!
//! - **kill**: three processes (`--kill-processes`), presses at
//!   `--kill-rate` for `--kill-seconds`, one process SIGKILLed every
//!   `--kill-every` seconds (each in turn) and started again at once. One
//!   press in ten is posted again once answered, as a balancer's retry is,
//!   and must get the same answer byte for byte.
//! - **search**: for each count of `--processes`, the `--rates` in turn
//!   for `--seconds` each, nothing killed: the highest rate whose p99
//!   stays under 10 ms. `--asynchronous-commit` runs it with commits that
//!   do not wait for the disk, to show what those waits cost;
//!   `--commit-delay MICROSECONDS` (with `--commit-siblings N`) runs it
//!   with PostgreSQL's group commit set so on the databases made.
//!
//! At the end of each configuration every acknowledged move (an answer
//! updating the board, type 7) is checked against the moves table: stored
//! once, with its hole; and nothing stored that was not pressed. CPU is
//! read from `/proc` for the `akon` processes, HAProxy, the PostgreSQL
//! server's processes and this driver (with the fake), per step; and,
//! once the processes have stopped, the transactions the database
//! committed per acknowledged move. `--keep-logs DIR` keeps the
//! processes' logs; a press not answered 200, and a copy answered
//! otherwise than its first, are printed on stderr.

// The tests' fake Discord and balancer, of which the benchmark uses a part.
#[path = "../tests/support/balancer.rs"]
#[allow(dead_code)]
mod balancer;
#[path = "support/boards.rs"]
mod boards;
#[path = "../tests/support/fake_discord/mod.rs"]
#[allow(dead_code, unused_imports)]
mod fake_discord;

use std::collections::{HashMap, HashSet, VecDeque};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use akon::random::SplitMix64;
use clap::Parser;
use serde_json::{json, Value};
use tokio::sync::mpsc;

use balancer::{free_port, Balancer};
use boards::finished_game_of;
use fake_discord::{FakeDiscord, TestUser};

#[derive(Parser, Debug)]
struct Options {
    /// The PostgreSQL server the databases are made on.
    #[arg(long, default_value = "postgres://postgres@127.0.0.1:5432/postgres")]
    postgres: String,
    /// The `akon` binary (by default the one next to this example's directory).
    #[arg(long)]
    akon: Option<PathBuf>,
    /// Another `akon` binary (an earlier build, say) the search part runs
    /// too, each count of processes with it first and then with `--akon`,
    /// so that the two are measured side by side at the same hour.
    #[arg(long)]
    compare_with: Option<PathBuf>,
    /// Games on at once.
    #[arg(long, default_value_t = 150)]
    games: usize,
    /// Run one part only.
    #[arg(long, value_enum)]
    only: Option<Part>,
    /// Processes in the kill part.
    #[arg(long, default_value_t = 3)]
    kill_processes: usize,
    /// Presses per second in the kill part.
    #[arg(long, default_value_t = 100)]
    kill_rate: u32,
    #[arg(long, default_value_t = 60.0)]
    kill_seconds: f64,
    /// Seconds between two kills.
    #[arg(long, default_value_t = 20.0)]
    kill_every: f64,
    /// Process counts of the search part.
    #[arg(long, value_delimiter = ',', default_value = "1,2,3")]
    processes: Vec<usize>,
    /// Offered presses per second, one step each, in the search part.
    #[arg(long, value_delimiter = ',', default_value = "25,50,100,200,300,400,600,800")]
    rates: Vec<u32>,
    /// Seconds per step of the search part.
    #[arg(long, default_value_t = 8.0)]
    seconds: f64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Sets `synchronous_commit = off` on the databases made: commits no
    /// longer wait for the WAL to reach the disk, which shows what those
    /// waits cost (a crash of the server may then lose the last commits).
    #[arg(long)]
    asynchronous_commit: bool,
    /// Sets `commit_delay` (microseconds) on the databases made: a commit
    /// waits that long for others to share its flush of the WAL, when at
    /// least `--commit-siblings` other transactions are open.
    #[arg(long)]
    commit_delay: Option<u32>,
    /// A directory to keep the `akon` processes' logs in (by default they
    /// go with each configuration's temporary directory).
    #[arg(long)]
    keep_logs: Option<PathBuf>,
    /// `commit_siblings` with `--commit-delay` (PostgreSQL's default: 5).
    #[arg(long, default_value_t = 5)]
    commit_siblings: u32,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Kill,
    Search,
}

/// Discord's limit for a first answer.
const ANSWER_LIMIT: Duration = Duration::from_secs(3);
/// The p99 the search looks for.
const P99_TARGET: Duration = Duration::from_millis(10);
/// One press in this many is posted again once answered.
const COPY_EVERY: u64 = 10;

fn main() -> anyhow::Result<()> {
    let options = Options::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(run(options))
}

async fn run(options: Options) -> anyhow::Result<()> {
    let akon = match &options.akon {
        Some(path) => path.clone(),
        None => std::env::current_exe()?
            .parent()
            .and_then(|examples| examples.parent())
            .map(|dir| dir.join("akon"))
            .ok_or_else(|| anyhow::anyhow!("cannot tell where the akon binary is: pass --akon"))?,
    };
    anyhow::ensure!(
        akon.exists(),
        "{} does not exist: cargo build --release --bin akon, or pass --akon",
        akon.display()
    );
    println!(
        "load average before: {}; {} cores; {} games; akon at {}",
        load_average(),
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
        options.games,
        akon.display()
    );
    if options.only != Some(Part::Search) {
        kill_part(&options, &akon).await?;
    }
    if options.only != Some(Part::Kill) {
        let mut builds = Vec::new();
        if let Some(other) = &options.compare_with {
            anyhow::ensure!(other.exists(), "{} does not exist", other.display());
            builds.push(other.clone());
        }
        builds.push(akon);
        search_part(&options, &builds).await?;
    }
    println!("\nload average after: {}", load_average());
    Ok(())
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

async fn kill_part(options: &Options, akon: &std::path::Path) -> anyhow::Result<()> {
    let mut cluster = Cluster::start(options, akon, options.kill_processes).await?;
    let mut driver = Driver::new(&cluster, options.seed);
    driver.set_up_games(options.games).await?;
    let mut step = Step::new(options.kill_rate);
    let every = Duration::from_secs_f64(options.kill_every);
    let mut next_kill = Instant::now() + every;
    let mut kills = 0;
    let cpu = cluster.cpu();
    driver
        .run_step(
            &mut step,
            options.kill_seconds,
            |now| {
                if now < next_kill {
                    return false;
                }
                next_kill += every;
                true
            },
            || {
                let victim = kills % cluster.processes.len();
                kills += 1;
                cluster.kill_and_restart(victim);
            },
        )
        .await;
    step.cpu = cluster.cpu() - cpu;
    println!(
        "\n### Killed every {} s: {} processes, {kills} kills, {} presses/s for {} s\n",
        options.kill_every, options.kill_processes, options.kill_rate, options.kill_seconds
    );
    print_header();
    step.print();
    println!(
        "\ncopies posted again: {}, answered differently: {}",
        driver.copies, driver.copies_differing
    );
    driver.report(&cluster).await?;
    let commits = cluster.stop().await?;
    print_commits(commits, &driver);
    Ok(())
}

async fn search_part(options: &Options, builds: &[PathBuf]) -> anyhow::Result<()> {
    let mut best = Vec::new();
    for (&processes, akon) in options
        .processes
        .iter()
        .flat_map(|processes| builds.iter().map(move |akon| (processes, akon)))
    {
        let cluster = Cluster::start(options, akon, processes).await?;
        let mut driver = Driver::new(&cluster, options.seed);
        driver.set_up_games(options.games).await?;
        println!(
            "\n### {processes} process(es) of {}, {} s per step\n",
            akon.display(),
            options.seconds
        );
        print_header();
        let mut highest = None;
        for &rate in &options.rates {
            let mut step = Step::new(rate);
            let cpu = cluster.cpu();
            driver.run_step(&mut step, options.seconds, |_| false, || {}).await;
            step.cpu = cluster.cpu() - cpu;
            step.print();
            let p99 = step.percentile(0.99);
            let kept_up = step.answered() as f64 >= 0.95 * f64::from(rate) * options.seconds;
            if p99 < P99_TARGET && kept_up && step.failed == 0 {
                highest = Some(rate);
            }
            // Past saturation every step is worse: no need to go on.
            if !kept_up || p99 > Duration::from_secs(1) {
                break;
            }
        }
        driver.report(&cluster).await?;
        let commits = cluster.stop().await?;
        print_commits(commits, &driver);
        best.push((processes, akon, highest));
    }
    println!("\n### Highest rate with p99 under {} ms\n", P99_TARGET.as_millis());
    println!("| processes | akon | presses/s |");
    println!("|---:|---|---:|");
    for (processes, akon, highest) in best {
        let rate = highest.map_or("below the lowest step".to_string(), |r| r.to_string());
        println!("| {processes} | {} | {rate} |", akon.display());
    }
    Ok(())
}

/// Commits per acknowledged move, over the whole configuration.
fn print_commits(commits: i64, driver: &Driver) {
    let moves = driver.acknowledged.len().max(1);
    println!(
        "transactions committed on the database: {commits}, {:.2} per acknowledged move (set-up, \
         games replaced, the scheduler and this check included)",
        commits as f64 / moves as f64
    );
}

// The processes.

/// The fake Discord, a database, N `akon` processes and HAProxy.
struct Cluster {
    fake: FakeDiscord,
    akon: PathBuf,
    dir: tempfile::TempDir,
    log_dir: Option<PathBuf>,
    server: String,
    database: String,
    url: String,
    ports: Vec<u16>,
    processes: Vec<Child>,
    balancer: Balancer,
    /// The CPU of the processes killed so far.
    cpu_of_the_dead: Duration,
}

impl Cluster {
    async fn start(options: &Options, akon: &std::path::Path, count: usize) -> anyhow::Result<Cluster> {
        use sqlx::Connection;
        let database = format!("akon_http_load_{:016x}", SplitMix64::seed_from_entropy());
        let mut admin = sqlx::PgConnection::connect(&options.postgres).await?;
        sqlx::query(&format!("CREATE DATABASE {database}"))
            .execute(&mut admin)
            .await?;
        if options.asynchronous_commit {
            sqlx::query(&format!("ALTER DATABASE {database} SET synchronous_commit = off"))
                .execute(&mut admin)
                .await?;
        }
        if let Some(delay) = options.commit_delay {
            for setting in [
                format!("commit_delay = {delay}"),
                format!("commit_siblings = {}", options.commit_siblings),
            ] {
                sqlx::query(&format!("ALTER DATABASE {database} SET {setting}"))
                    .execute(&mut admin)
                    .await?;
            }
        }
        admin.close().await?;
        let mut url = reqwest::Url::parse(&options.postgres)?;
        url.set_path(&database);
        let fake = FakeDiscord::start().await;
        fake.keep_request_log(false);
        let mut ports = Vec::new();
        for _ in 0..count {
            ports.push(free_port());
        }
        let mut cluster = Cluster {
            fake,
            akon: akon.to_path_buf(),
            dir: tempfile::tempdir()?,
            log_dir: options.keep_logs.clone(),
            server: options.postgres.clone(),
            database,
            url: url.to_string(),
            balancer: Balancer::start(free_port(), &ports),
            ports,
            processes: Vec::new(),
            cpu_of_the_dead: Duration::ZERO,
        };
        for i in 0..count {
            let child = cluster.spawn(i)?;
            cluster.processes.push(child);
            // One at a time: each migrates or finds the schema migrated.
            cluster.wait_healthy(i).await?;
        }
        cluster.balancer.wait_up(Duration::from_secs(10)).await;
        cluster
            .fake
            .set_interactions_endpoint(&cluster.balancer.interactions_url());
        Ok(cluster)
    }

    /// `akon bot` in HTTP mode on port `i`, logging to the directory.
    fn spawn(&self, i: usize) -> anyhow::Result<Child> {
        let port = self.ports[i];
        let log = std::fs::OpenOptions::new().create(true).append(true).open(
            self.log_dir
                .as_deref()
                .unwrap_or(self.dir.path())
                .join(format!("akon-{port}.log")),
        )?;
        let child = Command::new(&self.akon)
            .arg("bot")
            .current_dir(self.dir.path())
            .env_clear()
            .env("NO_PROXY", "127.0.0.1,localhost")
            .env("DISCORD_TOKEN", fake_discord::TOKEN)
            .env("DISCORD_PROXY_URL", self.fake.api_base())
            .env("DATABASE_URL", &self.url)
            .env("AKON_INTERACTIONS_ADDR", format!("127.0.0.1:{port}"))
            .env("DISCORD_PUBLIC_KEY", fake_discord::public_key_hex())
            .env("RUST_LOG", "info")
            // The games are between people: endgame tables, which a bot
            // without a cache directory would build at every start, would
            // only take the CPU the presses are measured on.
            .env("AKON_TABLES", "off")
            .stdin(Stdio::null())
            .stdout(Stdio::from(log.try_clone()?))
            .stderr(Stdio::from(log))
            .spawn()?;
        Ok(child)
    }

    async fn wait_healthy(&self, i: usize) -> anyhow::Result<()> {
        let url = format!("http://127.0.0.1:{}/healthz", self.ports[i]);
        let deadline = Instant::now() + Duration::from_secs(60);
        while !reqwest::get(&url).await.is_ok_and(|r| r.status().is_success()) {
            anyhow::ensure!(
                Instant::now() < deadline,
                "process {i} did not come up: see {}",
                self.dir.path().display()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Ok(())
    }

    fn kill_and_restart(&mut self, i: usize) {
        self.cpu_of_the_dead += process_cpu(self.processes[i].id());
        let _ = self.processes[i].kill();
        let _ = self.processes[i].wait();
        match self.spawn(i) {
            Ok(child) => self.processes[i] = child,
            Err(error) => eprintln!("could not restart process {i}: {error}"),
        }
    }

    fn cpu(&self) -> Cpu {
        Cpu([
            self.cpu_of_the_dead + self.processes.iter().map(|p| process_cpu(p.id())).sum::<Duration>(),
            self.balancer.pid().map(process_cpu).unwrap_or_default(),
            postgres_cpu(),
            process_cpu(std::process::id()),
        ])
    }

    /// Stops everything and drops the database; the transactions
    /// committed on it, set-up and background work included.
    async fn stop(mut self) -> anyhow::Result<i64> {
        use sqlx::Connection;
        for process in &mut self.processes {
            let _ = process.kill();
            let _ = process.wait();
        }
        // A backend reports its commits at most once a second, and at the
        // latest when it ends, which the server sees soon after its client.
        tokio::time::sleep(Duration::from_secs(2)).await;
        let mut admin = sqlx::PgConnection::connect(&self.server).await?;
        let commits: i64 = sqlx::query_scalar("SELECT xact_commit FROM pg_stat_database WHERE datname = $1")
            .bind(&self.database)
            .fetch_one(&mut admin)
            .await?;
        sqlx::query(&format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.database))
            .execute(&mut admin)
            .await?;
        Ok(commits)
    }
}

/// CPU time of the process `pid` so far (0 if it is gone).
fn process_cpu(pid: u32) -> Duration {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|stat| cpu_of_stat(&stat, false))
        .unwrap_or_default()
}

/// utime + stime of a `/proc/PID/stat` line, and with `children` the
/// time of the children it waited for (cutime + cstime).
fn cpu_of_stat(stat: &str, children: bool) -> Duration {
    let Some((_, rest)) = stat.rsplit_once(") ") else {
        return Duration::ZERO;
    };
    let fields: Vec<u64> = rest.split_whitespace().map(|f| f.parse().unwrap_or(0)).collect();
    // After the name: the state is field 3; utime, stime, cutime and
    // cstime are fields 14 to 17.
    let field = |n: usize| fields.get(n - 3).copied().unwrap_or(0);
    let mut ticks = field(14) + field(15);
    if children {
        ticks += field(16) + field(17);
    }
    Duration::from_millis(ticks * 10)
}

/// CPU time so far of the PostgreSQL server: every `postgres` process's,
/// and through the postmaster's waited-for children, the backends' that
/// ended (those of a killed process among them).
fn postgres_cpu() -> Duration {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Duration::ZERO;
    };
    entries
        .flatten()
        .filter_map(|entry| std::fs::read_to_string(entry.path().join("stat")).ok())
        .filter(|stat| stat.split_whitespace().nth(1) == Some("(postgres)"))
        .map(|stat| cpu_of_stat(&stat, true))
        .sum()
}

/// CPU time so far of the `akon` processes, HAProxy, the PostgreSQL
/// server and the driver, in that order.
#[derive(Clone, Copy, Default)]
struct Cpu([Duration; 4]);

impl std::ops::Sub for Cpu {
    type Output = Cpu;

    fn sub(self, before: Cpu) -> Cpu {
        Cpu(std::array::from_fn(|part| self.0[part].saturating_sub(before.0[part])))
    }
}

// The measures.

struct Step {
    offered: u32,
    seconds: f64,
    presses: u64,
    applied: u64,
    refused: u64,
    /// Not answered 200: a status, or no answer at all.
    failed: u64,
    late: u64,
    not_ready: u64,
    latencies: Vec<Duration>,
    cpu: Cpu,
}

impl Step {
    fn new(offered: u32) -> Step {
        Step {
            offered,
            seconds: 0.0,
            presses: 0,
            applied: 0,
            refused: 0,
            failed: 0,
            late: 0,
            not_ready: 0,
            latencies: Vec::new(),
            cpu: Cpu::default(),
        }
    }

    fn answered(&self) -> u64 {
        self.applied + self.refused
    }

    fn percentile(&mut self, p: f64) -> Duration {
        if self.latencies.is_empty() {
            return Duration::MAX;
        }
        self.latencies.sort_unstable();
        let at = ((self.latencies.len() - 1) as f64 * p).round() as usize;
        self.latencies[at]
    }

    fn print(&mut self) {
        let ms = |d: Duration| match d {
            Duration::MAX => "–".to_string(),
            d => format!("{:.1}", d.as_secs_f64() * 1000.0),
        };
        let seconds = self.seconds;
        let share = |d: Duration| format!("{:.0}", d.as_secs_f64() / seconds * 100.0);
        let (p50, p90, p99, max) = (
            self.percentile(0.5),
            self.percentile(0.9),
            self.percentile(0.99),
            self.percentile(1.0),
        );
        println!(
            "| {} | {:.0} | {} / {} / {} / {} | {} | {} | {} | {} | {} |",
            self.offered,
            self.answered() as f64 / self.seconds,
            ms(p50),
            ms(p90),
            ms(p99),
            ms(max),
            self.refused,
            self.failed,
            self.late,
            self.not_ready,
            self.cpu.0.map(share).join(" / "),
        );
    }
}

fn print_header() {
    println!("| offered/s | answered/s | p50 / p90 / p99 / max (ms) | refused | failed | over 3 s | no game ready | CPU % akon / HAProxy / PostgreSQL / driver |");
    println!("|---:|---:|---|---:|---:|---:|---:|---|");
}

// The driver.

/// A board up, waiting for a press.
#[derive(Clone)]
struct Board {
    message: u64,
    ply: i64,
    holes: Vec<String>,
    mover: u64,
}

enum Event {
    Board(i64, Board),
    Finished(i64),
    /// A callback made by REST: an interaction answered twice.
    AnsweredByRest,
    Answer(Answer),
}

struct Answer {
    game: i64,
    ply: i64,
    hole: u8,
    status: u16,
    kind: Option<u64>,
    took: Duration,
    /// For a press posted again: whether its copy got the same answer.
    copy_same: Option<bool>,
}

struct Driver {
    fake: FakeDiscord,
    client: reqwest::Client,
    url: String,
    events: mpsc::UnboundedReceiver<Event>,
    sender: mpsc::UnboundedSender<Event>,
    users: HashMap<u64, TestUser>,
    next_user: u64,
    /// The board each game waits a press on.
    boards: HashMap<i64, Board>,
    /// The ply of the board each game waits for next.
    waiting_for: HashMap<i64, i64>,
    ready: VecDeque<i64>,
    sent: HashSet<(i64, i64, u8)>,
    acknowledged: HashSet<(i64, i64, u8)>,
    in_flight: usize,
    presses: u64,
    copies: u64,
    copies_differing: u64,
    answered_by_rest: u64,
    rng: SplitMix64,
}

impl Driver {
    fn new(cluster: &Cluster, seed: u64) -> Driver {
        let (sender, events) = mpsc::unbounded_channel();
        let mut answers = cluster.fake.observe();
        let boards = sender.clone();
        tokio::spawn(async move {
            while let Some(answered) = answers.recv().await {
                let event = if answered.path.ends_with("/callback") {
                    Some(Event::AnsweredByRest)
                } else if answered.method == "POST" && answered.path.ends_with("/messages") && answered.status < 300 {
                    boards::board_of(&answered.response)
                        .map(|(game, ply, holes, mover)| {
                            let message = fake_discord::message_id(&answered.response);
                            Event::Board(
                                game,
                                Board {
                                    message,
                                    ply,
                                    holes,
                                    mover,
                                },
                            )
                        })
                        .or_else(|| finished_game_of(&answered.response).map(Event::Finished))
                } else {
                    None
                };
                if let Some(event) = event {
                    if boards.send(event).is_err() {
                        return;
                    }
                }
            }
        });
        Driver {
            fake: cluster.fake.clone(),
            client: reqwest::Client::new(),
            url: cluster.balancer.interactions_url(),
            events,
            sender,
            users: HashMap::new(),
            next_user: 0,
            boards: HashMap::new(),
            waiting_for: HashMap::new(),
            ready: VecDeque::new(),
            sent: HashSet::new(),
            acknowledged: HashSet::new(),
            in_flight: 0,
            presses: 0,
            copies: 0,
            copies_differing: 0,
            answered_by_rest: 0,
            rng: SplitMix64::new(seed),
        }
    }

    /// Starts a game between two new players (in the background: its
    /// first board comes as an event).
    fn new_game(&mut self) {
        let pair: Vec<TestUser> = (0..2)
            .map(|_| {
                self.next_user += 1;
                let user = TestUser::new(
                    400_000_000_000_000_000 + self.next_user,
                    &format!("p{}", self.next_user),
                );
                self.fake.add_user(&user);
                self.users.insert(user.id, user.clone());
                user
            })
            .collect();
        let fake = self.fake.clone();
        tokio::spawn(async move {
            let options = vec![("opponent", 6, json!(pair[1].id.to_string()))];
            let ix = fake.slash(&pair[0], "akon", "challenge", options).await;
            let challenge = fake.response(&ix).await;
            let Some(accept) = fake_discord::custom_ids(&challenge)
                .into_iter()
                .find(|id| id.starts_with("akon:accept:"))
            else {
                eprintln!("a challenge without Accept: {challenge}");
                return;
            };
            let ix = fake
                .click(&pair[1], fake_discord::message_id(&challenge), &accept)
                .await;
            fake.response(&ix).await;
        });
    }

    async fn set_up_games(&mut self, games: usize) -> anyhow::Result<()> {
        let deadline = Instant::now() + Duration::from_secs(120);
        while self.fake.registered_commands().is_empty() {
            anyhow::ensure!(Instant::now() < deadline, "the command was never registered");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        // A few at a time, so that the set-up does not flood the processes.
        let mut started = 0;
        while self.boards.len() < games {
            while started < games && started < self.boards.len() + 16 {
                self.new_game();
                started += 1;
            }
            let event = tokio::time::timeout(Duration::from_secs(30), self.events.recv())
                .await
                .map_err(|_| anyhow::anyhow!("the games' boards stopped coming"))?;
            if let Some(event) = event {
                self.take(event, None);
            }
        }
        println!("{games} games set up");
        Ok(())
    }

    /// Handles one event; an answer counts in `step`.
    fn take(&mut self, event: Event, step: Option<&mut Step>) {
        match event {
            Event::Board(game, board) => {
                if board.ply < *self.waiting_for.get(&game).unwrap_or(&0) || self.boards.contains_key(&game) {
                    return;
                }
                if !board.holes.is_empty() && self.users.contains_key(&board.mover) {
                    self.boards.insert(game, board);
                    self.ready.push_back(game);
                }
            }
            Event::Finished(game) => {
                if self.waiting_for.remove(&game).is_some() {
                    self.boards.remove(&game);
                    self.new_game();
                }
            }
            Event::AnsweredByRest => self.answered_by_rest += 1,
            Event::Answer(answer) => {
                self.in_flight -= 1;
                if let Some(same) = answer.copy_same {
                    self.copies += 1;
                    self.copies_differing += u64::from(!same);
                }
                let applied = answer.status == 200 && answer.kind == Some(7);
                if applied {
                    self.acknowledged.insert((answer.game, answer.ply + 1, answer.hole));
                }
                let Some(step) = step else { return };
                match answer.status {
                    200 if applied => step.applied += 1,
                    200 => step.refused += 1,
                    _ => step.failed += 1,
                }
                if answer.status == 200 {
                    step.latencies.push(answer.took);
                }
                if answer.took >= ANSWER_LIMIT {
                    step.late += 1;
                }
            }
        }
    }

    /// Presses the next ready game's board, in the background.
    fn press(&mut self, step: &mut Step) {
        let Some(game) = self.ready.pop_front() else {
            step.not_ready += 1;
            return;
        };
        let Some(board) = self.boards.remove(&game) else {
            return;
        };
        let button = board.holes[self.rng.below(board.holes.len())].clone();
        let hole: u8 = button.rsplit(':').next().and_then(|h| h.parse().ok()).unwrap_or(0);
        let ix = self
            .fake
            .unsent_click(&self.users[&board.mover], board.message, &button);
        self.waiting_for.insert(game, board.ply + 1);
        self.sent.insert((game, board.ply + 1, hole));
        self.presses += 1;
        self.in_flight += 1;
        step.presses += 1;
        let copy = self.presses.is_multiple_of(COPY_EVERY);
        let (client, url, events) = (self.client.clone(), self.url.clone(), self.sender.clone());
        let body = serde_json::to_vec(&ix.payload).expect("an interaction is JSON");
        let id = ix.id;
        tokio::spawn(async move {
            let sent = Instant::now();
            let first = post(&client, &url, &body).await;
            let took = sent.elapsed();
            let copy_same = match (&first, copy) {
                (Some((200, answer)), true) => {
                    let again = post(&client, &url, &body).await;
                    let same = again.as_ref().is_some_and(|(_, again)| again == answer);
                    if !same {
                        let shown = |bytes: &[u8]| String::from_utf8_lossy(&bytes[..bytes.len().min(300)]).into_owned();
                        eprintln!(
                            "interaction {} answered {} then, posted again, {:?}",
                            id,
                            shown(answer),
                            again.map(|(status, again)| (status, shown(&again)))
                        );
                    }
                    Some(same)
                }
                _ => None,
            };
            let (status, answer) = first.unwrap_or((0, Vec::new()));
            if status != 200 {
                let why = String::from_utf8_lossy(&answer[..answer.len().min(200)]).into_owned();
                eprintln!("interaction {id} answered {status} after {took:?}: {}", why.trim());
            }
            let kind = serde_json::from_slice::<Value>(&answer)
                .ok()
                .and_then(|v| v["type"].as_u64());
            let _ = events.send(Event::Answer(Answer {
                game,
                ply: board.ply,
                hole,
                status,
                kind,
                took,
                copy_same,
            }));
        });
    }

    /// Offers presses at the step's rate for `seconds`, then waits (up to
    /// 5 s) for those in flight. `due` is asked now and then whether to
    /// call `kill`.
    async fn run_step(
        &mut self,
        step: &mut Step,
        seconds: f64,
        mut due: impl FnMut(Instant) -> bool,
        mut kill: impl FnMut(),
    ) {
        let period = Duration::from_secs_f64(1.0 / f64::from(step.offered));
        let start = Instant::now();
        let end = start + Duration::from_secs_f64(seconds);
        let mut next = start;
        loop {
            let now = Instant::now();
            while next <= now && next < end {
                self.press(step);
                next += period;
            }
            if due(now) {
                kill();
            }
            if next >= end {
                break;
            }
            tokio::select! {
                event = self.events.recv() => if let Some(event) = event { self.take(event, Some(step)) },
                _ = tokio::time::sleep_until(tokio::time::Instant::from_std(next)) => {}
            }
        }
        step.seconds = seconds;
        let drain = Instant::now() + Duration::from_secs(5);
        while self.in_flight > 0 && Instant::now() < drain {
            if let Ok(Some(event)) = tokio::time::timeout(Duration::from_millis(100), self.events.recv()).await {
                self.take(event, Some(step));
            }
        }
        step.failed += self.in_flight as u64;
    }

    /// Checks the moves table against the presses.
    async fn report(&self, cluster: &Cluster) -> anyhow::Result<()> {
        use sqlx::Connection;
        let mut connection = sqlx::PgConnection::connect(&cluster.url).await?;
        let stored: Vec<(i64, i64, i64)> = sqlx::query_as("SELECT game_id, ply, hole FROM moves")
            .fetch_all(&mut connection)
            .await?;
        let stored: HashSet<(i64, i64, u8)> = stored.into_iter().map(|(g, p, h)| (g, p, h as u8)).collect();
        let lost = self.acknowledged.difference(&stored).count();
        let never_pressed = stored.difference(&self.sent).count();
        let unacknowledged = stored.difference(&self.acknowledged).count() - never_pressed;
        println!(
            "\nmoves: {} acknowledged, {} stored; acknowledged but not stored: {lost}; stored but never pressed: {never_pressed}; \
             stored, answered otherwise (a process died after the commit): {unacknowledged}; answered by REST too: {}",
            self.acknowledged.len(),
            stored.len(),
            self.answered_by_rest
        );
        anyhow::ensure!(
            lost == 0 && never_pressed == 0,
            "the moves table disagrees with the presses"
        );
        anyhow::ensure!(
            self.copies_differing == 0 && self.answered_by_rest == 0,
            "an interaction was answered twice"
        );
        Ok(())
    }
}

/// POSTs a signed interaction; its status and body, or `None` if no
/// answer came.
async fn post(client: &reqwest::Client, url: &str, body: &[u8]) -> Option<(u16, Vec<u8>)> {
    let timestamp = fake_discord::timestamp_now();
    let signature = fake_discord::sign(&timestamp, body);
    let response = client
        .post(url)
        .header("content-type", "application/json")
        .header("x-signature-timestamp", timestamp)
        .header("x-signature-ed25519", signature)
        .body(body.to_vec())
        .timeout(Duration::from_secs(10))
        .send()
        .await
        .ok()?;
    let status = response.status().as_u16();
    Some((status, response.bytes().await.ok()?.to_vec()))
}
