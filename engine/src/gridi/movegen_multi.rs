//! The generator's part for actions involving two pieces: squad moves (G8), Mortar moves and
//! fire (G9), swaps (G7, G9, G13, G14) and Owl carries (G13).

use crate::core::Dir;

use super::action::GridiAction;
use super::attack::strike;
use super::board::{bit, bits, cell, dist, step, Board, Sq, DIST3, NEIGH, WITHIN2};
use super::movegen::Gen;
use super::piece::{Kind, Piece};
use super::threat::allowed;

impl Gen<'_> {
    pub(super) fn squads(&mut self) {
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

    pub(super) fn mortars(&mut self) {
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

    pub(super) fn swaps(&mut self) {
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

    pub(super) fn carries(&mut self) {
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
