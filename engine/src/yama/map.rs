//! The field (Y1): which cells exist, which are lava, which are pillars, and the compact map
//! text that carries a field inside options and position strings.
//!
//! Map text: ranks from the top down, separated by `/`; one character per cell from file `a`:
//! `.` ground, `~` lava, `^` pillar (ground at level 2), `#` outside the field (a wall, or a
//! pit in the Edge variant, Y17). A rank may stop early: the missing cells are outside. The
//! text never holds spaces or commas, so it fits in an option value and a position string.

use std::fmt;

use crate::core::{Cell, CellSet, Dir, Grid, MAX_SIDE};

/// Why a map is refused, in English and in Russian.
pub(crate) type Why = (String, String);

fn why(en: impl Into<String>, ru: impl Into<String>) -> Why {
    (en.into(), ru.into())
}

/// A field: its cells (as a [`Grid`]), its lava cells and its pillar cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Map {
    grid: Grid,
    lava: CellSet,
    pillars: CellSet,
}

impl Map {
    /// A map from its cell sets. Lava and pillars must be field cells and disjoint; the field
    /// must reach rank 1 and file `a` (so the text form is canonical).
    pub fn from_sets(cells: CellSet, lava: CellSet, pillars: CellSet) -> Result<Map, String> {
        Map::from_sets_why(cells, lava, pillars).map_err(|(en, _)| en)
    }

    /// [`Map::from_sets`] with the reason in both languages.
    fn from_sets_why(cells: CellSet, lava: CellSet, pillars: CellSet) -> Result<Map, Why> {
        let grid = Grid::irregular(cells)
            .ok_or_else(|| why("the map has no cells", "в карте нет ни одной клетки"))?;
        if !lava.difference(&cells).is_empty() || !pillars.difference(&cells).is_empty() {
            return Err(why(
                "lava and pillars must be cells of the field",
                "лава и столбы должны быть клетками поля",
            ));
        }
        if !lava.intersection(&pillars).is_empty() {
            return Err(why(
                "a cell cannot be lava and pillar at once",
                "клетка не может быть одновременно лавой и столбом",
            ));
        }
        if !cells.iter().any(|c| c.rank() == 0) {
            return Err(why("the bottom rank of the map is empty", "нижний ряд карты пуст"));
        }
        if !cells.iter().any(|c| c.file() == 0) {
            return Err(why(
                "the left file of the map is empty",
                "левая вертикаль карты (a) пуста",
            ));
        }
        Ok(Map { grid, lava, pillars })
    }

    /// Reads map text (see the module docs).
    pub fn parse(text: &str) -> Result<Map, String> {
        Map::parse_why(text).map_err(|(en, _)| en)
    }

    /// [`Map::parse`] with the reason in both languages, for option errors.
    pub(crate) fn parse_why(text: &str) -> Result<Map, Why> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() > MAX_SIDE as usize {
            return Err(why(
                format!("a map has at most {MAX_SIDE} ranks"),
                format!("в карте не больше {MAX_SIDE} рядов"),
            ));
        }
        let (mut cells, mut lava, mut pillars) = (CellSet::EMPTY, CellSet::EMPTY, CellSet::EMPTY);
        for (i, row) in rows.iter().enumerate() {
            let rank = (rows.len() - 1 - i) as u8;
            if row.chars().count() > MAX_SIDE as usize {
                return Err(why(
                    format!("a map rank has at most {MAX_SIDE} cells"),
                    format!("в ряду карты не больше {MAX_SIDE} клеток"),
                ));
            }
            for (file, c) in row.chars().enumerate() {
                let cell = Cell::new(file as u8, rank)
                    .ok_or_else(|| why("the map is too large", "карта слишком большая"))?;
                match c {
                    '.' => {}
                    '~' => {
                        lava.insert(cell);
                    }
                    '^' => {
                        pillars.insert(cell);
                    }
                    '#' => continue,
                    other => {
                        return Err(why(
                            format!(
                                "`{other}` is not a map cell: use . ground, ~ lava, ^ pillar, \
                                 # outside"
                            ),
                            format!(
                                "`{other}` — не клетка карты: пишите . земля, ~ лава, ^ столб, \
                                 # вне поля"
                            ),
                        ))
                    }
                }
                cells.insert(cell);
            }
        }
        Map::from_sets_why(cells, lava, pillars)
    }

    /// The canonical map text: full-width ranks from the top.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for rank in (0..self.grid.height()).rev() {
            if rank + 1 != self.grid.height() {
                out.push('/');
            }
            for file in 0..self.grid.width() {
                let cell = Cell::new(file, rank).expect("grid cells are addressable");
                out.push(self.symbol(cell));
            }
        }
        out
    }

    /// The map text split into lines, for documentation and help.
    pub fn drawing(&self) -> String {
        self.text().replace('/', "\n")
    }

    /// The character of one cell in map text.
    pub fn symbol(&self, cell: Cell) -> char {
        if !self.grid.contains(cell) {
            '#'
        } else if self.lava.contains(cell) {
            '~'
        } else if self.pillars.contains(cell) {
            '^'
        } else {
            '.'
        }
    }

    /// The field's geometry.
    pub const fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Every field cell.
    pub const fn cells(&self) -> &CellSet {
        self.grid.cells()
    }

    /// The lava cells.
    pub const fn lava(&self) -> &CellSet {
        &self.lava
    }

    /// The pillar cells (level 2).
    pub const fn pillars(&self) -> &CellSet {
        &self.pillars
    }

    /// Whether `cell` is part of the field.
    pub const fn contains(&self, cell: Cell) -> bool {
        self.grid.contains(cell)
    }

    /// Whether `cell` is lava.
    pub const fn is_lava(&self, cell: Cell) -> bool {
        self.lava.contains(cell)
    }

    /// Whether `cell` is a pillar.
    pub const fn is_pillar(&self, cell: Cell) -> bool {
        self.pillars.contains(cell)
    }

    /// Whether `cell` is a field cell that is not lava (level-1 ground or a pillar top).
    pub const fn is_ground(&self, cell: Cell) -> bool {
        self.grid.contains(cell) && !self.lava.contains(cell)
    }

    /// The level of a field cell (Y1): 2 on a pillar, else 1.
    pub const fn level(&self, cell: Cell) -> u8 {
        if self.pillars.contains(cell) {
            2
        } else {
            1
        }
    }

    /// Whether `cell` is on the field's border: a field cell with an outside neighbour (Y4).
    pub fn is_border(&self, cell: Cell) -> bool {
        self.grid.is_border(cell)
    }

    /// The cell `n` steps from `cell` in `dir` when it lies inside the map's bounding
    /// rectangle (field or not); `None` beyond it.
    pub fn ray(&self, cell: Cell, dir: Dir, n: u8) -> Option<Cell> {
        cell.offset_by(dir, n)
            .filter(|c| c.file() < self.grid.width() && c.rank() < self.grid.height())
    }
}

impl fmt::Display for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}
