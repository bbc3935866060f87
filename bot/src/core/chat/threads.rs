//! A thread per game (`/config threads on`): when a game starts in a chat that asks for it, the
//! platform opens a thread (a Discord public thread, a Telegram forum topic) named after the game
//! and its players, and the game lives there — its chat is the thread, so its posts go there and
//! commands typed in the thread find it. The channel itself is told where the game went.
//!
//! Opening a thread is a platform call, so the platform adapter gives the core a
//! [`ThreadOpener`] at start; the core decides when to call it and what to name the thread.
//! It is called before the game is stored (the game's chat must be known when it is created):
//! if the process dies between the two, an empty thread is left and the command was never
//! acknowledged. A platform that cannot open the thread (permissions, a group that is not a
//! forum) leaves the game in the channel, with a note saying why.

use std::sync::Arc;

use data::{ChatRef, MessageRef, Platform, SeatHolder};
use engine::GameKind;

use crate::core::lang::{game_name, Lang};
use crate::core::Core;
use crate::tr;

/// Opens threads on a platform. Called from the core's blocking thread.
pub trait ThreadOpener: Send + Sync + std::fmt::Debug {
    /// Opens a thread named `name` under `parent`; its chat, or why not. The reason is logged,
    /// never shown to players: the note says in words what an administrator can do.
    fn open(&self, parent: &ChatRef, name: &str) -> Result<ChatRef, ThreadError>;

    /// Whether `parent` can have threads at all, as far as the platform knows: `false` for a
    /// Telegram group without topics (not a forum). Asked when `/config threads on` is set.
    fn can_open(&self, _parent: &ChatRef) -> bool {
        true
    }

    /// How a message on this platform points to `thread` so a reader can open it with one tap
    /// (a Discord channel mention `<#id>`, a Telegram topic link); `None` if it cannot.
    fn link(&self, _thread: &ChatRef) -> Option<String> {
        None
    }

    /// A link that opens the platform message `message` (a game's board) with one tap, for a
    /// text that names several (a daily digest); `None` if it cannot.
    fn message_link(&self, _message: &MessageRef) -> Option<String> {
        None
    }
}

/// `thread` as a link of its platform, if that platform's opener can give one.
pub(crate) fn thread_link(core: &Core, thread: &ChatRef) -> Option<String> {
    core.thread_opener(thread.platform)?.link(thread)
}

/// Why a platform opened no thread. The `Display` is the log line; players never read it (the
/// note a new game leaves says in words what an administrator can do).
#[derive(Debug, thiserror::Error)]
pub enum ThreadError {
    /// The chat is not one of this platform's, or not one that can hold threads.
    #[error("this chat cannot have threads")]
    NoThreadsHere,
    /// The platform answered and refused, with the reason it gave ("Missing Permissions").
    #[error("{0}")]
    Refused(String),
    /// The platform could not be reached or answered nonsense.
    #[error("transport failure: {0}")]
    Transport(String),
}

/// The openers the running platforms gave, by platform.
#[derive(Debug, Default)]
pub(crate) struct Openers(std::sync::RwLock<Vec<(Platform, Arc<dyn ThreadOpener>)>>);

impl Openers {
    pub(crate) fn set(&self, platform: Platform, opener: Arc<dyn ThreadOpener>) {
        let mut all = self.0.write().unwrap_or_else(|p| p.into_inner());
        all.retain(|(p, _)| *p != platform);
        all.push((platform, opener));
    }

    pub(crate) fn get(&self, platform: Platform) -> Option<Arc<dyn ThreadOpener>> {
        let all = self.0.read().unwrap_or_else(|p| p.into_inner());
        all.iter().find(|(p, _)| *p == platform).map(|(_, o)| o.clone())
    }
}

/// Where a new game lives: the chat it was made in, or its own thread there.
pub(crate) struct GameChat {
    /// The game's chat.
    pub chat: ChatRef,
    /// What to tell the chat the game was made in (the thread it went to, or why it did not).
    pub note: Option<String>,
}

/// Discord allows thread names of at most 100 characters; Telegram topic names 128.
const NAME_LIMIT: usize = 100;

/// The chat a game of `kind` between `seats` made in `chat` lives in. The thread's name and the
/// note are in the language of the first seat's player (the challenger, whose card it was).
pub(crate) fn game_chat(
    core: &Core,
    chat: &ChatRef,
    kind: GameKind,
    seats: &[SeatHolder],
) -> GameChat {
    let stays = GameChat { chat: chat.clone(), note: None };
    let wanted = core.store().chat(chat).ok().flatten().is_some_and(|r| r.threads);
    let Some(opener) = wanted.then(|| core.thread_opener(chat.platform)).flatten() else {
        return stays;
    };
    let first = seats.iter().find_map(SeatHolder::player);
    let lang = first.map_or(Lang::En, |p| core.lang_of(p, None));
    let name = thread_name(kind, seats, lang);
    match opener.open(chat, &name) {
        Ok(thread) => {
            let place = opener.link(&thread).map(|link| format!("\n{link}")).unwrap_or_default();
            GameChat {
                chat: thread,
                note: Some(tr!(
                    lang,
                    "The game is played in its thread “{name}”.{place}",
                    "Партия идёт в своей ветке «{name}».{place}"
                )),
            }
        }
        Err(why) => {
            tracing::warn!(chat = %chat.chat, "no thread for a new game: {why}");
            GameChat {
                note: Some(tr!(
                    lang,
                    "I could not open a thread for this game, so it is played here. An administrator can give me the right to create threads (on Telegram: to manage topics, in a group with topics), or turn them off with /config threads off.",
                    "Не удалось открыть ветку для партии, поэтому она идёт здесь. Администратор может дать мне право создавать ветки (в Telegram — управлять темами, в группе с темами) или отключить их: /config threads off."
                )),
                ..stays
            }
        }
    }
}

/// "Gridi: Alice vs Bob", cut to what platforms allow.
fn thread_name(kind: GameKind, seats: &[SeatHolder], lang: Lang) -> String {
    let names: Vec<&str> = seats
        .iter()
        .map(|s| match s {
            SeatHolder::Player { name, .. } | SeatHolder::Ai { name, .. } => name.as_str(),
        })
        .collect();
    let vs = tr!(lang, " vs ", " — ");
    let name = format!("{}: {}", game_name(kind, lang), names.join(&vs));
    name.chars().take(NAME_LIMIT).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use data::PlayerId;

    fn player(name: &str) -> SeatHolder {
        let id = PlayerId { platform: Platform::Discord, user: name.into() };
        SeatHolder::Player { id, name: name.into() }
    }

    #[test]
    fn a_thread_is_named_after_the_game_and_its_players_within_the_platform_limit() {
        let seats = [player("Alice"), player("Bob")];
        assert_eq!(thread_name(GameKind::Gridi, &seats, Lang::En), "Gridi: Alice vs Bob");
        let long = [player(&"A".repeat(80)), player(&"B".repeat(80))];
        assert_eq!(thread_name(GameKind::Gridi, &long, Lang::En).chars().count(), NAME_LIMIT);
    }
}
