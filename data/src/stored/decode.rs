//! The checks that a record read under a key is that key's record: unreadable bytes, or the
//! record of another game, player, challenge, chat, post or rating, are never trusted. Both
//! backends read every record through these.

use serde::{Deserialize, Serialize};

use super::codec::decode;
use super::problem::corrupt;
use crate::error::StoreError;
use crate::ids::{ChallengeId, GameId};
use crate::keys::Key;
use crate::records::{
    Challenge, ChatRecord, GameHeader, MessageOwner, MessageRef, OwedPost, PlayerId, PlayerProfile,
    RatingRecord, Scope,
};
use engine::GameKind;

/// The challenge stored under `id`'s key, or why it cannot be trusted (unreadable, or another
/// challenge's).
pub(crate) fn decode_challenge(id: ChallengeId, bytes: &[u8]) -> Result<Challenge, String> {
    let challenge: Challenge = decode(bytes)?;
    if challenge.id != id {
        return Err(format!("its key holds challenge {}", challenge.id));
    }
    Ok(challenge)
}

/// The key of a message reference: a tag for the owner's kind, then its numbers.
pub(crate) fn owner_key(owner: &MessageOwner) -> Vec<u8> {
    match owner {
        MessageOwner::Challenge(id) => Key::new().tag(b'c').u64(id.number()),
        MessageOwner::Board(id) => Key::new().tag(b'b').u64(id.number()),
        MessageOwner::Browse(id, n) => Key::new().tag(b'r').u64(id.number()).u64(*n),
        MessageOwner::Card(id, n) => Key::new().tag(b'k').u64(id.number()).u64(*n),
    }
    .into_bytes()
}

/// A stored message reference names its owner, so a record under another owner's key is
/// recognised.
#[derive(Serialize, Deserialize)]
pub(crate) struct StoredRef {
    pub(crate) owner: MessageOwner,
    #[serde(flatten)]
    pub(crate) message: MessageRef,
}

/// The chat record stored under `key`, or why it cannot be trusted.
pub(crate) fn decode_chat(key: &[u8], bytes: &[u8]) -> Result<ChatRecord, String> {
    let record: ChatRecord = decode(bytes)?;
    if Key::new().chat(&record.chat).as_ref() != key {
        return Err(format!("its key holds the settings of chat {:?}", record.chat.chat));
    }
    Ok(record)
}

/// The message reference stored under `key`, or why it cannot be trusted.
pub(crate) fn decode_ref(key: &[u8], bytes: &[u8]) -> Result<StoredRef, String> {
    let stored: StoredRef = decode(bytes)?;
    if owner_key(&stored.owner) != key {
        return Err(format!("its key holds the message of {:?}", stored.owner));
    }
    Ok(stored)
}

/// The header stored under game `id`'s key, or why it cannot be trusted: unreadable, or the
/// header of another game (a misplaced record must never move that game's index entries).
pub(crate) fn decode_header(id: GameId, bytes: &[u8]) -> Result<GameHeader, StoreError> {
    let header: GameHeader = decode(bytes).map_err(|e| corrupt(id, e))?;
    if header.id != id {
        return Err(corrupt(id, format!("its key holds the header of game {}", header.id)));
    }
    Ok(header)
}

/// The post stored under `seq`, or why it cannot be trusted (unreadable, or another post's).
pub(crate) fn decode_post(seq: u64, bytes: &[u8]) -> Result<OwedPost, String> {
    let post: OwedPost = decode(bytes)?;
    if post.seq != seq {
        return Err(format!("its key holds post {}", post.seq));
    }
    Ok(post)
}

/// The profile stored under `id`'s key, or why it cannot be trusted (unreadable, or another
/// player's).
pub(crate) fn decode_profile(id: &PlayerId, bytes: &[u8]) -> Result<PlayerProfile, String> {
    let profile: PlayerProfile = decode(bytes)?;
    if profile.id != *id {
        return Err(format!("its key holds the profile of {:?}", profile.id));
    }
    Ok(profile)
}

/// The rating record stored under (`scope`, `kind`, `player`), or why it cannot be trusted
/// (unreadable, or another rating's).
pub(crate) fn decode_rating(
    scope: &Scope,
    kind: GameKind,
    player: &PlayerId,
    bytes: &[u8],
) -> Result<RatingRecord, String> {
    let r: RatingRecord = decode(bytes)?;
    if r.scope != *scope || r.kind != kind || r.player != *player {
        return Err(format!("its key holds the rating of {:?} in {:?}", r.player, r.scope));
    }
    Ok(r)
}
