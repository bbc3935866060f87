//! The actions of a POI Control turn.

use crate::core::Cell;

use super::piece::Slot;

/// One action. A turn is a sequence of them ending with [`PoiAction::End`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PoiAction {
    /// Squad phase (P7, P8): the squad in `from` moves to `to`, whole (`part: None`) or only
    /// `part` of its value (a split, the rest stays). Onto an own squad it merges; onto an
    /// enemy squad it attacks.
    Move {
        /// Where the squad stands.
        from: Slot,
        /// Where it goes.
        to: Slot,
        /// `Some(k)`: only `k` of its value moves.
        part: Option<u8>,
    },
    /// Resource phase (P9): a packet of `arm` + `sup` units from tile `from` to tile `to`.
    Ship {
        /// The source tile.
        from: Cell,
        /// The target tile, adjacent to the source.
        to: Cell,
        /// Arms in the packet.
        arm: u8,
        /// Supplies in the packet.
        sup: u8,
    },
    /// Build phase (P11): 1 ARM + 1 SUP of the slot's tile add 1 to the own squad in `slot`, or
    /// create a squad of value 1 there when it is empty.
    Build {
        /// The slot built on.
        slot: Slot,
    },
    /// Ends the current phase (squad → resource → production → build).
    Next,
    /// Ends the turn (production still happens if the resource phase was not finished).
    End,
}
