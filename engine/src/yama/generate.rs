//! The seeded map generator (Y2, C4): a rectangle split into random 3-cell fragments, a few
//! border fragments taken away, 2–3 fragments raised as pillars and a sprinkle of short lava
//! chains in the middle ranks, retried until [`check_advice`] passes.

use crate::core::{Cell, CellSet, Rng};

use super::advice::{check_advice, components, has_hole, tile, START_RANKS};
use super::map::Map;
use super::maps::{named_map, NAMED_MAPS};

/// Rectangles to start from (width, height): every area is a multiple of 3.
const SIZES: [(u8, u8); 5] = [(9, 9), (9, 10), (8, 9), (9, 11), (10, 9)];

/// A generated map for an army of `army_size` pieces per player. Always passes
/// [`check_advice`]; after many failed attempts (never seen in tests) it falls back to a named
/// map chosen by the same random source.
pub fn generate(rng: &mut Rng, army_size: usize) -> Map {
    for _ in 0..200 {
        if let Some(map) = attempt(rng) {
            if check_advice(&map, army_size).is_ok() {
                return map;
            }
        }
    }
    let (name, _) = NAMED_MAPS[rng.below(NAMED_MAPS.len() as u64) as usize];
    named_map(name).expect("named maps exist")
}

fn attempt(rng: &mut Rng) -> Option<Map> {
    let (w, h) = SIZES[rng.below(SIZES.len() as u64) as usize];
    let rect: CellSet = (0..h).flat_map(|r| (0..w).filter_map(move |f| Cell::new(f, r))).collect();
    let mut shuffled = || {
        let mut order = [0, 1, 2, 3, 4, 5];
        rng.shuffle(&mut order);
        order
    };
    let mut frags = tile(&rect, &mut shuffled)?;
    let mut cells = rect;
    // Take away up to four fragments on the rectangle's rim, keeping the field whole.
    let removals = rng.below(5);
    for _ in 0..removals {
        let rim: Vec<usize> = (0..frags.len())
            .filter(|&i| {
                frags[i].iter().any(|c| {
                    c.file() == 0 || c.rank() == 0 || c.file() + 1 == w || c.rank() + 1 == h
                })
            })
            .collect();
        let &pick = rng.choose(&rim)?;
        let mut next = cells;
        frags[pick].iter().for_each(|c| {
            next.remove(*c);
        });
        let ok = components(&next).len() == 1
            && Map::from_sets(next, CellSet::EMPTY, CellSet::EMPTY).is_ok_and(|m| !has_hole(&m));
        if ok {
            cells = next;
            frags.swap_remove(pick);
        }
    }
    let middle = |c: &Cell| c.rank() >= START_RANKS && c.rank() + START_RANKS < h;
    // Pillars: 2 or 3 fragments of the middle ranks that do not touch each other.
    let want = 2 + rng.below(2) as usize;
    let mut candidates: Vec<[Cell; 3]> =
        frags.iter().filter(|f| f.iter().all(middle)).copied().collect();
    rng.shuffle(&mut candidates);
    let mut pillars = CellSet::EMPTY;
    let mut count = 0;
    for frag in candidates {
        if count == want {
            break;
        }
        let touches = frag.iter().any(|c| pillars.iter().any(|p| p.distance(*c) <= 1));
        if !touches {
            frag.iter().for_each(|c| {
                pillars.insert(*c);
            });
            count += 1;
        }
    }
    // Lava: single cells added while chains stay at most 3 long and the ground stays whole.
    let mut lava = CellSet::EMPTY;
    let spots: Vec<Cell> = cells.iter().filter(|c| middle(c) && !pillars.contains(*c)).collect();
    let target = 4 + rng.below(5);
    for _ in 0..40 {
        if lava.len() as u64 >= target {
            break;
        }
        let &cell = rng.choose(&spots)?;
        let mut next = lava;
        next.insert(cell);
        let short = components(&next).iter().all(|l| l.len() <= 3);
        if short && components(&cells.difference(&next)).len() == 1 {
            lava = next;
        }
    }
    Map::from_sets(cells, lava, pillars).ok()
}
