//! The documentation as a reader meets it: every `akon …` example in the
//! README and the other Markdown files runs as written against the built
//! binary, and prints what the page shows; every code fence is closed and
//! names its language, so that no example breaks the page around it; every
//! relative link leads to a file and a heading that exist.
//!
//! Examples are the command lines of `sh`, `console` and `bash` fences whose
//! first word is `akon` or that pipe into `akon`. In a `console` fence a
//! command follows `$ ` and the lines after it, up to the next `$ ` or the
//! end of the fence, are its expected standard output (compared exactly, so
//! only deterministic commands belong there: a node budget, a `--seed`).
//! Each runs through `sh -c` with the built `akon` first on `PATH`, in an
//! empty directory, with standard input empty and no locale variables (so in
//! English), and `AKON_TABLES=off` (the pages show the search without the
//! endgame tables, which a first run would otherwise build); it must exit
//! with status 0.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Examples that cannot run here, by their first words, and why: the bot
/// itself needs a Discord token and a network.
const NOT_RUN: &[(&str, &str)] = &[
    ("akon bot", "runs the Discord bot: needs a token and Discord"),
    ("akon", "with no subcommand, runs the Discord bot"),
];

/// The fewest examples the documentation holds; fewer means the extraction
/// broke, not that the docs lost their examples.
const AT_LEAST: usize = 15;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Markdown files of the repository root and of `docs/`.
fn markdown_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in [root(), root().join("docs")] {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.iter().any(|f| f.ends_with("README.md")), "{files:?}");
    files
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root()).unwrap().display().to_string()
}

/// A fenced code block: its info string, its lines and where it starts.
struct Fence {
    info: String,
    lines: Vec<String>,
    line: usize,
}

/// An opening or closing fence line: its character, length and info string.
fn fence_marker(line: &str) -> Option<(char, usize, &str)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = &line[indent..];
    let mark = rest.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let length = rest.chars().take_while(|c| *c == mark).count();
    (length >= 3).then(|| (mark, length, rest[length..].trim()))
}

/// The fences of a Markdown text, as CommonMark reads them; an error for a
/// fence left open at the end of the file.
fn fences(text: &str) -> Result<Vec<Fence>, String> {
    let mut fences = Vec::new();
    let mut open: Option<(char, usize, Fence)> = None;
    for (number, line) in text.lines().enumerate() {
        match &mut open {
            None => {
                if let Some((mark, length, info)) = fence_marker(line) {
                    let fence = Fence {
                        info: info.to_string(),
                        lines: Vec::new(),
                        line: number + 1,
                    };
                    open = Some((mark, length, fence));
                }
            }
            Some((mark, length, fence)) => match fence_marker(line) {
                Some((m, l, "")) if m == *mark && l >= *length => {
                    fences.push(open.take().unwrap().2);
                }
                _ => fence.lines.push(line.to_string()),
            },
        }
    }
    match open {
        Some((_, _, fence)) => Err(format!("the fence opened on line {} is never closed", fence.line)),
        None => Ok(fences),
    }
}

/// One example: the command line, the output the page shows (for a
/// `console` fence), and where it is.
struct Example {
    command: String,
    expected: Option<String>,
    place: String,
}

fn is_akon(command: &str) -> bool {
    command == "akon" || command.starts_with("akon ") || command.contains("| akon ")
}

fn examples(file: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut examples = Vec::new();
    for fence in fences(&text).unwrap() {
        let place = format!("{}:{}", relative(file), fence.line);
        match fence.info.as_str() {
            "sh" | "bash" | "shell" => {
                for line in &fence.lines {
                    let command = line.trim();
                    if is_akon(command) {
                        examples.push(Example {
                            command: command.to_string(),
                            expected: None,
                            place: place.clone(),
                        });
                    }
                }
            }
            "console" => {
                let mut current: Option<(String, Vec<String>)> = None;
                let mut finish = |current: Option<(String, Vec<String>)>| {
                    if let Some((command, output)) = current {
                        if is_akon(&command) {
                            examples.push(Example {
                                command,
                                expected: Some(output.join("\n")),
                                place: place.clone(),
                            });
                        }
                    }
                };
                for line in &fence.lines {
                    if let Some(command) = line.strip_prefix("$ ") {
                        finish(current.take());
                        current = Some((command.to_string(), Vec::new()));
                    } else if let Some((_, output)) = &mut current {
                        output.push(line.clone());
                    }
                }
                finish(current);
            }
            _ => {}
        }
    }
    examples
}

/// The reason an example is not run, if it is on [`NOT_RUN`].
fn not_run(command: &str) -> Option<&'static str> {
    // Up to a comment or the end of the command's options.
    let words: Vec<&str> = command
        .split('#')
        .next()
        .unwrap()
        .split_whitespace()
        .take_while(|w| !w.starts_with('-'))
        .collect();
    NOT_RUN
        .iter()
        .find(|(prefix, _)| words.join(" ") == *prefix || (words.len() > 1 && words[..2].join(" ") == *prefix))
        .map(|(_, why)| *why)
}

fn run(example: &Example, dir: &Path) -> Result<(), String> {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_akon"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = Command::new("sh")
        .arg("-c")
        .arg(&example.command)
        .current_dir(dir)
        .env("PATH", path)
        .env("AKON_TABLES", "off")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run sh: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(format!(
            "{}: `{}` exited with {}\nstdout:\n{stdout}\nstderr:\n{stderr}",
            example.place, example.command, output.status
        ));
    }
    if let Some(expected) = &example.expected {
        if stdout.trim_end() != expected.trim_end() {
            return Err(format!(
                "{}: `{}` printed\n{stdout}\nwhere the page shows\n{expected}",
                example.place, example.command
            ));
        }
    }
    Ok(())
}

#[test]
fn every_akon_example_in_the_docs_runs_as_written() {
    let all: Vec<Example> = markdown_files().iter().flat_map(|f| examples(f)).collect();
    let (skipped, runnable): (Vec<&Example>, Vec<&Example>) = all.iter().partition(|e| not_run(&e.command).is_some());
    for example in &skipped {
        eprintln!(
            "not run: {} `{}` ({})",
            example.place,
            example.command,
            not_run(&example.command).unwrap()
        );
    }
    assert!(
        runnable.len() >= AT_LEAST,
        "only {} examples found: {:?}",
        runnable.len(),
        runnable.iter().map(|e| &e.command).collect::<Vec<_>>()
    );
    assert!(
        runnable.iter().filter(|e| e.expected.is_some()).count() >= 3,
        "the transcripts are compared"
    );
    let dir = tempfile::tempdir().unwrap();
    // Two at a time: the review example alone searches for seconds.
    let failures: Vec<String> = std::thread::scope(|scope| {
        let chunks: Vec<Vec<&Example>> = (0..2)
            .map(|i| runnable.iter().skip(i).step_by(2).copied().collect())
            .collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                let dir = dir.path();
                scope.spawn(move || chunk.iter().filter_map(|e| run(e, dir).err()).collect::<Vec<_>>())
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(left.is_empty(), "the examples wrote files: {left:?}");
}

#[test]
fn the_examples_that_are_not_run_are_exactly_the_bot() {
    assert_eq!(not_run("akon"), Some(NOT_RUN[1].1));
    assert_eq!(not_run("akon bot"), Some(NOT_RUN[0].1));
    assert_eq!(not_run("akon   # the bot"), Some(NOT_RUN[1].1));
    for runnable in [
        "akon play --first B",
        "akon perft 7",
        "printf '3\\n' | akon play --hotseat",
    ] {
        assert_eq!(not_run(runnable), None, "{runnable}");
    }
}

#[test]
fn every_code_fence_is_closed_and_names_its_language() {
    for file in markdown_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let fences = fences(&text).unwrap_or_else(|e| panic!("{}: {e}", relative(&file)));
        for fence in fences {
            // A fence without a language is most often a closing fence that
            // an inner ``` turned into an opening one.
            assert!(
                !fence.info.is_empty(),
                "{}:{}: a code fence without a language (```text, ```sh, …)",
                relative(&file),
                fence.line
            );
        }
    }
}

#[test]
fn the_fence_reader_sees_an_inner_fence_as_the_end_of_a_shorter_one() {
    let broken = "```console\n$ akon review\n```\ngraph\n```\n```\n";
    let read = fences(broken).unwrap();
    assert_eq!(read.len(), 2);
    assert_eq!(read[1].info, "", "the inner fence's end opens a bare fence");
    let kept = "````console\n$ akon review\n```\ngraph\n```\n````\n";
    let read = fences(kept).unwrap();
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].lines.len(), 4);
    assert!(fences("```sh\nakon perft 7\n").is_err());
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces
/// as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The lines of a Markdown text outside its code fences.
fn prose(text: &str) -> Vec<&str> {
    let mut open: Option<(char, usize)> = None;
    let mut lines = Vec::new();
    for line in text.lines() {
        match (open, fence_marker(line)) {
            (None, Some((mark, length, _))) => open = Some((mark, length)),
            (None, None) => lines.push(line),
            (Some((mark, length)), Some((m, l, ""))) if m == mark && l >= length => open = None,
            (Some(_), _) => {}
        }
    }
    lines
}

fn anchors(text: &str) -> BTreeSet<String> {
    prose(text)
        .into_iter()
        .filter(|line| line.starts_with('#'))
        .map(|line| anchor(line.trim_start_matches('#')))
        .collect()
}

#[test]
fn every_relative_link_leads_to_a_file_and_a_heading() {
    let mut checked = 0;
    for file in markdown_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let prose = prose(&text).join("\n");
        for (at, _) in prose.match_indices("](") {
            let rest = &prose[at + 2..];
            let target = &rest[..rest.find(')').unwrap()];
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, fragment) = target.split_once('#').unwrap_or((target, ""));
            let linked = if path.is_empty() {
                file.clone()
            } else {
                file.parent().unwrap().join(path)
            };
            assert!(
                linked.exists(),
                "{}: a link to {target}, which does not exist",
                relative(&file)
            );
            if !fragment.is_empty() {
                let linked_text = std::fs::read_to_string(&linked).unwrap();
                assert!(
                    anchors(&linked_text).contains(fragment),
                    "{}: a link to {target}, whose heading does not exist",
                    relative(&file)
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 20, "only {checked} links found");
}

#[test]
fn ci_runs_the_same_script_and_the_minimum_rust_version_of_cargo_toml() {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let version = manifest
        .lines()
        .find_map(|l| l.strip_prefix("rust-version = "))
        .expect("Cargo.toml names its rust-version")
        .trim_matches('"');
    let workflow = std::fs::read_to_string(root().join(".github/workflows/ci.yml")).unwrap();
    assert!(workflow.contains("run: .ci/run"), "{workflow}");
    assert!(
        workflow.contains(&format!("dtolnay/rust-toolchain@{version}")),
        "the MSRV job runs {version}: {workflow}"
    );
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(
        readme.contains(&format!("({version} or later)")),
        "the README names {version}"
    );
}
