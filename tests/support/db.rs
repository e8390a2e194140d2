//! A fresh database per test, on SQLite or PostgreSQL, and
//! [`on_both_backends!`], which runs one test body on each.
//!
//! The PostgreSQL variants are ignored by a plain `cargo test`, with
//! [`NEEDS_POSTGRES`] as the reason. Run with `--include-ignored` (as
//! `.ci/run` does), they use the server `AKON_TEST_POSTGRES_URL` names (e.g.
//! `postgres://postgres@127.0.0.1:5432/postgres`) and fail without it: each
//! test creates its own database there and drops it at the end, so tests run
//! in parallel.
#![allow(dead_code)]

use std::future::Future;
use std::path::{Path, PathBuf};

use akon::store::Backend;
use sqlx::{Connection, PgConnection};

/// The server the PostgreSQL variants use.
pub const POSTGRES_VAR: &str = "AKON_TEST_POSTGRES_URL";

/// Why a PostgreSQL test is ignored by a plain `cargo test`. The `ignore`
/// attributes spell it out, since an attribute takes no constant.
pub const NEEDS_POSTGRES: &str = "needs PostgreSQL: AKON_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres cargo test -- --include-ignored";

tokio::task_local! {
    static BACKEND: Backend;
}

/// The server `AKON_TEST_POSTGRES_URL` names, if set.
pub fn postgres_server() -> Option<String> {
    std::env::var(POSTGRES_VAR).ok().filter(|url| !url.trim().is_empty())
}

/// The backend the running test is on (SQLite outside [`run`]).
pub fn backend() -> Backend {
    BACKEND.try_with(|backend| *backend).unwrap_or(Backend::Sqlite)
}

/// Runs `test` with [`backend`] answering `backend`. On PostgreSQL without
/// a server the test fails: it runs only when asked for (it is ignored
/// otherwise), and a test that did not run never passes.
pub async fn run(backend: Backend, test: impl Future<Output = ()>) {
    if backend == Backend::Postgres && postgres_server().is_none() {
        panic!("{POSTGRES_VAR} is not set; {NEEDS_POSTGRES}");
    }
    BACKEND.scope(backend, test).await
}

/// Runs the `async fn` named `$name` (no arguments) as two tests,
/// `$name::sqlite` and `$name::postgres`, each under the test attribute
/// given; the PostgreSQL one is ignored unless asked for (see the module).
#[macro_export]
macro_rules! on_both_backends {
    (#[$attr:meta] fn $name:ident) => {
        mod $name {
            #[$attr]
            async fn sqlite() {
                $crate::support::db::run(akon::store::Backend::Sqlite, super::$name()).await
            }
            #[$attr]
            #[ignore = "needs PostgreSQL: AKON_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres cargo test -- --include-ignored"]
            async fn postgres() {
                $crate::support::db::run(akon::store::Backend::Postgres, super::$name()).await
            }
        }
    };
}

/// A database of the running test's backend, dropped with this value.
pub struct TestDb {
    /// What `DATABASE_URL` would say.
    pub url: String,
    /// The SQLite file (on PostgreSQL, a file that does not exist).
    pub path: PathBuf,
    /// On PostgreSQL: the server and the database created on it.
    postgres: Option<(String, String)>,
}

impl TestDb {
    /// A connection of its own to the database, for what the store offers
    /// no operation for (damaging a row, counting rows).
    pub async fn connect(&self) -> sqlx::AnyConnection {
        sqlx::any::install_default_drivers();
        sqlx::AnyConnection::connect(&self.url).await.unwrap()
    }

    /// A new empty database: on SQLite the file `name` in `dir`.
    pub async fn create(dir: &Path, name: &str) -> TestDb {
        let path = dir.join(name);
        match backend() {
            Backend::Sqlite => TestDb {
                url: format!("sqlite:{}", path.display()),
                path,
                postgres: None,
            },
            Backend::Postgres => {
                let server = postgres_server().expect("the PostgreSQL variants run only with a server");
                let database = format!("akon_t_{:016x}", akon::random::SplitMix64::seed_from_entropy());
                let mut admin = PgConnection::connect(&server)
                    .await
                    .unwrap_or_else(|e| panic!("cannot reach the PostgreSQL server {POSTGRES_VAR} names: {e}"));
                sqlx::query(&format!("CREATE DATABASE {database}"))
                    .execute(&mut admin)
                    .await
                    .unwrap();
                admin.close().await.unwrap();
                let mut url = reqwest::Url::parse(&server).unwrap();
                url.set_path(&database);
                TestDb {
                    url: url.to_string(),
                    path,
                    postgres: Some((server, database)),
                }
            }
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let Some((server, database)) = self.postgres.take() else {
            return;
        };
        // Drop runs outside async: a thread of its own with its own runtime
        // drops the database, closing whatever connections are still open.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async {
                let mut admin = PgConnection::connect(&server).await?;
                sqlx::query(&format!("DROP DATABASE IF EXISTS {database} WITH (FORCE)"))
                    .execute(&mut admin)
                    .await?;
                admin.close().await
            })
        })
        .join();
        if let Ok(Err(error)) = dropped {
            eprintln!("could not drop a test database: {error}");
        }
    }
}
