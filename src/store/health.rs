//! Whether the database answers and takes writes (`/healthz`), and the
//! drill that holds the SQLite writer back as a full disk or a read-only
//! file would.

use super::{Backend, Doing, Result, Store};

/// How [`Store::limit_writes`] holds the SQLite writer back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteLimit {
    /// As opened: no limit.
    None,
    /// The file may not grow past its size now (`PRAGMA max_page_count`):
    /// a write that needs a new page fails with `SQLITE_FULL`, as on a full
    /// disk.
    NoGrowth,
    /// Every write fails with `SQLITE_READONLY` (`PRAGMA query_only`), as
    /// on a read-only file.
    ReadOnly,
}

/// SQLite's largest page count (its default maximum).
const MOST_SQLITE_PAGES: u32 = 4_294_967_294;

impl Store {
    /// Whether the database answers: the cheapest statement there is.
    pub async fn ping(&self) -> Result<()> {
        const DOING: &str = "checking that the database answers";
        let mut reader = self.reader().await.inspect_err(|_| {
            // No statement ran (the store is closed), yet the database
            // failed to answer: operators count that too.
            crate::telemetry::database_error(DOING);
        })?;
        sqlx::query("SELECT 1")
            .execute(&mut *reader)
            .await
            .doing(&self.outage, DOING)?;
        Ok(())
    }

    /// Whether the database takes a write: a transaction that creates a
    /// table and rolls it back. On SQLite the table takes a new page of
    /// the file, so a file that may not grow fails it as a move would; and
    /// since a full disk shows only when a commit is written out, a commit
    /// follows, of the one write that changes nothing: the header's
    /// `user_version` set to its value. A read-only database fails it on
    /// both engines.
    pub async fn probe_write(&self) -> Result<()> {
        const DOING: &str = "checking that the database takes writes";
        let create = match self.backend {
            Backend::Sqlite => "CREATE TABLE akon_write_probe (x INTEGER)",
            // Temporary: processes probing at once do not wait on each
            // other's table name.
            Backend::Postgres => "CREATE TEMPORARY TABLE akon_write_probe (x BIGINT)",
        };
        let mut writer = self.writer().await?;
        let mut tx = writer.begin_write(self.backend).await.doing(&self.outage, DOING)?;
        sqlx::query(create).execute(&mut *tx).await.doing(&self.outage, DOING)?;
        tx.rollback().await.doing(&self.outage, DOING)?;
        if self.backend == Backend::Sqlite {
            let version: i64 = sqlx::query_scalar("PRAGMA user_version")
                .fetch_one(&mut *writer)
                .await
                .doing(&self.outage, DOING)?;
            sqlx::query(&format!("PRAGMA user_version = {version}"))
                .execute(&mut *writer)
                .await
                .doing(&self.outage, DOING)?;
        }
        self.outage.wrote();
        Ok(())
    }

    /// The database as `/healthz` asks about it: it answers
    /// ([`Store::ping`]) and takes writes ([`Store::probe_write`]). What is
    /// wrong starts with [`Unavailable::describe`](super::outage::Unavailable::describe) when it is one of those
    /// conditions ("database full: …").
    pub fn health_check(&self) -> crate::telemetry::Check {
        let store = self.clone();
        crate::telemetry::Check::new(move || {
            let store = store.clone();
            // In a task of its own: a check that takes too long is given
            // up by `/healthz`, and the probe's transaction must not be
            // abandoned half-way on the writer.
            let checked = tokio::spawn(async move {
                store.ping().await?;
                store.probe_write().await
            });
            async move {
                match checked.await {
                    Ok(Ok(())) => Ok(()),
                    Ok(Err(error)) => Err(match error.unavailable() {
                        Some(why) => format!("{}: {error}", why.describe()),
                        None => error.to_string(),
                    }),
                    Err(_) => Err("the check failed".to_string()),
                }
            }
        })
    }

    /// A drill on SQLite: holds the writer back as a full disk or a
    /// read-only file would (see [`WriteLimit`]), so that operators (and
    /// tests) see how the bot behaves without filling a disk or changing
    /// permissions; [`WriteLimit::None`] lifts it. Only this store's writes
    /// are held back. `false` on PostgreSQL, where it does nothing.
    pub async fn limit_writes(&self, limit: WriteLimit) -> Result<bool> {
        if self.backend != Backend::Sqlite {
            return Ok(false);
        }
        let (pages, query_only) = match limit {
            WriteLimit::None => (MOST_SQLITE_PAGES, "OFF"),
            // SQLite raises a maximum below the file's size to its size.
            WriteLimit::NoGrowth => (1, "OFF"),
            WriteLimit::ReadOnly => (MOST_SQLITE_PAGES, "ON"),
        };
        let Some(mut writer) = self.connections.sqlite_writer().await? else {
            return Ok(false);
        };
        let pragmas = format!("PRAGMA max_page_count = {pages}; PRAGMA query_only = {query_only};");
        // Both connections that write: the pragmas hold for the connection
        // that runs them.
        writer
            .direct
            .execute_batch(&pragmas)
            .map_err(super::direct::to_sqlx)
            .doing(&self.outage, "limiting the database's writes")?;
        sqlx::raw_sql(&pragmas)
            .execute(&mut writer.connection)
            .await
            .doing(&self.outage, "limiting the database's writes")?;
        Ok(true)
    }
}
