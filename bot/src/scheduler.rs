//! The clock scheduler: finds due games through the store's deadline index (which holds the
//! earlier of each game's deadline and next reminder, so nothing is scanned), sends reminders,
//! ends games on timeout, and removes lapsed challenges. It keeps no state of its own: after a
//! restart the same index gives the same answers, because deadlines and reminder times are
//! computed from stored timestamps. Every action is a versioned commit, so a deadline is acted
//! on once even if two ticks race: the loser gets `Changed` and sends nothing.
//!
//! Players' daily digests are sent on the tick their moment comes (`core::digest`), found by
//! the store's digest index as games are by the deadline index.
//!
//! Events (tournaments) are brought up to date on every tick: a scheduled start, and a round
//! left unpaired by a restart (`core::tournament`).
//!
//! AI seats play here too: a commit after which an AI seat has work sets the game's wake to
//! that moment (`core::table::ai_seat`), so the game is due at once. A tick first queues the searches
//! of every due AI game in the AI's worker pool, acts on the other due games while they run,
//! and then commits each AI answer as it is found.

use data::{ClockState, GameHeader, Timestamp};

use crate::clock::{self, Due, REMIND_24H};
use crate::core::table::ai_seat::ai_work;
use crate::core::table::ai_turn::Pending;
use crate::core::table::auto_vacation::instead_of_timeout;
use crate::core::table::finish::finish_by_table;
use crate::core::table::session::{Change, GameSession, Post};
use crate::core::{cmd_expire, lang::duration, Core, Lang, Reply, TableEnd};
use crate::tr;

/// Where the scheduler's replies go (the adapters, the console, a test's list).
pub trait Sink {
    /// Sends the replies.
    fn send(&mut self, replies: Vec<Reply>);
}

impl Sink for Vec<Reply> {
    fn send(&mut self, replies: Vec<Reply>) {
        self.extend(replies);
    }
}

/// Acts on everything due at `now` and hands the replies to `sink`.
pub fn run_due(core: &Core, now: Timestamp, sink: &mut dyn Sink) {
    sink.send(tick(core, now));
}

/// How long a tick's claim on a due game lasts (`Store::claim_due_games`): longer than
/// handling one game takes, AI turn included (at most 2 s of search, and waiting in the
/// pool's queue behind the other due AI games of the same tick). A process that dies holding claims delays those
/// games by at most this much.
pub const DUE_CLAIM_MS: u64 = 120_000;

/// The most due games one tick claims; the rest stay due, so the next tick comes at once.
pub const DUE_PER_TICK: usize = 256;

/// Everything due at `now`: lapsed challenges, reminders, timeouts and AI seats' work (one
/// turn or one draw answer per game and tick; a table of several AI seats is due again at
/// once after each). Returns the replies. The due games are claimed first, so processes
/// sharing a store do not all work on the same game (each action is a versioned commit
/// anyway: one of them would get `Changed`). Blocks while the AI's searches run in its pool:
/// call it off the async runtime.
pub fn tick(core: &Core, now: Timestamp) -> Vec<Reply> {
    tick_then(core, now, &mut || {})
}

/// [`tick`], calling `answered` after each AI answer is committed (the service delivers its
/// post then, before the tick's other searches finish).
pub fn tick_then(core: &Core, now: Timestamp, answered: &mut dyn FnMut()) -> Vec<Reply> {
    let mut replies = cmd_expire(core, now);
    crate::core::tournament::run_due(core, now);
    crate::core::digest::run_due(core, now);
    let Ok(due) = core.store().claim_due_games(now, DUE_CLAIM_MS, DUE_PER_TICK) else {
        return replies;
    };
    let mut searching = Vec::new();
    for (_, id) in due {
        if let Ok(Some(h)) = core.store().game_header(id) {
            match handle(core, h, now) {
                Handled::Done(said) => replies.extend(said),
                Handled::Searching(session, pending) => searching.push((session, pending)),
            }
        }
    }
    for (mut session, pending) in searching {
        let id = session.id();
        match pending.finish(&mut session, now) {
            Ok(said) => {
                replies.extend(said);
                answered();
            }
            // Changed under the search (a resignation, a takeback): the game is due again if
            // an AI still has work in it.
            Err(e) => tracing::warn!(game = %id, "an AI seat's work was not committed: {e}"),
        }
    }
    replies
}

/// Whether the scheduler has something due at `now` (for the console, which ticks again
/// while a table of AI seats plays on).
pub fn has_due(core: &Core, now: Timestamp) -> bool {
    next_wake(core).is_some_and(|at| at <= now)
}

/// When the scheduler next has something to do (for an adapter to sleep until): a game's
/// deadline, reminder or AI turn, a player's daily digest, or an event's set start.
pub fn next_wake(core: &Core) -> Option<Timestamp> {
    let game = core.store().next_deadline().ok().flatten().map(|(at, _)| at);
    let digest = core.store().next_digest_due().ok().flatten();
    let event = crate::core::tournament::next_start(core);
    game.into_iter().chain(digest).chain(event).min()
}

/// What a due game came to in a tick.
enum Handled<'c> {
    /// Acted on; these replies.
    Done(Vec<Reply>),
    /// An AI seat's search is running in the pool; its answer is committed through the session.
    Searching(Box<GameSession<'c>>, Pending),
}

/// Acts on one due game, or starts an AI seat's work in it.
fn handle(core: &Core, h: GameHeader, now: Timestamp) -> Handled<'_> {
    let nothing = || Handled::Done(Vec::new());
    if !h.status.is_active() {
        return nothing();
    }
    let Ok(mut session) = GameSession::from_header(core, h) else { return nothing() };
    if let Some(work) = ai_work(&session.header, &session.game) {
        // The AI's turn (passed to it by a commit, or left when the process stopped), or its
        // answer to a draw offer.
        let pending = work.start(&session);
        return Handled::Searching(Box::new(session), pending);
    }
    let Some(seat) = session.game.to_act() else { return nothing() };
    let player = session.holder(seat).cloned();
    let lang = player.as_ref().map_or(Lang::En, |p| core.lang_of(p, None));
    let state = session.header.clock_state.clone();
    Handled::Done(match clock::due(&state, now) {
        Due::Nothing => Vec::new(),
        Due::Timeout => match instead_of_timeout(&mut session, seat, now) {
            Some(extended) => extended.unwrap_or_default(),
            None => finish_by_table(&mut session, lang, TableEnd::Timeout(seat), now)
                .unwrap_or_default(),
        },
        Due::Remind(bits) => {
            let said = reminder(core, &session.header, &state, bits, now, lang, player);
            let mut marked = Change::clock(&session, clock::mark_reminders(&state, bits), now);
            marked.post = Post::Say(said);
            session.commit(marked).unwrap_or_default()
        }
    })
}

fn reminder(
    core: &Core,
    h: &GameHeader,
    state: &ClockState,
    bits: u8,
    now: Timestamp,
    lang: Lang,
    player: Option<data::PlayerId>,
) -> Vec<Reply> {
    let Some(player) = player else { return Vec::new() };
    let left = duration(state.deadline.map_or(0, |d| d.0.saturating_sub(now.0)), lang);
    let id = h.id;
    let name = h
        .seats
        .iter()
        .find(|s| s.player() == Some(&player))
        .map(|s| match s {
            data::SeatHolder::Player { name, .. } | data::SeatHolder::Ai { name, .. } => {
                name.clone()
            }
        })
        .unwrap_or_default();
    let text = if state.remind_before_ms.is_some() {
        // The player's own reminders say only the time left.
        tr!(
            lang,
            "Reminder: {name}, {left} left for your turn in game {id}. /board {id}",
            "Напоминание: {name}, на ход в партии {id} осталось {left}. /board {id}"
        )
    } else {
        let which = if bits & REMIND_24H != 0 && bits == REMIND_24H {
            tr!(lang, "a day", "сутки")
        } else {
            tr!(lang, "a tenth of your time", "десятая часть времени")
        };
        tr!(
            lang,
            "Reminder: {name}, {left} left for your turn in game {id} ({which} remains). /board {id}",
            "Напоминание: {name}, на ход в партии {id} осталось {left} ({which}). /board {id}"
        )
    };
    let mut replies = vec![Reply::chat(&h.chat, text.clone()).mention([player.clone()])];
    let wants =
        core.store().player(&player).ok().flatten().is_some_and(|p| p.notifications.clock_warning);
    if wants {
        replies.push(Reply::user(&player, text));
    }
    replies
}
