//! Configuration, read once at start-up from the environment and `.env`
//! into one struct, with a clear message for anything missing or wrong.

use std::env;

use crate::discord::{DiscordSettings, InteractionsSettings, ShardPlan};
use crate::service::ServiceConfig;

/// Where the database lives when `DATABASE_URL` is not set: a file in the
/// working directory.
pub const DEFAULT_DATABASE_URL: &str = "sqlite:akon.db";

/// Every variable the bot reads. A variable of the same families that is not
/// here is reported as a likely misspelling, so add new ones here.
pub const KNOWN_VARIABLES: &[&str] = &[
    "DISCORD_TOKEN",
    "DISCORD_GUILD_ID",
    "DISCORD_PROXY_URL",
    "DATABASE_URL",
    "AKON_CHALLENGE_TTL_HOURS",
    "AKON_MAX_ONGOING_GAMES",
    "AKON_LEADERBOARD_MIN_GAMES",
    "AKON_RATED_GAMES_PER_PAIR_PER_DAY",
    "AKON_LOG_FORMAT",
    "AKON_METRICS_ADDR",
    "AKON_WEB_ADDR",
    "AKON_WEB_BASE_URL",
    "DISCORD_CLIENT_ID",
    "DISCORD_CLIENT_SECRET",
    "AKON_SHARDS",
    "AKON_SCHEDULER_SECONDS",
    "AKON_TABLES",
    "AKON_TABLES_SEEDS",
    "AKON_INTERACTIONS_ADDR",
    "DISCORD_PUBLIC_KEY",
    "AKON_ACTIVITY",
];

/// The families of [`KNOWN_VARIABLES`]: every unknown name with these
/// prefixes is reported, since the environment holds many unrelated
/// variables; other names only when they are a slip away from a known one.
const CHECKED_PREFIXES: &[&str] = &["AKON_", "DISCORD_", "DATABASE_"];

/// Edits (see [`edit_distance`]) that still count as a slip of the keyboard.
const SLIP: usize = 2;

#[derive(Debug, Clone)]
pub struct Config {
    pub discord: DiscordSettings,
    /// A `sqlite:` URL naming a file, or a `postgres://` URL (checked by
    /// [`Config::from_lookup`]).
    pub database_url: String,
    pub service: ServiceConfig,
    pub log_format: LogFormat,
    /// Where to serve `/healthz` and `/metrics` (`AKON_METRICS_ADDR`); off
    /// when `None`.
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// Which endgame tables the search uses (`AKON_TABLES`,
    /// `AKON_TABLES_SEEDS`). A file that cannot be used is not a
    /// configuration error: the bot says so in one line and runs without.
    pub tables: TablesSetting,
    /// Where to serve the web view (`AKON_WEB_ADDR`); off when `None`.
    pub web_addr: Option<std::net::SocketAddr>,
    /// Sign in with Discord on the web pages (`DISCORD_CLIENT_ID`,
    /// `DISCORD_CLIENT_SECRET`, with `AKON_WEB_BASE_URL`): the live, playable
    /// game page; read-only pages when `None`.
    pub web_sign_in: Option<crate::web::SignInSettings>,
    /// HTTP mode (`AKON_INTERACTIONS_ADDR` and `DISCORD_PUBLIC_KEY`):
    /// interactions come as HTTP requests to this address, no gateway;
    /// `None`: the gateway, the default.
    pub interactions: Option<(std::net::SocketAddr, InteractionsSettings)>,
}

/// The most seeds of the endgame tables akon builds itself when
/// `AKON_TABLES` is unset. 16 seeds: a build of about a minute of one core
/// (67 s of CPU) that holds 361 MB at most while it runs, and a file of
/// 145 MB; the search then plays exactly every endgame of up to 16 seeds,
/// where without tables it finds the exact score of only 57% of those of 12
/// within 200 ms. Each seed more doubles all three (the measurements:
/// docs/COMPUTER.md, "Endgame tables").
pub const DEFAULT_TABLES_SEEDS: u8 = 16;

/// Which endgame tables the search uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TablesSetting {
    /// `AKON_TABLES=off`: none.
    Off,
    /// `AKON_TABLES=FILE`: that file, as `akon tables build` wrote it.
    File(std::path::PathBuf),
    /// `AKON_TABLES` unset: the tables akon builds itself, once, up to
    /// `max_seeds` seeds (`AKON_TABLES_SEEDS`, default
    /// [`DEFAULT_TABLES_SEEDS`]), in the cache directory.
    Default { max_seeds: u8 },
}

/// Reads `AKON_TABLES` and `AKON_TABLES_SEEDS` (empty values already left
/// out by `get`): the bot's setting, and the command-line tools' that search.
pub fn tables_setting(get: impl Fn(&str) -> Option<String>) -> Result<TablesSetting, ConfigError> {
    let max_seeds = Variables(&get)
        .read(&TABLES_SEEDS, whole_number(1..=crate::ai::tables::MOST_SEEDS))?
        .unwrap_or(DEFAULT_TABLES_SEEDS);
    Ok(match get("AKON_TABLES") {
        None => TablesSetting::Default { max_seeds },
        Some(value) if value.trim().eq_ignore_ascii_case("off") => TablesSetting::Off,
        Some(value) => TablesSetting::File(std::path::PathBuf::from(value.trim())),
    })
}

/// The variables of a configuration, each read by name and parsed in one
/// step, so that every bad value is refused the same way: one line that
/// names the variable, says what it must be and shows it as written.
struct Variables<F>(F);

impl<F: Fn(&str) -> Option<String>> Variables<F> {
    /// The variable `setting` names, parsed by `parse` (`None` when it is
    /// not set), or [`ConfigError::Invalid`] saying what it must be.
    fn read<T>(&self, setting: &Setting, parse: impl FnOnce(&str) -> Option<T>) -> Result<Option<T>, ConfigError> {
        let Setting { name, must_be } = *setting;
        match (self.0)(name) {
            None => Ok(None),
            Some(value) => match parse(&value) {
                Some(parsed) => Ok(Some(parsed)),
                None => Err(ConfigError::Invalid {
                    name,
                    what: must_be,
                    value,
                }),
            },
        }
    }
}

/// A variable with a value to parse: its name and what it must be, as
/// its error says.
#[derive(Clone, Copy)]
struct Setting {
    name: &'static str,
    must_be: &'static str,
}

const GUILD_ID: Setting = Setting {
    name: "DISCORD_GUILD_ID",
    must_be: "a server id (a number: right-click the server with developer mode on, Copy Server ID)",
};
const PROXY_URL: Setting = Setting {
    name: "DISCORD_PROXY_URL",
    must_be: "an http:// or https:// URL",
};
const CHALLENGE_TTL_HOURS: Setting = Setting {
    name: "AKON_CHALLENGE_TTL_HOURS",
    must_be: "a whole number of hours from 1 to 720",
};
const MAX_ONGOING_GAMES: Setting = Setting {
    name: "AKON_MAX_ONGOING_GAMES",
    must_be: "a whole number of at least 1",
};
const LEADERBOARD_MIN_GAMES: Setting = Setting {
    name: "AKON_LEADERBOARD_MIN_GAMES",
    must_be: "a whole number of at least 0",
};
const RATED_GAMES_PER_PAIR_PER_DAY: Setting = Setting {
    name: "AKON_RATED_GAMES_PER_PAIR_PER_DAY",
    must_be: "a whole number of at least 0",
};
const SCHEDULER_SECONDS: Setting = Setting {
    name: "AKON_SCHEDULER_SECONDS",
    must_be: "a whole number of seconds from 1 to 3600",
};
const SHARDS: Setting = Setting {
    name: "AKON_SHARDS",
    must_be: "the shards this process runs, FIRST-LAST/TOTAL or SHARD/TOTAL with FIRST ≤ LAST < TOTAL \
              (e.g. 0-1/4: shards 0 and 1 of 4); unset: as many as Discord recommends, all here",
};
const METRICS_ADDR: Setting = Setting {
    name: "AKON_METRICS_ADDR",
    must_be: "an IP address and port to serve /healthz and /metrics on, such as 127.0.0.1:9100",
};
const WEB_ADDR: Setting = Setting {
    name: "AKON_WEB_ADDR",
    must_be: "an IP address and port to serve the web pages on, such as 127.0.0.1:8080",
};
const WEB_BASE_URL: Setting = Setting {
    name: "AKON_WEB_BASE_URL",
    must_be: "the web pages' public address, an http:// or https:// URL with a host and no query, \
              such as https://akon.example.org",
};
const CLIENT_ID: Setting = Setting {
    name: "DISCORD_CLIENT_ID",
    must_be: "the application's id, a number (OAuth2 page of the application in the Discord developer portal)",
};
const CLIENT_SECRET: Setting = Setting {
    name: "DISCORD_CLIENT_SECRET",
    must_be: "the application's OAuth2 client secret, at least 16 characters without spaces (OAuth2 page of \
              the application in the Discord developer portal)",
};
const LOG_FORMAT: Setting = Setting {
    name: "AKON_LOG_FORMAT",
    must_be: "`text` (the default) or `json` (one JSON object per line)",
};
const INTERACTIONS_ADDR: Setting = Setting {
    name: "AKON_INTERACTIONS_ADDR",
    must_be: "an IP address and port to take interactions over HTTP on, such as 127.0.0.1:8443",
};
const PUBLIC_KEY: Setting = Setting {
    name: "DISCORD_PUBLIC_KEY",
    must_be: "the application's public key, 64 hexadecimal digits (General Information page of the \
              application in the Discord developer portal)",
};
const ACTIVITY: Setting = Setting {
    name: "AKON_ACTIVITY",
    must_be: "`on` (the Discord Activity: Play live buttons and the Entry Point command) or `off` (the default)",
};
const TABLES_SEEDS: Setting = Setting {
    name: "AKON_TABLES_SEEDS",
    must_be: "a whole number of seeds from 1 to 40",
};

/// `on` or `off`, in any case, spaces around allowed.
fn on_or_off(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "on" => Some(true),
        "off" => Some(false),
        _ => None,
    }
}

/// A parser of whole numbers within `range`, spaces around them allowed.
fn whole_number<T: std::str::FromStr + PartialOrd>(
    range: impl std::ops::RangeBounds<T>,
) -> impl FnOnce(&str) -> Option<T> {
    move |value| value.trim().parse::<T>().ok().filter(|n| range.contains(n))
}

/// `text` or `json`, in any case, spaces around it allowed.
fn log_format(value: &str) -> Option<LogFormat> {
    match value.trim().to_ascii_lowercase().as_str() {
        "text" => Some(LogFormat::Text),
        "json" => Some(LogFormat::Json),
        _ => None,
    }
}

/// A parser of an IP address and port, spaces around them allowed.
fn socket_address(value: &str) -> Option<std::net::SocketAddr> {
    value.trim().parse().ok()
}

/// How log lines are written (`AKON_LOG_FORMAT`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum LogFormat {
    /// One human-readable line per event.
    #[default]
    Text,
    /// One JSON object per line, for log collectors.
    Json,
}

/// A variable in the environment that the bot does not read, with the known
/// one it most resembles if any is close.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownVariable {
    pub name: String,
    pub closest: Option<&'static str>,
}

impl std::fmt::Display for UnknownVariable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} is not a setting of akon and is ignored: ", self.name)?;
        match self.closest {
            Some(closest) => write!(f, "did you mean {closest}?"),
            None => write!(f, "the settings are listed in .env.example"),
        }
    }
}

/// What is wrong with the configuration, saying what to set. Never holds
/// the token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error(
        "DISCORD_TOKEN is not set: put `DISCORD_TOKEN=<your bot token>` in a file named .env here \
         (copy .env.example), or set it in the environment. See README.md, \"Creating the Discord application\"."
    )]
    MissingToken,
    #[error(
        "AKON_INTERACTIONS_ADDR is set but DISCORD_PUBLIC_KEY is not: copy the Public Key from the General \
         Information page of your application in the Discord developer portal (see docs/OPERATING.md, \"Scaling out\")"
    )]
    MissingPublicKey,
    #[error(
        "DISCORD_TOKEN does not look like a bot token (expected three parts separated by dots, no spaces): \
         copy it again from the Bot page of your application in the Discord developer portal"
    )]
    MalformedToken,
    #[error(
        "DATABASE_URL names {} database, which akon does not support: set DATABASE_URL=sqlite:FILE, \
         e.g. DATABASE_URL=sqlite:akon.db, or a PostgreSQL URL, postgres://USER@HOST/DATABASE",
        database_kind(scheme)
    )]
    DatabaseNotSqlite { scheme: String },
    #[error(
        "DATABASE_URL is not a valid PostgreSQL URL ({reason}): write it as \
         postgres://USER:PASSWORD@HOST:PORT/DATABASE"
    )]
    DatabaseBadPostgresUrl { reason: String },
    #[error(
        "DATABASE_URL names an in-memory SQLite database, which would lose every game when the bot stops: \
         name a file, e.g. DATABASE_URL=sqlite:akon.db"
    )]
    DatabaseInMemory,
    #[error("DATABASE_URL names no database file after `sqlite:`: name one, e.g. DATABASE_URL=sqlite:akon.db")]
    DatabaseNotAFile,
    #[error("DATABASE_URL must be a sqlite: URL naming a file, e.g. DATABASE_URL=sqlite:akon.db, but it is `{value}`")]
    DatabaseNotAUrl { value: String },
    #[error(
        "{set} is set but {unset} is not: signing in on the web pages needs both (OAuth2 page of the \
         application in the Discord developer portal; see docs/WEB.md)"
    )]
    SignInHalf { set: &'static str, unset: &'static str },
    #[error(
        "DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are set but AKON_WEB_BASE_URL is not: signing in on \
         the web pages needs the pages' public address, where Discord sends the reader back (see docs/WEB.md)"
    )]
    SignInWithoutBaseUrl,
    #[error(
        "AKON_ACTIVITY=on needs {missing}: the Activity is the web pages' live game inside Discord, \
         signed in with Discord (see docs/OPERATING.md, \"The Discord Activity\")"
    )]
    ActivityWithout { missing: &'static str },
    #[error("{name} must be {what}, but it is `{value}`")]
    Invalid {
        name: &'static str,
        what: &'static str,
        value: String,
    },
}

impl Config {
    /// Reads `.env` (if present) and the environment.
    pub fn load() -> Result<Config, ConfigError> {
        // A missing .env is fine: the environment may hold everything.
        let _ = dotenvy::dotenv();
        Config::from_lookup(|name| env::var(name).ok().filter(|v| !v.trim().is_empty()))
    }

    /// Builds the configuration from any source of variables.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let token = get("DISCORD_TOKEN").ok_or(ConfigError::MissingToken)?;
        let token = token.trim().trim_start_matches("Bot ").to_string();
        if !looks_like_token(&token) {
            return Err(ConfigError::MalformedToken);
        }
        let vars = Variables(&get);
        let guild_id = vars.read(&GUILD_ID, whole_number(1u64..))?;
        let proxy_url = vars.read(&PROXY_URL, |value| {
            (value.starts_with("http://") || value.starts_with("https://")).then(|| value.to_string())
        })?;
        let defaults = ServiceConfig::default();
        let service = ServiceConfig {
            challenge_ttl_secs: vars
                .read(&CHALLENGE_TTL_HOURS, whole_number(1i64..=24 * 30))?
                .map_or(defaults.challenge_ttl_secs, |hours| hours * 3600),
            max_ongoing_games: vars
                .read(&MAX_ONGOING_GAMES, whole_number(1usize..))?
                .unwrap_or(defaults.max_ongoing_games),
            leaderboard_min_games: vars
                .read(&LEADERBOARD_MIN_GAMES, whole_number(0i64..))?
                .unwrap_or(defaults.leaderboard_min_games),
            rated_games_per_pair_per_day: vars
                .read(&RATED_GAMES_PER_PAIR_PER_DAY, whole_number(0u32..))?
                .unwrap_or(defaults.rated_games_per_pair_per_day),
            ..defaults
        };
        let scheduler_every = vars
            .read(&SCHEDULER_SECONDS, whole_number(1u64..=3600))?
            .map_or(crate::discord::SCHEDULER_EVERY, std::time::Duration::from_secs);
        let shards = vars
            .read(&SHARDS, |value| shard_plan(value.trim()))?
            .unwrap_or(ShardPlan::Recommended);
        let metrics_addr = vars.read(&METRICS_ADDR, socket_address)?;
        let web_addr = vars.read(&WEB_ADDR, socket_address)?;
        let web_base_url = vars.read(&WEB_BASE_URL, |value| web_base_url(value.trim()))?;
        let web_sign_in = web_sign_in(&vars, web_base_url.as_deref(), proxy_url.as_deref())?;
        let log_format = vars.read(&LOG_FORMAT, log_format)?.unwrap_or(LogFormat::Text);
        let interactions_addr = vars.read(&INTERACTIONS_ADDR, socket_address)?;
        let public_key = vars.read(&PUBLIC_KEY, |value| verifier(value.trim()))?;
        let interactions = match (interactions_addr, public_key) {
            (Some(addr), Some(verifier)) => Some((addr, InteractionsSettings { verifier })),
            (Some(_), None) => return Err(ConfigError::MissingPublicKey),
            (None, _) => None,
        };
        let activity = vars.read(&ACTIVITY, on_or_off)?.unwrap_or(false);
        if activity {
            let missing = match (web_addr, &web_sign_in) {
                (None, _) => Some("AKON_WEB_ADDR (the web pages serve it)"),
                (Some(_), None) => Some("signing in: DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and AKON_WEB_BASE_URL"),
                (Some(_), Some(_)) => None,
            };
            if let Some(missing) = missing {
                return Err(ConfigError::ActivityWithout { missing });
            }
        }
        let tables = tables_setting(&get)?;
        let database_url = match get("DATABASE_URL") {
            None => DEFAULT_DATABASE_URL.to_string(),
            Some(value) => database_url(value.trim())?.to_string(),
        };
        Ok(Config {
            metrics_addr,
            tables,
            web_addr,
            web_sign_in,
            interactions,
            discord: DiscordSettings {
                web_base_url,
                scheduler_every,
                token,
                guild_id,
                proxy_url,
                shards,
                activity,
            },
            database_url,
            service,
            log_format,
        })
    }

    /// The variables among `names` that look like settings of akon but are
    /// not, each with the known one it most resembles if any is close (a
    /// third of its letters or fewer differ).
    pub fn unknown_variables(names: impl IntoIterator<Item = String>) -> Vec<UnknownVariable> {
        let mut unknown: Vec<UnknownVariable> = names
            .into_iter()
            .filter(|name| !KNOWN_VARIABLES.contains(&name.as_str()))
            .filter_map(|name| {
                let (distance, closest) = KNOWN_VARIABLES
                    .iter()
                    .map(|known| (edit_distance(&name, known), *known))
                    .min()
                    .expect("the list of known variables is not empty");
                let in_family = CHECKED_PREFIXES.iter().any(|prefix| name.starts_with(prefix));
                let close = distance <= SLIP.max(closest.len() / 3);
                (in_family || distance <= SLIP).then(|| UnknownVariable {
                    closest: close.then_some(closest),
                    name,
                })
            })
            .collect();
        unknown.sort_by(|a, b| a.name.cmp(&b.name));
        unknown
    }
}

/// Checks that `value` is a `sqlite:` URL naming a file or a PostgreSQL
/// URL (the store's check), and says what to set if not. Never echoes a URL
/// with a scheme, since those can carry a password.
fn database_url(value: &str) -> Result<&str, ConfigError> {
    use crate::store::DatabaseUrlError;
    match crate::store::check_database_url(value) {
        Ok(_) => Ok(value),
        Err(DatabaseUrlError::Unsupported { scheme }) => Err(ConfigError::DatabaseNotSqlite { scheme }),
        Err(DatabaseUrlError::BadPostgres { reason }) => Err(ConfigError::DatabaseBadPostgresUrl { reason }),
        Err(DatabaseUrlError::InMemory) => Err(ConfigError::DatabaseInMemory),
        Err(DatabaseUrlError::NoFile) => Err(ConfigError::DatabaseNotAFile),
        Err(DatabaseUrlError::NotAUrl) => Err(ConfigError::DatabaseNotAUrl {
            value: value.to_string(),
        }),
    }
}

/// Sign in with Discord: both halves of the OAuth2 client and the public
/// address Discord sends the browser back to, or none of them.
fn web_sign_in<F: Fn(&str) -> Option<String>>(
    vars: &Variables<F>,
    web_base_url: Option<&str>,
    proxy_url: Option<&str>,
) -> Result<Option<crate::web::SignInSettings>, ConfigError> {
    let client_id = vars.read(&CLIENT_ID, whole_number(1u64..))?;
    // Never echoed: a bad secret's error would print it.
    let client_secret = match (vars.0)(CLIENT_SECRET.name) {
        None => None,
        Some(value) => {
            let value = value.trim().to_string();
            if value.len() < 16 || !value.bytes().all(|b| b.is_ascii_graphic()) {
                return Err(ConfigError::Invalid {
                    name: CLIENT_SECRET.name,
                    what: CLIENT_SECRET.must_be,
                    value: "(hidden)".to_string(),
                });
            }
            Some(value)
        }
    };
    match (client_id, client_secret, web_base_url) {
        (None, None, _) => Ok(None),
        (Some(client_id), Some(client_secret), Some(base_url)) => Ok(Some(crate::web::SignInSettings {
            client_id,
            client_secret,
            base_url: base_url.to_string(),
            discord_url: proxy_url.map(str::to_string),
        })),
        (Some(_), Some(_), None) => Err(ConfigError::SignInWithoutBaseUrl),
        (Some(_), None, _) => Err(ConfigError::SignInHalf {
            set: CLIENT_ID.name,
            unset: CLIENT_SECRET.name,
        }),
        (None, Some(_), _) => Err(ConfigError::SignInHalf {
            set: CLIENT_SECRET.name,
            unset: CLIENT_ID.name,
        }),
    }
}

/// The web view's public address as links start with it: an `http://` or
/// `https://` URL with a host, no query, fragment, space or quote (it goes
/// into every link as it is), without its trailing slashes.
fn web_base_url(text: &str) -> Option<String> {
    let rest = text.strip_prefix("https://").or_else(|| text.strip_prefix("http://"))?;
    let host = rest.split('/').next().unwrap_or("");
    let plain = |c: char| c.is_ascii_graphic() && !matches!(c, '?' | '#' | '"' | '\'' | '<' | '>' | '\\');
    (!host.is_empty() && !host.starts_with(':') && text.chars().all(plain))
        .then(|| text.trim_end_matches('/').to_string())
}

/// `FIRST-LAST/TOTAL` or `SHARD/TOTAL`, with `FIRST ≤ LAST < TOTAL`.
fn shard_plan(text: &str) -> Option<ShardPlan> {
    let (range, total) = text.split_once('/')?;
    let (first, last) = range.split_once('-').unwrap_or((range, range));
    let number = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|_| s.trim().chars().all(|c| c.is_ascii_digit()))
    };
    let (first, last, total) = (number(first)?, number(last)?, number(total)?);
    (first <= last && last < total).then_some(ShardPlan::Range { first, last, total })
}

/// The file a `sqlite:` URL accepted by [`Config::from_lookup`] names.
pub fn sqlite_path(url: &str) -> std::path::PathBuf {
    let rest = url.strip_prefix("sqlite:").unwrap_or(url);
    let path = rest.split_once('?').map_or(rest, |(path, _)| path);
    std::path::PathBuf::from(path.strip_prefix("//").unwrap_or(path))
}

fn is_postgres(scheme: &str) -> bool {
    matches!(scheme, "postgres" | "postgresql")
}

/// "a PostgreSQL", "a MySQL", or the scheme as written.
fn database_kind(scheme: &str) -> String {
    match scheme {
        _ if is_postgres(scheme) => "a PostgreSQL".to_string(),
        "mysql" | "mariadb" => "a MySQL".to_string(),
        other => format!("a `{other}:`"),
    }
}

/// Levenshtein distance: how many single-character edits turn `a` into `b`.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current.push(substitution.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
}

/// Three non-empty parts separated by dots, nothing that cannot go in an
/// HTTP header: what every Discord bot token looks like.
fn looks_like_token(token: &str) -> bool {
    let parts: Vec<&str> = token.split('.').collect();
    parts.len() == 3
        && parts.iter().all(|p| !p.is_empty())
        && token
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
}

/// The checker of interactions' signatures for a public key written as
/// 64 hexadecimal digits, as the developer portal shows it.
fn verifier(hex: &str) -> Option<serenity::interactions_endpoint::Verifier> {
    if hex.len() != 64 || !hex.is_ascii() {
        return None;
    }
    let mut key = [0u8; 32];
    for (n, byte) in key.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&hex[2 * n..2 * n + 2], 16).ok()?;
    }
    serenity::interactions_endpoint::Verifier::try_new(key).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn load(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Config::from_lookup(|name| map.get(name).cloned())
    }

    const TOKEN: &str = "MTAwMDAwMDAwMDAwMDAwMDAx.GfAkEx.fake-token-for-tests-only";

    #[test]
    fn a_missing_token_says_what_to_set() {
        let error = load(&[]).unwrap_err();
        assert_eq!(error, ConfigError::MissingToken);
        assert!(error.to_string().contains("DISCORD_TOKEN"));
    }

    #[test]
    fn a_malformed_token_is_refused_without_echoing_it() {
        for bad in ["not-a-token", "a..b", "abc.def.ghi jkl", "a.b.c.d"] {
            let error = load(&[("DISCORD_TOKEN", bad)]).unwrap_err();
            assert_eq!(error, ConfigError::MalformedToken, "{bad}");
            assert!(!error.to_string().contains(bad));
        }
    }

    #[test]
    fn defaults_apply_when_only_the_token_is_set() {
        let config = load(&[("DISCORD_TOKEN", TOKEN)]).unwrap();
        assert_eq!(config.database_url, DEFAULT_DATABASE_URL);
        assert_eq!(config.discord.guild_id, None);
        assert_eq!(config.service.max_ongoing_games, 25);
        assert_eq!(config.service.challenge_ttl_secs, 24 * 3600);
        assert_eq!(config.service.leaderboard_min_games, 5);
        assert_eq!(config.service.rated_games_per_pair_per_day, 5);
        assert_eq!(config.metrics_addr, None, "metrics are off by default");
        assert!(
            !format!("{config:?}").contains(TOKEN),
            "the token must never be printed"
        );
    }

    #[test]
    fn bad_numbers_name_the_variable() {
        let error = load(&[("DISCORD_TOKEN", TOKEN), ("DISCORD_GUILD_ID", "my server")]).unwrap_err();
        assert!(error.to_string().starts_with("DISCORD_GUILD_ID must be"));
        let error = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_MAX_ONGOING_GAMES", "0")]).unwrap_err();
        assert!(error.to_string().starts_with("AKON_MAX_ONGOING_GAMES must be"));
        for seconds in ["0", "3601", "20s", "-1"] {
            let error = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_SCHEDULER_SECONDS", seconds)]).unwrap_err();
            assert!(
                error.to_string().starts_with("AKON_SCHEDULER_SECONDS must be"),
                "{seconds}"
            );
        }
        let every = |vars: &[(&str, &str)]| load(vars).unwrap().discord.scheduler_every;
        assert_eq!(every(&[("DISCORD_TOKEN", TOKEN)]), crate::discord::SCHEDULER_EVERY);
        assert_eq!(
            every(&[("DISCORD_TOKEN", TOKEN), ("AKON_SCHEDULER_SECONDS", " 2 ")]),
            std::time::Duration::from_secs(2)
        );
        let error = load(&[("DISCORD_TOKEN", TOKEN), ("DISCORD_PROXY_URL", "localhost:3000")]).unwrap_err();
        assert!(error.to_string().starts_with("DISCORD_PROXY_URL must be"));
        let error = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_LEADERBOARD_MIN_GAMES", "-1")]).unwrap_err();
        assert!(error.to_string().starts_with("AKON_LEADERBOARD_MIN_GAMES must be"));
        let error = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_RATED_GAMES_PER_PAIR_PER_DAY", "many")]).unwrap_err();
        assert!(error
            .to_string()
            .starts_with("AKON_RATED_GAMES_PER_PAIR_PER_DAY must be"));
    }

    fn database_error(url: &str) -> ConfigError {
        load(&[("DISCORD_TOKEN", TOKEN), ("DATABASE_URL", url)]).unwrap_err()
    }

    #[test]
    fn sqlite_urls_naming_a_file_are_accepted_as_written() {
        for url in [
            "sqlite:akon.db",
            "sqlite://akon.db",
            "sqlite:///var/lib/akon/akon.db",
            "sqlite:data/akon.db?mode=rwc",
        ] {
            let config = load(&[("DISCORD_TOKEN", TOKEN), ("DATABASE_URL", url)]).unwrap();
            assert_eq!(config.database_url, url);
        }
    }

    #[test]
    fn a_plain_word_is_not_taken_for_a_file_name() {
        let error = database_error("garbage");
        assert_eq!(
            error,
            ConfigError::DatabaseNotAUrl {
                value: "garbage".into()
            }
        );
        let text = error.to_string();
        assert!(
            text.contains("sqlite:") && text.contains("DATABASE_URL=sqlite:akon.db"),
            "{text}"
        );
    }

    #[test]
    fn in_memory_and_fileless_sqlite_urls_are_refused_by_name() {
        let cases = [
            ("sqlite:", ConfigError::DatabaseNotAFile),
            ("sqlite://", ConfigError::DatabaseNotAFile),
            ("sqlite::memory:", ConfigError::DatabaseInMemory),
            ("sqlite://:memory:", ConfigError::DatabaseInMemory),
            ("sqlite:akon.db?mode=memory", ConfigError::DatabaseInMemory),
        ];
        for (url, expected) in cases {
            let error = database_error(url);
            assert_eq!(error, expected, "{url}");
            assert!(error.to_string().contains("e.g. DATABASE_URL=sqlite:akon.db"));
        }
    }

    #[test]
    fn postgresql_urls_are_accepted_as_written() {
        for url in [
            "postgres://akon:s3cret@db.example/akon",
            "postgresql://akon@db:5433/akon?sslmode=require",
        ] {
            let config = load(&[("DISCORD_TOKEN", TOKEN), ("DATABASE_URL", url)]).unwrap();
            assert_eq!(config.database_url, url);
        }
    }

    #[test]
    fn a_bad_postgresql_url_is_refused_without_echoing_the_password() {
        let text = database_error("postgres://akon:s3cret@db.example:port/akon").to_string();
        assert!(text.contains("not a valid PostgreSQL URL"), "{text}");
        assert!(!text.contains("s3cret"), "{text}");
        let text = database_error("mysql://root:pw@localhost/akon").to_string();
        assert!(text.contains("MySQL") && !text.contains("pw@"), "{text}");
    }

    #[test]
    fn the_log_format_is_text_or_json() {
        assert_eq!(load(&[("DISCORD_TOKEN", TOKEN)]).unwrap().log_format, LogFormat::Text);
        let json = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_LOG_FORMAT", "json")]).unwrap();
        assert_eq!(json.log_format, LogFormat::Json);
        let error = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_LOG_FORMAT", "xml")]).unwrap_err();
        assert!(
            error.to_string().starts_with("AKON_LOG_FORMAT must be `text`"),
            "{error}"
        );
    }

    #[test]
    fn a_misspelt_variable_is_matched_to_the_closest_known_one() {
        let names = [
            "AKON_CHALENGE_TTL_HOURS",
            "DISCORD_GUILD",
            "DATABASE_ULR",
            "DISCROD_TOKEN",
            "AKON_THEME",
            "AKON_LOG_FORMAT",
            "PATH",
            "HOME",
            "DISPLAY",
        ];
        let unknown = Config::unknown_variables(names.iter().map(|n| n.to_string()));
        let pairs: Vec<(&str, Option<&str>)> = unknown.iter().map(|u| (u.name.as_str(), u.closest)).collect();
        assert_eq!(
            pairs,
            [
                ("AKON_CHALENGE_TTL_HOURS", Some("AKON_CHALLENGE_TTL_HOURS")),
                ("AKON_THEME", None),
                ("DATABASE_ULR", Some("DATABASE_URL")),
                ("DISCORD_GUILD", Some("DISCORD_GUILD_ID")),
                ("DISCROD_TOKEN", Some("DISCORD_TOKEN")),
            ]
        );
        assert_eq!(
            unknown[0].to_string(),
            "AKON_CHALENGE_TTL_HOURS is not a setting of akon and is ignored: did you mean AKON_CHALLENGE_TTL_HOURS?"
        );
        assert_eq!(
            unknown[1].to_string(),
            "AKON_THEME is not a setting of akon and is ignored: the settings are listed in .env.example"
        );
    }

    #[test]
    fn every_variable_in_the_example_file_is_known() {
        let example = include_str!("../.env.example");
        let named: Vec<&str> = example
            .lines()
            .map(|line| line.trim_start_matches(['#', ' ']))
            .filter_map(|line| line.split_once('=').map(|(name, _)| name))
            .filter(|name| !name.is_empty() && name.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
            .filter(|name| CHECKED_PREFIXES.iter().any(|prefix| name.starts_with(prefix)))
            .collect();
        assert!(named.len() >= 8, "{named:?}");
        for name in named {
            assert!(KNOWN_VARIABLES.contains(&name), "{name} is documented but unknown");
        }
        for known in KNOWN_VARIABLES {
            assert!(
                example.contains(&format!("{known}=")),
                "{known} is missing from .env.example"
            );
        }
    }

    #[test]
    fn edit_distance_counts_single_character_edits() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("same", "same"), 0);
    }

    #[test]
    fn akon_shards_names_a_range_of_the_total() {
        let shards = |value: &str| load(&[("DISCORD_TOKEN", TOKEN), ("AKON_SHARDS", value)]).map(|c| c.discord.shards);
        assert_eq!(
            load(&[("DISCORD_TOKEN", TOKEN)]).unwrap().discord.shards,
            ShardPlan::Recommended
        );
        assert_eq!(
            shards("0-1/4").unwrap(),
            ShardPlan::Range {
                first: 0,
                last: 1,
                total: 4
            }
        );
        assert_eq!(
            shards("3/4").unwrap(),
            ShardPlan::Range {
                first: 3,
                last: 3,
                total: 4
            }
        );
        assert!(shards("0-1/4").unwrap().runs_shard_zero());
        assert!(!shards("2-3/4").unwrap().runs_shard_zero());
        for bad in [
            "4/4", "2-1/4", "0-4/4", "1", "a-b/4", "0-1/0", "-1/4", "0-1/4/8", "+1/4",
        ] {
            let error = shards(bad).unwrap_err().to_string();
            assert!(
                error.starts_with("AKON_SHARDS must be") && error.contains(bad),
                "{bad}: {error}"
            );
        }
    }

    #[test]
    fn http_mode_needs_an_address_and_the_public_key() {
        // A valid Ed25519 public key (RFC 8032's first test vector).
        const KEY: &str = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
        let gateway = load(&[("DISCORD_TOKEN", TOKEN)]).unwrap();
        assert!(gateway.interactions.is_none());
        let key_alone = load(&[("DISCORD_TOKEN", TOKEN), ("DISCORD_PUBLIC_KEY", KEY)]).unwrap();
        assert!(key_alone.interactions.is_none());
        let http = load(&[
            ("DISCORD_TOKEN", TOKEN),
            ("AKON_INTERACTIONS_ADDR", "127.0.0.1:8443"),
            ("DISCORD_PUBLIC_KEY", KEY),
        ])
        .unwrap();
        assert_eq!(
            http.interactions.map(|(addr, _)| addr),
            Some("127.0.0.1:8443".parse().unwrap())
        );
        let no_key = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_INTERACTIONS_ADDR", "127.0.0.1:8443")]).unwrap_err();
        assert_eq!(no_key, ConfigError::MissingPublicKey);
        assert!(no_key.to_string().contains("DISCORD_PUBLIC_KEY"), "{no_key}");
        for bad in [
            "",
            "d75a98",
            &KEY[1..],
            &format!("{}zz", &KEY[..62]),
            "é".repeat(32).as_str(),
        ] {
            let error = load(&[
                ("DISCORD_TOKEN", TOKEN),
                ("AKON_INTERACTIONS_ADDR", "127.0.0.1:8443"),
                ("DISCORD_PUBLIC_KEY", bad),
            ])
            .map(|_| ())
            .unwrap_err()
            .to_string();
            assert!(error.starts_with("DISCORD_PUBLIC_KEY must be"), "{bad}: {error}");
        }
        let error = load(&[
            ("DISCORD_TOKEN", TOKEN),
            ("AKON_INTERACTIONS_ADDR", "8443"),
            ("DISCORD_PUBLIC_KEY", KEY),
        ])
        .unwrap_err()
        .to_string();
        assert!(error.starts_with("AKON_INTERACTIONS_ADDR must be"), "{error}");
    }

    #[test]
    fn the_tables_are_built_by_default_off_or_a_path() {
        let config = load(&[("DISCORD_TOKEN", TOKEN)]).unwrap();
        assert_eq!(
            config.tables,
            TablesSetting::Default {
                max_seeds: DEFAULT_TABLES_SEEDS
            }
        );
        let config = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_TABLES_SEEDS", " 9 ")]).unwrap();
        assert_eq!(config.tables, TablesSetting::Default { max_seeds: 9 });
        for off in ["off", " OFF "] {
            let config = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_TABLES", off)]).unwrap();
            assert_eq!(config.tables, TablesSetting::Off, "{off:?}");
        }
        let config = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_TABLES", " /var/lib/akon/tables.bin ")]).unwrap();
        assert_eq!(config.tables, TablesSetting::File("/var/lib/akon/tables.bin".into()));
        for bad in ["0", "41", "twelve", "-3"] {
            let error = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_TABLES_SEEDS", bad)])
                .unwrap_err()
                .to_string();
            assert_eq!(
                error,
                format!("AKON_TABLES_SEEDS must be a whole number of seeds from 1 to 40, but it is `{bad}`")
            );
        }
    }

    #[test]
    fn the_metrics_address_is_an_ip_and_a_port() {
        let config = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_METRICS_ADDR", "127.0.0.1:9100")]).unwrap();
        assert_eq!(config.metrics_addr, Some("127.0.0.1:9100".parse().unwrap()));
        let config = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_METRICS_ADDR", "[::1]:9100")]).unwrap();
        assert_eq!(config.metrics_addr, Some("[::1]:9100".parse().unwrap()));
        for bad in [
            "9100",
            "localhost:9100",
            "127.0.0.1",
            "127.0.0.1:99999",
            "http://127.0.0.1:9100",
        ] {
            let error = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_METRICS_ADDR", bad)]).unwrap_err();
            let text = error.to_string();
            assert!(text.starts_with("AKON_METRICS_ADDR must be"), "{bad}: {text}");
            assert!(text.contains(bad), "{text}");
        }
    }

    #[test]
    fn signing_in_needs_both_halves_of_the_client_and_the_base_url() {
        const SECRET: &str = "s3cr3t-0123456789abcdef";
        let base = ("AKON_WEB_BASE_URL", "https://akon.example.org/");
        let config = load(&[("DISCORD_TOKEN", TOKEN), base]).unwrap();
        assert!(config.web_sign_in.is_none(), "off unless set");
        let config = load(&[
            ("DISCORD_TOKEN", TOKEN),
            base,
            ("DISCORD_CLIENT_ID", "1234"),
            ("DISCORD_CLIENT_SECRET", SECRET),
            ("DISCORD_PROXY_URL", "http://127.0.0.1:3000"),
        ])
        .unwrap();
        let sign_in = config.web_sign_in.unwrap();
        assert_eq!(
            (sign_in.client_id, sign_in.base_url.as_str()),
            (1234, "https://akon.example.org")
        );
        assert_eq!(sign_in.discord_url.as_deref(), Some("http://127.0.0.1:3000"));
        assert!(!format!("{sign_in:?}").contains(SECRET), "the secret is never printed");
        let half = load(&[("DISCORD_TOKEN", TOKEN), base, ("DISCORD_CLIENT_ID", "1234")]).unwrap_err();
        assert!(
            half.to_string()
                .starts_with("DISCORD_CLIENT_ID is set but DISCORD_CLIENT_SECRET is not"),
            "{half}"
        );
        let half = load(&[("DISCORD_TOKEN", TOKEN), base, ("DISCORD_CLIENT_SECRET", SECRET)]).unwrap_err();
        assert!(
            half.to_string()
                .starts_with("DISCORD_CLIENT_SECRET is set but DISCORD_CLIENT_ID is not"),
            "{half}"
        );
        let no_base = load(&[
            ("DISCORD_TOKEN", TOKEN),
            ("DISCORD_CLIENT_ID", "1234"),
            ("DISCORD_CLIENT_SECRET", SECRET),
        ])
        .unwrap_err();
        assert!(no_base.to_string().contains("AKON_WEB_BASE_URL is not"), "{no_base}");
        let bad_id = load(&[("DISCORD_TOKEN", TOKEN), base, ("DISCORD_CLIENT_ID", "my-app")]).unwrap_err();
        assert!(bad_id.to_string().starts_with("DISCORD_CLIENT_ID must be"), "{bad_id}");
        let short = load(&[
            ("DISCORD_TOKEN", TOKEN),
            base,
            ("DISCORD_CLIENT_ID", "1234"),
            ("DISCORD_CLIENT_SECRET", "short secret"),
        ])
        .unwrap_err()
        .to_string();
        assert!(
            short.starts_with("DISCORD_CLIENT_SECRET must be") && !short.contains("short secret"),
            "{short}"
        );
        assert_eq!(short.lines().count(), 1);
    }

    #[test]
    fn the_web_view_is_off_unless_its_address_is_set() {
        let config = load(&[("DISCORD_TOKEN", TOKEN)]).unwrap();
        assert_eq!(config.web_addr, None);
        assert_eq!(config.discord.web_base_url, None);
        let config = load(&[
            ("DISCORD_TOKEN", TOKEN),
            ("AKON_WEB_ADDR", "127.0.0.1:8080"),
            ("AKON_WEB_BASE_URL", "https://akon.example.org/replays/"),
        ])
        .unwrap();
        assert_eq!(config.web_addr, Some("127.0.0.1:8080".parse().unwrap()));
        assert_eq!(
            config.discord.web_base_url.as_deref(),
            Some("https://akon.example.org/replays")
        );
        let error = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_WEB_ADDR", "localhost:8080")]).unwrap_err();
        assert!(error.to_string().starts_with("AKON_WEB_ADDR must be"), "{error}");
    }

    #[test]
    fn a_web_base_url_goes_into_links_only_if_it_is_a_plain_http_url() {
        for good in [
            "http://127.0.0.1:8080",
            "https://akon.example.org",
            "https://example.org/akon/",
        ] {
            let config = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_WEB_BASE_URL", good)]).unwrap();
            assert!(config.discord.web_base_url.is_some(), "{good}");
        }
        for bad in [
            "akon.example.org",
            "ftp://akon.example.org",
            "https://",
            "https:///path",
            "https://example.org/?a=1",
            "https://example.org/#top",
            "https://exa mple.org",
            "https://example.org/\"><script>",
        ] {
            let error = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_WEB_BASE_URL", bad)]).unwrap_err();
            let text = error.to_string();
            assert!(text.starts_with("AKON_WEB_BASE_URL must be"), "{bad}: {text}");
            assert_eq!(text.lines().count(), 1, "{text}");
        }
    }

    #[test]
    fn the_activity_is_off_unless_on_and_needs_the_web_pages_and_signing_in() {
        let web = [
            ("DISCORD_TOKEN", TOKEN),
            ("AKON_WEB_ADDR", "127.0.0.1:8080"),
            ("AKON_WEB_BASE_URL", "https://akon.example.org"),
            ("DISCORD_CLIENT_ID", "123456789012345678"),
            ("DISCORD_CLIENT_SECRET", "a-client-secret-of-some-length"),
        ];
        assert!(!load(&web).unwrap().discord.activity);
        for (value, on) in [("on", true), (" ON ", true), ("off", false), ("Off", false)] {
            let mut vars = web.to_vec();
            vars.push(("AKON_ACTIVITY", value));
            assert_eq!(load(&vars).unwrap().discord.activity, on, "{value}");
        }
        let error = load(&[web.as_slice(), &[("AKON_ACTIVITY", "yes")]].concat()).unwrap_err();
        assert!(error.to_string().starts_with("AKON_ACTIVITY must be"), "{error}");
        // Without the pages, or without signing in: one line saying what is missing.
        let error = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_ACTIVITY", "on")]).unwrap_err();
        assert!(
            error.to_string().starts_with("AKON_ACTIVITY=on needs AKON_WEB_ADDR"),
            "{error}"
        );
        let error = load(&[
            ("DISCORD_TOKEN", TOKEN),
            ("AKON_WEB_ADDR", "127.0.0.1:8080"),
            ("AKON_ACTIVITY", "on"),
        ])
        .unwrap_err();
        let text = error.to_string();
        assert!(text.contains("DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET"), "{text}");
        assert!(!text.contains("a-client-secret"), "{text}");
        assert_eq!(text.lines().count(), 1, "{text}");
    }
}
