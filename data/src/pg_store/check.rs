//! The start-up check of everything but games: every unreadable or misplaced profile,
//! challenge, rating, rating history entry, chat record, message reference and owed post.

use super::client::uint;
use super::PgStore;
use crate::error::{Problem, StoreError};
use crate::keys::Key;
use crate::stored::check::{
    challenge_problem, chat_problem, history_problem, profile_problem, rating_problem, ref_problem,
};
use crate::stored::tournament::tournament_problem;

impl PgStore {
    pub(super) fn check_other_records(
        &self,
        problems: &mut Vec<Problem>,
    ) -> Result<(), StoreError> {
        let mut conn = self.pool.get()?;
        for row in conn.query("SELECT player, profile FROM players ORDER BY player", &[])? {
            problems.extend(profile_problem(row.get(0), row.get(1)));
        }
        for row in conn.query("SELECT number, challenge FROM challenges ORDER BY number", &[])? {
            problems.extend(challenge_problem(uint(row.get(0)), true, row.get(1)));
        }
        for row in conn.query(
            "SELECT scope, kind, player, record FROM ratings ORDER BY scope, kind, player",
            &[],
        )? {
            let (scope, kind, player): (Vec<u8>, String, Vec<u8>) =
                (row.get(0), row.get(1), row.get(2));
            let fits = |r: &crate::records::RatingRecord| {
                Key::new().scope(&r.scope).into_bytes() == scope
                    && r.kind.name() == kind
                    && Key::new().player(&r.player).into_bytes() == player
            };
            problems.extend(rating_problem(row.get(3), fits));
        }
        for row in conn.query("SELECT seq, result FROM rated_log ORDER BY scope, kind, seq", &[])? {
            problems.extend(history_problem(uint(row.get(0)), row.get(1)));
        }
        for row in conn.query("SELECT chat, record FROM chats ORDER BY chat", &[])? {
            problems.extend(chat_problem(row.get(0), row.get(1)));
        }
        for row in conn.query("SELECT owner, message FROM message_refs ORDER BY owner", &[])? {
            problems.extend(ref_problem(row.get(0), row.get(1)));
        }
        for row in conn.query("SELECT key, record FROM tournaments ORDER BY key", &[])? {
            problems.extend(tournament_problem(row.get(0), row.get(1)));
        }
        drop(conn);
        self.check_posts(problems)
    }
}
