//! The position: board, reserves, whose turn, the pass flag, options, random state, outcome.

use crate::core::{Outcome, Rng, Seat};

use super::board::Board;
use super::layouts;
use super::options::{Army, GridiOptions};
use super::piece::Kind;

/// One player's reserve: count per [`Kind::index`]; Grids are counted in squads of two.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Reserve(pub [u8; 5]);

impl Reserve {
    /// The reserve of an army at the start of the game.
    pub const fn of(army: Army) -> Reserve {
        Reserve(army.counts)
    }

    /// How many of `kind` (squads for Grids).
    pub const fn count(&self, kind: Kind) -> u8 {
        self.0[kind.index()]
    }

    /// Whether the reserve is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }
}

/// A complete Gridi position (see `docs/rules/gridi.md` for the string form).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Gridi {
    pub(crate) options: GridiOptions,
    pub(crate) board: Board,
    pub(crate) reserve: [Reserve; 2],
    /// Whose turn it is (kept after the end for the record).
    pub(crate) mover: Seat,
    /// Turns played so far; each player's first turn (ply 0 and 1) must deploy (G5).
    pub(crate) ply: u32,
    /// Whether the previous turn was a pass (two in a row draw, G5).
    pub(crate) last_pass: bool,
    pub(crate) rng: Rng,
    pub(crate) outcome: Option<Outcome>,
}

impl Gridi {
    /// A new game: empty board with the layout from the options or the die (G2, C4), full
    /// reserves, the first player to move.
    pub fn start(options: &GridiOptions, seed: u64) -> Gridi {
        let mut rng = Rng::new(seed);
        let layout = options.trees.unwrap_or_else(|| rng.roll(6));
        Gridi {
            options: *options,
            board: Board::with_trees(layouts::trees(layout)),
            reserve: [Reserve::of(options.army_of(0)), Reserve::of(options.army_of(1))],
            mover: Seat::FIRST,
            ply: 0,
            last_pass: false,
            rng,
            outcome: None,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// A player's reserve.
    pub fn reserve(&self, seat: Seat) -> Reserve {
        self.reserve[seat.index() & 1]
    }

    /// The tree layout number (1..=6) in play.
    pub fn layout(&self) -> u8 {
        layouts::layout_of(self.board.trees).unwrap_or(0)
    }

    /// Turns played so far.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Whether the player to move must deploy (its first turn, G5).
    pub fn must_deploy(&self) -> bool {
        self.ply < 2
    }
}
