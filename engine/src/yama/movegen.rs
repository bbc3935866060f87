//! Listing the legal actions. Independent of [`super::validate`]: this enumerates what each
//! piece can reach, the validator checks one given action; the property tests cross-check them.
//! Both use [`Yama::consequences`] for the Y15 ban, which needs the action played out.

use crate::core::{Cell, CellSet, Dir, Seat};

use super::action::YamaAction;
use super::piece::Kind;
use super::state::{Phase, Yama};

impl Yama {
    /// Every legal action, in a stable order.
    pub fn legal(&self) -> Vec<YamaAction> {
        let mut out = Vec::new();
        self.visit_legal(&mut |a| {
            out.push(a);
            true
        });
        out
    }

    /// Whether the seat to move has any legal action.
    pub(crate) fn has_legal(&self) -> bool {
        !self.visit_legal(&mut |_| false)
    }

    /// Calls `f` with each legal action until it returns `false`; returns `false` if stopped.
    fn visit_legal(&self, f: &mut dyn FnMut(YamaAction) -> bool) -> bool {
        if self.outcome.is_some() {
            return true;
        }
        let mut emit = |a: YamaAction| self.consequences(&a).is_err() || f(a);
        match self.phase {
            Phase::Setup => self.gen_placements(&mut emit),
            Phase::Play => self.gen_moves(&mut emit),
        }
    }

    fn gen_placements(&self, emit: &mut dyn FnMut(YamaAction) -> bool) -> bool {
        let seat = self.to_move;
        let reserve = self.reserve[seat.index()];
        if reserve[Kind::Lumena.index()] > 0 {
            let enemy_lumena = self.lumena(seat.opponent());
            for cell in self.map.cells().iter() {
                let ok = self.is_empty(cell)
                    && self.map.is_ground(cell)
                    && self.map.is_border(cell)
                    && match enemy_lumena {
                        Some(l) => l.distance(cell) >= 4,
                        None => self.room_for_second_lumena(cell),
                    };
                if ok && !emit(YamaAction::Place { kind: Kind::Lumena, cell }) {
                    return false;
                }
            }
            return true;
        }
        let owner_at = |c: Cell| self.board[c.index()].map(|p| p.owner);
        for kind in [Kind::Imp, Kind::Gargoyle, Kind::Balor] {
            if reserve[kind.index()] == 0 {
                continue;
            }
            for cell in self.map.cells().iter() {
                if !self.is_empty(cell) || !self.map.is_ground(cell) {
                    continue;
                }
                let near: Vec<Option<Seat>> =
                    self.map.grid().neighbours(cell).map(owner_at).collect();
                let ok = near.contains(&Some(seat)) && !near.contains(&Some(seat.opponent()));
                if ok && !emit(YamaAction::Place { kind, cell }) {
                    return false;
                }
            }
        }
        true
    }

    fn gen_moves(&self, emit: &mut dyn FnMut(YamaAction) -> bool) -> bool {
        let seat = self.to_move;
        let bound = self.binding(seat);
        for from in self.cells_of(seat).collect::<Vec<_>>() {
            if self.acted == Some(from) {
                continue;
            }
            // Y9: the bound piece may only move to cells around the enemy Lumena.
            let ring: Option<CellSet> = bound.filter(|(b, _)| *b == from).map(|(_, r)| r);
            let may = |to: Cell| ring.is_none_or(|r| r.contains(to));
            let kind = self.board[from.index()].map(|p| p.kind).expect("own piece");
            let go_on = match kind {
                Kind::Lumena => self.gen_lumena(from, &may, emit),
                Kind::Imp => self.gen_imp(from, &may, emit),
                Kind::Gargoyle => self.gen_gargoyle(from, &may, emit),
                Kind::Balor => self.gen_steps(from, false, &may, emit),
            };
            if !go_on {
                return false;
            }
        }
        true
    }

    /// Y7 steps: to an empty adjacent field cell within one level; lava only for a Lumena.
    fn gen_steps(
        &self,
        from: Cell,
        lava_ok: bool,
        may: &dyn Fn(Cell) -> bool,
        emit: &mut dyn FnMut(YamaAction) -> bool,
    ) -> bool {
        for to in self.map.grid().neighbours(from) {
            let ok = self.board[to.index()].is_none()
                && (lava_ok || !self.map.is_lava(to))
                && self.map.level(to).abs_diff(self.map.level(from)) <= 1
                && may(to);
            if ok && !emit(YamaAction::Move { from, to, push: None }) {
                return false;
            }
        }
        true
    }

    /// Y8: steps (lava allowed) and pulls.
    fn gen_lumena(
        &self,
        from: Cell,
        may: &dyn Fn(Cell) -> bool,
        emit: &mut dyn FnMut(YamaAction) -> bool,
    ) -> bool {
        if !self.gen_steps(from, true, may, emit) {
            return false;
        }
        for dir in Dir::ALL {
            let (Some(middle), Some(target)) = (from.offset(dir), from.offset_by(dir, 2)) else {
                continue;
            };
            if !self.map.contains(target) || self.board[target.index()].is_none() {
                continue;
            }
            let ok = if self.map.contains(middle) {
                self.board[middle.index()].is_none()
                    && (!self.map.is_pillar(middle) || self.map.is_pillar(from))
                    && self.map.level(middle) <= self.map.level(target)
            } else {
                self.options.edge
            };
            if ok && !emit(YamaAction::Pull { from, target }) {
                return false;
            }
        }
        true
    }

    /// Y10: stay, step or jump, then optionally push.
    fn gen_imp(
        &self,
        from: Cell,
        may: &dyn Fn(Cell) -> bool,
        emit: &mut dyn FnMut(YamaAction) -> bool,
    ) -> bool {
        let landable = |to: Cell| {
            self.is_empty(to)
                && !self.map.is_lava(to)
                && self.map.level(to).abs_diff(self.map.level(from)) <= 1
                && may(to)
        };
        let mut dests: Vec<Cell> =
            self.map.grid().neighbours(from).filter(|&c| landable(c)).collect();
        for dir in Dir::ALL {
            let (Some(middle), Some(to)) = (from.offset(dir), from.offset_by(dir, 2)) else {
                continue;
            };
            if !self.map.contains(to) || !landable(to) {
                continue;
            }
            let over = if self.map.contains(middle) {
                !self.map.is_pillar(middle) || self.map.is_pillar(from) || self.map.is_pillar(to)
            } else {
                self.options.edge
            };
            if over {
                dests.push(to);
            }
        }
        for &to in &dests {
            if !emit(YamaAction::Move { from, to, push: None }) {
                return false;
            }
            for target in self.push_targets(to, Some(from)) {
                if !emit(YamaAction::Move { from, to, push: Some(target) }) {
                    return false;
                }
            }
        }
        for target in self.push_targets(from, None) {
            if !emit(YamaAction::Push { from, target }) {
                return false;
            }
        }
        true
    }

    /// Pieces an Imp on `at` can push (Y10); `vacated` is the cell the Imp left this action.
    fn push_targets(&self, at: Cell, vacated: Option<Cell>) -> Vec<Cell> {
        let occupied = |c: Cell| Some(c) != vacated && self.board[c.index()].is_some();
        let mut out = Vec::new();
        let reach = if self.map.is_pillar(at) { 2 } else { 1 };
        for dir in Dir::ALL {
            for n in 1..=reach {
                let Some(target) = at.offset_by(dir, n) else { break };
                if n == 2 {
                    let middle = at.offset(dir).expect("target beyond it exists");
                    let clear = if self.map.contains(middle) {
                        !occupied(middle)
                    } else {
                        self.options.edge
                    };
                    if !clear {
                        break;
                    }
                }
                if !self.map.contains(target) || !occupied(target) {
                    continue;
                }
                if self.board[target.index()].is_some_and(|p| p.kind == Kind::Balor) {
                    continue;
                }
                let dest_ok = match target.offset(dir) {
                    Some(d) if self.map.contains(d) => {
                        !occupied(d) && self.map.level(d) <= self.map.level(target)
                    }
                    _ => self.options.edge,
                };
                if dest_ok {
                    out.push(target);
                }
            }
        }
        out
    }

    /// Y11: flights along a straight line, with or without a carried piece.
    fn gen_gargoyle(
        &self,
        from: Cell,
        may: &dyn Fn(Cell) -> bool,
        emit: &mut dyn FnMut(YamaAction) -> bool,
    ) -> bool {
        for dir in Dir::ALL {
            let mut path: Vec<Cell> = Vec::new();
            let mut k = 1;
            while let Some(cell) = self.map.ray(from, dir, k) {
                if !self.map.contains(cell) && !self.options.edge {
                    break;
                }
                k += 1;
                let lands = self.is_empty(cell) && !self.map.is_lava(cell) && may(cell);
                if lands {
                    let to = cell;
                    if !emit(YamaAction::Move { from, to, push: None }) {
                        return false;
                    }
                    for (i, &pick) in path.iter().enumerate() {
                        let carriable = self.map.contains(pick)
                            && self.board[pick.index()].is_some_and(|p| p.kind != Kind::Balor);
                        if !carriable {
                            continue;
                        }
                        for &drop in &path[i + 1..] {
                            let free =
                                !self.map.contains(drop) || self.board[drop.index()].is_none();
                            if free && !emit(YamaAction::Carry { from, to, pick, drop }) {
                                return false;
                            }
                        }
                    }
                }
                path.push(cell);
            }
        }
        true
    }

    /// During setup: whether placing the first Lumena on `cell` still leaves the opponent a
    /// border ground cell at distance ≥ 4 (our reading of Y4: the draft must stay possible).
    pub(crate) fn room_for_second_lumena(&self, cell: Cell) -> bool {
        self.map.cells().iter().any(|c| {
            c != cell
                && c.distance(cell) >= 4
                && self.is_empty(c)
                && self.map.is_ground(c)
                && self.map.is_border(c)
        })
    }
}
