//! The live game page: `GET /g/TOKEN/events` streams the game's state as
//! Server-Sent Events whenever it changes, and `POST /g/TOKEN/move` plays a
//! move through the same `Service::play` as a press on Discord.
//!
//! **Where changes come from.** One [`Hub`] per process keeps, for each game
//! someone here watches, a `watch` channel holding the latest state. A move
//! made through this process's page refreshes its game at once; changes
//! made anywhere else (a press on Discord, another process's page, a
//! resignation, a timeout, a takeback) are found by one query every
//! [`POLL_EVERY`] over the games watched here (their ply, status,
//! takebacks, deadline and `updated_at`), on SQLite and PostgreSQL alike.
//! The watcher count is this process's.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use tokio::sync::watch;

use super::session::{self, SessionUser};
use super::{language, pages, query, Site};
use crate::engine::{Hole, Seat};
use crate::i18n::Language;
use crate::service::{GameVersion, GameView, LiveClock, MovePress, Player, Service, ServiceError};
use crate::tr;

/// How often the games watched here are checked for others' changes.
pub const POLL_EVERY: Duration = Duration::from_millis(250);
/// How often an idle stream sends a comment, so that proxies keep it open;
/// and a page closed is noticed (and counted off) at the next write.
pub const KEEP_ALIVE_EVERY: Duration = Duration::from_secs(5);
/// The most streams one process serves at once, unless told otherwise.
pub const DEFAULT_MOST_WATCHERS: usize = 5_000;
/// Moves one session may make in a burst, and per second after it.
const MOVES_BURST: f64 = 5.0;

/// The state of one watched game, as last read, and the answers made of it
/// (one per language and viewer's seat, made once for every watcher).
pub struct Snapshot {
    pub view: Arc<GameView>,
    pub watchers: usize,
    rendered: [OnceLock<Arc<str>>; Language::ALL.len() * 3],
}

impl Snapshot {
    fn new(view: Arc<GameView>, watchers: usize) -> Snapshot {
        Snapshot {
            view,
            watchers,
            rendered: Default::default(),
        }
    }

    /// The state as JSON for a viewer in `language` sitting at `seat` (none:
    /// a watcher).
    fn json(&self, language: Language, seat: Option<Seat>) -> Arc<str> {
        let l = Language::ALL.iter().position(|&other| other == language).unwrap_or(0);
        let s = seat.map_or(0, |seat| seat.index() + 1);
        let slot = &self.rendered[l * 3 + s];
        Arc::clone(slot.get_or_init(|| state_json(&self.view, self.watchers, language, seat).into()))
    }
}

/// The state the page's script draws: the board, who plays, whose turn,
/// the result, the deadline, how many watch, and the viewer's holes.
fn state_json(view: &GameView, watchers: usize, l: Language, you: Option<Seat>) -> String {
    let position = view.game.position();
    let to_move = view.to_move();
    let name = |seat: Seat| pages::shown_name(l, view, seat);
    let result = pages::result_text(l, view);
    let status = match (&result, to_move) {
        (Some(result), _) => result.clone(),
        (None, Some(seat)) if Some(seat) == you => tr!(l, "web-your-turn"),
        (None, Some(seat)) => tr!(l, "web-waiting-for", name = name(seat)),
        (None, None) => String::new(),
    };
    let legal = view.game.legal_moves();
    let holes: Vec<serde_json::Value> = match you {
        Some(seat) => position
            .row(seat)
            .iter()
            .enumerate()
            .filter_map(|(i, &seeds)| {
                let hole = Hole::new(i as i64 + 1).ok()?;
                Some(serde_json::json!({
                    "hole": hole.number(),
                    "seeds": seeds,
                    "label": tr!(l, "web-hole", hole = hole.number().to_string(), seeds = i64::from(seeds)),
                    "playable": to_move == Some(seat) && legal.contains(hole),
                }))
            })
            .collect(),
        None => Vec::new(),
    };
    serde_json::json!({
        "game": view.id.to_string(),
        "ply": view.ply(),
        "takebacks": view.takebacks,
        "position": position.to_json(),
        "captured": [position.captured(Seat::A), position.captured(Seat::B)],
        "to_move": to_move.map(|seat| seat.to_string()),
        "players": Seat::BOTH.map(|seat| serde_json::json!({
            "seat": seat.to_string(),
            "name": name(seat),
            "clock_label": tr!(l, "web-clock-of", name = name(seat)),
        })),
        "finished": view.finished.is_some(),
        "result": result,
        "deadline": view.deadline,
        "watchers": watchers,
        "watchers_text": tr!(l, "web-watching", count = watchers as i64),
        "you": you.map(|seat| seat.to_string()),
        "status": status,
        "holes": holes,
        "board_svg": pages::live_board_svg(l, view),
        "time_control": view.live_clock.map(|clock| pages::time_control_line(l, clock.time_control)),
    })
    .to_string()
}

/// `state` (a [`state_json`] of `view`) with the live clock as at `now_ms`,
/// if the game has one: `{"clock": {"code", "remaining_ms": [A, B],
/// "running"}, …}`. The times left are worked out as the state is sent, not
/// as it was read: a snapshot is shared by every watcher, and one who
/// arrives in the middle of a turn must see the time spent in it. The page
/// counts down from when the state reached it, so its own clock's offset
/// from the server's never matters, only the time on the way.
fn with_live_clock(state: &str, view: &GameView, now_ms: i64) -> String {
    match (view.live_clock, state.strip_prefix('{')) {
        (Some(clock), Some(rest)) => format!("{{\"clock\":{},{rest}", clock_json(&clock, now_ms)),
        _ => state.to_string(),
    }
}

fn clock_json(clock: &LiveClock, now_ms: i64) -> serde_json::Value {
    serde_json::json!({
        "code": clock.time_control.code(),
        "remaining_ms": clock.remaining_at(now_ms),
        "running": clock.running.map(|seat| seat.to_string()),
    })
}

/// One game watched here.
struct Watched {
    state: watch::Sender<Option<Arc<Snapshot>>>,
    version: Option<GameVersion>,
    watchers: usize,
    /// One refresh at a time, so that an older read never replaces a newer.
    refreshing: Arc<tokio::sync::Mutex<()>>,
}

/// Every game watched in this process.
pub struct Hub {
    service: Service,
    games: Mutex<HashMap<i64, Watched>>,
    streams: AtomicUsize,
    most_streams: usize,
    /// Moves per session user: tokens left and when last counted.
    moves: Mutex<HashMap<u64, (f64, Instant)>>,
    /// Turns true when the site stops: every stream ends.
    stopping: watch::Sender<bool>,
}

impl std::fmt::Debug for Hub {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hub")
            .field("streams", &self.streams())
            .field("most_streams", &self.most_streams)
            .finish_non_exhaustive()
    }
}

/// Too many streams in this process.
#[derive(Debug)]
pub struct Full;

impl Hub {
    /// A hub over `service`, with its polling task, which ends when the hub
    /// stops or is dropped.
    pub fn start(service: Service, most_streams: usize) -> Arc<Hub> {
        let hub = Arc::new(Hub {
            service,
            games: Mutex::new(HashMap::new()),
            streams: AtomicUsize::new(0),
            most_streams,
            moves: Mutex::new(HashMap::new()),
            stopping: watch::channel(false).0,
        });
        tokio::spawn(poll(Arc::downgrade(&hub)));
        hub
    }

    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Watched>> {
        self.games.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Starts watching `game_id`: its state now, then each change.
    pub async fn watch(self: &Arc<Hub>, game_id: i64) -> Result<Watcher, Full> {
        if self.streams.fetch_add(1, Ordering::SeqCst) >= self.most_streams {
            self.streams.fetch_sub(1, Ordering::SeqCst);
            return Err(Full);
        }
        let (receiver, fresh) = {
            let mut games = self.games();
            let watched = games.entry(game_id).or_insert_with(|| Watched {
                state: watch::channel(None).0,
                version: None,
                watchers: 0,
                refreshing: Arc::default(),
            });
            watched.watchers += 1;
            (watched.state.subscribe(), watched.state.borrow().is_none())
        };
        let watcher = Watcher {
            hub: Arc::clone(self),
            game_id,
            state: receiver,
        };
        if fresh {
            self.refresh(game_id).await;
        }
        Ok(watcher)
    }

    /// Reads `game_id` again and tells its watchers, if anyone watches it.
    pub async fn refresh(&self, game_id: i64) {
        let Some(lock) = self.games().get(&game_id).map(|w| Arc::clone(&w.refreshing)) else {
            return;
        };
        let _one_at_a_time = lock.lock().await;
        // The version first: a change after it is seen by the next poll.
        let version = match self.service.game_versions(&[game_id]).await {
            Ok(versions) => versions.into_iter().next().map(|(_, version)| version),
            Err(error) => {
                tracing::warn!(%error, game_id, "a watched game's version could not be read");
                return;
            }
        };
        let view = match self.service.game(game_id).await {
            Ok(view) => Arc::new(view),
            Err(error) => {
                tracing::warn!(%error, game_id, "a watched game could not be read");
                return;
            }
        };
        if let Some(watched) = self.games().get_mut(&game_id) {
            watched.version = version;
            let snapshot = Snapshot::new(view, watched.watchers);
            watched.state.send_replace(Some(Arc::new(snapshot)));
        }
    }

    /// Ends every stream, and the polling.
    pub fn stop(&self) {
        self.stopping.send_replace(true);
    }

    /// Streams served now in this process.
    pub fn streams(&self) -> usize {
        self.streams.load(Ordering::SeqCst)
    }

    /// Whether `user_id` may move now (a token bucket per user:
    /// [`MOVES_BURST`] at once, as many per second after).
    fn may_move(&self, user_id: u64) -> bool {
        let mut moves = self.moves.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let now = Instant::now();
        if moves.len() > 10_000 {
            moves.retain(|_, (_, at)| now.duration_since(*at) < Duration::from_secs(2));
        }
        let (tokens, at) = moves.entry(user_id).or_insert((MOVES_BURST, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * MOVES_BURST).min(MOVES_BURST);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Checks the watched games for changes every [`POLL_EVERY`], and the
/// watcher counts for news, while the hub lives.
async fn poll(hub: Weak<Hub>) {
    let mut every = tokio::time::interval(POLL_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let Some(hub) = hub.upgrade() else { return };
        if *hub.stopping.borrow() {
            return;
        }
        let ids: Vec<i64> = hub.games().keys().copied().collect();
        if ids.is_empty() {
            continue;
        }
        let versions = match hub.service.game_versions(&ids).await {
            Ok(versions) => versions,
            Err(error) => {
                tracing::warn!(%error, "the watched games could not be checked");
                continue;
            }
        };
        let changed: Vec<i64> = {
            let games = hub.games();
            versions
                .into_iter()
                .filter(|(id, version)| games.get(id).is_some_and(|w| w.version.as_ref() != Some(version)))
                .map(|(id, _)| id)
                .collect()
        };
        for id in &changed {
            hub.refresh(*id).await;
        }
        // A new count is news too, sent once a poll rather than at each arrival.
        for watched in hub.games().values() {
            let recount = watched
                .state
                .borrow()
                .as_ref()
                .filter(|snapshot| snapshot.watchers != watched.watchers)
                .map(|snapshot| Arc::clone(&snapshot.view));
            if let Some(view) = recount {
                watched
                    .state
                    .send_replace(Some(Arc::new(Snapshot::new(view, watched.watchers))));
            }
        }
    }
}

/// One stream's hold on its game: counted while it lives.
pub struct Watcher {
    hub: Arc<Hub>,
    game_id: i64,
    state: watch::Receiver<Option<Arc<Snapshot>>>,
}

impl Watcher {
    /// The next state to send: the current one first, then each change;
    /// `None` once the site stops.
    pub async fn next(&mut self) -> Option<Arc<Snapshot>> {
        let mut stopping = self.hub.stopping.subscribe();
        loop {
            if *stopping.borrow() {
                return None;
            }
            if let Some(snapshot) = self.state.borrow_and_update().clone() {
                return Some(snapshot);
            }
            tokio::select! {
                changed = self.state.changed() => changed.ok()?,
                _ = stopping.changed() => {}
            }
        }
    }

    /// Waits for the next change (not the state seen already).
    async fn changed(&mut self) -> bool {
        let mut stopping = self.hub.stopping.subscribe();
        if *stopping.borrow() {
            return false;
        }
        tokio::select! {
            changed = self.state.changed() => changed.is_ok(),
            _ = stopping.changed() => false,
        }
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        let mut games = self.hub.games();
        if let Some(watched) = games.get_mut(&self.game_id) {
            watched.watchers = watched.watchers.saturating_sub(1);
            if watched.watchers == 0 {
                games.remove(&self.game_id);
            }
        }
        self.hub.streams.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The signed-in user of a request, if any.
fn viewer(site: &Site, headers: &HeaderMap) -> Option<SessionUser> {
    let sign_in = site.sign_in.as_ref()?;
    let (token, _) = session::session_token(headers)?;
    sign_in.sessions.verify(token, site.service.now())
}

/// The page token in `/g/TOKEN/…`.
fn page_token(uri: &Uri) -> &str {
    uri.path().split('/').nth(2).unwrap_or("")
}

/// A JSON answer with one sentence: `{"error": "…"}` (or a state).
fn json_answer(status: StatusCode, body: String) -> Response {
    let mut response = (status, [(header::CONTENT_TYPE, "application/json")], body).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn refusal(status: StatusCode, code: &str, sentence: String) -> Response {
    json_answer(
        status,
        serde_json::json!({ "error": code, "message": sentence }).to_string(),
    )
}

/// `GET /g/TOKEN/events`: the game's state now, then at each change.
pub(super) async fn events(State(site): State<Site>, headers: HeaderMap, uri: Uri) -> Response {
    let l = language(&query(&uri), &headers);
    let Some(hub) = site.hub.clone() else {
        return refusal(StatusCode::NOT_FOUND, "not-found", tr!(l, "web-not-found"));
    };
    let game_id = match site.service.game_of_page(page_token(&uri)).await {
        Ok(Some(game_id)) => game_id,
        Ok(None) => return refusal(StatusCode::NOT_FOUND, "not-found", tr!(l, "web-not-found")),
        Err(error) => {
            tracing::warn!(%error, "a live page could not be read");
            return refusal(
                StatusCode::SERVICE_UNAVAILABLE,
                "unavailable",
                tr!(l, "web-unavailable"),
            );
        }
    };
    let mut watcher = match hub.watch(game_id).await {
        Ok(watcher) => watcher,
        Err(Full) => {
            let mut answer = refusal(StatusCode::SERVICE_UNAVAILABLE, "full", tr!(l, "web-live-full"));
            answer
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("30"));
            return answer;
        }
    };
    let you = viewer(&site, &headers).map(|user| user.user_id);
    let service = site.service.clone();
    let first = watcher.next().await;
    // A finished game changes no more: its stream ends once it said so.
    let stream = futures_util::stream::unfold((watcher, first, false), move |(mut watcher, pending, over)| {
        let service = service.clone();
        async move {
            if over {
                return None;
            }
            let snapshot = match pending {
                Some(snapshot) => snapshot,
                None => {
                    if !watcher.changed().await {
                        return None;
                    }
                    watcher.state.borrow_and_update().clone()?
                }
            };
            let seat = you.and_then(|id| snapshot.view.seat_of(id));
            let state = with_live_clock(&snapshot.json(l, seat), &snapshot.view, service.now_millis());
            let event = Event::default().event("state").data(state);
            let over = snapshot.view.finished.is_some();
            Some((Ok::<Event, Infallible>(event), (watcher, None, over)))
        }
    });
    let mut response = Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE_EVERY))
        .into_response();
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::HeaderName::from_static("x-accel-buffering"),
        HeaderValue::from_static("no"),
    );
    response
}

/// A move as the page sends it.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    ply: i64,
    hole: i64,
}

/// `POST /g/TOKEN/move` with `{"ply": N, "hole": H}`: the signed-in player
/// to move plays `hole` on the board after move `ply`.
pub(super) async fn play(State(site): State<Site>, headers: HeaderMap, uri: Uri, body: Bytes) -> Response {
    let l = language(&query(&uri), &headers);
    let (Some(sign_in), Some(hub)) = (site.sign_in.clone(), site.hub.clone()) else {
        return refusal(StatusCode::NOT_FOUND, "not-found", tr!(l, "web-not-found"));
    };
    let Ok(MoveBody { ply, hole }) = serde_json::from_slice::<MoveBody>(&body) else {
        return refusal(StatusCode::BAD_REQUEST, "bad-request", tr!(l, "web-move-bad"));
    };
    let Ok(hole) = Hole::new(hole) else {
        return refusal(StatusCode::BAD_REQUEST, "bad-request", tr!(l, "web-move-bad"));
    };
    let Some((token, bearer)) = session::session_token(&headers) else {
        return refusal(StatusCode::UNAUTHORIZED, "sign-in", tr!(l, "web-move-sign-in"));
    };
    let Some(user) = sign_in.sessions.verify(token, site.service.now()) else {
        return refusal(StatusCode::UNAUTHORIZED, "sign-in", tr!(l, "web-move-sign-in"));
    };
    // A cookie goes with any request the browser makes, even one another
    // site started: it must come with the token only the page can read.
    // A bearer token is sent by a script that holds it, never by a browser
    // on its own.
    if !bearer {
        let sent = headers
            .get("x-csrf-token")
            .and_then(|value| value.to_str().ok())
            .unwrap_or("");
        if !sign_in.sessions.csrf_matches(token, sent) {
            return refusal(StatusCode::FORBIDDEN, "csrf", tr!(l, "web-move-csrf"));
        }
    }
    if !hub.may_move(user.user_id) {
        return refusal(StatusCode::TOO_MANY_REQUESTS, "too-fast", tr!(l, "web-move-too-fast"));
    }
    let game_id = match site.service.game_of_page(page_token(&uri)).await {
        Ok(Some(game_id)) => game_id,
        Ok(None) => return refusal(StatusCode::NOT_FOUND, "not-found", tr!(l, "web-not-found")),
        Err(error) => return failed_move(l, &error),
    };
    let player = Player {
        id: user.user_id,
        name: user.name.clone(),
        is_bot: false,
    };
    match site.service.play(MovePress::new(game_id, ply, hole, &player)).await {
        Ok(applied) => {
            // The new board goes to Discord as a press's would: owed by the
            // move, posted by the bot's delivery loop (at once if it runs here).
            site.service.owed_from_outside();
            hub.refresh(game_id).await;
            let state = state_json(&applied.view, 0, l, applied.view.seat_of(user.user_id));
            let state = with_live_clock(&state, &applied.view, site.service.now_millis());
            json_answer(StatusCode::OK, state)
        }
        Err(error) => move_refused(l, &error),
    }
}

/// What a refused move answers, in the page's language.
fn move_refused(l: Language, error: &ServiceError) -> Response {
    match error {
        ServiceError::NotAPlayer => refusal(StatusCode::FORBIDDEN, "not-a-player", tr!(l, "web-move-not-a-player")),
        ServiceError::NotYourTurn(_) => {
            refusal(StatusCode::CONFLICT, "not-your-turn", tr!(l, "web-move-not-your-turn"))
        }
        ServiceError::StaleButton | ServiceError::OutdatedBoard => {
            refusal(StatusCode::CONFLICT, "stale", tr!(l, "web-move-stale"))
        }
        ServiceError::GameOver | ServiceError::TimedOut => {
            refusal(StatusCode::CONFLICT, "finished", tr!(l, "web-move-finished"))
        }
        ServiceError::IllegalMove(_) => refusal(StatusCode::CONFLICT, "illegal", tr!(l, "web-move-illegal")),
        ServiceError::GameNotFound => refusal(StatusCode::NOT_FOUND, "not-found", tr!(l, "web-not-found")),
        other => failed_move(l, other),
    }
}

fn failed_move(l: Language, error: &ServiceError) -> Response {
    tracing::warn!(%error, "a move from the web could not be played");
    refusal(
        StatusCode::SERVICE_UNAVAILABLE,
        "unavailable",
        tr!(l, "web-move-failed"),
    )
}
