//! The board part of position strings, shared by the games: ranks from the top (highest rank)
//! down, separated by `/`; each rank from file `a` right, one token per cell, runs of empty
//! cells written as a number (FEN style). A game chooses its tokens; a token is one character
//! here, which keeps positions short enough to paste into a chat.

use super::cell::Cell;
use super::error::PositionError;
use super::grid::Grid;

/// Writes the cells of `grid` (missing cells of an irregular field count as empty) using
/// `token(cell)`: `Some(char)` for an occupied cell, `None` for an empty one.
pub fn write_board(grid: &Grid, token: impl Fn(Cell) -> Option<char>) -> String {
    let mut out = String::new();
    for rank in (0..grid.height()).rev() {
        if rank + 1 != grid.height() {
            out.push('/');
        }
        let mut empty = 0;
        for file in 0..grid.width() {
            let cell = Cell::new(file, rank).expect("grid cells are in the address space");
            match token(cell) {
                Some(c) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    out
}

/// Reads a board written by [`write_board`] for a grid of `width` × `height`, calling
/// `place(cell, char)` for every token. Checks the row count and every row's length.
pub fn read_board(
    text: &str,
    width: u8,
    height: u8,
    mut place: impl FnMut(Cell, char) -> Result<(), PositionError>,
) -> Result<(), PositionError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != height as usize {
        return Err(PositionError::new(format!(
            "the board has {} ranks, expected {height}",
            rows.len()
        )));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = height - 1 - i as u8;
        let mut file: u32 = 0;
        let mut digits = String::new();
        let flush = |digits: &mut String, file: &mut u32| -> Result<(), PositionError> {
            if !digits.is_empty() {
                let n: u32 =
                    digits.parse().map_err(|_| PositionError::new("bad empty-cell count"))?;
                if n == 0 {
                    return Err(PositionError::new("an empty-cell count of 0"));
                }
                *file = file.saturating_add(n);
                digits.clear();
            }
            Ok(())
        };
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            flush(&mut digits, &mut file)?;
            if file >= u32::from(width) {
                return Err(PositionError::new(format!(
                    "rank {} is longer than {width} cells",
                    rank + 1
                )));
            }
            let cell = Cell::new(file as u8, rank).expect("bounded by width");
            place(cell, c)?;
            file += 1;
        }
        flush(&mut digits, &mut file)?;
        if file != u32::from(width) {
            return Err(PositionError::new(format!(
                "rank {} has {file} cells, expected {width}",
                rank + 1
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn boards_round_trip_with_multi_digit_runs() {
        let grid = Grid::rectangle(12, 2);
        let mut pieces = BTreeMap::new();
        pieces.insert(Cell::parse("a1").unwrap(), 'X');
        pieces.insert(Cell::parse("l2").unwrap(), 'y');
        let text = write_board(&grid, |c| pieces.get(&c).copied());
        assert_eq!(text, "11y/X11");
        let mut read = BTreeMap::new();
        read_board(&text, 12, 2, |c, t| {
            read.insert(c, t);
            Ok(())
        })
        .unwrap();
        assert_eq!(read, pieces);
    }

    #[test]
    fn malformed_boards_are_refused_with_reasons() {
        let ok = |_, _| Ok(());
        assert!(read_board("6/6", 6, 3, ok).is_err());
        assert!(read_board("7/6", 6, 2, ok).is_err());
        assert!(read_board("5/6", 6, 2, ok).is_err());
        assert!(read_board("0X5/6", 6, 2, ok).is_err());
        assert!(read_board("XXXXXXX/6", 6, 2, ok).is_err());
        assert!(read_board("X4294967295/6", 6, 2, ok).is_err());
        assert!(read_board("99999999999999999999/6", 6, 2, ok).is_err());
    }
}
