//! Gridi's pieces (rulebook section 9) and their letters.
//!
//! Every piece but the Mortar belongs to a player. The Mortar is neutral (G9): whoever has a
//! Grid next to it may use it, so on the board it carries no owner.

use std::fmt;

use crate::core::Seat;

/// A kind of piece. The order is the reserve order used in position strings (`KQOMG`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Kind {
    /// Prince (князь): moves up to 2 cells, strikes, subjugates lone pieces (G10, G11).
    Prince,
    /// Princess (княжна): teleports pieces of her zone, never attacks (G14).
    Princess,
    /// Owl (филин): flies up to 4 cells, raids lone pieces, carries friends (G12, G13).
    Owl,
    /// Mortar (мортира): neutral artillery, fires at distance exactly 3 (G9).
    Mortar,
    /// Grid (гридь): infantry, steps 1 and strikes; deployed and moved as a squad (G8).
    Grid,
}

impl Kind {
    /// All kinds, in reserve order.
    pub const ALL: [Kind; 5] = [Kind::Prince, Kind::Princess, Kind::Owl, Kind::Mortar, Kind::Grid];

    /// The uppercase letter: `K` Prince (knyaz), `Q` Princess, `O` Owl, `M` Mortar, `G` Grid.
    pub const fn letter(self) -> char {
        match self {
            Kind::Prince => 'K',
            Kind::Princess => 'Q',
            Kind::Owl => 'O',
            Kind::Mortar => 'M',
            Kind::Grid => 'G',
        }
    }

    /// The kind for a letter, either case.
    pub fn from_letter(letter: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == letter.to_ascii_uppercase())
    }

    /// The English name, capitalised as in the rules: "Prince", "Grid".
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Prince => "Prince",
            Kind::Princess => "Princess",
            Kind::Owl => "Owl",
            Kind::Mortar => "Mortar",
            Kind::Grid => "Grid",
        }
    }

    /// Index in `0..5`, for per-kind arrays.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece on the board: a kind and, except for Mortars, an owner.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// What it is.
    pub kind: Kind,
    /// Who owns it; `None` exactly for Mortars (G9).
    pub owner: Option<Seat>,
}

impl Piece {
    /// The neutral Mortar.
    pub const MORTAR: Piece = Piece { kind: Kind::Mortar, owner: None };

    /// A piece of `kind` owned by `seat` (a Mortar stays neutral whatever the seat).
    pub const fn new(kind: Kind, seat: Seat) -> Piece {
        match kind {
            Kind::Mortar => Piece::MORTAR,
            _ => Piece { kind, owner: Some(seat) },
        }
    }

    /// The board token: uppercase for the first player, lowercase for the second, `M` for
    /// every Mortar.
    pub fn token(self) -> char {
        match self.owner {
            Some(seat) if seat == Seat::SECOND => self.kind.letter().to_ascii_lowercase(),
            _ => self.kind.letter(),
        }
    }

    /// The piece for a board token written by [`Piece::token`].
    pub fn from_token(token: char) -> Option<Piece> {
        let kind = Kind::from_letter(token)?;
        match (kind, token.is_ascii_uppercase()) {
            (Kind::Mortar, true) => Some(Piece::MORTAR),
            (Kind::Mortar, false) => None,
            (_, true) => Some(Piece::new(kind, Seat::FIRST)),
            (_, false) => Some(Piece::new(kind, Seat::SECOND)),
        }
    }
}
