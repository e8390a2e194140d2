//! The web view in a real headless Chromium (Debian's `chromium` and
//! `chromium-driver`, see `support/browser.rs`).

#[path = "support/browser.rs"]
mod browser;

use std::net::SocketAddr;

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use browser::Browser;
use fantoccini::key::Key;

/// A policy as strict as the web view's: scripts and styles from the page's
/// own origin only.
const STRICT: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'";

fn page(csp: Option<&'static str>, body: &'static str) -> impl IntoResponse {
    let html = format!(
        "<!doctype html><html><head><meta charset=utf-8><title>t</title>\
         <script src=/counter.js defer></script></head><body>{body}</body></html>"
    );
    let mut headers = vec![(header::CONTENT_TYPE, "text/html; charset=utf-8")];
    if let Some(csp) = csp {
        headers.push((header::CONTENT_SECURITY_POLICY, csp));
    }
    (axum::response::AppendHeaders(headers), html)
}

/// Pages that do, and do not, what the web view's tests look for.
async fn serve_checks() -> SocketAddr {
    let counter = "document.addEventListener('keydown', function (e) {\
        if (e.key === 'ArrowRight') { var n = document.getElementById('n');\
        n.dataset.n = String(Number(n.dataset.n) + 1); } });";
    let app = Router::new()
        .route(
            "/clean",
            get(|| async { page(Some(STRICT), "<p id=n data-n=0>counter</p>") }),
        )
        .route(
            "/inline",
            get(|| async { page(Some(STRICT), "<p id=n data-n=0>x</p><script>alert(1)</script>") }),
        )
        .route(
            "/open",
            get(|| async { page(None, "<p id=n data-n=0>x</p><script>alert(1)</script>") }),
        )
        .route(
            "/wide",
            get(|| async { page(None, "<div style='width:2000px'>wide</div><p id=n data-n=0>x</p>") }),
        )
        .route(
            "/counter.js",
            get(move || async move { ([(header::CONTENT_TYPE, "text/javascript")], counter) }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    addr
}

/// The checks the web view's tests make can fail: a blocked inline script
/// is seen in the console, a dialog is seen, a page wider than the window
/// is seen, and the arrow keys reach the page's script.
#[tokio::test]
async fn the_browser_checks_catch_what_they_look_for() {
    let addr = serve_checks().await;
    let mut browser = Browser::start().await;

    browser.goto(&format!("http://{addr}/clean")).await;
    browser.wait_until("document.readyState === 'complete'").await;
    browser.press(Key::Right).await;
    browser.press(Key::Right).await;
    browser
        .wait_until("document.getElementById('n').dataset.n === '2'")
        .await;
    let console = browser.console().await;
    assert!(console.iter().all(|line| !line.is_csp_violation()), "{console:?}");
    assert!(!browser.dialog_open().await);
    for width in [390, 1280] {
        browser.set_width(width).await;
        let (scroll, client) = browser.widths().await;
        assert!(scroll <= client, "{width} px: {scroll} > {client}");
    }

    browser.goto(&format!("http://{addr}/inline")).await;
    let console = browser.console().await;
    assert!(console.iter().any(|line| line.is_csp_violation()), "{console:?}");
    assert!(!browser.dialog_open().await, "the policy let an inline script run");

    browser.goto(&format!("http://{addr}/open")).await;
    assert!(browser.dialog_open().await, "an alert was not seen");
    browser.client.dismiss_alert().await.unwrap();

    browser.set_width(390).await;
    browser.goto(&format!("http://{addr}/wide")).await;
    let (scroll, client) = browser.widths().await;
    assert!(
        scroll > client,
        "a 2000 px wide page was not seen as wider: {scroll} <= {client}"
    );

    let png = browser.screenshot().await;
    assert!(png.starts_with(b"\x89PNG"), "a screenshot is a PNG");
    browser.close().await;
}

/// Without the browser or its driver, the tests fail saying how to install
/// them, rather than passing without a browser.
#[test]
fn a_missing_browser_is_a_failure_naming_the_packages() {
    let nowhere = tempfile::tempdir().unwrap();
    let path = nowhere.path().as_os_str().to_owned();
    let missing = browser::programs_in(&["/nonexistent/chromium", "chromium"], &["chromedriver"], Some(&path));
    let line = missing.unwrap_err();
    assert!(line.contains("apt-get install chromium chromium-driver"), "{line}");
    assert!(!line.contains('\n'), "{line}");
    // And the same lists find the programs where they are.
    std::fs::write(nowhere.path().join("chromium"), "").unwrap();
    std::fs::write(nowhere.path().join("chromedriver"), "").unwrap();
    let found = browser::programs_in(&["/nonexistent/chromium", "chromium"], &["chromedriver"], Some(&path));
    assert_eq!(
        found.unwrap(),
        (nowhere.path().join("chromium"), nowhere.path().join("chromedriver"))
    );
}
