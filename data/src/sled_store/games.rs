//! Games in sled: create, load with replay, commit with compare-and-swap, void.

use engine::AnyGame;
use sled::transaction::{abort, TransactionError, Transactional};

use super::codec::{decode, encode};
use super::indexes;
use super::ratings::{plan_recompute, RatingTx};
use super::SledStore;
use crate::error::{CommitError, Problem, StoreError};
use crate::ids::GameId;
use crate::keys;
use crate::ratings::{self, RatedResult};
use crate::records::{
    ActionRecord, Commit, GameHeader, GameRecord, GameStatus, NewGame, Scope, Timestamp, Version,
};
use crate::replay;
use crate::schema::RATED_SEQ_KEY;

fn corrupt(id: GameId, reason: impl Into<String>) -> StoreError {
    StoreError::Corrupt(Problem { game: Some(id), reason: reason.into() })
}

/// The scopes a game's ratings count in: global, and its community if it has one.
fn scopes(header: &GameHeader) -> Vec<Scope> {
    std::iter::once(Scope::Global).chain(header.chat.scope()).collect()
}

fn read_seq(bytes: Option<sled::IVec>) -> u64 {
    bytes.and_then(|b| decode::<u64>(&b).ok()).unwrap_or(0)
}

/// Why a void transaction stopped.
enum VoidAbort {
    /// The game is gone.
    Missing,
    /// Ratings or the game changed since the recomputation was planned.
    Replan,
    /// A failure to report.
    Failed(StoreError),
}

impl SledStore {
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
        (&t.games, &t.by_chat, &t.by_player, &t.deadlines)
            .transaction(|(games, by_chat, by_player, deadlines)| {
                let key = keys::game(number).into_bytes();
                if games.get(&key)?.is_some() {
                    return abort(StoreError::Invalid("game id already taken".into()));
                }
                games.insert(key, encode(&header))?;
                indexes::add_game(by_chat, by_player, &header)?;
                indexes::move_deadline(deadlines, number, None, header.clock_state.due_at())?;
                Ok(())
            })
            .map_err(|e| match e {
                TransactionError::Abort(e) => e,
                TransactionError::Storage(e) => e.into(),
            })?;
        self.make_durable()?;
        Ok(header)
    }

    pub(super) fn header_impl(&self, id: GameId) -> Result<Option<GameHeader>, StoreError> {
        match self.trees.games.get(keys::game(id.number()))? {
            None => Ok(None),
            Some(bytes) => decode(&bytes).map(Some).map_err(|e| corrupt(id, e)),
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
        Ok(problems)
    }

    pub(super) fn commit_impl(
        &self,
        id: GameId,
        expected: Version,
        commit: &Commit,
    ) -> Result<Version, CommitError> {
        let t = &self.trees;
        let number = id.number();
        let key = keys::game(number).into_bytes();
        let trees = (
            &t.actions,
            &t.deadlines,
            &t.by_chat,
            &t.by_player,
            &t.ratings,
            &t.leaderboard,
            &t.rated_log,
            &t.meta,
            &t.games,
        );
        let result = trees.transaction(
            |(actions, deadlines, by_chat, by_player, ratings, board, log, meta, games)| {
                let Some(bytes) = games.get(&key)? else { return abort(CommitError::NotFound) };
                let mut header: GameHeader = match decode(&bytes) {
                    Ok(h) => h,
                    Err(e) => return abort(CommitError::Store(corrupt(id, e))),
                };
                if header.version != expected {
                    return abort(CommitError::Changed { current: header.version });
                }
                if !header.status.is_active() {
                    return abort(CommitError::Closed(header.status));
                }
                if let Some(action) = &commit.action {
                    if action.seat.index() >= header.seats.len() {
                        return abort(CommitError::Invalid(format!("no seat {}", action.seat)));
                    }
                    let action_key = keys::action(number, header.action_count).into_bytes();
                    actions.insert(action_key, encode(action))?;
                    header.action_count += 1;
                }
                let old_deadline = header.clock_state.due_at();
                header.position = commit.position.clone();
                header.clock_state = commit.clock_state.clone();
                header.status = commit.status.clone();
                header.updated = commit.at;
                header.version = header.version.next();
                let active = header.status.is_active();
                let new_deadline = if active { header.clock_state.due_at() } else { None };
                indexes::move_deadline(deadlines, number, old_deadline, new_deadline)?;
                if !active {
                    indexes::end_game(by_chat, by_player, &header)?;
                }
                if let GameStatus::Finished { outcome, standings } = &header.status {
                    if header.counts_for_ratings() {
                        let seq = read_seq(meta.get(RATED_SEQ_KEY)?) + 1;
                        meta.insert(RATED_SEQ_KEY, encode(&seq))?;
                        header.rated_seq = Some(seq);
                        let result = RatedResult {
                            game: id,
                            kind: header.kind,
                            players: header.players().cloned().collect(),
                            standings: ratings::standings(
                                outcome.winner(),
                                standings,
                                header.seats.len(),
                            ),
                            finished: commit.at,
                        };
                        let tx = RatingTx { ratings, board, log };
                        for scope in scopes(&header) {
                            tx.record(&scope, &result, seq)?;
                        }
                    }
                }
                games.insert(key.as_slice(), encode(&header))?;
                Ok(header.version)
            },
        );
        let version = result.map_err(|e| match e {
            TransactionError::Abort(e) => e,
            TransactionError::Storage(e) => e.into(),
        })?;
        self.make_durable()?;
        Ok(version)
    }

    pub(super) fn void_impl(&self, id: GameId, at: Timestamp) -> Result<(), StoreError> {
        let t = &self.trees;
        let number = id.number();
        let key = keys::game(number).into_bytes();
        loop {
            let seq_seen = read_seq(t.meta.get(RATED_SEQ_KEY)?);
            let header = self.header_impl(id)?.ok_or(StoreError::NotFound)?;
            if matches!(header.status, GameStatus::Voided { .. }) {
                return Ok(());
            }
            let plans = match header.rated_seq {
                Some(seq) => scopes(&header)
                    .iter()
                    .map(|scope| plan_recompute(&self.trees, scope, header.kind, seq))
                    .collect::<Result<Vec<_>, _>>()?,
                None => Vec::new(),
            };
            let trees = (
                &t.deadlines,
                &t.by_chat,
                &t.by_player,
                &t.ratings,
                &t.leaderboard,
                &t.rated_log,
                &t.meta,
                &t.games,
            );
            let result = trees.transaction(
                |(deadlines, by_chat, by_player, ratings, board, log, meta, games)| {
                    let Some(bytes) = games.get(&key)? else { return abort(VoidAbort::Missing) };
                    let Ok(mut now) = decode::<GameHeader>(&bytes) else {
                        return abort(VoidAbort::Failed(corrupt(id, "unreadable header")));
                    };
                    // Anything that touched ratings or this game meanwhile: plan again.
                    if read_seq(meta.get(RATED_SEQ_KEY)?) != seq_seen || now != header {
                        return abort(VoidAbort::Replan);
                    }
                    meta.insert(RATED_SEQ_KEY, encode(&(seq_seen + 1)))?;
                    if now.status.is_active() {
                        indexes::move_deadline(deadlines, number, now.clock_state.due_at(), None)?;
                        indexes::end_game(by_chat, by_player, &now)?;
                    }
                    let tx = RatingTx { ratings, board, log };
                    for plan in &plans {
                        tx.apply(plan)?;
                    }
                    now.status = GameStatus::Voided { outcome: now.status.outcome() };
                    now.version = now.version.next();
                    now.updated = at;
                    games.insert(key.as_slice(), encode(&now))?;
                    Ok(())
                },
            );
            match result {
                Ok(()) => break,
                Err(TransactionError::Abort(VoidAbort::Replan)) => continue,
                Err(TransactionError::Abort(VoidAbort::Missing)) => {
                    return Err(StoreError::NotFound)
                }
                Err(TransactionError::Abort(VoidAbort::Failed(e))) => return Err(e),
                Err(TransactionError::Storage(e)) => return Err(e.into()),
            }
        }
        self.make_durable()?;
        Ok(())
    }
}
