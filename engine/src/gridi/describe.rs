//! Words for pieces in refusal messages: "your Grid on c3", "the enemy Owl on d5", and the same
//! in Russian, declined for the sentence they stand in ("вашего Гридя на c3", "вражеским Филином
//! на d5"). Piece names are the rulebook's: Князь, Княжна, Филин, Мортира, Гридь.

use crate::core::Seat;

use super::board::{cell, Board, Sq};
use super::piece::Kind;

/// "your Grid on c3", "the enemy Owl on d5", "the Mortar on e2", "the empty cell c4".
pub fn piece_phrase(board: &Board, s: Sq, viewer: Seat) -> String {
    match board.at(s) {
        None if board.trees & super::board::bit(s) != 0 => format!("the tree on {}", cell(s)),
        None => format!("the empty cell {}", cell(s)),
        Some(piece) => match piece.owner {
            None => format!("the Mortar on {}", cell(s)),
            Some(owner) if owner == viewer => format!("your {} on {}", piece.kind, cell(s)),
            Some(_) => format!("the enemy {} on {}", piece.kind, cell(s)),
        },
    }
}

/// A Russian grammatical case, for the words a phrase stands in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Case {
    /// Именительный: "ваш Гридь".
    Nom,
    /// Родительный: "вашего Гридя" (нет …, со стороны …).
    Gen,
    /// Винительный: "вашего Гридя", "вашу Княжну" (через …, а не …).
    Acc,
    /// Творительный: "вашим Гридем" (рядом с …).
    Ins,
}

/// The Russian name of `kind` in `case`: Князь, Княжна, Филин, Мортира, Гридь. Every piece but
/// the Mortar is a warrior, so the masculine ones take the animate accusative (= genitive).
pub fn kind_ru(kind: Kind, case: Case) -> &'static str {
    use Case::{Acc, Gen, Ins, Nom};
    match (kind, case) {
        (Kind::Prince, Nom) => "Князь",
        (Kind::Prince, Gen | Acc) => "Князя",
        (Kind::Prince, Ins) => "Князем",
        (Kind::Princess, Nom) => "Княжна",
        (Kind::Princess, Gen) => "Княжны",
        (Kind::Princess, Acc) => "Княжну",
        (Kind::Princess, Ins) => "Княжной",
        (Kind::Owl, Nom) => "Филин",
        (Kind::Owl, Gen | Acc) => "Филина",
        (Kind::Owl, Ins) => "Филином",
        (Kind::Mortar, Nom) => "Мортира",
        (Kind::Mortar, Gen) => "Мортиры",
        (Kind::Mortar, Acc) => "Мортиру",
        (Kind::Mortar, Ins) => "Мортирой",
        (Kind::Grid, Nom) => "Гридь",
        (Kind::Grid, Gen | Acc) => "Гридя",
        (Kind::Grid, Ins) => "Гридем",
    }
}

/// Whether the Russian name of `kind` is feminine (Княжна, Мортира).
const fn feminine(kind: Kind) -> bool {
    matches!(kind, Kind::Princess | Kind::Mortar)
}

/// "ваш" agreeing with `kind` in `case`.
fn yours(kind: Kind, case: Case) -> &'static str {
    match (feminine(kind), case) {
        (false, Case::Nom) => "ваш",
        (false, Case::Gen | Case::Acc) => "вашего",
        (false, Case::Ins) => "вашим",
        (true, Case::Nom) => "ваша",
        (true, Case::Gen | Case::Ins) => "вашей",
        (true, Case::Acc) => "вашу",
    }
}

/// "вражеский" agreeing with `kind` in `case`.
fn enemy(kind: Kind, case: Case) -> &'static str {
    match (feminine(kind), case) {
        (false, Case::Nom) => "вражеский",
        (false, Case::Gen | Case::Acc) => "вражеского",
        (false, Case::Ins) => "вражеским",
        (true, Case::Nom) => "вражеская",
        (true, Case::Gen | Case::Ins) => "вражеской",
        (true, Case::Acc) => "вражескую",
    }
}

/// "ваш Гридь" / "ваша Княжна": a piece of the viewer's, without its cell, in `case`.
pub fn your_kind_ru(kind: Kind, case: Case) -> String {
    format!("{} {}", yours(kind, case), kind_ru(kind, case))
}

/// [`piece_phrase`] in Russian, in `case`: "ваш Гридь на c3", "вражеского Филина на d5",
/// "Мортирой на e2", "дерево на c4", "пустое поле c4".
pub fn piece_phrase_ru(board: &Board, s: Sq, viewer: Seat, case: Case) -> String {
    let at = cell(s);
    match board.at(s) {
        None if board.trees & super::board::bit(s) != 0 => {
            let tree = match case {
                Case::Nom | Case::Acc => "дерево",
                Case::Gen => "дерева",
                Case::Ins => "деревом",
            };
            format!("{tree} на {at}")
        }
        None => {
            let empty = match case {
                Case::Nom | Case::Acc => "пустое поле",
                Case::Gen => "пустого поля",
                Case::Ins => "пустым полем",
            };
            format!("{empty} {at}")
        }
        Some(piece) => match piece.owner {
            None => format!("{} на {at}", kind_ru(Kind::Mortar, case)),
            Some(owner) if owner == viewer => {
                format!("{} на {at}", your_kind_ru(piece.kind, case))
            }
            Some(_) => {
                format!("{} {} на {at}", enemy(piece.kind, case), kind_ru(piece.kind, case))
            }
        },
    }
}

/// A count with its noun agreeing: `plural_ru(5, ["поле", "поля", "полей"])` is "5 полей".
pub fn plural_ru(n: u32, forms: [&str; 3]) -> String {
    let form = match (n % 10, n % 100) {
        (_, 11..=14) => forms[2],
        (1, _) => forms[0],
        (2..=4, _) => forms[1],
        _ => forms[2],
    };
    format!("{n} {form}")
}

/// "1 поле", "3 поля", "5 полей".
pub fn cells_ru(n: u8) -> String {
    plural_ru(u32::from(n), ["поле", "поля", "полей"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_counts_agree() {
        assert_eq!(cells_ru(1), "1 поле");
        assert_eq!(cells_ru(3), "3 поля");
        assert_eq!(cells_ru(5), "5 полей");
        assert_eq!(plural_ru(11, ["монета", "монеты", "монет"]), "11 монет");
        assert_eq!(plural_ru(21, ["монета", "монеты", "монет"]), "21 монета");
        assert_eq!(plural_ru(0, ["монета", "монеты", "монет"]), "0 монет");
    }

    #[test]
    fn russian_piece_names_decline() {
        assert_eq!(your_kind_ru(Kind::Princess, Case::Acc), "вашу Княжну");
        assert_eq!(your_kind_ru(Kind::Grid, Case::Ins), "вашим Гридем");
        assert_eq!(enemy(Kind::Owl, Case::Gen), "вражеского");
        assert_eq!(kind_ru(Kind::Mortar, Case::Ins), "Мортирой");
    }
}
