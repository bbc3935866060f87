//! The field: which tiles exist, their bonuses and the players' start tiles (P1, P3), and its
//! compact text form.
//!
//! Map text: ranks from the top down separated by `/`; in each rank one token per tile column
//! from file `a`: `.` no tile, `o` a plain tile, `R` `B` `G` `Y` the start tile of seat 1–4
//! (always bonus-free), or a bonus `Xk` (+X ATK), `Xd` (+X DEF), `Xa` (X ARM), `Xs` (X SUP)
//! with X in 1–3. Example, two tiles and a +2 ATK tile between them: `R2kB`.

use crate::core::{Cell, CellSet, Grid, MAX_SIDE};

use super::piece::{Bonus, BonusKind, START_LETTERS};

/// A field of tiles with bonuses and start tiles.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Map {
    grid: Grid,
    bonus: Vec<Option<Bonus>>,
    starts: Vec<Cell>,
}

impl Map {
    /// A map from its parts; checks everything [`Map::read`] checks.
    pub fn new(
        tiles: CellSet,
        bonuses: &[(Cell, Bonus)],
        starts: Vec<Cell>,
    ) -> Result<Map, String> {
        let grid = Grid::irregular(tiles).ok_or("the map has no tiles")?;
        let mut bonus = vec![None; 256];
        for &(cell, b) in bonuses {
            if !grid.contains(cell) {
                return Err(format!("the bonus tile {cell} is not on the map"));
            }
            if !(1..=3).contains(&b.amount) {
                return Err(format!("the bonus on {cell} is {}, X must be 1 to 3", b.amount));
            }
            bonus[cell.index()] = Some(b);
        }
        let map = Map { grid, bonus, starts };
        map.check()?;
        Ok(map)
    }

    fn check(&self) -> Result<(), String> {
        let tiles = self.grid.cells();
        if !tiles.iter().any(|c| c.file() == 0) || !tiles.iter().any(|c| c.rank() == 0) {
            return Err("the map must touch file a and rank 1 (no empty first file or rank)".into());
        }
        if !(2..=4).contains(&self.starts.len()) {
            return Err(format!("the map has {} start tiles, it needs 2 to 4", self.starts.len()));
        }
        for (i, &start) in self.starts.iter().enumerate() {
            if !self.grid.contains(start) {
                return Err(format!("start tile {start} is not on the map"));
            }
            if self.starts[..i].contains(&start) {
                return Err(format!("{start} is the start tile of two players"));
            }
            if self.bonus(start).is_some() {
                return Err(format!(
                    "start tile {start} carries a bonus (P3: start tiles are bonus-free)"
                ));
            }
            if !self.grid.is_border(start) {
                return Err(format!("start tile {start} is not on the edge of the field (P3)"));
            }
        }
        let first = tiles.iter().next().ok_or("the map has no tiles")?;
        if self.distances(first).iter().filter(|d| d.is_some()).count() != tiles.len() {
            return Err("the tiles of the map are not all connected".into());
        }
        Ok(())
    }

    /// The tile geometry.
    pub const fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Every tile, in cell order.
    pub fn tiles(&self) -> impl Iterator<Item = Cell> + '_ {
        self.grid.cells().iter()
    }

    /// Whether `tile` exists.
    pub const fn contains(&self, tile: Cell) -> bool {
        self.grid.contains(tile)
    }

    /// The bonus printed on `tile`, if any.
    pub fn bonus(&self, tile: Cell) -> Option<Bonus> {
        self.bonus[tile.index()]
    }

    /// The start tiles, in seat order (2 to 4).
    pub fn starts(&self) -> &[Cell] {
        &self.starts
    }

    /// Tile steps from `from` to every tile (`None` where unreachable), indexed by cell index.
    pub fn distances(&self, from: Cell) -> Vec<Option<u8>> {
        let mut dist = vec![None; 256];
        if !self.contains(from) {
            return dist;
        }
        dist[from.index()] = Some(0);
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(cell) = queue.pop_front() {
            let d = dist[cell.index()].unwrap_or(0);
            for n in self.grid.neighbours(cell) {
                if dist[n.index()].is_none() {
                    dist[n.index()] = Some(d + 1);
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// Reads a map text (see the module docs), with a reason when it is not a valid map.
    pub fn read(text: &str) -> Result<Map, String> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() > MAX_SIDE as usize {
            return Err(format!("the map has {} ranks, at most {MAX_SIDE}", rows.len()));
        }
        let height = rows.len() as u8;
        let mut tiles = CellSet::EMPTY;
        let mut bonuses = Vec::new();
        let mut starts: [Option<Cell>; 4] = [None; 4];
        let mut width = None;
        for (i, row) in rows.iter().enumerate() {
            let rank = height - 1 - i as u8;
            let mut file = 0u8;
            let mut chars = row.chars();
            while let Some(c) = chars.next() {
                let cell = Cell::new(file, rank)
                    .ok_or_else(|| format!("rank {} is longer than {MAX_SIDE} tiles", rank + 1))?;
                match c {
                    '.' => {}
                    'o' => {
                        tiles.insert(cell);
                    }
                    '1'..='3' => {
                        let kind = chars
                            .next()
                            .and_then(BonusKind::from_letter)
                            .ok_or_else(|| format!("after {c} on {cell} expected k, d, a or s"))?;
                        tiles.insert(cell);
                        bonuses.push((cell, Bonus { kind, amount: c as u8 - b'0' }));
                    }
                    _ => {
                        let seat = START_LETTERS.iter().position(|&l| l == c).ok_or_else(|| {
                            format!("`{c}` on {cell} is not a tile: use . o R B G Y or 1k..3s")
                        })?;
                        if starts[seat].replace(cell).is_some() {
                            return Err(format!("two start tiles marked {c}"));
                        }
                        tiles.insert(cell);
                    }
                }
                file += 1;
            }
            if *width.get_or_insert(file) != file {
                return Err(format!(
                    "rank {} has {file} tiles, the first rank has {}",
                    rank + 1,
                    width.unwrap_or(0)
                ));
            }
        }
        let count = starts.iter().take_while(|s| s.is_some()).count();
        if starts[count..].iter().any(Option::is_some) {
            return Err("start tiles must be R, B, G, Y in this order without gaps".into());
        }
        let map = Map::new(tiles, &bonuses, starts.iter().flatten().copied().collect())?;
        if map.grid.width() != width.unwrap_or(0) || map.grid.height() != height {
            return Err("the last file and the top rank must hold tiles".into());
        }
        Ok(map)
    }

    /// Writes the map text read by [`Map::read`].
    pub fn write(&self) -> String {
        let mut out = String::new();
        for rank in (0..self.grid.height()).rev() {
            if rank + 1 != self.grid.height() {
                out.push('/');
            }
            for file in 0..self.grid.width() {
                let cell = Cell::new(file, rank).expect("grid cells are in the address space");
                if !self.contains(cell) {
                    out.push('.');
                } else if let Some(seat) = self.starts.iter().position(|&s| s == cell) {
                    out.push(START_LETTERS[seat]);
                } else if let Some(b) = self.bonus(cell) {
                    out.push((b'0' + b.amount) as char);
                    out.push(b.kind.letter());
                } else {
                    out.push('o');
                }
            }
        }
        out
    }

    /// The map drawn for people: one line per rank from the top, rank numbers on the left and
    /// files below; each tile as its token, padded to three characters.
    pub fn draw(&self) -> String {
        let mut out = String::new();
        let text = self.write();
        for (i, row) in text.split('/').enumerate() {
            let rank = self.grid.height() as usize - i;
            out.push_str(&format!("{rank:>2} "));
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                let mut token = c.to_string();
                if c.is_ascii_digit() {
                    token.extend(chars.next());
                }
                out.push_str(&format!("{token:>3}"));
            }
            out.push('\n');
        }
        out.push_str("   ");
        for file in 0..self.grid.width() {
            out.push_str(&format!("{:>3}", (b'a' + file) as char));
        }
        out.push('\n');
        out
    }
}
