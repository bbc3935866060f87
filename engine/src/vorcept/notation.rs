//! Reading and writing actions. Context-free syntax, case-insensitive input, canonical output:
//!
//! - setup: `P@e5` (Pylon), `B@c3` (block), `H@d2` (Host); the colour is the seat to act;
//! - move: `c3-c5` (also `c3c5`, `c3xc5`, `C3-C5`);
//! - summon: `D2@d4` (also `2@d4`, `d2@d4`, or the board letter `M@d4`).

use crate::core::{Cell, ParseError};

use super::action::VorceptAction;
use super::piece::Kind;

const EXPECTED: &str = "an action such as c3-c5, D2@d4, B@c3, H@d2 or P@e5";
const EXPECTED_RU: &str = "действие, например c3-c5, D2@d4, B@c3, H@d2 или P@e5";

/// Reads one action.
pub fn read_action(text: &str) -> Result<VorceptAction, ParseError> {
    let text = text.trim();
    let fail = || ParseError::new(text, EXPECTED).ru(EXPECTED_RU);
    if let Some((head, tail)) = text.split_once('@') {
        let to = Cell::parse(tail).map_err(|_| {
            ParseError::new(text, "a cell such as c4 after @").ru("клетка после @, например c4")
        })?;
        return match head.to_ascii_uppercase().as_str() {
            "P" => Ok(VorceptAction::PlacePylon(to)),
            "B" => Ok(VorceptAction::PlaceBlock(to)),
            "H" => Ok(VorceptAction::PlaceHost(to)),
            "1" | "D1" | "S" => Ok(VorceptAction::Summon { kind: Kind::Drone1, to }),
            "2" | "D2" | "M" => Ok(VorceptAction::Summon { kind: Kind::Drone2, to }),
            "3" | "D3" | "L" => Ok(VorceptAction::Summon { kind: Kind::Drone3, to }),
            _ => Err(ParseError::new(
                text,
                "P (Pylon), B (block), H (Host) or D1, D2, D3 (Drones) before @",
            )
            .ru("перед @ — P (Пилон), B (блок), H (Хост) или D1, D2, D3 (Дрон-1, Дрон-2, Дрон-3)")),
        };
    }
    let (from, rest) = Cell::parse_prefix(text).ok_or_else(fail)?;
    let rest = rest.strip_prefix(['-', 'x', 'X']).unwrap_or(rest);
    let to = Cell::parse(rest).map_err(|_| fail())?;
    Ok(VorceptAction::Move { from, to })
}

/// Writes one action canonically.
pub fn write_action(action: &VorceptAction) -> String {
    match *action {
        VorceptAction::PlacePylon(c) => format!("P@{c}"),
        VorceptAction::PlaceBlock(c) => format!("B@{c}"),
        VorceptAction::PlaceHost(c) => format!("H@{c}"),
        VorceptAction::Move { from, to } => format!("{from}-{to}"),
        VorceptAction::Summon { kind, to } => match kind.drone_index() {
            Some(i) => format!("D{}@{to}", i + 1),
            None => format!("H@{to}"),
        },
    }
}
