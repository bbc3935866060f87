//! The game-session seam: one game opened for a command or a scheduler tick, and the one way a
//! change reaches the store. Every change — a line of actions, a rewind, a clock change, a seat
//! leaving, an ending — is a [`Change`] committed by [`GameSession::commit`]: one versioned
//! commit (a line of several actions is stored all or none), with its announcement written into
//! the outbox in the same transaction, and whoever acts next woken: a player by the post, an AI
//! seat by the game's `wake` set to the commit's moment, so the scheduler's next tick plays it
//! (`ai_seat`).

use std::cell::OnceCell;

use data::{
    ActionRecord, ClockState, Commit, CommitError, GameHeader, GameId, GameStatus, PlayerId,
    Timestamp,
};
use engine::{AnyGame, PositionError, Seat};

use super::ai_seat::ai_work;
use super::announce::announce;
use super::find::{resolve, Pick};
use super::outbox::Announcement;
use super::reminders::with_players_reminders;
use super::seating::{holder, leavers, seats_of, standings, who};
use super::vacation::turn_clock_start;
use super::weekends::with_weekend;
use crate::core::lang::Lang;
use crate::core::{Core, Ctx, Refusal, Reply};
use crate::tr;

/// One game, loaded: its header, the game in its current position, and (read when first
/// needed) its actions.
pub(crate) struct GameSession<'c> {
    core: &'c Core,
    /// The stored header, kept current by [`GameSession::commit`].
    pub header: GameHeader,
    /// The game in its current position.
    pub game: AnyGame,
    actions: OnceCell<Vec<ActionRecord>>,
}

/// What a change tells the chat once it is committed.
#[derive(Clone, Debug)]
pub(crate) enum Post {
    /// Nothing (a clock mark, a vacation shift).
    Quiet,
    /// These replies, as they are (a reminder).
    Say(Vec<Reply>),
    /// The position with `headline` above it, in `lang`; `actor` (who caused it) gets no
    /// "your turn" message about it.
    Announce {
        /// What happened, in words.
        headline: String,
        /// The language of the post.
        lang: Lang,
        /// Who caused the change.
        actor: Option<PlayerId>,
    },
}

/// One change to a game, committed as a whole.
#[derive(Clone, Debug)]
pub(crate) struct Change {
    /// Actions played (none for a decision of the table), stored all or none.
    pub actions: Vec<ActionRecord>,
    /// Actions taken back from the end first (undo, takeback).
    pub rewind: u64,
    /// The game after the change.
    pub after: AnyGame,
    /// The clock after the change.
    pub clock_state: ClockState,
    /// The status after the change.
    pub status: GameStatus,
    /// When it happens.
    pub at: Timestamp,
    /// What the chat is told.
    pub post: Post,
}

impl Change {
    /// Actions played (or none), leading to `after` with `clock_state` and `status`; quiet
    /// until [`Change::announced`].
    pub fn new(
        actions: Vec<ActionRecord>,
        after: AnyGame,
        clock_state: ClockState,
        status: GameStatus,
        at: Timestamp,
    ) -> Change {
        Change { actions, rewind: 0, after, clock_state, status, at, post: Post::Quiet }
    }

    /// A change of the clock alone (offers, reminders, vacations): the game stays as it is.
    pub fn clock(session: &GameSession, clock_state: ClockState, at: Timestamp) -> Change {
        Change {
            actions: Vec::new(),
            rewind: 0,
            after: session.game.clone(),
            clock_state,
            status: session.header.status.clone(),
            at,
            post: Post::Quiet,
        }
    }

    /// The same change, announced with `headline`.
    pub fn announced(mut self, headline: String, lang: Lang, actor: Option<&PlayerId>) -> Change {
        self.post = Post::Announce { headline, lang, actor: actor.cloned() };
        self
    }
}

impl<'c> GameSession<'c> {
    /// The game a command means (named, or the only candidate in this chat; see [`Pick`]).
    pub fn open(ctx: &Ctx<'c>, id: Option<GameId>, pick: Pick) -> Result<Self, Refusal> {
        let (header, game) = resolve(ctx, id, pick)?;
        Ok(GameSession { core: ctx.core, header, game, actions: OnceCell::new() })
    }

    /// A session over a header already read (the scheduler, vacations).
    pub fn from_header(core: &'c Core, header: GameHeader) -> Result<Self, PositionError> {
        let game = AnyGame::from_position(header.kind, &header.position)?;
        Ok(GameSession { core, header, game, actions: OnceCell::new() })
    }

    /// The game's id.
    pub fn id(&self) -> GameId {
        self.header.id
    }

    /// The core the session commits through.
    pub fn core(&self) -> &'c Core {
        self.core
    }

    /// Every action so far (read from the store the first time).
    pub fn actions(&self) -> Result<&[ActionRecord], CommitError> {
        if let Some(actions) = self.actions.get() {
            return Ok(actions);
        }
        let record = self.core.store().game(self.id())?.ok_or(CommitError::NotFound)?;
        Ok(self.actions.get_or_init(|| record.actions))
    }

    /// The seats that left the table (their `leave:` actions), in the order they left.
    pub fn leavers(&self) -> Result<Vec<Seat>, CommitError> {
        Ok(leavers(self.actions()?))
    }

    /// Who holds `seat` (`None` for an AI seat).
    pub fn holder(&self, seat: Seat) -> Option<&PlayerId> {
        holder(&self.header, seat)
    }

    /// The seats `player` holds.
    pub fn seats_of(&self, player: &PlayerId) -> Vec<Seat> {
        seats_of(&self.header, player)
    }

    /// A seat's name with its player: "Ann (Blue)".
    pub fn who(&self, seat: Seat, lang: Lang) -> String {
        who(&self.header, &self.game, seat, lang)
    }

    /// The game after its first `keep` actions (seats leaving included), replayed from the
    /// start.
    pub fn replayed(&self, keep: usize) -> Result<AnyGame, CommitError> {
        let invalid = |e: &dyn std::fmt::Display| CommitError::Invalid(e.to_string());
        let mut game = AnyGame::from_position(self.header.kind, &self.header.initial_position)
            .map_err(|e| invalid(&e))?;
        for a in self.actions()?.iter().take(keep) {
            // A seat that left the table is a record of the table, not a move (C5).
            match engine::parse_leave(&a.action) {
                Some((seat, reason)) => game.seat_leaves(seat, reason),
                None => drop(game.play(&a.action).map_err(|e| invalid(&e))?),
            }
        }
        Ok(game)
    }

    /// When the clock of `seat`'s turn starts if the turn passes to it at `now`: at the end of
    /// its player's vacation, if they are on one.
    pub fn turn_start(&self, seat: Seat, now: Timestamp) -> Timestamp {
        let store = self.core.store().as_ref();
        self.holder(seat).map_or(now, |p| turn_clock_start(store, p, now, &self.header.options))
    }

    /// The status of the game `after` a change: finished (with standings when seats have left
    /// a table of more than two) or still active.
    pub fn status_of(&self, after: &AnyGame) -> Result<GameStatus, CommitError> {
        Ok(match after.outcome() {
            Some(outcome) => {
                let seats = self.header.seats.len();
                let left = if seats > 2 { self.leavers()? } else { Vec::new() };
                let standings = standings(&outcome, seats, &left);
                GameStatus::Finished { outcome, standings }
            }
            None => GameStatus::Active,
        })
    }

    /// Commits `change` against the version this session read, with what it tells the chat
    /// written into the outbox in the same transaction (the delivery loop sends it). When an AI
    /// seat has work after it (its turn, a draw offer to answer), the game's `wake` is set to
    /// the change's moment: the scheduler does that work at its next tick, never inside this
    /// call. Returns what the command itself answers (nothing: the change's posts are owed and
    /// delivered). On any error nothing of `change` was written.
    pub fn commit(&mut self, change: Change) -> Result<Vec<Reply>, CommitError> {
        let mut after = self.header.clone();
        after.position = change.after.position();
        after.clock_state = change.clock_state.clone();
        after.status = change.status.clone();
        after.action_count = after.action_count - change.rewind + change.actions.len() as u64;
        after.updated = change.at;
        after.clock_state = with_weekend(
            self.core.store().as_ref(),
            &after.options,
            &after.seats,
            &change.after,
            after.clock_state,
        );
        after.clock_state = with_players_reminders(
            self.core.store().as_ref(),
            &after.seats,
            &change.after,
            after.clock_state,
            change.at,
        );
        if ai_work(&after, &change.after).is_some() {
            // Due at once: the scheduler's next tick does the AI's work, and if the process
            // stops first, it finds the game due after a restart.
            after.clock_state.wake = Some(change.at);
        }
        let posts = match &change.post {
            Post::Quiet => Vec::new(),
            Post::Say(replies) => replies
                .iter()
                .map(|reply| Announcement { reply: reply.clone(), board: None })
                .collect(),
            Post::Announce { headline, lang, actor } => {
                announce(self.core, *lang, &after, &change.after, headline, actor.as_ref())
            }
        };
        let commit = Commit {
            actions: change.actions,
            position: after.position.clone(),
            clock_state: after.clock_state.clone(),
            status: change.status,
            at: change.at,
            rewind: change.rewind,
            posts: posts.iter().map(Announcement::to_new_post).collect(),
        };
        after.version = self.core.store().commit_action(self.id(), self.header.version, &commit)?;
        // An AI search running in this game is moot now (its answer would be refused).
        self.core.searches().cancel(self.id());
        self.core.changed(self.id());
        self.header = after;
        self.game = change.after;
        if let Some(actions) = self.actions.get_mut() {
            actions.truncate(actions.len() - commit.rewind as usize);
            actions.extend(commit.actions);
        }
        if !self.header.status.is_active() {
            // Any end — a move, a timeout, a resignation, an adjudication: an event this game
            // belongs to scores it and may pair its next round (the scheduler's tick does the
            // same for a game in a thread, and after a restart).
            crate::core::tournament::game_ended(self.core, &self.header.chat, self.id(), change.at);
        }
        Ok(Vec::new())
    }

    /// The language of the table's posts that no command caused (an AI's turn): the first
    /// human player's.
    pub fn table_language(&self) -> Lang {
        self.header.players().next().map_or(Lang::En, |p| self.core.lang_of(p, None))
    }

    /// The game's history for a board image: the starting position and every action (`None`
    /// if it cannot be read; the image then marks nothing).
    pub fn history(&self) -> Option<(AnyGame, Vec<String>)> {
        let initial =
            AnyGame::from_position(self.header.kind, &self.header.initial_position).ok()?;
        let actions = self.actions().ok()?.iter().map(|a| a.action.clone()).collect();
        Some((initial, actions))
    }

    /// [`GameSession::commit`] for a command: a store refusal becomes a reply (see
    /// [`GameSession::run_for`]).
    pub fn commit_for(&mut self, ctx: &Ctx, change: Change) -> Result<Vec<Reply>, Refusal> {
        self.run_for(ctx, |s| s.commit(change))
    }

    /// Runs `step` (which commits through this session) for a command: a store refusal becomes
    /// a reply, and a game changed under the command's first commit lets the command run once
    /// more from a fresh read (nothing of it was written).
    pub fn run_for(
        &mut self,
        ctx: &Ctx,
        step: impl FnOnce(&mut Self) -> Result<Vec<Reply>, CommitError>,
    ) -> Result<Vec<Reply>, Refusal> {
        let id = self.id();
        match step(self) {
            Ok(replies) => {
                ctx.committed.set(ctx.committed.get() + 1);
                Ok(replies)
            }
            Err(CommitError::Changed { .. }) => {
                if ctx.committed.get() == 0 {
                    ctx.changed_first.set(true);
                }
                Err(Refusal(tr!(
                    ctx.lang,
                    "Game {id} changed while I was handling your command (someone acted first); nothing of yours was applied. Look at /board {id} and try again.",
                    "Партия {id} изменилась, пока я выполнял команду (кто-то успел раньше); ваше действие не применено. Посмотрите /board {id} и попробуйте снова."
                )))
            }
            Err(CommitError::Closed(_)) => Err(Refusal(tr!(
                ctx.lang,
                "Game {id} is over; nothing can be changed in it.",
                "Партия {id} окончена; в ней ничего нельзя изменить."
            ))),
            Err(e) => Err(ctx.failed(e)),
        }
    }
}
