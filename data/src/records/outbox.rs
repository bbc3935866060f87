//! The outbox: posts owed to chats. A post is recorded in the same transaction as the change
//! that caused it, and stays owed until the delivery loop marks it delivered or drops it, so
//! nothing acknowledged is left unposted (`docs/store.md`, "The outbox").

use serde::{Deserialize, Serialize};

use super::identity::{ChatRef, Platform};
use super::time::Timestamp;

/// A post to make: what the bot asks the store to keep until it is delivered.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct NewPost {
    /// The platform whose delivery loop sends it.
    pub platform: Platform,
    /// The chat it goes to, if it is a chat post. Posts of one chat are handed out in sequence
    /// order (see [`crate::Store::claim_posts`]); `None` (for example a direct message whose
    /// target is in the body) is not ordered against other posts.
    pub chat: Option<ChatRef>,
    /// What to post, as JSON written by the bot. The store never reads it. Images are not in
    /// it: the bot draws them at send time from the stored game.
    pub body: String,
}

/// A post the store holds until it is delivered or dropped.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct OwedPost {
    /// Its sequence number: strictly increasing over the store's life (across restarts), so
    /// it orders the posts of a chat.
    pub seq: u64,
    /// The post.
    pub post: NewPost,
    /// When it was recorded.
    pub created: Timestamp,
    /// How many tries to deliver it have failed (the bot gives up after a bound). A claim
    /// alone does not count: a claimer that died, or a post held back behind an earlier post
    /// of its chat, has not tried it.
    pub attempts: u32,
    /// The earliest moment it may be claimed: when it was recorded, then the end of a claim's
    /// lease, or the moment [`crate::Store::post_retry`] set.
    pub next_try: Timestamp,
}
