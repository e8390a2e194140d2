//! The languages the bot and the terminal game speak, and every sentence
//! they say: Fluent resources in `locales/<code>/akon.ftl`, built into the
//! binary. English is the fallback: a message missing from another language
//! is said in English and counted (see [`fallbacks`]), so tests can insist
//! on none.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

/// A language Akon speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    #[default]
    English,
    French,
    Spanish,
}

impl Language {
    pub const ALL: [Language; 3] = [Language::English, Language::French, Language::Spanish];

    /// The short code stored and typed (`--lang fr`): `en`, `fr` or `es`.
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::French => "fr",
            Language::Spanish => "es",
        }
    }

    /// The language Discord's `locale` (`fr`, `es-ES`, `es-419`, `en-US`,
    /// …) maps to; any other locale gets English.
    pub fn from_discord_locale(locale: &str) -> Language {
        match locale {
            "fr" => Language::French,
            "es-ES" | "es-419" => Language::Spanish,
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
        }
    }

    fn source(self) -> &'static str {
        match self {
            Language::English => include_str!("../locales/en/akon.ftl"),
            Language::French => include_str!("../locales/fr/akon.ftl"),
            Language::Spanish => include_str!("../locales/es/akon.ftl"),
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A code that is not one of Akon's languages.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a language Akon speaks: en, fr or es")]
pub struct UnknownLanguage(pub String);

impl FromStr for Language {
    type Err = UnknownLanguage;

    fn from_str(code: &str) -> Result<Language, UnknownLanguage> {
        match code.to_ascii_lowercase().as_str() {
            "en" => Ok(Language::English),
            "fr" => Ok(Language::French),
            "es" => Ok(Language::Spanish),
            _ => Err(UnknownLanguage(code.to_string())),
        }
    }
}

/// The Fluent source of `language`, for tests that compare the files.
pub fn source(language: Language) -> &'static str {
    language.source()
}

fn bundles() -> &'static [FluentBundle<FluentResource>; 3] {
    static BUNDLES: OnceLock<[FluentBundle<FluentResource>; 3]> = OnceLock::new();
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
    let resource = FluentResource::try_new(language.source().to_string())
        .unwrap_or_else(|(_, errors)| panic!("locales/{language}/akon.ftl does not parse: {errors:?}"));
    bundle
        .add_resource(resource)
        .unwrap_or_else(|errors| panic!("locales/{language}/akon.ftl repeats a message: {errors:?}"));
    bundle
}

static FALLBACKS: AtomicUsize = AtomicUsize::new(0);

/// How many messages so far were missing, or missing an argument, in the
/// language asked for (and so were said in English or left incomplete).
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

#[cfg(test)]
mod tests;
