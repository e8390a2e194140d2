//! Reaching Discord before the client is built.

use super::LOG_TARGET;
use std::time::Duration;

use serenity::all::Http;
use tokio::sync::watch;
use tokio::time::timeout;

use super::Failure;
use crate::discord::RequestFailure;

/// Waits between attempts to reach Discord before the first connection.
const FIRST_RETRY: Duration = Duration::from_secs(1);
const LONGEST_RETRY: Duration = Duration::from_secs(60);
/// A REST request that has not answered by then counts as a failed attempt.
const PROBE_LIMIT: Duration = Duration::from_secs(10);

/// Asks Discord who the bot is until it answers, waiting longer after each
/// failure. `Ok(false)`: a stop was requested first.
///
/// Done before the client is built, because serenity builds it with
/// Discord's public gateway address when it cannot ask for the right one.
pub(super) async fn wait_until_reachable(http: &Http, stop: &mut watch::Receiver<bool>) -> Result<bool, Failure> {
    let mut wait = FIRST_RETRY;
    for attempt in 1u32.. {
        let error = tokio::select! {
            answer = timeout(PROBE_LIMIT, http.get_current_user()) => match answer {
                Ok(Ok(_)) => {
                    if attempt > 1 {
                        tracing::info!(target: LOG_TARGET, attempt, "Discord is reachable again");
                    }
                    return Ok(true);
                }
                Ok(Err(error)) if RequestFailure::of(&error) == RequestFailure::Unauthorised => return Err(Failure::TokenRejected),
                Ok(Err(error)) => with_causes(&error),
                Err(_) => format!("no answer within {} s", PROBE_LIMIT.as_secs()),
            },
            _ = stop.wait_for(|stopping| *stopping) => return Ok(false),
        };
        tracing::warn!(target: LOG_TARGET, attempt, retry_in_s = wait.as_secs(), %error, "cannot reach Discord; retrying");
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = stop.wait_for(|stopping| *stopping) => return Ok(false),
        }
        wait = (wait * 2).min(LONGEST_RETRY);
    }
    unreachable!("the attempts are counted without end")
}

/// The error and its causes: serenity's own message for a failed request
/// hides whether the connection was refused, reset or timed out.
fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        let more = inner.to_string();
        if !text.contains(&more) {
            text = format!("{}: {more}", text.trim_end_matches('.'));
        }
        cause = inner.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn causes_are_appended_once() {
        let io = std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "connection refused");
        let error = anyhow::Error::new(io).context("Error while sending HTTP request.");
        assert_eq!(
            with_causes(error.as_ref()),
            "Error while sending HTTP request: connection refused"
        );
    }
}
