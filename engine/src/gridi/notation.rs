//! Reading and writing actions. Context-free syntax, case-insensitive input, canonical output:
//!
//! | action | canonical | also read |
//! |---|---|---|
//! | deploy | `K@c1` (`K` Prince, `Q` Princess, `O` Owl, `M` Mortar) | `k@C1` |
//! | deploy the squad | `G@b1+c1` | `gg@c1+b1` |
//! | move, strike, raid, teleport | `c2-c3` | `c2xc3` |
//! | squad or Mortar move | `b1-b2+c1-c2` | either order, `x` for `-` |
//! | swap | `c3=c4` | `c4~c3`, `c3<>c4` |
//! | Mortar fire | `c2*c5` | |
//! | Owl carry | `a1-a2>a4-b4` (Owl, pick-up, drop, landing) | `a1-a2-a4-b4` |
//! | pass | `pass` | `PASS` |

use crate::core::{Cell, ParseError};

use super::action::GridiAction;
use super::board::sq;
use super::piece::Kind;

const EXPECTED: &str = "an action such as K@c1, G@b1+c1, c2-c3, b1-b2+c1-c2, c3=c4, c2*c5, \
                        a1-a2>a4-b4 or pass";

/// [`EXPECTED`] in Russian.
const EXPECTED_RU: &str = "действие вида K@c1, G@b1+c1, c2-c3, b1-b2+c1-c2, c3=c4, c2*c5, \
                           a1-a2>a4-b4 или pass";

/// Writes an action in canonical notation.
pub fn write(action: &GridiAction) -> String {
    match *action {
        GridiAction::Deploy { kind, at } => format!("{}@{at}", kind.letter()),
        GridiAction::DeploySquad { a, b } => format!("G@{a}+{b}"),
        GridiAction::Move { from, to } => format!("{from}-{to}"),
        GridiAction::Pair { first, second } => {
            format!("{}-{}+{}-{}", first.0, first.1, second.0, second.1)
        }
        GridiAction::Swap { a, b } => format!("{a}={b}"),
        GridiAction::Fire { mortar, target } => format!("{mortar}*{target}"),
        GridiAction::Carry { owl, pick, drop, land } => format!("{owl}-{pick}>{drop}-{land}"),
        GridiAction::Pass => "pass".to_string(),
    }
}

/// Reads an action; cells must be on the 6×6 board. Orders the parts of swaps, squads and
/// pair moves canonically.
pub fn read(text: &str) -> Result<GridiAction, ParseError> {
    let lower = text.trim().to_ascii_lowercase();
    let bad = || ParseError::new(text, EXPECTED).ru(EXPECTED_RU);
    if lower == "pass" {
        return Ok(GridiAction::Pass);
    }
    if let Some((letters, rest)) = lower.split_once('@') {
        let (cells, seps) = chain(rest).ok_or_else(bad)?;
        return match (letters, cells.as_slice(), seps.as_slice()) {
            ("g" | "gg", &[a, b], &[Sep::Plus]) => {
                Ok(GridiAction::DeploySquad { a: a.min(b), b: a.max(b) })
            }
            (l, &[at], &[]) if l.chars().count() == 1 => {
                let kind = l.chars().next().and_then(Kind::from_letter).ok_or_else(bad)?;
                Ok(GridiAction::Deploy { kind, at })
            }
            _ => Err(bad()),
        };
    }
    let (cells, seps) = chain(&lower).ok_or_else(bad)?;
    use Sep::{Carry, Dash, Plus, Star, Swap};
    match (cells.as_slice(), seps.as_slice()) {
        (&[from, to], &[Dash]) => Ok(GridiAction::Move { from, to }),
        (&[a, b], &[Swap]) => Ok(GridiAction::Swap { a: a.min(b), b: a.max(b) }),
        (&[mortar, target], &[Star]) => Ok(GridiAction::Fire { mortar, target }),
        (&[a, ta, b, tb], &[Dash, Plus, Dash]) => {
            let (first, second) = if a <= b { ((a, ta), (b, tb)) } else { ((b, tb), (a, ta)) };
            Ok(GridiAction::Pair { first, second })
        }
        (&[owl, pick, drop, land], &[Dash, Carry | Dash, Dash]) => {
            Ok(GridiAction::Carry { owl, pick, drop, land })
        }
        (&[from, _, to], &[Dash, Dash]) => Err(ParseError::new(
            text,
            format!("a move written without its path, {from}-{to} (the route is never written)"),
        )
        .ru(format!("ход без промежуточных полей, {from}-{to} (путь фигуры не записывается)"))),
        (&[owl, pick, drop], &[Dash, Carry]) => Err(ParseError::new(
            text,
            format!("a carry with its landing cell, e.g. {owl}-{pick}>{drop}-<landing cell>"),
        )
        .ru(format!(
            "перенос с полем приземления Филина, например {owl}-{pick}>{drop}-<поле приземления>"
        ))),
        _ => Err(bad()),
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Sep {
    Dash,
    Plus,
    Swap,
    Star,
    Carry,
}

/// Splits `c2-c3+…` into cells and the separators between them.
fn chain(text: &str) -> Option<(Vec<Cell>, Vec<Sep>)> {
    let mut cells = Vec::new();
    let mut seps = Vec::new();
    let mut rest = text;
    loop {
        let (c, after) = Cell::parse_prefix(rest)?;
        sq(c)?;
        cells.push(c);
        if after.is_empty() {
            return Some((cells, seps));
        }
        if cells.len() >= 4 {
            return None;
        }
        let (sep, len) = match after.as_bytes() {
            [b'<', b'>', ..] => (Sep::Swap, 2),
            [b'-' | b'x', ..] => (Sep::Dash, 1),
            [b'+', ..] => (Sep::Plus, 1),
            [b'=' | b'~', ..] => (Sep::Swap, 1),
            [b'*', ..] => (Sep::Star, 1),
            [b'>', ..] => (Sep::Carry, 1),
            _ => return None,
        };
        seps.push(sep);
        rest = &after[len..];
    }
}
