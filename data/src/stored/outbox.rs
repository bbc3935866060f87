//! The rules of the outbox, for every backend: what a post owed to a chat looks like when it
//! is recorded, and what a retry or a postponement does to it
//! (`docs/store.md`, "The outbox"). A backend only numbers, indexes and writes posts.

use crate::records::{NewPost, OwedPost, Timestamp};

/// `post` as the outbox records it under `seq` at `at`: due at once, no failed tries.
pub(crate) fn owed(seq: u64, post: &NewPost, at: Timestamp) -> OwedPost {
    OwedPost { seq, post: post.clone(), created: at, attempts: 0, next_try: at }
}

/// Makes `post` claimable again from `at`: one failed try more if `failed` (a retry), the
/// same count if not (a postponement behind an earlier post of its chat).
pub(crate) fn reschedule(post: &mut OwedPost, at: Timestamp, failed: bool) {
    post.next_try = at;
    post.attempts = post.attempts.saturating_add(u32::from(failed));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::Platform;

    #[test]
    fn a_retry_counts_a_failed_try_and_a_postponement_does_not() {
        let new = NewPost { platform: Platform::Discord, chat: None, body: "{}".into() };
        let mut post = owed(4, &new, Timestamp(10));
        assert_eq!((post.attempts, post.next_try, post.created), (0, Timestamp(10), Timestamp(10)));
        reschedule(&mut post, Timestamp(50), true);
        assert_eq!((post.attempts, post.next_try), (1, Timestamp(50)));
        reschedule(&mut post, Timestamp(60), false);
        assert_eq!((post.attempts, post.next_try, post.created), (1, Timestamp(60), Timestamp(10)));
    }
}
