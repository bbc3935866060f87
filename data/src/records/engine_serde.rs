//! Serde forms of the engine's vocabulary, which has no serde of its own (the engine has no
//! dependencies). Each uses the engine's stable text: game names, 0-based seat numbers and the
//! compact outcome (`win:1:host-captured`, `draw:agreement`).

use engine::{GameKind, Outcome, Seat};
use serde::de::Error;
use serde::{Deserialize, Deserializer, Serializer};

/// [`GameKind`] as its stable name.
pub mod kind {
    use super::*;

    /// Writes the name.
    pub fn serialize<S: Serializer>(kind: &GameKind, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(kind.name())
    }

    /// Reads the name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<GameKind, D::Error> {
        let text = String::deserialize(d)?;
        GameKind::ALL
            .into_iter()
            .find(|k| k.name() == text)
            .ok_or_else(|| D::Error::custom(format!("unknown game `{text}`")))
    }
}

/// [`Seat`] as its 0-based index.
pub mod seat {
    use super::*;

    /// Writes the index.
    pub fn serialize<S: Serializer>(seat: &Seat, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(seat.index() as u8)
    }

    /// Reads the index.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let index = u8::deserialize(d)?;
        Seat::new(index.into()).ok_or_else(|| D::Error::custom(format!("no seat {index}")))
    }
}

/// Lists of seat groups (standings) as lists of 0-based indexes.
pub mod seat_groups {
    use super::*;
    use serde::Serialize;

    /// Writes the groups.
    pub fn serialize<S: Serializer>(groups: &[Vec<Seat>], s: S) -> Result<S::Ok, S::Error> {
        let raw: Vec<Vec<u8>> =
            groups.iter().map(|g| g.iter().map(|seat| seat.index() as u8).collect()).collect();
        raw.serialize(s)
    }

    /// Reads the groups.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<Seat>>, D::Error> {
        let raw = Vec::<Vec<u8>>::deserialize(d)?;
        raw.into_iter()
            .map(|group| {
                group
                    .into_iter()
                    .map(|i| {
                        Seat::new(i.into()).ok_or_else(|| D::Error::custom(format!("no seat {i}")))
                    })
                    .collect()
            })
            .collect()
    }
}

/// [`Outcome`] as its compact text.
pub mod outcome {
    use super::*;

    /// Writes the compact text.
    pub fn serialize<S: Serializer>(outcome: &Outcome, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&outcome.to_string())
    }

    /// Reads the compact text.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Outcome, D::Error> {
        let text = String::deserialize(d)?;
        Outcome::parse(&text).ok_or_else(|| D::Error::custom(format!("bad outcome `{text}`")))
    }
}

/// `Option<Outcome>` as compact text or null.
pub mod outcome_opt {
    use super::*;

    /// Writes the compact text or null.
    pub fn serialize<S: Serializer>(outcome: &Option<Outcome>, s: S) -> Result<S::Ok, S::Error> {
        match outcome {
            Some(o) => s.serialize_some(&o.to_string()),
            None => s.serialize_none(),
        }
    }

    /// Reads the compact text or null.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Outcome>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(text) => Outcome::parse(&text)
                .map(Some)
                .ok_or_else(|| D::Error::custom(format!("bad outcome `{text}`"))),
        }
    }
}
