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
