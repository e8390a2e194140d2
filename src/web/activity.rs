//! The Discord Activity (`AKON_ACTIVITY=on`): the game live inside
//! Discord, in an iframe under `<application id>.discordsays.com`, which
//! proxies every request to this site (the portal's URL Mapping `/` → the
//! site's host). Discord opens the mapping's root with `frame_id` in the
//! query, so `/` with `frame_id` is the Activity's page, as is `/activity`
//! (a browser's way in, where the client stands Discord's SDK mock in).
//!
//! The page is a shell for the bundled client (`client/`, built into
//! `assets/web/activity.js`): the sentences it may show are in it, in the
//! reader's language, hidden until needed. The client signs in through the
//! SDK and `POST /api/activity/token` (the code for Discord's access token
//! and a session, as a bearer token: a third-party frame gets no cookie),
//! then asks `GET /api/activity/game` for the channel's game and shows its
//! live page.
//!
//! Only these answers may be framed, and only by Discord
//! ([`ACTIVITY_CONTENT_SECURITY_POLICY`]); every other page keeps
//! `frame-ancestors 'none'`.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use maud::{html, Markup, DOCTYPE};

use super::discord_oauth::OAuthError;
use super::pages::Context;
use super::{context, language, query, session, Site};
use crate::i18n::Language;
use crate::tr;

/// The Activity's policy: the site's own files and requests, nothing
/// inline, framed by Discord alone.
pub const ACTIVITY_CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self'; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors https://discord.com https://*.discord.com https://*.discordsays.com";

/// The Activity page's own address (Discord opens `/?frame_id=…`).
pub const ACTIVITY_PATH: &str = "/activity";
/// Where the client trades the SDK's code: the Activity's one POST.
pub const TOKEN_PATH: &str = "/api/activity/token";

/// Sign-ins through the Activity one process trades with Discord in a
/// minute, everyone's together: per address would mean nothing, as every
/// request comes from Discord's proxy. Each costs two calls to Discord,
/// whose own limits are the ones to stay under.
pub const ACTIVITY_SIGN_INS_PER_MINUTE: usize = 30;

/// Whether the request at `path` with `uri`'s query is the Activity's page,
/// which Discord may frame.
pub fn is_activity_page(uri: &Uri) -> bool {
    match uri.path() {
        ACTIVITY_PATH => true,
        "/" => opened_by_discord(uri),
        _ => false,
    }
}

/// Discord opens an Activity with `frame_id` (and `instance_id`,
/// `channel_id`, …) in its address.
pub fn opened_by_discord(uri: &Uri) -> bool {
    uri.query()
        .unwrap_or("")
        .split('&')
        .any(|pair| pair.split_once('=').map_or(pair, |(name, _)| name) == "frame_id")
}

/// The sentences the client may show, by the name it asks for them by.
fn sayings(l: Language) -> [(&'static str, String); 6] {
    [
        ("signing-in", tr!(l, "activity-signing-in")),
        ("finding", tr!(l, "activity-finding")),
        ("no-game", tr!(l, "activity-no-game")),
        ("sign-in-failed", tr!(l, "activity-sign-in-failed")),
        ("unreachable", tr!(l, "activity-unreachable")),
        ("busy", tr!(l, "activity-busy")),
    ]
}

fn page(cx: &Context<'_>, client_id: u64) -> Markup {
    let l = cx.language;
    html! {
        (DOCTYPE)
        html lang=(l.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="referrer" content="no-referrer";
                title { (tr!(l, "activity-title")) }
                link rel="stylesheet" href={ (cx.root) (cx.assets.css_path) };
                link rel="icon" type="image/svg+xml" href={ (cx.root) (cx.assets.icon_path) };
                script type="module" src={ (cx.root) (cx.assets.activity_script_path) } {}
            }
            body.activity {
                main #activity data-client-id=(client_id) {
                    h1 { (tr!(l, "activity-title")) }
                    @for (name, sentence) in sayings(l) {
                        p.activity-says data-says=(name) hidden[name != "signing-in"] { (sentence) }
                    }
                    // The live module draws the board here, and its panel after it.
                    div #activity-game .board {}
                }
            }
        }
    }
}

/// `GET /activity`, and `GET /?frame_id=…`: the Activity's page; a 404
/// while the Activity is off.
pub(super) async fn activity_page(State(site): State<Site>, headers: HeaderMap, uri: Uri) -> Response {
    let query = query(&uri);
    let cx = context(language(&query, &headers), &query, "");
    let client_id = match (&site.sign_in, site.activity) {
        (Some(sign_in), true) => sign_in.oauth.client_id(),
        _ => return super::not_found(&headers, &cx),
    };
    super::html(
        &headers,
        StatusCode::OK,
        cx.language,
        page(&cx, client_id),
        super::Caching::Live,
    )
}

/// The sign-ins of the last minute, to refuse those beyond
/// [`ACTIVITY_SIGN_INS_PER_MINUTE`].
#[derive(Debug, Default)]
pub(super) struct SignInLimit {
    recent: Mutex<VecDeque<Instant>>,
}

impl SignInLimit {
    /// Counts a sign-in now, if there is room for it; else how long until
    /// there is.
    fn take(&self) -> Result<(), Duration> {
        const WINDOW: Duration = Duration::from_secs(60);
        let now = Instant::now();
        let mut recent = self.recent.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        while recent.front().is_some_and(|&at| now.duration_since(at) >= WINDOW) {
            recent.pop_front();
        }
        if recent.len() >= ACTIVITY_SIGN_INS_PER_MINUTE {
            let oldest = recent.front().copied().unwrap_or(now);
            return Err(WINDOW.saturating_sub(now.duration_since(oldest)));
        }
        recent.push_back(now);
        Ok(())
    }
}

/// A JSON answer that no cache keeps.
fn json(status: StatusCode, body: serde_json::Value) -> Response {
    let mut response = (status, axum::Json(body)).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn refused(status: StatusCode, error: &str) -> Response {
    json(status, serde_json::json!({ "error": error }))
}

/// `POST /api/activity/token` `{"code": "…"}`: the code the SDK's
/// `authorize` gave, traded with Discord for an access token (which the
/// client hands to the SDK's `authenticate`) and the user it is for, whose
/// session comes back beside it. Neither the code nor the token is logged.
pub(super) async fn token(State(site): State<Site>, headers: HeaderMap, body: Bytes) -> Response {
    let Some(sign_in) = site.sign_in.as_ref().filter(|_| site.activity) else {
        return refused(StatusCode::NOT_FOUND, "the Activity is off");
    };
    let is_json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(';').next().unwrap_or("").trim() == "application/json");
    if !is_json {
        return refused(StatusCode::UNSUPPORTED_MEDIA_TYPE, "send JSON: {\"code\": \"…\"}");
    }
    let code = serde_json::from_slice::<serde_json::Value>(&body)
        .ok()
        .and_then(|body| body.get("code")?.as_str().map(str::to_string))
        .filter(|code| !code.is_empty() && code.len() <= 200 && code.bytes().all(|b| b.is_ascii_graphic()));
    let Some(code) = code else {
        return refused(StatusCode::BAD_REQUEST, "send JSON: {\"code\": \"…\"}");
    };
    if let Err(wait) = site.activity_sign_ins.take() {
        let mut response = refused(StatusCode::TOO_MANY_REQUESTS, "too many sign-ins; try again shortly");
        if let Ok(seconds) = HeaderValue::from_str(&wait.as_secs().max(1).to_string()) {
            response.headers_mut().insert(header::RETRY_AFTER, seconds);
        }
        return response;
    }
    let access_token = match sign_in.oauth.exchange_code(&code, None).await {
        Ok(token) => token,
        Err(error) => return sign_in_failed(&error),
    };
    let user = match sign_in.oauth.current_user(&access_token).await {
        Ok(user) => user,
        Err(error) => return sign_in_failed(&error),
    };
    let session = sign_in.sessions.issue(user.id, &user.name, site.service.now());
    tracing::info!(user_id = user.id, "signed in through the Activity");
    json(
        StatusCode::OK,
        serde_json::json!({ "access_token": access_token.secret(), "session": session }),
    )
}

fn sign_in_failed(error: &OAuthError) -> Response {
    match error {
        OAuthError::Refused { .. } => {
            tracing::info!(%error, "an Activity sign-in was refused");
            refused(StatusCode::UNAUTHORIZED, "Discord refused the sign-in")
        }
        OAuthError::Unreachable(_) | OAuthError::Unreadable => {
            tracing::warn!(%error, "an Activity sign-in could not be completed");
            refused(StatusCode::BAD_GATEWAY, "Discord could not be asked; try again shortly")
        }
    }
}

/// A query parameter as a Discord id: digits alone.
fn snowflake(uri: &Uri, name: &str) -> Option<Option<u64>> {
    let value = uri
        .query()
        .unwrap_or("")
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, value)| value)?;
    if value.is_empty() {
        return Some(None);
    }
    match value.parse::<u64>() {
        Ok(id) if value.bytes().all(|b| b.is_ascii_digit()) && id > 0 => Some(Some(id)),
        _ => None,
    }
}

/// `GET /api/activity/game?guild=ID&channel=ID` with the session as
/// `Authorization: Bearer`: the game the Activity shows in that channel
/// (`guild` empty outside servers), as `{"game", "token", "plays"}`; 404
/// when the channel has none to show.
pub(super) async fn game(State(site): State<Site>, headers: HeaderMap, uri: Uri) -> Response {
    let Some(sign_in) = site.sign_in.as_ref().filter(|_| site.activity) else {
        return refused(StatusCode::NOT_FOUND, "the Activity is off");
    };
    let user = session::session_token(&headers)
        .filter(|&(_, bearer)| bearer)
        .and_then(|(token, _)| sign_in.sessions.verify(token, site.service.now()));
    let Some(user) = user else {
        return refused(StatusCode::UNAUTHORIZED, "sign in first: Authorization: Bearer SESSION");
    };
    let (Some(guild), Some(Some(channel))) = (snowflake(&uri, "guild"), snowflake(&uri, "channel")) else {
        return refused(StatusCode::BAD_REQUEST, "name the channel: ?guild=ID&channel=ID");
    };
    match site
        .service
        .channel_game(guild.unwrap_or(0), channel, user.user_id)
        .await
    {
        Ok(Some(game)) => json(
            StatusCode::OK,
            serde_json::json!({ "game": game.game_id, "token": game.token, "plays": game.plays }),
        ),
        Ok(None) => refused(StatusCode::NOT_FOUND, "no game going on in this channel"),
        Err(error) => {
            tracing::warn!(%error, "the Activity's game could not be read");
            refused(StatusCode::SERVICE_UNAVAILABLE, "try again shortly")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_activity_page_is_activity_or_the_root_opened_by_discord() {
        let is = |uri: &str| is_activity_page(&uri.parse().unwrap());
        assert!(is("/activity"));
        assert!(is("/activity?mock=1"));
        assert!(is("/?instance_id=i&frame_id=f&channel_id=1"));
        assert!(is("/?frame_id"));
        assert!(!is("/"));
        assert!(!is("/?lang=fr"));
        assert!(!is("/?not_frame_id=1"));
        assert!(!is("/g/x?frame_id=1"));
        assert!(!is("/activity/x"));
    }

    #[test]
    fn sign_ins_beyond_the_limit_wait() {
        let limit = SignInLimit::default();
        for _ in 0..ACTIVITY_SIGN_INS_PER_MINUTE {
            assert!(limit.take().is_ok());
        }
        let wait = limit.take().unwrap_err();
        assert!(
            wait > Duration::from_secs(55) && wait <= Duration::from_secs(60),
            "{wait:?}"
        );
    }

    #[test]
    fn ids_in_the_query_are_digits_alone() {
        let read = |uri: &str, name| snowflake(&uri.parse().unwrap(), name);
        assert_eq!(read("/x?guild=12&channel=34", "channel"), Some(Some(34)));
        assert_eq!(read("/x?guild=&channel=34", "guild"), Some(None));
        assert_eq!(read("/x?channel=34", "guild"), None);
        assert_eq!(read("/x?channel=+34", "channel"), None);
        assert_eq!(read("/x?channel=0", "channel"), None);
        assert_eq!(read("/x?channel=99999999999999999999", "channel"), None);
    }
}
