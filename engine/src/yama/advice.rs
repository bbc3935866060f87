//! The rulebook's advice for building a field, as checks (Y2). The named maps and every
//! generated map pass [`check_advice`]; custom maps only need to be playable
//! ([`check_playable`]).

use crate::core::{Cell, CellSet, Dir};

use super::map::Map;

/// The six 3-cell fragment shapes (straight or L), as (file, rank) offsets from the fragment's
/// first cell in cell-index order (lowest rank, then lowest file).
pub const SHAPES: [[(i8, i8); 3]; 6] = [
    [(0, 0), (1, 0), (2, 0)],
    [(0, 0), (0, 1), (0, 2)],
    [(0, 0), (1, 0), (0, 1)],
    [(0, 0), (1, 0), (1, 1)],
    [(0, 0), (0, 1), (1, 1)],
    [(0, 0), (-1, 1), (0, 1)],
];

/// Ranks counted as a player's start edge: the three nearest its side of the field.
pub const START_RANKS: u8 = 3;

/// The cells of `shape` anchored at `anchor`, if all are addressable.
pub fn fragment(anchor: Cell, shape: &[(i8, i8); 3]) -> Option<[Cell; 3]> {
    let mut out = [anchor; 3];
    for (slot, &(df, dr)) in out.iter_mut().zip(shape) {
        let f = anchor.file() as i8 + df;
        let r = anchor.rank() as i8 + dr;
        if f < 0 || r < 0 {
            return None;
        }
        *slot = Cell::new(f as u8, r as u8)?;
    }
    Some(out)
}

/// Splits `cells` into 3-cell fragments, trying shapes in `order` (indexes into [`SHAPES`]);
/// `None` when no split exists (or the search gives up after `budget` tries).
pub fn tile(cells: &CellSet, order: &mut dyn FnMut() -> [usize; 6]) -> Option<Vec<[Cell; 3]>> {
    let mut budget = 20_000u32;
    let mut out = Vec::new();
    tile_rec(*cells, order, &mut out, &mut budget).then_some(out)
}

fn tile_rec(
    left: CellSet,
    order: &mut dyn FnMut() -> [usize; 6],
    out: &mut Vec<[Cell; 3]>,
    budget: &mut u32,
) -> bool {
    let Some(first) = first(&left) else { return true };
    for shape in order() {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let Some(frag) = fragment(first, &SHAPES[shape]) else { continue };
        if frag.iter().all(|c| left.contains(*c)) {
            let mut rest = left;
            frag.iter().for_each(|c| {
                rest.remove(*c);
            });
            out.push(frag);
            if tile_rec(rest, order, out, budget) {
                return true;
            }
            out.pop();
        }
    }
    false
}

/// The 4-connected components of `set`.
pub fn components(set: &CellSet) -> Vec<CellSet> {
    let mut left = *set;
    let mut out = Vec::new();
    while let Some(start) = first(&left) {
        let mut comp = CellSet::EMPTY;
        let mut stack = vec![start];
        left.remove(start);
        while let Some(c) = stack.pop() {
            comp.insert(c);
            for dir in Dir::ALL {
                if let Some(n) = c.offset(dir) {
                    if left.remove(n) {
                        stack.push(n);
                    }
                }
            }
        }
        out.push(comp);
    }
    out
}

fn first(set: &CellSet) -> Option<Cell> {
    set.iter().next()
}

/// Whether the field has a hole: an outside cell inside the bounding rectangle that cannot
/// reach the rectangle's edge through outside cells.
pub fn has_hole(map: &Map) -> bool {
    let (w, h) = (map.grid().width(), map.grid().height());
    let outside: CellSet = (0..h)
        .flat_map(|r| (0..w).filter_map(move |f| Cell::new(f, r)))
        .filter(|c| !map.contains(*c))
        .collect();
    components(&outside).iter().any(|comp| {
        !comp
            .iter()
            .any(|c| c.file() == 0 || c.rank() == 0 || c.file() + 1 == w || c.rank() + 1 == h)
    })
}

/// The ground (non-lava) cells of a player's start edge: the [`START_RANKS`] lowest ranks for
/// player 1 (`top == false`), the highest for player 2.
pub fn start_zone(map: &Map, top: bool) -> CellSet {
    let h = map.grid().height();
    map.cells()
        .iter()
        .filter(|c| map.is_ground(*c))
        .filter(|c| if top { c.rank() + START_RANKS >= h } else { c.rank() < START_RANKS })
        .collect()
}

/// Checks the rulebook's advice (Y2) for an army of `army_size` pieces; the first broken
/// condition, in words.
pub fn check_advice(map: &Map, army_size: usize) -> Result<(), String> {
    if tile(map.cells(), &mut || [0, 1, 2, 3, 4, 5]).is_none() {
        return Err("the field is not made of 3-cell fragments".into());
    }
    let pillar_parts = components(map.pillars());
    if !(2..=3).contains(&pillar_parts.len()) || pillar_parts.iter().any(|p| p.len() != 3) {
        return Err("the field needs 2 or 3 separate pillars of 3 cells".into());
    }
    let ground = map.cells().difference(map.lava());
    if components(&ground).len() != 1 {
        return Err("some ground cell cannot be reached over ground".into());
    }
    if components(map.lava()).iter().any(|l| l.len() > 3) {
        return Err("a lava chain is longer than 3 cells".into());
    }
    if has_hole(map) {
        return Err("the field has a hole inside".into());
    }
    for top in [false, true] {
        let zone = start_zone(map, top);
        if zone.len() < army_size + 4 || !zone.iter().any(|c| map.is_border(c)) {
            return Err("a start edge has no room for the army".into());
        }
    }
    check_playable(map)
}

/// The least a custom map must offer: two border ground cells at distance ≥ 4, so both
/// Lumenas can be placed (Y4).
pub fn check_playable(map: &Map) -> Result<(), String> {
    check_playable_why(map).map_err(|(en, _)| en)
}

/// [`check_playable`] with the reason in English and Russian, for option errors.
pub(crate) fn check_playable_why(map: &Map) -> Result<(), (String, String)> {
    let border: Vec<Cell> =
        map.cells().iter().filter(|c| map.is_ground(*c) && map.is_border(*c)).collect();
    if border.iter().any(|a| border.iter().any(|b| a.distance(*b) >= 4)) {
        Ok(())
    } else {
        Err((
            "the map needs two ground cells on its border at least 4 apart".into(),
            "на краю карты нужны две клетки земли не ближе 4 клеток друг к другу".into(),
        ))
    }
}
