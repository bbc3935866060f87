//! Games in sled: create, and load with the replay check.

use engine::AnyGame;
use sled::transaction::{abort, TransactionError, Transactional};

use super::indexes;
use super::outbox::OutboxTx;
use super::ratings::rating_key;
use super::SledStore;
use crate::error::{Problem, StoreError};
use crate::ids::{ChallengeId, GameId};
use crate::keys::{self, Key};
use crate::ratings::RatedResult;
use crate::records::{
    ActionRecord, Challenge, GameHeader, GameRecord, GameStatus, NewGame, PlayerProfile,
    RatingRecord, Version,
};
use crate::replay;
use crate::stored::codec::{decode, encode};
use crate::stored::{corrupt, decode_header};

/// The rating history counter as stored in `meta`: 0 when absent, `None` when unreadable
/// (see `SledStore::rated_seq`, which repairs it).
pub(super) fn read_seq(bytes: Option<sled::IVec>) -> Option<u64> {
    match bytes {
        None => Some(0),
        Some(b) => decode::<u64>(&b).ok(),
    }
}

impl SledStore {
    /// A counter in `meta` (0 when absent). An unreadable counter is first repaired to
    /// `highest()`, the highest number in use, so a number is never handed out twice.
    pub(super) fn counter(
        &self,
        key: &[u8],
        highest: &dyn Fn() -> Result<u64, StoreError>,
    ) -> Result<u64, StoreError> {
        loop {
            let stored = self.trees.meta.get(key)?;
            if let Some(seq) = read_seq(stored.clone()) {
                return Ok(seq);
            }
            // Only if still the same unreadable bytes; otherwise read again.
            let _ = self.trees.meta.compare_and_swap(key, stored, Some(encode(&highest()?)))?;
        }
    }

    pub(super) fn create_game_impl(&self, new: NewGame) -> Result<GameHeader, StoreError> {
        if new.seats.is_empty() {
            return Err(StoreError::Invalid("a game needs seats".into()));
        }
        if new.rated && new.seats.iter().any(|s| s.player().is_none()) {
            return Err(StoreError::Invalid("games against the AI are unrated".into()));
        }
        let game = AnyGame::from_position(new.kind, &new.initial_position)
            .map_err(|e| StoreError::Invalid(e.to_string()))?;
        if game.seat_count() != new.seats.len() {
            return Err(StoreError::Invalid(format!(
                "the position has {} seats but {} were given",
                game.seat_count(),
                new.seats.len()
            )));
        }
        let number = self.db.generate_id()?;
        let new_posts = new.posts;
        let header = GameHeader {
            id: GameId::from_number(number),
            version: Version(0),
            kind: new.kind,
            options: new.options,
            seed: new.seed,
            position: new.initial_position.clone(),
            initial_position: new.initial_position,
            action_count: 0,
            seats: new.seats,
            chat: new.chat,
            clock: new.clock,
            clock_state: new.clock_state,
            status: GameStatus::Active,
            rated: new.rated,
            rated_seq: None,
            created: new.created,
            updated: new.created,
        };
        let t = &self.trees;
        let trees = (
            &t.games,
            &t.by_chat,
            &t.by_player,
            &t.deadlines,
            &t.meta,
            &t.outbox,
            &t.outbox_due,
            &t.outbox_by_chat,
        );
        loop {
            let result = trees.transaction(
                |(games, by_chat, by_player, deadlines, meta, outbox, due, posts_by_chat)| {
                    let key = keys::game(number).into_bytes();
                    if games.get(&key)?.is_some() {
                        return abort(Some(StoreError::Invalid("game id already taken".into())));
                    }
                    let posts = OutboxTx { meta, outbox, due, by_chat: posts_by_chat };
                    if posts.add(&new_posts, header.created)?.is_none() {
                        return abort(None); // the outbox counter needs repair
                    }
                    games.insert(key, encode(&header))?;
                    indexes::add_game(by_chat, by_player, &header)?;
                    indexes::move_deadline(deadlines, number, None, header.clock_state.due_at())?;
                    Ok(())
                },
            );
            match result {
                Ok(()) => break,
                Err(TransactionError::Abort(Some(e))) => return Err(e),
                Err(TransactionError::Abort(None)) => self.outbox_seq().map(drop)?,
                Err(TransactionError::Storage(e)) => return Err(e.into()),
            }
        }
        self.make_durable()?;
        Ok(header)
    }

    pub(super) fn header_impl(&self, id: GameId) -> Result<Option<GameHeader>, StoreError> {
        match self.trees.games.get(keys::game(id.number()))? {
            None => Ok(None),
            Some(bytes) => decode_header(id, &bytes).map(Some),
        }
    }

    pub(super) fn game_impl(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        let Some(header) = self.header_impl(id)? else { return Ok(None) };
        // Actions are written before the header in one transaction and never change, so the
        // first `action_count` actions are complete even if a commit lands meanwhile.
        let start = keys::action(id.number(), 0);
        let end = keys::action(id.number(), header.action_count);
        let mut actions = Vec::with_capacity(header.action_count as usize);
        for entry in self.trees.actions.range(start..end) {
            let (_, value) = entry?;
            actions.push(decode::<ActionRecord>(&value).map_err(|e| corrupt(id, e))?);
        }
        replay::check(&header, &actions).map_err(|e| corrupt(id, e))?;
        Ok(Some(GameRecord { header, actions }))
    }

    pub(super) fn check_games_impl(&self) -> Result<Vec<Problem>, StoreError> {
        let mut problems = Vec::new();
        for key in self.trees.games.iter().keys() {
            let key = key?;
            let Some(number) = keys::trailing_u64(&key).filter(|_| key.len() == 8) else {
                problems
                    .push(Problem { game: None, reason: "a key that is not a game number".into() });
                continue;
            };
            match self.game_impl(GameId::from_number(number)) {
                Ok(_) => {}
                Err(StoreError::Corrupt(problem)) => problems.push(problem),
                Err(other) => return Err(other),
            }
        }
        self.check_other_records(&mut problems)?;
        self.check_posts(&mut problems)?;
        self.check_chats(&mut problems)?;
        Ok(problems)
    }

    /// Adds a problem for every unreadable or misplaced profile, challenge, rating and rating
    /// history entry (a recomputation skips an unreadable history entry: this reports it).
    fn check_other_records(&self, problems: &mut Vec<Problem>) -> Result<(), StoreError> {
        let t = &self.trees;
        let mut report = |reason: String| problems.push(Problem { game: None, reason });
        for entry in t.players.iter() {
            let (key, value) = entry?;
            match decode::<PlayerProfile>(&value) {
                Ok(p) if Key::new().player(&p.id).as_ref() == key.as_ref() => {}
                Ok(p) => report(format!("player profile: a key holds the profile of {:?}", p.id)),
                Err(e) => report(format!("player profile: {e}")),
            }
        }
        for entry in t.challenges.iter() {
            let (key, value) = entry?;
            let number = keys::trailing_u64(&key).unwrap_or(u64::MAX);
            match decode::<Challenge>(&value) {
                Ok(c) if c.id.number() == number && key.len() == 8 => {}
                Ok(c) => report(format!("challenge {}: its key holds another challenge", c.id)),
                Err(e) => report(format!("challenge {}: {e}", ChallengeId::from_number(number))),
            }
        }
        for entry in t.ratings.iter() {
            let (key, value) = entry?;
            match decode::<RatingRecord>(&value) {
                Ok(r) if rating_key(&r.scope, r.kind, &r.player) == key.as_ref() => {}
                Ok(r) => report(format!("rating: a key holds the rating of {:?}", r.player)),
                Err(e) => report(format!("rating: {e}")),
            }
        }
        for entry in t.rated_log.iter() {
            let (key, value) = entry?;
            if let Err(e) = decode::<RatedResult>(&value) {
                let seq = keys::trailing_u64(&key).unwrap_or(0);
                report(format!("rating history entry {seq}: {e}"));
            }
        }
        Ok(())
    }
}
