//! What an action does to the field once its geometry is known to be legal: pieces that
//! burn, break or fall (Y8, Y10, Y11, Y14, Y17), captures (Y13), the ban on enclosing one's own
//! piece (Y15) and the end of the game (Y16). Shared by the validator (to refuse an action that
//! breaks Y15) and the generator (to leave such actions out).

use crate::core::{Cell, CellSet, Dir, Outcome, Seat, WinReason};

use super::action::YamaAction;
use super::piece::{Kind, Piece};
use super::state::{Phase, Yama};

/// Why [`Yama::consequences`] refuses: the words are built in [`super::validate`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Blocked {
    /// Y15: the action would leave the mover's piece of this kind on this cell without an
    /// empty neighbour.
    Enclosed(Kind, Cell),
    /// The action does not fit the position at all (never for a validated action).
    Malformed,
}

/// Where a pushed, pulled or dropped piece goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dest {
    /// A field cell.
    Cell(Cell),
    /// Outside the field in the Edge variant (Y17).
    Pit,
}

impl Yama {
    /// The cell one step from `cell` in `dir` as a destination: a field cell, a pit (Edge
    /// variant), or `None` for a wall.
    pub(crate) fn dest(&self, cell: Cell, dir: Dir) -> Option<Dest> {
        match cell.offset(dir) {
            Some(next) if self.map.contains(next) => Some(Dest::Cell(next)),
            _ if self.options.edge => Some(Dest::Pit),
            _ => None,
        }
    }

    /// Puts a displaced piece down at `dest`, coming from a cell of `from_level`. Returns the
    /// cell if the piece survives: a pit swallows it, lava burns all but a Lumena, and a
    /// piece coming down from a pillar breaks (Y8, Y10, Y11, Y14, Y17).
    fn land(&mut self, piece: Piece, from_level: u8, dest: Dest) -> Option<Cell> {
        let Dest::Cell(cell) = dest else { return None };
        if from_level > self.map.level(cell) {
            return None;
        }
        if self.map.is_lava(cell) && piece.kind != Kind::Lumena {
            return None;
        }
        self.board[cell.index()] = Some(piece);
        Some(cell)
    }

    /// Pushes the piece on `target` one cell away from `imp` (Y10). Returns its arrival cell.
    fn push_from(&mut self, imp: Cell, target: Cell) -> Option<Cell> {
        let dir = imp.direction_to(target)?;
        let piece = self.board[target.index()].take()?;
        let dest = self.dest(target, dir)?;
        self.land(piece, self.map.level(target), dest)
    }

    /// The position after `action` by the seat to move, before turn progress: the board
    /// changed, removals and captures done, the outcome set if a Lumena is gone. The action's
    /// geometry must already be legal; this refuses only what Y15 forbids.
    pub(crate) fn consequences(&self, action: &YamaAction) -> Result<Yama, Blocked> {
        let seat = self.to_move;
        let mut next = self.clone();
        let mut arrivals: [Option<Cell>; 2] = [None, None];
        match *action {
            YamaAction::Place { kind, cell } => {
                next.board[cell.index()] = Some(Piece::new(kind, seat));
                next.reserve[seat.index()][kind.index()] -= 1;
                arrivals[0] = Some(cell);
            }
            YamaAction::Move { from, to, push } => {
                next.board[to.index()] = next.board[from.index()].take();
                arrivals[0] = Some(to);
                if let Some(target) = push {
                    arrivals[1] = next.push_from(to, target);
                }
            }
            YamaAction::Push { from, target } => arrivals[0] = next.push_from(from, target),
            YamaAction::Pull { from, target } => {
                let dir = from.direction_to(target).ok_or(Blocked::Malformed)?;
                let middle = from.offset(dir).ok_or(Blocked::Malformed)?;
                let piece = next.board[target.index()].take().ok_or(Blocked::Malformed)?;
                let dest = if self.map.contains(middle) { Dest::Cell(middle) } else { Dest::Pit };
                arrivals[0] = next.land(piece, self.map.level(target), dest);
            }
            YamaAction::Carry { from, to, pick, drop } => {
                next.board[to.index()] = next.board[from.index()].take();
                let piece = next.board[pick.index()].take().ok_or(Blocked::Malformed)?;
                let dest = if self.map.contains(drop) { Dest::Cell(drop) } else { Dest::Pit };
                arrivals[0] = Some(to);
                arrivals[1] = next.land(piece, self.map.level(pick), dest);
            }
        }
        next.capture_and_check(seat, &arrivals)?;
        Ok(next)
    }

    /// Y13 captures, then Y15, then Y16.
    fn capture_and_check(
        &mut self,
        seat: Seat,
        arrivals: &[Option<Cell>; 2],
    ) -> Result<(), Blocked> {
        let grid = *self.map.grid();
        let mut examined = CellSet::EMPTY;
        let mut arrived = CellSet::EMPTY;
        for &cell in arrivals.iter().flatten() {
            arrived.insert(cell);
            examined.insert(cell);
            grid.neighbours(cell).for_each(|n| {
                examined.insert(n);
            });
        }
        let enemy = seat.opponent();
        let captured: Vec<Cell> = examined
            .iter()
            .filter(|c| self.board[c.index()].is_some_and(|p| p.owner == enemy))
            .filter(|&c| self.is_captured(c, seat, &arrived))
            .collect();
        for cell in captured {
            self.board[cell.index()] = None;
        }
        for cell in examined.iter() {
            if let Some(piece) = self.board[cell.index()] {
                if piece.owner == seat && !self.has_empty_neighbour(cell) {
                    return Err(Blocked::Enclosed(piece.kind, cell));
                }
            }
        }
        if self.phase == Phase::Play {
            if self.lumena(enemy).is_none() {
                self.outcome =
                    Some(Outcome::Win { winner: seat, reason: WinReason::LumenaRemoved });
            } else if self.lumena(seat).is_none() {
                self.outcome =
                    Some(Outcome::Win { winner: enemy, reason: WinReason::LumenaRemoved });
            }
        }
        Ok(())
    }

    /// Whether a piece of `seat` on `cell` is a pincer: pieces in lava never are (Y13).
    fn pincer(&self, cell: Option<Cell>, seat: Seat) -> bool {
        cell.is_some_and(|c| {
            !self.map.is_lava(c) && self.board[c.index()].is_some_and(|p| p.owner == seat)
        })
    }

    /// Y13: the enemy piece on `cell` is pinched between two pieces of `seat` on opposite
    /// sides, or pressed: every field neighbour holds a pincer of `seat`. The trap must be
    /// made by this action (D21): the piece itself arrived on `cell`, or one of its pincers
    /// arrived (a third side of an old sandwich makes the rulebook's triangle). An enemy piece
    /// or a swimming Lumena arriving next to an old sandwich closes nothing.
    fn is_captured(&self, cell: Cell, seat: Seat, arrived: &CellSet) -> bool {
        let grid = self.map.grid();
        let side = |dir| self.pincer(grid.step(cell, dir), seat);
        let pinched = (side(Dir::N) && side(Dir::S)) || (side(Dir::E) && side(Dir::W));
        let mut neighbours = grid.neighbours(cell).peekable();
        let pressed = neighbours.peek().is_some() && neighbours.all(|n| self.pincer(Some(n), seat));
        let made_now = arrived.contains(cell)
            || grid.neighbours(cell).any(|n| arrived.contains(n) && self.pincer(Some(n), seat));
        (pinched || pressed) && made_now
    }
}
