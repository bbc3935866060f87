//! The notation of actions (context-free, case-insensitive input, canonical output).
//!
//! - move a whole squad: `b3c-b3n` (also `b3cxb3n`);
//! - move part of a squad (split): `3:b3c-c3s`;
//! - ship a packet: `b3>c3:2a1s` (2 arms, 1 supply), `b3>c3:3s`;
//! - build: `+b3c`;
//! - end the phase: `next`; end the turn: `end`.

use crate::core::{Cell, ParseError};

use super::action::PoiAction;
use super::piece::Slot;

const EXPECTED: &str = "an action such as b3c-b3n, 2:b3c-c3s, b3>c3:2a1s, +b3c, next or end";
const EXPECTED_RU: &str = "действие, например b3c-b3n, 2:b3c-c3s, b3>c3:2a1s, +b3c, next или end";

/// Writes an action in canonical form.
pub fn write(action: &PoiAction) -> String {
    match *action {
        PoiAction::Move { from, to, part: None } => format!("{from}-{to}"),
        PoiAction::Move { from, to, part: Some(k) } => format!("{k}:{from}-{to}"),
        PoiAction::Ship { from, to, arm, sup } => {
            let mut out = format!("{from}>{to}:");
            if arm > 0 || sup == 0 {
                out.push_str(&format!("{arm}a"));
            }
            if sup > 0 {
                out.push_str(&format!("{sup}s"));
            }
            out
        }
        PoiAction::Build { slot } => format!("+{slot}"),
        PoiAction::Next => "next".to_string(),
        PoiAction::End => "end".to_string(),
    }
}

/// Reads an action.
pub fn read(text: &str) -> Result<PoiAction, ParseError> {
    let fail = || ParseError::new(text, EXPECTED).ru(EXPECTED_RU);
    let lower = text.trim().to_ascii_lowercase();
    match lower.as_str() {
        "next" => return Ok(PoiAction::Next),
        "end" => return Ok(PoiAction::End),
        _ => {}
    }
    if let Some(rest) = lower.strip_prefix('+') {
        return Slot::parse(rest).map(|slot| PoiAction::Build { slot }).map_err(|_| fail());
    }
    if let Some((from, rest)) = Cell::parse_prefix(&lower) {
        if let Some(rest) = rest.strip_prefix('>') {
            return read_ship(from, rest).ok_or_else(fail);
        }
    }
    read_move(&lower).ok_or_else(fail)
}

fn read_move(text: &str) -> Option<PoiAction> {
    let (part, rest) = match text.split_once(':') {
        Some((k, rest)) if k.len() == 1 => (Some(k.parse::<u8>().ok()?), rest),
        Some(_) => return None,
        None => (None, text),
    };
    let (from, rest) = Slot::parse_prefix(rest)?;
    let rest = rest.strip_prefix('-').or_else(|| rest.strip_prefix('x'))?;
    let (to, rest) = Slot::parse_prefix(rest)?;
    rest.is_empty().then_some(PoiAction::Move { from, to, part })
}

fn read_ship(from: Cell, text: &str) -> Option<PoiAction> {
    let (to, rest) = Cell::parse_prefix(text)?;
    let mut rest = rest.strip_prefix(':')?.as_bytes();
    let (mut arm, mut sup) = (None, None);
    if rest.is_empty() {
        return None;
    }
    while let [digit, letter, tail @ ..] = rest {
        if !digit.is_ascii_digit() {
            return None;
        }
        let n = digit - b'0';
        let slot = match letter {
            b'a' => &mut arm,
            b's' => &mut sup,
            _ => return None,
        };
        if slot.replace(n).is_some() {
            return None;
        }
        rest = tail;
    }
    if !rest.is_empty() {
        return None;
    }
    Some(PoiAction::Ship { from, to, arm: arm.unwrap_or(0), sup: sup.unwrap_or(0) })
}
