//! Gridi (Гриди): a 6×6 board of parchment cells, four trees, the four centre cells framed in
//! gold, light and dark round tokens with emblems, the neutral Mortar as a square steel token,
//! a Prince under threat framed in red, each side's reserve and losses.

mod sprites;

use engine::gridi::{Gridi, Kind, Piece};
use engine::{Cell, Game, Grid, Language, Seat};

use crate::canvas::Canvas;
use crate::geom::{BoardGeom, Rect};
use crate::palette::{hex, Rgb};
use crate::sprite::cached;
use crate::text::{fill, text, Key};
use crate::view::{GameView, Icon, LegendItem, Token, Tray};

const ID: u8 = 3;
const CELL_LIGHT: Rgb = hex(0xF0E0BF);
const CELL_DARK: Rgb = hex(0xE4CFA4);
const CENTRE_LIGHT: Rgb = hex(0xF3D688);
const CENTRE_DARK: Rgb = hex(0xEACB74);
const CENTRE_LINE: Rgb = hex(0x9E6F1C);
const TREE_LIGHT: Rgb = hex(0xC9DBA8);
const TREE_DARK: Rgb = hex(0xBCD098);
const GRID_LINE: Rgb = hex(0xC8B187);

/// Legend picture: a tree cell.
const ICON_TREE: u16 = 0;
/// Legend picture: a centre cell.
const ICON_CENTRE: u16 = 1;
/// Token of the neutral Mortar.
const MORTAR: Token = Token(100);

/// Gridi seen by the frame.
#[derive(Debug)]
pub struct GridiView<'a> {
    game: &'a Gridi,
}

impl<'a> GridiView<'a> {
    /// The view of a position.
    pub fn new(game: &'a Gridi) -> GridiView<'a> {
        GridiView { game }
    }

    fn at(&self, cell: Cell) -> Option<Piece> {
        let sq = cell.rank().checked_mul(6)?.checked_add(cell.file())?;
        (cell.file() < 6 && cell.rank() < 6).then(|| self.game.board().at(sq)).flatten()
    }

    fn is_tree(&self, cell: Cell) -> bool {
        cell.file() < 6
            && cell.rank() < 6
            && self.game.board().trees & (1u64 << (cell.rank() * 6 + cell.file())) != 0
    }

    /// How many of `kind` `seat` owns on the board.
    fn on_board(&self, kind: Kind, seat: Seat) -> u8 {
        let owned = self.game.board().kind_mask(kind) & self.game.board().of(seat);
        owned.count_ones() as u8
    }
}

/// The token of a player's piece (`Kind::Mortar` gives the neutral Mortar).
fn token(kind: Kind, seat: Seat) -> Token {
    match kind {
        Kind::Mortar => MORTAR,
        _ => Token((kind.index() * 2 + seat.index().min(1)) as u16),
    }
}

fn is_centre(cell: Cell) -> bool {
    (2..=3).contains(&cell.file()) && (2..=3).contains(&cell.rank())
}

impl GameView for GridiView<'_> {
    fn id(&self) -> u8 {
        ID
    }

    fn grid(&self) -> Grid {
        Grid::rectangle(6, 6)
    }

    fn seat_note(&self, seat: Seat, language: Language) -> String {
        text(if seat == Seat::FIRST { Key::GridiLight } else { Key::GridiDark }, language)
            .to_string()
    }

    fn seat_token(&self, seat: Seat) -> Token {
        token(Kind::Prince, seat)
    }

    fn header_note(&self, language: Language) -> String {
        let g = self.game;
        let mut note = fill(Key::GridiTurn, language, &[&(g.ply() + 1), &g.layout()]);
        let opts = g.options();
        let mortars_in = u32::from(opts.army_of(0).count(Kind::Mortar))
            + u32::from(opts.army_of(1).count(Kind::Mortar));
        let mortars_now = g.board().mortar.count_ones()
            + u32::from(g.reserve(Seat::FIRST).count(Kind::Mortar))
            + u32::from(g.reserve(Seat::SECOND).count(Kind::Mortar));
        match mortars_in.saturating_sub(mortars_now) {
            0 => {}
            1 => note.push_str(text(Key::GridiMortar, language)),
            n => note.push_str(&fill(Key::GridiMortars, language, &[&n])),
        }
        if g.outcome().is_none() && g.last_was_pass() {
            note.push_str(text(Key::GridiPassed, language));
        }
        note
    }

    fn draw_ground(&self, canvas: &mut Canvas, cell: Cell, rect: Rect) {
        let light = (cell.file() + cell.rank()) % 2 == 1;
        let colour = match (self.is_tree(cell), is_centre(cell), light) {
            (true, _, true) => TREE_LIGHT,
            (true, _, false) => TREE_DARK,
            (false, true, true) => CENTRE_LIGHT,
            (false, true, false) => CENTRE_DARK,
            (false, false, true) => CELL_LIGHT,
            (false, false, false) => CELL_DARK,
        };
        canvas.fill(rect, colour);
        canvas.border(rect, 1, GRID_LINE);
        if self.is_tree(cell) {
            let s = cached((ID, 200), rect.w as u32, sprites::tree);
            canvas.blit(&s, rect.x, rect.y, 255);
        }
    }

    fn draw_decor(&self, canvas: &mut Canvas, geom: &BoardGeom) {
        // The centre block c3–d4 framed in gold: the Prince wins there.
        let corners = [Cell::new(2, 2), Cell::new(3, 3)];
        let [Some(a), Some(b)] = corners else { return };
        let (ra, rb) = (geom.rect(a), geom.rect(b));
        let x0 = ra.x.min(rb.x);
        let y0 = ra.y.min(rb.y);
        let block = Rect::new(x0, y0, 2 * geom.cell, 2 * geom.cell);
        let t = (geom.cell / 32).max(2);
        canvas.border(block.inset(t), t, CENTRE_LINE);
    }

    fn piece(&self, cell: Cell) -> Option<Token> {
        let p = self.at(cell)?;
        Some(token(p.kind, p.owner.unwrap_or(Seat::FIRST)))
    }

    fn draw_token(&self, canvas: &mut Canvas, token: Token, rect: Rect, opacity: u8) {
        let side = rect.w.min(rect.h).max(1);
        let (kind, dark) = if token == MORTAR {
            (Kind::Mortar, false)
        } else {
            let i = usize::from(token.0);
            (Kind::ALL.get(i / 2).copied().unwrap_or(Kind::Grid), i % 2 == 1)
        };
        let s = cached((ID, token.0), side as u32, |n| sprites::piece(kind, dark, n));
        let r = rect.centred_square(side);
        canvas.blit(&s, r.x, r.y, opacity);
    }

    fn draw_icon(&self, canvas: &mut Canvas, icon: u16, rect: Rect) {
        match icon {
            ICON_TREE => {
                canvas.fill(rect, TREE_LIGHT);
                let s = cached((ID, 200), rect.w as u32, sprites::tree);
                canvas.blit(&s, rect.x, rect.y, 255);
            }
            _ => {
                canvas.fill(rect, CENTRE_LIGHT);
                canvas.border(rect, 2, CENTRE_LINE);
            }
        }
    }

    fn alerts(&self) -> Vec<Cell> {
        Seat::all(2)
            .filter(|&seat| self.game.prince_threatened(seat))
            .filter_map(|seat| {
                let mask = self.game.board().prince & self.game.board().of(seat);
                let s = mask.trailing_zeros() as u8;
                (mask != 0).then(|| Cell::new(s % 6, s / 6)).flatten()
            })
            .collect()
    }

    fn alert_text(&self, language: Language) -> Option<&'static str> {
        Some(text(Key::GridiThreat, language))
    }

    fn tray(&self, seat: Seat) -> Tray {
        let reserve = self.game.reserve(seat);
        let army = self.game.options().army_of(seat.index());
        let mut tray = Tray::default();
        for kind in Kind::ALL {
            // Grids are counted in squads of two in reserves and armies.
            let per = if kind == Kind::Grid { 2 } else { 1 };
            let waiting = reserve.count(kind).saturating_mul(per);
            if waiting > 0 {
                tray.reserve.push((token(kind, seat), waiting));
            }
            if kind == Kind::Mortar {
                continue; // neutral on the board: its losses are counted in the header
            }
            let had = army.count(kind).saturating_mul(per);
            let lost = had.saturating_sub(waiting.saturating_add(self.on_board(kind, seat)));
            if lost > 0 {
                tray.lost.push((token(kind, seat), lost));
            }
        }
        tray
    }

    fn legend(&self, language: Language) -> Vec<LegendItem> {
        let t = |kind| Icon::Token(token(kind, Seat::FIRST));
        [
            (t(Kind::Prince), Key::GridiPrince),
            (t(Kind::Princess), Key::GridiPrincess),
            (t(Kind::Owl), Key::GridiOwl),
            (t(Kind::Grid), Key::GridiGrid),
            (Icon::Token(MORTAR), Key::GridiMortarLegend),
            (Icon::Own(ICON_TREE), Key::GridiTree),
            (Icon::Own(ICON_CENTRE), Key::GridiCentre),
        ]
        .into_iter()
        .map(|(icon, key)| LegendItem { icon, text: text(key, language) })
        .collect()
    }
}
