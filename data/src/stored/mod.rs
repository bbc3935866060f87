//! Records and rules as both backends keep them: JSON bytes (`codec`); the checks that a record
//! read under a key is that key's record (`decode`; a misplaced or unreadable record is reported
//! as corrupt, never trusted, in the words of `problem` and, at start-up, `check`); and every
//! rule a write must follow — a new game (`new_game`), a commit or a void (`commit`), a
//! challenge update (`challenge`), an owed post (`outbox`), a claim's lease (`lease`), when the
//! clock next wants a game (`due`), an event's key and swap (`tournament`), the digest's index and a profile's swap (`digest`). sled and PostgreSQL
//! only read and write through these, so both accept, refuse and report exactly alike.

pub(crate) mod challenge;
pub(crate) mod check;
pub(crate) mod codec;
pub(crate) mod commit;
mod decode;
pub(crate) mod digest;
pub(crate) mod due;
pub(crate) mod lease;
pub(crate) mod new_game;
pub(crate) mod outbox;
mod problem;
pub(crate) mod tournament;

pub(crate) use commit::scopes;
pub(crate) use decode::{
    decode_challenge, decode_chat, decode_header, decode_post, decode_profile, decode_rating,
    decode_ref, owner_key, StoredRef,
};
pub(crate) use problem::{corrupt, corrupt_record, record_problem, unreadable};
