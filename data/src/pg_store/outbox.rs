//! The outbox in PostgreSQL: posts written in the transaction of the change that caused them,
//! claimed with `FOR UPDATE SKIP LOCKED` and a lease (several processes never hand out the
//! same post within a lease, and never a chat's post before an earlier one of that chat),
//! removed once delivered (`docs/store.md`, "The outbox").

use std::collections::{BTreeSet, HashMap, HashSet};

use postgres::Transaction;

use super::client::{int, uint, Step};
use super::PgStore;
use crate::error::{Problem, StoreError};
use crate::keys::Key;
use crate::records::{ChatRef, NewPost, OwedPost, Platform, Timestamp};
use crate::stored::check::post_problem;
use crate::stored::codec::encode;
use crate::stored::lease::lease_end;
use crate::stored::outbox::{owed, reschedule};
use crate::stored::{decode_post, unreadable};

fn platform_text(p: Platform) -> String {
    char::from(p.tag()).to_string()
}

fn chat_key(chat: &ChatRef) -> Vec<u8> {
    Key::new().chat(chat).into_bytes()
}

/// Records `posts`, due at `at`, under the next numbers of the `tt_outbox_seq` sequence
/// (increasing, never reused; no lock, so commits owing posts do not wait for each other).
/// Two commits of one game are ordered by the game's row lock, so their posts are numbered
/// in commit order; posts of concurrent commits (two games of one chat) may become visible
/// out of number order, and are then handed out in the order they became visible: they
/// answer concurrent commands, which have no order of their own.
pub fn add_posts(
    tx: &mut Transaction<'_>,
    posts: &[NewPost],
    at: Timestamp,
) -> Result<Vec<u64>, postgres::Error> {
    if posts.is_empty() {
        return Ok(Vec::new());
    }
    let numbers: Vec<u64> = tx
        .query(
            "SELECT nextval('tt_outbox_seq') FROM generate_series(1, $1::bigint)",
            &[&int(posts.len() as u64)],
        )?
        .iter()
        .map(|r| uint(r.get(0)))
        .collect();
    let mut seqs = Vec::with_capacity(posts.len());
    for (&seq, post) in numbers.iter().zip(posts) {
        let owed = owed(seq, post, at);
        write_post(tx, &owed)?;
        seqs.push(seq);
    }
    Ok(seqs)
}

/// Inserts or replaces a post with its index columns.
pub(super) fn write_post(
    tx: &mut impl postgres::GenericClient,
    p: &OwedPost,
) -> Result<(), postgres::Error> {
    tx.execute(
        "INSERT INTO outbox (seq, platform, chat, next_try, post) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (seq) DO UPDATE SET platform = excluded.platform, chat = excluded.chat,
             next_try = excluded.next_try, post = excluded.post",
        &[
            &int(p.seq),
            &platform_text(p.post.platform),
            &p.post.chat.as_ref().map(chat_key),
            &int(p.next_try.millis()),
            &encode(p),
        ],
    )?;
    Ok(())
}

impl PgStore {
    pub(super) fn enqueue_posts_impl(
        &self,
        posts: Vec<NewPost>,
        at: Timestamp,
    ) -> Result<Vec<u64>, StoreError> {
        self.pool.transaction(&mut |tx| Ok::<_, Step<StoreError>>(add_posts(tx, &posts, at)?))
    }

    pub(super) fn claim_posts_impl(
        &self,
        platform: Platform,
        now: Timestamp,
        lease_ms: u64,
        limit: usize,
    ) -> Result<Vec<OwedPost>, StoreError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let until = lease_end(now, lease_ms);
        self.pool.transaction(&mut |tx| {
            // Every due post of the platform that no other claimer holds, locked to the end of
            // this transaction; a post another claimer holds right now is not here.
            let rows = tx.query(
                "SELECT seq, chat, post FROM outbox WHERE platform = $1 AND next_try <= $2
                 ORDER BY seq FOR UPDATE SKIP LOCKED",
                &[&platform_text(platform), &int(now.millis())],
            )?;
            let mut due: HashMap<u64, (Option<Vec<u8>>, Vec<u8>)> = HashMap::new();
            let mut chats = BTreeSet::new();
            for row in &rows {
                let chat: Option<Vec<u8>> = row.get(1);
                if let Some(c) = &chat {
                    chats.insert(c.clone());
                }
                due.insert(uint(row.get(0)), (chat, row.get(2)));
            }
            // A chat's post may go only with every earlier owed post of that chat: its due
            // prefix (a post held by another claimer, waiting for a retry, or unreadable
            // stops it).
            let mut chosen: BTreeSet<u64> =
                due.iter().filter(|(_, (chat, _))| chat.is_none()).map(|(&s, _)| s).collect();
            if !chats.is_empty() {
                let chats: Vec<Vec<u8>> = chats.into_iter().collect();
                let queue = tx.query(
                    "SELECT chat, seq FROM outbox WHERE chat = ANY($1) ORDER BY chat, seq",
                    &[&chats],
                )?;
                let mut stopped: HashSet<Vec<u8>> = HashSet::new();
                for row in &queue {
                    let chat: Vec<u8> = row.get(0);
                    let seq = uint(row.get(1));
                    if stopped.contains(&chat) {
                        continue;
                    }
                    match due.get(&seq) {
                        Some((_, bytes)) if decode_post(seq, bytes).is_ok() => {
                            chosen.insert(seq);
                        }
                        _ => {
                            stopped.insert(chat);
                        }
                    }
                }
            }
            let mut claimed = Vec::new();
            for seq in chosen {
                if claimed.len() == limit {
                    break;
                }
                let Ok(mut post) = decode_post(seq, &due[&seq].1) else { continue };
                if post.post.platform != platform {
                    continue;
                }
                post.next_try = until;
                write_post(tx, &post)?;
                claimed.push(post);
            }
            Ok::<_, Step<StoreError>>(claimed)
        })
    }

    /// Removes post `seq` (delivered or dropped); nothing if it is gone.
    pub(super) fn remove_post(&self, seq: u64) -> Result<(), StoreError> {
        self.pool.get()?.execute("DELETE FROM outbox WHERE seq = $1", &[&int(seq)])?;
        Ok(())
    }

    /// Makes post `seq` claimable again from `at`, one failed try more if `failed`.
    pub(super) fn reschedule_post(
        &self,
        seq: u64,
        at: Timestamp,
        failed: bool,
    ) -> Result<(), StoreError> {
        self.pool.transaction(&mut |tx| {
            let Some(row) =
                tx.query_opt("SELECT post FROM outbox WHERE seq = $1 FOR UPDATE", &[&int(seq)])?
            else {
                return Ok(());
            };
            let mut post =
                decode_post(seq, row.get(0)).map_err(|e| Step::Stop(unreadable(seq, e)))?;
            reschedule(&mut post, at, failed);
            write_post(tx, &post)?;
            Ok(())
        })
    }

    pub(super) fn drop_posts_for_chat_impl(&self, chat: &ChatRef) -> Result<usize, StoreError> {
        let n =
            self.pool.get()?.execute("DELETE FROM outbox WHERE chat = $1", &[&chat_key(chat)])?;
        Ok(n as usize)
    }

    pub(super) fn next_post_due_impl(
        &self,
        platform: Platform,
    ) -> Result<Option<Timestamp>, StoreError> {
        // The first owed post of each chat (and every post without one), earliest first; an
        // unreadable one is skipped, as it is never handed out.
        let rows = self.pool.get()?.query(
            "SELECT o.seq, o.post FROM outbox o
             WHERE o.platform = $1 AND (o.chat IS NULL OR o.seq =
                 (SELECT min(f.seq) FROM outbox f WHERE f.chat = o.chat))
             ORDER BY o.next_try, o.seq",
            &[&platform_text(platform)],
        )?;
        for row in &rows {
            if let Ok(post) = decode_post(uint(row.get(0)), row.get(1)) {
                return Ok(Some(post.next_try));
            }
        }
        Ok(None)
    }

    pub(super) fn owed_post_count_impl(&self) -> Result<u64, StoreError> {
        let row = self.pool.get()?.query_one("SELECT count(*) FROM outbox", &[])?;
        Ok(uint(row.get(0)))
    }

    /// Adds a problem for every unreadable or misplaced owed post.
    pub(super) fn check_posts(&self, problems: &mut Vec<Problem>) -> Result<(), StoreError> {
        for row in self.pool.get()?.query("SELECT seq, post FROM outbox ORDER BY seq", &[])? {
            let seq = uint(row.get(0));
            problems.extend(post_problem(seq, row.get(1)));
        }
        Ok(())
    }
}
