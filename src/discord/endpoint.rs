//! Interactions over HTTP (Discord's Interactions Endpoint URL): Discord
//! POSTs each interaction, signed with Ed25519, to `/interactions`, and
//! takes the HTTP response as its first answer. Any process can answer any
//! press, so several run behind a load balancer, none special. The same
//! handler as the gateway's answers, through `responder`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serenity::all::{Http, Interaction};
use serenity::interactions_endpoint::Verifier;
use tokio::sync::{oneshot, watch};
use tokio::task::JoinHandle;
use tower::limit::GlobalConcurrencyLimitLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use super::client::{new_bot, rest_client, BotHandle, DiscordSettings};
use super::context::Context;
use super::responder::{AnswerBody, HttpAnswer, Keeping};
use super::Bot;
use crate::service::{InteractionClaim, Service};
use crate::telemetry::Check;

/// How far a request's `X-Signature-Timestamp` may be from this host's
/// clock: an older one is a replay of a request seen before.
pub const SIGNATURE_WINDOW: Duration = Duration::from_secs(30);
/// Discord waits 3 s for the answer; one not ready by then is useless.
const ANSWER_LIMIT: Duration = Duration::from_millis(2800);
/// An interaction is a few kilobytes; a press carries the pressed message
/// (2,000 characters of text and its components) and the member who
/// pressed, well under this.
pub const INTERACTION_BODY_LIMIT: usize = 64 * 1024;
/// How long a press waits for its transaction (see `Service::one_commit`)
/// before it is refused: within Discord's wait, with time left to read
/// the answer a copy may have had already.
const PRESS_SLOT_WAIT: Duration = Duration::from_millis(1000);
/// How often a copy of an interaction another process is answering looks
/// for its answer.
const CLAIM_POLL: Duration = Duration::from_millis(20);
/// How often the answers kept are cleared of those no copy can ask for.
const FORGET_EVERY: Duration = Duration::from_secs(60);
/// Interactions handled at once; more wait, within the time limit.
const CONCURRENT_INTERACTIONS: usize = 512;
/// How long `/healthz` waits for the database: under the balancer's check
/// interval (1 s in `deploy/haproxy.cfg`), so that a database that hangs
/// fails the check rather than outlasting it.
const HEALTH_LIMIT: Duration = Duration::from_millis(800);

/// What HTTP mode needs besides [`DiscordSettings`].
#[derive(Clone)]
pub struct InteractionsSettings {
    /// Checks the signatures: the application's public key
    /// (`DISCORD_PUBLIC_KEY`).
    pub verifier: Verifier,
}

impl std::fmt::Debug for InteractionsSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InteractionsSettings").finish_non_exhaustive()
    }
}

/// The running endpoint; [`InteractionsServer::stop`] ends it.
pub struct InteractionsServer {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl InteractionsServer {
    /// Where it listens (the port chosen, if the address had port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops taking interactions; waits (briefly) for those in flight.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        if tokio::time::timeout(Duration::from_secs(2), self.task).await.is_err() {
            tracing::warn!("the interactions endpoint did not stop in time");
        }
    }
}

#[derive(Clone)]
struct Endpoint {
    bot: Bot,
    ctx: Context,
    verifier: Verifier,
    /// Whether the database answers and takes writes: a process that
    /// cannot reach it can answer nothing, and says so to the balancer.
    database: Check,
}

/// Serves `POST /interactions` (and `GET /healthz`, for the load balancer)
/// on `listener`, after doing what a gateway process does at READY:
/// registering the command, settling what is owed, starting the scheduler.
pub async fn serve_interactions(
    settings: &DiscordSettings,
    interactions: &InteractionsSettings,
    service: Service,
    listener: tokio::net::TcpListener,
) -> serenity::Result<(InteractionsServer, BotHandle)> {
    let addr = listener.local_addr()?;
    let http = Arc::new(rest_client(settings));
    let ctx = known_to_discord(http).await?;
    let (bot, handle) = new_bot(settings, service);
    bot.start_up(ctx.clone(), bot.registers_commands).await;
    let database = bot.service.database_check();
    let endpoint = Endpoint {
        bot,
        ctx,
        verifier: interactions.verifier.clone(),
        database,
    };
    let (stop, mut stopped) = watch::channel(false);
    tokio::spawn(forget_old_answers(endpoint.bot.service.clone(), stopped.clone()));
    let app = router(endpoint);
    let task = tokio::spawn(async move {
        let shutdown = async move {
            let _ = stopped.wait_for(|&stop| stop).await;
        };
        if let Err(error) = axum::serve(listener, app).with_graceful_shutdown(shutdown).await {
            tracing::error!(%error, "the interactions endpoint stopped");
        }
    });
    tracing::info!(%addr, "taking interactions over HTTP");
    Ok((InteractionsServer { addr, stop, task }, handle))
}

/// Who the bot is and which application it answers for: READY says both
/// on the gateway; here REST does.
async fn known_to_discord(http: Arc<Http>) -> serenity::Result<Context> {
    let me = http.get_current_user().await?;
    let application = http.get_current_application_info().await?;
    http.set_application_id(application.id);
    Ok(Context::new(http, &me))
}

fn router(endpoint: Endpoint) -> Router {
    Router::new()
        .route("/interactions", post(interaction))
        .route("/healthz", get(healthz))
        .with_state(endpoint)
        .layer(RequestBodyLimitLayer::new(INTERACTION_BODY_LIMIT))
        .layer(GlobalConcurrencyLimitLayer::new(CONCURRENT_INTERACTIONS))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            Duration::from_secs(3),
        ))
}

/// `200 ok` while the database answers and takes writes; `503` and what
/// is wrong otherwise, so that the balancer sends presses elsewhere.
async fn healthz(State(endpoint): State<Endpoint>) -> Response {
    let plain = [(header::CONTENT_TYPE, "text/plain; charset=utf-8")];
    match endpoint.database.run(HEALTH_LIMIT).await {
        Ok(()) => (StatusCode::OK, plain, "ok\n".to_string()).into_response(),
        Err(why) => (StatusCode::SERVICE_UNAVAILABLE, plain, format!("database: {why}\n")).into_response(),
    }
}

/// A refusal: its status and one line saying why.
fn refused(status: StatusCode, why: &'static str) -> Response {
    tracing::debug!(status = status.as_u16(), why, "interaction request refused");
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        format!("{why}\n"),
    )
        .into_response()
}

/// The interaction a request carries, if it is signed by Discord within
/// the window and well formed; else the answer to give it (a ping's pong,
/// or the refusal).
fn signed_interaction(endpoint: &Endpoint, headers: &HeaderMap, body: &Bytes) -> Result<Interaction, Box<Response>> {
    let header = |name: &str| headers.get(name).and_then(|value| value.to_str().ok());
    let (Some(signature), Some(timestamp)) = (header("x-signature-ed25519"), header("x-signature-timestamp")) else {
        return Err(Box::new(refused(StatusCode::UNAUTHORIZED, "missing signature")));
    };
    if endpoint.verifier.verify(signature, timestamp, body).is_err() {
        return Err(Box::new(refused(StatusCode::UNAUTHORIZED, "invalid signature")));
    }
    if !within_window(timestamp, SystemTime::now()) {
        let outside = "timestamp outside the signature window";
        return Err(Box::new(refused(StatusCode::UNAUTHORIZED, outside)));
    }
    let Ok(payload) = serde_json::from_slice::<serde_json::Value>(body) else {
        return Err(Box::new(refused(StatusCode::BAD_REQUEST, "the body is not JSON")));
    };
    match payload.get("type").and_then(serde_json::Value::as_u64) {
        Some(1) => return Err(Box::new(axum::Json(serde_json::json!({"type": 1})).into_response())),
        Some(2 | 3) => {}
        _ => return Err(Box::new(refused(StatusCode::BAD_REQUEST, "unknown interaction type"))),
    }
    serde_json::from_value(payload).map_err(|error| {
        tracing::debug!(%error, "unreadable interaction");
        Box::new(refused(StatusCode::BAD_REQUEST, "unreadable interaction"))
    })
}

async fn interaction(State(endpoint): State<Endpoint>, headers: HeaderMap, body: Bytes) -> Response {
    let interaction = match signed_interaction(&endpoint, &headers, &body) {
        Ok(interaction) => interaction,
        Err(answer) => return *answer,
    };
    let id = interaction.id().get();
    let service = endpoint.bot.service.clone();
    // Everything the press writes until its answer, the claim first, is
    // committed at once with the answer (see `service::OneCommit`).
    let press = match tokio::time::timeout(PRESS_SLOT_WAIT, service.one_commit()).await {
        Ok(Ok(press)) => press,
        Ok(Err(error)) => {
            if error.unavailable().is_none() {
                tracing::error!(%error, interaction_id = id, "could not start a press's transaction");
            }
            return refused(StatusCode::SERVICE_UNAVAILABLE, "the database is unavailable");
        }
        // Every press's slot is taken: if this is a copy of a press
        // answered already, it can still get that answer.
        Err(_) => match service.kept_interaction_answer(id).await {
            Ok(Some((content_type, bytes))) => return answered_before(id, AnswerBody { content_type, bytes }),
            _ => return refused(StatusCode::SERVICE_UNAVAILABLE, "the database is busy"),
        },
    };
    let retried = match press.clone().scope(claim(&service, id)).await {
        Claimed::Mine { retried } => retried,
        Claimed::Answered(answer) => return answered_before(id, answer),
        Claimed::Busy => return refused(StatusCode::SERVICE_UNAVAILABLE, "the interaction is being answered"),
        Claimed::Unavailable => return refused(StatusCode::SERVICE_UNAVAILABLE, "the database is unavailable"),
    };
    let keeping = Keeping {
        service: service.clone(),
        interaction_id: id,
        press: press.clone(),
    };
    let (slot, answered, wrote) = HttpAnswer::new(retried, keeping);
    let Endpoint { bot, ctx, .. } = endpoint;
    // A task of its own: the handler finishes (the move recorded, the next
    // board posted) even if the request is dropped before the answer. The
    // press's transaction goes with it: committed with the answer, rolled
    // back if the handler ends without one.
    tokio::spawn(press.scope(slot.scope(async move { bot.on_interaction(&ctx, &interaction).await })));
    match tokio::time::timeout(ANSWER_LIMIT, answered).await {
        // Kept and committed by the handler before it was sent.
        Ok(Ok(answer)) => written_response(answer, wrote),
        Ok(Err(_)) => {
            if let Err(error) = service.release_interaction(id).await {
                tracing::warn!(%error, interaction_id = id, "could not release an interaction");
            }
            refused(StatusCode::INTERNAL_SERVER_ERROR, "the interaction got no answer")
        }
        Err(_) => refused(StatusCode::SERVICE_UNAVAILABLE, "the answer was not ready in time"),
    }
}

/// The answer a copy of interaction `id` gets: the first one's.
fn answered_before(id: u64, answer: AnswerBody) -> Response {
    tracing::debug!(interaction_id = id, "a copy of an interaction answered before");
    let (wrote, _) = oneshot::channel();
    written_response(answer, wrote)
}

/// What claiming an interaction came to.
enum Claimed {
    /// This process handles it; `retried` if it took the claim over from
    /// a process that died.
    Mine {
        retried: bool,
    },
    /// A copy was answered: the same answer.
    Answered(AnswerBody),
    /// Another process is still on it past the time Discord waits.
    Busy,
    Unavailable,
}

/// Claims interaction `id`, waiting while another process holds a claim
/// that may still be answered (see `service::CLAIM_TAKEOVER_MS`).
async fn claim(service: &Service, id: u64) -> Claimed {
    let deadline = tokio::time::Instant::now() + ANSWER_LIMIT;
    loop {
        match service.claim_interaction(id).await {
            Ok(InteractionClaim::Claimed) => return Claimed::Mine { retried: false },
            Ok(InteractionClaim::TakenOver) => {
                tracing::info!(interaction_id = id, "took over an interaction a dead process claimed");
                return Claimed::Mine { retried: true };
            }
            Ok(InteractionClaim::Answered { content_type, body }) => {
                return Claimed::Answered(AnswerBody {
                    content_type,
                    bytes: body,
                })
            }
            Ok(InteractionClaim::Held { .. }) if tokio::time::Instant::now() < deadline => {
                tokio::time::sleep(CLAIM_POLL).await;
            }
            Ok(InteractionClaim::Held { .. } | InteractionClaim::Waited) => return Claimed::Busy,
            Err(error) => {
                if error.unavailable().is_none() {
                    tracing::error!(%error, interaction_id = id, "could not claim an interaction");
                }
                return Claimed::Unavailable;
            }
        }
    }
}

/// Forgets, now and then, the answers no copy can ask for any more.
async fn forget_old_answers(service: Service, mut stopped: watch::Receiver<bool>) {
    let mut every = tokio::time::interval(FORGET_EVERY);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = stopped.wait_for(|&stop| stop) => return,
        }
        match service.forget_old_interactions().await {
            Ok(0) => {}
            Ok(forgotten) => tracing::debug!(forgotten, "forgot old interaction answers"),
            Err(error) => tracing::warn!(%error, "could not forget old interaction answers"),
        }
    }
}

/// Whether a request signed at `timestamp` (Unix seconds) is recent.
fn within_window(timestamp: &str, now: SystemTime) -> bool {
    let Ok(signed) = timestamp.parse::<u64>() else {
        return false;
    };
    let now = now.duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    now.abs_diff(signed) <= SIGNATURE_WINDOW.as_secs()
}

/// The answer as the response, telling `wrote` once its body was handed
/// over in full.
fn written_response(answer: AnswerBody, wrote: oneshot::Sender<()>) -> Response {
    let body = Body::from_stream(WrittenOnce {
        bytes: Some(Bytes::from(answer.bytes)),
        wrote: Some(wrote),
    });
    ([(header::CONTENT_TYPE, answer.content_type)], body).into_response()
}

/// One chunk, then the end of the body, which fires `wrote`.
struct WrittenOnce {
    bytes: Option<Bytes>,
    wrote: Option<oneshot::Sender<()>>,
}

impl futures_core::Stream for WrittenOnce {
    type Item = Result<Bytes, std::convert::Infallible>;

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        if let Some(bytes) = self.bytes.take() {
            return std::task::Poll::Ready(Some(Ok(bytes)));
        }
        if let Some(wrote) = self.wrote.take() {
            let _ = wrote.send(());
        }
        std::task::Poll::Ready(None)
    }
}

impl Drop for WrittenOnce {
    /// A response dropped before its end (the request closed) still lets
    /// the handler go on.
    fn drop(&mut self) {
        if let Some(wrote) = self.wrote.take() {
            let _ = wrote.send(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_recent_timestamp_is_within_the_window() {
        let now = UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        assert!(within_window("1800000000", now));
        assert!(within_window("1799999970", now));
        assert!(within_window("1800000030", now));
        assert!(!within_window("1799999969", now));
        assert!(!within_window("1800000031", now));
        assert!(!within_window("", now));
        assert!(!within_window("-5", now));
        assert!(!within_window("soon", now));
    }
}
