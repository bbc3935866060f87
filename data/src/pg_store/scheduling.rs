//! The scheduler's view of the deadline index in PostgreSQL: the due games, the next
//! deadline, and claims of due games so that several processes do not all act on the same
//! game (`Store::claim_due_games`).

use std::cell::RefCell;

use super::client::{int, uint, Step};
use super::PgStore;
use crate::error::StoreError;
use crate::ids::GameId;
use crate::records::Timestamp;
use crate::stored::decode_header;
use crate::stored::due::due_at;
use crate::stored::lease::lease_end;

impl PgStore {
    pub(super) fn due_games_impl(
        &self,
        now: Timestamp,
    ) -> Result<Vec<(Timestamp, GameId)>, StoreError> {
        let due = RefCell::new(Vec::new());
        self.scan_due(
            Some(now),
            &mut |at, id, _| {
                due.borrow_mut().push((at, id));
                true
            },
            &mut || due.borrow_mut().clear(),
        )?;
        Ok(due.into_inner())
    }

    /// The earliest moment a game needs the scheduler: its due moment, or the end of a claim
    /// on it. Read in due order, and stops once no later entry can be earlier.
    pub(super) fn next_deadline_impl(&self) -> Result<Option<(Timestamp, GameId)>, StoreError> {
        let best: RefCell<Option<(Timestamp, GameId)>> = RefCell::new(None);
        self.scan_due(
            None,
            &mut |at, id, claim| {
                let mut best = best.borrow_mut();
                if best.is_some_and(|(b, _)| at >= b) {
                    return false;
                }
                let when = claim.map_or(at, |until| until.max(at));
                if best.is_none_or(|(b, _)| when < b) {
                    *best = Some((when, id));
                }
                true
            },
            &mut || *best.borrow_mut() = None,
        )?;
        Ok(best.into_inner())
    }

    pub(super) fn claim_due_games_impl(
        &self,
        now: Timestamp,
        lease_ms: u64,
        limit: usize,
    ) -> Result<Vec<(Timestamp, GameId)>, StoreError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let until = int(lease_end(now, lease_ms).millis());
        self.pool.transaction(&mut |tx| {
            // Rows another claimer is claiming right now are skipped, not waited for.
            let rows = tx.query(
                "SELECT due_at, number, header FROM games
                 WHERE due_at IS NOT NULL AND due_at <= $1
                   AND (claimed_until IS NULL OR claimed_until <= $1
                        OR claimed_due IS DISTINCT FROM due_at)
                 ORDER BY due_at, number LIMIT $2 FOR UPDATE SKIP LOCKED",
                &[&int(now.millis()), &int(limit as u64)],
            )?;
            let mut claimed = Vec::new();
            for row in &rows {
                let (at, number): (i64, i64) = (row.get(0), row.get(1));
                let id = GameId::from_number(uint(number));
                // An unreadable or disagreeing header is left to `due_games`'s correction and
                // `check_games`'s report.
                let fits = decode_header(id, row.get(2))
                    .is_ok_and(|h| due_at(&h).map(|t| int(t.millis())) == Some(at));
                if !fits {
                    continue;
                }
                tx.execute(
                    "UPDATE games SET claimed_due = due_at, claimed_until = $2 WHERE number = $1",
                    &[&number, &until],
                )?;
                claimed.push((Timestamp(uint(at)), id));
            }
            Ok::<_, Step<StoreError>>(claimed)
        })
    }
}
