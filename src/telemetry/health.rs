//! `/healthz`: healthy only while the gateway is connected and the database
//! answers.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// One health question (is the gateway connected? does the database
/// answer?), asked afresh on every `/healthz`: `Err` says what is wrong.
#[derive(Clone)]
pub struct Check(Arc<dyn Fn() -> CheckFuture + Send + Sync>);

type CheckFuture = Pin<Box<dyn Future<Output = Result<(), String>> + Send>>;

impl Check {
    pub fn new<F, Fut>(check: F) -> Check
    where
        F: Fn() -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<(), String>> + Send + 'static,
    {
        Check(Arc::new(move || Box::pin(check())))
    }

    /// Asks the question, giving up after `limit`.
    pub async fn run(&self, limit: Duration) -> Result<(), String> {
        match tokio::time::timeout(limit, (self.0)()).await {
            Ok(answer) => answer,
            Err(_) => Err(format!("no answer within {} ms", limit.as_millis())),
        }
    }
}

impl std::fmt::Debug for Check {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Check")
    }
}

/// The checks behind `/healthz`. Each is set once its part exists (the
/// database when it is open, the gateway when the client is built); until
/// then that part counts as not ready.
#[derive(Debug, Default)]
pub struct Health {
    gateway: RwLock<Option<Check>>,
    database: RwLock<Option<Check>>,
}

/// How long one check may take: a stuck database must not hang `/healthz`
/// past a prober's own timeout.
const CHECK_LIMIT: Duration = Duration::from_secs(2);

impl Health {
    pub fn new() -> Health {
        Health::default()
    }

    pub fn set_gateway(&self, check: Check) {
        *self.gateway.write().expect("the health lock is never poisoned") = Some(check);
    }

    /// HTTP mode opens no gateway: nothing is waited for there, and the
    /// health is the database's alone.
    pub fn without_gateway(&self) {
        self.set_gateway(Check::new(|| async { Ok(()) }));
    }

    pub fn set_database(&self, check: Check) {
        *self.database.write().expect("the health lock is never poisoned") = Some(check);
    }

    /// `Ok` when every part is healthy; otherwise one line per part that
    /// is not, saying why.
    pub async fn check(&self) -> Result<(), String> {
        let gateway = self.gateway.read().expect("the health lock is never poisoned").clone();
        let database = self.database.read().expect("the health lock is never poisoned").clone();
        let mut problems = Vec::new();
        match gateway {
            None => problems.push("gateway: not connected yet".to_string()),
            Some(check) => {
                if let Err(why) = check.run(CHECK_LIMIT).await {
                    problems.push(format!("gateway: {why}"));
                }
            }
        }
        match database {
            None => problems.push("database: not open yet".to_string()),
            Some(check) => {
                if let Err(why) = check.run(CHECK_LIMIT).await {
                    problems.push(format!("database: {why}"));
                }
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("\n"))
        }
    }
}
