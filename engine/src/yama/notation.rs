//! Yama's action notation: short, context-free, phone-friendly.
//!
//! - `L@c4` place a piece (letters L, I, G, B) during setup.
//! - `c3-c4` move: a step, an Imp's jump (`c3-c5`) or a Gargoyle's flight (`b2-b7`).
//! - `d4-d5>e5` an Imp moves d4→d5, then pushes the piece on e5 one cell further (to f5).
//! - `d4>d5` an Imp pushes the piece on d5 without moving.
//! - `c3<c5` the Lumena on c3 pulls the piece on c5 to c4.
//! - `b2-b7:b4>b6` a Gargoyle flies b2→b7, picks up the piece on b4 and drops it on b6.
//!
//! Input is case-insensitive and accepts `x` for `-`; output is canonical (lowercase cells,
//! uppercase piece letters).

use crate::core::{Cell, ParseError};

use super::action::YamaAction;
use super::piece::Kind;

const EXPECTED: &str = "an action such as L@c4, c3-c4, d4>d5, d4-d5>e5, c3<c5 or b2-b7:b4>b6";
const EXPECTED_RU: &str = "действие, например L@c4, c3-c4, d4>d5, d4-d5>e5, c3<c5 или b2-b7:b4>b6";

/// Writes an action canonically.
pub fn write_action(action: &YamaAction) -> String {
    match *action {
        YamaAction::Place { kind, cell } => format!("{}@{cell}", kind.letter()),
        YamaAction::Move { from, to, push: None } => format!("{from}-{to}"),
        YamaAction::Move { from, to, push: Some(p) } => format!("{from}-{to}>{p}"),
        YamaAction::Push { from, target } => format!("{from}>{target}"),
        YamaAction::Pull { from, target } => format!("{from}<{target}"),
        YamaAction::Carry { from, to, pick, drop } => format!("{from}-{to}:{pick}>{drop}"),
    }
}

/// Reads one action (syntax only: whether it is legal is the rules' question).
pub fn read_action(text: &str) -> Result<YamaAction, ParseError> {
    let err = || ParseError::new(text, EXPECTED).ru(EXPECTED_RU);
    let t = text.trim();
    if !t.is_ascii() {
        return Err(err());
    }
    if t.len() >= 2 && t.as_bytes()[1] == b'@' {
        let kind = Kind::from_letter(t.as_bytes()[0] as char).ok_or_else(err)?;
        let cell = Cell::parse(&t[2..]).map_err(|_| err())?;
        return Ok(YamaAction::Place { kind, cell });
    }
    let (from, rest) = Cell::parse_prefix(t).ok_or_else(err)?;
    let mut chars = rest.chars();
    let sep = chars.next().ok_or_else(err)?.to_ascii_lowercase();
    let rest = chars.as_str();
    match sep {
        '>' => Ok(YamaAction::Push { from, target: Cell::parse(rest).map_err(|_| err())? }),
        '<' => Ok(YamaAction::Pull { from, target: Cell::parse(rest).map_err(|_| err())? }),
        '-' | 'x' => {
            let (to, rest) = Cell::parse_prefix(rest).ok_or_else(err)?;
            if rest.is_empty() {
                return Ok(YamaAction::Move { from, to, push: None });
            }
            if let Some(p) = rest.strip_prefix('>') {
                let push = Cell::parse(p).map_err(|_| err())?;
                return Ok(YamaAction::Move { from, to, push: Some(push) });
            }
            let carry = rest.strip_prefix(':').ok_or_else(err)?;
            let (pick, rest) = Cell::parse_prefix(carry).ok_or_else(err)?;
            let drop = rest.strip_prefix('>').ok_or_else(err)?;
            let drop = Cell::parse(drop).map_err(|_| err())?;
            Ok(YamaAction::Carry { from, to, pick, drop })
        }
        _ => Err(err()),
    }
}
