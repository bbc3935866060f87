//! The pieces of POI Control: squads (dice of value 1–6), the five slots of a tile, and the
//! bonuses printed on tiles (P1, P3).

use std::fmt;

use crate::core::{Cell, ParseError, Seat};

/// The largest value of a squad: a die shows at most 6 (P1).
pub const MAX_SQUAD: u8 = 6;

/// One of the five slots of a tile (P1): a gate on each edge or the centre.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum SlotKind {
    /// The gate on the north edge.
    N,
    /// The gate on the east edge.
    E,
    /// The gate on the south edge.
    S,
    /// The gate on the west edge.
    W,
    /// The centre; whoever stands here controls the tile (P5).
    C,
}

impl SlotKind {
    /// All five, gates first, in the order slots are listed.
    pub const ALL: [SlotKind; 5] =
        [SlotKind::N, SlotKind::E, SlotKind::S, SlotKind::W, SlotKind::C];

    /// The letter used in slot names: `n`, `e`, `s`, `w`, `c`.
    pub const fn letter(self) -> char {
        match self {
            SlotKind::N => 'n',
            SlotKind::E => 'e',
            SlotKind::S => 's',
            SlotKind::W => 'w',
            SlotKind::C => 'c',
        }
    }

    /// The slot kind for a letter (either case).
    pub fn from_letter(letter: char) -> Option<SlotKind> {
        SlotKind::ALL.into_iter().find(|k| k.letter() == letter.to_ascii_lowercase())
    }

    /// The direction of a gate, `None` for the centre.
    pub const fn dir(self) -> Option<crate::core::Dir> {
        use crate::core::Dir;
        match self {
            SlotKind::N => Some(Dir::N),
            SlotKind::E => Some(Dir::E),
            SlotKind::S => Some(Dir::S),
            SlotKind::W => Some(Dir::W),
            SlotKind::C => None,
        }
    }

    /// The gate facing `dir`.
    pub const fn gate(dir: crate::core::Dir) -> SlotKind {
        use crate::core::Dir;
        match dir {
            Dir::N => SlotKind::N,
            Dir::E => SlotKind::E,
            Dir::S => SlotKind::S,
            Dir::W => SlotKind::W,
        }
    }
}

/// A slot: a tile (addressed like a cell, `b3`) and one of its five places, written `b3n`,
/// `b3c` and so on.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Slot {
    /// The tile.
    pub tile: Cell,
    /// Which of its slots.
    pub kind: SlotKind,
}

impl Slot {
    /// The slot `kind` of `tile`.
    pub const fn new(tile: Cell, kind: SlotKind) -> Slot {
        Slot { tile, kind }
    }

    /// A dense index in `0..1280` for per-slot arrays.
    pub const fn index(self) -> usize {
        self.tile.index() * 5 + self.kind as usize
    }

    /// The slot with the given [`Slot::index`].
    pub fn from_index(index: usize) -> Slot {
        Slot { tile: Cell::from_index(index / 5), kind: SlotKind::ALL[index % 5] }
    }

    /// Reads a slot at the start of `text` (`b3n`, case-insensitive) and returns the rest.
    pub fn parse_prefix(text: &str) -> Option<(Slot, &str)> {
        let (tile, rest) = Cell::parse_prefix(text)?;
        let letter = rest.chars().next()?;
        let kind = SlotKind::from_letter(letter)?;
        Some((Slot { tile, kind }, &rest[1..]))
    }

    /// Reads exactly one slot.
    pub fn parse(text: &str) -> Result<Slot, ParseError> {
        match Slot::parse_prefix(text) {
            Some((slot, "")) => Ok(slot),
            _ => {
                Err(ParseError::new(text, "a slot such as b3n or b3c")
                    .ru("слот, например b3n или b3c"))
            }
        }
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.tile, self.kind.letter())
    }
}

impl fmt::Debug for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A squad: a die of one player's colour showing its value 1–6 (P1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Squad {
    /// The player it belongs to.
    pub owner: Seat,
    /// Its value, 1 to 6.
    pub value: u8,
}

/// What a bonus tile gives (P3).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum BonusKind {
    /// `+X ATK`: adds to the attack of every squad of the controller (P6, P8).
    Atk,
    /// `+X DEF`: adds to the defence of every squad of the controller (P6, P8).
    Def,
    /// `X ARM`: produces arms on the tile (P10).
    Arm,
    /// `X SUP`: produces supplies on the tile (P10).
    Sup,
}

impl BonusKind {
    /// All four.
    pub const ALL: [BonusKind; 4] =
        [BonusKind::Atk, BonusKind::Def, BonusKind::Arm, BonusKind::Sup];

    /// The letter in map texts: `k` (attack), `d`, `a` (arms), `s`.
    pub const fn letter(self) -> char {
        match self {
            BonusKind::Atk => 'k',
            BonusKind::Def => 'd',
            BonusKind::Arm => 'a',
            BonusKind::Sup => 's',
        }
    }

    /// The kind for a map letter.
    pub fn from_letter(letter: char) -> Option<BonusKind> {
        BonusKind::ALL.into_iter().find(|k| k.letter() == letter)
    }
}

/// A bonus printed on a tile: kind and strength X in 1–3 (P3).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Bonus {
    /// What it gives.
    pub kind: BonusKind,
    /// X, 1 to 3.
    pub amount: u8,
}

impl fmt::Display for Bonus {
    /// As printed on the tile: `+2 ATK`, `3 SUP`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            BonusKind::Atk => write!(f, "+{} ATK", self.amount),
            BonusKind::Def => write!(f, "+{} DEF", self.amount),
            BonusKind::Arm => write!(f, "{} ARM", self.amount),
            BonusKind::Sup => write!(f, "{} SUP", self.amount),
        }
    }
}

/// The colour names of the seats, in seat order: their initials mark start tiles in maps.
pub const SEAT_NAMES: [&str; 4] = ["Red", "Blue", "Green", "Yellow"];

/// The start-tile letter of each seat in map texts.
pub const START_LETTERS: [char; 4] = ['R', 'B', 'G', 'Y'];
