//! The test PostgreSQL server (`.ci/postgres.sh` exports its URL) and a fresh database on it per
//! test. Shared by the PostgreSQL tests and the benches that use a database.

use data::{PgConfig, PgStore};

/// The test server's URL: `TABLETALK_TEST_DATABASE_URL`. `None` (the test skips) outside CI;
/// in CI (`CI=true`) a missing server fails the test instead of skipping it.
pub fn test_database() -> Option<String> {
    match std::env::var("TABLETALK_TEST_DATABASE_URL") {
        Ok(url) if !url.trim().is_empty() => Some(url),
        _ if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("CI=true but TABLETALK_TEST_DATABASE_URL is not set")
        }
        _ => None,
    }
}

/// A fresh database on the test server; its URL (the service uses the database's default
/// schema, so each test needs a database of its own).
pub fn fresh_database(url: &str, name: &str) -> String {
    let admin = PgStore::open(&PgConfig::new(url).in_schema("admin")).unwrap();
    admin.execute_raw(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).unwrap();
    admin.execute_raw(&format!("CREATE DATABASE {name}")).unwrap();
    format!("{}/{name}", url.rsplit_once('/').map_or(url, |(base, _)| base))
}

/// A PostgreSQL cluster of one test's own (`.ci/postgres.sh start`), for a test that stops
/// and starts its server (an outage) without disturbing the shared one. Removed when dropped.
pub struct PrivateCluster {
    /// Its directory (`PG_SCRATCH`).
    dir: String,
    /// Its URL.
    pub url: String,
}

impl PrivateCluster {
    /// Starts one; `None` (the test skips) where the script cannot, except in CI, where that
    /// fails the test.
    pub fn start() -> Option<PrivateCluster> {
        let out = std::process::Command::new("bash").args([&script(), "start"]).output();
        let printed = out.ok().filter(|o| o.status.success()).map(|o| o.stdout);
        let printed = String::from_utf8_lossy(&printed.unwrap_or_default()).to_string();
        let value = |name: &str| {
            printed
                .lines()
                .find_map(|l| l.strip_prefix(&format!("export {name}=")))
                .map(str::to_string)
        };
        match (value("PG_SCRATCH"), value("TABLETALK_TEST_DATABASE_URL")) {
            (Some(dir), Some(url)) => Some(PrivateCluster { dir, url }),
            _ if std::env::var("CI").is_ok_and(|v| v == "true") => {
                panic!("CI=true but .ci/postgres.sh could not start a cluster")
            }
            _ => None,
        }
    }

    /// Stops the server (`pg_ctl stop -m fast`): connections are closed, new ones refused.
    pub fn pause(&self) {
        self.run("pause");
    }

    /// Starts the server again on the same port.
    pub fn resume(&self) {
        self.run("resume");
    }

    fn run(&self, what: &str) {
        let status = std::process::Command::new("bash").args([&script(), what, &self.dir]).status();
        assert!(status.is_ok_and(|s| s.success()), ".ci/postgres.sh {what} {}", self.dir);
    }
}

impl Drop for PrivateCluster {
    fn drop(&mut self) {
        let _ = std::process::Command::new("bash").args([&script(), "stop", &self.dir]).status();
    }
}

/// The repository's `.ci/postgres.sh`.
fn script() -> String {
    format!("{}/../.ci/postgres.sh", env!("CARGO_MANIFEST_DIR"))
}
