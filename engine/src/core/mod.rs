//! The shared vocabulary of all four games: cells and boards, seats, outcomes, the seeded
//! random source, errors, options, the [`Game`] trait and generic self-play.

mod board_text;
mod cell;
mod cell_set;
pub mod contract;
mod error;
mod game;
mod grid;
mod kind;
mod language;
mod leave;
mod options;
mod outcome;
mod rng;
mod seat;
mod selfplay;

pub use board_text::{read_board, write_board};
pub use cell::{Cell, Dir, MAX_SIDE};
pub use cell_set::CellSet;
pub use error::{ActionError, Illegal, OptionError, ParseError, PositionError};
pub use game::{split_actions, Game, LineError};
pub use grid::Grid;
pub use kind::GameKind;
pub use language::Language;
pub use leave::{leave_text, parse_leave};
pub use options::{
    bad_value, parse_number, parse_switch, switch_text, unknown_option, GameOptions, OptionSpec,
};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use rng::Rng;
pub use seat::{seat_name_in, BySeat, Seat, MAX_SEATS};
pub use selfplay::{perft, random_game, sample_positions, selfplay, SelfplayEnd, SelfplayReport};
