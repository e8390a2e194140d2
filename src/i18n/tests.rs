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

/// Each language's messages with the variables they choose words by.
fn selectors_of(language: Language) -> BTreeMap<String, BTreeSet<String>> {
    message_texts(source(language))
        .into_iter()
        .map(|(key, text)| (key.to_string(), selector_variables(&text)))
        .collect()
}

fn excepted(language: Language, key: &str, variable: &str) -> bool {
    NOT_COUNTS
        .iter()
        .any(|&(k, v, languages)| k == key && v == variable && languages.contains(&language))
}

/// A number a message chooses its words by in one language is a count in
/// every language: each must choose its words by it too, unless the
/// number is listed as no count there.
#[test]
fn a_count_has_plural_forms_in_every_language() {
    let all: Vec<_> = Language::ALL.iter().map(|&l| (l, selectors_of(l))).collect();
    let mut counts = 0;
    for (_, selectors) in &all {
        for (key, variables) in selectors {
            for variable in variables {
                counts += 1;
                for (language, theirs) in &all {
                    assert!(
                        theirs[key].contains(variable) || excepted(*language, key, variable),
                        "{language}: {key} says ${variable} without plural forms, as a count"
                    );
                }
            }
        }
    }
    assert!(counts > 40, "the scan found too few selectors: {counts}");
}

/// An exception is for a number that needs none: a listed number that
/// a language does choose its words by is not an exception there.
#[test]
fn every_exception_names_a_number_said_without_plural_forms() {
    let english = messages(source(Language::English));
    for &(key, variable, languages) in NOT_COUNTS {
        assert!(
            english.get(key).is_some_and(|v| v.contains(variable)),
            "{key} has no ${variable}"
        );
        for &language in languages {
            assert!(
                !selectors_of(language)[key].contains(variable),
                "{language} {key} chooses its words by ${variable}: no exception needed"
            );
        }
    }
}

/// The guard that counts a number said without plural forms: it lets
/// through counts with a selector and listed exceptions, nothing else.
#[test]
fn a_count_without_plural_forms_is_caught() {
    for language in Language::ALL {
        assert!(number_is_handled(language, "duration-days", "count"));
        assert!(number_is_handled(language, "game-ended", "moves"));
        assert!(number_is_handled(language, "board-title-move", "move"));
        assert!(!number_is_handled(language, "games-line", "game"));
        assert!(!number_is_handled(language, "apology", "count"));
    }
    assert!(number_is_handled(Language::French, "board-row-label", "captured"));
    assert!(!number_is_handled(Language::French, "board-row-label", "pieces"));
    assert_eq!(
        selector_variables("{ $a } { NUMBER($b, minimumFractionDigits: 1) ->\n [one] x\n *[other] y\n}"),
        BTreeSet::from(["b".to_string()])
    );
}

/// Every count of every message, said with 1, 2, 5, 21 and 400 000, in
/// every language: no formatting error, and the number written the
/// language's way.
#[test]
fn every_count_formats_with_any_number_in_every_language() {
    for language in Language::ALL {
        let texts = message_texts(source(language));
        for (key, text) in &texts {
            let variables = &messages(source(Language::English))[*key];
            // A selector by a word (`$status`, `$who`) has no plural forms.
            let counts = selector_variables(text).into_iter().filter(|_| text.contains("[one]"));
            for counted in counts {
                for n in [1, 2, 5, 21, 400_000] {
                    let mut args = FluentArgs::new();
                    for variable in variables {
                        args.set(variable.clone(), "x");
                    }
                    args.set(counted.clone(), n);
                    let said = format(language, key, &args).unwrap();
                    assert!(!said.contains('{'), "{language} {key}: {said}");
                    if language != Language::English {
                        assert_numbers_are_localised(language, &said);
                    }
                    // Some forms do not write the number ("keeps your holes 3, 4
                    // from a capture"); those that do write it grouped.
                    assert!(!said.contains("400000"), "{language} {key}: {said}");
                }
            }
        }
    }
}

/// Fails on a number a French or Spanish reader would not write: an
/// English decimal point (`1.5`) or five digits or more ungrouped
/// (`400000`). Discord markup (`<t:…:R>`, `<@…>`) is not read.
pub(crate) fn assert_numbers_are_localised(language: Language, text: &str) {
    let mut plain = String::new();
    let mut in_markup = false;
    for c in text.chars() {
        match c {
            '<' => in_markup = true,
            '>' if in_markup => in_markup = false,
            _ if !in_markup => plain.push(c),
            _ => {}
        }
    }
    let chars: Vec<char> = plain.chars().collect();
    let mut run = 0;
    for (at, &c) in chars.iter().enumerate() {
        run = if c.is_ascii_digit() { run + 1 } else { 0 };
        assert!(run < 5, "{language}: ungrouped thousands in `{text}`");
        if c == '.' && at > 0 && chars[at - 1].is_ascii_digit() {
            assert!(
                !chars.get(at + 1).is_some_and(|d| d.is_ascii_digit()),
                "{language}: an English decimal point in `{text}`"
            );
        }
    }
}

#[test]
fn the_number_check_catches_english_numbers() {
    for bad in ["perte moyenne 1.2 graines", "400000 positions", "sur 12345"] {
        let caught = std::panic::catch_unwind(|| assert_numbers_are_localised(Language::French, bad));
        assert!(caught.is_err(), "{bad}");
    }
    assert_numbers_are_localised(
        Language::French,
        "perte moyenne 1,2 graine · 400\u{202F}000 positions · cote 1612 · <t:1767225600:R> · <@123456789>",
    );
}

#[test]
fn numbers_are_written_the_languages_way() {
    let mean = |language, value: f64| {
        let mut args = FluentArgs::new();
        args.set("sign", "+");
        args.set("margin", decimal(value, 1));
        message(language, "stats-margin", &args)
    };
    assert_eq!(mean(Language::English, 1.25), "+1.3 seeds a game");
    assert_eq!(mean(Language::English, 1.0), "+1.0 seeds a game");
    assert_eq!(mean(Language::French, 1.25), "+1,3 graine par partie");
    assert_eq!(mean(Language::French, 2.0), "+2,0 graines par partie");
    assert_eq!(mean(Language::Spanish, 0.5), "+0,5 semillas por partida");
    assert_eq!(mean(Language::Spanish, 1.0), "+1,0 semilla por partida");
    let nodes = |language, n: u64| crate::tr!(language, "review-header", title = "T", nodes = n);
    assert_eq!(
        nodes(Language::English, 400_000),
        "T: each position searched to 400,000 positions."
    );
    assert_eq!(
        nodes(Language::French, 400_000),
        "T : chaque position explorée sur 400\u{202F}000 positions."
    );
    assert_eq!(
        nodes(Language::Spanish, 1_234_567),
        "T: cada posición explorada hasta 1\u{202F}234\u{202F}567 posiciones."
    );
    // Four digits stay together: a rating, not a quantity to read out.
    assert_eq!(
        crate::tr!(Language::French, "duration-seconds", count = 3600),
        "3600 secondes"
    );
    let minus = |value: f64| number_text(Language::French, &decimal(value, 1)).unwrap();
    assert_eq!(minus(-2.25), "−2,3");
    assert_eq!(minus(-0.01), "0,0");
}

/// The words before a relative timestamp that Discord's "in 3 days" /
/// "dans 3 jours" / "dentro de 3 días" cannot follow: prepositions, and
/// imperatives that would make it the time to act ("Joue dans 3 jours").
fn breaks_before_relative_time(language: Language) -> &'static [&'static str] {
    match language {
        Language::English => &[
            "by", "before", "until", "till", "in", "within", "at", "on", "after", "move", "play",
        ],
        Language::French => &[
            "avant", "dans", "jusqu'à", "d'ici", "en", "à", "après", "pour", "vers", "joue",
        ],
        Language::Spanish => &[
            "antes de",
            "dentro de",
            "de",
            "en",
            "hasta",
            "para",
            "a",
            "tras",
            "juega",
        ],
    }
}

/// The relative timestamp of `text` that follows a word from `words`.
fn relative_time_after(text: &str, words: &[&str]) -> Option<String> {
    for (at, _) in text.match_indices("<t:") {
        let is_relative = text[at..]
            .find('>')
            .is_some_and(|end| text[at..at + end].ends_with(":R"));
        if !is_relative {
            continue;
        }
        let before = text[..at].trim_end().trim_end_matches('(').trim_end().to_lowercase();
        for word in words {
            let ends = before.strip_suffix(word);
            if ends.is_some_and(|rest| rest.is_empty() || rest.ends_with([' ', '(', '\n', '*'])) {
                return Some(format!("{word} <t:…:R>"));
            }
        }
    }
    None
}

#[test]
fn no_relative_time_follows_a_word_it_cannot_follow() {
    for language in Language::ALL {
        for (key, text) in message_texts(source(language)) {
            let found = relative_time_after(&text, breaks_before_relative_time(language));
            assert_eq!(found, None, "{language} {key}: {text}");
        }
    }
    assert!(relative_time_after(
        "(avant <t:{ $deadline }:R>)",
        breaks_before_relative_time(Language::French)
    )
    .is_some());
    assert!(relative_time_after("Juega <t:1:R> o", breaks_before_relative_time(Language::Spanish)).is_some());
    assert!(relative_time_after("(antes de <t:1:R>)", breaks_before_relative_time(Language::Spanish)).is_some());
    assert!(relative_time_after(
        "el desafío caduca <t:1:R>",
        breaks_before_relative_time(Language::Spanish)
    )
    .is_none());
    assert!(relative_time_after("commencée le <t:1:f>", breaks_before_relative_time(Language::French)).is_none());
}

/// A command a message tells the player to type is named in the
/// message's language, as Discord shows it to them (`/akon statistiques`,
/// not `/akon stats`).
#[test]
fn every_command_named_in_a_message_is_named_in_its_language() {
    for language in Language::ALL {
        let texts = message_texts(source(language));
        let names: BTreeSet<String> = texts
            .iter()
            .filter(|(key, _)| key.starts_with("cmd-") && key.ends_with("-name"))
            .map(|(_, text)| text.trim().to_string())
            .collect();
        let mut named = 0;
        for (key, text) in texts.iter().filter(|(key, _)| !key.starts_with("cmd-")) {
            for (at, _) in text.match_indices("/akon ") {
                let word: String = text[at + 6..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                    .collect();
                assert!(names.contains(&word), "{language} {key}: `/akon {word}`");
                named += 1;
            }
        }
        assert!(named >= 8, "{language}: only {named} commands named");
    }
}
