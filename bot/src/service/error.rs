//! Why the service could not start or stopped ([`ServiceError`]), each with the exit code a
//! supervisor acts on, and the one place that words an error chain for the operator
//! ([`for_people`]): every layer's error names its own step and keeps the cause as its source.

use std::error::Error;
use std::net::SocketAddr;
use std::path::PathBuf;

use thiserror::Error;

use super::config_error::ConfigError;
use crate::surface::SurfaceError;

/// The exit code when the store is damaged (sled reported corruption, panicked, or did not
/// finish reading within its deadline at start): restarting cannot help, so a supervisor must
/// not loop on it (systemd: `RestartPreventExitStatus=3`, see `docs/deploy.md`).
pub const EXIT_STORE_DAMAGED: i32 = 3;

/// The exit code when the store is poisoned while running (sled keeps a disk-full or EIO error
/// until the process restarts): the supervisor restarts the service (`Restart=on-failure`),
/// which recovers once the cause is gone.
pub const EXIT_STORE_POISONED: i32 = 4;

/// Why the bot stopped with a failure.
#[derive(Debug, Error)]
pub enum ServiceError {
    /// The settings (their message names the setting).
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The async runtime could not be built.
    #[error("cannot start the async runtime")]
    Runtime(#[source] std::io::Error),
    /// The metrics endpoint could not be served.
    #[error("cannot serve metrics at TABLETALK_METRICS_ADDR {addr}")]
    Metrics {
        /// The address asked for.
        addr: SocketAddr,
        /// The exporter's error.
        #[source]
        source: metrics_exporter_prometheus::BuildError,
    },
    /// The web board could not listen.
    #[error("cannot serve the web board at TABLETALK_WEB_LISTEN {addr}")]
    Web {
        /// The address asked for.
        addr: SocketAddr,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The store could not be opened.
    #[error(transparent)]
    Store(#[from] StoreOpenError),
    /// A platform could not start or stopped early.
    #[error("a platform stopped")]
    Surface(#[from] SurfaceError),
    /// A platform's task panicked or was cancelled.
    #[error("a platform's task ended abnormally")]
    Task(#[from] tokio::task::JoinError),
    /// The store cannot recover from an I/O error in this process.
    #[error(
        "the store cannot recover from an I/O error in this process ({0}); exiting so the \
         supervisor restarts it once the cause (disk full, I/O error) is gone"
    )]
    Poisoned(String),
}

impl ServiceError {
    /// The process's exit code for this failure: [`EXIT_STORE_DAMAGED`] when restarting
    /// cannot help, [`EXIT_STORE_POISONED`] when a restart recovers, 2 for settings, else 1.
    pub fn exit_code(&self) -> i32 {
        match self {
            ServiceError::Config(_) => crate::cli::EXIT_USAGE,
            ServiceError::Store(e) if e.is_damaged() => EXIT_STORE_DAMAGED,
            ServiceError::Poisoned(_) => EXIT_STORE_POISONED,
            _ => 1,
        }
    }
}

/// Why the store was not opened.
#[derive(Debug, Error)]
pub enum StoreOpenError {
    /// The PostgreSQL store (`TABLETALK_DATABASE_URL`).
    #[error("cannot open the PostgreSQL store")]
    Postgres(#[source] data::StoreError),
    /// The sled store in the data directory.
    #[error("cannot open the store in {}", dir.display())]
    Sled {
        /// The data directory.
        dir: PathBuf,
        /// The store's error.
        #[source]
        source: data::StoreError,
    },
    /// The blocking task that opened it panicked.
    #[error("the task opening the store ended abnormally")]
    Task(#[from] tokio::task::JoinError),
}

impl StoreOpenError {
    /// Whether the store's files are damaged (a restart cannot help; restore a backup).
    pub fn is_damaged(&self) -> bool {
        matches!(
            self,
            StoreOpenError::Sled { source: data::StoreError::Damaged { .. }, .. }
                | StoreOpenError::Postgres(data::StoreError::Damaged { .. })
        )
    }
}

/// `error` and its causes in one line for the operator's log and terminal: each layer's
/// words, then its source's, joined by ": " (a layer whose words already end with its
/// source's, as `#[error(transparent)]` does, is not repeated).
pub fn for_people(error: &dyn Error) -> String {
    let mut line = error.to_string();
    let mut cause = error.source();
    while let Some(e) = cause {
        let words = e.to_string();
        if !line.ends_with(&words) {
            line.push_str(": ");
            line.push_str(&words);
        }
        cause = e.source();
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_store_asks_not_to_be_restarted_and_a_poisoned_one_to_be() {
        let damaged = data::StoreError::Damaged { dir: "/d".into(), detail: "x".into() };
        let e = ServiceError::from(StoreOpenError::Sled { dir: "/d".into(), source: damaged });
        assert_eq!(e.exit_code(), EXIT_STORE_DAMAGED);
        let busy = data::StoreError::InUse { dir: "/d".into() };
        let e = ServiceError::from(StoreOpenError::Sled { dir: "/d".into(), source: busy });
        assert_eq!(e.exit_code(), 1);
        assert_eq!(ServiceError::Poisoned("disk full".into()).exit_code(), EXIT_STORE_POISONED);
    }

    #[test]
    fn the_operator_reads_every_layer_once_in_one_line() {
        let busy = data::StoreError::InUse { dir: "/srv/tt".into() };
        let e = ServiceError::from(StoreOpenError::Sled { dir: "/srv/tt".into(), source: busy });
        let line = for_people(&e);
        assert!(line.starts_with("cannot open the store in /srv/tt: another tabletalk"), "{line}");
        assert_eq!(line.matches("cannot open the store").count(), 1, "{line}");
        assert!(!line.contains('\n'), "{line}");
    }
}
