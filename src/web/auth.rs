//! Sign in with Discord on the pages: `/auth/login` sends the reader to
//! Discord with a random `state` bound to the browser by a short-lived
//! signed cookie; `/auth/callback` checks it, trades the code for the
//! user's id and name, and sets the session cookie; `POST /auth/logout`
//! removes it; `/auth/session` tells the page's script who is signed in and
//! the session's CSRF token.

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use super::discord_oauth::{percent_decode, DiscordOAuth};
use super::session::{self, Sessions, SESSION_COOKIE, SESSION_SECONDS, STATE_COOKIE, STATE_SECONDS};
use super::{context, html, language, pages, query, Caching, Site};
use crate::i18n::Language;
use crate::service::is_token_shaped;
use crate::tr;

/// What signing in needs, as configured (`DISCORD_CLIENT_ID`,
/// `DISCORD_CLIENT_SECRET`, `AKON_WEB_BASE_URL`, `DISCORD_PROXY_URL`).
#[derive(Clone)]
pub struct SignInSettings {
    pub client_id: u64,
    pub client_secret: String,
    /// The pages' public address, without a trailing slash.
    pub base_url: String,
    /// Discord's address when not `https://discord.com`.
    pub discord_url: Option<String>,
}

impl std::fmt::Debug for SignInSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SignInSettings")
            .field("client_id", &self.client_id)
            .field("base_url", &self.base_url)
            .field("discord_url", &self.discord_url)
            .finish_non_exhaustive()
    }
}

/// Signing in, ready to serve.
pub(super) struct SignIn {
    pub sessions: Sessions,
    pub oauth: DiscordOAuth,
    base_url: String,
    redirect_uri: String,
    /// The cookies' path: the base URL's path, so that they go to the
    /// site's pages only.
    cookie_path: String,
}

impl SignIn {
    pub fn new(settings: &SignInSettings) -> SignIn {
        let base_url = settings.base_url.trim_end_matches('/').to_string();
        let after_host = base_url.splitn(4, '/').nth(3).unwrap_or("");
        SignIn {
            sessions: Sessions::new(settings.client_secret.as_bytes()),
            oauth: DiscordOAuth::new(
                settings.client_id,
                settings.client_secret.clone(),
                settings.discord_url.as_deref(),
            ),
            redirect_uri: format!("{base_url}/auth/callback"),
            cookie_path: format!("/{after_host}"),
            base_url,
        }
    }

    fn cookie(&self, name: &str, value: &str, max_age: i64) -> String {
        // Always `Secure`: browsers keep such a cookie only over HTTPS or
        // from a loopback address (a developer's own machine), so a session
        // never travels in clear.
        session::set_cookie(name, value, &self.cookie_path, max_age)
    }
}

/// Where a sign-in may lead back to: the front page or a game's page,
/// given as `g/TOKEN` or `/g/TOKEN`; anything else leads to the front page
/// (never another site).
pub(super) fn next_page(asked: &str) -> String {
    let path = asked.trim_start_matches('/');
    match path.strip_prefix("g/") {
        Some(token) if is_token_shaped(token) => path.to_string(),
        _ => String::new(),
    }
}

fn query_value(uri: &Uri, name: &str) -> Option<String> {
    uri.query()?
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(n, _)| *n == name)
        .and_then(|(_, value)| percent_decode(value))
}

fn no_store(response: &mut Response) {
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-store"));
}

fn redirect(location: &str, cookies: &[String]) -> Response {
    let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, location.to_string())]).into_response();
    for cookie in cookies {
        if let Ok(value) = header::HeaderValue::from_str(cookie) {
            response.headers_mut().append(header::SET_COOKIE, value);
        }
    }
    no_store(&mut response);
    response
}

/// `GET /auth/login?next=g/TOKEN`
pub(super) async fn login(State(site): State<Site>, headers: HeaderMap, uri: Uri) -> Response {
    let Some(sign_in) = site.sign_in.clone() else {
        return off(&headers, &uri);
    };
    let next = next_page(&query_value(&uri, "next").unwrap_or_default());
    let Some((state, cookie)) = sign_in.sessions.begin_sign_in(&next, site.service.now()) else {
        tracing::warn!("the operating system gave no random bytes for a sign-in");
        return failed(&headers, &uri, StatusCode::SERVICE_UNAVAILABLE, |l| {
            tr!(l, "web-sign-in-refused")
        });
    };
    let location = sign_in.oauth.authorize_url(&sign_in.redirect_uri, &state);
    redirect(&location, &[sign_in.cookie(STATE_COOKIE, &cookie, STATE_SECONDS)])
}

/// `GET /auth/callback?code=…&state=…`
pub(super) async fn callback(State(site): State<Site>, headers: HeaderMap, uri: Uri) -> Response {
    let Some(sign_in) = site.sign_in.clone() else {
        return off(&headers, &uri);
    };
    let now = site.service.now();
    let state = query_value(&uri, "state").unwrap_or_default();
    let signed =
        session::cookie(&headers, STATE_COOKIE).and_then(|cookie| sign_in.sessions.finish_sign_in(cookie, &state, now));
    let Some(signed) = signed else {
        tracing::info!("a sign-in came back without its state, or with another");
        return failed(&headers, &uri, StatusCode::BAD_REQUEST, |l| tr!(l, "web-sign-in-state"));
    };
    let Some(code) = query_value(&uri, "code").filter(|code| !code.is_empty()) else {
        // Discord sends `error=access_denied` when the reader says no.
        return failed(&headers, &uri, StatusCode::BAD_REQUEST, |l| {
            tr!(l, "web-sign-in-cancelled")
        });
    };
    let user = match sign_in.oauth.exchange_code(&code, Some(&sign_in.redirect_uri)).await {
        Ok(token) => sign_in.oauth.current_user(&token).await,
        Err(error) => Err(error),
    };
    let user = match user {
        Ok(user) => user,
        Err(error) => {
            tracing::warn!(%error, "a sign-in with Discord failed");
            return failed(&headers, &uri, StatusCode::BAD_GATEWAY, |l| {
                tr!(l, "web-sign-in-refused")
            });
        }
    };
    let token = sign_in.sessions.issue(user.id, &user.name, now);
    redirect(
        &format!("{}/{}", sign_in.base_url, signed.next),
        &[
            sign_in.cookie(SESSION_COOKIE, &token, SESSION_SECONDS),
            sign_in.cookie(STATE_COOKIE, "", 0),
        ],
    )
}

/// `POST /auth/logout`: the session cookie removed (a stateless session
/// cannot be revoked sooner than it expires; the browser forgets it).
pub(super) async fn logout(State(site): State<Site>) -> Response {
    let Some(sign_in) = site.sign_in.clone() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let mut response = StatusCode::NO_CONTENT.into_response();
    if let Ok(value) = header::HeaderValue::from_str(&sign_in.cookie(SESSION_COOKIE, "", 0)) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    no_store(&mut response);
    response
}

/// `GET /auth/session`: who is signed in, for the page's script, with the
/// session's CSRF token; the sign-in address otherwise.
pub(super) async fn current(State(site): State<Site>, headers: HeaderMap, uri: Uri) -> Response {
    let Some(sign_in) = site.sign_in.clone() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let l = language(&query(&uri), &headers);
    let texts = serde_json::json!({
        "sign_in": tr!(l, "web-sign-in"),
        "sign_out": tr!(l, "web-sign-out"),
    });
    let user = session::session_token(&headers)
        .and_then(|(token, _)| Some((token, sign_in.sessions.verify(token, site.service.now())?)));
    let body = match user {
        Some((token, user)) => serde_json::json!({
            "signed_in": true,
            "user_id": user.user_id.to_string(),
            "name": user.name,
            "signed_in_as": tr!(l, "web-signed-in-as", name = user.name.clone()),
            "csrf": sign_in.sessions.csrf_token(token),
            "texts": texts,
        }),
        None => serde_json::json!({ "signed_in": false, "texts": texts }),
    };
    let mut response = (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::VARY, "Cookie, Authorization"),
        ],
        body.to_string(),
    )
        .into_response();
    no_store(&mut response);
    response
}

/// Signing in is not set up: no such page.
fn off(headers: &HeaderMap, uri: &Uri) -> Response {
    let query = query(uri);
    let cx = context(language(&query, headers), &query, "../");
    super::not_found(headers, &cx)
}

fn failed(headers: &HeaderMap, uri: &Uri, status: StatusCode, why: fn(Language) -> String) -> Response {
    let query = query(uri);
    let l: Language = language(&query, headers);
    let cx = context(l, &query, "../");
    let mut response = html(headers, status, l, pages::sign_in_failed(&cx, &why(l)), Caching::Live);
    no_store(&mut response);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sign_in_leads_back_to_a_game_page_or_the_front_page_only() {
        assert_eq!(next_page("/g/AAAAAAAAAAAAAAAAAAAAAA"), "g/AAAAAAAAAAAAAAAAAAAAAA");
        assert_eq!(next_page("g/AAAAAAAAAAAAAAAAAAAAAA"), "g/AAAAAAAAAAAAAAAAAAAAAA");
        for elsewhere in [
            "//evil.example",
            "https://evil.example/",
            "g/short",
            "/s/AAAAAAAAAAAAAAAAAAAAAA",
            "",
        ] {
            assert_eq!(next_page(elsewhere), "", "{elsewhere}");
        }
    }

    #[test]
    fn the_cookies_live_under_the_base_path_and_are_always_secure() {
        let settings = SignInSettings {
            client_id: 1,
            client_secret: "0123456789abcdef".into(),
            base_url: "https://example.org/akon".into(),
            discord_url: None,
        };
        let sign_in = SignIn::new(&settings);
        assert_eq!(
            sign_in.cookie(SESSION_COOKIE, "v", 60),
            "akon_session=v; Path=/akon; Max-Age=60; HttpOnly; SameSite=Lax; Secure"
        );
        assert_eq!(sign_in.redirect_uri, "https://example.org/akon/auth/callback");
        assert!(!format!("{settings:?}").contains("0123456789abcdef"));
    }
}
