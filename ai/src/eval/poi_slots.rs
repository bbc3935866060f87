//! POI Control's slot geometry for the evaluation (P2): adjacency without allocating and
//! breadth-first distances over slots. Shared by the tile terms ([`super::poi`]) and the
//! pressure toward elimination ([`super::poi_pressure`]), which both walk the slots.

use engine::poi::{Map, Poi, Slot, SlotKind};
use engine::{Cell, Seat};

/// Slot indices are below this (`Slot::index`).
pub(super) const SLOTS: usize = 1280;
/// No squad reaches the slot.
pub(super) const FAR: u8 = u8::MAX;

/// Calls `f` with each slot adjacent to `slot` (P2) without allocating: the same adjacency as
/// `engine::poi::control::adjacent_slots`, which the evaluation calls too often to let allocate.
pub(super) fn for_each_adjacent(map: &Map, slot: Slot, mut f: impl FnMut(Slot)) {
    match slot.kind.dir() {
        None => SlotKind::ALL[..4].iter().for_each(|&k| f(Slot::new(slot.tile, k))),
        Some(dir) => {
            f(Slot::new(slot.tile, SlotKind::C));
            if let Some(next) = map.grid().step(slot.tile, dir) {
                f(Slot::new(next, SlotKind::gate(dir.opposite())));
            }
        }
    }
}

/// Slot steps (P2) from the nearest squad of `seat` to every slot ([`FAR`] where none
/// reaches): a breadth-first search that ignores what stands in the way.
pub(super) fn distances_from(game: &Poi, seat: Seat) -> [u8; SLOTS] {
    let mut distance = [FAR; SLOTS];
    let mut queue = [Slot::new(Cell::from_index(0), SlotKind::C); SLOTS];
    let (mut head, mut tail) = (0, 0);
    for (slot, squad) in game.squads() {
        if squad.owner == seat {
            distance[slot.index()] = 0;
            queue[tail] = slot;
            tail += 1;
        }
    }
    while head < tail {
        let slot = queue[head];
        head += 1;
        let d = distance[slot.index()];
        for_each_adjacent(game.map(), slot, |next| {
            if distance[next.index()] == FAR {
                distance[next.index()] = d.saturating_add(1).min(FAR - 1);
                queue[tail] = next;
                tail += 1;
            }
        });
    }
    distance
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::poi::control::adjacent_slots;
    use engine::Game;

    #[test]
    fn slot_adjacency_agrees_with_the_engine() {
        let game = Poi::new(&Default::default(), 1);
        for tile in game.map().tiles() {
            for kind in SlotKind::ALL {
                let slot = Slot::new(tile, kind);
                let mut ours = Vec::new();
                for_each_adjacent(game.map(), slot, |s| ours.push(s));
                assert_eq!(ours, adjacent_slots(game.map(), slot), "{slot:?}");
            }
        }
    }
}
