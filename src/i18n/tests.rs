//! The resources say the same things: the same messages, each with
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
    for language in Language::ALL.into_iter().filter(|&l| l != Language::English) {
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
            // The slash command's declaration table names its words by key.
            for (at, _) in code.match_indices("\"cmd-").filter(|&(at, _)| !in_comment(at)) {
                let literal = &code[at + 1..];
                let key = &literal[..literal.find('"').unwrap()];
                // A prefix (`"cmd-"`) is no key.
                if !key.ends_with('-') {
                    keys.insert(key.to_string());
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
fn discord_locales_map_to_the_languages() {
    assert_eq!(Language::from_discord_locale("fr"), Language::French);
    assert_eq!(Language::from_discord_locale("es-ES"), Language::Spanish);
    assert_eq!(Language::from_discord_locale("es-419"), Language::Spanish);
    assert_eq!(Language::from_discord_locale("en-US"), Language::English);
    assert_eq!(Language::from_discord_locale("en-GB"), Language::English);
    assert_eq!(Language::from_discord_locale("de"), Language::English);
    assert_eq!(Language::from_discord_locale("pt-BR"), Language::Portuguese);
    assert_eq!(Language::from_discord_locale("pt-PT"), Language::English);
    for language in Language::ALL {
        for &locale in language.discord_locales() {
            assert_eq!(Language::from_discord_locale(locale), language, "{locale}");
        }
    }
}

#[test]
fn posix_locales_map_to_the_languages() {
    assert_eq!(Language::from_posix_locale("fr_FR.UTF-8"), Language::French);
    assert_eq!(Language::from_posix_locale("fr_CM"), Language::French);
    assert_eq!(Language::from_posix_locale("es_GQ.UTF-8"), Language::Spanish);
    assert_eq!(Language::from_posix_locale("pt_BR.UTF-8"), Language::Portuguese);
    assert_eq!(Language::from_posix_locale("pt_GQ"), Language::Portuguese);
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
    assert_eq!(days(Language::Portuguese, 1), "1 dia");
    assert_eq!(days(Language::Portuguese, 3), "3 dias");
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

/// Fails on a number a French, Spanish or Portuguese reader would not
/// write: an English decimal point (`1.5`) or five digits or more
/// ungrouped (`400000`); in Portuguese, whose thousands are grouped by a
/// point (`400.000`), a point that does not group thousands. Discord
/// markup (`<t:…:R>`, `<@…>`) is not read.
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
    let points_group_thousands = language.number_marks().1 == '.';
    let mut run = 0;
    for (at, &c) in chars.iter().enumerate() {
        run = if c.is_ascii_digit() { run + 1 } else { 0 };
        assert!(run < 5, "{language}: ungrouped thousands in `{text}`");
        let between_digits =
            at > 0 && chars[at - 1].is_ascii_digit() && chars.get(at + 1).is_some_and(|d| d.is_ascii_digit());
        if c == '.' && between_digits {
            assert!(
                points_group_thousands && groups_thousands(&chars, at),
                "{language}: an English decimal point in `{text}`"
            );
        }
    }
}

/// Whether the point at `at` groups the thousands of a number of five
/// digits or more (`400.000`, `1.234.567`), not a decimal one (`1.5`,
/// `1.234`).
fn groups_thousands(chars: &[char], at: usize) -> bool {
    let is_part = |c: &char| c.is_ascii_digit() || *c == '.';
    let start = chars[..at].iter().rposition(|c| !is_part(c)).map_or(0, |i| i + 1);
    let end = chars[at..]
        .iter()
        .position(|c| !is_part(c))
        .map_or(chars.len(), |i| at + i);
    let number: String = chars[start..end].iter().collect();
    let number = number.trim_end_matches('.');
    let groups: Vec<&str> = number.split('.').collect();
    let digits: usize = groups.iter().map(|g| g.len()).sum();
    digits >= 5 && (1..=3).contains(&groups[0].len()) && groups[1..].iter().all(|g| g.len() == 3)
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
    for bad in [
        "perda média 1.2 semente",
        "400000 posições",
        "1.234 posições",
        "40.00 posições",
    ] {
        let caught = std::panic::catch_unwind(|| assert_numbers_are_localised(Language::Portuguese, bad));
        assert!(caught.is_err(), "{bad}");
    }
    assert_numbers_are_localised(
        Language::Portuguese,
        "perda média 1,2 semente · 400.000 posições · 1.234.567 · rating 1612. <t:1767225600:R>",
    );
    let caught = std::panic::catch_unwind(|| assert_numbers_are_localised(Language::French, "400.000 positions"));
    assert!(caught.is_err(), "a point groups thousands in Portuguese only");
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
    assert_eq!(mean(Language::Portuguese, 2.0), "+2,0 sementes por partida");
    assert_eq!(mean(Language::Portuguese, 0.5), "+0,5 semente por partida");
    let nodes = |language, n: u64| crate::tr!(language, "review-header", title = "T", nodes = n);
    assert_eq!(
        nodes(Language::English, 400_000),
        "T: each position searched to 400,000 positions."
    );
    assert_eq!(
        nodes(Language::French, 400_000),
        "T\u{A0}: chaque position explorée sur 400\u{202F}000 positions."
    );
    assert_eq!(
        nodes(Language::Spanish, 1_234_567),
        "T: cada posición explorada hasta 1\u{202F}234\u{202F}567 posiciones."
    );
    assert_eq!(
        nodes(Language::Portuguese, 1_234_567),
        "T: cada posição explorada em até 1.234.567 posições."
    );
    assert_eq!(
        crate::tr!(Language::Portuguese, "duration-seconds", count = 3600),
        "3600 segundos"
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
        Language::Portuguese => &[
            "antes de",
            "dentro de",
            "depois de",
            "de",
            "em",
            "até",
            "para",
            "a",
            "após",
            "jogue",
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

/// The places in a French message's text where a `:` `;` `!` or `?` lacks
/// the no-break space before it (U+00A0 or U+202F), or "n°" the one after
/// it: an ordinary space there lets Discord or a browser wrap the mark
/// onto a line of its own. Placeables, code spans, Discord markup
/// (`<t:…>`, `<#…>`, `<@…>`), links, URLs and times (`18:00`) are not
/// prose and keep their own punctuation.
fn french_spacing_faults(text: &str) -> Vec<String> {
    const NO_BREAK: [char; 2] = ['\u{A0}', '\u{202F}'];
    let chars: Vec<char> = text.chars().collect();
    let starts = |at: usize, what: &str| what.chars().enumerate().all(|(i, c)| chars.get(at + i) == Some(&c));
    let find = |from: usize, what: char| (from..chars.len()).find(|&i| chars[i] == what);
    let context = |at: usize| {
        chars[at.saturating_sub(12)..(at + 4).min(chars.len())]
            .iter()
            .collect::<String>()
    };
    let mut faults = Vec::new();
    let mut at = 0;
    while at < chars.len() {
        let c = chars[at];
        let skip_to = match c {
            '`' if starts(at, "```") => (at + 3..chars.len()).find(|&i| starts(i, "```")).map(|i| i + 3),
            '`' => find(at + 1, '`').map(|i| i + 1),
            '{' => {
                let close = find(at + 1, '}');
                let nested = close.is_some_and(|close| chars[at + 1..close].iter().any(|&c| c == '{' || c == '\n'));
                if nested {
                    // A selector: its variants are prose, its header is not.
                    (at..chars.len()).find(|&i| starts(i, "->")).map(|i| i + 2)
                } else {
                    close.map(|i| i + 1)
                }
            }
            '<' if matches!(chars.get(at + 1), Some('t' | '#' | '@')) => find(at, '>').map(|i| i + 1),
            ']' if chars.get(at + 1) == Some(&'(') => find(at, ')').map(|i| i + 1),
            'h' if starts(at, "http://") || starts(at, "https://") => Some(
                (at..chars.len())
                    .find(|&i| chars[i].is_whitespace())
                    .unwrap_or(chars.len()),
            ),
            _ => None,
        };
        if let Some(next) = skip_to {
            at = next;
            continue;
        }
        let before = at.checked_sub(1).map(|i| chars[i]);
        let after = chars.get(at + 1).copied();
        let is_time =
            c == ':' && before.is_some_and(|b| b.is_ascii_digit()) && after.is_some_and(|a| a.is_ascii_digit());
        if matches!(c, ':' | ';' | '!' | '?') && !is_time && !before.is_some_and(|b| NO_BREAK.contains(&b)) {
            faults.push(context(at));
        }
        if starts(at, "n°") && !chars.get(at + 2).is_some_and(|a| NO_BREAK.contains(a)) {
            faults.push(context(at));
        }
        at += 1;
    }
    faults
}

#[test]
fn french_punctuation_keeps_its_no_break_space() {
    let mut checked = 0;
    for (key, text) in message_texts(source(Language::French)) {
        if key.starts_with("cmd-") && key.ends_with("-name") {
            continue;
        }
        assert_eq!(french_spacing_faults(&text), Vec::<String>::new(), "fr {key}: {text}");
        checked += text.chars().filter(|c| matches!(c, ':' | ';' | '!' | '?')).count();
    }
    assert!(checked > 150, "only {checked} marks checked");
}

#[test]
fn the_french_spacing_check_catches_ordinary_spaces_and_spares_code() {
    assert_eq!(french_spacing_faults("Dernier coup : 3").len(), 1);
    assert_eq!(french_spacing_faults("Prêt ? Oui !").len(), 2);
    assert_eq!(french_spacing_faults("gagne ; perd").len(), 1);
    assert_eq!(french_spacing_faults("Akon: sème").len(), 1);
    assert_eq!(french_spacing_faults("la partie n° { $game }").len(), 1);
    assert_eq!(
        french_spacing_faults("[one] une partie : { $x }").len(),
        1,
        "a selector's variants are prose"
    );
    let fine = "Coup\u{A0}: `A: 3 5` à 18:00 <t:{ $at }:R> <#{ $c }> [lien]({ $link }) https://a.b/c:d \
                n°\u{A0}{ $game }\u{202F}? { NUMBER($n, minimumFractionDigits: 1) ->\n [one] oui\u{202F}!\n*[other] non\n}";
    assert_eq!(french_spacing_faults(fine), Vec::<String>::new());
}

/// Spanish words a native reader found out of place: a missing accent,
/// chess's "tablas" for the game's "empate", "ordenador" for the bot's
/// "máquina", the game's name in lower case.
#[test]
fn spanish_keeps_its_accents_and_its_terms() {
    let unwanted = ["clasificacion", "tablas", "ordenador", "in 2h"];
    let lower_case_name = ["El akon", "el akon", "del akon", "al akon"];
    for (key, text) in message_texts(source(Language::Spanish)) {
        let lower = text.to_lowercase();
        for word in unwanted {
            assert!(!lower.contains(word), "es {key}: `{word}` in {text}");
        }
        for words in lower_case_name {
            assert!(!text.contains(words), "es {key}: `{words}` in {text}");
        }
        // Every exclamation and question opens with its inverted mark.
        let prose: String = text.split('`').step_by(2).collect::<String>().replace("«?»", "");
        for (open, close) in [('¡', '!'), ('¿', '?')] {
            let count = |mark| prose.chars().filter(|&c| c == mark).count();
            assert_eq!(count(open), count(close), "es {key}: {text}");
        }
    }
}

/// Discord shows a description as an order to the player or as a thing:
/// Spanish and Portuguese say the order in the imperative (tú, você),
/// never the infinitive.
#[test]
fn spanish_and_portuguese_command_descriptions_speak_in_the_imperative() {
    for language in [Language::Spanish, Language::Portuguese] {
        for (key, text) in message_texts(source(language)) {
            if !(key.starts_with("cmd-") && key.ends_with("-desc")) {
                continue;
            }
            let first = text.split_whitespace().next().unwrap_or("").to_lowercase();
            let infinitive = ["ar", "er", "ir"].iter().any(|end| first.ends_with(end));
            assert!(!infinitive, "{language} {key}: `{first}` is an infinitive: {text}");
        }
    }
}

/// Portuguese words a native reader would find out of place: one word per
/// game concept (`casa` for a hole, never `cova`, `buraco` or Spanish
/// `hoyo`), Brazilian terms (`rating`, `ranking`, `tela`), accents, and
/// "nº" held to its number by a no-break space.
#[test]
fn portuguese_keeps_its_terms_and_its_typography() {
    let unwanted = [
        "buraco",
        "cova",
        "hoyo",
        "semilla",
        "jugada",
        "partido ",
        "ordenador",
        "pontuação",
        "classificacao",
        "estatisticas",
        "configuracoes",
        "nº ",
        "n.º",
        "in 2h",
        " :",
    ];
    let mut holes = 0;
    for (key, text) in message_texts(source(Language::Portuguese)) {
        let lower = text.to_lowercase();
        for word in unwanted {
            assert!(!lower.contains(word), "pt {key}: `{word}` in {text}");
        }
        holes += lower.matches("casa").count();
        // Every count of the Portuguese file writes the number: "1" is "one"
        // for 0 and 1 alike in Portuguese, so a variant never spells it out.
        for line in text.lines() {
            assert!(!line.trim_start().starts_with("[one] 1 "), "pt {key}: {line}");
            assert!(!line.contains("[one] 💡 1 "), "pt {key}: {line}");
        }
    }
    assert!(holes > 40, "only {holes} holes named `casa`");
}

/// The language files share the no-break space after a number sign:
/// "n°\u{A0}12", "n.º\u{A0}12", "nº\u{A0}12", never an ordinary space a line
/// could break at.
#[test]
fn number_signs_keep_their_number() {
    for language in Language::ALL {
        for (key, text) in message_texts(source(language)) {
            for sign in ["n° ", "n.º ", "nº "] {
                assert!(!text.contains(sign), "{language} {key}: `{sign}` in {text}");
            }
        }
    }
}

/// Discord refuses a command whose description is over 100 characters, or
/// whose name is not lowercase, one word, at most 32 characters of
/// letters, digits, `-` and `_` (its `^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`).
#[test]
fn command_names_and_descriptions_fit_discord() {
    for language in Language::ALL {
        for (key, text) in message_texts(source(language)) {
            let text = text.trim();
            if key.starts_with("cmd-") && key.ends_with("-desc") {
                assert!((1..=100).contains(&text.chars().count()), "{language} {key}: {text}");
            }
            if key.starts_with("cmd-") && key.ends_with("-name") {
                let fits = (1..=32).contains(&text.chars().count())
                    && text.to_lowercase() == text
                    && text.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_');
                assert!(fits, "{language} {key}: `{text}`");
            }
        }
    }
}

/// A start time is taught in the player's own words and units, the ones
/// `starts_at` takes: "dans 2 h" and `j` (jours) in French, "en 2 h" and
/// `d` (días) in Spanish.
#[test]
fn start_times_are_taught_in_each_languages_words() {
    let expected = [
        (Language::English, "in 2h", "`d` days"),
        (Language::French, "dans 2 h", "`j` jours"),
        (Language::Spanish, "en 2 h", "`d` días"),
        (Language::Portuguese, "em 2 h", "`d` dias"),
    ];
    for (language, example, days) in expected {
        let texts: BTreeMap<&str, String> = message_texts(source(language)).into_iter().collect();
        let description = &texts["cmd-starts-at-desc"];
        let refusal = &texts["refusal-tournament-starts-at-format"];
        assert!(description.contains(example), "{language}: {description}");
        assert!(refusal.contains(&format!("`{example}`")), "{language}: {refusal}");
        assert!(
            refusal.contains(days) && refusal.contains("`min`"),
            "{language}: {refusal}"
        );
        if language != Language::English {
            assert!(
                !description.contains("in 2h") && !refusal.contains("in 2h"),
                "{language}"
            );
        }
    }
}

/// Cancelling a tournament ends its games under way at once, with no result
/// and unrated (`Store::cancel_tournament`): the command's description says
/// so in every language, and never that they go on.
#[test]
fn the_cancel_description_says_the_games_stop_with_no_result() {
    let expected = [
        (Language::English, ["stop", "no result"], ["go on", "ordinary"]),
        (
            Language::French,
            ["s'arrêtent", "sans résultat"],
            ["continuent", "ordinaires"],
        ),
        (
            Language::Spanish,
            ["se detienen", "sin resultado"],
            ["siguen", "normales"],
        ),
        (
            Language::Portuguese,
            ["param", "sem resultado"],
            ["continuam", "normais"],
        ),
    ];
    for (language, said, unsaid) in expected {
        let description = message(language, "cmd-tournament-cancel-desc", &FluentArgs::new());
        let board = message(language, "result-tournament-cancelled", &FluentArgs::new());
        for words in said {
            assert!(description.contains(words), "{language}: {description}");
        }
        for words in unsaid {
            assert!(!description.contains(words), "{language}: {description}");
        }
        // The board of such a game says the same.
        let no_result = said[1];
        assert!(board.contains(no_result), "{language}: {board}");
    }
}
