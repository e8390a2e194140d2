//! The three resources say the same things: the same messages, each with
//! the same variables; and every message the code asks for exists.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::*;

/// Each message of a Fluent source with the variables it uses. A message
/// starts at a line `key =` in the first column; its pattern runs until
/// the next message or comment.
fn messages(source: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut messages: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in source.lines() {
        let starts_message = line.starts_with(|c: char| c.is_ascii_lowercase()) && line.contains('=');
        if starts_message {
            let key = line.split('=').next().unwrap().trim().to_string();
            assert!(
                messages.insert(key.clone(), BTreeSet::new()).is_none(),
                "{key} appears twice"
            );
            current = Some(key);
        } else if line.starts_with('#') {
            current = None;
            continue;
        }
        let Some(key) = &current else { continue };
        let text = if starts_message {
            line.split_once('=').unwrap().1
        } else {
            line
        };
        let mut rest = text;
        while let Some(at) = rest.find('$') {
            let name: String = rest[at + 1..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                .collect();
            messages.get_mut(key).unwrap().insert(name.clone());
            rest = &rest[at + 1 + name.len()..];
        }
    }
    messages
}

#[test]
fn every_resource_parses_and_loads() {
    for language in Language::ALL {
        assert!(has_message(language, "apology"), "{language}");
    }
}

#[test]
fn every_language_has_the_same_messages_with_the_same_variables() {
    let english = messages(source(Language::English));
    assert!(
        english.len() > 100,
        "the English resource looks empty: {}",
        english.len()
    );
    for language in [Language::French, Language::Spanish] {
        let other = messages(source(language));
        let missing: Vec<_> = english.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<_> = other.keys().filter(|k| !english.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{language} lacks {missing:?}");
        assert!(extra.is_empty(), "{language} has messages English lacks: {extra:?}");
        for (key, variables) in &english {
            assert_eq!(&other[key], variables, "{language}: {key} takes other variables");
        }
        // Fluent itself agrees on the keys.
        for key in english.keys() {
            assert!(has_message(language, key), "{language} cannot load {key}");
        }
    }
}

#[test]
fn the_parity_check_catches_a_missing_variable() {
    let english = messages("a = { $x } and { $y }\nb = plain\n");
    let other = messages("a = { $x } only\nb = plain\n");
    assert_ne!(english["a"], other["a"]);
    assert_eq!(english["b"], other["b"]);
}

/// Every key the code passes to `tr!` (its first literal), and every key
/// literal of the command's `option!` declarations.
fn keys_used_in(dir: &Path, keys: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            keys_used_in(&path, keys);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let code = std::fs::read_to_string(&path).unwrap();
            // Calls in comments and doc examples are not the code's.
            let in_comment = |at: usize| code[..at].rsplit('\n').next().unwrap().trim_start().starts_with("//");
            for (at, _) in code.match_indices("tr!(").filter(|&(at, _)| !in_comment(at)) {
                let call = &code[at + 4..];
                let Some(comma) = call.find(',') else { continue };
                let after = call[comma + 1..].trim_start();
                if let Some(literal) = after.strip_prefix('"') {
                    keys.insert(literal[..literal.find('"').unwrap()].to_string());
                }
            }
            for (at, _) in code.match_indices("option!(").filter(|&(at, _)| !in_comment(at)) {
                let call = &code[at..];
                let call = &call[..call.find(')').unwrap_or(call.len())];
                for literal in call.split('"').skip(1).step_by(2) {
                    if literal.contains('-') {
                        keys.insert(literal.to_string());
                    }
                }
            }
        }
    }
}

#[test]
fn every_key_the_code_uses_exists_and_every_message_is_used() {
    let mut used = BTreeSet::new();
    keys_used_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut used);
    assert!(used.len() > 100, "the scan found too few keys: {}", used.len());
    let missing: Vec<_> = used.iter().filter(|k| !has_message(Language::English, k)).collect();
    assert!(
        missing.is_empty(),
        "the code uses messages no resource has: {missing:?}"
    );
    let unused: Vec<_> = messages(source(Language::English))
        .into_keys()
        .filter(|k| !used.contains(k))
        .collect();
    assert!(unused.is_empty(), "messages no code uses: {unused:?}");
}

#[test]
fn discord_locales_map_to_the_three_languages() {
    assert_eq!(Language::from_discord_locale("fr"), Language::French);
    assert_eq!(Language::from_discord_locale("es-ES"), Language::Spanish);
    assert_eq!(Language::from_discord_locale("es-419"), Language::Spanish);
    assert_eq!(Language::from_discord_locale("en-US"), Language::English);
    assert_eq!(Language::from_discord_locale("en-GB"), Language::English);
    assert_eq!(Language::from_discord_locale("de"), Language::English);
    assert_eq!(Language::from_discord_locale("pt-BR"), Language::English);
}

#[test]
fn posix_locales_map_to_the_three_languages() {
    assert_eq!(Language::from_posix_locale("fr_FR.UTF-8"), Language::French);
    assert_eq!(Language::from_posix_locale("fr_CM"), Language::French);
    assert_eq!(Language::from_posix_locale("es_GQ.UTF-8"), Language::Spanish);
    assert_eq!(Language::from_posix_locale("en_US.UTF-8"), Language::English);
    assert_eq!(Language::from_posix_locale("C.UTF-8"), Language::English);
    assert_eq!(Language::from_posix_locale(""), Language::English);
}

#[test]
fn plurals_follow_each_language() {
    let days = |language, count: i64| crate::tr!(language, "duration-days", count = count);
    assert_eq!(days(Language::English, 1), "1 day");
    assert_eq!(days(Language::English, 3), "3 days");
    assert_eq!(days(Language::French, 1), "1 jour");
    assert_eq!(days(Language::French, 7), "7 jours");
    assert_eq!(days(Language::Spanish, 1), "1 día");
    assert_eq!(days(Language::Spanish, 3), "3 días");
}

#[test]
fn a_missing_message_is_noticed() {
    // `message` would count it as a fallback; `format` is what notices.
    assert_eq!(format(Language::French, "no-such-message", &FluentArgs::new()), None);
    assert!(format(Language::French, "apology", &FluentArgs::new()).is_some());
}

#[test]
fn no_rules_section_is_longer_than_a_discord_message() {
    for language in Language::ALL {
        for key in ["rules-board", "rules-move", "rules-captures", "rules-end"] {
            let text = message(language, key, &FluentArgs::new());
            assert!(
                text.chars().count() <= 2000,
                "{language} {key}: {}",
                text.chars().count()
            );
            assert!(!text.contains('\u{2068}'), "isolation marks in {language} {key}");
        }
    }
}
