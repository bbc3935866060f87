//! Schema 2 → 3: records for what schema 2 kept in borrowed places. Challenges that carried
//! their invitees, seated players and challenger's name in reserved option keys (`~to`, `~in`,
//! `~from`: `user\tname` on the chat's platform) get real fields; chat settings kept as a fake
//! profile `#chat:<chat id>` (display name `clock=<text>;boards=on|off`) become chat records,
//! and the fake profile leaves the players (and any rating, though none was ever written).
//! Every record is converted in its own transaction and a converted record is recognised, so
//! an interrupted upgrade resumes where it stopped.

use engine::GameKind;
use serde::Deserialize;
use sled::transaction::Transactional;

use super::challenges::ChallengeIndexes;
use super::ratings::board_key;
use super::storage;
use super::trees::Trees;
use crate::error::StoreError;
use crate::ids::ChallengeId;
use crate::keys::{self, Key};
use crate::records::{
    Challenge, ChatRecord, ChatRef, ClockSettings, GameHeader, Invitee, InviteeId, PlayerId,
    PlayerProfile, RatingRecord, Seated, Timestamp,
};
use crate::stored::codec::{decode, encode};

/// The identity prefix of schema 2's chat-settings profiles.
const CHAT_PROFILE: &str = "#chat:";

/// A challenge as schema 2 stored it.
#[derive(Deserialize)]
struct V2Challenge {
    id: ChallengeId,
    from: PlayerId,
    to: Option<PlayerId>,
    #[serde(with = "crate::records::engine_serde_kind")]
    kind: GameKind,
    options: Vec<(String, String)>,
    clock: ClockSettings,
    rated: bool,
    chat: ChatRef,
    created: Timestamp,
    expires: Timestamp,
}

impl V2Challenge {
    /// The `user\tname` people under a reserved option key, on the chat's platform.
    fn people(&self, key: &str) -> Vec<(PlayerId, String)> {
        self.options
            .iter()
            .filter(|(k, _)| k == key)
            .filter_map(|(_, v)| v.split_once('\t'))
            .map(|(user, name)| (PlayerId::new(self.chat.platform, user), name.to_string()))
            .collect()
    }

    fn upgrade(self) -> Challenge {
        let mut invited: Vec<Invitee> = self
            .people("~to")
            .into_iter()
            .map(|(id, name)| Invitee { who: InviteeId::Player(id), name })
            .collect();
        if invited.is_empty() {
            // Every schema-2 bot wrote `~to` with `to`; kept for a record written otherwise.
            if let Some(to) = &self.to {
                invited.push(Invitee { who: InviteeId::Player(to.clone()), name: to.user.clone() });
            }
        }
        let accepted =
            self.people("~in").into_iter().map(|(id, name)| Seated { id, name }).collect();
        let from_name = self
            .options
            .iter()
            .find(|(k, _)| k == "~from")
            .map_or_else(|| self.from.user.clone(), |(_, v)| v.clone());
        let options: Vec<(String, String)> =
            self.options.iter().filter(|(k, _)| !k.starts_with('~')).cloned().collect();
        // As the schema-2 bot counted the table: POI Control's `players` (2 if absent), two
        // for every other game.
        let seats = match self.kind {
            GameKind::Poi => options
                .iter()
                .find(|(k, _)| k == "players")
                .and_then(|(_, v)| v.parse().ok())
                .unwrap_or(2),
            _ => 2,
        };
        Challenge {
            id: self.id,
            from: self.from,
            from_name,
            invited,
            accepted,
            seats,
            kind: self.kind,
            options,
            clock: self.clock,
            rated: self.rated,
            chat: self.chat,
            created: self.created,
            expires: self.expires,
            ai_seats: Vec::new(),
        }
    }
}

/// Runs the step.
pub fn v2_to_v3(trees: &Trees) -> Result<(), StoreError> {
    upgrade_challenges(trees)?;
    upgrade_chat_profiles(trees)?;
    remove_chat_ratings(trees)
}

/// Rewrites every schema-2 challenge with fields and lists it under its players. A record
/// already in the new shape is done; an unreadable one is left for `check_games` to report.
fn upgrade_challenges(t: &Trees) -> Result<(), StoreError> {
    for entry in t.challenges.iter() {
        let (key, value) = entry?;
        if decode::<Challenge>(&value).is_ok() {
            continue;
        }
        let Ok(old) = decode::<V2Challenge>(&value) else { continue };
        if keys::game(old.id.number()).as_ref() != key.as_ref() {
            continue; // under another challenge's key: reported, never moved
        }
        let challenge = old.upgrade();
        (&t.challenges, &t.challenges_by_chat, &t.challenge_expiry, &t.challenges_by_player)
            .transaction(|(all, by_chat, expiry, by_player)| {
                ChallengeIndexes { by_chat, expiry, by_player }.add(&challenge)?;
                all.insert(key.as_ref(), encode(&challenge))?;
                Ok(())
            })
            .map_err(storage)?;
    }
    Ok(())
}

/// The settings text of a schema-2 chat profile, as a chat record for `chat`.
fn chat_record(chat: ChatRef, text: &str) -> ChatRecord {
    let mut record = ChatRecord::new(chat);
    for part in text.split(';') {
        match part.split_once('=') {
            Some(("clock", v)) => record.default_clock = Some(v.to_string()),
            Some(("boards", v)) => record.boards = v == "on",
            _ => {}
        }
    }
    record
}

/// The community of a chat, from a game or a challenge made there (schema 2's chat profile did
/// not keep it); `None` if the chat has neither.
fn community(t: &Trees, chat: &ChatRef) -> Result<Option<String>, StoreError> {
    let prefix = Key::new().chat(chat);
    if let Some(key) = t.by_chat.scan_prefix(&prefix).keys().next().transpose()? {
        let number = keys::trailing_u64(&key).unwrap_or(u64::MAX);
        if let Some(bytes) = t.games.get(keys::game(number))? {
            if let Ok(header) = decode::<GameHeader>(&bytes) {
                return Ok(header.chat.community);
            }
        }
    }
    if let Some(key) = t.challenges_by_chat.scan_prefix(&prefix).keys().next().transpose()? {
        let number = keys::trailing_u64(&key).unwrap_or(u64::MAX);
        if let Some(bytes) = t.challenges.get(keys::game(number))? {
            if let Ok(challenge) = decode::<Challenge>(&bytes) {
                return Ok(challenge.chat.community);
            }
        }
    }
    Ok(None)
}

/// Moves every `#chat:<id>` profile to a chat record (one transaction each: the record
/// written unless one exists, the profile removed).
fn upgrade_chat_profiles(t: &Trees) -> Result<(), StoreError> {
    for entry in t.players.iter() {
        let (key, value) = entry?;
        let Ok(profile) = decode::<PlayerProfile>(&value) else { continue };
        let Some(chat_id) = profile.id.user.strip_prefix(CHAT_PROFILE) else { continue };
        if Key::new().player(&profile.id).as_ref() != key.as_ref() {
            continue; // under another profile's key: reported, never moved
        }
        let mut chat =
            ChatRef { platform: profile.id.platform, chat: chat_id.to_string(), community: None };
        chat.community = community(t, &chat)?;
        let record = chat_record(chat, &profile.display_name);
        let chat_key = Key::new().chat(&record.chat).into_bytes();
        (&t.chats, &t.players)
            .transaction(|(chats, players)| {
                if chats.get(&chat_key)?.is_none() {
                    chats.insert(chat_key.as_slice(), encode(&record))?;
                }
                players.remove(key.as_ref())?;
                Ok(())
            })
            .map_err(storage)?;
    }
    Ok(())
}

/// Removes any rating or leaderboard entry of a `#chat:` identity (none was ever written: a
/// chat never sat at a table; this makes sure).
fn remove_chat_ratings(t: &Trees) -> Result<(), StoreError> {
    for tree in [&t.ratings, &t.leaderboard] {
        for entry in tree.iter() {
            let (key, value) = entry?;
            let Ok(rating) = decode::<RatingRecord>(&value) else { continue };
            if rating.player.user.starts_with(CHAT_PROFILE) {
                tree.remove(&key)?;
                t.leaderboard.remove(board_key(&rating))?;
            }
        }
    }
    Ok(())
}
