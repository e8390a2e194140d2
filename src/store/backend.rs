//! The two engines the store runs on, and the connections it holds to them.
//!
//! Every statement goes through sqlx's `Any` driver, written once in SQL that
//! both engines read (`$N` placeholders, standard upserts, `COALESCE`,
//! `CAST(… AS BIGINT)` around aggregates, flags as integers). [`Backend`]
//! names the few places where the engines really differ: how a write
//! transaction starts, how a read sees one snapshot, and how a move is sent
//! in one trip. On SQLite the writes every press makes go through a second
//! connection beside sqlx's (see `direct`).

use std::ops::{Deref, DerefMut};
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Once};
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions, AnyTypeInfo, AnyValueRef};
use sqlx::pool::PoolConnection;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Any, AnyConnection, AnyPool, ConnectOptions, Connection, Decode, Transaction, Type};
use tokio::sync::{MappedMutexGuard, Mutex, MutexGuard, OwnedMappedMutexGuard, OwnedMutexGuard, OwnedSemaphorePermit};

use super::direct::Writer;
use super::outage::Outage;
use super::{Result, StoreError};

/// Which engine the database is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// One file, one process: writes queue on one connection in the process.
    Sqlite,
    /// A server shared by several processes: writers meet in the server.
    Postgres,
}

impl Backend {
    /// The backend a `DATABASE_URL` names: `postgres://` or `postgresql://`
    /// is PostgreSQL; anything else (a `sqlite:` URL or a file path) SQLite.
    pub fn of_url(url: &str) -> Backend {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }

    /// How a write transaction starts. SQLite takes the write lock at once
    /// (`BEGIN IMMEDIATE`), so a transaction never fails to upgrade a read
    /// lock half-way. PostgreSQL's default READ COMMITTED is enough: every
    /// conflict check is a conditional `UPDATE` of the game (or challenge)
    /// row, and PostgreSQL re-evaluates that condition on the newest row
    /// version after waiting for a concurrent writer's lock, so of two
    /// moves at one ply exactly one finds `ply` as expected.
    pub(super) fn begin_write(self) -> &'static str {
        match self {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN",
        }
    }

    /// What ends a `SELECT` of one row that a write transaction changes
    /// next, on what it read: PostgreSQL locks the row, so a concurrent
    /// writer of that row waits and then reads what this one wrote; on
    /// SQLite the transaction holds the database's write lock already.
    pub(super) fn lock_row(self) -> &'static str {
        match self {
            Backend::Sqlite => "",
            Backend::Postgres => " FOR UPDATE",
        }
    }

    /// How a read of several statements sees one state: SQLite's read
    /// transaction is a snapshot already; PostgreSQL's READ COMMITTED takes
    /// a snapshot per statement, so a consistent read asks for REPEATABLE
    /// READ.
    pub(super) fn begin_read(self) -> &'static str {
        match self {
            Backend::Sqlite => "BEGIN",
            Backend::Postgres => "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
        }
    }
}

/// Reader connections on SQLite: WAL lets them read while the writer writes.
const SQLITE_READERS: usize = 4;

/// Connections to PostgreSQL per process: writers no longer queue in the
/// process, so a few connections let moves of different games commit side
/// by side.
pub(super) const POSTGRES_CONNECTIONS: u32 = 8;

/// How long taking a PostgreSQL connection may wait while the server is
/// known not to answer (see `outage`): a refused connection is retried by
/// the pool for its whole acquire timeout, and a press waiting that long
/// would miss Discord's 3 s for an answer. Once a statement succeeds, the
/// usual timeout is back.
const ACQUIRE_WHILE_UNREACHABLE: Duration = Duration::from_millis(500);

/// The connections the store holds.
#[derive(Debug, Clone)]
pub(super) enum Connections {
    /// Every write goes through the one writer (its two connections under
    /// one lock, see [`Writer`]), so writes queue in the process (first
    /// come, first served) and never wait on each other in SQLite's busy
    /// handler; reads go to a few reader
    /// connections. Connections are held directly rather than pooled: a
    /// pool checks each connection with a round trip to its thread on
    /// every use, more than a move's own statements cost.
    Sqlite {
        writer: Arc<Mutex<Option<Writer>>>,
        readers: Arc<[Mutex<Option<AnyConnection>>]>,
        next_reader: Arc<AtomicUsize>,
        /// The connection that checkpoints the WAL (see `checkpoint`);
        /// its task stops once the store is closed or dropped.
        checkpointer: Arc<Mutex<Option<AnyConnection>>>,
    },
    /// A pool: the server orders concurrent writers itself (row locks).
    Postgres(AnyPool),
}

/// A connection lent to one operation.
pub(super) enum Conn<'a> {
    Held(MappedMutexGuard<'a, AnyConnection>),
    Pooled(PoolConnection<Any>),
    /// The connection of the task's open [`OneCommit`](super::OneCommit),
    /// in its transaction.
    InOne(OwnedMappedMutexGuard<OpenTransaction, AnyConnection>),
}

impl<'a> Conn<'a> {
    /// The SQLite writer lent as its sqlx connection, for a write that does
    /// not go through the direct one.
    pub(super) fn sqlx_side_of(writer: MappedMutexGuard<'a, Writer>) -> Conn<'a> {
        Conn::Held(MappedMutexGuard::map(writer, |writer| &mut writer.connection))
    }

    /// Starts a write transaction ([`Backend::begin_write`]), or a savepoint
    /// within the task's open `OneCommit`.
    pub(super) async fn begin_write(&mut self, backend: Backend) -> sqlx::Result<Transaction<'_, Any>> {
        match self {
            Conn::InOne(connection) => connection.begin().await,
            _ => self.begin_with(backend.begin_write()).await,
        }
    }

    /// Starts a read of one state ([`Backend::begin_read`]), or a savepoint
    /// within the task's open `OneCommit`, which reads what it wrote.
    pub(super) async fn begin_read(&mut self, backend: Backend) -> sqlx::Result<Transaction<'_, Any>> {
        match self {
            Conn::InOne(connection) => connection.begin().await,
            _ => self.begin_with(backend.begin_read()).await,
        }
    }
}

impl Deref for Conn<'_> {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        match self {
            Conn::Held(guard) => guard,
            Conn::Pooled(connection) => connection,
            Conn::InOne(connection) => connection,
        }
    }
}

impl DerefMut for Conn<'_> {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        match self {
            Conn::Held(guard) => &mut *guard,
            Conn::Pooled(connection) => &mut *connection,
            Conn::InOne(connection) => &mut *connection,
        }
    }
}

pub(super) fn install_drivers() {
    static DRIVERS: Once = Once::new();
    DRIVERS.call_once(sqlx::any::install_default_drivers);
}

fn open_error(url: &str) -> impl Fn(sqlx::Error) -> StoreError + '_ {
    move |source| StoreError::Open {
        url: redacted(url),
        source,
    }
}

/// `url` without its password, fit for a message.
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    match rest[..authority_end].rsplit_once('@') {
        Some((credentials, host)) if credentials.contains(':') => {
            let user = credentials.split_once(':').map_or(credentials, |(user, _)| user);
            format!("{scheme}://{user}:***@{host}{}", &rest[authority_end..])
        }
        _ => url.to_string(),
    }
}

impl Connections {
    /// The writer connection, once the writes before are done (SQLite), or
    /// a pooled connection (PostgreSQL).
    pub(super) async fn writer(&self, outage: &Outage) -> Result<Conn<'_>> {
        match self {
            Connections::Sqlite { .. } => {
                let writer = self.sqlite_writer().await?.ok_or(StoreError::Closed)?;
                Ok(Conn::sqlx_side_of(writer))
            }
            Connections::Postgres(pool) => match shared_connection(true).await {
                Some(connection) => Ok(connection),
                None => pooled(pool, outage).await,
            },
        }
    }

    /// A reader connection: on SQLite a free one if there is, else the
    /// next in turn.
    pub(super) async fn reader(&self, outage: &Outage) -> Result<Conn<'_>> {
        match self {
            Connections::Sqlite {
                readers, next_reader, ..
            } => {
                let first = next_reader.fetch_add(1, Ordering::Relaxed);
                let count = readers.len();
                let free = (0..count).find_map(|i| readers[(first + i) % count].try_lock().ok());
                let guard = match free {
                    Some(guard) => guard,
                    None => readers[first % count].lock().await,
                };
                MutexGuard::try_map(guard, Option::as_mut)
                    .map(Conn::Held)
                    .map_err(|_| StoreError::Closed)
            }
            Connections::Postgres(pool) => match shared_connection(false).await {
                Some(connection) => Ok(connection),
                None => pooled(pool, outage).await,
            },
        }
    }

    /// The SQLite writer, once the writes before are done; `None` on
    /// PostgreSQL.
    pub(super) async fn sqlite_writer(&self) -> Result<Option<MappedMutexGuard<'_, Writer>>> {
        match self {
            Connections::Sqlite { writer, .. } => MutexGuard::try_map(writer.lock().await, Option::as_mut)
                .map(Some)
                .map_err(|_| StoreError::Closed),
            Connections::Postgres(_) => Ok(None),
        }
    }

    /// The SQLite writer if no one holds it and the store is open.
    pub(super) fn free_sqlite_writer(&self) -> Option<MappedMutexGuard<'_, Writer>> {
        match self {
            Connections::Sqlite { writer, .. } => MutexGuard::try_map(writer.try_lock().ok()?, Option::as_mut).ok(),
            Connections::Postgres(_) => None,
        }
    }

    /// Waits for every connection to finish and closes them.
    pub(super) async fn close(&self) {
        match self {
            Connections::Sqlite {
                writer,
                readers,
                checkpointer,
                ..
            } => {
                if let Some(writer) = writer.lock().await.take() {
                    close(writer.connection).await;
                    if let Err((_, error)) = writer.direct.close() {
                        tracing::warn!(%error, "could not close a database connection cleanly");
                    }
                }
                for connection in std::iter::once(&**checkpointer).chain(readers.iter()) {
                    if let Some(connection) = connection.lock().await.take() {
                        close(connection).await;
                    }
                }
            }
            Connections::Postgres(pool) => pool.close().await,
        }
    }
}

async fn close(connection: AnyConnection) {
    if let Err(error) = connection.close().await {
        tracing::warn!(%error, "could not close a database connection cleanly");
    }
}

/// The transaction of a press, with the permit that lets it hold one of
/// the pool's connections; `None` once committed.
pub(super) type OpenTransaction = Option<(Transaction<'static, Any>, OwnedSemaphorePermit)>;

/// An [`OpenTransaction`] shared by every statement its task sends (see
/// `one_commit`).
pub(super) type SharedTransaction = Arc<Mutex<OpenTransaction>>;

tokio::task_local! {
    /// The shared transaction of the press this task serves, if any.
    pub(super) static SHARED_TRANSACTION: Option<SharedTransaction>;
}

/// The connection of the shared transaction open in this task, if there
/// is one not yet committed; `wait` says whether to wait while another
/// statement of the task uses it (a writer does: the task's writes go in
/// order), or to take none (a reader nested in a write, which then reads
/// what is committed, as a reader beside SQLite's writer does).
async fn shared_connection(wait: bool) -> Option<Conn<'static>> {
    let slot = SHARED_TRANSACTION.try_with(Clone::clone).ok().flatten()?;
    let guard = match wait {
        true => slot.lock_owned().await,
        false => slot.try_lock_owned().ok()?,
    };
    let connection: OwnedMappedMutexGuard<_, AnyConnection> =
        OwnedMutexGuard::try_map(guard, |open| open.as_mut().map(|(transaction, _)| &mut **transaction)).ok()?;
    Some(Conn::InOne(connection))
}

pub(super) async fn pooled(pool: &AnyPool, outage: &Outage) -> Result<Conn<'static>> {
    if pool.is_closed() {
        return Err(StoreError::Closed);
    }
    // Not `Doing::doing`: a connection taken is no sign that the server
    // answers (an idle one may have died with it).
    const DOING: &str = "taking a database connection";
    let acquired = if outage.unreachable() {
        tokio::time::timeout(ACQUIRE_WHILE_UNREACHABLE, pool.acquire())
            .await
            .unwrap_or(Err(sqlx::Error::PoolTimedOut))
    } else {
        pool.acquire().await
    };
    acquired.map(Conn::Pooled).map_err(|source| {
        crate::telemetry::database_error(DOING);
        if let Some(why) = super::Unavailable::of(&source) {
            outage.failed(why, DOING, &source);
        }
        StoreError::Query { doing: DOING, source }
    })
}

/// The SQLite file `url` names, refusing anything that is not a file:
/// another database's URL or an in-memory database.
pub(super) fn sqlite_file(url: &str) -> std::result::Result<SqliteConnectOptions, sqlx::Error> {
    let refuse = |why: &str| Err(sqlx::Error::Configuration(why.to_string().into()));
    let options = if url.starts_with("sqlite:") {
        SqliteConnectOptions::from_str(url)?
    } else if url.contains("://") {
        return refuse("unsupported database URL: give a sqlite: URL such as sqlite:akon.db, or a postgres:// URL");
    } else {
        SqliteConnectOptions::new().filename(url)
    };
    let name = options.get_filename().as_os_str();
    let in_memory = url
        .split_once('?')
        .is_some_and(|(_, query)| query.split('&').any(|p| p == "mode=memory"));
    if name.is_empty() || name.to_string_lossy().starts_with("file:sqlx-in-memory-") || in_memory {
        return refuse("an in-memory database would lose every game: name a file, such as sqlite:akon.db");
    }
    Ok(options)
}

/// Connects to the SQLite file at `options` through `Any`, with the
/// settings every connection of the store needs: WAL (readers beside the
/// writer), synchronous NORMAL (durable at each checkpoint, safe with WAL),
/// a 5 s busy timeout, foreign keys on unless `foreign_keys` is false, and
/// no automatic checkpoints (see `checkpoint`).
async fn sqlite_connection(url: &str, options: &SqliteConnectOptions, foreign_keys: bool) -> Result<AnyConnection> {
    install_drivers();
    // Create the file first with the native driver: `Any` options come from
    // a URL, and the file's path need not be one.
    let filename = options.get_filename().to_path_buf();
    if !filename.exists() {
        options
            .clone()
            .create_if_missing(true)
            .connect()
            .await
            .map_err(open_error(url))?
            .close()
            .await
            .map_err(open_error(url))?;
    }
    let any_url = sqlite_url(&filename);
    let mut connection = AnyConnectOptions::from_str(&any_url)
        .map_err(open_error(url))?
        .connect()
        .await
        .map_err(open_error(url))?;
    sqlx::raw_sql(&super::direct::sqlite_settings(foreign_keys))
        .execute(&mut connection)
        .await
        .map_err(open_error(url))?;
    Ok(connection)
}

/// A `sqlite:` URL for `path` that sqlx parses back to exactly that path.
fn sqlite_url(path: &std::path::Path) -> String {
    let text = path.to_string_lossy();
    // sqlx reads everything between `sqlite:` and `?` as the path,
    // percent-decoding it: escape what would be read otherwise.
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' | '?' | '#' | ' ' => escaped.push_str(&format!("%{:02X}", c as u32)),
            c => escaped.push(c),
        }
    }
    format!("sqlite:{escaped}")
}

/// Opens the SQLite file: a connection with foreign keys off for the
/// migrations (see `Store::open`), then the writer and the readers.
pub(super) async fn open_sqlite(url: &str, outage: &Arc<Outage>) -> Result<(AnyConnection, Connections)> {
    let options = sqlite_file(url).map_err(open_error(url))?;
    let migrating = sqlite_connection(url, &options, false).await?;
    let writer = Writer {
        connection: sqlite_connection(url, &options, true).await?,
        direct: super::direct::open(options.get_filename()).map_err(open_error(url))?,
    };
    let mut readers = Vec::new();
    for _ in 0..SQLITE_READERS {
        readers.push(Mutex::new(Some(sqlite_connection(url, &options, true).await?)));
    }
    let checkpointer = Arc::new(Mutex::new(Some(sqlite_connection(url, &options, true).await?)));
    let writer = Arc::new(Mutex::new(Some(writer)));
    tokio::spawn(super::checkpoint::checkpoint_regularly(
        Arc::downgrade(&checkpointer),
        Arc::downgrade(&writer),
        Arc::clone(outage),
    ));
    Ok((
        migrating,
        Connections::Sqlite {
            writer,
            readers: readers.into(),
            next_reader: Arc::new(AtomicUsize::new(0)),
            checkpointer,
        },
    ))
}

/// Opens a pool on the PostgreSQL server `url` names, failing at once (not
/// at the first query) if it does not answer.
pub(super) async fn open_postgres(url: &str) -> Result<Connections> {
    install_drivers();
    let options = AnyConnectOptions::from_str(url).map_err(open_error(url))?;
    // One connection first, so that a server that is down, refuses the
    // user or lacks the database says so (a pool would retry until its
    // timeout and report only that).
    options
        .connect()
        .await
        .map_err(open_error(url))?
        .close()
        .await
        .map_err(open_error(url))?;
    let pool = AnyPoolOptions::new()
        .max_connections(POSTGRES_CONNECTIONS)
        .min_connections(1)
        .acquire_timeout(Duration::from_secs(10))
        // A pooled connection is checked by the statement it runs: a ping
        // before each use would double a move's round trips.
        .test_before_acquire(false)
        .connect_with(options)
        .await
        .map_err(open_error(url))?;
    Ok(Connections::Postgres(pool))
}

/// A Discord id stored with the same bits as an `i64` (see
/// [`to_db`](super::to_db)), read back as Discord's `u64`:
/// `#[sqlx(try_from = "Snowflake")]` on a field, so that rows carry ids as
/// the layers above know them. An [`OptionalSnowflake`] may be NULL.
pub(super) struct Snowflake<T = i64>(T);

pub(super) type OptionalSnowflake = Snowflake<Option<i64>>;

impl From<Snowflake> for u64 {
    fn from(id: Snowflake) -> u64 {
        super::from_db(id.0)
    }
}

impl From<OptionalSnowflake> for Option<u64> {
    fn from(id: OptionalSnowflake) -> Option<u64> {
        id.0.map(super::from_db)
    }
}

impl<T> Type<Any> for Snowflake<T> {
    fn type_info() -> AnyTypeInfo {
        <i64 as Type<Any>>::type_info()
    }

    fn compatible(ty: &AnyTypeInfo) -> bool {
        <i64 as Type<Any>>::compatible(ty)
    }
}

impl<'r, T: Decode<'r, Any>> Decode<'r, Any> for Snowflake<T> {
    fn decode(value: AnyValueRef<'r>) -> std::result::Result<Snowflake<T>, sqlx::error::BoxDynError> {
        T::decode(value).map(Snowflake)
    }
}

/// A flag stored as an integer 0/1, read as `bool`: `Any` decodes only
/// booleans into `bool`, and both engines store flags as integers. An
/// [`OptionalFlag`] may be NULL (the side of an outer join).
pub(super) struct Flag<T = i64>(T);

pub(super) type OptionalFlag = Flag<Option<i64>>;

impl From<Flag> for bool {
    fn from(flag: Flag) -> bool {
        flag.0 != 0
    }
}

impl From<OptionalFlag> for Option<bool> {
    fn from(flag: OptionalFlag) -> Option<bool> {
        flag.0.map(|value| value != 0)
    }
}

impl<T> Type<Any> for Flag<T> {
    fn type_info() -> AnyTypeInfo {
        <i64 as Type<Any>>::type_info()
    }

    fn compatible(ty: &AnyTypeInfo) -> bool {
        <i64 as Type<Any>>::compatible(ty)
    }
}

impl<'r, T: Decode<'r, Any>> Decode<'r, Any> for Flag<T> {
    fn decode(value: AnyValueRef<'r>) -> std::result::Result<Flag<T>, sqlx::error::BoxDynError> {
        T::decode(value).map(Flag)
    }
}
