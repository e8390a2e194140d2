//! The load benchmark (`examples/load.rs`) runs end to end at small rates,
//! so that it cannot rot unnoticed: each part must answer every press, and
//! the run must end with its own check that every acknowledged move is
//! stored exactly once (the example fails otherwise).
//!
//! `cargo test` builds the examples before it runs any test; run alone
//! (`cargo test --test suite load_benchmark::`), build the example first with
//! `cargo build --example load` (and `http_load`, `web_load`).

use std::path::PathBuf;
use std::process::Command;

/// Example `name`'s binary, beside the `akon` binary.
fn example(name: &str) -> PathBuf {
    let akon = PathBuf::from(env!("CARGO_BIN_EXE_akon"));
    let example = akon
        .parent()
        .expect("the binary is in a directory")
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        example.exists(),
        "{} is not built: run `cargo test` (which builds the examples) or `cargo build --example {name}`",
        example.display()
    );
    example
}

/// Runs the example with `args` (separated by spaces); its standard
/// output, once it succeeded.
fn run(args: &str) -> String {
    let args: Vec<&str> = args.split_whitespace().collect();
    run_example("load", &args, "warn,serenity=off")
}

/// Runs example `name` with `args` and `RUST_LOG` set to `log`; its
/// standard output, once it succeeded.
fn run_example(name: &str, args: &[&str], log: &str) -> String {
    let output = Command::new(example(name))
        .args(args)
        .env("NO_PROXY", "127.0.0.1,localhost")
        .env("RUST_LOG", log)
        .output()
        .expect("the example starts");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "the example failed ({}):\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// The rows of the table titled `title`: offered, moves/s and errors.
fn table(stdout: &str, title: &str) -> Vec<(u32, f64, u64)> {
    let start = stdout
        .find(title)
        .unwrap_or_else(|| panic!("no table {title:?} in:\n{stdout}"));
    stdout[start..]
        .lines()
        .skip_while(|line| !line.starts_with("|---"))
        .skip(1)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            // | offered | moves/s | latencies… | errors | no game ready | …
            let errors_at = cells.len() - if title.contains("service") { 4 } else { 5 };
            (
                cells[1].parse().expect("offered"),
                cells[2].parse().expect("moves/s"),
                cells[errors_at].parse().expect("errors"),
            )
        })
        .collect()
}

/// The one step of the table titled `title` kept up (more than half the
/// offered presses became moves) and every press was answered.
fn assert_one_step_answered(stdout: &str, title: &str) {
    let rows = table(stdout, title);
    assert_eq!(rows.len(), 1, "{title}: {stdout}");
    let (offered, achieved, errors) = rows[0];
    assert!(achieved > f64::from(offered) / 2.0, "{title}: {stdout}");
    assert_eq!(errors, 0, "{title}: {stdout}");
}

#[test]
fn the_service_and_the_whole_bot_answer_every_press_and_store_each_move_once() {
    let stdout = run("--service-games 20 --service-rates 100 --games 10 --bot-rates 40 --seconds 1.5");
    assert_one_step_answered(&stdout, "The service alone");
    assert_one_step_answered(&stdout, "The whole bot");
    let checks = stdout
        .matches("acknowledged moves are stored exactly once, and no other")
        .count();
    assert_eq!(checks, 2, "each part checks its moves: {stdout}");
}

#[test]
fn the_floor_answers_every_press_with_the_bots_two_calls() {
    let stdout = run("--only floor --games 10 --bot-rates 40 --seconds 1.5");
    assert_one_step_answered(&stdout, "The floor");
    assert!(!stdout.contains("The service alone"), "{stdout}");
}

/// At a low rate: a test build draws a picture in a tenth of a second.
#[test]
fn with_pictures_the_whole_bot_uploads_a_drawn_board_for_every_move() {
    let stdout = run("--only bot --pictures --games 10 --bot-rates 2 --seconds 3");
    assert_one_step_answered(&stdout, "boards as pictures");
    let counts = stdout
        .lines()
        .find_map(|line| line.strip_prefix("Board pictures: "))
        .unwrap_or_else(|| panic!("no picture counts in {stdout}"));
    let drawn: u64 = counts.split(' ').next().unwrap().parse().unwrap();
    // The games' first boards, then one a move.
    assert!(drawn >= 12, "{stdout}");
}

/// The web view's benchmark (`examples/web_load.rs`) at a small rate: it
/// fails if a page is not served or a request fails.
#[test]
fn the_web_benchmark_runs_end_to_end() {
    let args: Vec<&str> = "--games 1 --review-nodes 500 --rate 20 --seconds 1"
        .split_whitespace()
        .collect();
    let stdout = run_example("web_load", &args, "warn");
    for line in ["render", "read + render", "HTTP 20/s", "20 requests offered"] {
        assert!(stdout.contains(line), "{line}: {stdout}");
    }
}

/// The HTTP mode's benchmark (`examples/http_load.rs`) at small rates, on
/// the test build's `akon`: it fails if a press goes unanswered or is
/// answered twice, or if the moves table disagrees with the presses.
#[test]
#[ignore = "needs PostgreSQL and HAProxy: apt-get install haproxy; AKON_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres cargo test -- --include-ignored"]
fn the_http_benchmark_runs_end_to_end() {
    let server = crate::support::db::postgres_server().expect("AKON_TEST_POSTGRES_URL names the server");
    let mut args = vec!["--postgres", &server, "--akon", env!("CARGO_BIN_EXE_akon")];
    args.extend(
        "--games 8 --kill-processes 3 --kill-rate 20 --kill-seconds 7 --kill-every 3 --processes 1 --rates 20 --seconds 2"
            .split_whitespace(),
    );
    let stdout = run_example("http_load", &args, "warn");
    for line in [
        "3 processes, 2 kills",
        "answered differently: 0",
        "acknowledged but not stored: 0",
        "| 1 | ",
    ] {
        assert!(stdout.contains(line), "{line}: {stdout}");
    }
}
