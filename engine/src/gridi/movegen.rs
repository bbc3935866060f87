//! The legal-action generator: every candidate built piece by piece, performed on a copy of
//! the (small, `Copy`) board and kept when its result is allowed (G6). Independent of
//! `validate.rs`, which checks one given action directly; the property tests cross-check them.

use crate::core::{Dir, Seat};

use super::action::GridiAction;
use super::attack::strike;
use super::board::{
    bit, bits, cell, dist, home_rank, step, Board, Sq, CELLS, DIST3, NEIGH, WITHIN2, WITHIN4,
};
use super::piece::{Kind, Piece};
use super::state::Gridi;
use super::threat::allowed;

struct Gen<'a> {
    board: &'a Board,
    me: Seat,
    out: Vec<GridiAction>,
    /// Moves already listed: bit `to` of entry `from`.
    moved: [u64; CELLS],
    /// Swaps already judged: bit `b` of entry `a`, `a < b`.
    swapped: [u64; CELLS],
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
    fn mine(&self) -> u64 {
        self.board.of(self.me)
    }

    fn theirs(&self) -> u64 {
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
    fn movable_by(&self, z: Sq) -> u64 {
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

    fn squads(&mut self) {
        let grids = self.board.grid & self.mine();
        let empty = self.board.empty();
        for a in bits(grids) {
            for b in bits(NEIGH[a as usize] & grids).filter(|&b| b > a) {
                for da in Dir::ALL {
                    let Some(ta) = step(a, da).filter(|&t| (empty | bit(b)) & bit(t) != 0) else {
                        continue;
                    };
                    for db in Dir::ALL {
                        let Some(tb) = step(b, db).filter(|&t| (empty | bit(a)) & bit(t) != 0)
                        else {
                            continue;
                        };
                        if (ta == b && tb == a) || ta == tb || NEIGH[ta as usize] & bit(tb) == 0 {
                            continue;
                        }
                        let mut next = *self.board;
                        next.take(a);
                        next.take(b);
                        next.put(ta, Piece::new(Kind::Grid, self.me));
                        next.put(tb, Piece::new(Kind::Grid, self.me));
                        let hit_a = strike(&mut next, self.me, ta, da, false).hit_prince();
                        let hit_b = strike(&mut next, self.me, tb, db, false).hit_prince();
                        if allowed(&next, self.me, hit_a || hit_b) {
                            self.out.push(GridiAction::Pair {
                                first: (cell(a), cell(ta)),
                                second: (cell(b), cell(tb)),
                            });
                        }
                    }
                }
            }
        }
    }

    fn push_pair(&mut self, one: (Sq, Sq), two: (Sq, Sq), next: &Board) {
        if allowed(next, self.me, false) {
            let (first, second) = if one.0 < two.0 { (one, two) } else { (two, one) };
            self.out.push(GridiAction::Pair {
                first: (cell(first.0), cell(first.1)),
                second: (cell(second.0), cell(second.1)),
            });
        }
    }

    fn mortars(&mut self) {
        let grids = self.board.grid & self.mine();
        let empty = self.board.empty();
        let targets = self.theirs() | self.board.mortar;
        for m in bits(self.board.mortar) {
            for g in bits(NEIGH[m as usize] & grids) {
                for t in bits(NEIGH[m as usize] & empty) {
                    let mut next = *self.board;
                    next.shift(m, t);
                    next.shift(g, m);
                    self.push_pair((m, t), (g, m), &next);
                }
                for t in bits(NEIGH[g as usize] & empty) {
                    let mut next = *self.board;
                    next.shift(g, t);
                    next.shift(m, g);
                    self.push_pair((g, t), (m, g), &next);
                }
            }
            if self.board.controls(self.me, m) {
                for t in bits(DIST3[m as usize] & targets) {
                    let mut next = *self.board;
                    let hit = next
                        .take(t)
                        .is_some_and(|p| p == Piece::new(Kind::Prince, self.me.opponent()));
                    if allowed(&next, self.me, hit) {
                        self.out.push(GridiAction::Fire { mortar: cell(m), target: cell(t) });
                    }
                }
            }
        }
    }

    fn try_swap(&mut self, a: Sq, b: Sq) {
        let (a, b) = (a.min(b), a.max(b));
        if self.swapped[a as usize] & bit(b) != 0 {
            return;
        }
        self.swapped[a as usize] |= bit(b);
        if self.board.at(a) == self.board.at(b) {
            return;
        }
        let mut next = *self.board;
        next.exchange(a, b);
        if allowed(&next, self.me, false) {
            self.out.push(GridiAction::Swap { a: cell(a), b: cell(b) });
        }
    }

    fn swaps(&mut self) {
        let mine = self.mine();
        for a in bits(mine) {
            for b in bits(NEIGH[a as usize] & mine) {
                self.try_swap(a, b);
            }
        }
        let helpers = (self.board.grid | self.board.owl) & mine;
        for m in bits(self.board.mortar) {
            for h in bits(NEIGH[m as usize] & helpers) {
                self.try_swap(m, h);
            }
        }
        for z in bits(self.board.princess & mine) {
            let movable = self.movable_by(z);
            for a in bits(movable) {
                for b in bits(movable & !(bit(a + 1) - 1)) {
                    self.try_swap(a, b);
                }
            }
        }
    }

    fn carries(&mut self) {
        let b = self.board;
        let mine = self.mine();
        let empty = b.empty();
        let cargo = ((b.grid | b.princess) & mine) | b.mortar;
        for s in bits(b.owl & mine) {
            for p in bits(WITHIN2[s as usize] & cargo) {
                let d1 = dist(s, p);
                let drops = if d1 == 1 { WITHIN2[p as usize] } else { NEIGH[p as usize] };
                for q in bits(drops & (empty | bit(s))) {
                    let used = d1 + dist(p, q);
                    let lands = if used == 2 { WITHIN2[q as usize] } else { NEIGH[q as usize] };
                    for e in bits(lands & (empty | bit(s) | bit(p))) {
                        if q == s && e == p {
                            continue; // the swap s=p
                        }
                        let mut next = *b;
                        let piece = next.take(p);
                        let owl = next.take(s);
                        if let (Some(piece), Some(owl)) = (piece, owl) {
                            next.put(q, piece);
                            next.put(e, owl);
                        }
                        if allowed(&next, self.me, false) {
                            self.out.push(GridiAction::Carry {
                                owl: cell(s),
                                pick: cell(p),
                                drop: cell(q),
                                land: cell(e),
                            });
                        }
                    }
                }
            }
        }
    }
}
