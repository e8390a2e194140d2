//! A real headless Chromium, driven over WebDriver, for the web view's
//! tests: Debian's `chromium` and `chromium-driver`, with `chromedriver` a
//! child process on a free port of 127.0.0.1 and fantoccini as the client.
//!
//! Missing programs fail the test with one line saying how to install them:
//! a browser test never passes without a browser. The browser reaches
//! nothing but 127.0.0.1: its own background traffic is turned off by flags,
//! every host name but 127.0.0.1 fails to resolve, and every other address
//! goes to a proxy on a port of 127.0.0.1 where nothing listens.
#![allow(dead_code)]

use std::ffi::OsString;
use std::net::TcpStream;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder};
use serde_json::{json, Value};

/// What a test says when it cannot find the browser or its driver.
pub const INSTALL: &str =
    "chromium and chromedriver are needed for the browser tests: apt-get install chromium chromium-driver";

/// How long to wait for the driver to listen or the page to change: a bound
/// on waiting, never a claim about speed.
const PATIENCE: Duration = Duration::from_secs(30);

/// Where Debian puts the browser itself: `/usr/bin/chromium` is a shell
/// wrapper that adds flags and Google's API keys, so the tests run the
/// binary behind it with their own flags only.
const BROWSERS: &[&str] = &["/usr/lib/chromium/chromium", "chromium", "chromium-browser"];
const DRIVERS: &[&str] = &["/usr/lib/chromium/chromedriver", "chromedriver"];

/// The browser's flags beside those chromedriver already gives it
/// (`--disable-background-networking`, `--disable-sync`,
/// `--disable-default-apps`, `--no-first-run`, `--password-store=basic`, …).
fn browser_args(profile: &Path, dead_port: u16) -> Vec<String> {
    let mut args: Vec<String> = [
        "--headless=new",
        // Root in a container has no user namespaces for the sandbox.
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        // No traffic of the browser's own: updates, reports, lookups.
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-domain-reliability",
        "--disable-breakpad",
        "--disable-crash-reporter",
        "--disable-client-side-phishing-detection",
        "--disable-extensions",
        "--disable-sync",
        "--no-pings",
        "--no-default-browser-check",
        "--metrics-recording-only",
        "--safebrowsing-disable-auto-update",
        "--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,\
         AutofillServerCommunication,CertificateTransparencyComponentUpdater,SafeBrowsing,\
         InterestFeedContentSuggestions,NetworkTimeServiceQuerying,PrivacySandboxSettings4",
        // The same pixels on every host.
        "--force-device-scale-factor=1",
        "--hide-scrollbars",
        "--window-size=1280,900",
        "--lang=en-US",
    ]
    .iter()
    .map(|flag| flag.to_string())
    .collect();
    // Belt and braces: whatever still tries the network finds no name but
    // 127.0.0.1, and no address but 127.0.0.1 outside a dead proxy.
    args.push("--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1".into());
    args.push(format!("--proxy-server=http://127.0.0.1:{dead_port}"));
    args.push("--proxy-bypass-list=127.0.0.1".into());
    args.push(format!("--user-data-dir={}", profile.display()));
    args
}

/// The first of `names` that is a file: a path as it is, a bare name
/// looked up along `path` (the `PATH` variable's value).
pub fn locate(names: &[&str], path: Option<&OsString>) -> Option<PathBuf> {
    for name in names {
        if name.contains('/') {
            if Path::new(name).is_file() {
                return Some(PathBuf::from(name));
            }
        } else if let Some(path) = path {
            if let Some(found) = std::env::split_paths(path)
                .map(|dir| dir.join(name))
                .find(|file| file.is_file())
            {
                return Some(found);
            }
        }
    }
    None
}

/// The first of `browsers` and of `drivers` found, or the line saying how
/// to install them.
pub fn programs_in(
    browsers: &[&str],
    drivers: &[&str],
    path: Option<&OsString>,
) -> Result<(PathBuf, PathBuf), &'static str> {
    match (locate(browsers, path), locate(drivers, path)) {
        (Some(browser), Some(driver)) => Ok((browser, driver)),
        _ => Err(INSTALL),
    }
}

/// The browser and its driver on this system, or the install line.
pub fn programs() -> Result<(PathBuf, PathBuf), &'static str> {
    programs_in(BROWSERS, DRIVERS, std::env::var_os("PATH").as_ref())
}

/// One line of the browser's console.
#[derive(Debug, Clone)]
pub struct ConsoleLine {
    pub level: String,
    pub message: String,
}

impl ConsoleLine {
    /// Whether the line reports something the Content-Security-Policy blocked.
    pub fn is_csp_violation(&self) -> bool {
        self.message.contains("Content Security Policy")
    }
}

/// chromedriver's command for the console lines gathered since the last
/// call (`goog:loggingPrefs` turns the gathering on).
#[derive(Debug)]
struct ReadLog;

impl WebDriverCompatibleCommand for ReadLog {
    fn endpoint(&self, base_url: &url::Url, session_id: Option<&str>) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/se/log", session_id.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(json!({"type": "browser"}).to_string()))
    }
}

/// A headless Chromium and the chromedriver driving it, both ended (with
/// the whole process group) when this is dropped, however the test ends.
pub struct Browser {
    pub client: Client,
    driver: Child,
    /// The profile and the driver's log.
    dir: tempfile::TempDir,
}

impl Browser {
    /// Starts chromedriver and a browser session, or fails the test with
    /// the install line when either program is missing.
    pub async fn start() -> Browser {
        let (browser, driver) = match programs() {
            Ok(found) => found,
            Err(line) => panic!("{line}"),
        };
        let dir = tempfile::tempdir().unwrap();
        let profile = dir.path().join("profile");
        let log = dir.path().join("chromedriver.log");
        // Nothing listens there: a request sent to the proxy is refused.
        let dead_port = super::free_port();
        let port = super::free_port();
        let mut command = Command::new(&driver);
        command
            .arg(format!("--port={port}"))
            .arg("--allowed-ips=127.0.0.1")
            .arg(format!("--log-path={}", log.display()))
            // Nothing of the test's environment: no proxy, no display, no keys.
            .env_clear()
            .env("HOME", dir.path())
            .env("PATH", "/usr/bin:/bin")
            .env("NO_PROXY", "127.0.0.1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            // Its own group, so that the browser it starts is ended with it.
            .process_group(0);
        let mut child = command.spawn().unwrap_or_else(|error| panic!("{INSTALL} ({error})"));
        let deadline = Instant::now() + PATIENCE;
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            if let Ok(Some(status)) = child.try_wait() {
                panic!(
                    "chromedriver exited ({status}): {}",
                    std::fs::read_to_string(&log).unwrap_or_default()
                );
            }
            assert!(
                Instant::now() < deadline,
                "chromedriver does not listen on 127.0.0.1:{port}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let capabilities = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": browser,
                "args": browser_args(&profile, dead_port),
            },
            "goog:loggingPrefs": {"browser": "ALL"},
            // A dialog stays open for the test to find, rather than being
            // dismissed by the next command.
            "unhandledPromptBehavior": "ignore",
        });
        let capabilities = match capabilities {
            Value::Object(map) => map,
            _ => unreachable!(),
        };
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await;
        let mut browser = Browser {
            client: match client {
                Ok(client) => client,
                Err(error) => {
                    let _ = child.kill();
                    panic!(
                        "no browser session ({error}): {}",
                        std::fs::read_to_string(&log).unwrap_or_default()
                    )
                }
            },
            driver: child,
            dir,
        };
        browser.set_width(1280).await;
        browser
    }

    /// Ends the session (the browser quits); the driver ends on drop.
    pub async fn close(self) {
        let _ = self.client.clone().close().await;
    }

    pub async fn goto(&self, url: &str) {
        self.client
            .goto(url)
            .await
            .unwrap_or_else(|error| panic!("{url}: {error}"));
    }

    /// Runs `script` in the page and returns its value.
    pub async fn eval(&self, script: &str) -> Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|error| panic!("{script}: {error}"))
    }

    /// Waits until `script` (an expression) is true in the page.
    pub async fn wait_until(&self, script: &str) {
        let deadline = Instant::now() + PATIENCE;
        let body = format!("return Boolean({script});");
        loop {
            if let Ok(Value::Bool(true)) = self.client.execute(&body, vec![]).await {
                return;
            }
            assert!(Instant::now() < deadline, "the page never had {script}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Presses and releases `key` on whatever has the focus.
    pub async fn press(&self, key: Key) {
        let key: char = key.into();
        let actions = KeyActions::new("keyboard".into())
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key });
        self.client.perform_actions(actions).await.unwrap();
    }

    /// Whether a dialog (alert, confirm, prompt) is open.
    pub async fn dialog_open(&self) -> bool {
        match self.client.get_alert_text().await {
            Ok(_) => true,
            Err(error) if error.is_no_such_alert() => false,
            Err(error) => panic!("asking for a dialog: {error}"),
        }
    }

    /// The console lines since the last call.
    pub async fn console(&self) -> Vec<ConsoleLine> {
        let lines = self.client.issue_cmd(ReadLog).await.unwrap();
        lines
            .as_array()
            .into_iter()
            .flatten()
            .map(|line| ConsoleLine {
                level: line["level"].as_str().unwrap_or_default().to_string(),
                message: line["message"].as_str().unwrap_or_default().to_string(),
            })
            .collect()
    }

    /// Makes the page's viewport `width` CSS pixels wide (the window's
    /// frame, if any, added).
    pub async fn set_width(&mut self, width: u32) {
        let height = 900;
        self.client.set_window_size(width, height).await.unwrap();
        let inner = self.eval("return window.innerWidth;").await.as_u64().unwrap() as u32;
        if inner != width {
            self.client
                .set_window_size(width + (width - inner.min(width)), height)
                .await
                .unwrap();
        }
        let inner = self.eval("return window.innerWidth;").await.as_u64().unwrap();
        assert_eq!(inner, u64::from(width), "the viewport is not {width} px wide");
    }

    /// The page's full width and its viewport's: a horizontal scroll bar
    /// exists when the first is larger.
    pub async fn widths(&self) -> (u64, u64) {
        let value = self
            .eval("return [document.documentElement.scrollWidth, document.documentElement.clientWidth];")
            .await;
        (value[0].as_u64().unwrap(), value[1].as_u64().unwrap())
    }

    /// A PNG of the viewport.
    pub async fn screenshot(&self) -> Vec<u8> {
        self.client.screenshot().await.unwrap()
    }

    /// The driver's log, for a failure's message.
    pub fn driver_log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("chromedriver.log")).unwrap_or_default()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // The driver's group holds the browser and its helpers; the child
        // itself is also killed and reaped, in case `kill` is missing.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.driver.id())])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
