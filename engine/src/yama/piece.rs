//! The four kinds of Yama pieces and their letters (rulebook "Фигуры").

use crate::core::Seat;

/// A kind of piece. Letters: `L` Lumena, `I` Imp, `G` Gargoyle, `B` Balor.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Kind {
    /// The leader: steps 1 (also into lava) or pulls (Y8); losing it loses the game (Y16).
    Lumena,
    /// Steps 1 or jumps 2, and pushes (Y10).
    Imp,
    /// Flies in a straight line and may carry one piece (Y11).
    Gargoyle,
    /// Steps 1; cannot be pushed or carried (Y12).
    Balor,
}

impl Kind {
    /// All kinds in their canonical order (the order of reserves and army texts).
    pub const ALL: [Kind; 4] = [Kind::Lumena, Kind::Imp, Kind::Gargoyle, Kind::Balor];

    /// The uppercase letter of the kind.
    pub const fn letter(self) -> char {
        match self {
            Kind::Lumena => 'L',
            Kind::Imp => 'I',
            Kind::Gargoyle => 'G',
            Kind::Balor => 'B',
        }
    }

    /// The kind for a letter, either case.
    pub fn from_letter(letter: char) -> Option<Kind> {
        match letter.to_ascii_uppercase() {
            'L' => Some(Kind::Lumena),
            'I' => Some(Kind::Imp),
            'G' => Some(Kind::Gargoyle),
            'B' => Some(Kind::Balor),
            _ => None,
        }
    }

    /// The English name, for refusal messages.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Lumena => "Lumena",
            Kind::Imp => "Imp",
            Kind::Gargoyle => "Gargoyle",
            Kind::Balor => "Balor",
        }
    }

    /// The English name with its indefinite article, for refusal messages: "an Imp".
    pub const fn a_name(self) -> &'static str {
        match self {
            Kind::Lumena => "a Lumena",
            Kind::Imp => "an Imp",
            Kind::Gargoyle => "a Gargoyle",
            Kind::Balor => "a Balor",
        }
    }

    /// The Russian name (nominative), as the rulebook names the pieces: "Имп".
    pub const fn name_ru(self) -> &'static str {
        match self {
            Kind::Lumena => "Люмена",
            Kind::Imp => "Имп",
            Kind::Gargoyle => "Гарголь",
            Kind::Balor => "Балор",
        }
    }

    /// The Russian name in the accusative (pieces are animate): "связывает Импа".
    pub const fn name_ru_acc(self) -> &'static str {
        match self {
            Kind::Lumena => "Люмену",
            Kind::Imp => "Импа",
            Kind::Gargoyle => "Гарголя",
            Kind::Balor => "Балора",
        }
    }

    /// "Your …" in Russian, with the name's gender: "ваша Люмена", "ваш Имп".
    pub const fn your_ru(self) -> &'static str {
        match self {
            Kind::Lumena => "ваша Люмена",
            Kind::Imp => "ваш Имп",
            Kind::Gargoyle => "ваш Гарголь",
            Kind::Balor => "ваш Балор",
        }
    }

    /// Index in [`Kind::ALL`], for per-kind counters.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A piece on the field: a kind and its owner.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// What it is.
    pub kind: Kind,
    /// Whose it is.
    pub owner: Seat,
}

impl Piece {
    /// A piece of `owner`.
    pub const fn new(kind: Kind, owner: Seat) -> Piece {
        Piece { kind, owner }
    }

    /// Its letter in position strings: uppercase for player 1, lowercase for player 2.
    pub fn letter(self) -> char {
        if self.owner == Seat::FIRST {
            self.kind.letter()
        } else {
            self.kind.letter().to_ascii_lowercase()
        }
    }

    /// The piece for a position-string letter.
    pub fn from_letter(letter: char) -> Option<Piece> {
        let kind = Kind::from_letter(letter)?;
        let owner = if letter.is_ascii_uppercase() { Seat::FIRST } else { Seat::SECOND };
        Some(Piece { kind, owner })
    }
}
