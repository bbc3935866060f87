//! The connection pool, transactions with retry, and running the synchronous client safely
//! from any thread.
//!
//! The client is `postgres` (the synchronous face of `tokio-postgres`), pooled by `r2d2`:
//! the `Store` trait is synchronous and the bot calls it from `spawn_blocking` threads, where
//! a synchronous client is the plain fit. That client drives each connection with its own
//! small tokio runtime, which must not be entered from inside another runtime's async worker:
//! [`off_runtime`] moves such a call out of the async context first.

use std::path::PathBuf;
use std::time::Duration;

use postgres::error::SqlState;
use postgres::Transaction;
use r2d2_postgres::PostgresConnectionManager;
use tokio_postgres_rustls::MakeRustlsConnect;

use crate::error::StoreError;

/// How to reach the database.
#[derive(Clone, PartialEq, Eq)]
pub struct PgConfig {
    /// `postgres://user:password@host:port/database?sslmode=…` (libpq's URL form).
    pub url: String,
    /// The schema holding the tables (created if missing); `None`: the database's default
    /// search path (`public`). Lower-case letters, digits and `_`. Tests give each store its
    /// own, so they run in parallel on one server.
    pub schema: Option<String>,
    /// The most connections this process keeps open (default 8).
    pub pool_size: u32,
    /// Extra PEM certificates to trust for TLS (a managed database's CA).
    pub ca_file: Option<PathBuf>,
    /// How long opening one connection may take (default 30 s: a far or slow server).
    pub connect_timeout: Duration,
    /// How long a command may wait for a connection from the pool (default 5 s). While the
    /// server is down every wait runs to this limit, so it bounds how late the player's
    /// apology comes; a blip shorter than it is not seen at all.
    pub checkout_timeout: Duration,
}

impl PgConfig {
    /// A configuration for `url` with the defaults.
    pub fn new(url: impl Into<String>) -> PgConfig {
        PgConfig {
            url: url.into(),
            schema: None,
            pool_size: 8,
            ca_file: None,
            connect_timeout: Duration::from_secs(30),
            checkout_timeout: Duration::from_secs(5),
        }
    }

    /// The same, in `schema`.
    pub fn in_schema(mut self, schema: impl Into<String>) -> PgConfig {
        self.schema = Some(schema.into());
        self
    }
}

impl std::fmt::Debug for PgConfig {
    /// Never shows the password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgConfig")
            .field("url", &redacted(&self.url))
            .field("schema", &self.schema)
            .field("pool_size", &self.pool_size)
            .field("ca_file", &self.ca_file)
            .finish()
    }
}

/// `url` with any password replaced by `***`.
pub fn redacted(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let userinfo = &url[scheme + 3..at];
            match userinfo.find(':') {
                Some(colon) => {
                    format!("{}{}:***{}", &url[..scheme + 3], &userinfo[..colon], &url[at..])
                }
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

type Manager = PostgresConnectionManager<MakeRustlsConnect>;

/// A pooled connection.
pub type Conn = r2d2::PooledConnection<Manager>;

/// How long a caller waits for a connection while the server is known to be down: each such
/// wait is also a new attempt to connect (the pool makes no attempts of its own once its
/// background tries gave up), so the first command after the server is back finds it.
const PROBE_WHILE_DOWN: Duration = Duration::from_millis(300);

/// The pool of connections (closed off any async runtime when dropped).
pub struct Pool {
    inner: Option<r2d2::Pool<Manager>>,
    schema: Option<String>,
    /// Whether the last wait for a connection ran out: the server is down. Until a connection
    /// is had again, a caller waits only [`PROBE_WHILE_DOWN`] (enough to connect to a server
    /// that is back) instead of the checkout timeout: during an outage each command gets its
    /// apology at once, and commands do not queue behind each other's waits.
    down: std::sync::atomic::AtomicBool,
}

impl From<postgres::Error> for StoreError {
    /// With the server's own words when it answered (`db error` alone says nothing).
    fn from(e: postgres::Error) -> Self {
        match e.as_db_error() {
            Some(db) => {
                StoreError::Backend(format!("database: {}: {}", db.code().code(), db.message()))
            }
            None => StoreError::Backend(format!("database: {e}")),
        }
    }
}

impl From<r2d2::Error> for StoreError {
    fn from(e: r2d2::Error) -> Self {
        StoreError::Backend(format!("database connection: {e}"))
    }
}

/// Whether `schema` is a plain lower-case identifier (it is written into SQL).
fn plain_identifier(schema: &str) -> bool {
    !schema.is_empty()
        && schema.len() <= 63
        && schema.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        && !schema.as_bytes()[0].is_ascii_digit()
}

impl Pool {
    /// Connects: the pool opens its first connection before this returns, so a wrong address
    /// or password fails here, with the server's words.
    pub fn connect(config: &PgConfig) -> Result<Pool, StoreError> {
        let mut pg: postgres::Config = config.url.parse().map_err(|e| {
            StoreError::Backend(format!("database URL {}: {e}", redacted(&config.url)))
        })?;
        if let Some(schema) = &config.schema {
            if !plain_identifier(schema) {
                return Err(StoreError::Invalid(format!(
                    "database schema `{schema}`: use lower-case letters, digits and _"
                )));
            }
            pg.options(&format!("-c search_path={schema}"));
        }
        if pg.get_connect_timeout().is_none() {
            pg.connect_timeout(config.connect_timeout);
        }
        let tls = super::tls::connector(config.ca_file.as_deref())?;
        first_connection(&pg, tls.clone(), &config.url)?;
        let manager = PostgresConnectionManager::new(pg, tls);
        let pool = r2d2::Pool::builder()
            .max_size(config.pool_size.max(1))
            .min_idle(Some(1))
            .connection_timeout(config.checkout_timeout)
            .build(manager)
            .map_err(|e| {
                StoreError::Backend(format!(
                    "cannot reach the database {}: {e}",
                    redacted(&config.url)
                ))
            })?;
        Ok(Pool { inner: Some(pool), schema: config.schema.clone(), down: Default::default() })
    }

    /// The schema, if one was configured.
    pub fn schema(&self) -> Option<&str> {
        self.schema.as_deref()
    }

    /// A connection: waited for up to the checkout timeout, or, while the server is known to
    /// be down, for [`PROBE_WHILE_DOWN`].
    pub fn get(&self) -> Result<Conn, StoreError> {
        use std::sync::atomic::Ordering::Relaxed;
        let pool = self.inner.as_ref().expect("the pool lives until dropped");
        let got =
            if self.down.load(Relaxed) { pool.get_timeout(PROBE_WHILE_DOWN) } else { pool.get() };
        self.down.store(got.is_err(), Relaxed);
        Ok(got?)
    }

    /// Runs `body` in a transaction and commits it; a serialization failure or deadlock
    /// (which PostgreSQL resolves by failing one side) runs it again from the start. `body`
    /// returns `Err(Step::Stop(e))` to roll back and return `e`.
    pub fn transaction<T, E: From<StoreError>>(
        &self,
        body: &mut dyn FnMut(&mut Transaction<'_>) -> Result<T, Step<E>>,
    ) -> Result<T, E> {
        let mut conn = self.get()?;
        let mut tries = 0;
        loop {
            tries += 1;
            let mut tx = conn.transaction().map_err(StoreError::from)?;
            let outcome = body(&mut tx);
            let error = match outcome {
                Ok(value) => match tx.commit() {
                    Ok(()) => return Ok(value),
                    Err(e) => e,
                },
                Err(Step::Stop(e)) => return Err(e),
                Err(Step::Db(e)) => e,
            };
            if tries < 20 && retryable(&error) {
                continue;
            }
            return Err(StoreError::from(error).into());
        }
    }
}

/// One direct connection before the pool is built: the pool retries every failure until its
/// timeout and then reports only "timed out waiting for connection", while this fails at once
/// with the server's own words (authentication failed, database does not exist).
fn first_connection(
    pg: &postgres::Config,
    tls: MakeRustlsConnect,
    url: &str,
) -> Result<(), StoreError> {
    let conn = off_runtime(|| pg.connect(tls)).map_err(|e| {
        let said = match e.as_db_error() {
            Some(db) => db.message().to_string(),
            None => e.to_string(),
        };
        StoreError::Backend(format!("cannot connect to the database {}: {said}", redacted(url)))
    })?;
    off_runtime(move || drop(conn));
    Ok(())
}

/// Whether PostgreSQL asks for the transaction to be run again.
fn retryable(e: &postgres::Error) -> bool {
    matches!(e.code(), Some(c) if *c == SqlState::T_R_SERIALIZATION_FAILURE || *c == SqlState::T_R_DEADLOCK_DETECTED)
}

/// How a transaction's body stopped.
#[derive(Debug)]
pub enum Step<E> {
    /// The database failed (retried if PostgreSQL asks for it).
    Db(postgres::Error),
    /// The body decided to stop; rolled back.
    Stop(E),
}

impl<E> From<postgres::Error> for Step<E> {
    fn from(e: postgres::Error) -> Self {
        Step::Db(e)
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        // Closing a connection drops its runtime, which must not happen on an async worker.
        if let Some(pool) = self.inner.take() {
            off_runtime(move || drop(pool));
        }
    }
}

/// Runs `f`, which uses the synchronous client, so that it never starts that client's
/// runtime inside another runtime's async worker: on a multi-threaded runtime's worker
/// `block_in_place` leaves the async context; on a single-threaded runtime a scoped thread
/// runs it; elsewhere (plain threads, `spawn_blocking`) it runs as it is.
pub fn off_runtime<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    use tokio::runtime::{Handle, RuntimeFlavor};
    match Handle::try_current().map(|h| h.runtime_flavor()) {
        Err(_) => f(),
        Ok(RuntimeFlavor::MultiThread) => tokio::task::block_in_place(f),
        Ok(_) => std::thread::scope(|s| {
            s.spawn(f).join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        }),
    }
}

/// A number as PostgreSQL's `bigint` (every number the store keeps is below 2^63).
pub fn int(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// A `bigint` read back as a number.
pub fn uint(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}
