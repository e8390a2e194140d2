//! The HAProxy configuration of `deploy/` in front of the bot in HTTP mode:
//! valid, and retrying on another process a request that one dropped
//! mid-way, so that every press is answered once. Needs Debian's `haproxy`
//! (`.ci/run` installs it).

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support::balancer::{Balancer, CONFIG};
use crate::support::fake_discord as fake;
use crate::support::free_port;
use crate::support::scene::*;

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
    let front = free_port();
    // The dying process first: round robin sends it every other request.
    let balancer = Balancer::start(front, &[dying, live]);
    let through_balancer = balancer.interactions_url();
    balancer.wait_up(Duration::from_secs(10)).await;
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
