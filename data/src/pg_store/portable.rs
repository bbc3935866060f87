//! A whole PostgreSQL store exported record by record, and records imported as they are
//! (`crate::copy`).

use super::challenges::write as write_challenge;
use super::client::{int, uint, Step};
use super::games::{player_keys, write_header};
use super::outbox::write_post;
use super::ratings::{write_history, write_rating};
use super::PgStore;
use crate::copy::{Item, Portable};
use crate::error::StoreError;
use crate::ids::{ChallengeId, GameId};
use crate::keys::Key;
use crate::ratings::RatedResult;
use crate::records::{ActionRecord, PlayerProfile, RatingRecord, Scope};
use crate::stored::codec::{decode, encode};
use crate::stored::decode_challenge;
use crate::stored::decode_header;
use crate::stored::decode_post;
use crate::stored::decode_profile;
use crate::stored::decode_rating;
use crate::stored::tournament::{decode_tournament, key_of};
use crate::stored::{decode_chat, decode_ref, owner_key, StoredRef};

fn unreadable(what: &str, reason: impl std::fmt::Display) -> StoreError {
    crate::stored::corrupt_record(what, reason)
}

/// The scope whose key bytes are `key` (`keys.rs`).
fn scope_of(key: &[u8]) -> Option<Scope> {
    let (&tag, rest) = key.split_first()?;
    let text = || -> Option<String> {
        let len = u32::from_be_bytes(rest.get(..4)?.try_into().ok()?) as usize;
        (rest.len() == 4 + len).then(|| String::from_utf8(rest[4..].to_vec()).ok())?
    };
    match tag {
        b'g' if rest.is_empty() => Some(Scope::Global),
        b'd' => text().map(Scope::DiscordServer),
        b't' => text().map(Scope::TelegramGroup),
        _ => None,
    }
}

impl PgStore {
    fn export_impl(
        &self,
        out: &mut dyn FnMut(Item) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let mut conn = self.pool.get()?;
        let counter = |conn: &mut super::client::Conn, key: &str| -> Result<u64, StoreError> {
            let row = conn.query_one("SELECT value FROM tt_meta WHERE key = $1", &[&key])?;
            Ok(uint(row.get(0)))
        };
        let ids = conn.query_one(
            "SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END FROM tt_ids",
            &[],
        )?;
        out(Item::Counters {
            next_id: uint(ids.get(0)),
            rated_seq: counter(&mut conn, "rated_seq")?,
            outbox_seq: uint(
                conn.query_one(
                    "SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM tt_outbox_seq",
                    &[],
                )?
                .get(0),
            ),
        })?;
        let numbers: Vec<i64> = conn
            .query("SELECT number FROM games ORDER BY number", &[])?
            .iter()
            .map(|r| r.get(0))
            .collect();
        for number in numbers {
            let id = GameId::from_number(uint(number));
            let row = conn.query_one("SELECT header FROM games WHERE number = $1", &[&number])?;
            let header = decode_header(id, row.get(0))?;
            let actions = conn
                .query(
                    "SELECT action FROM actions WHERE number = $1 AND idx < $2 ORDER BY idx",
                    &[&number, &int(header.action_count)],
                )?
                .iter()
                .map(|r| decode::<ActionRecord>(r.get(0)).map_err(|e| unreadable("action", e)))
                .collect::<Result<Vec<_>, _>>()?;
            out(Item::Game { header, actions })?;
        }
        for row in conn.query("SELECT profile FROM players ORDER BY player", &[])? {
            let p: PlayerProfile = decode(row.get(0)).map_err(|e| unreadable("profile", e))?;
            out(Item::Player(
                decode_profile(&p.id, row.get(0)).map_err(|e| unreadable("profile", e))?,
            ))?;
        }
        for row in conn.query("SELECT number, challenge FROM challenges ORDER BY number", &[])? {
            let id = ChallengeId::from_number(uint(row.get(0)));
            out(Item::Challenge(
                decode_challenge(id, row.get(1)).map_err(|e| unreadable("challenge", e))?,
            ))?;
        }
        for row in conn.query("SELECT chat, record FROM chats ORDER BY chat", &[])? {
            out(Item::Chat(
                decode_chat(row.get(0), row.get(1)).map_err(|e| unreadable("chat", e))?,
            ))?;
        }
        for row in conn.query("SELECT owner, message FROM message_refs ORDER BY owner", &[])? {
            let stored = decode_ref(row.get(0), row.get(1))
                .map_err(|e| unreadable("message reference", e))?;
            out(Item::MessageRef(stored.owner, stored.message))?;
        }
        for row in conn.query("SELECT record FROM ratings ORDER BY scope, kind, player", &[])? {
            let r: RatingRecord = decode(row.get(0)).map_err(|e| unreadable("rating", e))?;
            out(Item::Rating(
                decode_rating(&r.scope, r.kind, &r.player, row.get(0))
                    .map_err(|e| unreadable("rating", e))?,
            ))?;
        }
        for row in
            conn.query("SELECT scope, seq, result FROM rated_log ORDER BY scope, kind, seq", &[])?
        {
            let result: RatedResult =
                decode(row.get(2)).map_err(|e| unreadable("rating history entry", e))?;
            let scope = scope_of(row.get(0))
                .ok_or_else(|| unreadable("rating history entry", "an unknown scope"))?;
            out(Item::History { scope, seq: uint(row.get(1)), result })?;
        }
        for row in conn.query("SELECT seq, post FROM outbox ORDER BY seq", &[])? {
            let seq = uint(row.get(0));
            out(Item::Post(decode_post(seq, row.get(1)).map_err(|e| unreadable("owed post", e))?))?;
        }
        for row in conn.query("SELECT key, record FROM tournaments ORDER BY key", &[])? {
            let event =
                decode_tournament(row.get(0), row.get(1)).map_err(|e| unreadable("event", e))?;
            out(Item::Tournament(event))?;
        }
        Ok(())
    }

    fn import_impl(&self, item: &Item) -> Result<(), StoreError> {
        self.pool.transaction(&mut |tx| {
            match item {
                Item::Counters { next_id, rated_seq, outbox_seq } => {
                    tx.execute(
                        "UPDATE tt_meta SET value = $1 WHERE key = 'rated_seq'",
                        &[&int(*rated_seq)],
                    )?;
                    tx.execute(
                        "SELECT setval('tt_outbox_seq', $1::bigint, $1::bigint > 0)",
                        &[&int(*outbox_seq)],
                    )?;
                    tx.execute("SELECT setval('tt_ids', $1, false)", &[&int(*next_id)])?;
                }
                Item::Game { header, actions } => {
                    write_header(tx, header)?;
                    let number = int(header.id.number());
                    for player in player_keys(header) {
                        tx.execute(
                            "INSERT INTO game_players (player, number) VALUES ($1, $2)",
                            &[&player, &number],
                        )?;
                    }
                    for (i, action) in actions.iter().enumerate() {
                        tx.execute(
                            "INSERT INTO actions (number, idx, action) VALUES ($1, $2, $3)",
                            &[&number, &int(i as u64), &encode(action)],
                        )?;
                    }
                }
                Item::Player(p) => {
                    tx.execute(
                        "INSERT INTO players (player, profile, digest_due) VALUES ($1, $2, $3)",
                        &[
                            &Key::new().player(&p.id).into_bytes(),
                            &encode(p),
                            &p.digest_due.map(|t| int(t.millis())),
                        ],
                    )?;
                }
                Item::Challenge(c) => write_challenge(tx, c)?,
                Item::Chat(c) => {
                    tx.execute(
                        "INSERT INTO chats (chat, record) VALUES ($1, $2)",
                        &[&Key::new().chat(&c.chat).into_bytes(), &encode(c)],
                    )?;
                }
                Item::MessageRef(owner, message) => {
                    let stored = StoredRef { owner: *owner, message: message.clone() };
                    tx.execute(
                        "INSERT INTO message_refs (owner, message) VALUES ($1, $2)",
                        &[&owner_key(owner), &encode(&stored)],
                    )?;
                }
                Item::Rating(r) => write_rating(tx, r)?,
                Item::History { scope, seq, result } => write_history(tx, scope, *seq, result)?,
                Item::Post(p) => write_post(tx, p)?,
                Item::Tournament(event) => {
                    tx.execute(
                        "INSERT INTO tournaments (key, chat, finished, record) VALUES ($1, $2, $3, $4)",
                        &[
                            &key_of(event),
                            &Key::new().chat(&event.chat).into_bytes(),
                            &(event.state == crate::records::TournamentState::Finished),
                            &encode(event),
                        ],
                    )?;
                }
            }
            Ok::<_, Step<StoreError>>(())
        })
    }
}

impl Portable for PgStore {
    fn export(
        &self,
        out: &mut dyn FnMut(Item) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        // `out` need not be `Send`: the export runs here, off any async worker by contract of
        // the copy command (a plain thread).
        self.export_impl(out)
    }

    fn import(&self, item: Item) -> Result<(), StoreError> {
        self.run(|| self.import_impl(&item))
    }

    fn finish_import(&self) -> Result<(), StoreError> {
        Ok(())
    }

    fn is_empty(&self) -> Result<bool, StoreError> {
        self.run(|| {
            let row = self.pool.get()?.query_one(
                "SELECT NOT (EXISTS (SELECT 1 FROM games) OR EXISTS (SELECT 1 FROM players)
                    OR EXISTS (SELECT 1 FROM challenges) OR EXISTS (SELECT 1 FROM chats)
                    OR EXISTS (SELECT 1 FROM message_refs) OR EXISTS (SELECT 1 FROM ratings)
                    OR EXISTS (SELECT 1 FROM outbox) OR EXISTS (SELECT 1 FROM tournaments))",
                &[],
            )?;
            Ok(row.get(0))
        })
    }
}
