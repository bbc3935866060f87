//! Key encodings. Keys are byte strings whose order is the order scans need: numbers are
//! big-endian, text is length-prefixed (so one key can never be a prefix-collision of another),
//! and ratings are mapped to bytes that sort from best to worst.

use engine::GameKind;

use crate::records::{ChatRef, PlayerId, Scope, Timestamp};

/// Whether a game is still being played, in the per-chat and per-player indexes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Activity {
    /// Being played.
    Active,
    /// Over: finished, aborted or voided.
    Ended,
}

impl Activity {
    const fn tag(self) -> u8 {
        match self {
            Activity::Active => b'a',
            Activity::Ended => b'e',
        }
    }
}

/// A key under construction.
#[derive(Clone, Default, Debug)]
pub struct Key(Vec<u8>);

impl Key {
    /// An empty key.
    pub fn new() -> Key {
        Key(Vec::with_capacity(32))
    }

    /// Appends a big-endian number.
    pub fn u64(mut self, n: u64) -> Key {
        self.0.extend_from_slice(&n.to_be_bytes());
        self
    }

    /// Appends one tag byte.
    pub fn tag(mut self, tag: u8) -> Key {
        self.0.push(tag);
        self
    }

    /// Appends length-prefixed text.
    pub fn text(mut self, text: &str) -> Key {
        self.0.extend_from_slice(&(text.len() as u32).to_be_bytes());
        self.0.extend_from_slice(text.as_bytes());
        self
    }

    /// Appends a player identity.
    pub fn player(self, id: &PlayerId) -> Key {
        self.tag(id.platform.tag()).text(&id.user)
    }

    /// Appends a chat.
    pub fn chat(self, chat: &ChatRef) -> Key {
        self.tag(chat.platform.tag()).text(&chat.chat)
    }

    /// Appends a rating scope.
    pub fn scope(self, scope: &Scope) -> Key {
        match scope {
            Scope::Global => self.tag(b'g'),
            Scope::DiscordServer(id) => self.tag(b'd').text(id),
            Scope::TelegramGroup(id) => self.tag(b't').text(id),
        }
    }

    /// Appends a game kind by its stable name.
    pub fn kind(self, kind: GameKind) -> Key {
        self.text(kind.name())
    }

    /// Appends an activity tag.
    pub fn activity(self, activity: Activity) -> Key {
        self.tag(activity.tag())
    }

    /// Appends a rating so that higher ratings sort first.
    pub fn rating_desc(self, rating: f64) -> Key {
        let bits = rating.to_bits();
        let ascending = if bits >> 63 == 1 { !bits } else { bits | (1 << 63) };
        self.u64(!ascending)
    }

    /// The bytes.
    pub fn into_bytes(self) -> Vec<u8> {
        self.0
    }
}

impl AsRef<[u8]> for Key {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

/// The key of a game in `games`, and the prefix of its actions in `actions`.
pub fn game(number: u64) -> Key {
    Key::new().u64(number)
}

/// The key of one action.
pub fn action(game_number: u64, index: u64) -> Key {
    game(game_number).u64(index)
}

/// The key of a game in the deadline index.
pub fn deadline(at: Timestamp, game_number: u64) -> Key {
    Key::new().u64(at.millis()).u64(game_number)
}

/// Reads the trailing big-endian number of a key (the game or challenge number in indexes).
pub fn trailing_u64(key: &[u8]) -> Option<u64> {
    let start = key.len().checked_sub(8)?;
    Some(u64::from_be_bytes(key[start..].try_into().ok()?))
}

/// Reads the leading big-endian number of a key (the deadline in the deadline index).
pub fn leading_u64(key: &[u8]) -> Option<u64> {
    Some(u64::from_be_bytes(key.get(..8)?.try_into().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::Platform;

    #[test]
    fn ratings_sort_from_best_to_worst_including_negative_ones() {
        let ratings = [2100.5, 1500.0, 25.0, 0.0, -3.5, -40.0];
        let keys: Vec<Vec<u8>> =
            ratings.iter().map(|&r| Key::new().rating_desc(r).into_bytes()).collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(sorted, keys);
    }

    #[test]
    fn one_identity_is_never_a_prefix_of_another() {
        let a = Key::new().player(&PlayerId::new(Platform::Discord, "12")).into_bytes();
        let b = Key::new().player(&PlayerId::new(Platform::Discord, "123")).into_bytes();
        assert!(!b.starts_with(&a));
    }

    #[test]
    fn deadlines_sort_by_time_then_game() {
        let early = deadline(Timestamp(5), 9).into_bytes();
        let late = deadline(Timestamp(6), 1).into_bytes();
        assert!(early < late);
        assert_eq!(trailing_u64(&early), Some(9));
        assert_eq!(leading_u64(&late), Some(6));
    }
}
