//! The endgame tables through the real `akon` binary: `akon tables build`
//! and `verify`, and `akon analyze` finding them through `AKON_TABLES`:
//! exact scores equal to the tables on random positions, and a file it
//! cannot use said in one line, the search going on without it. Without
//! `AKON_TABLES`, the tables akon builds itself in the cache directory:
//! built once (also by two processes starting together), used by `analyze`,
//! built again when damaged or truncated and never used so, and not at all
//! with `AKON_TABLES=off`.

use std::path::Path;
use std::process::{Command, Output};

use akon::ai::tables::Tables;
use akon::engine::{Position, Seat};
use akon::random::SplitMix64;
use serde_json::{json, Value};

const SEEDS: u8 = 6;

/// `akon args…` with the tables file `tables`, or none (`AKON_TABLES=off`).
fn akon(args: &[&str], tables: Option<&Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_akon"));
    command.args(args).env("RUST_BACKTRACE", "1");
    match tables {
        Some(path) => command.env("AKON_TABLES", path),
        None => command.env("AKON_TABLES", "off"),
    };
    command.output().expect("the akon binary runs")
}

/// `akon args…` without `AKON_TABLES`: the tables it builds itself, up to
/// `seeds` seeds, in the cache directory `cache`.
fn akon_by_default(args: &[&str], cache: &Path, seeds: u8) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_akon"));
    command
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .env_remove("AKON_TABLES")
        .env("XDG_CACHE_HOME", cache)
        .env("AKON_TABLES_SEEDS", seeds.to_string());
    command
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn build(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("tables.bin");
    let out = akon(
        &[
            "tables",
            "build",
            "--max-seeds",
            &SEEDS.to_string(),
            "--out",
            path.to_str().unwrap(),
        ],
        None,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let line = text(&out.stdout);
    assert!(
        line.starts_with("built ") && line.contains("up to 6 seeds: 38760 positions"),
        "{line}"
    );
    // A progress line per layer, on stderr.
    assert_eq!(
        text(&out.stderr).matches(" positions in ").count(),
        SEEDS as usize + 1,
        "{}",
        text(&out.stderr)
    );
    path
}

fn start(a: &[i64], b: &[i64], to_move: &str) -> String {
    let on_board: i64 = a.iter().chain(b).sum();
    json!({"board": {"A": a, "B": b}, "captured": {"A": 70 - on_board, "B": 0}, "to_move": to_move}).to_string()
}

fn analyze(start: &str, tables: Option<&Path>) -> (Value, String) {
    let out = akon(&["analyze", "--start", start, "--depth", "3"], tables);
    assert!(out.status.success(), "{}", text(&out.stderr));
    (
        serde_json::from_str(text(&out.stdout).trim()).unwrap(),
        text(&out.stderr),
    )
}

#[test]
fn analyze_with_the_tables_is_exact_and_equals_them_on_random_positions() {
    let dir = tempfile::tempdir().unwrap();
    let path = build(dir.path());
    let verified = akon(&["tables", "verify", path.to_str().unwrap()], None);
    assert!(verified.status.success(), "{}", text(&verified.stderr));
    assert!(text(&verified.stdout).contains("sound, up to 6 seeds"));

    let tables = Tables::open(&path).unwrap();
    let mut rng = SplitMix64::new(3);
    let mut checked = 0;
    while checked < 40 {
        let mut board = [0i64; 14];
        for _ in 0..=rng.below(SEEDS as usize) {
            board[rng.below(14)] += 1;
        }
        let to_move = if rng.coin() { Seat::A } else { Seat::B };
        let mine = &board[to_move.index() * 7..to_move.index() * 7 + 7];
        if mine.iter().all(|&s| s == 0) {
            continue;
        }
        let on_board: i64 = board.iter().sum();
        let position = Position::new(&board[..7], &board[7..], [70 - on_board, 0], to_move).unwrap();
        let letter = if to_move == Seat::A { "A" } else { "B" };
        let (result, _) = analyze(&start(&board[..7], &board[7..], letter), Some(&path));
        let capture_difference = if to_move == Seat::A {
            70 - on_board
        } else {
            on_board - 70
        };
        assert_eq!(result["exact"], true, "{position}");
        assert_eq!(
            result["score"].as_i64().unwrap(),
            capture_difference + tables.probe(&position).unwrap() as i64,
            "{position}"
        );
        checked += 1;
    }
}

#[test]
fn without_tables_the_same_search_is_not_exact() {
    // 6 seeds spread so that depth 3 cannot reach the end.
    let start = start(&[1, 1, 1, 0, 0, 0, 0], &[1, 1, 1, 0, 0, 0, 0], "A");
    let (result, stderr) = analyze(&start, None);
    assert_eq!(result["exact"], false);
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn a_file_that_cannot_be_used_is_one_line_and_no_tables() {
    let dir = tempfile::tempdir().unwrap();
    let path = build(dir.path());
    let bytes = std::fs::read(&path).unwrap();
    let start = start(&[1, 1, 1, 0, 0, 0, 0], &[1, 1, 1, 0, 0, 0, 0], "A");
    let (with, _) = analyze(&start, Some(&path));
    assert_eq!(with["exact"], true);

    let truncated = dir.path().join("truncated.bin");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).unwrap();
    let not_tables = dir.path().join("not-tables.bin");
    std::fs::write(&not_tables, b"hello").unwrap();
    let missing = dir.path().join("missing.bin");
    for (file, says) in [
        (&truncated, "truncated"),
        (&not_tables, "not an endgame tables file"),
        (&missing, "cannot read"),
    ] {
        let (result, stderr) = analyze(&start, Some(file));
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("akon: AKON_TABLES: ")
                && stderr.contains(says)
                && stderr.contains("without endgame tables"),
            "{stderr}"
        );
        assert_eq!(result["exact"], false, "no tables: {file:?}");
    }

    // A value damaged inside the file: refused by verify, never given.
    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 0x20;
    let damaged_path = dir.path().join("damaged.bin");
    std::fs::write(&damaged_path, &damaged).unwrap();
    let verified = akon(&["tables", "verify", damaged_path.to_str().unwrap()], None);
    assert_eq!(verified.status.code(), Some(2));
    assert!(
        text(&verified.stderr).contains("fails its checksum"),
        "{}",
        text(&verified.stderr)
    );
}

#[test]
fn build_refuses_bad_seeds() {
    for bad in ["0", "41", "many"] {
        let out = akon(
            &["tables", "build", "--max-seeds", bad, "--out", "/nonexistent/t.bin"],
            None,
        );
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
    let out = akon(
        &["tables", "build", "--max-seeds", "2", "--out", "/nonexistent/dir/t.bin"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("cannot write /nonexistent/dir/t.bin"),
        "{}",
        text(&out.stderr)
    );
}

/// 6 seeds that depth 3 cannot play to the end: exact only with tables.
fn six_seeds() -> String {
    start(&[1, 1, 1, 0, 0, 0, 0], &[1, 1, 1, 0, 0, 0, 0], "A")
}

/// `akon analyze` of [`six_seeds`] at depth 3 with the tables akon builds
/// itself up to `seeds` seeds in `cache`, to run.
fn analyze_six_seeds(cache: &Path, seeds: u8) -> Command {
    akon_by_default(&["analyze", "--start", &six_seeds(), "--depth", "3"], cache, seeds)
}

/// What `analyze` printed, once it succeeded: the analysis and stderr.
fn analysis(mut command: Command) -> (Value, String) {
    let out = command.output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    (
        serde_json::from_str(text(&out.stdout).trim()).unwrap(),
        text(&out.stderr),
    )
}

fn analyze_by_default(cache: &Path, seeds: u8) -> (Value, String) {
    analysis(analyze_six_seeds(cache, seeds))
}

/// The score the tables give [`six_seeds`]: A has captured the 64 others.
fn six_seeds_exact_score(tables: &Tables) -> i64 {
    let a = [1, 1, 1, 0, 0, 0, 0];
    let position = Position::new(&a, &a, [64, 0], Seat::A).unwrap();
    64 + tables.probe(&position).unwrap() as i64
}

fn default_file(cache: &Path, seeds: u8) -> std::path::PathBuf {
    cache.join("akon").join(format!("akon-tables-{seeds}.bin"))
}

#[test]
fn without_akon_tables_analyze_builds_its_own_tables_once_and_uses_them() {
    let cache = tempfile::tempdir().unwrap();
    let (first, stderr) = analyze_by_default(cache.path(), SEEDS);
    let file = default_file(cache.path(), SEEDS);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with(&format!(
            "akon: building the endgame tables up to 6 seeds in {} (1 MB), once",
            file.display()
        )),
        "{stderr}"
    );
    let tables = Tables::open(&file).expect("the file is in the cache directory");
    tables.verify().unwrap();
    assert_eq!(first["exact"], true, "{first}");
    assert_eq!(first["score"].as_i64().unwrap(), six_seeds_exact_score(&tables));

    // Built once: the next run reads it and says nothing.
    let (again, stderr) = analyze_by_default(cache.path(), SEEDS);
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(again, first);
    let names: Vec<String> = std::fs::read_dir(cache.path().join("akon"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(
        !names.iter().any(|n| n.ends_with(".partial")),
        "no temporary file left: {names:?}"
    );
}

#[test]
fn a_damaged_or_truncated_default_file_is_built_again_and_never_used() {
    let cache = tempfile::tempdir().unwrap();
    let (sound, _) = analyze_by_default(cache.path(), SEEDS);
    let file = default_file(cache.path(), SEEDS);
    let bytes = std::fs::read(&file).unwrap();
    let truth = six_seeds_exact_score(&Tables::open(&file).unwrap());

    // Every value of the file turned into its opposite: a file used without
    // its checks would give the wrong score.
    let table_end = bytes.len() - akon::ai::tables::positions(SEEDS) as usize;
    let mut flipped = bytes.clone();
    for value in &mut flipped[table_end..] {
        *value = (*value as i8).wrapping_neg() as u8;
    }
    let truncated = bytes[..bytes.len() - 1000].to_vec();
    for (damage, says) in [(flipped, "fails its checksum"), (truncated, "truncated")] {
        std::fs::write(&file, &damage).unwrap();
        let (result, stderr) = analyze_by_default(cache.path(), SEEDS);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains(says) && stderr.contains("building the endgame tables up to 6 seeds"),
            "{stderr}"
        );
        assert_eq!(result, sound, "{says}");
        assert_eq!(result["score"].as_i64().unwrap(), truth);
        assert_eq!(std::fs::read(&file).unwrap(), bytes, "{says}: built again");
    }

    // What a build killed half-way leaves: a temporary file, never read.
    std::fs::remove_file(&file).unwrap();
    let partial = file.with_extension("bin.partial");
    std::fs::write(&partial, &bytes[..bytes.len() / 2]).unwrap();
    let (result, stderr) = analyze_by_default(cache.path(), SEEDS);
    assert!(stderr.contains("building the endgame tables"), "{stderr}");
    assert_eq!(result, sound);
    assert!(!partial.exists());
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
}

#[test]
fn two_processes_starting_at_once_build_the_default_tables_once() {
    // Big enough that the second starts while the first still builds.
    const BIGGER: u8 = 7;
    let cache = tempfile::tempdir().unwrap();
    let spawn = || {
        analyze_six_seeds(cache.path(), BIGGER)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (first, second) = (spawn(), spawn());
    let outputs = [first.wait_with_output().unwrap(), second.wait_with_output().unwrap()];
    let tables = Tables::open(&default_file(cache.path(), BIGGER)).unwrap();
    let mut builds = 0;
    for out in &outputs {
        assert!(out.status.success(), "{}", text(&out.stderr));
        builds += text(&out.stderr).matches("building the endgame tables").count();
        let result: Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
        assert_eq!(result["exact"], true, "{result}");
        assert_eq!(result["score"].as_i64().unwrap(), six_seeds_exact_score(&tables));
    }
    assert_eq!(builds, 1, "{:?}", outputs.map(|o| text(&o.stderr)));
}

#[test]
fn akon_tables_off_builds_nothing_and_searches_without() {
    let cache = tempfile::tempdir().unwrap();
    let off = |value: &str| {
        let mut command = analyze_six_seeds(cache.path(), SEEDS);
        command.env("AKON_TABLES", value);
        analysis(command)
    };
    let (result, stderr) = off("off");
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(result["exact"], false);
    assert!(!cache.path().join("akon").exists(), "nothing built");

    // Off also when the file is there.
    analyze_by_default(cache.path(), SEEDS);
    let (result, stderr) = off("OFF");
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(result["exact"], false);
}

#[test]
fn a_cache_directory_that_cannot_be_written_is_one_line_and_no_tables() {
    let dir = tempfile::tempdir().unwrap();
    // A file where the directory should be: nothing can be made under it.
    let blocked = dir.path().join("cache");
    std::fs::write(&blocked, b"").unwrap();
    let (result, stderr) = analyze_by_default(&blocked, SEEDS);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("akon: cannot build the endgame tables in ")
            && stderr.trim_end().ends_with("; searching without endgame tables"),
        "{stderr}"
    );
    assert_eq!(result["exact"], false);
}

#[test]
fn a_bad_size_for_the_default_tables_is_one_line_and_no_tables() {
    let cache = tempfile::tempdir().unwrap();
    let mut command = analyze_six_seeds(cache.path(), SEEDS);
    command.env("AKON_TABLES_SEEDS", "99");
    let (result, stderr) = analysis(command);
    assert_eq!(
        stderr.trim_end(),
        "akon: AKON_TABLES_SEEDS must be a whole number of seeds from 1 to 40, but it is `99`; \
         searching without endgame tables"
    );
    assert_eq!(result["exact"], false);
    assert!(!cache.path().join("akon").exists(), "nothing built");
}

#[test]
fn analyze_leaves_a_long_first_build_to_the_bot_and_searches_without() {
    let cache = tempfile::tempdir().unwrap();
    let (result, stderr) = analyze_by_default(cache.path(), 13);
    let file = default_file(cache.path(), 13);
    assert_eq!(
        stderr.trim(),
        format!(
            "akon: the endgame tables in {} are not built yet (`akon bot` and `akon play` build them); searching without them",
            file.display()
        )
    );
    assert_eq!(result["exact"], false, "{result}");
    assert!(!file.exists(), "nothing built");
}
