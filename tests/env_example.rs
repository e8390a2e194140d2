//! `.env.example` lists every environment variable the code reads, each
//! once, with its default, and nothing the code does not read.
//!
//! The variables read are found in the sources (outside their test
//! modules): the string literals of the settings' families (`AKON_`,
//! `DISCORD_`, `DATABASE_`), the literal names passed to `env::var` and
//! `env::var_os`, and for the few reads without a literal name — a list
//! iterated, a library reading its own variable — the names this file
//! gives for them in [`INDIRECT`]. A new read of either kind that this file
//! does not know fails the test, so that `.env.example` follows.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Reads whose variable is not a literal at the call: the code that reads,
/// as it appears in the source, and the variables it reads.
const INDIRECT: &[(&str, &[&str])] = &[
    // Where the tables akon builds itself go (`cli/default_tables.rs`);
    // before the next entry, which its line contains too.
    (
        "cache_directory(|name| std::env::var(name)",
        &["XDG_CACHE_HOME", "HOME"],
    ),
    // `Language::from_environment`: the terminal game's language.
    ("std::env::var(name)", &["LC_ALL", "LC_MESSAGES", "LANG"]),
    // `Config::load`: the settings, by name through `from_lookup` (their
    // names are the literals of the families, found on their own).
    ("env::var(name).ok().filter", &[]),
    // tracing-subscriber's `EnvFilter` reads `RUST_LOG`.
    ("EnvFilter::try_from_default_env", &["RUST_LOG"]),
    // The bot lists the environment to warn about misspelt settings; it
    // reads no variable by name.
    ("std::env::vars_os()", &[]),
    // Where the tables akon builds itself go (`cli/default_tables.rs`).
    (
        "cache_directory(|name| std::env::var(name)",
        &["XDG_CACHE_HOME", "HOME"],
    ),
    // `.env` itself sets variables; it reads none.
    ("dotenvy::dotenv()", &[]),
];

/// The calls that read the environment.
const READS: &[&str] = &[
    "env::var(",
    "env::var_os(",
    "env::vars(",
    "env::vars_os(",
    "from_default_env",
    "dotenvy::",
];

const FAMILIES: &[&str] = &["AKON_", "DISCORD_", "DATABASE_"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, into: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

/// A source file without its test module (`#[cfg(test)]` to the end, as
/// this crate writes them) and without files that are test modules.
fn code(path: &Path) -> Option<String> {
    if path.file_name().is_some_and(|n| n == "tests.rs") || path.ends_with("discord/command_properties.rs") {
        return None;
    }
    let text = std::fs::read_to_string(path).unwrap();
    Some(match text.find("#[cfg(test)]") {
        Some(at) => text[..at].to_string(),
        None => text,
    })
}

/// The string literals of `text` (no raw strings or escapes needed here).
fn literals(text: &str) -> Vec<&str> {
    text.split('"').skip(1).step_by(2).collect()
}

fn is_variable_name(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        && s.starts_with(|c: char| c.is_ascii_uppercase())
        && !s.ends_with('_')
}

/// Every variable the code reads, with a file that reads it.
fn variables_read() -> BTreeMap<String, String> {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    files.sort();
    let mut read = BTreeMap::new();
    let mut unknown_reads = Vec::new();
    for file in &files {
        let Some(code) = code(file) else { continue };
        let name = file.strip_prefix(root()).unwrap().display().to_string();
        for literal in literals(&code) {
            if is_variable_name(literal) && FAMILIES.iter().any(|f| literal.starts_with(f)) {
                read.insert(literal.to_string(), name.clone());
            }
        }
        for line in code.lines() {
            let line = line.trim();
            if line.starts_with("//") || !READS.iter().any(|r| line.contains(r)) {
                continue;
            }
            // A literal name at the call: `env::var_os("NO_COLOR")`.
            let at_call: Vec<&str> = READS
                .iter()
                .filter_map(|r| line.split_once(r))
                .filter_map(|(_, rest)| rest.strip_prefix('"'))
                .filter_map(|rest| rest.split_once('"'))
                .map(|(name, _)| name)
                .filter(|name| is_variable_name(name))
                .collect();
            if !at_call.is_empty() {
                for variable in at_call {
                    read.insert(variable.to_string(), name.clone());
                }
                continue;
            }
            match INDIRECT.iter().find(|(call, _)| line.contains(call)) {
                Some((_, variables)) => {
                    for variable in *variables {
                        read.insert(variable.to_string(), name.clone());
                    }
                }
                None => unknown_reads.push(format!("{name}: {line}")),
            }
        }
    }
    assert!(
        unknown_reads.is_empty(),
        "reads of the environment this test does not know; add them to INDIRECT with the variables \
         they read, and those to .env.example:\n{}",
        unknown_reads.join("\n")
    );
    read
}

/// The variables `.env.example` lists (`NAME=…` or `# NAME=…`), each with
/// how many times it is listed and the comment above it.
fn listed() -> BTreeMap<String, (usize, String)> {
    let text = std::fs::read_to_string(root().join(".env.example")).unwrap();
    let mut listed: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let mut comment = String::new();
    for line in text.lines() {
        let setting = line.trim_start_matches('#').trim_start();
        match setting.split_once('=') {
            Some((name, _)) if is_variable_name(name) => {
                let entry = listed.entry(name.to_string()).or_default();
                entry.0 += 1;
                entry.1 = comment.clone();
            }
            _ if line.trim().is_empty() => comment.clear(),
            _ => {
                comment.push_str(setting);
                comment.push('\n');
            }
        }
    }
    listed
}

#[test]
fn every_variable_the_code_reads_is_listed_once_with_its_default() {
    let read = variables_read();
    let listed = listed();
    for must in [
        "DISCORD_TOKEN",
        "DATABASE_URL",
        "AKON_SHARDS",
        "RUST_LOG",
        "NO_COLOR",
        "LANG",
    ] {
        assert!(read.contains_key(must), "the search no longer finds {must}: {read:?}");
    }
    let missing: Vec<String> = read
        .iter()
        .filter(|(name, _)| !listed.contains_key(*name))
        .map(|(name, file)| format!("{name} (read in {file})"))
        .collect();
    assert!(missing.is_empty(), ".env.example does not list {missing:?}");
    for (name, (times, comment)) in &listed {
        assert_eq!(*times, 1, "{name} is listed {times} times in .env.example");
        assert!(
            comment.contains("Default") || name == "DISCORD_TOKEN",
            "{name}'s comment in .env.example gives no default:\n{comment}"
        );
    }
}

#[test]
fn env_example_lists_nothing_the_code_does_not_read() {
    let read = variables_read();
    let listed = listed();
    let extra: BTreeSet<&String> = listed.keys().filter(|name| !read.contains_key(*name)).collect();
    assert!(
        extra.is_empty(),
        ".env.example lists variables the code never reads: {extra:?}"
    );
}

#[test]
fn env_example_says_postgresql_is_accepted() {
    let text = std::fs::read_to_string(root().join(".env.example")).unwrap();
    assert!(text.contains("postgres://"), "{text}");
    assert!(!text.contains("PostgreSQL, …) are refused"), "{text}");
    // What it says is accepted, the configuration accepts.
    let accepted = akon::config::Config::from_lookup(|name| match name {
        "DISCORD_TOKEN" => Some("MTIz.NDU2.Nzg5".to_string()),
        "DATABASE_URL" => Some("postgres://akon:PASSWORD@127.0.0.1:5432/akon".to_string()),
        _ => None,
    });
    assert!(accepted.is_ok(), "{:?}", accepted.err());
}
