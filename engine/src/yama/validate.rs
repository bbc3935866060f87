//! Checking ONE action against the rules directly, with a reason a player understands.
//! Deliberately not a search of the legal list: [`super::movegen`] is the other, independent
//! implementation, and the property tests cross-check the two.

use crate::core::{Cell, Illegal};

use super::action::YamaAction;
use super::piece::{Kind, Piece};
use super::resolve::Blocked;
use super::state::{Phase, Yama};

fn no(reason: impl Into<String>) -> Result<(), Illegal> {
    Err(Illegal::new(reason))
}

impl Blocked {
    /// The refusal in a player's words.
    pub(crate) fn reason(self) -> Illegal {
        match self {
            Blocked::Enclosed(kind, cell) => Illegal::new(format!(
                "that would leave your {} on {cell} with no empty cell around it",
                kind.name()
            )),
            Blocked::Malformed => Illegal::new("that action does not fit this position"),
        }
    }
}

impl Yama {
    /// Checks `action` for the seat to move; `Ok` means [`Yama::consequences`] may play it.
    pub(crate) fn validate(&self, action: &YamaAction) -> Result<(), Illegal> {
        if self.outcome.is_some() {
            return no("the game is over");
        }
        match (self.phase, action) {
            (Phase::Setup, YamaAction::Place { kind, cell }) => self.check_place(*kind, *cell),
            (Phase::Setup, _) => no("the armies are still being placed: place a piece, e.g. L@c4"),
            (Phase::Play, YamaAction::Place { .. }) => {
                no("all pieces are on the field: placing is only done during setup")
            }
            (Phase::Play, _) => self.check_move(action),
        }
    }

    /// Y4–Y5.
    fn check_place(&self, kind: Kind, cell: Cell) -> Result<(), Illegal> {
        let seat = self.to_move;
        if self.reserve[seat.index()][kind.index()] == 0 {
            return no(format!("you have no {} left to place", kind.name()));
        }
        let lumena_waiting = self.reserve[seat.index()][Kind::Lumena.index()] > 0;
        if lumena_waiting && kind != Kind::Lumena {
            return no("place your Lumena first");
        }
        self.check_field_cell(cell)?;
        if self.board[cell.index()].is_some() {
            return no(format!("{cell} is taken"));
        }
        if self.map.is_lava(cell) {
            return no(format!("{cell} is lava: pieces are placed on ground"));
        }
        if kind == Kind::Lumena {
            if !self.map.is_border(cell) {
                return no("the Lumena starts on a cell at the edge of the field");
            }
            return match self.lumena(seat.opponent()) {
                Some(other) if other.distance(cell) < 4 => {
                    no(format!("{cell} is closer than 4 cells to the other Lumena on {other}"))
                }
                Some(_) => Ok(()),
                None if !self.room_for_second_lumena(cell) => no(format!(
                    "{cell} leaves no edge cell 4 or more cells away for the other Lumena"
                )),
                None => Ok(()),
            };
        }
        let mut touches_own = false;
        for dir in crate::core::Dir::ALL {
            let Some(n) = self.map.grid().step(cell, dir) else { continue };
            match self.board[n.index()] {
                Some(p) if p.owner == seat => touches_own = true,
                Some(_) => return no(format!("{cell} touches an enemy piece on {n}")),
                None => {}
            }
        }
        if !touches_own {
            return no(format!("{cell} does not touch any of your pieces"));
        }
        Ok(())
    }

    fn check_field_cell(&self, cell: Cell) -> Result<(), Illegal> {
        if self.map.contains(cell) {
            Ok(())
        } else {
            no(format!("{cell} is not on the field"))
        }
    }

    /// Y6–Y12 for one move of a piece.
    fn check_move(&self, action: &YamaAction) -> Result<(), Illegal> {
        let from = action.actor().expect("not a placement");
        self.check_field_cell(from)?;
        let Some(piece) = self.board[from.index()] else {
            return no(format!("there is no piece on {from}"));
        };
        let name = format!("{} on {from}", piece.kind.name());
        if piece.owner != self.to_move {
            return no(format!("the {name} is not yours"));
        }
        if self.acted == Some(from) {
            return no(format!("the {name} has already acted this turn: move another piece"));
        }
        let needs = |kind: Kind, what: &str| {
            if piece.kind == kind {
                Ok(())
            } else {
                no(format!("only {} {what}; that is {}", kind.a_name(), piece.kind.a_name()))
            }
        };
        match *action {
            YamaAction::Move { to, push, .. } => {
                if push.is_some() {
                    needs(Kind::Imp, "pushes")?;
                }
                self.check_travel(piece, from, to, &name)?;
                if let Some(target) = push {
                    self.check_push(to, target, Some(from))?;
                }
            }
            YamaAction::Push { target, .. } => {
                needs(Kind::Imp, "pushes")?;
                self.check_push(from, target, None)?;
            }
            YamaAction::Pull { target, .. } => {
                needs(Kind::Lumena, "pulls")?;
                self.check_pull(from, target)?;
            }
            YamaAction::Carry { to, pick, drop, .. } => {
                needs(Kind::Gargoyle, "carries")?;
                self.check_travel(piece, from, to, &name)?;
                self.check_carry(from, to, pick, drop)?;
            }
            YamaAction::Place { .. } => unreachable!("handled by the caller"),
        }
        Ok(())
    }

    /// Where a piece may go by its own movement (Y7, Y8, Y10, Y11, Y12) and binding (Y9).
    fn check_travel(&self, piece: Piece, from: Cell, to: Cell, name: &str) -> Result<(), Illegal> {
        self.check_field_cell(to)?;
        if to == from {
            return no(format!("the {name} is already there: a move goes to another cell"));
        }
        if self.board[to.index()].is_some() {
            return no(format!("{to} is taken"));
        }
        let Some(dir) = from.direction_to(to) else {
            return no(format!("the {name} moves in a straight line, not to {to}"));
        };
        let length = from.distance(to);
        match piece.kind {
            Kind::Lumena | Kind::Balor if length != 1 => {
                return no(format!("the {name} steps one cell"));
            }
            Kind::Imp if length > 2 => return no(format!("the {name} steps 1 cell or jumps 2")),
            _ => {}
        }
        if self.map.is_lava(to) && piece.kind != Kind::Lumena {
            return no(format!("{to} is lava: only a Lumena may enter it"));
        }
        if piece.kind != Kind::Gargoyle && self.map.level(from).abs_diff(self.map.level(to)) > 1 {
            return no(format!("{to} is more than one level away"));
        }
        for k in 1..length {
            let over = from.offset_by(dir, k).expect("between two cells");
            if !self.map.contains(over) && !self.options.edge {
                return no(format!("the {name} cannot pass the wall at {over}"));
            }
            let pillar_rule = piece.kind == Kind::Imp
                && self.map.is_pillar(over)
                && !self.map.is_pillar(from)
                && !self.map.is_pillar(to);
            if pillar_rule {
                return no(format!("the {name} cannot jump over the pillar on {over} from below"));
            }
        }
        if let Some((bound, ring)) = self.binding(self.to_move) {
            if bound == from && !ring.contains(to) {
                let lumena = self.lumena(self.to_move.opponent()).expect("binding needs it");
                return no(format!(
                    "the {name} is bound by the enemy Lumena on {lumena} and must stay next to it"
                ));
            }
        }
        Ok(())
    }

    /// Y10 pushes by an Imp standing on `at` (having left `vacated` this action).
    fn check_push(&self, at: Cell, target: Cell, vacated: Option<Cell>) -> Result<(), Illegal> {
        let occupied = |c: Cell| Some(c) != vacated && self.board[c.index()].is_some();
        let Some(dir) = at.direction_to(target) else {
            return no(format!("the Imp pushes along a straight line, and {target} is not on one"));
        };
        let range = at.distance(target);
        let on_pillar = self.map.is_pillar(at);
        if range > 2 || (range == 2 && !on_pillar) {
            return no("the Imp pushes a piece next to it (2 cells away only from a pillar)");
        }
        if range == 2 {
            let middle = at.offset(dir).expect("between two cells");
            if !self.map.contains(middle) && !self.options.edge {
                return no(format!("the wall at {middle} is in the way of the push"));
            }
            if self.map.contains(middle) && occupied(middle) {
                return no(format!("the piece on {middle} is in the way of the push"));
            }
        }
        if !self.map.contains(target) || !occupied(target) {
            return no(format!("there is no piece on {target} to push"));
        }
        if self.board[target.index()].is_some_and(|p| p.kind == Kind::Balor) {
            return no("a Balor cannot be pushed");
        }
        match target.offset(dir) {
            Some(d) if self.map.contains(d) => {
                if occupied(d) {
                    return no(format!("{d} behind the pushed piece is taken"));
                }
                if self.map.level(d) > self.map.level(target) {
                    return no(format!("a push cannot lift a piece onto the pillar on {d}"));
                }
            }
            _ if self.options.edge => {}
            _ => return no(format!("there is a wall behind the piece on {target}")),
        }
        Ok(())
    }

    /// Y8 pulls.
    fn check_pull(&self, from: Cell, target: Cell) -> Result<(), Illegal> {
        let dir = from.direction_to(target).filter(|_| from.distance(target) == 2);
        let Some(dir) = dir else {
            return no("the Lumena pulls a piece exactly two cells away in a straight line");
        };
        if !self.map.contains(target) || self.board[target.index()].is_none() {
            return no(format!("there is no piece on {target} to pull"));
        }
        let middle = from.offset(dir).expect("between two cells");
        if !self.map.contains(middle) {
            return if self.options.edge {
                Ok(())
            } else {
                no(format!("the wall at {middle} is in the way"))
            };
        }
        if self.board[middle.index()].is_some() {
            return no(format!("{middle} between them is taken"));
        }
        if self.map.is_pillar(middle) && !self.map.is_pillar(from) {
            return no(format!("the pillar on {middle} hides {target} from the Lumena"));
        }
        if self.map.level(middle) > self.map.level(target) {
            return no(format!("a pull cannot lift a piece onto the pillar on {middle}"));
        }
        Ok(())
    }

    /// Y11–Y12 carries: pick-up and drop strictly between take-off and landing, in order.
    fn check_carry(&self, from: Cell, to: Cell, pick: Cell, drop: Cell) -> Result<(), Illegal> {
        let between = |a: Cell, b: Cell, c: Cell| {
            a.direction_to(c).is_some()
                && a.direction_to(c) == a.direction_to(b)
                && a.distance(c) < a.distance(b)
        };
        if !between(from, to, pick) {
            return no(format!(
                "the Gargoyle picks up a piece it flies over, and {pick} is not on its way"
            ));
        }
        if !between(pick, to, drop) {
            return no(format!("the carried piece is dropped after {pick} and before {to}"));
        }
        let Some(piece) = self.board[pick.index()].filter(|_| self.map.contains(pick)) else {
            return no(format!("there is no piece on {pick} to pick up"));
        };
        if piece.kind == Kind::Balor {
            return no("a Balor is too heavy to carry");
        }
        if self.map.contains(drop) && self.board[drop.index()].is_some() {
            return no(format!("{drop} is taken: the carried piece needs an empty cell"));
        }
        Ok(())
    }
}
