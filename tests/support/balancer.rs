//! HAProxy (Debian's `haproxy`) running the deployed configuration,
//! `deploy/haproxy.cfg`, with its `bind` and `server` lines replaced by
//! loopback ports: what the tests and the benchmark put in front of the
//! bot in HTTP mode.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The deployed configuration.
pub const CONFIG: &str = include_str!("../../deploy/haproxy.cfg");

/// HAProxy listening on `front` and balancing over `servers`, until
/// dropped.
pub struct Balancer {
    haproxy: Child,
    front: u16,
    /// Holds the configuration file while HAProxy runs.
    _config: tempfile::TempDir,
}

/// [`CONFIG`] listening on 127.0.0.1:`front`, its servers those on the
/// loopback `servers` ports.
pub fn configuration(front: u16, servers: &[u16]) -> String {
    let mut config = String::new();
    for line in CONFIG.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("bind ") {
            config.push_str(&format!("    bind 127.0.0.1:{front}\n"));
        } else if trimmed.starts_with("server ") {
            continue;
        } else {
            config.push_str(line);
            config.push('\n');
        }
    }
    for (n, port) in servers.iter().enumerate() {
        config.push_str(&format!("    server akon{n} 127.0.0.1:{port} check\n"));
    }
    config
}

impl Balancer {
    /// Starts HAProxy; [`Balancer::wait_up`] waits until it passes a
    /// request on.
    pub fn start(front: u16, servers: &[u16]) -> Balancer {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("haproxy.cfg");
        std::fs::write(&path, configuration(front, servers)).unwrap();
        let haproxy = Command::new("haproxy")
            .arg("-db")
            .arg("-f")
            .arg(&path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("haproxy starts (apt-get install haproxy)");
        Balancer {
            haproxy,
            front,
            _config: dir,
        }
    }

    /// HAProxy's process id (for its CPU time).
    pub fn pid(&self) -> Option<u32> {
        Some(self.haproxy.id())
    }

    /// Where Discord would post interactions.
    pub fn interactions_url(&self) -> String {
        format!("http://127.0.0.1:{}/interactions", self.front)
    }

    /// Waits until a `/healthz` through the balancer is answered 200: it
    /// runs and holds at least one healthy server.
    pub async fn wait_up(&self, limit: Duration) {
        let started = Instant::now();
        let url = format!("http://127.0.0.1:{}/healthz", self.front);
        loop {
            let up = reqwest::get(&url).await;
            if up.is_ok_and(|r| r.status().is_success()) {
                return;
            }
            assert!(
                started.elapsed() < limit,
                "haproxy did not pass a request on within {limit:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for Balancer {
    fn drop(&mut self) {
        let _ = self.haproxy.kill();
        let _ = self.haproxy.wait();
    }
}

/// A port of 127.0.0.1 free when asked, for a program that cannot be
/// given a bound socket nor asked to choose one (HAProxy, chromedriver), or
/// that must get the same port again when it restarts:
/// bound, released and bound again by that program, so another may take
/// it in between. Everything else binds port 0 and hands the socket over,
/// or reads the port the process chose from its log.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}
