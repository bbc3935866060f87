//! The legal-action generator: every candidate built piece by piece, performed on a copy of
//! the (small, `Copy`) board and kept when its result is allowed (G6). Independent of
//! `validate.rs`, which checks one given action directly; the property tests cross-check them.

use crate::core::{Dir, Seat};

use super::action::GridiAction;
use super::attack::strike;
use super::board::{bit, bits, cell, home_rank, step, Board, Sq, CELLS, WITHIN2, WITHIN4};
use super::piece::{Kind, Piece};
use super::state::Gridi;
use super::threat::allowed;

/// The generator's working state: the position, the output, and what was already listed.
pub(super) struct Gen<'a> {
    pub(super) board: &'a Board,
    pub(super) me: Seat,
    pub(super) out: Vec<GridiAction>,
    /// Moves already listed: bit `to` of entry `from`.
    pub(super) moved: [u64; CELLS],
    /// Swaps already judged: bit `b` of entry `a`, `a < b`.
    pub(super) swapped: [u64; CELLS],
}

/// Every legal action of the player to move, without duplicates.
pub fn legal_actions(g: &Gridi) -> Vec<GridiAction> {
    if g.outcome.is_some() {
        return Vec::new();
    }
    let mut gen = Gen {
        board: &g.board,
        me: g.mover,
        out: Vec::with_capacity(128),
        moved: [0; CELLS],
        swapped: [0; CELLS],
    };
    gen.deployments(g);
    if g.must_deploy() {
        if gen.out.is_empty() && allowed(gen.board, gen.me, false) {
            gen.out.push(GridiAction::Pass);
        }
        return gen.out;
    }
    gen.grids();
    gen.prince();
    gen.owls();
    gen.teleports();
    gen.squads();
    gen.mortars();
    gen.swaps();
    gen.carries();
    if allowed(gen.board, gen.me, false) {
        gen.out.push(GridiAction::Pass);
    }
    gen.out
}

impl Gen<'_> {
    pub(super) fn mine(&self) -> u64 {
        self.board.of(self.me)
    }

    pub(super) fn theirs(&self) -> u64 {
        self.board.of(self.me.opponent())
    }

    fn deployments(&mut self, g: &Gridi) {
        let reserve = g.reserve(self.me);
        let home = home_rank(self.me) & self.board.empty();
        for kind in [Kind::Prince, Kind::Princess, Kind::Owl, Kind::Mortar] {
            if reserve.count(kind) == 0 {
                continue;
            }
            for t in bits(home) {
                let mut next = *self.board;
                next.put(t, Piece::new(kind, self.me));
                if allowed(&next, self.me, false) {
                    self.out.push(GridiAction::Deploy { kind, at: cell(t) });
                }
            }
        }
        if reserve.count(Kind::Grid) > 0 {
            for a in bits(home) {
                let Some(b) = step(a, Dir::E).filter(|&b| home & bit(b) != 0) else { continue };
                let mut next = *self.board;
                next.put(a, Piece::new(Kind::Grid, self.me));
                next.put(b, Piece::new(Kind::Grid, self.me));
                if allowed(&next, self.me, false) {
                    self.out.push(GridiAction::DeploySquad { a: cell(a), b: cell(b) });
                }
            }
        }
    }

    fn push_move(&mut self, from: Sq, to: Sq, next: &Board, prince_hit: bool) {
        if self.moved[from as usize] & bit(to) == 0 && allowed(next, self.me, prince_hit) {
            self.moved[from as usize] |= bit(to);
            self.out.push(GridiAction::Move { from: cell(from), to: cell(to) });
        }
    }

    fn grids(&mut self) {
        let empty = self.board.empty();
        for s in bits(self.board.grid & self.mine()) {
            for dir in Dir::ALL {
                let Some(t) = step(s, dir).filter(|&t| empty & bit(t) != 0) else { continue };
                let mut next = *self.board;
                next.shift(s, t);
                let hit = strike(&mut next, self.me, t, dir, false).hit_prince();
                self.push_move(s, t, &next, hit);
            }
        }
    }

    fn prince(&mut self) {
        let Some(q) = self.board.prince_of(self.me) else { return };
        let empty = self.board.empty();
        let passable = empty | self.mine();
        for d1 in Dir::ALL {
            let Some(m) = step(q, d1).filter(|&m| passable & bit(m) != 0) else { continue };
            if empty & bit(m) != 0 {
                self.prince_end(q, m, d1);
            }
            for d2 in Dir::ALL {
                let Some(e) = step(m, d2).filter(|&e| e != q && empty & bit(e) != 0) else {
                    continue;
                };
                self.prince_end(q, e, d2);
            }
        }
    }

    fn prince_end(&mut self, q: Sq, end: Sq, last: Dir) {
        if self.moved[q as usize] & bit(end) != 0 {
            return;
        }
        let mut next = *self.board;
        next.shift(q, end);
        let hit = strike(&mut next, self.me, end, last, true).hit_prince();
        self.push_move(q, end, &next, hit);
    }

    fn owls(&mut self) {
        let empty = self.board.empty();
        let theirs = self.theirs();
        for s in bits(self.board.owl & self.mine()) {
            for t in bits(WITHIN4[s as usize]) {
                let tb = bit(t);
                let mut next = *self.board;
                if empty & tb != 0 {
                    next.shift(s, t);
                    self.push_move(s, t, &next, false);
                } else if theirs & tb != 0
                    && (self.board.owl | self.board.mortar) & tb == 0
                    && self.board.is_lone(t)
                {
                    next.take(t);
                    next.shift(s, t);
                    self.push_move(s, t, &next, self.board.prince & tb != 0);
                }
            }
        }
    }

    /// Pieces a Princess on `z` may move or swap (G14): her zone, minus both Princes, the
    /// enemy Princess and pieces in the enemy Princess's zone; she herself always.
    pub(super) fn movable_by(&self, z: Sq) -> u64 {
        let b = self.board;
        let enemy_princesses = b.princess & self.theirs();
        let enemy_zone = bits(enemy_princesses).fold(0, |m, q| m | WITHIN2[q as usize] | bit(q));
        let zone = (WITHIN2[z as usize] | bit(z)) & b.occupied();
        (zone & !b.prince & !enemy_princesses & !enemy_zone) | bit(z)
    }

    fn teleports(&mut self) {
        let empty = self.board.empty();
        for z in bits(self.board.princess & self.mine()) {
            let targets = WITHIN2[z as usize] & empty;
            for f in bits(self.movable_by(z)) {
                for t in bits(targets) {
                    let mut next = *self.board;
                    next.shift(f, t);
                    self.push_move(f, t, &next, false);
                }
            }
        }
    }
}
