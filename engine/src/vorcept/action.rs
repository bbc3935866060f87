//! One Vorcept action: a setup placement (V2–V3) or a move or summon in play (V7).

use crate::core::Cell;

use super::piece::Kind;

/// One action. The colour of a placement is always the seat to act.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum VorceptAction {
    /// Setup: Blue places the Pylon (`P@e5`, V2).
    PlacePylon(Cell),
    /// Setup: a block of the acting colour (`B@c3`, V2).
    PlaceBlock(Cell),
    /// Setup: the acting player's Host (`H@d2`, V3).
    PlaceHost(Cell),
    /// Play: a piece moves or jumps (`c3-c5`, V8).
    Move {
        /// Where the piece stands.
        from: Cell,
        /// Where it lands.
        to: Cell,
    },
    /// Play: a Drone from the reserve is placed next to the own Host (`D2@d4`, V7).
    Summon {
        /// Which Drone (a Host in this field is never legal).
        kind: Kind,
        /// The empty cell next to the Host.
        to: Cell,
    },
}

impl VorceptAction {
    /// The cell where a piece or block arrives: the one whose neighbours captures examine (V9).
    pub const fn arrival(&self) -> Cell {
        match *self {
            VorceptAction::PlacePylon(c)
            | VorceptAction::PlaceBlock(c)
            | VorceptAction::PlaceHost(c)
            | VorceptAction::Move { to: c, .. }
            | VorceptAction::Summon { to: c, .. } => c,
        }
    }
}
