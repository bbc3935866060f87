//! Gridi's actions. A turn is exactly one action (G5).
//!
//! Actions are canonical: one action per distinct result wherever the rules allow, so the
//! legal list has no two entries that do the same thing. That is why a Princess's teleport
//! is written as a plain move (`c3-c5`: the piece on c3 goes to c5, by its own movement or by
//! a Princess whose zone holds both cells) and every exchange of two pieces is one swap
//! (`c3=c4`), whichever rule allows it.

use crate::core::Cell;

use super::piece::Kind;

/// One Gridi action.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum GridiAction {
    /// `K@c1`: a Prince, Princess, Owl or Mortar from the reserve onto the home rank (G5).
    Deploy {
        /// Not [`Kind::Grid`]: Grids come as a squad.
        kind: Kind,
        /// An empty cell of the player's home rank.
        at: Cell,
    },
    /// `G@b1+c1`: the squad of two Grids onto two adjacent home cells (G5, G8); `a < b`.
    DeploySquad {
        /// The lower cell.
        a: Cell,
        /// The higher cell.
        b: Cell,
    },
    /// `c2-c3`: the piece on `from` goes to `to`: a Grid's step, a Prince's move, an Owl's
    /// flight or raid, a Princess moving herself, or a Princess's teleport of a piece of her
    /// zone (G8, G10, G12, G14). Attacks follow from the position (G6): a strike hits the
    /// one enemy piece the mover ends next to.
    Move {
        /// Where the piece stands.
        from: Cell,
        /// Where it ends.
        to: Cell,
    },
    /// `b1-b2+c1-c2`: two pieces step together: a squad of two Grids (G8) or a Mortar with a
    /// Grid (G9). The pair with the lower `from` is first.
    Pair {
        /// The first piece's step.
        first: (Cell, Cell),
        /// The second piece's step.
        second: (Cell, Cell),
    },
    /// `c3=c4`: two pieces trade places: two adjacent own pieces (G7), a Mortar with an
    /// adjacent own Grid (G9) or own Owl (G13), or two pieces of a Princess's zone (G14);
    /// `a < b`.
    Swap {
        /// The lower cell.
        a: Cell,
        /// The higher cell.
        b: Cell,
    },
    /// `c2*c5`: the Mortar on `mortar` fires at the piece on `target` (G9).
    Fire {
        /// A Mortar the player controls.
        mortar: Cell,
        /// An enemy piece or a Mortar at distance exactly 3.
        target: Cell,
    },
    /// `a1-a2>a4-b4`: the Owl on `owl` picks up the piece on `pick`, sets it down on `drop`
    /// and lands on `land` (G13), all within 4 steps.
    Carry {
        /// The Owl's cell.
        owl: Cell,
        /// The carried piece's cell.
        pick: Cell,
        /// Where the carried piece is set down.
        drop: Cell,
        /// Where the Owl lands.
        land: Cell,
    },
    /// `pass`: do nothing (G5); two passes in a row draw.
    Pass,
}
