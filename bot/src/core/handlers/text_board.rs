//! A plain-text board drawn from the board part of a position string (FEN style: ranks from
//! the top, `/` between them, runs of empty cells as numbers), for replies without an image.
//! Each game's tokens are explained in `docs/rules/<game>.md`.

/// The board as rows with rank numbers and file letters, or `None` if the position's first
/// field is not a rectangular FEN-style board.
pub fn text_board(position: &str) -> Option<String> {
    let board = position.split_whitespace().next()?;
    let mut rows: Vec<Vec<char>> = Vec::new();
    for rank in board.split('/') {
        let mut row = Vec::new();
        let mut run = 0usize;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            row.extend(std::iter::repeat_n('.', run));
            run = 0;
            row.push(c);
        }
        row.extend(std::iter::repeat_n('.', run));
        rows.push(row);
    }
    let width = rows.first()?.len();
    if width == 0 || width > 26 || rows.len() > 26 || rows.iter().any(|r| r.len() != width) {
        return None;
    }
    let files: String = (0..width).map(|f| format!(" {}", (b'a' + f as u8) as char)).collect();
    let mut out = vec![format!("   {}", files.trim_start())];
    for (i, row) in rows.iter().enumerate() {
        let rank = rows.len() - i;
        let cells: Vec<String> = row.iter().map(char::to_string).collect();
        out.push(format!("{rank:>2} {}", cells.join(" ")));
    }
    Some(out.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fen_board_becomes_rows_with_coordinates() {
        let text = text_board("6/2*3/4*1/1*4/3*2/K5 1 0 - x").unwrap();
        assert_eq!(text.lines().next().unwrap(), "   a b c d e f");
        assert_eq!(text.lines().nth(2).unwrap(), " 5 . . * . . .");
        assert_eq!(text.lines().last().unwrap(), " 1 K . . . . .");
        assert!(text_board("3/4 x").is_none());
    }
}
