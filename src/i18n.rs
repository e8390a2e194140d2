//! The languages the bot and the terminal game speak, and every sentence
//! they say: Fluent resources in `locales/<code>/akon.ftl`, built into the
//! binary. English is the fallback: a message missing from another language
//! is said in English and counted (see [`fallbacks`]), so tests can insist
//! on none.
//!
//! Numbers stay numbers until Fluent writes them: each language's bundle
//! writes them its own way (`1.5` and `400,000`; `1,5` and `400 000` in
//! French and Spanish), and a count chooses its words by a selector
//! (`{ $count -> [one] … *[other] … }`). A count given to a message that
//! has no selector for it is counted as a fallback too, unless
//! [`NOT_COUNTS`] lists it.

use std::collections::{BTreeSet, HashMap};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::{FluentNumber, FluentNumberOptions};
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// A language Akon speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    #[default]
    English,
    French,
    Spanish,
    Portuguese,
}

impl Language {
    pub const ALL: [Language; 4] = [
        Language::English,
        Language::French,
        Language::Spanish,
        Language::Portuguese,
    ];

    /// The short code stored and typed (`--lang fr`): `en`, `fr`, `es` or
    /// `pt`.
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::French => "fr",
            Language::Spanish => "es",
            Language::Portuguese => "pt",
        }
    }

    /// The language Discord's `locale` (`fr`, `es-ES`, `es-419`, `pt-BR`,
    /// `en-US`, …) maps to; any other locale gets English.
    pub fn from_discord_locale(locale: &str) -> Language {
        match locale {
            "fr" => Language::French,
            "es-ES" | "es-419" => Language::Spanish,
            "pt-BR" => Language::Portuguese,
            _ => Language::English,
        }
    }

    /// The language of a POSIX locale (`fr_FR.UTF-8`, `es`, `C`): its
    /// language part; anything else gets English.
    pub fn from_posix_locale(locale: &str) -> Language {
        let language = locale.split(['_', '.', '@', '-']).next().unwrap_or("");
        language.parse().unwrap_or_default()
    }

    /// The terminal's language, from `LC_ALL`, then `LC_MESSAGES`, then
    /// `LANG` (the first one set and not empty), as POSIX orders them.
    pub fn from_environment() -> Language {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.is_empty())
            .map(|value| Language::from_posix_locale(&value))
            .unwrap_or_default()
    }

    /// The Discord locales this language is registered under (command
    /// names and descriptions); English is the commands' own language.
    pub const fn discord_locales(self) -> &'static [&'static str] {
        match self {
            Language::English => &[],
            Language::French => &["fr"],
            Language::Spanish => &["es-ES", "es-419"],
            Language::Portuguese => &["pt-BR"],
        }
    }

    fn source(self) -> &'static str {
        match self {
            Language::English => include_str!("../locales/en/akon.ftl"),
            Language::French => include_str!("../locales/fr/akon.ftl"),
            Language::Spanish => include_str!("../locales/es/akon.ftl"),
            Language::Portuguese => include_str!("../locales/pt/akon.ftl"),
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// How this language writes numbers: the decimal mark and the
    /// thousands separator. French and Spanish write `1,2` and `400 000`
    /// with a narrow no-break space (U+202F), so that a number never breaks
    /// across lines; Latin American Spanish is written the same way here
    /// (one Spanish for every Spanish locale; the comma is also the usage
    /// of most of Latin America). Brazilian Portuguese writes `1,2` and
    /// `400.000`, as Brazil does.
    pub const fn number_marks(self) -> (char, char) {
        match self {
            Language::English => ('.', ','),
            Language::French | Language::Spanish => (',', '\u{202F}'),
            Language::Portuguese => (',', '.'),
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A code that is not one of Akon's languages.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a language Akon speaks: en, fr, es or pt")]
pub struct UnknownLanguage(pub String);

impl FromStr for Language {
    type Err = UnknownLanguage;

    fn from_str(code: &str) -> Result<Language, UnknownLanguage> {
        match code.to_ascii_lowercase().as_str() {
            "en" => Ok(Language::English),
            "fr" => Ok(Language::French),
            "es" => Ok(Language::Spanish),
            "pt" => Ok(Language::Portuguese),
            _ => Err(UnknownLanguage(code.to_string())),
        }
    }
}

/// The Fluent source of `language`, for tests that compare the files.
pub fn source(language: Language) -> &'static str {
    language.source()
}

/// How many languages Akon speaks.
const LANGUAGES: usize = Language::ALL.len();

fn bundles() -> &'static [FluentBundle<FluentResource>; LANGUAGES] {
    static BUNDLES: OnceLock<[FluentBundle<FluentResource>; LANGUAGES]> = OnceLock::new();
    BUNDLES.get_or_init(|| Language::ALL.map(bundle))
}

fn bundle(language: Language) -> FluentBundle<FluentResource> {
    let id = language
        .code()
        .parse()
        .expect("a language code is a language identifier");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // No bidi isolation marks: Discord shows them as-is in code blocks and
    // they would count against the board's 40 characters.
    bundle.set_use_isolating(false);
    // Every number, whether passed as an argument or shaped by NUMBER(), is
    // written the language's way. The formatter is a plain function, so
    // one per language.
    bundle.set_formatter(Some(match language {
        Language::English => |value, _| number_text(Language::English, value),
        Language::French => |value, _| number_text(Language::French, value),
        Language::Spanish => |value, _| number_text(Language::Spanish, value),
        Language::Portuguese => |value, _| number_text(Language::Portuguese, value),
    }));
    bundle
        .add_builtins()
        .expect("NUMBER is the only built-in and is added once");
    bundle
        .add_function("CAPITALIZED", |positional, _| match positional {
            [FluentValue::String(text)] => FluentValue::String(capitalized(text).into()),
            [other] => other.clone(),
            _ => FluentValue::Error,
        })
        .expect("CAPITALIZED is added once");
    let resource = FluentResource::try_new(language.source().to_string())
        .unwrap_or_else(|(_, errors)| panic!("locales/{language}/akon.ftl does not parse: {errors:?}"));
    bundle
        .add_resource(resource)
        .unwrap_or_else(|errors| panic!("locales/{language}/akon.ftl repeats a message: {errors:?}"));
    bundle
}

/// `text` with its first letter capitalised: `CAPITALIZED($player)` in a
/// message, for a name that opens a sentence ("L'ordinateur (moyen)
/// réfléchit…"). A mention (`<@1>`) is left as it is.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A number with exactly `digits` decimals (`1.25`, 1 → `1.3`), for a
/// message argument: written `1.3` in English and `1,3` in French and
/// Spanish, and it chooses plural forms as the number it shows.
pub fn decimal(value: f64, digits: usize) -> FluentValue<'static> {
    let scale = 10f64.powi(digits as i32);
    let options = FluentNumberOptions {
        minimum_fraction_digits: Some(digits),
        maximum_fraction_digits: Some(digits),
        ..FluentNumberOptions::default()
    };
    FluentValue::Number(FluentNumber::new((value * scale).round() / scale, options))
}

/// A number as `language` writes it: its decimal mark, and its thousands
/// separated from five digits on (`400 000`, but a rating stays `1612`, as
/// Spanish typography asks and as ratings are written in French too); a
/// true minus sign. `None` for what is not a number.
fn number_text(language: Language, value: &FluentValue<'_>) -> Option<String> {
    let FluentValue::Number(number) = value else {
        return None;
    };
    let options = &number.options;
    let minimum = options.minimum_fraction_digits.unwrap_or(0);
    let mut text = match options.maximum_fraction_digits {
        Some(maximum) => {
            let mut text = format!("{:.*}", maximum, number.value.abs());
            if text.contains('.') {
                while text.ends_with('0') && text.len() - text.find('.').unwrap() - 1 > minimum {
                    text.pop();
                }
                if text.ends_with('.') {
                    text.pop();
                }
            }
            text
        }
        None => number.value.abs().to_string(),
    };
    let fraction_digits = text.find('.').map_or(0, |dot| text.len() - dot - 1);
    if fraction_digits < minimum {
        if fraction_digits == 0 {
            text.push('.');
        }
        text.push_str(&"0".repeat(minimum - fraction_digits));
    }
    let (integer, fraction) = text.split_once('.').unwrap_or((&text, ""));
    let (mark, separator) = language.number_marks();
    let mut out = String::new();
    if number.value < 0.0 && number.value.abs() * 10f64.powi(fraction.len() as i32) >= 0.5 {
        out.push('−');
    }
    let grouped = options.use_grouping && integer.len() >= 5;
    for (at, digit) in integer.chars().enumerate() {
        if grouped && at > 0 && (integer.len() - at) % 3 == 0 {
            out.push(separator);
        }
        out.push(digit);
    }
    if !fraction.is_empty() {
        out.push(mark);
        out.push_str(fraction);
    }
    Some(out)
}

/// Numbers a message may take without choosing plural forms by them: the
/// number is a label's value, a score, a rank, a rating or a number that
/// names a move, page or hole, never a count of something named beside it.
/// Each entry names the languages it holds for. Any other number a message
/// takes must choose its words by a selector (`{ $count -> [one] …
/// *[other] … }`) in every language.
pub const NOT_COUNTS: &[(&str, &str, &[Language])] = &[
    // "captured 3", "capturadas: 3": a label's value (French says
    // "3 prises", with plural forms).
    (
        "board-row-label",
        "captured",
        &[Language::English, Language::Spanish, Language::Portuguese],
    ),
    (
        "picture-captured",
        "captured",
        &[Language::English, Language::Spanish, Language::Portuguese],
    ),
    // Move, page and hole numbers.
    ("board-title-move", "move", &Language::ALL),
    ("game-in-progress", "move", &Language::ALL),
    ("games-line", "move", &Language::ALL),
    ("games-line-deadline", "move", &Language::ALL),
    ("games-followed-line", "move", &Language::ALL),
    // How many games a list holds: "Games you follow (2):".
    ("games-followed-title", "count", &Language::ALL),
    ("review-turning-point", "number", &Language::ALL),
    ("review-graph-summary-led", "number", &Language::ALL),
    // Vacation days: "2 of 30 days", where the days allowed choose the
    // word, and a label's value, "days used: 2".
    ("stats-vacation", "used", &Language::ALL),
    ("vacation-off", "used", &Language::ALL),
    ("vacation-on-allowance", "used", &Language::ALL),
    ("vacation-on-allowance", "left", &[Language::English, Language::French]),
    // "for 30 moves out of 45": the moves ahead choose the word.
    ("review-graph-summary-led", "moves", &Language::ALL),
    ("picture-graph-turning", "number", &Language::ALL),
    // A challenge's number: "challenge 12".
    ("refusal-rematch-pending", "challenge", &Language::ALL),
    ("play-no-such-hole", "hole", &Language::ALL),
    ("leaderboard-title", "page", &Language::ALL),
    ("leaderboard-title", "pages", &Language::ALL),
    ("history-title", "page", &Language::ALL),
    ("history-title", "pages", &Language::ALL),
    ("web-step-at", "ply", &Language::ALL),
    ("web-step-at", "last", &Language::ALL),
    ("web-page-at", "page", &Language::ALL),
    ("web-page-at", "pages", &Language::ALL),
    ("web-tournament-running", "round", &Language::ALL),
    ("web-round", "round", &Language::ALL),
    // A knockout's round, and the game of a match after draws: "game 2".
    ("tournament-bracket-round", "round", &Language::ALL),
    ("picture-bracket-earlier", "round", &Language::ALL),
    ("tournament-bracket-game", "game", &Language::ALL),
    // Scores: "40 to 30", "40–30".
    ("result-win", "won", &Language::ALL),
    ("result-win", "lost", &Language::ALL),
    ("result-draw", "a_seeds", &Language::ALL),
    ("result-draw", "b_seeds", &Language::ALL),
    ("play-game-over", "a", &Language::ALL),
    ("play-game-over", "b", &Language::ALL),
    ("history-line", "captured", &Language::ALL),
    ("history-line", "conceded", &Language::ALL),
    ("history-line-how", "captured", &Language::ALL),
    ("history-line-how", "conceded", &Language::ALL),
    // A tournament's limits, at least 2: "at least 2", "2 to 64", "1 to 100".
    ("refusal-tournament-too-few-players", "need", &Language::ALL),
    ("refusal-tournament-name", "max", &Language::ALL),
    ("refusal-tournament-players", "min", &Language::ALL),
    ("refusal-tournament-players", "max", &Language::ALL),
    // A tournament's round, "round 2 of 5"; its most players, "3 of 64".
    ("tournament-round", "round", &Language::ALL),
    ("tournament-round", "rounds", &Language::ALL),
    ("tournament-game-intro", "round", &Language::ALL),
    ("tournament-players", "count", &Language::ALL),
    ("tournament-players", "max", &Language::ALL),
    // Ranks, ratings, deviations and percentages.
    ("standing-listed", "rank", &Language::ALL),
    ("season-standing-listed", "rank", &Language::ALL),
    ("season-standing-listed", "listed", &Language::ALL),
    ("standing-listed", "listed", &Language::ALL),
    ("rating-summary", "deviation", &Language::ALL),
    ("rating-summary-ranked", "deviation", &Language::ALL),
    ("rating-summary-ranked", "rank", &Language::ALL),
    ("history-rating", "before", &Language::ALL),
    ("history-rating", "after", &Language::ALL),
    // "rank 2 of 8", "round 3": a tournament's rank, its field, its round.
    ("stats-tournaments", "rank", &Language::ALL),
    ("stats-tournaments", "players", &Language::ALL),
    ("history-tournament-line", "rank", &Language::ALL),
    ("history-tournament-line", "players", &Language::ALL),
    ("history-tournament-game", "round", &Language::ALL),
    ("review-seat-line", "accuracy", &Language::ALL),
    // A label's value: "(3)", "W 2", "seeds captured 100", "best 5",
    // "2 of 5", "inaccuracy 2–3"; and "3 of 5 solved" in English, which
    // has no word to agree (French and Spanish say "résolus", "resueltos").
    ("games-title", "count", &Language::ALL),
    ("stats-ongoing", "count", &Language::ALL),
    ("standing-listed", "wins", &Language::ALL),
    ("standing-listed", "losses", &Language::ALL),
    ("standing-listed", "draws", &Language::ALL),
    ("record-line", "captured", &Language::ALL),
    ("record-line", "conceded", &Language::ALL),
    ("stats-streaks", "current", &Language::ALL),
    ("stats-streaks", "best", &Language::ALL),
    ("puzzle-rating-change", "streak", &Language::ALL),
    ("puzzle-rating-change", "best", &Language::ALL),
    ("puzzle-stats-line", "streak", &Language::ALL),
    ("puzzle-stats-line", "best", &Language::ALL),
    ("daily-streak", "best", &Language::ALL),
    // "Solved by 2 of the 3 players…", "Résolu par 2 sur 3…", "Resolvido
    // por 2 dos 3…": the players who answered choose the words (Spanish's
    // verb agrees with both).
    (
        "daily-tally",
        "solved",
        &[Language::English, Language::French, Language::Portuguese],
    ),
    ("puzzle-stats-line", "solved", &[Language::English]),
    ("puzzle-stats-line", "attempts", &Language::ALL),
    ("review-seat-line", "accurate", &Language::ALL),
    ("review-seat-line", "moves", &Language::ALL),
    ("review-definitions", "inaccuracy", &Language::ALL),
    ("review-definitions", "inaccuracy_max", &Language::ALL),
    ("review-definitions", "mistake", &Language::ALL),
    ("review-definitions", "mistake_max", &Language::ALL),
    ("review-definitions", "blunder", &Language::ALL),
];

/// The messages of a Fluent source, each with its text (the `key =` line
/// and its indented continuation lines); comments end a message.
pub fn message_texts(source: &str) -> Vec<(&str, String)> {
    let mut messages: Vec<(&str, String)> = Vec::new();
    let mut open = false;
    for line in source.lines() {
        let starts = line.starts_with(|c: char| c.is_ascii_lowercase()) && line.contains('=');
        if starts {
            let key = line.split('=').next().unwrap_or("").trim();
            messages.push((key, line.split_once('=').map_or("", |(_, text)| text).to_string()));
            open = true;
        } else if line.starts_with('#') {
            open = false;
        } else if open {
            if let Some((_, text)) = messages.last_mut() {
                text.push('\n');
                text.push_str(line);
            }
        }
    }
    messages
}

/// The variables a message's text chooses its words by: `$name` inside a
/// placeable that opens a selector (`{ $name ->`, `{ NUMBER($name, …) ->`).
pub fn selector_variables(text: &str) -> BTreeSet<String> {
    let mut variables = BTreeSet::new();
    for (arrow, _) in text.match_indices("->") {
        let Some(open) = text[..arrow].rfind('{') else { continue };
        let placeable = &text[open..arrow];
        if let Some(at) = placeable.find('$') {
            let name: String = placeable[at + 1..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                .collect();
            variables.insert(name);
        }
    }
    variables
}

/// For each language, each message's selector variables.
fn selectors() -> &'static [HashMap<&'static str, BTreeSet<String>>; LANGUAGES] {
    static SELECTORS: OnceLock<[HashMap<&'static str, BTreeSet<String>>; LANGUAGES]> = OnceLock::new();
    SELECTORS.get_or_init(|| {
        Language::ALL.map(|language| {
            message_texts(language.source())
                .into_iter()
                .map(|(key, text)| (key, selector_variables(&text)))
                .collect()
        })
    })
}

/// Whether the number `variable` of message `key` may be said as it is in
/// `language`: the message chooses its words by it, or it is not a count.
pub fn number_is_handled(language: Language, key: &str, variable: &str) -> bool {
    NOT_COUNTS
        .iter()
        .any(|&(k, v, languages)| k == key && v == variable && languages.contains(&language))
        || selectors()[language.index()]
            .get(key)
            .is_some_and(|variables| variables.contains(variable))
}

static FALLBACKS: AtomicUsize = AtomicUsize::new(0);

/// How many messages so far were missing, or missing an argument, in the
/// language asked for (and so were said in English or left incomplete),
/// or were given a count they say without plural forms (see
/// [`NOT_COUNTS`]).
pub fn fallbacks() -> usize {
    FALLBACKS.load(Ordering::SeqCst)
}

/// Whether `key` is a message of `language`'s resource.
pub fn has_message(language: Language, key: &str) -> bool {
    bundles()[language.index()].has_message(key)
}

/// The message `key` in `language`, with `args`; English if `language`
/// lacks it, the key itself if no language has it.
pub fn message(language: Language, key: &str, args: &FluentArgs<'_>) -> String {
    if let Some(text) = format(language, key, args) {
        return text;
    }
    FALLBACKS.fetch_add(1, Ordering::SeqCst);
    tracing::error!(language = %language, key, "a message is missing");
    format(Language::English, key, args).unwrap_or_else(|| key.to_string())
}

fn format(language: Language, key: &str, args: &FluentArgs<'_>) -> Option<String> {
    let bundle = &bundles()[language.index()];
    let pattern = bundle.get_message(key)?.value()?;
    for (variable, value) in args.iter() {
        if matches!(value, FluentValue::Number(_)) && !number_is_handled(language, key, variable) {
            FALLBACKS.fetch_add(1, Ordering::SeqCst);
            tracing::error!(language = %language, key, variable, "a count is said without plural forms");
        }
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(args), &mut errors).into_owned();
    if !errors.is_empty() {
        FALLBACKS.fetch_add(1, Ordering::SeqCst);
        tracing::error!(language = %language, key, ?errors, "a message could not be formatted");
    }
    Some(text)
}

/// `tr!(language, "key", name = value, …)`: the message `key` in
/// `language`. Argument names are the Fluent variables (`$name`); values are
/// strings or numbers (numbers choose the plural forms).
#[macro_export]
macro_rules! tr {
    ($language:expr, $key:literal $(, $name:ident = $value:expr)* $(,)?) => {{
        #[allow(unused_mut)]
        let mut args = ::fluent_bundle::FluentArgs::new();
        $( args.set(stringify!($name), $value); )*
        $crate::i18n::message($language, $key, &args)
    }};
}

mod dates;
pub use dates::{date_in_words, day_in_words, month_in_words};

#[cfg(test)]
pub(crate) mod tests;
