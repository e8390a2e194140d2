//! The bot's log lines: text or JSON on stderr, the token never in them.

use std::io::{IsTerminal, Write};
use std::sync::Arc;

use tracing_subscriber::fmt::MakeWriter;

use crate::config::LogFormat;

/// serenity's warnings stay on, except the shard queuer's and runner's: they
/// repeat every few seconds while Discord is unreachable, and
/// [`super::gateway::watch`] reports that in fewer and clearer lines.
const DEFAULT_LOG_FILTER: &str =
    "info,serenity=warn,serenity::gateway::bridge::shard_queuer=error,serenity::gateway::bridge::shard_runner=error";

/// Sends the log lines to stderr in `format`, `RUST_LOG` choosing which,
/// with every occurrence of `token` replaced.
pub(super) fn init(format: LogFormat, token: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(DEFAULT_LOG_FILTER));
    let writer = RedactingStderr {
        secret: Arc::from(token),
    };
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer);
    let _ = match format {
        LogFormat::Text => {
            let colour = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            builder.with_ansi(colour).try_init()
        }
        LogFormat::Json => builder.json().flatten_event(true).with_ansi(false).try_init(),
    };
}

/// Makes the writers of log lines: stderr with every occurrence of the
/// token replaced, whatever logged it (serenity at `trace` shows much of
/// what it sends).
#[derive(Clone)]
struct RedactingStderr {
    secret: Arc<str>,
}

impl<'a> MakeWriter<'a> for RedactingStderr {
    type Writer = Redacting<std::io::StderrLock<'static>>;

    fn make_writer(&'a self) -> Self::Writer {
        Redacting {
            secret: self.secret.clone(),
            inner: std::io::stderr().lock(),
        }
    }
}

/// Writes to `inner` with `secret` replaced by `<token>`.
struct Redacting<W> {
    secret: Arc<str>,
    inner: W,
}

impl<W: Write> Write for Redacting<W> {
    /// The formatter hands over one whole line per call, so a token is never
    /// split between two calls.
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        if !self.secret.is_empty() && text.contains(&*self.secret) {
            self.inner
                .write_all(text.replace(&*self.secret, "<token>").as_bytes())?;
        } else {
            self.inner.write_all(buf)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "MTAwMDAwMDAwMDAwMDAwMDAx.GfAkEx.fake-token-for-tests-only";

    fn redacted(line: &str) -> String {
        let mut out = Redacting {
            secret: Arc::from(TOKEN),
            inner: Vec::new(),
        };
        write!(out, "{line}").unwrap();
        String::from_utf8(out.inner).unwrap()
    }

    #[test]
    fn the_token_is_replaced_wherever_it_appears_in_a_log_line() {
        let line = format!("DEBUG identify token=\"Bot {TOKEN}\" again {TOKEN}\n");
        assert_eq!(redacted(&line), "DEBUG identify token=\"Bot <token>\" again <token>\n");
        assert_eq!(redacted("INFO database ready\n"), "INFO database ready\n");
    }
}
