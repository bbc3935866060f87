//! An AI seat's turn, played: an AI never plays inside the update that passed it the turn: a
//! commit after which an AI seat has work (`ai_seat`: its turn, or a draw offer to answer) sets
//! the clock's `wake` to that moment, so the game is due at once, and the scheduler's next tick
//! ([`crate::scheduler::tick`]) does the work — the human's command is acknowledged and its
//! board posted without waiting for the search. The service wakes its timer loop after every
//! handled update, so the tick comes within milliseconds; if the process stops first, the game
//! is still due after a restart and the AI moves then.
//!
//! The search runs in one process-wide worker pool (at most cores − 1 searches at once, the
//! rest queued), never on the thread that asked: [`AiWork::start`] queues it and
//! [`Pending::finish`] waits for the answer and commits it through the same seam as a human's
//! (`GameSession::commit`), so it is stored, timed and announced the same way. A tick starts
//! every due game's work before it waits for any, so several games' searches run side by side.
//! It is deterministic: the seed comes from the game's seed and its length. A commit to the
//! game while its search runs cancels the search, whose answer is then discarded
//! ([`super::searches`]).

use std::sync::mpsc::Receiver;
use std::sync::OnceLock;

use ai::{Cancel, WorkerPool};
use data::{ActionRecord, ClockState, CommitError, PlayerId, Timestamp};
use engine::Seat;

use super::ai_seat::AiWork;
use super::finish::{draw_voters, finish_by_table, TableEnd};
use super::session::{Change, GameSession, Post};
use crate::core::{worker_priority, Reply};
use crate::{clock, tr};

/// The process-wide AI worker pool (AI seats' turns, `/suggest`), its threads below the
/// players' in priority (`core::worker_priority`).
pub(crate) fn pool() -> &'static WorkerPool {
    static POOL: OnceLock<WorkerPool> = OnceLock::new();
    POOL.get_or_init(|| {
        let pool = WorkerPool::for_machine();
        worker_priority::lower(&pool, worker_priority::ai_turns(), "AI turns");
        pool
    })
}

/// What the pool found.
enum Answer {
    /// A whole turn, as notations.
    Turn(Vec<String>),
    /// Whether the seat agrees to the draw.
    Draw(bool),
}

/// An AI seat's work queued in the pool: the search runs there while the caller goes on.
pub(crate) struct Pending {
    work: AiWork,
    answer: Receiver<Answer>,
    /// The search's flag, raised when a commit to the game makes it moot.
    cancel: Cancel,
}

impl AiWork {
    /// Queues the search for this work in the game as `s` holds it, and returns at once.
    pub(crate) fn start(self, s: &GameSession) -> Pending {
        let game = s.game.clone();
        let cancel = s.core().searches().begin(s.id());
        let answer = match self {
            AiWork::Turn(_, strength) => {
                let h = &s.header;
                let seed = h.seed ^ h.action_count.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                let cancel = cancel.clone();
                pool().submit(move || Answer::Turn(ai::choose_turn(&game, strength, seed, &cancel)))
            }
            AiWork::Draw(seat) => {
                pool().submit(move || Answer::Draw(ai::accepts_draw(&game, seat)))
            }
        };
        Pending { work: self, answer, cancel }
    }
}

impl Pending {
    /// Waits for the pool's answer and commits it through `s` (read before the work was
    /// started) at `at`. If the game changed meanwhile (a resignation, a takeback), the search
    /// was cancelled, or the commit is refused by the version check: either way `Changed`,
    /// and nothing is written; the game is due again if an AI still has work in it.
    pub(crate) fn finish(
        self,
        s: &mut GameSession,
        at: Timestamp,
    ) -> Result<Vec<Reply>, CommitError> {
        let answer = self
            .answer
            .recv()
            .map_err(|_| CommitError::Invalid("the AI's search stopped".into()))?;
        s.core().searches().end(s.id());
        if self.cancel.is_cancelled() {
            return Err(CommitError::Changed { current: s.header.version });
        }
        match (self.work, answer) {
            (AiWork::Turn(seat, _), Answer::Turn(turn)) => {
                let change = turn_change(s, seat, turn, at)?;
                s.commit(change)
            }
            (AiWork::Draw(seat), Answer::Draw(agrees)) => answer_draw(s, seat, agrees, at),
            _ => Err(CommitError::Invalid("the AI answered other work".into())),
        }
    }
}

/// The AI's whole `turn` for `seat` at `at`, as a change announced like a human's.
fn turn_change(
    s: &GameSession,
    seat: Seat,
    turn: Vec<String>,
    at: Timestamp,
) -> Result<Change, CommitError> {
    if turn.is_empty() {
        return Err(CommitError::Invalid("the AI found no action".into()));
    }
    let h = &s.header;
    let mut after = s.game.clone();
    for action in &turn {
        after
            .play(action)
            .map_err(|e| CommitError::Invalid(format!("the AI chose {action}: {e}")))?;
    }
    let clock_state = match after.to_act() {
        Some(next) if next != seat => {
            clock::after_move(&h.clock, &h.clock_state, seat, at, next, s.turn_start(next, at))
        }
        _ => h.clock_state.clone(),
    };
    let status = s.status_of(&after)?;
    let lang = s.table_language();
    let line = turn.join(" ");
    let headline = tr!(lang, "{who} played {line}.", "{who}: {line}.", who = s.who(seat, lang));
    let actions =
        turn.into_iter().map(|action| ActionRecord { seat, by: None, action, at }).collect();
    Ok(Change::new(actions, after, clock_state, status, at).announced(headline, lang, None))
}

/// Commits the AI's answer to the draw offered: a refusal clears the offer (and says so); an
/// agreement is added to the others', and the game is drawn once every seat still playing
/// agrees.
fn answer_draw(
    s: &mut GameSession,
    seat: Seat,
    agrees: bool,
    at: Timestamp,
) -> Result<Vec<Reply>, CommitError> {
    let lang = s.table_language();
    let (gid, ai_name) = (s.id(), s.who(seat, lang));
    let state = s.header.clock_state.clone();
    let voters = draw_voters(s)?;
    // An AI seat that has left the table has no say: its silence must not hold the offer.
    let agrees = agrees || voters & (1 << seat.index()) == 0;
    let players: Vec<PlayerId> = s.header.players().cloned().collect();
    let say = |text: String| Post::Say(vec![Reply::chat(&s.header.chat, text).mention(players)]);
    if !agrees {
        let declined = clock::settle_wake(ClockState { draw_agreed: 0, ..state });
        let mut change = Change::clock(s, declined, at);
        change.post = say(tr!(
            lang,
            "{ai_name} declines the draw in game {gid}: the position is not level. Play on.",
            "{ai_name} отказывается от ничьей в партии {gid}: позиция не равная. Игра продолжается."
        ));
        return s.commit(change);
    }
    let agreed = state.draw_agreed | 1 << seat.index();
    if agreed & voters == voters {
        return finish_by_table(s, lang, TableEnd::Draw, at);
    }
    let mut change =
        Change::clock(s, clock::settle_wake(ClockState { draw_agreed: agreed, ..state }), at);
    change.post = say(tr!(
        lang,
        "{ai_name} agrees to a draw in game {gid}; waiting for the others.",
        "{ai_name} согласен на ничью в партии {gid}; ждём остальных."
    ));
    s.commit(change)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use data::{Activity, ChatRef, Platform, SledStore, StoreConfig};

    use super::*;
    use crate::core::table::ai_seat::ai_work;
    use crate::core::{ChatKind, Core, Event, Input};

    fn table() -> ChatRef {
        ChatRef { platform: Platform::Console, chat: "table".into(), community: None }
    }

    fn ann_says(core: &Core, text: &str, now: Timestamp) {
        core.handle(&Event {
            chat: table(),
            chat_kind: ChatKind::Group,
            user: "ann".into(),
            name: "ann".into(),
            language: None,
            is_admin: false,
            mentions: Vec::new(),
            username: None,
            unseen: Vec::new(),
            input: Input::Text(text.into()),
            now,
        });
    }

    #[test]
    fn a_resignation_while_the_ai_searches_cancels_the_search_and_its_turn_is_never_committed() {
        let dir = std::env::temp_dir().join(format!("tabletalk-ai-cancel-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let core = Core::new(Arc::new(SledStore::open(&StoreConfig::new(&dir)).unwrap()));
        let now = Timestamp(1_800_000_000_000);
        ann_says(&core, "/play gridi ai=hard", now);
        let id = core.store().games_in_chat(&table(), Activity::Active).unwrap()[0];
        let header = || core.store().game_header(id).unwrap().unwrap();
        let session = || GameSession::from_header(&core, header());
        let mut s = loop {
            let s = session().unwrap();
            if ai_work(&s.header, &s.game).is_some() {
                break s;
            }
            let action = s.game.legal_actions().remove(0);
            ann_says(&core, &format!("/move {id} {action}"), now);
        };
        let stored_before = core.store().game(id).unwrap().unwrap().actions.len();
        let pending = ai_work(&s.header, &s.game).unwrap().start(&s);
        ann_says(&core, &format!("/resign {id} confirm"), now);
        assert!(pending.cancel.is_cancelled(), "the resignation cancels the AI's search");
        let answered = pending.finish(&mut s, now);
        assert!(matches!(answered, Err(CommitError::Changed { .. })), "{:?}", answered.err());
        let record = core.store().game(id).unwrap().unwrap();
        assert!(!record.header.status.is_active(), "the game ended by the resignation");
        assert_eq!(record.actions.len(), stored_before, "the AI's turn was not committed");
        drop(core);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
