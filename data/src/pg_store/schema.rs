//! The tables, and versioned migrations run at start.
//!
//! `tabletalk_schema` holds the version reached. Opening runs, in one transaction under an
//! advisory lock (so two processes starting together migrate once), every step after it; a
//! database newer than this build is refused with [`StoreError::TooNew`] and left untouched.
//! A step is never edited once released: a change is a new step.

use super::client::Pool;
use crate::error::StoreError;

/// The steps, in order: step `i` brings the schema to version `i + 1`.
///
/// Records are the sled store's JSON, as `bytea`. Keys that sled builds as byte strings
/// (chats, players, scopes; `keys.rs`) are `bytea` columns with the same bytes, so both stores
/// sort and compare alike. Numbers are `bigint` (every one is below 2^63).
const STEPS: &[&str] = &[
    r#"
CREATE TABLE tt_meta (key text PRIMARY KEY, value bigint NOT NULL);
INSERT INTO tt_meta VALUES ('rated_seq', 0), ('outbox_seq', 0);
-- Game and challenge numbers (shared, so an id names one thing).
CREATE SEQUENCE tt_ids MINVALUE 0 START 0;
CREATE TABLE games (
    number bigint PRIMARY KEY,
    header bytea NOT NULL,
    chat bytea NOT NULL,
    active boolean NOT NULL,
    due_at bigint
);
CREATE INDEX games_by_chat ON games (chat, active, number);
CREATE INDEX games_due ON games (due_at, number) WHERE due_at IS NOT NULL;
CREATE TABLE game_players (
    player bytea NOT NULL,
    number bigint NOT NULL REFERENCES games ON DELETE CASCADE,
    PRIMARY KEY (player, number)
);
CREATE TABLE actions (
    number bigint NOT NULL REFERENCES games ON DELETE CASCADE,
    idx bigint NOT NULL,
    action bytea NOT NULL,
    PRIMARY KEY (number, idx)
);
CREATE TABLE players (player bytea PRIMARY KEY, profile bytea NOT NULL);
CREATE TABLE challenges (
    number bigint PRIMARY KEY,
    challenge bytea NOT NULL,
    chat bytea NOT NULL,
    expires bigint NOT NULL
);
CREATE INDEX challenges_by_chat ON challenges (chat, number);
CREATE INDEX challenge_expiry ON challenges (expires, number);
CREATE TABLE challenge_players (
    player bytea NOT NULL,
    number bigint NOT NULL REFERENCES challenges ON DELETE CASCADE,
    PRIMARY KEY (player, number)
);
CREATE TABLE chats (chat bytea PRIMARY KEY, record bytea NOT NULL);
CREATE TABLE message_refs (owner bytea PRIMARY KEY, message bytea NOT NULL);
CREATE TABLE ratings (
    scope bytea NOT NULL,
    kind text NOT NULL,
    player bytea NOT NULL,
    rating double precision NOT NULL,
    record bytea NOT NULL,
    PRIMARY KEY (scope, kind, player)
);
CREATE INDEX leaderboard ON ratings (scope, kind, rating DESC, player);
CREATE TABLE rated_log (
    scope bytea NOT NULL,
    kind text NOT NULL,
    seq bigint NOT NULL,
    result bytea NOT NULL,
    PRIMARY KEY (scope, kind, seq)
);
CREATE TABLE outbox (
    seq bigint PRIMARY KEY,
    platform text NOT NULL,
    chat bytea,
    next_try bigint NOT NULL,
    post bytea NOT NULL
);
CREATE INDEX outbox_due ON outbox (platform, next_try, seq);
CREATE INDEX outbox_by_chat ON outbox (chat, seq) WHERE chat IS NOT NULL;
"#,
    r#"
-- Claims of due games by a scheduler (`claim_due_games`): the due moment claimed and until
-- when. A claim counts only while the game is still due at that moment.
ALTER TABLE games ADD COLUMN claimed_due bigint, ADD COLUMN claimed_until bigint;
"#,
    r#"
-- Post numbers from a sequence rather than a locked counter row, so commits that owe posts
-- no longer wait for each other's commit (and its WAL flush): see docs/store.md.
CREATE SEQUENCE tt_outbox_seq MINVALUE 0 START 1;
SELECT setval('tt_outbox_seq', value, value > 0) FROM tt_meta WHERE key = 'outbox_seq';
DELETE FROM tt_meta WHERE key = 'outbox_seq';
"#,
    r#"
-- Events (tournaments): one record per event; key = chat ++ name in lower case, as sled's.
CREATE TABLE tournaments (
    key bytea PRIMARY KEY,
    chat bytea NOT NULL,
    finished boolean NOT NULL,
    record bytea NOT NULL
);
CREATE INDEX tournaments_by_chat ON tournaments (chat, key);
CREATE INDEX tournaments_unfinished ON tournaments (key) WHERE NOT finished;
"#,
    r#"
-- The daily digest's index: when each player's next digest is due (their profile's
-- digest_due), so the scheduler finds the due ones by a range, never a scan. Profiles stored
-- before have no digest: the column stays NULL for them.
ALTER TABLE players ADD COLUMN digest_due bigint;
CREATE INDEX players_digest_due ON players (digest_due, player) WHERE digest_due IS NOT NULL;
"#,
];

/// The schema version this build writes.
pub const CURRENT: u32 = STEPS.len() as u32;

/// The advisory lock key of migrations ("tt" "mi" "gr").
const MIGRATION_LOCK: i64 = 0x7474_6d69_6772;

/// The version recorded, `None` for an empty database.
pub fn stored_version(conn: &mut postgres::Client) -> Result<Option<u32>, StoreError> {
    let exists: bool =
        conn.query_one("SELECT to_regclass('tabletalk_schema') IS NOT NULL", &[])?.get(0);
    if !exists {
        return Ok(None);
    }
    let row = conn.query_opt("SELECT version FROM tabletalk_schema", &[])?;
    Ok(row.map(|r| r.get::<_, i32>(0) as u32))
}

/// Creates the schema if needed and runs every step after the recorded version.
pub fn migrate(pool: &Pool) -> Result<(), StoreError> {
    let mut conn = pool.get()?;
    let mut tx = conn.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    if let Some(schema) = pool.schema() {
        // A plain identifier (checked when the pool was made).
        tx.batch_execute(&format!("CREATE SCHEMA IF NOT EXISTS {schema}"))?;
    }
    tx.batch_execute("CREATE TABLE IF NOT EXISTS tabletalk_schema (version integer NOT NULL)")?;
    let found: Option<i32> =
        tx.query_opt("SELECT version FROM tabletalk_schema", &[])?.map(|r| r.get(0));
    let found = found.unwrap_or(0).max(0) as u32;
    if found > CURRENT {
        return Err(StoreError::TooNew { found, supported: CURRENT });
    }
    for step in &STEPS[found as usize..] {
        tx.batch_execute(step)?;
    }
    if found < CURRENT {
        tx.execute("DELETE FROM tabletalk_schema", &[])?;
        tx.execute("INSERT INTO tabletalk_schema VALUES ($1)", &[&(CURRENT as i32)])?;
    }
    tx.commit()?;
    Ok(())
}
