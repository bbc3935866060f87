//! The sled trees (keyspaces) of the store. `docs/store.md` lists each key and value.

use sled::{Db, Tree};

/// Every tree the store uses, opened once.
#[derive(Clone, Debug)]
pub struct Trees {
    /// `schema` → version; `rated_seq` → the rating history counter; `outbox_seq` → the
    /// last post sequence number.
    pub meta: Tree,
    /// game number → [`crate::records::GameHeader`].
    pub games: Tree,
    /// game number ++ action index → [`crate::records::ActionRecord`].
    pub actions: Tree,
    /// chat ++ activity ++ game number → ().
    pub by_chat: Tree,
    /// player ++ activity ++ game number → ().
    pub by_player: Tree,
    /// deadline ++ game number → ().
    pub deadlines: Tree,
    /// player → [`crate::records::PlayerProfile`].
    pub players: Tree,
    /// next digest due ++ player → the player (the daily digest's index).
    pub digest_due: Tree,
    /// challenge number → [`crate::records::Challenge`].
    pub challenges: Tree,
    /// chat ++ challenge number → ().
    pub challenges_by_chat: Tree,
    /// expiry ++ challenge number → ().
    pub challenge_expiry: Tree,
    /// player ++ challenge number → () (challenger, invited by identity, seated).
    pub challenges_by_player: Tree,
    /// scope ++ game kind ++ player → [`crate::records::RatingRecord`].
    pub ratings: Tree,
    /// scope ++ game kind ++ descending rating ++ player → [`crate::records::RatingRecord`].
    pub leaderboard: Tree,
    /// scope ++ game kind ++ sequence → [`crate::ratings::RatedResult`].
    pub rated_log: Tree,
    /// chat → [`crate::records::ChatRecord`].
    pub chats: Tree,
    /// message owner → [`crate::records::MessageRef`] with its owner.
    pub message_refs: Tree,
    /// post sequence → [`crate::records::OwedPost`].
    pub outbox: Tree,
    /// platform ++ next try ++ post sequence → ().
    pub outbox_due: Tree,
    /// chat ++ post sequence → ().
    pub outbox_by_chat: Tree,
    /// chat ++ event name in lower case → [`crate::records::Tournament`].
    pub tournaments: Tree,
}

impl Trees {
    /// Opens (or creates) every tree of `db`.
    pub fn open(db: &Db) -> sled::Result<Trees> {
        Ok(Trees {
            meta: db.open_tree("meta")?,
            games: db.open_tree("games")?,
            actions: db.open_tree("actions")?,
            by_chat: db.open_tree("by_chat")?,
            by_player: db.open_tree("by_player")?,
            deadlines: db.open_tree("deadlines")?,
            players: db.open_tree("players")?,
            digest_due: db.open_tree("digest_due")?,
            challenges: db.open_tree("challenges")?,
            challenges_by_chat: db.open_tree("challenges_by_chat")?,
            challenge_expiry: db.open_tree("challenge_expiry")?,
            challenges_by_player: db.open_tree("challenges_by_player")?,
            ratings: db.open_tree("ratings")?,
            leaderboard: db.open_tree("leaderboard")?,
            rated_log: db.open_tree("rated_log")?,
            chats: db.open_tree("chats")?,
            message_refs: db.open_tree("message_refs")?,
            outbox: db.open_tree("outbox")?,
            outbox_due: db.open_tree("outbox_due")?,
            outbox_by_chat: db.open_tree("outbox_by_chat")?,
            tournaments: db.open_tree("tournaments")?,
        })
    }
}
