//! The writes every press makes on SQLite — its move and its board — run
//! on the caller's thread, through a connection of their own beside the
//! writer's.
//!
//! sqlx runs each SQLite connection on a thread of its own: a statement is
//! sent there and its answer sent back, so each write costs two thread
//! wake-ups and the sleeps between them, more than SQLite's own work for
//! a move. This connection, opened with rusqlite on the same SQLite build,
//! runs the statement where it is asked for. It shares the writer's lock
//! (see [`Writer`]), so writes still go one at a time, in the order
//! they asked; and no statement of it awaits anything, so a caller that
//! stops waiting cannot leave a transaction of it open.

use std::borrow::Cow;
use std::path::Path;

use rusqlite::{Connection, OpenFlags};
use sqlx::error::{DatabaseError, ErrorKind};

/// The SQLite writer: the connection every write goes through, and the
/// one that runs a press's own writes on the caller's thread. Held
/// together, under one lock, so that they write one at a time.
#[derive(Debug)]
pub(super) struct Writer {
    pub(super) connection: sqlx::AnyConnection,
    pub(super) direct: Connection,
}

/// Opens the direct connection to the SQLite file at `path`, which the
/// store's other connections have created, with their settings (see
/// [`sqlite_settings`]). Of the locks another connection holds, in
/// the store only the checkpointer's is taken, briefly; while a statement
/// waits for one, so does the caller's thread.
pub(super) fn open(path: &Path) -> Result<Connection, sqlx::Error> {
    let connection = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(to_sqlx)?;
    connection.execute_batch(&sqlite_settings(true)).map_err(to_sqlx)?;
    let mode: String = connection
        .query_row("PRAGMA journal_mode", [], |row| row.get(0))
        .map_err(to_sqlx)?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(sqlx::Error::Configuration(
            format!("the database stays in journal mode {mode}, not WAL").into(),
        ));
    }
    Ok(connection)
}

/// The settings of every connection to the SQLite file, sqlx's (see
/// `backend::sqlite_connection`) and the direct one: WAL with commits that
/// do not wait for the disk, a wait of 5 s for a lock another connection
/// holds, and no checkpoint but the checkpointer's (see `checkpoint`).
pub(super) fn sqlite_settings(foreign_keys: bool) -> String {
    let keys = if foreign_keys { "ON" } else { "OFF" };
    format!(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA wal_autocheckpoint = 0;
         PRAGMA foreign_keys = {keys};"
    )
}

/// Runs `write` in a `BEGIN IMMEDIATE` transaction, committed if it
/// succeeds and rolled back if anything fails. The three statements are
/// prepared once per connection: rusqlite's own transactions parse them
/// again each time.
pub(super) fn in_write_transaction<T>(
    connection: &mut Connection,
    write: impl FnOnce(&Connection) -> rusqlite::Result<T>,
) -> rusqlite::Result<T> {
    let run = |connection: &Connection, sql: &str| connection.prepare_cached(sql)?.execute([]).map(|_| ());
    run(connection, "BEGIN IMMEDIATE")?;
    let written = write(connection).and_then(|done| run(connection, "COMMIT").map(|()| done));
    // A failed COMMIT may have ended the transaction already.
    if written.is_err() && !connection.is_autocommit() {
        let _ = run(connection, "ROLLBACK");
    }
    written
}

/// `sql`, written with `$N` placeholders as every statement of the store
/// is, with SQLite's `?N` instead: SQLite numbers `$N` parameters in the
/// order they first appear, not by `N`.
pub(super) fn numbered(sql: &str) -> String {
    sql.replace('$', "?")
}

/// A rusqlite error as the sqlx error the store handles everywhere: a
/// failure of SQLite keeps its extended result code, so that a full disk
/// or a read-only file reads as one (see `outage`).
pub(super) fn to_sqlx(error: rusqlite::Error) -> sqlx::Error {
    match error {
        rusqlite::Error::SqliteFailure(failure, message) => sqlx::Error::Database(Box::new(DirectError {
            code: failure.extended_code,
            message: message.unwrap_or_else(|| failure.to_string()),
        })),
        other => sqlx::Error::Protocol(other.to_string()),
    }
}

/// A failure SQLite reported on the direct connection.
#[derive(Debug, thiserror::Error)]
#[error("(code: {code}) {message}")]
pub(super) struct DirectError {
    /// SQLite's extended result code; its low byte is the primary one.
    code: i32,
    message: String,
}

impl DatabaseError for DirectError {
    fn message(&self) -> &str {
        &self.message
    }

    fn code(&self) -> Option<Cow<'_, str>> {
        Some(self.code.to_string().into())
    }

    fn as_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
        self
    }

    fn as_error_mut(&mut self) -> &mut (dyn std::error::Error + Send + Sync + 'static) {
        self
    }

    fn into_error(self: Box<Self>) -> Box<dyn std::error::Error + Send + Sync + 'static> {
        self
    }

    fn kind(&self) -> ErrorKind {
        use rusqlite::ffi;
        match self.code {
            ffi::SQLITE_CONSTRAINT_UNIQUE | ffi::SQLITE_CONSTRAINT_PRIMARYKEY => ErrorKind::UniqueViolation,
            ffi::SQLITE_CONSTRAINT_FOREIGNKEY => ErrorKind::ForeignKeyViolation,
            ffi::SQLITE_CONSTRAINT_NOTNULL => ErrorKind::NotNullViolation,
            ffi::SQLITE_CONSTRAINT_CHECK => ErrorKind::CheckViolation,
            _ => ErrorKind::Other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_parameters_keep_their_numbers() {
        assert_eq!(numbered("x = $4 AND y = $12 OR z = $4"), "x = ?4 AND y = ?12 OR z = ?4");
    }

    #[test]
    fn the_direct_connection_has_the_settings_of_the_others() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("akon.db");
        Connection::open(&path).unwrap();
        let connection = open(&path).unwrap();
        let setting = |name: &str| -> String {
            connection
                .query_row(&format!("PRAGMA {name}"), [], |row| {
                    row.get::<_, rusqlite::types::Value>(0)
                })
                .map(|value| match value {
                    rusqlite::types::Value::Integer(number) => number.to_string(),
                    rusqlite::types::Value::Text(text) => text,
                    other => format!("{other:?}"),
                })
                .unwrap()
        };
        assert_eq!(setting("journal_mode"), "wal");
        assert_eq!(setting("synchronous"), "1");
        assert_eq!(setting("busy_timeout"), "5000");
        assert_eq!(setting("wal_autocheckpoint"), "0");
        assert_eq!(setting("foreign_keys"), "1");
    }

    #[test]
    fn a_full_file_keeps_its_extended_code() {
        let failure = rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_FULL),
            Some("database or disk is full".to_string()),
        );
        let sqlx::Error::Database(error) = to_sqlx(failure) else {
            panic!("not a database error");
        };
        assert_eq!(error.code().as_deref(), Some("13"));
        assert_eq!(error.to_string(), "(code: 13) database or disk is full");
    }
}
