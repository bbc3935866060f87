//! The start-up check of everything but games: every unreadable or misplaced profile,
//! challenge, rating, rating history entry, chat record, message reference and owed post.

use super::client::uint;
use super::PgStore;
use crate::error::{Problem, StoreError};
use crate::ids::ChallengeId;
use crate::keys::Key;
use crate::ratings::RatedResult;
use crate::records::{Challenge, PlayerProfile, RatingRecord};
use crate::stored::codec::decode;
use crate::stored::{decode_chat, decode_ref};

impl PgStore {
    pub(super) fn check_other_records(
        &self,
        problems: &mut Vec<Problem>,
    ) -> Result<(), StoreError> {
        let mut conn = self.pool.get()?;
        let mut report = |reason: String| problems.push(Problem { game: None, reason });
        for row in conn.query("SELECT player, profile FROM players ORDER BY player", &[])? {
            let key: Vec<u8> = row.get(0);
            match decode::<PlayerProfile>(row.get(1)) {
                Ok(p) if Key::new().player(&p.id).as_ref() == key.as_slice() => {}
                Ok(p) => report(format!("player profile: a key holds the profile of {:?}", p.id)),
                Err(e) => report(format!("player profile: {e}")),
            }
        }
        for row in conn.query("SELECT number, challenge FROM challenges ORDER BY number", &[])? {
            let number = uint(row.get(0));
            match decode::<Challenge>(row.get(1)) {
                Ok(c) if c.id.number() == number => {}
                Ok(c) => report(format!("challenge {}: its key holds another challenge", c.id)),
                Err(e) => report(format!("challenge {}: {e}", ChallengeId::from_number(number))),
            }
        }
        for row in conn.query(
            "SELECT scope, kind, player, record FROM ratings ORDER BY scope, kind, player",
            &[],
        )? {
            let (scope, kind, player): (Vec<u8>, String, Vec<u8>) =
                (row.get(0), row.get(1), row.get(2));
            match decode::<RatingRecord>(row.get(3)) {
                Ok(r)
                    if Key::new().scope(&r.scope).into_bytes() == scope
                        && r.kind.name() == kind
                        && Key::new().player(&r.player).into_bytes() == player => {}
                Ok(r) => report(format!("rating: a key holds the rating of {:?}", r.player)),
                Err(e) => report(format!("rating: {e}")),
            }
        }
        for row in conn.query("SELECT seq, result FROM rated_log ORDER BY scope, kind, seq", &[])? {
            if let Err(e) = decode::<RatedResult>(row.get(1)) {
                report(format!("rating history entry {}: {e}", uint(row.get(0))));
            }
        }
        for row in conn.query("SELECT chat, record FROM chats ORDER BY chat", &[])? {
            if let Err(e) = decode_chat(row.get(0), row.get(1)) {
                report(format!("chat: {e}"));
            }
        }
        for row in conn.query("SELECT owner, message FROM message_refs ORDER BY owner", &[])? {
            if let Err(e) = decode_ref(row.get(0), row.get(1)) {
                report(format!("message reference: {e}"));
            }
        }
        drop(conn);
        self.check_posts(problems)
    }
}
