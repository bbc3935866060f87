//! The complete position of a Vorcept game: board, setup or play phase, turn progress,
//! blocks still to place, reserves, options, the random state and the outcome.

use crate::core::{Cell, Outcome, Rng, Seat};

use super::board::Board;
use super::options::VorceptOptions;

/// Where the game stands: the setup steps of V2–V3, then play (V6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// Blue places the Pylon (V2 step 1).
    Pylon,
    /// Players alternate placing blocks, Red first (V2 step 2).
    Blocks,
    /// Blue, then Red, place their Hosts (V2 steps 3–4, V3).
    Hosts,
    /// Turns of two actions, Blue first (V6).
    Play,
}

impl Phase {
    /// The word used in position strings.
    pub const fn word(self) -> &'static str {
        match self {
            Phase::Pylon => "pylon",
            Phase::Blocks => "blocks",
            Phase::Hosts => "hosts",
            Phase::Play => "play",
        }
    }

    /// The phase for a position-string word.
    pub fn from_word(word: &str) -> Option<Phase> {
        [Phase::Pylon, Phase::Blocks, Phase::Hosts, Phase::Play]
            .into_iter()
            .find(|p| p.word() == word)
    }
}

/// A Vorcept game: everything needed to continue it.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Vorcept {
    pub(super) options: VorceptOptions,
    pub(super) board: Board,
    pub(super) phase: Phase,
    /// The seat to act (kept after the game ends: the seat that was to act then).
    pub(super) to_act: Seat,
    /// Actions already made in the current turn of play: 0 or 1 (V6).
    pub(super) actions_this_turn: u8,
    /// The cell of the piece that made this turn's first action, while it is on the board (V7).
    pub(super) acted: Option<Cell>,
    /// Blocks each seat still has to place (V2); a seat that cannot place forfeits the rest.
    pub(super) blocks_left: [u8; 2],
    /// Drones in each seat's reserve: Drone-1, Drone-2, Drone-3 (V5).
    pub(super) reserve: [[u8; 3]; 2],
    pub(super) rng: Rng,
    pub(super) outcome: Option<Outcome>,
}

impl Vorcept {
    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The phase: setup steps or play.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The cell of the piece that already acted this turn, if any (it may not act again, V6).
    pub const fn acted(&self) -> Option<Cell> {
        self.acted
    }

    /// Blocks `seat` still has to place during setup (V2).
    pub fn blocks_left(&self, seat: Seat) -> u8 {
        self.blocks_left[seat.index()]
    }

    /// `seat`'s reserve: how many Drone-1, Drone-2, Drone-3 it can still summon (V5).
    pub fn reserve(&self, seat: Seat) -> [u8; 3] {
        self.reserve[seat.index()]
    }

    /// The seat to act, ignoring whether the game is over.
    pub(super) const fn seat(&self) -> Seat {
        self.to_act
    }
}
