//! PostgreSQL start errors (issue 33, item 9): a database that does not exist (or a wrong
//! password) fails at once with the server's words, not after the pool's 30 s timeout with
//! "timed out waiting for connection: db error".

use std::time::{Duration, Instant};

use data::{PgConfig, PgStore};

use crate::common;

#[test]
fn a_missing_postgresql_database_fails_fast_with_the_servers_words() {
    let Some(url) = common::pg_url() else { return };
    let base = url.rsplit_once('/').map_or(url.as_str(), |(base, _)| base);
    let started = Instant::now();
    let err = PgStore::open(&PgConfig::new(format!("{base}/no_such_database_33")))
        .map(|_| ())
        .unwrap_err()
        .to_string();
    let took = started.elapsed();
    eprintln!("refused in {took:?}: {err}");
    assert!(took < Duration::from_secs(5), "took {took:?}");
    assert!(err.contains("database \"no_such_database_33\" does not exist"), "{err}");
    assert!(!err.contains("timed out"), "{err}");
}
