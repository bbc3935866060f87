//! `tabletalk store check | backup | restore` (a sled backup and its restore are copies into a
//! new directory, verified the same way) and
//! `tabletalk store copy --from <DIR|URL> --to <DIR|URL>`: a whole store copied between sled
//! (a data directory) and PostgreSQL (a `postgres://` URL), either way, into an empty target,
//! and verified there by replaying every game (`data::copy`). The bot must be stopped: the
//! copy is of a store nobody writes to meanwhile.

use std::io::Write;
use std::path::Path;

use data::copy::{copy, Portable};
use data::{PgConfig, PgStore, SledStore, StoreConfig, StoreError};

use super::args::StoreCommand;
use super::{for_people, StoreOpenError, EXIT_STORE_DAMAGED};

/// A store named on the command line.
fn open(spec: &str) -> Result<Box<dyn Portable>, StoreOpenError> {
    if is_url(spec) {
        let store = PgStore::open(&PgConfig::new(spec)).map_err(StoreOpenError::Postgres)?;
        Ok(Box::new(store))
    } else {
        let store = SledStore::open_checked(&StoreConfig::new(spec))
            .map_err(|source| StoreOpenError::Sled { dir: spec.into(), source })?;
        Ok(Box::new(store))
    }
}

/// Why a copy failed.
#[derive(Debug, thiserror::Error)]
enum CopyError {
    /// The source or the target could not be opened.
    #[error(transparent)]
    Open(#[from] StoreOpenError),
    /// The copy or its verification failed.
    #[error("copy failed")]
    Copy(#[source] StoreError),
}

/// Runs a `tabletalk store …` command; returns its exit code.
pub fn command(command: &StoreCommand, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match command {
        StoreCommand::Copy { from, to } => run(from, to, out, err),
        StoreCommand::Check { data_dir, database_url } => {
            check(database_url.as_deref().unwrap_or(data_dir), out, err)
        }
        StoreCommand::Backup { backup, data_dir } => {
            fresh(backup, err).map_or(1, |()| run(data_dir, backup, out, err))
        }
        StoreCommand::Restore { backup, to } => {
            fresh(to, err).map_or(1, |()| run(backup, to, out, err))
        }
    }
}

/// Refuses a directory that already holds a store (a backup or a restore never overwrites).
fn fresh(dir: &str, err: &mut dyn Write) -> Result<(), ()> {
    if Path::new(dir).join("db").exists() {
        let _ = writeln!(err, "error: {dir} already holds a store: name a new directory");
        return Err(());
    }
    Ok(())
}

/// `tabletalk store check`: 0 healthy, 1 records that cannot be trusted (listed) or the store
/// cannot be opened, [`EXIT_STORE_DAMAGED`] damaged.
pub fn check(spec: &str, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let problems = if is_url(spec) {
        PgStore::open(&PgConfig::new(spec)).and_then(|s| data::Store::check_games(&s))
    } else {
        SledStore::check_dir(&StoreConfig::new(spec))
    };
    match problems {
        Ok(problems) if problems.is_empty() => {
            let _ =
                writeln!(out, "the store is healthy: every record reads and every game replays");
            0
        }
        Ok(problems) => {
            problems.iter().for_each(|p| drop(writeln!(out, "{p}")));
            let _ = writeln!(err, "error: {} records cannot be trusted", problems.len());
            1
        }
        Err(e @ StoreError::Damaged { .. }) => {
            let _ = writeln!(err, "error: {e}");
            EXIT_STORE_DAMAGED
        }
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            1
        }
    }
}

/// Whether a store is named by a PostgreSQL URL.
fn is_url(spec: &str) -> bool {
    spec.starts_with("postgres://") || spec.starts_with("postgresql://")
}

/// Runs the copy; returns the exit code (0 copied and verified, 1 otherwise).
pub fn run(from: &str, to: &str, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let copied = || -> Result<_, CopyError> {
        let (source, target) = (open(from)?, open(to)?);
        copy(source.as_ref(), target.as_ref()).map_err(CopyError::Copy)
    };
    let result = copied();
    match result {
        Ok(report) => {
            let _ = writeln!(
                out,
                "copied {} games and {} other records; every game replays on the target",
                report.games, report.records
            );
            0
        }
        Err(e) => {
            let _ = writeln!(err, "error: {}", for_people(&e));
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use data::{ChatRef, Platform, Store, Timestamp};

    use super::*;

    /// The test database (`.ci/postgres.sh`); `None` outside CI without one, a failure in CI.
    fn test_database() -> Option<String> {
        match std::env::var("TABLETALK_TEST_DATABASE_URL") {
            Ok(url) if !url.trim().is_empty() => Some(url),
            _ if std::env::var("CI").is_ok_and(|v| v == "true") => {
                panic!("CI=true but TABLETALK_TEST_DATABASE_URL is not set")
            }
            _ => {
                eprintln!("skipped: TABLETALK_TEST_DATABASE_URL is not set");
                None
            }
        }
    }

    /// A fresh, empty database on the test server; its URL.
    fn fresh_database(url: &str, name: &str) -> String {
        let admin = PgStore::open(&PgConfig::new(url).in_schema("admin")).unwrap();
        admin.execute_raw(&format!("DROP DATABASE IF EXISTS {name}")).unwrap();
        admin.execute_raw(&format!("CREATE DATABASE {name}")).unwrap();
        let base = url.rsplit_once('/').map_or(url, |(base, _)| base);
        format!("{base}/{name}")
    }

    fn temp_dir(label: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("tabletalk-{label}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn store_copy_moves_a_sled_store_to_postgresql_and_back() {
        let Some(url) = test_database() else { return };
        let target = fresh_database(&url, &format!("copy_cli_{}", std::process::id()));
        let (from, back) = (temp_dir("copy-cli-from"), temp_dir("copy-cli-back"));
        {
            let store = SledStore::open(&StoreConfig::new(&from)).unwrap();
            let chat = ChatRef { platform: Platform::Telegram, chat: "-1".into(), community: None };
            let post =
                data::NewPost { platform: Platform::Telegram, chat: Some(chat), body: "x".into() };
            store.enqueue_posts(vec![post], Timestamp(1)).unwrap();
        }
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let from_text = from.display().to_string();
        assert_eq!(
            run(&from_text, &target, &mut out, &mut err),
            0,
            "{}",
            String::from_utf8_lossy(&err)
        );
        assert!(String::from_utf8_lossy(&out).contains("copied 0 games and 1 other records"));
        // Into a store that is not empty: refused, nothing written.
        assert_eq!(run(&from_text, &target, &mut out, &mut err), 1);
        assert!(String::from_utf8_lossy(&err).contains("not empty"));
        let back_text = back.display().to_string();
        assert_eq!(run(&target, &back_text, &mut out, &mut err), 0);
        let store = SledStore::open(&StoreConfig::new(&back)).unwrap();
        assert_eq!(store.owed_post_count().unwrap(), 1);
        drop(store);
        let _ = std::fs::remove_dir_all(&from);
        let _ = std::fs::remove_dir_all(&back);
    }
}
