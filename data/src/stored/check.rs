//! The start-up check's verdict on one stored record that is not a game, for every backend:
//! `None` if it can be trusted, otherwise the [`Problem`] to list. A backend walks its records
//! and asks here, so both list a misplaced or unreadable record in the same words.

use crate::error::Problem;
use crate::ids::ChallengeId;
use crate::keys::Key;
use crate::ratings::RatedResult;
use crate::records::{Challenge, PlayerProfile, RatingRecord};
use crate::stored::codec::decode;
use crate::stored::{decode_chat, decode_post, decode_ref, record_problem};

/// A profile stored under player key `key`.
pub(crate) fn profile_problem(key: &[u8], bytes: &[u8]) -> Option<Problem> {
    let what = "player profile";
    match decode::<PlayerProfile>(bytes) {
        Ok(p) if Key::new().player(&p.id).as_ref() == key => None,
        Ok(p) => Some(record_problem(what, format_args!("a key holds the profile of {:?}", p.id))),
        Err(e) => Some(record_problem(what, e)),
    }
}

/// A challenge stored under challenge `number` (`key_fits`: the key is exactly that number).
pub(crate) fn challenge_problem(number: u64, key_fits: bool, bytes: &[u8]) -> Option<Problem> {
    match decode::<Challenge>(bytes) {
        Ok(c) if c.id.number() == number && key_fits => None,
        Ok(c) => Some(record_problem(
            format_args!("challenge {}", c.id),
            "its key holds another challenge",
        )),
        Err(e) => {
            Some(record_problem(format_args!("challenge {}", ChallengeId::from_number(number)), e))
        }
    }
}

/// A rating stored under a key that `fits` says whether it is this rating's.
pub(crate) fn rating_problem(
    bytes: &[u8],
    fits: impl FnOnce(&RatingRecord) -> bool,
) -> Option<Problem> {
    match decode::<RatingRecord>(bytes) {
        Ok(r) if fits(&r) => None,
        Ok(r) => {
            Some(record_problem("rating", format_args!("a key holds the rating of {:?}", r.player)))
        }
        Err(e) => Some(record_problem("rating", e)),
    }
}

/// Entry `seq` of the rating history (a recomputation skips an unreadable one: this reports it).
pub(crate) fn history_problem(seq: u64, bytes: &[u8]) -> Option<Problem> {
    let e = decode::<RatedResult>(bytes).err()?;
    Some(record_problem(format_args!("rating history entry {seq}"), e))
}

/// A chat's settings stored under chat key `key`.
pub(crate) fn chat_problem(key: &[u8], bytes: &[u8]) -> Option<Problem> {
    decode_chat(key, bytes).err().map(|e| record_problem("chat", e))
}

/// A message reference stored under owner key `key`.
pub(crate) fn ref_problem(key: &[u8], bytes: &[u8]) -> Option<Problem> {
    decode_ref(key, bytes).err().map(|e| record_problem("message reference", e))
}

/// Owed post `seq`.
pub(crate) fn post_problem(seq: u64, bytes: &[u8]) -> Option<Problem> {
    decode_post(seq, bytes).err().map(|e| record_problem(format_args!("owed post {seq}"), e))
}
