//! A whole sled store exported record by record, and records imported as they are
//! (`crate::copy`).

use sled::transaction::{TransactionError, Transactional};

use super::challenges::ChallengeIndexes;
use super::counter::read_seq;
use super::outbox::{chat_key as post_chat_key, due_key, due_value, post_key};
use super::ratings::{board_key, log_key, rating_key};
use super::{indexes, SledStore};
use crate::copy::{Item, Portable};
use crate::error::StoreError;
use crate::ids::{ChallengeId, GameId};
use crate::keys::{self, Key};
use crate::ratings::RatedResult;
use crate::records::{ActionRecord, PlayerProfile, RatingRecord, Scope};
use crate::schema::{OUTBOX_SEQ_KEY, RATED_SEQ_KEY};
use crate::stored::codec::{decode, encode};
use crate::stored::decode_challenge;
use crate::stored::decode_header;
use crate::stored::decode_post;
use crate::stored::decode_profile;
use crate::stored::decode_rating;
use crate::stored::digest::digest_key;
use crate::stored::tournament::{decode_tournament, key_of};
use crate::stored::{decode_chat, decode_ref, owner_key, StoredRef};

fn unreadable(what: &str, reason: impl std::fmt::Display) -> StoreError {
    crate::stored::corrupt_record(what, reason)
}

fn tx_error(e: TransactionError<()>) -> StoreError {
    super::storage(e)
}

/// The scope at the start of a rating key (`keys.rs`), and the rest of the key.
fn split_scope(key: &[u8]) -> Option<(Scope, &[u8])> {
    let (&tag, rest) = key.split_first()?;
    let text = |rest: &[u8]| -> Option<(String, usize)> {
        let len = u32::from_be_bytes(rest.get(..4)?.try_into().ok()?) as usize;
        Some((String::from_utf8(rest.get(4..4 + len)?.to_vec()).ok()?, 4 + len))
    };
    match tag {
        b'g' => Some((Scope::Global, rest)),
        b'd' => text(rest).map(|(id, n)| (Scope::DiscordServer(id), &rest[n..])),
        b't' => text(rest).map(|(id, n)| (Scope::TelegramGroup(id), &rest[n..])),
        _ => None,
    }
}

impl Portable for SledStore {
    fn export(
        &self,
        out: &mut dyn FnMut(Item) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let t = &self.trees;
        let counter = |key: &[u8]| -> Result<u64, StoreError> {
            read_seq(t.meta.get(key)?).ok_or_else(|| unreadable("counter", "unreadable"))
        };
        let highest = |tree: &sled::Tree| -> Result<u64, StoreError> {
            Ok(tree.last()?.and_then(|(k, _)| keys::trailing_u64(&k)).map_or(0, |n| n + 1))
        };
        out(Item::Counters {
            next_id: highest(&t.games)?.max(highest(&t.challenges)?),
            rated_seq: counter(RATED_SEQ_KEY)?,
            outbox_seq: counter(OUTBOX_SEQ_KEY)?,
        })?;
        for entry in t.games.iter() {
            let (key, value) = entry?;
            let id = GameId::from_number(keys::trailing_u64(&key).unwrap_or(u64::MAX));
            let header = decode_header(id, &value)?;
            let start = keys::action(id.number(), 0);
            let end = keys::action(id.number(), header.action_count);
            let actions = t
                .actions
                .range(start..end)
                .values()
                .map(|v| decode::<ActionRecord>(&v?).map_err(|e| unreadable("action", e)))
                .collect::<Result<Vec<_>, _>>()?;
            out(Item::Game { header, actions })?;
        }
        for entry in t.players.iter() {
            let (_, value) = entry?;
            let p: PlayerProfile = decode(&value).map_err(|e| unreadable("profile", e))?;
            let p = decode_profile(&p.id, &value).map_err(|e| unreadable("profile", e))?;
            out(Item::Player(p))?;
        }
        for entry in t.challenges.iter() {
            let (key, value) = entry?;
            let id = ChallengeId::from_number(keys::trailing_u64(&key).unwrap_or(u64::MAX));
            out(Item::Challenge(
                decode_challenge(id, &value).map_err(|e| unreadable("challenge", e))?,
            ))?;
        }
        for entry in t.chats.iter() {
            let (key, value) = entry?;
            out(Item::Chat(decode_chat(&key, &value).map_err(|e| unreadable("chat", e))?))?;
        }
        for entry in t.message_refs.iter() {
            let (key, value) = entry?;
            let stored =
                decode_ref(&key, &value).map_err(|e| unreadable("message reference", e))?;
            out(Item::MessageRef(stored.owner, stored.message))?;
        }
        for entry in t.ratings.iter() {
            let (_, value) = entry?;
            let r: RatingRecord = decode(&value).map_err(|e| unreadable("rating", e))?;
            let r = decode_rating(&r.scope, r.kind, &r.player, &value)
                .map_err(|e| unreadable("rating", e))?;
            out(Item::Rating(r))?;
        }
        for entry in t.rated_log.iter() {
            let (key, value) = entry?;
            let result: RatedResult =
                decode(&value).map_err(|e| unreadable("rating history entry", e))?;
            let scope = split_scope(&key).map(|(s, _)| s);
            let seq = keys::trailing_u64(&key);
            let (Some(scope), Some(seq)) = (scope, seq) else {
                return Err(unreadable("rating history entry", "a key that is not one"));
            };
            out(Item::History { scope, seq, result })?;
        }
        for entry in t.outbox.iter() {
            let (key, value) = entry?;
            let seq = keys::trailing_u64(&key).unwrap_or(u64::MAX);
            out(Item::Post(decode_post(seq, &value).map_err(|e| unreadable("owed post", e))?))?;
        }
        for entry in t.tournaments.iter() {
            let (key, value) = entry?;
            let event = decode_tournament(&key, &value).map_err(|e| unreadable("event", e))?;
            out(Item::Tournament(event))?;
        }
        Ok(())
    }

    fn import(&self, item: Item) -> Result<(), StoreError> {
        let t = &self.trees;
        match item {
            Item::Counters { next_id, rated_seq, outbox_seq } => {
                t.meta.insert(RATED_SEQ_KEY, encode(&rated_seq))?;
                t.meta.insert(OUTBOX_SEQ_KEY, encode(&outbox_seq))?;
                // sled's generator cannot be set: it is advanced past every number in use.
                while self.db.generate_id()? + 1 < next_id {}
            }
            Item::Game { header, actions } => {
                let number = header.id.number();
                (&t.actions, &t.by_chat, &t.by_player, &t.deadlines, &t.games)
                    .transaction(|(all, by_chat, by_player, deadlines, games)| {
                        for (i, action) in actions.iter().enumerate() {
                            all.insert(
                                keys::action(number, i as u64).into_bytes(),
                                encode(action),
                            )?;
                        }
                        indexes::index_written_game(by_chat, by_player, deadlines, &header)?;
                        games.insert(keys::game(number).into_bytes(), encode(&header))?;
                        Ok(())
                    })
                    .map_err(tx_error)?;
            }
            Item::Player(p) => {
                t.players.insert(Key::new().player(&p.id), encode(&p))?;
                if let Some(key) = digest_key(&p) {
                    t.digest_due.insert(key, encode(&p.id))?;
                }
            }
            Item::Challenge(c) => {
                let t = &self.trees;
                (
                    &t.challenges,
                    &t.challenges_by_chat,
                    &t.challenge_expiry,
                    &t.challenges_by_player,
                )
                    .transaction(|(all, by_chat, expiry, by_player)| {
                        all.insert(keys::game(c.id.number()).into_bytes(), encode(&c))?;
                        ChallengeIndexes { by_chat, expiry, by_player }.add(&c)?;
                        Ok(())
                    })
                    .map_err(tx_error)?;
            }
            Item::Chat(c) => {
                t.chats.insert(Key::new().chat(&c.chat), encode(&c))?;
            }
            Item::Tournament(event) => {
                t.tournaments.insert(key_of(&event), encode(&event))?;
            }
            Item::MessageRef(owner, message) => {
                t.message_refs.insert(owner_key(&owner), encode(&StoredRef { owner, message }))?;
            }
            Item::Rating(r) => {
                t.ratings.insert(rating_key(&r.scope, r.kind, &r.player), encode(&r))?;
                t.leaderboard.insert(board_key(&r), encode(&r))?;
            }
            Item::History { scope, seq, result } => {
                t.rated_log.insert(log_key(&scope, result.kind, seq), encode(&result))?;
            }
            Item::Post(p) => {
                t.outbox.insert(post_key(p.seq), encode(&p))?;
                t.outbox_due.insert(due_key(&p), due_value(&p))?;
                if let Some(key) = post_chat_key(&p) {
                    t.outbox_by_chat.insert(key, &[])?;
                }
            }
        }
        Ok(())
    }

    fn finish_import(&self) -> Result<(), StoreError> {
        self.make_durable()
    }

    fn is_empty(&self) -> Result<bool, StoreError> {
        let t = &self.trees;
        Ok([
            &t.games,
            &t.players,
            &t.challenges,
            &t.chats,
            &t.message_refs,
            &t.ratings,
            &t.outbox,
            &t.tournaments,
        ]
        .iter()
        .all(|tree| tree.is_empty()))
    }
}
