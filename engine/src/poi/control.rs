//! Slot adjacency (P2), control of tiles and the bonuses it brings (P5, P6), production
//! (P10). Everything here is derived from the board on demand, so a captured bonus counts
//! from the very next action, in the same phase (P5).

use crate::core::{Cell, Seat};

use super::map::Map;
use super::piece::{BonusKind, Slot, SlotKind};
use super::state::{Poi, Stock, TILE_CAP};

/// The slots adjacent to `slot` (P2): the centre and the gates of one tile, and a gate with
/// the facing gate of the neighbouring tile (door to door).
pub fn adjacent_slots(map: &Map, slot: Slot) -> Vec<Slot> {
    match slot.kind.dir() {
        None => SlotKind::ALL[..4].iter().map(|&k| Slot::new(slot.tile, k)).collect(),
        Some(dir) => {
            let mut out = vec![Slot::new(slot.tile, SlotKind::C)];
            if let Some(next) = map.grid().step(slot.tile, dir) {
                out.push(Slot::new(next, SlotKind::gate(dir.opposite())));
            }
            out
        }
    }
}

/// Whether two slots are adjacent (P2), decided from their names alone; the tiles must exist.
pub fn are_adjacent(a: Slot, b: Slot) -> bool {
    if a.tile == b.tile {
        return (a.kind == SlotKind::C) != (b.kind == SlotKind::C);
    }
    match (a.tile.direction_to(b.tile), a.kind.dir(), b.kind.dir()) {
        (Some(d), Some(da), Some(db)) => a.tile.touches(b.tile) && da == d && db == d.opposite(),
        _ => false,
    }
}

impl Poi {
    /// The player controlling `tile`: the owner of the squad in its centre (P5).
    pub fn controller(&self, tile: Cell) -> Option<Seat> {
        self.squad(Slot::new(tile, SlotKind::C)).map(|s| s.owner)
    }

    /// The bonus of `tile` as it counts for its controller: kind and min(X, centre value) (P5).
    pub fn counted_bonus(&self, tile: Cell) -> Option<(Seat, BonusKind, u8)> {
        let bonus = self.map.bonus(tile)?;
        let centre = self.squad(Slot::new(tile, SlotKind::C))?;
        Some((centre.owner, bonus.kind, bonus.amount.min(centre.value)))
    }

    /// `seat`'s total of `kind` over the tiles it controls (P6): its ATK or DEF bonus.
    pub fn bonus_total(&self, seat: Seat, kind: BonusKind) -> u8 {
        self.map
            .tiles()
            .filter_map(|t| self.counted_bonus(t))
            .filter(|&(owner, k, _)| owner == seat && k == kind)
            .map(|(_, _, x)| x)
            .sum()
    }

    /// How many tiles `seat` controls (P5, P12).
    pub fn controlled_tiles(&self, seat: Seat) -> usize {
        self.map.tiles().filter(|&t| self.controller(t) == Some(seat)).count()
    }

    /// What `seat`'s production would add to each tile now (P10): its ARM/SUP tiles' counted
    /// bonus, cut at the 12-unit cap.
    pub fn production(&self, seat: Seat) -> Vec<(Cell, Stock)> {
        let mut out = Vec::new();
        for tile in self.map.tiles() {
            let Some((owner, kind, x)) = self.counted_bonus(tile) else { continue };
            if owner != seat {
                continue;
            }
            let room = TILE_CAP.saturating_sub(self.stock(tile).total());
            let n = x.min(room);
            match kind {
                BonusKind::Arm if n > 0 => out.push((tile, Stock { arm: n, sup: 0 })),
                BonusKind::Sup if n > 0 => out.push((tile, Stock { arm: 0, sup: n })),
                _ => {}
            }
        }
        out
    }

    /// The slots a squad of `seat` in `from` may move to (P7): the adjacent ones, and every
    /// other slot of the tile when `seat` controls it.
    pub fn squad_targets(&self, seat: Seat, from: Slot) -> Vec<Slot> {
        let mut out = adjacent_slots(&self.map, from);
        if self.controller(from.tile) == Some(seat) {
            for kind in SlotKind::ALL {
                let slot = Slot::new(from.tile, kind);
                if slot != from && !out.contains(&slot) {
                    out.push(slot);
                }
            }
        }
        out.sort();
        out
    }
}
