//! Sign in with Discord: the OAuth2 authorization code flow, scope
//! `identify`, as a small client any adapter may use (the web page's
//! `/auth/callback`, an embedded app's exchange).
//!
//! Discord is `https://discord.com`, or `DISCORD_PROXY_URL` when set (the
//! tests' fake Discord). The code, the access token and the client secret
//! live for one request: never logged, never stored, and their `Debug` says
//! nothing of them.

use std::time::Duration;

/// How long one call to Discord may take.
const CALL_TIME_LIMIT: Duration = Duration::from_secs(10);
/// Largest answer read from Discord.
const MOST_ANSWER_BYTES: usize = 64 * 1024;

/// The application's OAuth2 client.
#[derive(Clone)]
pub struct DiscordOAuth {
    http: reqwest::Client,
    /// Discord's address, without a trailing slash.
    base: String,
    client_id: u64,
    client_secret: String,
}

impl std::fmt::Debug for DiscordOAuth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordOAuth")
            .field("base", &self.base)
            .field("client_id", &self.client_id)
            .finish_non_exhaustive()
    }
}

/// An access token Discord granted: used once, then dropped.
pub struct AccessToken(String);

impl AccessToken {
    /// The token as Discord sent it, for an `Authorization: Bearer` header.
    pub fn secret(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for AccessToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AccessToken(<hidden>)")
    }
}

/// Who signed in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscordUser {
    pub id: u64,
    /// The display name (global name), else the username.
    pub name: String,
}

/// Why a sign-in failed; none carries the code or a token.
#[derive(Debug, thiserror::Error)]
pub enum OAuthError {
    #[error("Discord refused the sign-in ({status})")]
    Refused { status: u16 },
    #[error("Discord could not be reached: {0}")]
    Unreachable(String),
    #[error("Discord's answer could not be read")]
    Unreadable,
}

impl DiscordOAuth {
    /// A client for the application `client_id`, talking to
    /// `discord_url` (`DISCORD_PROXY_URL`) or `https://discord.com`.
    pub fn new(client_id: u64, client_secret: String, discord_url: Option<&str>) -> DiscordOAuth {
        let http = reqwest::Client::builder()
            .timeout(CALL_TIME_LIMIT)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap_or_default();
        DiscordOAuth {
            http,
            base: discord_url
                .unwrap_or("https://discord.com")
                .trim_end_matches('/')
                .to_string(),
            client_id,
            client_secret,
        }
    }

    /// The application's id.
    pub fn client_id(&self) -> u64 {
        self.client_id
    }

    /// Where to send the browser to sign in: Discord's consent page, which
    /// comes back to `redirect_uri` with `code` and `state`.
    pub fn authorize_url(&self, redirect_uri: &str, state: &str) -> String {
        format!(
            "{}/oauth2/authorize?response_type=code&client_id={}&scope=identify&state={}&redirect_uri={}&prompt=none",
            self.base,
            self.client_id,
            percent_encode(state),
            percent_encode(redirect_uri)
        )
    }

    /// Trades a code Discord gave for an access token. `redirect_uri`: the
    /// one the code was asked with (`None` for an embedded app's code,
    /// asked without one).
    pub async fn exchange_code(&self, code: &str, redirect_uri: Option<&str>) -> Result<AccessToken, OAuthError> {
        let client_id = self.client_id.to_string();
        let mut form = vec![
            ("grant_type", "authorization_code"),
            ("code", code),
            ("client_id", client_id.as_str()),
            ("client_secret", self.client_secret.as_str()),
        ];
        if let Some(redirect_uri) = redirect_uri {
            form.push(("redirect_uri", redirect_uri));
        }
        let body = form
            .iter()
            .map(|(name, value)| format!("{name}={}", percent_encode(value)))
            .collect::<Vec<_>>()
            .join("&");
        let request = self
            .http
            .post(format!("{}/api/v10/oauth2/token", self.base))
            .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(body);
        let answer = self.call(request).await?;
        answer
            .get("access_token")
            .and_then(|token| token.as_str())
            .filter(|token| !token.is_empty())
            .map(|token| AccessToken(token.to_string()))
            .ok_or(OAuthError::Unreadable)
    }

    /// The user an access token is for.
    pub async fn current_user(&self, access_token: &AccessToken) -> Result<DiscordUser, OAuthError> {
        let request = self
            .http
            .get(format!("{}/api/v10/users/@me", self.base))
            .bearer_auth(access_token.secret());
        let answer = self.call(request).await?;
        let id = answer
            .get("id")
            .and_then(|id| id.as_str())
            .and_then(|id| id.parse().ok())
            .ok_or(OAuthError::Unreadable)?;
        let name = ["global_name", "username"]
            .iter()
            .find_map(|field| answer.get(field).and_then(|n| n.as_str()).filter(|n| !n.is_empty()))
            .ok_or(OAuthError::Unreadable)?;
        Ok(DiscordUser {
            id,
            name: name.to_string(),
        })
    }

    /// Sends `request` and reads its JSON answer, bounded in size.
    async fn call(&self, request: reqwest::RequestBuilder) -> Result<serde_json::Value, OAuthError> {
        // The error's text may hold the URL, never a secret: both are in bodies or headers.
        let response = request
            .send()
            .await
            .map_err(|error| OAuthError::Unreachable(error.without_url().to_string()))?;
        let status = response.status();
        if !status.is_success() {
            return Err(OAuthError::Refused {
                status: status.as_u16(),
            });
        }
        let bytes = response
            .bytes()
            .await
            .map_err(|error| OAuthError::Unreachable(error.without_url().to_string()))?;
        if bytes.len() > MOST_ANSWER_BYTES {
            return Err(OAuthError::Unreadable);
        }
        serde_json::from_slice(&bytes).map_err(|_| OAuthError::Unreadable)
    }
}

/// `text` percent-encoded for a URL's query or a form (RFC 3986's
/// unreserved characters kept).
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// `text` from a URL's query, percent-escapes and `+` decoded; `None` if
/// it is not UTF-8 once decoded.
pub fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = text.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            byte => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_authorize_url_asks_for_identify_with_the_state() {
        let oauth = DiscordOAuth::new(12, "secret".into(), Some("http://127.0.0.1:9/"));
        let url = oauth.authorize_url("https://a.example/auth/callback", "s-1");
        assert_eq!(
            url,
            "http://127.0.0.1:9/oauth2/authorize?response_type=code&client_id=12&scope=identify&state=s-1\
             &redirect_uri=https%3A%2F%2Fa.example%2Fauth%2Fcallback&prompt=none"
        );
        assert!(!format!("{oauth:?}").contains("secret"));
    }

    #[test]
    fn percent_encoding_round_trips() {
        for text in ["", "a b&c=d/é", "g/AAAA-_~.", "100%"] {
            assert_eq!(percent_decode(&percent_encode(text)).as_deref(), Some(text));
        }
        assert_eq!(percent_decode("%zz"), None);
        assert_eq!(percent_decode("%4"), None);
    }
}
