//! Vorcept's pieces and what stands on a cell: the letters used on the board and in actions.
//!
//! Board tokens are one character, uppercase for Blue and lowercase for Red: `H` Host,
//! `S`/`M`/`L` Drone-1/2/3 (short, medium, long jump), `B` block; the neutral Pylon is `P`.

use crate::core::Seat;

/// Blue: the first seat. Blue places the Pylon (V2) and moves first in play (V6).
pub const BLUE: Seat = Seat::FIRST;
/// Red: the second seat. Red places the first block (V2).
pub const RED: Seat = Seat::SECOND;

/// The name of a seat as players say it.
pub fn colour_name(seat: Seat) -> &'static str {
    if seat == BLUE {
        "Blue"
    } else {
        "Red"
    }
}

/// The seat as a subject, in Russian, as the bot names it: "Синие", "Красные".
pub fn colour_name_ru(seat: Seat) -> &'static str {
    if seat == BLUE {
        "Синие"
    } else {
        "Красные"
    }
}

/// The seat as an owner, in Russian (genitive plural): "синих", "красных".
pub fn colour_of_ru(seat: Seat) -> &'static str {
    if seat == BLUE {
        "синих"
    } else {
        "красных"
    }
}

/// A movable piece (V5, V8). Only Drones are in the reserve; the Host starts on the board.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Kind {
    /// The commander: steps 1 cell; summons are placed next to it (V7); losing it loses (V12).
    Host,
    /// Jumps 1–2 cells (V8).
    Drone1,
    /// Jumps 1–3 cells (V8).
    Drone2,
    /// Jumps 1–4 cells (V8).
    Drone3,
}

impl Kind {
    /// The three Drones in reserve order (V5).
    pub const DRONES: [Kind; 3] = [Kind::Drone1, Kind::Drone2, Kind::Drone3];

    /// The longest move: 1 for the Host, 2–4 for the Drones (V8).
    pub const fn reach(self) -> u8 {
        match self {
            Kind::Host => 1,
            Kind::Drone1 => 2,
            Kind::Drone2 => 3,
            Kind::Drone3 => 4,
        }
    }

    /// The index of a Drone in a reserve array (`None` for the Host).
    pub const fn drone_index(self) -> Option<usize> {
        match self {
            Kind::Host => None,
            Kind::Drone1 => Some(0),
            Kind::Drone2 => Some(1),
            Kind::Drone3 => Some(2),
        }
    }

    /// The name players use: "Host", "Drone-2".
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Host => "Host",
            Kind::Drone1 => "Drone-1",
            Kind::Drone2 => "Drone-2",
            Kind::Drone3 => "Drone-3",
        }
    }

    /// The rulebook's Russian name: "Хост", "Дрон-2".
    pub const fn name_ru(self) -> &'static str {
        match self {
            Kind::Host => "Хост",
            Kind::Drone1 => "Дрон-1",
            Kind::Drone2 => "Дрон-2",
            Kind::Drone3 => "Дрон-3",
        }
    }

    /// The Russian name in the genitive: "Хоста", "Дрона-2".
    pub const fn name_ru_genitive(self) -> &'static str {
        match self {
            Kind::Host => "Хоста",
            Kind::Drone1 => "Дрона-1",
            Kind::Drone2 => "Дрона-2",
            Kind::Drone3 => "Дрона-3",
        }
    }

    /// The uppercase board letter: `H`, `S`, `M`, `L`.
    pub const fn letter(self) -> char {
        match self {
            Kind::Host => 'H',
            Kind::Drone1 => 'S',
            Kind::Drone2 => 'M',
            Kind::Drone3 => 'L',
        }
    }

    /// The kind for an uppercase board letter.
    pub const fn from_letter(letter: char) -> Option<Kind> {
        match letter {
            'H' => Some(Kind::Host),
            'S' => Some(Kind::Drone1),
            'M' => Some(Kind::Drone2),
            'L' => Some(Kind::Drone3),
            _ => None,
        }
    }
}

/// What one cell holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Square {
    /// Nothing: pieces may land here.
    #[default]
    Empty,
    /// The neutral Pylon: never landed on, never jumped over (V8).
    Pylon,
    /// A block of a colour: never landed on, may be jumped over (V8).
    Block(Seat),
    /// A piece of a colour.
    Piece(Seat, Kind),
}

impl Square {
    /// The one-character board token (`None` for an empty cell).
    pub fn token(self) -> Option<char> {
        let coloured = |seat: Seat, c: char| if seat == BLUE { c } else { c.to_ascii_lowercase() };
        match self {
            Square::Empty => None,
            Square::Pylon => Some('P'),
            Square::Block(seat) => Some(coloured(seat, 'B')),
            Square::Piece(seat, kind) => Some(coloured(seat, kind.letter())),
        }
    }

    /// The square for a board token.
    pub fn from_token(token: char) -> Option<Square> {
        if token == 'P' {
            return Some(Square::Pylon);
        }
        let seat = if token.is_ascii_uppercase() { BLUE } else { RED };
        let upper = token.to_ascii_uppercase();
        if !token.is_ascii_alphabetic() {
            return None;
        }
        if upper == 'B' {
            return Some(Square::Block(seat));
        }
        Kind::from_letter(upper).map(|kind| Square::Piece(seat, kind))
    }

    /// The piece standing here, if any.
    pub const fn piece(self) -> Option<(Seat, Kind)> {
        match self {
            Square::Piece(seat, kind) => Some((seat, kind)),
            _ => None,
        }
    }

    /// Whether the cell is empty.
    pub const fn is_empty(self) -> bool {
        matches!(self, Square::Empty)
    }

    /// In words: "the Pylon", "a Red block", "Blue's Drone-2".
    pub fn describe(self) -> String {
        match self {
            Square::Empty => "nothing".to_string(),
            Square::Pylon => "the Pylon".to_string(),
            Square::Block(seat) => format!("a {} block", colour_name(seat)),
            Square::Piece(seat, kind) => format!("{}'s {}", colour_name(seat), kind.name()),
        }
    }

    /// The same in Russian, as a subject: "Пилон", "блок красных", "Дрон-2 синих".
    pub fn describe_ru(self) -> String {
        match self {
            Square::Empty => "ничего".to_string(),
            Square::Pylon => "Пилон".to_string(),
            Square::Block(seat) => format!("блок {}", colour_of_ru(seat)),
            Square::Piece(seat, kind) => format!("{} {}", kind.name_ru(), colour_of_ru(seat)),
        }
    }
}
