//! The store's error, and what every statement adds to a sqlx error.

use super::outage::{Outage, Unavailable};
use super::positions::Unreadable;

/// A failure of the database, with what was being done.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot open the database at {url}: {source}")]
    Open { url: String, source: sqlx::Error },
    #[error("cannot migrate the database: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("after migrating, {0} rows of the database point at rows that do not exist")]
    BrokenForeignKeys(usize),
    #[error("database error while {doing}: {source}")]
    Query { doing: &'static str, source: sqlx::Error },
    #[error("the database was closed")]
    Closed,
    /// A row whose column holds what the store cannot read back (a position
    /// that is not one, say): the row's fault, not the database's.
    #[error("{doing}: row {id} cannot be read: {column}: {why}")]
    Corrupt {
        doing: &'static str,
        id: i64,
        column: String,
        why: String,
    },
}

impl StoreError {
    /// Whether the database is full, read-only or unreachable, rather than
    /// failing this one statement: such a condition lasts until an
    /// operator frees space (or the server is back), and is logged once a
    /// minute by the store itself (see `outage`).
    pub fn unavailable(&self) -> Option<Unavailable> {
        match self {
            StoreError::Query { source, .. } => Unavailable::of(source),
            _ => None,
        }
    }
}

pub(super) type Result<T> = std::result::Result<T, StoreError>;

/// Adds what was being done to a sqlx error, and tells the store's
/// [`Outage`] whether the database answered.
pub(super) trait Doing<T> {
    fn doing(self, outage: &Outage, doing: &'static str) -> Result<T>;

    /// As [`Doing::doing`], for a read of row `id`: a column of it that
    /// does not read back (see `positions`) is [`StoreError::Corrupt`].
    fn reading(self, outage: &Outage, doing: &'static str, id: i64) -> Result<T>;
}

impl<T> Doing<T> for std::result::Result<T, sqlx::Error> {
    fn doing(self, outage: &Outage, doing: &'static str) -> Result<T> {
        match self {
            Ok(done) => {
                outage.answered();
                Ok(done)
            }
            Err(source) => {
                crate::telemetry::database_error(doing);
                if let Some(why) = Unavailable::of(&source) {
                    outage.failed(why, doing, &source);
                }
                Err(StoreError::Query { doing, source })
            }
        }
    }

    fn reading(self, outage: &Outage, doing: &'static str, id: i64) -> Result<T> {
        match self {
            Err(sqlx::Error::ColumnDecode { index, source }) if source.is::<Unreadable>() => {
                outage.answered();
                Err(StoreError::Corrupt {
                    doing,
                    id,
                    column: index,
                    why: source.to_string(),
                })
            }
            read => read.doing(outage, doing),
        }
    }
}
