//! Short ids that are easy to type: `k7m2p`.
//!
//! A game or challenge gets a number from sled's monotonic id generator; the number is turned
//! into text by a bijective scramble, so ids are unique (the map is one-to-one) but consecutive
//! games do not get consecutive-looking ids. The alphabet has 31 symbols and leaves out the
//! look-alikes `0`/`o` and `1`/`l`/`i`. Numbers below 31⁵ (about 28.6 million) get five
//! characters; the next 31⁶ get six, and so on, so the space never runs out.
//!
//! The scramble for length `k` is the affine map `m ↦ (m·A + B) mod 31ᵏ` on the number's offset
//! `m` within its length band. `A` is not a multiple of 31, hence invertible modulo 31ᵏ.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The 31 symbols, in digit order.
pub const ALPHABET: &[u8; 31] = b"23456789abcdefghjkmnpqrstuvwxyz";

const BASE: u128 = 31;
const MIN_LEN: u32 = 5;
const MAX_LEN: u32 = 12;
const MULTIPLIER: u128 = 11_400_714_819_323_198_485;
const OFFSET: u128 = 9_876_543_210_123;

fn band(len: u32) -> u128 {
    BASE.pow(len)
}

/// Modular inverse by the extended Euclidean algorithm (`a` and `m` coprime).
fn inverse(a: u128, m: u128) -> u128 {
    let (mut old_r, mut r) = (a as i128, m as i128);
    let (mut old_s, mut s) = (1i128, 0i128);
    while r != 0 {
        let q = old_r / r;
        (old_r, r) = (r, old_r - q * r);
        (old_s, s) = (s, old_s - q * s);
    }
    old_s.rem_euclid(m as i128) as u128
}

/// The text of number `n`: five characters for the first 31⁵ numbers, more after.
/// `None` past the last band (more numbers than sled will ever hand out).
pub fn encode(n: u64) -> Option<String> {
    let mut m = u128::from(n);
    let mut len = MIN_LEN;
    while m >= band(len) {
        m -= band(len);
        len += 1;
        if len > MAX_LEN {
            return None;
        }
    }
    let size = band(len);
    let mut x = ((m % size) * (MULTIPLIER % size) + OFFSET % size) % size;
    let mut text = vec![b'2'; len as usize];
    for slot in text.iter_mut().rev() {
        *slot = ALPHABET[(x % BASE) as usize];
        x /= BASE;
    }
    Some(String::from_utf8(text).expect("alphabet is ascii"))
}

/// The number whose text is `text` (case-insensitive, surrounding spaces ignored), or why it
/// is not an id.
pub fn parse(text: &str) -> Result<u64, IdProblem> {
    let text = text.trim();
    if text.is_empty() {
        return Err(IdProblem::Empty);
    }
    let text = text.to_ascii_lowercase();
    if let Some(c) = text.chars().find(|&c| !(c.is_ascii() && ALPHABET.contains(&(c as u8)))) {
        return Err(match c {
            '0' | 'o' | '1' | 'l' | 'i' => IdProblem::LookAlike(c),
            c if c.is_whitespace() => IdProblem::Space,
            c if !c.is_ascii() && c.is_alphabetic() => IdProblem::NotLatin(c),
            c => IdProblem::Character(c),
        });
    }
    let len = text.len() as u32;
    if len < MIN_LEN {
        return Err(IdProblem::TooShort(len as usize));
    }
    if len > MAX_LEN {
        return Err(IdProblem::TooLong(len as usize));
    }
    let mut x: u128 = 0;
    for byte in text.bytes() {
        let digit =
            ALPHABET.iter().position(|&a| a == byte).ok_or(IdProblem::Character(byte.into()))?;
        x = x * BASE + digit as u128;
    }
    let size = band(len);
    let m = ((x + size - OFFSET % size) % size) * inverse(MULTIPLIER % size, size) % size;
    let below: u128 = (MIN_LEN..len).map(band).sum();
    u64::try_from(below + m).map_err(|_| IdProblem::TooLong(len as usize))
}

/// The number whose text is `text` (case-insensitive), or `None` if it is not an id.
#[cfg(test)]
pub fn decode(text: &str) -> Option<u64> {
    parse(text).ok()
}

/// What is wrong with text that should be a short id.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IdProblem {
    /// Nothing was typed.
    Empty,
    /// Fewer than five characters.
    TooShort(usize),
    /// More characters than any id has.
    TooLong(usize),
    /// A space inside the id.
    Space,
    /// One of the look-alikes ids leave out (`0`, `o`, `1`, `l`, `i`).
    LookAlike(char),
    /// A letter of another alphabet (a Cyrillic `к` for a Latin `k`, say).
    NotLatin(char),
    /// Any other character that is not in ids.
    Character(char),
}

impl fmt::Display for IdProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IdProblem::Empty => f.write_str("it is empty"),
            IdProblem::TooShort(n) => write!(f, "ids have five characters, this has {n}"),
            IdProblem::TooLong(n) => write!(f, "{n} characters is too long for an id"),
            IdProblem::Space => f.write_str("ids have no space inside"),
            IdProblem::LookAlike(c) => write!(
                f,
                "ids never contain `{c}`: they leave out 0, o, 1, l and i, which look alike"
            ),
            IdProblem::NotLatin(c) => write!(
                f,
                "`{c}` is not a latin letter: ids use the latin letters and digits 2-9 \
                 (check the keyboard layout)"
            ),
            IdProblem::Character(c) => {
                write!(f, "`{c}` is never in an id: ids use latin letters and digits 2-9")
            }
        }
    }
}

macro_rules! short_id {
    ($(#[$meta:meta])* $name:ident, $what:literal) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        pub struct $name(u64);

        impl $name {
            /// The id of number `n` (as handed out by the store).
            pub const fn from_number(n: u64) -> $name {
                $name(n)
            }

            /// The underlying number, used in keys.
            pub const fn number(self) -> u64 {
                self.0
            }
        }

        impl fmt::Display for $name {
            /// The short text, e.g. `k7m2p`.
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match encode(self.0) {
                    Some(text) => f.write_str(&text),
                    None => write!(f, "#{}", self.0),
                }
            }
        }

        impl FromStr for $name {
            type Err = BadId;
            /// Reads the short text, ignoring case and surrounding spaces.
            fn from_str(text: &str) -> Result<$name, BadId> {
                parse(text).map($name).map_err(|problem| BadId {
                    text: text.trim().to_string(),
                    what: $what,
                    problem,
                })
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&self.to_string())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                let text = String::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

short_id! {
    /// A game's id: five easy characters such as `k7m2p`.
    GameId, "game"
}

short_id! {
    /// A challenge's id, from the same number space as games.
    ChallengeId, "challenge"
}

/// Text that is not a short id, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BadId {
    /// The text as typed (trimmed).
    pub text: String,
    /// What it should have named: `game` or `challenge`.
    pub what: &'static str,
    /// What is wrong with it.
    pub problem: IdProblem,
}

impl fmt::Display for BadId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a {} id: {} (ids look like k7m2p)",
            self.text, self.what, self.problem
        )
    }
}

impl std::error::Error for BadId {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_use_five_characters_without_look_alikes() {
        let mut seen = std::collections::HashSet::new();
        for n in (0..20_000u64).chain([28_629_150]) {
            let text = encode(n).unwrap();
            assert_eq!(text.len(), 5, "{n}");
            assert!(!text.contains(['0', '1', 'o', 'l', 'i']), "{text}");
            assert_eq!(decode(&text), Some(n));
            assert_eq!(decode(&text.to_uppercase()), Some(n));
            assert!(seen.insert(text));
        }
    }

    #[test]
    fn ids_grow_past_the_five_character_band_and_stay_unique() {
        let first_six = 28_629_151u64;
        for n in [first_six, first_six + 1, 1 << 40, 1 << 58] {
            let text = encode(n).unwrap();
            assert!(text.len() > 5);
            assert_eq!(decode(&text), Some(n));
        }
        assert_ne!(encode(first_six), encode(0).map(|t| format!("{t}2")));
    }

    #[test]
    fn consecutive_numbers_do_not_look_consecutive() {
        let a = encode(41).unwrap();
        let b = encode(42).unwrap();
        let common = a.bytes().zip(b.bytes()).filter(|(x, y)| x == y).count();
        assert!(common < 4, "{a} {b}");
    }

    #[test]
    fn text_that_is_not_an_id_is_refused_with_a_reason() {
        for text in ["", "abcd", "k7m2o", "k7m21", "ab cde"] {
            assert!(text.parse::<GameId>().is_err(), "{text}");
        }
        let err = "oops!".parse::<GameId>().unwrap_err();
        assert!(err.to_string().contains("not a game id"));
        let id = GameId::from_number(7);
        assert_eq!(id.to_string().parse::<GameId>(), Ok(id));
    }

    #[test]
    fn a_mistyped_id_gets_an_error_that_says_what_is_wrong() {
        let says = |text: &str, part: &str| {
            let err = text.parse::<GameId>().unwrap_err().to_string();
            assert!(err.contains(part), "{text}: {err}");
        };
        says("k7m2o", "`o`");
        says("k7m2o", "0, o, 1, l and i");
        says("K7M21", "`1`");
        says("k7l2p", "`l`");
        says("k7m2!", "`!`");
        says("к7м2р", "latin");
        says("k7m2", "five characters");
        says("k7m2pqrstuvwxyz", "too long");
        says("", "empty");
        says("k7 2p", "space");
        let err = "k7m2o".parse::<ChallengeId>().unwrap_err().to_string();
        assert!(err.contains("challenge id"), "{err}");
        // Upper case and surrounding spaces are still read.
        let id = GameId::from_number(4_242);
        assert_eq!(format!("  {}\n", id.to_string().to_uppercase()).parse::<GameId>(), Ok(id));
    }
}
