//! Copying a whole store from one backend to another (`tabletalk store copy`): sled to
//! PostgreSQL when a bot grows to several processes, and back. Every record goes over as it
//! is (same ids, versions, sequence numbers and counters), into an empty target, and the copy
//! is verified: every game is replayed on the target and every record compared.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use serde::Serialize;

use crate::error::StoreError;
use crate::ids::GameId;
use crate::ratings::RatedResult;
use crate::records::{
    ActionRecord, Challenge, ChatRecord, GameHeader, MessageOwner, MessageRef, OwedPost,
    PlayerProfile, RatingRecord, Scope, Tournament,
};
use crate::store::Store;

/// One record of a store, in a form every backend reads and writes.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub enum Item {
    /// The counters: the next game or challenge number, the last rating history sequence,
    /// the last post sequence.
    Counters {
        /// The next number a game or challenge gets.
        next_id: u64,
        /// The rating history counter.
        rated_seq: u64,
        /// The outbox counter.
        outbox_seq: u64,
    },
    /// A game with every action.
    Game {
        /// Its header.
        header: GameHeader,
        /// Its actions, in order.
        actions: Vec<ActionRecord>,
    },
    /// A profile.
    Player(PlayerProfile),
    /// A challenge.
    Challenge(Challenge),
    /// A chat's settings.
    Chat(ChatRecord),
    /// A remembered platform message.
    MessageRef(MessageOwner, MessageRef),
    /// A rating.
    Rating(RatingRecord),
    /// An entry of the rating history.
    History {
        /// Its scope.
        scope: Scope,
        /// Its sequence number.
        seq: u64,
        /// The result.
        result: RatedResult,
    },
    /// An owed post.
    Post(OwedPost),
    /// An event (tournament).
    Tournament(Tournament),
}

/// A store that can be copied whole.
pub trait Portable: Store {
    /// Hands every record to `out`, the counters first. Fails on a record that cannot be
    /// read (`check_games` lists them: repair or remove them first).
    fn export(&self, out: &mut dyn FnMut(Item) -> Result<(), StoreError>)
        -> Result<(), StoreError>;

    /// Writes one record as it is, with its index entries. For an empty store being filled by
    /// a copy; nothing is checked.
    fn import(&self, item: Item) -> Result<(), StoreError>;

    /// Makes every imported record durable (imports may write without flushing each one).
    fn finish_import(&self) -> Result<(), StoreError>;

    /// Whether the store holds nothing (no game, player, challenge, chat, rating, post or event).
    fn is_empty(&self) -> Result<bool, StoreError>;
}

/// What a copy did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CopyReport {
    /// Games copied (and replayed on the target).
    pub games: u64,
    /// Other records copied.
    pub records: u64,
}

/// A fingerprint of an item, for comparing two stores without holding either in memory.
fn fingerprint(item: &Item) -> u64 {
    let mut h = DefaultHasher::new();
    serde_json::to_vec(item).expect("items serialise").hash(&mut h);
    h.finish()
}

/// The fingerprints of every item of `store`, sorted, and its game ids.
fn inventory(store: &dyn Portable) -> Result<(Vec<u64>, Vec<GameId>), StoreError> {
    let (mut prints, mut games) = (Vec::new(), Vec::new());
    store.export(&mut |item| {
        if let Item::Game { header, .. } = &item {
            games.push(header.id);
        }
        prints.push(fingerprint(&item));
        Ok(())
    })?;
    prints.sort_unstable();
    Ok((prints, games))
}

/// Copies everything in `from` into `to`, which must be empty, then verifies the copy: every
/// game is loaded from the target (which replays it) and equals the source's, and the target
/// holds exactly the source's records.
pub fn copy(from: &dyn Portable, to: &dyn Portable) -> Result<CopyReport, StoreError> {
    if !to.is_empty()? {
        return Err(StoreError::Invalid(
            "the target store is not empty: copy into a new database or directory".into(),
        ));
    }
    let problems = from.check_games()?;
    if !problems.is_empty() {
        let listed: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        return Err(StoreError::Invalid(format!(
            "the source has records that cannot be trusted; repair or remove them first: {}",
            listed.join("; ")
        )));
    }
    let mut report = CopyReport::default();
    from.export(&mut |item| {
        match &item {
            Item::Game { .. } => report.games += 1,
            Item::Counters { .. } => {}
            _ => report.records += 1,
        }
        to.import(item)
    })?;
    to.finish_import()?;
    let (source, games) = inventory(from)?;
    let (target, _) = inventory(to)?;
    if source != target {
        return Err(StoreError::Backend(format!(
            "the copy differs from the source ({} records there, {} here)",
            source.len(),
            target.len()
        )));
    }
    for id in games {
        let there = from.game(id)?;
        let here = to.game(id)?;
        if here.is_none() || here != there {
            return Err(StoreError::Backend(format!("game {id} did not copy intact")));
        }
    }
    Ok(report)
}
