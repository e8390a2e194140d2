//! Stop requests: Ctrl-C and SIGTERM.

use super::LOG_TARGET;
use tokio::sync::watch;

use super::shutdown::STOP_LIMIT;

/// Exit code when a second signal cuts the stop short.
const EXIT_FORCED: i32 = 1;

/// Becomes `true` at the first Ctrl-C or SIGTERM. A second one exits at once.
///
/// The handlers are installed before this returns: until then a SIGTERM
/// would still kill the process the default way.
pub(super) fn stop_requests() -> watch::Receiver<bool> {
    let (request, requested) = watch::channel(false);
    let mut signals = match Signals::new() {
        Ok(signals) => signals,
        Err(error) => {
            tracing::error!(target: LOG_TARGET, %error, "cannot listen for stop signals; only a kill stops the bot");
            return requested;
        }
    };
    tokio::spawn(async move {
        signals.next().await;
        tracing::info!(target: LOG_TARGET,
            limit_s = STOP_LIMIT.as_secs(),
            "shutting down; a second Ctrl-C or SIGTERM stops at once"
        );
        let _ = request.send(true);
        signals.next().await;
        tracing::warn!(target: LOG_TARGET, "second stop signal: exiting at once, answers in flight are dropped");
        std::process::exit(EXIT_FORCED);
    });
    requested
}

/// Ctrl-C (SIGINT), and SIGTERM where there is one.
#[cfg(unix)]
struct Signals {
    interrupt: tokio::signal::unix::Signal,
    terminate: tokio::signal::unix::Signal,
}

#[cfg(unix)]
impl Signals {
    fn new() -> std::io::Result<Signals> {
        use tokio::signal::unix::{signal, SignalKind};
        Ok(Signals {
            interrupt: signal(SignalKind::interrupt())?,
            terminate: signal(SignalKind::terminate())?,
        })
    }

    async fn next(&mut self) {
        tokio::select! {
            _ = self.interrupt.recv() => {}
            _ = self.terminate.recv() => {}
        }
    }
}

#[cfg(not(unix))]
struct Signals;

#[cfg(not(unix))]
impl Signals {
    fn new() -> std::io::Result<Signals> {
        Ok(Signals)
    }

    async fn next(&mut self) {
        let _ = tokio::signal::ctrl_c().await;
    }
}
