//! The web view (`AKON_WEB_ADDR`): a small read-only site over the same
//! service as the Discord adapter. A front page with the rules, a page per
//! game (`/g/TOKEN`, the board at any move), a server's leaderboard
//! (`/s/TOKEN`) and a tournament's standings and rounds (`/t/TOKEN`), in
//! English, French, Spanish or Portuguese. Thin, like `discord`: it parses the
//! request, calls one service method and renders its view.
//!
//! **Safe by construction.** Pages are found by random tokens only (see
//! `service::web`); anything else is a 404, the same for a token that
//! never existed and one whose server turned its pages off. Templates are
//! maud's, which escape every value. Every answer carries a strict
//! Content-Security-Policy (the site's own style sheet, script, icon and
//! font, nothing inline, no other origin), `X-Content-Type-Options:
//! nosniff` and `Referrer-Policy: no-referrer`, and no cookie is ever set.
//! Only GET and HEAD are answered (anything else: 405, no body); time,
//! body size and concurrency are bounded by tower layers.

mod activity;
mod assets;
mod auth;
mod cache;
pub mod discord_oauth;
mod live;
mod markdown;
mod pages;
pub mod session;

use std::net::SocketAddr;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use maud::Markup;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tower::limit::GlobalConcurrencyLimitLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

pub use activity::{ACTIVITY_CONTENT_SECURITY_POLICY, ACTIVITY_SIGN_INS_PER_MINUTE};
pub use assets::fnv1a;
use assets::Assets;
pub use auth::SignInSettings;
use cache::{etag_of, KeptPage, PageCache, PageKey, KEPT_FOR, KEPT_PAGES};
use pages::Context;

use crate::i18n::Language;
use crate::service::{Service, ServiceError};

/// Longest a request may take, waiting for its turn included.
pub const REQUEST_TIME_LIMIT: Duration = Duration::from_secs(10);
/// Requests handled at once; more wait (within the time limit).
pub const CONCURRENT_REQUESTS: usize = 64;
/// Largest request body accepted: requests have none.
pub const BODY_LIMIT: usize = 1024;

/// The policy every answer carries: only the site's own files, nothing
/// inline, no frames, no forms.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self'; font-src 'self'; connect-src 'none'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// The policy with signing in on: the same, but the page's script may
/// talk to the site itself (the live updates, the moves, who is signed in).
pub const CONTENT_SECURITY_POLICY_LIVE: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self'; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// What the site offers beyond its read-only pages.
#[derive(Debug, Clone)]
pub struct WebOptions {
    /// Sign in with Discord, and with it the live, playable game page.
    pub sign_in: Option<SignInSettings>,
    /// The most live streams this process serves at once (more: `503`).
    pub most_watchers: usize,
    /// The Discord Activity's page and its sign-in (`AKON_ACTIVITY=on`);
    /// needs `sign_in`, and is off without it.
    pub activity: bool,
}

impl Default for WebOptions {
    fn default() -> WebOptions {
        WebOptions {
            sign_in: None,
            most_watchers: live::DEFAULT_MOST_WATCHERS,
            activity: false,
        }
    }
}

pub use live::{DEFAULT_MOST_WATCHERS, KEEP_ALIVE_EVERY, POLL_EVERY};

/// How long a finished game's page may be kept by a browser or a proxy:
/// short, so that a server turning its pages off is obeyed soon.
const FINISHED_MAX_AGE: &str = "public, max-age=300";

/// Why the web view could not start; each says what to do, in one line.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error(
        "cannot serve the web pages on {addr}: the address is already in use; \
         set AKON_WEB_ADDR to a free port, or stop what listens there"
    )]
    AddressInUse { addr: SocketAddr },
    #[error("cannot serve the web pages on {addr} (AKON_WEB_ADDR): {error}")]
    Bind { addr: SocketAddr, error: std::io::Error },
}

/// Takes the address first, so that a port in use stops the bot before
/// anything else starts.
pub async fn bind(addr: SocketAddr) -> Result<tokio::net::TcpListener, WebError> {
    tokio::net::TcpListener::bind(addr).await.map_err(|error| {
        if error.kind() == std::io::ErrorKind::AddrInUse {
            WebError::AddressInUse { addr }
        } else {
            WebError::Bind { addr, error }
        }
    })
}

/// The running site; [`WebServer::stop`] ends it.
#[derive(Debug)]
pub struct WebServer {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
    /// The live streams, ended first: an open stream would hold the server.
    hub: Option<std::sync::Arc<live::Hub>>,
}

/// Serves the read-only site on `listener` until [`WebServer::stop`].
pub fn serve(listener: tokio::net::TcpListener, service: Service) -> std::io::Result<WebServer> {
    serve_with(listener, service, WebOptions::default())
}

/// Serves the site with `options` on `listener` until [`WebServer::stop`].
pub fn serve_with(
    listener: tokio::net::TcpListener,
    service: Service,
    options: WebOptions,
) -> std::io::Result<WebServer> {
    let addr = listener.local_addr()?;
    let (stop, mut stopped) = watch::channel(false);
    let (app, hub) = build(service, options);
    let task = tokio::spawn(async move {
        let shutdown = async move {
            let _ = stopped.wait_for(|&stop| stop).await;
        };
        if let Err(error) = axum::serve(listener, app).with_graceful_shutdown(shutdown).await {
            tracing::error!(%error, "the web server stopped");
        }
    });
    tracing::info!(%addr, "serving the web pages");
    Ok(WebServer { addr, stop, task, hub })
}

impl WebServer {
    /// Where the site listens (the port chosen, if the address had port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops listening; waits (briefly) for requests in flight.
    pub async fn stop(self) {
        if let Some(hub) = &self.hub {
            hub.stop();
        }
        let _ = self.stop.send(true);
        if tokio::time::timeout(Duration::from_secs(2), self.task).await.is_err() {
            tracing::warn!("the web server did not stop in time");
        }
    }
}

/// The HTML of a game's page at `ply` (the last if `None`) in
/// `language`, as `/g/TOKEN` serves it to a reader who did not choose the
/// language in the address: rendering alone, without the database (the
/// load example measures it).
pub fn game_page_html(page: &crate::service::GamePage, ply: Option<usize>, language: Language) -> String {
    let cx = Context {
        language,
        lang_in_query: false,
        root: "../",
        assets: Assets::get(),
        live: false,
    };
    pages::game(&cx, page, ply).into_string()
}

/// What every request is served from.
#[derive(Clone)]
struct Site {
    service: Service,
    finished_pages: PageCache,
    /// Signing in, when set up.
    sign_in: Option<std::sync::Arc<auth::SignIn>>,
    /// The live games, with signing in.
    hub: Option<std::sync::Arc<live::Hub>>,
    /// The Discord Activity is served (with signing in).
    activity: bool,
    /// The Activity's recent sign-ins, everyone's.
    activity_sign_ins: std::sync::Arc<activity::SignInLimit>,
}

/// The read-only site's routes and limits, over `service`.
pub fn router(service: Service) -> Router {
    router_with(service, WebOptions::default())
}

/// The site's routes and limits, over `service`, with `options`.
pub fn router_with(service: Service, options: WebOptions) -> Router {
    build(service, options).0
}

fn build(service: Service, options: WebOptions) -> (Router, Option<std::sync::Arc<live::Hub>>) {
    // Built now rather than at the first request.
    Assets::get();
    let sign_in = options
        .sign_in
        .as_ref()
        .map(|settings| std::sync::Arc::new(auth::SignIn::new(settings)));
    let live = sign_in.is_some();
    let activity = options.activity && live;
    let hub = live.then(|| live::Hub::start(service.clone(), options.most_watchers));
    let site = Site {
        service,
        finished_pages: PageCache::new(KEPT_PAGES, KEPT_FOR),
        sign_in,
        hub: hub.clone(),
        activity,
        activity_sign_ins: std::sync::Arc::default(),
    };
    let router = Router::new()
        .route("/", get(front))
        .route("/auth/login", get(auth::login))
        .route("/auth/callback", get(auth::callback))
        .route("/auth/logout", post(auth::logout))
        .route("/auth/session", get(auth::current))
        .route("/g/{token}", get(game))
        .route("/g/{token}/events", get(live::events))
        .route("/g/{token}/move", post(live::play))
        .route(activity::ACTIVITY_PATH, get(activity::activity_page))
        .route(activity::TOKEN_PATH, post(activity::token))
        .route("/api/activity/game", get(activity::game))
        .route("/s/{token}", get(server))
        .route("/t/{token}", get(tournament))
        .route("/static/{file}", get(asset))
        .fallback(fallback)
        .with_state(site)
        .layer(RequestBodyLimitLayer::new(BODY_LIMIT))
        .layer(GlobalConcurrencyLimitLayer::new(CONCURRENT_REQUESTS))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            REQUEST_TIME_LIMIT,
        ))
        .layer(middleware::from_fn_with_state(Guarded { live, activity }, guard));
    (router, hub)
}

/// Whether `path` takes a POST: the moves and signing out, when signing
/// in is on.
fn takes_post(path: &str) -> bool {
    path == "/auth/logout" || (path.starts_with("/g/") && path.ends_with("/move"))
}

/// What the site serves beyond its read-only pages, as the guard needs to
/// know: signing in (`live`), and the Discord Activity.
#[derive(Debug, Clone, Copy)]
struct Guarded {
    live: bool,
    activity: bool,
}

/// Answers GET and HEAD only (and POST where it acts, when signing in is
/// on), and puts the security headers on every answer, whatever made it.
/// Only the sign-in's own addresses may set a cookie. Only the Activity's
/// page may be framed, by Discord alone.
async fn guard(State(Guarded { live, activity }): State<Guarded>, request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let framed = activity && activity::is_activity_page(request.uri());
    let post = (live && takes_post(&path)) || (activity && path == activity::TOKEN_PATH);
    let mut response = if matches!(method, Method::GET | Method::HEAD) || (post && method == Method::POST) {
        next.run(request).await
    } else if post {
        (StatusCode::METHOD_NOT_ALLOWED, [(header::ALLOW, "POST")]).into_response()
    } else {
        (StatusCode::METHOD_NOT_ALLOWED, [(header::ALLOW, "GET, HEAD")]).into_response()
    };
    let headers = response.headers_mut();
    if !(live && path.starts_with("/auth/")) {
        headers.remove(header::SET_COOKIE);
    }
    let policy = match (framed, live) {
        (true, _) => ACTIVITY_CONTENT_SECURITY_POLICY,
        (false, true) => CONTENT_SECURITY_POLICY_LIVE,
        (false, false) => CONTENT_SECURITY_POLICY,
    };
    // `frame-ancestors` says who may frame the Activity; `X-Frame-Options`
    // cannot name several origins, so it is left out there.
    if !framed {
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, policy),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (
            header::HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
        (
            header::HeaderName::from_static("cross-origin-resource-policy"),
            "same-origin",
        ),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// What the address asks for beside the path; a value that does not parse
/// is ignored rather than refused.
#[derive(Debug, Default, PartialEq, Eq)]
struct Query {
    ply: Option<usize>,
    /// From 0 (the address counts from 1).
    page: Option<i64>,
    lang: Option<Language>,
}

fn query(uri: &Uri) -> Query {
    let mut found = Query::default();
    for pair in uri.query().unwrap_or("").split('&') {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        match name {
            "ply" => found.ply = value.parse().ok().or(found.ply),
            "page" => {
                found.page = value
                    .parse::<i64>()
                    .ok()
                    .filter(|&p| p >= 1)
                    .map(|p| p - 1)
                    .or(found.page)
            }
            "lang" => found.lang = value.parse().ok().or(found.lang),
            _ => {}
        }
    }
    found
}

/// The reader's language: `?lang=` if given, else the first of
/// `Accept-Language` that Akon speaks (by quality), else English.
fn language(query: &Query, headers: &HeaderMap) -> Language {
    if let Some(language) = query.lang {
        return language;
    }
    let Some(accepted) = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()) else {
        return Language::English;
    };
    let mut ranges: Vec<(u32, usize, &str)> = accepted
        .split(',')
        .enumerate()
        .filter_map(|(order, range)| {
            let mut parts = range.split(';');
            let tag = parts.next()?.trim();
            let quality = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .next()
                .map_or(Some(1000), |q| {
                    q.trim()
                        .parse::<f32>()
                        .ok()
                        .map(|q| (q.clamp(0.0, 1.0) * 1000.0) as u32)
                })?;
            (quality > 0).then_some((quality, order, tag))
        })
        .collect();
    ranges.sort_by_key(|&(quality, order, _)| (std::cmp::Reverse(quality), order));
    ranges
        .into_iter()
        .find_map(|(_, _, tag)| tag.split('-').next().and_then(|primary| primary.parse().ok()))
        .unwrap_or_default()
}

/// How an answer may be cached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Caching {
    /// Will not change (a finished game; the front page for this build).
    Settled,
    /// May change at any time: revalidated on each use.
    Live,
}

/// An HTML answer with its validator: `304 Not Modified` when the reader
/// holds this very page already.
fn html(headers: &HeaderMap, status: StatusCode, language: Language, markup: Markup, caching: Caching) -> Response {
    let body = markup.into_string();
    let etag = etag_of(body.as_bytes());
    html_answer(headers, status, language, &etag, Bytes::from(body), caching)
}

fn html_answer(
    headers: &HeaderMap,
    status: StatusCode,
    language: Language,
    etag: &str,
    body: Bytes,
    caching: Caching,
) -> Response {
    let cache_control = match caching {
        Caching::Settled => FINISHED_MAX_AGE,
        Caching::Live => "no-cache",
    };
    let mut builder = Response::builder()
        .header(header::CACHE_CONTROL, cache_control)
        .header(header::VARY, "Accept-Language")
        .header(header::ETAG, etag);
    if status == StatusCode::OK && matches_etag(headers, etag) {
        return builder
            .status(StatusCode::NOT_MODIFIED)
            .body(Body::empty())
            .unwrap_or_else(|_| StatusCode::NOT_MODIFIED.into_response());
    }
    builder = builder
        .status(status)
        .header(header::CONTENT_TYPE, "text/html; charset=utf-8")
        .header(header::CONTENT_LANGUAGE, language.code());
    builder
        .body(Body::from(body))
        .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response())
}

/// Whether `If-None-Match` names `etag` (or `*`).
fn matches_etag(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|tag| tag.trim())
        .any(|tag| tag == "*" || tag.trim_start_matches("W/") == etag)
}

fn context(language: Language, query: &Query, root: &'static str) -> Context<'static> {
    Context {
        language,
        lang_in_query: query.lang.is_some(),
        root,
        assets: Assets::get(),
        live: false,
    }
}

fn not_found(headers: &HeaderMap, cx: &Context<'_>) -> Response {
    html(
        headers,
        StatusCode::NOT_FOUND,
        cx.language,
        pages::not_found(cx),
        Caching::Live,
    )
}

fn failed(headers: &HeaderMap, cx: &Context<'_>, error: &ServiceError, page: &'static str) -> Response {
    tracing::warn!(%error, page, "a web page could not be read");
    html(
        headers,
        StatusCode::SERVICE_UNAVAILABLE,
        cx.language,
        pages::unavailable(cx),
        Caching::Live,
    )
}

async fn front(State(site): State<Site>, headers: HeaderMap, uri: Uri) -> Response {
    // Discord opens the Activity at the root of the portal's URL Mapping.
    if site.activity && activity::opened_by_discord(&uri) {
        return activity::activity_page(State(site), headers, uri).await;
    }
    let query = query(&uri);
    let cx = context(language(&query, &headers), &query, "");
    html(
        &headers,
        StatusCode::OK,
        cx.language,
        pages::front(&cx),
        Caching::Settled,
    )
}

/// The token in `/x/TOKEN`, as sent (percent-escapes are no part of a
/// token, so none is decoded).
fn token_of(uri: &Uri) -> &str {
    uri.path().rsplit('/').next().unwrap_or("")
}

async fn game(State(site): State<Site>, headers: HeaderMap, uri: Uri) -> Response {
    let query = query(&uri);
    let mut cx = context(language(&query, &headers), &query, "../");
    cx.live = site.sign_in.is_some();
    let key = PageKey {
        token: token_of(&uri).to_string(),
        ply: query.ply,
        language: cx.language,
        lang_in_query: cx.lang_in_query,
    };
    if let Some(kept) = site.finished_pages.get(&key) {
        // The game and its review cannot have changed; its server's choice can have.
        return match site.service.game_shown_on_the_web(kept.guild_id, kept.venue).await {
            Ok(true) => kept_answer(&headers, cx.language, &kept),
            Ok(false) => {
                site.finished_pages.forget(&key);
                not_found(&headers, &cx)
            }
            Err(error) => failed(&headers, &cx, &error, "game"),
        };
    }
    match site.service.game_page(&key.token).await {
        // Kept once nothing more can come: the game finished and reviewed
        // (a review is made once, and may come at any time after the end).
        Ok(Some(page)) if page.view.finished.is_some() && page.review.is_some() => {
            let html = pages::game(&cx, &page, query.ply).into_string();
            let kept = std::sync::Arc::new(KeptPage::new(page.view.guild_id, html).played_in(page.view.venue));
            site.finished_pages.put(key, std::sync::Arc::clone(&kept));
            kept_answer(&headers, cx.language, &kept)
        }
        Ok(Some(page)) => {
            // Finished but not reviewed: settled for a browser (the ETag
            // tells it when the review came), not kept here.
            let caching = match page.view.finished {
                Some(_) => Caching::Settled,
                None => Caching::Live,
            };
            html(
                &headers,
                StatusCode::OK,
                cx.language,
                pages::game(&cx, &page, query.ply),
                caching,
            )
        }
        Ok(None) => not_found(&headers, &cx),
        Err(error) => failed(&headers, &cx, &error, "game"),
    }
}

/// A kept page, as served when it was kept: settled, with its `ETag`.
fn kept_answer(headers: &HeaderMap, language: Language, kept: &KeptPage) -> Response {
    html_answer(
        headers,
        StatusCode::OK,
        language,
        &kept.etag,
        kept.body.clone(),
        Caching::Settled,
    )
}

async fn server(State(Site { service, .. }): State<Site>, headers: HeaderMap, uri: Uri) -> Response {
    let query = query(&uri);
    let cx = context(language(&query, &headers), &query, "../");
    match service.server_page(token_of(&uri), query.page.unwrap_or(0)).await {
        Ok(Some(page)) => html(
            &headers,
            StatusCode::OK,
            cx.language,
            pages::server(&cx, &page),
            Caching::Live,
        ),
        Ok(None) => not_found(&headers, &cx),
        Err(error) => failed(&headers, &cx, &error, "leaderboard"),
    }
}

async fn tournament(State(Site { service, .. }): State<Site>, headers: HeaderMap, uri: Uri) -> Response {
    let query = query(&uri);
    let cx = context(language(&query, &headers), &query, "../");
    match service.tournament_page(token_of(&uri)).await {
        Ok(Some(page)) => html(
            &headers,
            StatusCode::OK,
            cx.language,
            pages::tournament(&cx, &page),
            Caching::Live,
        ),
        Ok(None) => not_found(&headers, &cx),
        Err(error) => failed(&headers, &cx, &error, "tournament"),
    }
}

async fn asset(headers: HeaderMap, uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    match Assets::get().file(path) {
        Some(file) => {
            let etag = etag_of(&file.bytes);
            let builder = Response::builder()
                .header(header::CACHE_CONTROL, "public, max-age=31536000, immutable")
                .header(header::ETAG, &etag);
            let response = if matches_etag(&headers, &etag) {
                builder.status(StatusCode::NOT_MODIFIED).body(Body::empty())
            } else {
                builder
                    .header(header::CONTENT_TYPE, file.content_type)
                    .body(Body::from(file.bytes.clone()))
            };
            response.unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response())
        }
        None => fallback(headers, uri).await,
    }
}

async fn fallback(headers: HeaderMap, uri: Uri) -> Response {
    let query = query(&uri);
    // A relative root that leads back from wherever the reader is.
    let depth = uri.path().matches('/').count().saturating_sub(1);
    let root: &'static str = match depth {
        0 => "",
        1 => "../",
        2 => "../../",
        _ => "/",
    };
    not_found(&headers, &context(language(&query, &headers), &query, root))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accept(value: &str) -> Language {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_str(value).unwrap());
        language(&Query::default(), &headers)
    }

    #[test]
    fn the_language_follows_accept_language_by_quality() {
        assert_eq!(accept("fr-FR,fr;q=0.9,en;q=0.8"), Language::French);
        assert_eq!(accept("de-DE, es;q=0.5, en;q=0.4"), Language::Spanish);
        assert_eq!(accept("en;q=0.1, es-419"), Language::Spanish);
        assert_eq!(accept("pt-BR,pt;q=0.9,en;q=0.8"), Language::Portuguese);
        assert_eq!(accept("fr;q=0, de"), Language::English);
        assert_eq!(accept("garbage;;q=x,,"), Language::English);
        assert_eq!(language(&Query::default(), &HeaderMap::new()), Language::English);
    }

    proptest::proptest! {
        /// Whatever a reader sends as the query or `Accept-Language`, it is
        /// read without a panic, and a language is always chosen.
        #[test]
        fn any_query_or_accept_language_is_read_without_panic(q in "\\PC{0,120}", accept in "\\PC{0,120}") {
            if let Ok(uri) = format!("/g/x?{q}").parse::<Uri>() {
                let read = query(&uri);
                proptest::prop_assert!(read.page.is_none_or(|p| p >= 0));
            }
            if let Ok(value) = HeaderValue::from_str(&accept) {
                let mut headers = HeaderMap::new();
                headers.insert(header::ACCEPT_LANGUAGE, value);
                let _ = language(&Query::default(), &headers);
            }
        }
    }

    #[test]
    fn the_query_overrides_and_bad_values_are_ignored() {
        let uri: Uri = "/g/x?ply=3&lang=es&page=2".parse().unwrap();
        assert_eq!(
            query(&uri),
            Query {
                ply: Some(3),
                page: Some(1),
                lang: Some(Language::Spanish)
            }
        );
        let uri: Uri = "/g/x?ply=-1&lang=de&page=0&x".parse().unwrap();
        assert_eq!(query(&uri), Query::default());
    }
}
