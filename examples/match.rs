//! The match runner: plays every pair of players against each other and
//! prints a table of results.
//!
//! ```text
//! cargo run --release --example match -- --games 100
//! cargo run --release --example match -- --games 100 --pairs hard:random,hard:greedy,hard:medium
//! cargo run --release --example match -- --games 100 --pairs master:hard --scale 0.25 --threads 2
//! ```
//!
//! Players: the levels `easy`, `medium`, `hard`, `master`; each level with
//! the evaluation that came before the fitted one, `easy-classic` …
//! `master-classic` (`EvalWeights::CLASSIC`: the level exactly as it played
//! then); each level with `-notables` (see `--tables`), `-lmr` or `-nolmr`
//! (late move reductions on or off, whatever the level's configuration
//! says), in that order after `-classic`: `master-notables-nolmr`; `random` (a uniformly random legal move) and `greedy` (the move
//! that captures the most seeds at once, ties broken at random).
//!
//! ```text
//! cargo run --release --example match -- --games 400 --pairs master:master-classic --scale 0.03125 --threads 2
//! ```
//!
//! Games come in pairs from the same opening, each player moving first once,
//! so a lopsided opening favours nobody. Each opening is `--opening-plies`
//! random legal moves (4 by default) drawn from the seed, kept only if a
//! short search finds it balanced (|score| ≤ 2 seeds) so that the players'
//! moves, not the dice, decide. The levels search by node budget only (their
//! time caps are removed), so a run is reproducible whatever the machine's
//! load and the number of threads; `--scale` multiplies the node budgets of
//! `hard` and `master`, the levels that search until their budget runs out
//! (`easy` and `medium` stop at a fixed depth and are never scaled).
//!
//! A game stops as soon as one side has captured more than half the seeds
//! (36 of 70): captures are never lost, so the winner cannot change after
//! that, and the strong levels no longer spend seconds per move on a won
//! game. The margins and plies in the table are counted at that point;
//! `--play-out` plays every game to its real end instead.
//!
//! Options:
//! - `--games N`: games per pair (even; default 100);
//! - `--players a,b,...`: every pair among these (default: all six);
//! - `--pairs a:b,c:d`: exactly these pairs (overrides `--players`);
//! - `--scale F`: multiply hard's and master's node budgets by F (default 1);
//! - `--seed S`: the seed of the openings and the random choices (default 1);
//! - `--threads T`: games played at once (default 1);
//! - `--opening-plies K`: random plies before the players take over;
//! - `--play-out`: play every game to its end, even once it is decided;
//! - `--weights w,w,...`: the evaluation's weights (in the order of
//!   `akon::ai::TERM_NAMES`) for the levels without `-classic`, instead of
//!   `EvalWeights::STANDARD`: to try weights before putting them in.
//!
//! - `--movetime MS`: give `hard` and `master` the same time, MS
//!   milliseconds a move, instead of their node budgets (equal time: what a
//!   player waits on). A run then depends on the machine and its load; play
//!   it on a quiet machine with at most one game a core;
//! - `--tables PATH`: the endgame tables of `akon tables build` (or the file
//!   akon builds itself) for the levels; `hard-notables` and
//!   `master-notables` search without them, so that one run measures what
//!   the tables bring.
//!
//! ```text
//! cargo run --release --example match -- --games 400 --threads 2 --movetime 100 --tables ~/.cache/akon/akon-tables-16.bin --pairs master:master-notables
//! ```
//!
//! Each finished game is also logged on stderr, so an interrupted run can
//! still be counted.
//!
//! **A match longer than one sitting** is played in parts fixed in advance:
//! `--part K/N` plays only the K-th of N equal runs of openings (each
//! opening from both sides), exactly the games a whole run would play from
//! those openings; `--record FILE` appends one line per finished game to
//! FILE (and skips the games FILE already holds, so a part cut short is
//! resumed by running it again); `--combine FILE...` then reads the
//! records of every part and prints the whole match's tables, saying which
//! games are missing if any are. The 400 games at 1 s a move, in 8 parts
//! of about 40 minutes of both cores each:
//!
//! ```text
//! cargo run --release --example match -- --games 400 --threads 2 --movetime 1000 --tables tables-16.bin \
//!   --pairs master:master-notables-nolmr --part 1/8 --record match-1s.tsv
//! cargo run --release --example match -- --combine match-1s.tsv
//! ```

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use akon::ai::tables::Tables;
use akon::ai::{analyze, decide_with_tables, EvalWeights, Level, LevelConfig, Limits, TERMS, TERM_NAMES};
use akon::engine::{Game, Hole, Seat, Status, TOTAL_SEEDS};
use akon::random::SplitMix64;

/// Stop a game that runs this long (the loop rule ends every game, but not
/// necessarily soon) and count it as decided by the captures so far.
const MAX_PLIES: usize = 2_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Player {
    Level(Searcher),
    Random,
    Greedy,
}

/// A level, as it is or changed by the suffixes of its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Searcher {
    level: Level,
    /// `-classic`: the evaluation before the fitted one.
    classic: bool,
    /// `-notables`: no endgame tables, even with `--tables`.
    no_tables: bool,
    /// `-lmr` / `-nolmr`: late move reductions on or off whatever the
    /// level's own configuration says.
    reductions: Option<bool>,
}

/// The suffixes a level's name may carry, in the order they are written.
const SUFFIXES: [&str; 4] = ["-classic", "-notables", "-nolmr", "-lmr"];

impl Player {
    fn parse(name: &str) -> Result<Player, String> {
        match name.trim() {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            other => {
                let mut rest = other;
                let mut searcher = Searcher {
                    level: Level::Easy,
                    classic: false,
                    no_tables: false,
                    reductions: None,
                };
                while let Some(suffix) = SUFFIXES.iter().find(|suffix| rest.ends_with(*suffix)) {
                    rest = &rest[..rest.len() - suffix.len()];
                    match *suffix {
                        "-classic" => searcher.classic = true,
                        "-notables" => searcher.no_tables = true,
                        "-nolmr" => searcher.reductions = Some(false),
                        _ => searcher.reductions = Some(true),
                    }
                }
                searcher.level = rest
                    .parse()
                    .map_err(|e| format!("{e}; or random, greedy; a level may end with {}", SUFFIXES.join(", ")))?;
                Ok(Player::Level(searcher))
            }
        }
    }

    fn name(self) -> String {
        match self {
            Player::Level(s) => format!(
                "{}{}{}{}",
                s.level,
                if s.classic { "-classic" } else { "" },
                if s.no_tables { "-notables" } else { "" },
                match s.reductions {
                    None => "",
                    Some(false) => "-nolmr",
                    Some(true) => "-lmr",
                }
            ),
            Player::Random => "random".into(),
            Player::Greedy => "greedy".into(),
        }
    }

    const fn level(level: Level) -> Player {
        Player::Level(Searcher {
            level,
            classic: false,
            no_tables: false,
            reductions: None,
        })
    }
}

const ALL_PLAYERS: [Player; 6] = [
    Player::level(Level::Easy),
    Player::level(Level::Medium),
    Player::level(Level::Hard),
    Player::level(Level::Master),
    Player::Random,
    Player::Greedy,
];

struct Options {
    games: usize,
    pairs: Vec<(Player, Player)>,
    scale: f64,
    seed: u64,
    threads: usize,
    opening_plies: usize,
    play_out: bool,
    weights: Option<EvalWeights>,
    movetime: Option<Duration>,
    tables: Option<&'static Tables>,
    /// `--part K/N`: K (from 1) and N.
    part: Option<(usize, usize)>,
    record: Option<std::path::PathBuf>,
    combine: Vec<std::path::PathBuf>,
}

fn usage(error: &str) -> ! {
    eprintln!("match: {error}");
    eprintln!(
        "usage: match [--games N] [--players a,b,..] [--pairs a:b,..] [--scale F] [--seed S] [--threads T] [--opening-plies K] [--play-out] [--weights w,..] [--movetime MS] [--tables PATH] [--part K/N] [--record FILE] | --combine FILE.."
    );
    std::process::exit(2)
}

fn parse_options() -> Options {
    let mut options = Options {
        games: 100,
        pairs: Vec::new(),
        scale: 1.0,
        seed: 1,
        threads: 1,
        opening_plies: 4,
        play_out: false,
        weights: None,
        movetime: None,
        tables: None,
        part: None,
        record: None,
        combine: Vec::new(),
    };
    let mut players: Vec<Player> = ALL_PLAYERS.to_vec();
    let mut pairs: Option<Vec<(Player, Player)>> = None;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage(&format!("{flag} needs a value")));
        match flag.as_str() {
            "--games" => options.games = value().parse().unwrap_or_else(|_| usage("--games takes a number")),
            "--scale" => options.scale = value().parse().unwrap_or_else(|_| usage("--scale takes a number")),
            "--seed" => options.seed = value().parse().unwrap_or_else(|_| usage("--seed takes a number")),
            "--threads" => options.threads = value().parse().unwrap_or_else(|_| usage("--threads takes a number")),
            "--opening-plies" => {
                options.opening_plies = value()
                    .parse()
                    .unwrap_or_else(|_| usage("--opening-plies takes a number"))
            }
            "--players" => {
                players = value()
                    .split(',')
                    .map(|name| Player::parse(name).unwrap_or_else(|e| usage(&e)))
                    .collect()
            }
            "--pairs" => {
                pairs = Some(
                    value()
                        .split(',')
                        .map(|pair| {
                            let (a, b) = pair.split_once(':').unwrap_or_else(|| usage("a pair is a:b"));
                            (
                                Player::parse(a).unwrap_or_else(|e| usage(&e)),
                                Player::parse(b).unwrap_or_else(|e| usage(&e)),
                            )
                        })
                        .collect(),
                )
            }
            "--play-out" => options.play_out = true,
            "--movetime" => {
                let ms: u64 = value()
                    .parse()
                    .unwrap_or_else(|_| usage("--movetime takes milliseconds"));
                if ms == 0 {
                    usage("--movetime must be positive");
                }
                options.movetime = Some(Duration::from_millis(ms));
            }
            "--tables" => {
                let path = value();
                let tables = Tables::open_verified(std::path::Path::new(&path))
                    .unwrap_or_else(|e| usage(&format!("--tables {path}: {e}")));
                options.tables = Some(Box::leak(Box::new(tables)));
            }
            "--weights" => {
                let w: Vec<i32> = value()
                    .split(',')
                    .map(|w| {
                        w.trim()
                            .parse()
                            .unwrap_or_else(|_| usage("--weights takes whole numbers"))
                    })
                    .collect();
                let w: [i32; TERMS] = w
                    .try_into()
                    .unwrap_or_else(|_| usage(&format!("--weights takes {TERMS} numbers: {}", TERM_NAMES.join(","))));
                options.weights = Some(EvalWeights::from_array(w));
            }
            "--part" => {
                let text = value();
                let part = text
                    .split_once('/')
                    .and_then(|(k, n)| Some((k.parse().ok()?, n.parse().ok()?)))
                    .filter(|&(k, n): &(usize, usize)| 1 <= k && k <= n);
                options.part = Some(part.unwrap_or_else(|| usage("--part takes K/N with 1 <= K <= N")));
            }
            "--record" => options.record = Some(value().into()),
            "--combine" => {
                options.combine.push(value().into());
                options.combine.extend(args.by_ref().map(Into::into));
            }
            "--help" | "-h" => usage("help"),
            other => usage(&format!("unknown option {other}")),
        }
    }
    if options.games == 0 || options.games % 2 == 1 {
        usage("--games must be even and positive (each opening is played from both sides)");
    }
    if options.scale.is_nan() || options.scale <= 0.0 {
        usage("--scale must be positive");
    }
    if let Some((_, parts)) = options.part {
        if parts > options.games / 2 {
            usage("--part: more parts than openings");
        }
    }
    options.threads = options.threads.max(1);
    options.pairs = pairs.unwrap_or_else(|| {
        let mut all = Vec::new();
        for (i, &a) in players.iter().enumerate() {
            for &b in &players[i + 1..] {
                all.push((a, b));
            }
        }
        all
    });
    options
}

/// The runner's dice: the crate's SplitMix64, so that a seed means the same
/// games on every build.
struct Dice(SplitMix64);

impl Dice {
    fn new(seed: u64) -> Dice {
        Dice(SplitMix64::new(seed))
    }

    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[(self.next() % items.len() as u64) as usize]
    }
}

/// A level's configuration as the runner uses it, for the levels that search
/// until their budget runs out: the node budget scaled and no time cap, or
/// with `--movetime` that time and no node budget.
fn config(level: Level, eval: EvalWeights, options: &Options) -> LevelConfig {
    let mut config = level.config();
    config.eval = eval;
    config.limits.max_time = None;
    if config.limits.max_depth == Limits::MAX_DEPTH {
        match options.movetime {
            // A ceiling of 20 M nodes a second, which the time reaches first
            // (the search visits about 7 M): it sizes the transposition
            // table as a level of that time would have it.
            Some(time) => {
                config.limits.max_nodes = (time.as_secs_f64() * 20e6) as u64;
                config.limits.max_time = Some(time);
            }
            None => {
                config.limits.max_nodes = ((config.limits.max_nodes as f64 * options.scale) as u64).max(1_000);
            }
        }
    }
    config
}

/// Whether the winner is already certain: one side holds more than half the
/// seeds, and captures are never lost.
fn decided(game: &Game) -> bool {
    let position = game.position();
    [Seat::A, Seat::B]
        .into_iter()
        .any(|seat| 2 * position.captured(seat) as u32 > TOTAL_SEEDS)
}

/// Per-player search statistics.
#[derive(Default, Clone, Copy)]
struct Thinking {
    moves: u64,
    searched: u64,
    depth: u64,
    nodes: u64,
    time: Duration,
}

fn choose(player: Player, game: &Game, dice: &mut Dice, options: &Options, stats: &mut Thinking) -> Hole {
    let legal: Vec<Hole> = game.legal_moves().iter().collect();
    stats.moves += 1;
    match player {
        Player::Random => dice.pick(&legal),
        Player::Greedy => {
            let position = game.position();
            let gains: Vec<u8> = legal
                .iter()
                .map(|&hole| {
                    let mut after = *position;
                    after.play_unchecked(hole).captured
                })
                .collect();
            let most = *gains.iter().max().expect("a legal move");
            let best: Vec<Hole> = legal
                .iter()
                .zip(&gains)
                .filter(|&(_, &g)| g == most)
                .map(|(&h, _)| h)
                .collect();
            dice.pick(&best)
        }
        Player::Level(searcher) => {
            let eval = if searcher.classic {
                EvalWeights::CLASSIC
            } else {
                options.weights.unwrap_or(searcher.level.config().eval)
            };
            let tables = if searcher.no_tables { None } else { options.tables };
            let mut config = config(searcher.level, eval, options);
            if let Some(reductions) = searcher.reductions {
                config.late_move_reductions = reductions;
            }
            let start = Instant::now();
            let decision = decide_with_tables(game, &config, dice.next(), tables).expect("the game is not over");
            if decision.depth > 0 {
                stats.time += start.elapsed();
                stats.searched += 1;
                stats.depth += decision.depth as u64;
                stats.nodes += decision.nodes;
            }
            decision.hole
        }
    }
}

/// A balanced random opening of `plies` moves, from A moving first.
fn opening(seed: u64, plies: usize) -> Vec<Hole> {
    let mut dice = Dice::new(seed);
    loop {
        let mut game = Game::opening(Seat::A);
        let mut moves = Vec::new();
        while moves.len() < plies && !game.is_over() {
            let hole = dice.pick(&game.legal_moves().iter().collect::<Vec<_>>());
            game.play(hole).expect("a legal move");
            moves.push(hole);
        }
        if game.is_over() {
            continue;
        }
        let score = analyze(&game, &Limits::depth(8)).expect("the game is not over").score;
        if score.abs() <= 2 {
            return moves;
        }
    }
}

#[derive(Clone)]
struct GameResult {
    /// Points for the pair's first player: 1 win, 0.5 draw, 0 loss.
    first_won: Option<bool>,
    /// First player's captures minus the second's.
    margin: i32,
    plies: usize,
    stats: [Thinking; 2],
}

fn play(players: [Player; 2], first_is_a: bool, opening: &[Hole], seed: u64, options: &Options) -> GameResult {
    let mut game = Game::opening(Seat::A);
    for &hole in opening {
        game.play(hole).expect("the opening is legal");
    }
    // players[0] sits at A when it moves first.
    let seat_of_first = if first_is_a { Seat::A } else { Seat::B };
    let mut dice = Dice::new(seed);
    let mut stats = [Thinking::default(); 2];
    while let Status::Ongoing { to_move } = game.status() {
        if game.moves().len() >= MAX_PLIES || (!options.play_out && decided(&game)) {
            break;
        }
        let who = if to_move == seat_of_first { 0 } else { 1 };
        let hole = choose(players[who], &game, &mut dice, options, &mut stats[who]);
        game.play(hole).expect("players only choose legal moves");
    }
    let position = game.position();
    let first = position.captured(seat_of_first) as i32;
    let second = position.captured(seat_of_first.opponent()) as i32;
    let first_won = match first.cmp(&second) {
        std::cmp::Ordering::Greater => Some(true),
        std::cmp::Ordering::Less => Some(false),
        std::cmp::Ordering::Equal => None,
    };
    GameResult {
        first_won,
        margin: first - second,
        plies: game.moves().len(),
        stats,
    }
}

#[derive(Default, Clone, Copy)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    margin: i64,
    plies: u64,
}

/// One finished game as a record keeps it: the pair, the game's number in
/// the pair (which fixes its opening, seat and seed), and what happened.
#[derive(Clone)]
struct Recorded {
    first: String,
    second: String,
    game: usize,
    result: GameResult,
}

impl Recorded {
    fn key(&self) -> (String, String, usize) {
        (self.first.clone(), self.second.clone(), self.game)
    }

    /// One line of a record, tab-separated: the pair, the game, `1`, `0` or
    /// `=` for the first player's result, the margin, the plies, then each
    /// player's moves, searched moves, total depth, nodes and microseconds.
    fn line(&self) -> String {
        let r = &self.result;
        let mut fields = vec![
            self.first.clone(),
            self.second.clone(),
            self.game.to_string(),
            match r.first_won {
                Some(true) => "1".into(),
                Some(false) => "0".into(),
                None => "=".into(),
            },
            r.margin.to_string(),
            r.plies.to_string(),
        ];
        for s in r.stats {
            fields.extend([
                s.moves.to_string(),
                s.searched.to_string(),
                s.depth.to_string(),
                s.nodes.to_string(),
                s.time.as_micros().to_string(),
            ]);
        }
        fields.join("\t")
    }

    fn parse(line: &str) -> Option<Recorded> {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 16 {
            return None;
        }
        let n = |i: usize| f[i].parse::<u64>().ok();
        let thinking = |at: usize| -> Option<Thinking> {
            Some(Thinking {
                moves: n(at)?,
                searched: n(at + 1)?,
                depth: n(at + 2)?,
                nodes: n(at + 3)?,
                time: Duration::from_micros(n(at + 4)?),
            })
        };
        Some(Recorded {
            first: f[0].into(),
            second: f[1].into(),
            game: f[2].parse().ok()?,
            result: GameResult {
                first_won: match f[3] {
                    "1" => Some(true),
                    "0" => Some(false),
                    "=" => None,
                    _ => return None,
                },
                margin: f[4].parse().ok()?,
                plies: f[5].parse().ok()?,
                stats: [thinking(6)?, thinking(11)?],
            },
        })
    }
}

/// A record's games, and the line describing the run that played them
/// (`# ...`), from `path`; a missing file holds none.
fn read_record(path: &std::path::Path) -> (Option<String>, Vec<Recorded>) {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (None, Vec::new()),
        Err(e) => usage(&format!("{}: {e}", path.display())),
    };
    let mut description = None;
    let mut games = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if let Some(run) = line.strip_prefix("# ") {
            description.get_or_insert_with(|| run.to_string());
        } else if !line.trim().is_empty() {
            games.push(
                Recorded::parse(line)
                    .unwrap_or_else(|| usage(&format!("{}:{}: not a game's record", path.display(), number + 1))),
            );
        }
    }
    (description, games)
}

/// What a run plays, without its length or part: the same for every part of
/// one match, so that parts of different matches are never combined.
fn run_description(options: &Options) -> String {
    format!(
        "{} games per pair, openings of {} random plies (seed {}), {}, {}, {}, {}, pairs {}",
        options.games,
        options.opening_plies,
        options.seed,
        match options.movetime {
            Some(time) => format!("hard and master at {} ms a move", time.as_millis()),
            None => format!("hard and master node budgets x{}", options.scale),
        },
        match options.tables {
            Some(tables) => format!("tables of up to {} seeds", tables.max_seeds()),
            None => "no tables".into(),
        },
        if options.play_out {
            "every game played out"
        } else {
            "games stopped once decided"
        },
        match options.weights {
            Some(weights) => format!("weights {:?}", weights.to_array()),
            None => "standard weights".into(),
        },
        options
            .pairs
            .iter()
            .map(|(a, b)| format!("{}:{}", a.name(), b.name()))
            .collect::<Vec<_>>()
            .join(","),
    )
}

fn main() {
    let options = parse_options();
    if !options.combine.is_empty() {
        return combine(&options.combine);
    }
    let games_per_pair = options.games;
    let openings: Vec<Vec<Hole>> = (0..games_per_pair / 2)
        .map(|k| {
            opening(
                options.seed.wrapping_mul(1_000_003).wrapping_add(k as u64),
                options.opening_plies,
            )
        })
        .collect();
    // A part plays a fixed run of openings: those whose index falls in its
    // share, the same whatever else was played.
    let in_part = |g: usize| match options.part {
        None => true,
        Some((k, n)) => (k - 1) * openings.len() / n <= g / 2 && g / 2 < k * openings.len() / n,
    };
    let description = run_description(&options);
    let done_before: std::collections::HashSet<(String, String, usize)> = match &options.record {
        Some(path) => {
            let (recorded_run, games) = read_record(path);
            if recorded_run.as_ref().is_some_and(|run| *run != description) {
                usage(&format!(
                    "{} records another match: {}",
                    path.display(),
                    recorded_run.unwrap_or_default()
                ));
            }
            games.iter().map(Recorded::key).collect()
        }
        None => Default::default(),
    };
    let mut record = options.record.as_ref().map(|path| {
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .unwrap_or_else(|e| usage(&format!("{}: {e}", path.display())));
        if done_before.is_empty() {
            use std::io::Write;
            writeln!(file, "# {description}").unwrap_or_else(|e| usage(&format!("{}: {e}", path.display())));
        }
        file
    });

    let jobs: Vec<(usize, usize)> = (0..options.pairs.len())
        .flat_map(|p| (0..games_per_pair).map(move |g| (p, g)))
        .filter(|&(p, g)| {
            in_part(g) && !done_before.contains(&(options.pairs[p].0.name(), options.pairs[p].1.name(), g))
        })
        .collect();
    let next = AtomicUsize::new(0);
    let finished: Mutex<Vec<Recorded>> = Mutex::new(Vec::new());
    let record_file = Mutex::new(record.as_mut());
    let started = Instant::now();
    let done = AtomicUsize::new(0);

    std::thread::scope(|scope| {
        for _ in 0..options.threads {
            scope.spawn(|| loop {
                let job = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(p, g)) = jobs.get(job) else { break };
                let (a, b) = options.pairs[p];
                // Game g and g+1 share an opening; in the even one the pair's
                // first player moves first (seat A), in the odd one second.
                let first_is_a = g % 2 == 0;
                let seed = options.seed ^ ((p as u64) << 32) ^ g as u64;
                let result = play([a, b], first_is_a, &openings[g / 2], seed, &options);
                eprintln!(
                    "game {a} {b} {g}: {} (margin {:+}, {} plies, {} moved first)",
                    match result.first_won {
                        Some(true) => a.name(),
                        Some(false) => b.name(),
                        None => "draw".into(),
                    },
                    result.margin,
                    result.plies,
                    if first_is_a { a.name() } else { b.name() },
                    a = a.name(),
                    b = b.name(),
                );
                let recorded = Recorded {
                    first: a.name(),
                    second: b.name(),
                    game: g,
                    result,
                };
                if let Some(file) = record_file.lock().unwrap().as_mut() {
                    use std::io::Write;
                    // A game lost from the record is played again by the
                    // next run of the part: never counted twice or half.
                    if let Err(e) = writeln!(file, "{}", recorded.line()).and_then(|()| file.flush()) {
                        eprintln!("match: cannot record game {g}: {e}");
                    }
                }
                finished.lock().unwrap().push(recorded);
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                if n.is_multiple_of(10) || n == jobs.len() {
                    eprintln!("{n}/{} games, {:.0} s", jobs.len(), started.elapsed().as_secs_f64());
                }
            });
        }
    });

    println!(
        "Akon match: {}, {} thread(s), {:.0} s{}",
        description,
        options.threads,
        started.elapsed().as_secs_f64(),
        match options.part {
            Some((k, n)) => format!(", part {k} of {n} ({} games played now)", jobs.len()),
            None => String::new(),
        }
    );
    if let Some(weights) = options.weights {
        println!();
        println!(
            "The levels without -classic searched with the weights {} = {:?}.",
            TERM_NAMES.join(","),
            weights.to_array()
        );
    }
    let pairs: Vec<(String, String)> = options.pairs.iter().map(|(a, b)| (a.name(), b.name())).collect();
    print_tables(&pairs, &finished.into_inner().unwrap());
}

/// The whole match from the records of its parts: every game once, the
/// tables over all of them, and which games no record holds.
fn combine(paths: &[std::path::PathBuf]) {
    let mut description: Option<String> = None;
    let mut games: std::collections::BTreeMap<(String, String, usize), Recorded> = Default::default();
    for path in paths {
        let (run, recorded) = read_record(path);
        let run = run.unwrap_or_else(|| usage(&format!("{} holds no match", path.display())));
        match &description {
            Some(first) if *first != run => usage(&format!(
                "{} records another match than {}: {run}",
                path.display(),
                paths[0].display()
            )),
            _ => description = Some(run),
        }
        for game in recorded {
            if games.insert(game.key(), game.clone()).is_some() {
                usage(&format!(
                    "{}: game {} of {}:{} is recorded twice",
                    path.display(),
                    game.game,
                    game.first,
                    game.second
                ));
            }
        }
    }
    let description = description.unwrap_or_default();
    println!("Akon match, combined from {} record(s): {description}", paths.len());
    let pairs_text = description.rsplit_once("pairs ").map(|(_, pairs)| pairs).unwrap_or("");
    let pairs: Vec<(String, String)> = pairs_text
        .split(',')
        .filter_map(|pair| pair.split_once(':'))
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let per_pair: usize = description
        .split_once(" games per pair")
        .and_then(|(n, _)| n.parse().ok())
        .unwrap_or(0);
    for (a, b) in &pairs {
        let missing: Vec<usize> = (0..per_pair)
            .filter(|g| !games.contains_key(&(a.clone(), b.clone(), *g)))
            .collect();
        if !missing.is_empty() {
            println!();
            println!(
                "{a}:{b}: {} of {per_pair} games not recorded yet: {missing:?}",
                missing.len()
            );
        }
    }
    print_tables(&pairs, &games.into_values().collect::<Vec<_>>());
}

/// The results table of `pairs` and the thinking table of the levels, over
/// `games`.
fn print_tables(pairs: &[(String, String)], games: &[Recorded]) {
    let mut tallies = vec![Tally::default(); pairs.len()];
    let mut thinking: HashMap<String, Thinking> = HashMap::new();
    for game in games {
        let Some(p) = pairs.iter().position(|(a, b)| *a == game.first && *b == game.second) else {
            continue;
        };
        let (t, result) = (&mut tallies[p], &game.result);
        match result.first_won {
            Some(true) => t.wins += 1,
            Some(false) => t.losses += 1,
            None => t.draws += 1,
        }
        t.margin += result.margin as i64;
        t.plies += result.plies as u64;
        for (player, stats) in [&game.first, &game.second].into_iter().zip(result.stats) {
            let total = thinking.entry(player.clone()).or_default();
            total.moves += stats.moves;
            total.searched += stats.searched;
            total.depth += stats.depth;
            total.nodes += stats.nodes;
            total.time += stats.time;
        }
    }
    println!();
    println!(
        "| player | opponent | games | wins | draws | losses | score % | 95% interval | won % of decided | mean margin | mean plies |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for ((a, b), t) in pairs.iter().zip(&tallies) {
        let games = (t.wins + t.draws + t.losses) as f64;
        if games == 0.0 {
            continue;
        }
        let decided = (t.wins + t.losses) as f64;
        // The score's 95% interval, normal approximation over games
        // scored 1, 1/2 and 0.
        let score = (t.wins as f64 + 0.5 * t.draws as f64) / games;
        let square = (t.wins as f64 + 0.25 * t.draws as f64) / games;
        let half_width = 1.96 * ((square - score * score).max(0.0) / games).sqrt();
        println!(
            "| {} | {} | {} | {} | {} | {} | {:.1} | {:.1}–{:.1} | {} | {:+.1} | {:.0} |",
            a,
            b,
            games,
            t.wins,
            t.draws,
            t.losses,
            100.0 * score,
            100.0 * (score - half_width),
            100.0 * (score + half_width),
            if decided > 0.0 {
                format!("{:.1}", 100.0 * t.wins as f64 / decided)
            } else {
                "-".into()
            },
            t.margin as f64 / games,
            t.plies as f64 / games,
        );
    }
    println!();
    println!("| level | moves | searched | mean depth | mean nodes | mean time per searched move |");
    println!("|---|---:|---:|---:|---:|---:|");
    let mut players: Vec<(Player, Thinking)> = thinking
        .into_iter()
        .filter_map(|(name, stats)| Some((Player::parse(&name).ok()?, stats)))
        .filter(|(p, _)| matches!(p, Player::Level(_)))
        .collect();
    players.sort_by_key(|(p, _)| *p);
    for (player, s) in players {
        let searched = s.searched.max(1) as f64;
        println!(
            "| {} | {} | {} | {:.1} | {:.0} | {:.3} s |",
            player.name(),
            s.moves,
            s.searched,
            s.depth as f64 / searched,
            s.nodes as f64 / searched,
            s.time.as_secs_f64() / searched,
        );
    }
}
