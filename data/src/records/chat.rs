//! Chats: their settings, and the platform messages the bot may edit later.

use serde::{Deserialize, Serialize};

use super::identity::ChatRef;
use crate::ids::{ChallengeId, GameId};

/// A chat's settings (`/config`), one record per chat.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct ChatRecord {
    /// The chat (the key is its platform and chat id; the community is kept as given).
    pub chat: ChatRef,
    /// The default clock of new challenges as `/config` wrote it (`3d`, `7d+1d<=10d`); the
    /// bot parses it. `None`: the bot's default.
    #[serde(default)]
    pub default_clock: Option<String>,
    /// Whether board images are posted into the chat after every move.
    #[serde(default = "yes")]
    pub boards: bool,
    /// The chat's language (`en`, `ru`), if set; `None`: each player's own.
    #[serde(default)]
    pub language: Option<String>,
    /// Whether each game gets its own platform thread or topic.
    #[serde(default)]
    pub threads: bool,
    /// The platform thread or topic where games are posted, if one is set.
    #[serde(default)]
    pub topic: Option<String>,
}

const fn yes() -> bool {
    true
}

impl ChatRecord {
    /// The settings of a chat nobody has configured: boards on, everything else unset.
    pub fn new(chat: ChatRef) -> ChatRecord {
        ChatRecord {
            chat,
            default_clock: None,
            boards: true,
            language: None,
            threads: false,
            topic: None,
        }
    }
}

/// What a platform message belongs to, so the bot can find it again to edit it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MessageOwner {
    /// A challenge's card (its buttons are removed once it is answered).
    Challenge(ChallengeId),
    /// The last board posted for a game.
    Board(GameId),
    /// A message of a browsing session over a game's history: the game and a number the bot
    /// chooses (the session, or the reader's message).
    Browse(GameId, u64),
    /// A card of a game's table that is answered later (a draw offer, a takeback request, a
    /// resignation's confirmation): the game and which card, a number the bot chooses. Its
    /// buttons are removed once it is answered, by a press or by a typed command.
    Card(GameId, u64),
}

/// A platform message: where it is and its id on the platform.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct MessageRef {
    /// The chat it was posted in.
    pub chat: ChatRef,
    /// The platform's message id, as text.
    pub message: String,
    /// The platform thread or topic it is in, if any.
    #[serde(default)]
    pub thread: Option<String>,
}
