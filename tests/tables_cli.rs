//! The endgame tables through the real `akon` binary: `akon tables build`
//! and `verify`, and `akon analyze` finding them through `AKON_TABLES`:
//! exact scores equal to the tables on random positions, and a file it
//! cannot use said in one line, the search going on without it.

use std::path::Path;
use std::process::{Command, Output};

use akon::ai::tables::Tables;
use akon::engine::{Position, Seat};
use akon::random::SplitMix64;
use serde_json::{json, Value};

const SEEDS: u8 = 6;

fn akon(args: &[&str], tables: Option<&Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_akon"));
    command.args(args).env("RUST_BACKTRACE", "1").env_remove("AKON_TABLES");
    if let Some(path) = tables {
        command.env("AKON_TABLES", path);
    }
    command.output().expect("the akon binary runs")
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
