//! Games in sled: create, and load with the replay check.

use sled::transaction::{
    abort, TransactionError, Transactional, TransactionalTree, UnabortableTransactionError,
};

use super::indexes;
use super::outbox::OutboxTx;
use super::ratings::rating_key;
use super::SledStore;
use crate::error::{Problem, StoreError};
use crate::ids::GameId;
use crate::keys;
use crate::records::{ActionRecord, GameHeader, GameRecord, NewGame, RatingRecord};
use crate::replay;
use crate::stored::check::{challenge_problem, history_problem, profile_problem, rating_problem};
use crate::stored::codec::{decode, encode};
use crate::stored::new_game::{check_new_game, new_header};
use crate::stored::{corrupt, decode_header};

/// Game `id`'s header read inside a transaction over the `games` tree: `None` if there is no
/// such game, `Some(Err)` if its record cannot be trusted.
pub(super) fn header_in(
    games: &TransactionalTree,
    id: GameId,
) -> Result<Option<Result<GameHeader, StoreError>>, UnabortableTransactionError> {
    Ok(games.get(keys::game(id.number()))?.map(|bytes| decode_header(id, &bytes)))
}

impl SledStore {
    pub(super) fn create_game_impl(&self, new: NewGame) -> Result<GameHeader, StoreError> {
        check_new_game(&new)?;
        let number = match new.id {
            Some(id) => id.number(),
            None => self.db.generate_id()?,
        };
        let header = new_header(GameId::from_number(number), &new);
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
                    if posts.add(&new.posts, header.created)?.is_none() {
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
        self.check_tournaments(&mut problems)?;
        Ok(problems)
    }

    /// Adds a problem for every unreadable or misplaced profile, challenge, rating and rating
    /// history entry.
    fn check_other_records(&self, problems: &mut Vec<Problem>) -> Result<(), StoreError> {
        let t = &self.trees;
        for entry in t.players.iter() {
            let (key, value) = entry?;
            problems.extend(profile_problem(&key, &value));
        }
        for entry in t.challenges.iter() {
            let (key, value) = entry?;
            let number = keys::trailing_u64(&key).unwrap_or(u64::MAX);
            problems.extend(challenge_problem(number, key.len() == 8, &value));
        }
        for entry in t.ratings.iter() {
            let (key, value) = entry?;
            let fits = |r: &RatingRecord| rating_key(&r.scope, r.kind, &r.player) == key.as_ref();
            problems.extend(rating_problem(&value, fits));
        }
        for entry in t.rated_log.iter() {
            let (key, value) = entry?;
            problems.extend(history_problem(keys::trailing_u64(&key).unwrap_or(0), &value));
        }
        Ok(())
    }
}
