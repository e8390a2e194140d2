//! Configuration, read once at start-up from the environment and `.env`
//! into one struct, with a clear message for anything missing or wrong.

use std::env;

use crate::discord::DiscordSettings;
use crate::service::ServiceConfig;

/// Where the database lives when `DATABASE_URL` is not set: a file in the
/// working directory.
pub const DEFAULT_DATABASE_URL: &str = "sqlite:akon.db";

#[derive(Debug, Clone)]
pub struct Config {
    pub discord: DiscordSettings,
    pub database_url: String,
    pub service: ServiceConfig,
    /// Where to serve `/healthz` and `/metrics` (`AKON_METRICS_ADDR`); off
    /// when `None`.
    pub metrics_addr: Option<std::net::SocketAddr>,
}

/// What is wrong with the configuration, saying what to set. Never holds
/// the token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error(
        "DISCORD_TOKEN is not set: put `DISCORD_TOKEN=<your bot token>` in a file named .env here \
         (copy .env.example), or set it in the environment. See README.md, \"Running the bot\"."
    )]
    MissingToken,
    #[error(
        "DISCORD_TOKEN does not look like a bot token (expected three parts separated by dots, no spaces): \
         copy it again from the Bot page of your application in the Discord developer portal"
    )]
    MalformedToken,
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
        let guild_id =
            match get("DISCORD_GUILD_ID") {
                None => None,
                Some(value) => Some(value.trim().parse::<u64>().ok().filter(|&id| id > 0).ok_or(
                    ConfigError::Invalid {
                        name: "DISCORD_GUILD_ID",
                        what: "a server id (a number: right-click the server with developer mode on, Copy Server ID)",
                        value,
                    },
                )?),
            };
        let proxy_url = match get("DISCORD_PROXY_URL") {
            None => None,
            Some(value) if value.starts_with("http://") || value.starts_with("https://") => Some(value),
            Some(value) => {
                return Err(ConfigError::Invalid {
                    name: "DISCORD_PROXY_URL",
                    what: "an http:// or https:// URL",
                    value,
                })
            }
        };
        let mut service = ServiceConfig::default();
        if let Some(value) = get("AKON_CHALLENGE_TTL_HOURS") {
            let hours = value.trim().parse::<i64>().ok().filter(|&h| (1..=24 * 30).contains(&h));
            service.challenge_ttl_secs = hours.ok_or(ConfigError::Invalid {
                name: "AKON_CHALLENGE_TTL_HOURS",
                what: "a whole number of hours from 1 to 720",
                value,
            })? * 3600;
        }
        if let Some(value) = get("AKON_MAX_ONGOING_GAMES") {
            service.max_ongoing_games =
                value
                    .trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or(ConfigError::Invalid {
                        name: "AKON_MAX_ONGOING_GAMES",
                        what: "a whole number of at least 1",
                        value,
                    })?;
        }
        if let Some(value) = get("AKON_LEADERBOARD_MIN_GAMES") {
            service.leaderboard_min_games =
                value
                    .trim()
                    .parse::<i64>()
                    .ok()
                    .filter(|&n| n >= 0)
                    .ok_or(ConfigError::Invalid {
                        name: "AKON_LEADERBOARD_MIN_GAMES",
                        what: "a whole number of at least 0",
                        value,
                    })?;
        }
        if let Some(value) = get("AKON_RATED_GAMES_PER_PAIR_PER_DAY") {
            service.rated_games_per_pair_per_day = value.trim().parse::<u32>().ok().ok_or(ConfigError::Invalid {
                name: "AKON_RATED_GAMES_PER_PAIR_PER_DAY",
                what: "a whole number of at least 0",
                value,
            })?;
        }
        let metrics_addr = match get("AKON_METRICS_ADDR") {
            None => None,
            Some(value) => Some(value.trim().parse().map_err(|_| ConfigError::Invalid {
                name: "AKON_METRICS_ADDR",
                what: "an IP address and port to serve /healthz and /metrics on, such as 127.0.0.1:9100",
                value,
            })?),
        };
        Ok(Config {
            metrics_addr,
            discord: DiscordSettings {
                scheduler_every: crate::discord::SCHEDULER_EVERY,
                token,
                guild_id,
                proxy_url,
            },
            database_url: get("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string()),
            service,
        })
    }
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
        let error = load(&[("DISCORD_TOKEN", TOKEN), ("DISCORD_PROXY_URL", "localhost:3000")]).unwrap_err();
        assert!(error.to_string().starts_with("DISCORD_PROXY_URL must be"));
        let error = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_LEADERBOARD_MIN_GAMES", "-1")]).unwrap_err();
        assert!(error.to_string().starts_with("AKON_LEADERBOARD_MIN_GAMES must be"));
        let error = load(&[("DISCORD_TOKEN", TOKEN), ("AKON_RATED_GAMES_PER_PAIR_PER_DAY", "many")]).unwrap_err();
        assert!(error
            .to_string()
            .starts_with("AKON_RATED_GAMES_PER_PAIR_PER_DAY must be"));
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
}
