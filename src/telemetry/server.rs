//! The HTTP server for operators: `GET /healthz` and `GET /metrics`, on the
//! one address given and nowhere else.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use metrics_exporter_prometheus::PrometheusHandle;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::Health;

/// Why the server could not start. Each says what to do, in one line.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(
        "cannot serve health and metrics on {addr}: the address is already in use; \
         set AKON_METRICS_ADDR to a free port, or stop what listens there"
    )]
    AddressInUse { addr: SocketAddr },
    #[error("cannot serve health and metrics on {addr} (AKON_METRICS_ADDR): {error}")]
    Bind { addr: SocketAddr, error: std::io::Error },
    #[error("cannot record metrics: another metrics recorder is already installed in this process")]
    RecorderTaken,
}

/// The running server; [`OpsServer::stop`] ends it.
#[derive(Debug)]
pub struct OpsServer {
    addr: SocketAddr,
    health: Arc<Health>,
    stop: watch::Sender<bool>,
    tasks: Vec<JoinHandle<()>>,
}

/// The Prometheus content type of the text format.
const PROMETHEUS_TEXT: &str = "text/plain; version=0.0.4; charset=utf-8";

/// Drains the histograms now and then, so memory stays bounded however
/// rarely Prometheus scrapes.
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// Listens on `addr`, installs the process-wide metrics recorder and serves
/// `/healthz` and `/metrics` until [`OpsServer::stop`]. Once per process.
pub async fn serve(addr: SocketAddr) -> Result<OpsServer, ServeError> {
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(|error| {
        if error.kind() == std::io::ErrorKind::AddrInUse {
            ServeError::AddressInUse { addr }
        } else {
            ServeError::Bind { addr, error }
        }
    })?;
    let addr = listener
        .local_addr()
        .map_err(|error| ServeError::Bind { addr, error })?;
    let recorder = super::recorder();
    let metrics = recorder.handle();
    metrics::set_global_recorder(recorder).map_err(|_| ServeError::RecorderTaken)?;
    super::describe();

    let health = Arc::new(Health::new());
    let (stop, stopped) = watch::channel(false);
    let app = Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(render_metrics))
        .with_state(Endpoints {
            health: health.clone(),
            metrics: metrics.clone(),
        });
    let server = {
        let mut stopped = stopped.clone();
        tokio::spawn(async move {
            let shutdown = async move {
                let _ = stopped.wait_for(|&stop| stop).await;
            };
            if let Err(error) = axum::serve(listener, app).with_graceful_shutdown(shutdown).await {
                tracing::error!(%error, "the health and metrics server stopped");
            }
        })
    };
    let upkeep = {
        let mut stopped = stopped;
        tokio::spawn(async move {
            let mut every = tokio::time::interval(UPKEEP_EVERY);
            loop {
                tokio::select! {
                    _ = every.tick() => metrics.run_upkeep(),
                    _ = stopped.wait_for(|&stop| stop) => break,
                }
            }
        })
    };
    tracing::info!(%addr, "serving /healthz and /metrics");
    Ok(OpsServer {
        addr,
        health,
        stop,
        tasks: vec![server, upkeep],
    })
}

impl OpsServer {
    /// Where the server listens (the port chosen, if `addr` had port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// What `/healthz` checks; set its parts as they come up.
    pub fn health(&self) -> &Health {
        &self.health
    }

    /// Stops listening; waits (briefly) for requests in flight.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        for task in self.tasks {
            if tokio::time::timeout(Duration::from_secs(2), task).await.is_err() {
                tracing::warn!("the health and metrics server did not stop in time");
            }
        }
    }
}

#[derive(Clone)]
struct Endpoints {
    health: Arc<Health>,
    metrics: PrometheusHandle,
}

async fn healthz(State(endpoints): State<Endpoints>) -> Response {
    let plain = [(header::CONTENT_TYPE, "text/plain; charset=utf-8")];
    match endpoints.health.check().await {
        Ok(()) => (StatusCode::OK, plain, "ok\n".to_string()).into_response(),
        Err(why) => (StatusCode::SERVICE_UNAVAILABLE, plain, format!("{why}\n")).into_response(),
    }
}

async fn render_metrics(State(endpoints): State<Endpoints>) -> Response {
    ([(header::CONTENT_TYPE, PROMETHEUS_TEXT)], endpoints.metrics.render()).into_response()
}
