//! The named maps (P3) and the seeded generator of fair maps (P3, C4).
//!
//! Fairness, as the tests check it for every named and generated map: every start tile is a
//! bonus-free tile on the outer edge; every player's nearest other start is equally far; and
//! every player has the same *share*: the multiset of (bonus, distance from its start, number
//! of starts equally near) over the bonus tiles it is nearest to (ties included). Distances are
//! tile steps over the field.

use crate::core::{Cell, CellSet, Rng};

use super::map::Map;
use super::piece::{Bonus, BonusKind};

/// The named maps: (name, players it is made for, map text).
pub const NAMED_MAPS: [(&str, usize, &str); 3] = [
    ("duel", 2, "o1sooB/1ko2ao1d/o2s3k2so/1do2ao1k/Roo1so"),
    ("triad", 3, "..2aG2s../.o1ko1do./2a1kooo1k2a/Roo2kooB/2s1do3ao1d2s"),
    ("cross", 4, "..2aB2s../.1s1ko1d1s./2s1dooo1k2a/Yoo2kooG/2a1kooo1d2s/.1s1do1k1s./..2sR2a.."),
];

/// The named map called `name` (case-insensitive), with the player count it is made for.
pub fn named_map(name: &str) -> Option<(&'static str, usize, Map)> {
    NAMED_MAPS
        .iter()
        .find(|(n, _, _)| n.eq_ignore_ascii_case(name))
        .map(|&(n, players, text)| (n, players, Map::read(text).expect("named maps are valid")))
}

/// The named map made for `players` players.
pub fn default_map(players: usize) -> Map {
    let (name, _, _) = NAMED_MAPS.iter().find(|(_, p, _)| *p == players).unwrap_or(&NAMED_MAPS[0]);
    named_map(name).expect("named maps exist").2
}

/// One player's share of the bonus tiles: sorted (bonus, distance, starts equally near).
pub type Share = Vec<(Bonus, u8, u8)>;

/// Every player's share and distance to its nearest other start, for the first `players`
/// start tiles (see the module docs). Fair maps give every player the same pair.
pub fn fairness(map: &Map, players: usize) -> Vec<(Share, u8)> {
    let starts = &map.starts()[..players.min(map.starts().len())];
    let dists: Vec<Vec<Option<u8>>> = starts.iter().map(|&s| map.distances(s)).collect();
    let mut result = Vec::new();
    for (p, &start) in starts.iter().enumerate() {
        let mut share = Vec::new();
        for tile in map.tiles() {
            let Some(bonus) = map.bonus(tile) else { continue };
            let ds: Vec<u8> = dists.iter().map(|d| d[tile.index()].unwrap_or(u8::MAX)).collect();
            let best = ds.iter().copied().min().unwrap_or(u8::MAX);
            if ds[p] == best {
                let ties = ds.iter().filter(|&&d| d == best).count() as u8;
                share.push((bonus, best, ties));
            }
        }
        share.sort();
        let nearest = starts
            .iter()
            .filter(|&&s| s != start)
            .map(|s| dists[p][s.index()].unwrap_or(u8::MAX))
            .min()
            .unwrap_or(0);
        result.push((share, nearest));
    }
    result
}

/// A fair map for `players` players drawn from `rng` (C4). Falls back to the named map for
/// the player count if no attempt succeeds (it practically always does).
pub fn generate(players: usize, rng: &mut Rng) -> Map {
    for _ in 0..200 {
        if let Some(map) = attempt(players, rng) {
            return map;
        }
    }
    default_map(players)
}

fn attempt(players: usize, rng: &mut Rng) -> Option<Map> {
    let (w, h): (u8, u8) = match players {
        2 => (5, 5),
        3 => (7, 6),
        _ => (7, 7),
    };
    let mut tiles: CellSet =
        (0..h).flat_map(|r| (0..w).filter_map(move |f| Cell::new(f, r))).collect();
    let holes = rng.below(4) as usize;
    for _ in 0..holes {
        let cell = Cell::new(rng.below(u64::from(w)) as u8, rng.below(u64::from(h)) as u8)?;
        tiles.remove(cell);
    }
    let rim: Vec<Cell> = tiles
        .iter()
        .filter(|c| c.file() == 0 || c.rank() == 0 || c.file() == w - 1 || c.rank() == h - 1)
        .collect();
    let shape = Map::new(tiles, &[], vec![rim[0], rim[rim.len() - 1]]).ok()?;
    if shape.grid().width() != w || shape.grid().height() != h {
        return None;
    }
    let min_apart = if players == 2 { 6 } else { 5 };
    let starts = pick_starts(&shape, &rim, players, min_apart, rng)?;
    let dists: Vec<Vec<Option<u8>>> = starts.iter().map(|&s| shape.distances(s)).collect();
    let dist = |p: usize, c: Cell| dists[p][c.index()].unwrap_or(u8::MAX);
    // Own regions (strictly nearest to one start) and tiles equally near to all starts.
    let mut own: Vec<Vec<Cell>> = vec![Vec::new(); players];
    let mut shared = Vec::new();
    for tile in tiles.iter().filter(|t| !starts.contains(t)) {
        let ds: Vec<u8> = (0..players).map(|p| dist(p, tile)).collect();
        let best = *ds.iter().min()?;
        let nearest: Vec<usize> = (0..players).filter(|&p| ds[p] == best).collect();
        if nearest.len() == 1 {
            own[nearest[0]].push(tile);
        } else if nearest.len() == players {
            shared.push(tile);
        }
    }
    let mut kinds = vec![BonusKind::Arm, BonusKind::Sup];
    kinds.push(if rng.below(2) == 0 { BonusKind::Atk } else { BonusKind::Def });
    kinds.push(BonusKind::ALL[rng.below(4) as usize]);
    let mut bonuses = Vec::new();
    for kind in kinds {
        let bonus = Bonus { kind, amount: rng.roll(3) };
        let options: Vec<u8> = (1..=12u8)
            .filter(|&d| (0..players).all(|p| own[p].iter().any(|&t| dist(p, t) == d)))
            .collect();
        let &d = rng.choose(&options)?;
        for (p, region) in own.iter_mut().enumerate() {
            let at: Vec<usize> = (0..region.len()).filter(|&i| dist(p, region[i]) == d).collect();
            let &i = rng.choose(&at)?;
            bonuses.push((region.swap_remove(i), bonus));
        }
    }
    rng.shuffle(&mut shared);
    for &tile in shared.iter().take(rng.below(3) as usize) {
        let kind = BonusKind::ALL[rng.below(4) as usize];
        bonuses.push((tile, Bonus { kind, amount: rng.roll(3) }));
    }
    Map::new(tiles, &bonuses, starts).ok()
}

fn pick_starts(
    shape: &Map,
    rim: &[Cell],
    players: usize,
    min_apart: u8,
    rng: &mut Rng,
) -> Option<Vec<Cell>> {
    for _ in 0..100 {
        let mut pool = rim.to_vec();
        rng.shuffle(&mut pool);
        let starts: Vec<Cell> = pool.into_iter().take(players).collect();
        let dists: Vec<Vec<Option<u8>>> = starts.iter().map(|&s| shape.distances(s)).collect();
        let nearest: Vec<u8> = (0..players)
            .map(|p| {
                (0..players)
                    .filter(|&q| q != p)
                    .map(|q| dists[p][starts[q].index()].unwrap_or(0))
                    .min()
                    .unwrap_or(0)
            })
            .collect();
        if nearest.iter().all(|&d| d == nearest[0] && d >= min_apart) {
            return Some(starts);
        }
    }
    None
}
