//! The HAProxy configuration of `deploy/` in front of the bot in HTTP mode:
//! valid, and retrying on another process a request that one dropped
//! mid-way, so that every press is answered once. Needs Debian's `haproxy`
//! (`.ci/run` installs it).

use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support::fake_discord as fake;
use crate::support::scene::*;

const CONFIG: &str = include_str!("../deploy/haproxy.cfg");

#[test]
#[ignore = "needs HAProxy: apt-get install haproxy"]
fn the_deployed_configuration_is_valid() {
    let checked = Command::new("haproxy")
        .args(["-c", "-f", concat!(env!("CARGO_MANIFEST_DIR"), "/deploy/haproxy.cfg")])
        .output()
        .expect("haproxy runs");
    assert!(checked.status.success(), "{}", String::from_utf8_lossy(&checked.stderr));
    for needed in [
        "option httpchk GET /healthz",
        "retry-on conn-failure empty-response",
        "option redispatch",
    ] {
        assert!(CONFIG.contains(needed), "{needed}");
    }
}

/// HAProxy running the deployed configuration, listening on `front` and
/// balancing over `servers` (loopback ports), until dropped.
struct Balancer {
    haproxy: Child,
    /// Holds the configuration file while HAProxy runs.
    _config: tempfile::TempDir,
}

impl Balancer {
    fn start(front: u16, servers: &[u16]) -> Balancer {
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
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("haproxy.cfg");
        std::fs::write(&path, config).unwrap();
        let child = Command::new("haproxy")
            .arg("-db")
            .arg("-f")
            .arg(&path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("haproxy starts");
        Balancer {
            haproxy: child,
            _config: dir,
        }
    }
}

impl Drop for Balancer {
    fn drop(&mut self) {
        let _ = self.haproxy.kill();
        let _ = self.haproxy.wait();
    }
}

async fn free_port() -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    listener.local_addr().unwrap().port()
}

/// A process that passes its health checks but dies in the middle of
/// every interaction it gets: it reads the request, then drops the
/// connection without a word. Counts the interactions it dropped.
async fn dying_process() -> (u16, Arc<AtomicUsize>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let dropped = Arc::new(AtomicUsize::new(0));
    let counted = dropped.clone();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let mut buffer = [0u8; 1024];
            let Ok(read) = stream.read(&mut buffer).await else {
                continue;
            };
            if buffer[..read].starts_with(b"POST /interactions") {
                counted.fetch_add(1, Ordering::SeqCst);
            } else {
                let healthy = b"HTTP/1.1 200 OK\r\ncontent-length: 3\r\nconnection: close\r\n\r\nok\n";
                let _ = stream.write_all(healthy).await;
            }
            drop(stream);
        }
    });
    (port, dropped)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs HAProxy: apt-get install haproxy"]
async fn presses_dropped_by_a_dying_process_are_retried_on_another_and_applied_once() {
    let scene = Scene::over_http().await;
    let live: u16 = scene
        .endpoint_url()
        .split(':')
        .nth(2)
        .unwrap()
        .split('/')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let (dying, dropped) = dying_process().await;
    let front = free_port().await;
    // The dying process first: round robin sends it every other request.
    let _balancer = Balancer::start(front, &[dying, live]);
    let through_balancer = format!("http://127.0.0.1:{front}/interactions");
    let started = std::time::Instant::now();
    loop {
        let up = reqwest::get(format!("http://127.0.0.1:{front}/healthz")).await;
        if up.is_ok_and(|r| r.status().is_success()) {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "haproxy did not start");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    scene.fake.set_interactions_endpoint(&through_balancer);
    let challenge = scene.challenge(&alice(), &bob()).await;
    let accept = button_with_label(&challenge, "Accept");
    let board = scene
        .click_expecting_board(&bob(), fake::message_id(&challenge), &accept)
        .await;
    let (last, _) = scene.play_greedily(board, &[alice(), bob()], Some(6)).await;
    assert_eq!(ply_of(&last), 6, "every press was answered and applied once");
    let mut db = scene.db.connect().await;
    let moves: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM moves")
        .fetch_one(&mut db)
        .await
        .unwrap();
    assert_eq!(moves, 6);
    assert!(dropped.load(Ordering::SeqCst) > 0, "the dying process got presses");
    for answer in scene.fake.endpoint_answers() {
        assert_eq!(answer.status, 200);
    }
    scene.finish().await;
}
