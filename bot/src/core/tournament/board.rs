//! The vocabulary pairing and standings share: entrants by number (their order of entry, `0..n`),
//! a board of a round (a game between two entrants, first seat first, or a bye), and how a game
//! ended. No store types: the pairing code is pure and tested on its own.

/// How one game of a round ended, from its first seat's side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// The first seat won (by play, resignation, timeout, forfeit or adjudication).
    FirstWins,
    /// The second seat won.
    SecondWins,
    /// A draw.
    Draw,
}

impl Outcome {
    /// What the first seat scored, in half points (win 2, draw 1, loss 0).
    pub const fn first_halves(self) -> u32 {
        match self {
            Outcome::FirstWins => 2,
            Outcome::Draw => 1,
            Outcome::SecondWins => 0,
        }
    }

    /// What the second seat scored, in half points.
    pub const fn second_halves(self) -> u32 {
        2 - self.first_halves()
    }
}

/// One board of a round: a game with its two seats, or a bye for an odd entrant out.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Board {
    /// A game: `first` moves first.
    Game {
        /// The entrant in the first seat.
        first: usize,
        /// The entrant in the second seat.
        second: usize,
    },
    /// The entrant sits this round out.
    Bye(usize),
}

impl Board {
    /// Whether `entrant` plays or rests on this board.
    pub const fn has(&self, entrant: usize) -> bool {
        match *self {
            Board::Game { first, second } => first == entrant || second == entrant,
            Board::Bye(who) => who == entrant,
        }
    }

    /// The opponent of `entrant` on this board, if it is a game they play.
    pub const fn opponent(&self, entrant: usize) -> Option<usize> {
        match *self {
            Board::Game { first, second } if first == entrant => Some(second),
            Board::Game { first, second } if second == entrant => Some(first),
            _ => None,
        }
    }
}

/// A board with its result once known.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Played {
    /// The board.
    pub board: Board,
    /// How its game ended; `None` while it is played (and always for a bye).
    pub outcome: Option<Outcome>,
}

impl Played {
    /// What `entrant` scored on this board, in half points, once known; a bye scores
    /// `bye_halves`.
    pub fn halves_of(&self, entrant: usize, bye_halves: u32) -> Option<u32> {
        match (self.board, self.outcome) {
            (Board::Bye(who), _) if who == entrant => Some(bye_halves),
            (Board::Game { first, .. }, Some(o)) if first == entrant => Some(o.first_halves()),
            (Board::Game { second, .. }, Some(o)) if second == entrant => Some(o.second_halves()),
            _ => None,
        }
    }
}
