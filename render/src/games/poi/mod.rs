//! POI Control: square tiles with five slots (four gates and the centre), squads as dice in
//! up to four colours and shapes, bonus tiles labelled as printed (`+2 ATK`, `3 SUP`), stored
//! arms and supplies per tile, tiles tinted by the colour controlling them, players who are
//! out shown faded with an "out" pill.

mod sprites;

/// A die's sprite, for tests of what is drawn over dice.
#[cfg(test)]
pub use sprites::die;

use engine::poi::{Bonus, BonusKind, Phase, Poi, Slot, SlotKind};
use engine::{Cell, Game, Grid, Language, Seat};

use crate::canvas::Canvas;
use crate::font::{self, Style};
use crate::geom::{BoardGeom, Rect};
use crate::palette::{hex, Rgb, INK, INK_SOFT};
use crate::sprite::cached;
use crate::text::{fill, text, Key};
use crate::view::{GameView, Icon, LegendItem, Spot, Token, Tray};

const ID: u8 = 4;
const GAP: Rgb = hex(0xA89F8C);
const TILE: Rgb = hex(0xEEEAE0);
const SLOT_LINE: Rgb = hex(0xB3AB9A);
/// Tile tints of the controlling seat.
const TINTS: [Rgb; 4] = [hex(0xF3D2CD), hex(0xCFDCF3), hex(0xCFEBD8), hex(0xF5E9B8)];

const ICON_TILE: u16 = 0;
const ICON_BONUS: u16 = 1;
const ICON_STOCK: u16 = 2;
const ICON_CONTROL: u16 = 3;

const LABEL_BIG: Style = Style::bold(13);
const LABEL_SMALL: Style = Style::bold(10);

/// The largest tile side: the 5-tile-wide maps of two players fill the image's width.
const MAX_TILE: i32 = 120;

/// Maps at least this many tiles wide show a die's value as a numeral, not pips: their dice
/// are at most 23 px (a third of a tile), and six pips in that blur into a blot when chats
/// show the image at half size. Narrower maps keep pips (26 px and more).
const NUMERALS_FROM_WIDTH: u8 = 8;

/// The sprite keys of blank dice (no pips), one per seat, after the 24 faces.
const BLANK_DIE: u16 = 24;

/// A slot's side, in per cent of the tile.
const SLOT: i32 = 33;

/// Where each slot sits in a tile, as fractions of the tile: N, E, S, W, C.
const PLACES: [(f32, f32); 5] =
    [(0.5, 0.175), (0.825, 0.5), (0.5, 0.825), (0.175, 0.5), (0.5, 0.5)];

fn die_token(seat: Seat, value: u8) -> Token {
    Token((seat.index().min(3) * 6 + usize::from(value.clamp(1, 6)) - 1) as u16)
}

/// POI Control seen by the frame.
#[derive(Debug)]
pub struct PoiView<'a> {
    game: &'a Poi,
}

/// The dice's shapes by seat, in words.
const SHAPES: [Key; 4] = [Key::PoiSquare, Key::PoiRound, Key::PoiHexagonal, Key::PoiDiamond];

impl<'a> PoiView<'a> {
    /// The view of a position.
    pub fn new(game: &'a Poi) -> PoiView<'a> {
        PoiView { game }
    }
}

fn bonus_words(b: Bonus) -> (String, &'static str) {
    match b.kind {
        BonusKind::Atk => (format!("+{}", b.amount), "ATK"),
        BonusKind::Def => (format!("+{}", b.amount), "DEF"),
        BonusKind::Arm => (b.amount.to_string(), "ARM"),
        BonusKind::Sup => (b.amount.to_string(), "SUP"),
    }
}

/// A tile's face: its slots as outlines, the bonus label top left, the stock bottom right.
fn tile_face(
    canvas: &mut Canvas,
    rect: Rect,
    tint: Rgb,
    bonus: Option<(String, &str)>,
    stock: (u8, u8),
) {
    let gap = (rect.w / 22).max(2);
    canvas.fill(rect, GAP);
    let tile = rect.inset(gap);
    canvas.fill(tile, tint);
    let side = rect.w * (SLOT - 7) / 100;
    for (k, &(fx, fy)) in PLACES.iter().enumerate() {
        let c = (rect.x as f32 + fx * rect.w as f32, rect.y as f32 + fy * rect.h as f32);
        let r = Rect::new(c.0 as i32 - side / 2, c.1 as i32 - side / 2, side, side);
        canvas.border(r, if k == 4 { 2 } else { 1 }, SLOT_LINE);
    }
    let (x, y) = (tile.x as f32 + 3.0, tile.y as f32);
    if let Some((big, small)) = bonus {
        font::draw(canvas, LABEL_BIG, x, y + 14.0, INK, &big);
        font::draw(canvas, LABEL_SMALL, x, y + 26.0, INK, small);
    }
    let right = (tile.x + tile.w) as f32 - 3.0;
    let bottom = (tile.y + tile.h) as f32;
    if stock.0 > 0 {
        font::draw_right(
            canvas,
            LABEL_SMALL,
            right,
            bottom - 15.0,
            INK_SOFT,
            &format!("A{}", stock.0),
        );
    }
    if stock.1 > 0 {
        font::draw_right(
            canvas,
            LABEL_SMALL,
            right,
            bottom - 4.0,
            INK_SOFT,
            &format!("S{}", stock.1),
        );
    }
}

impl GameView for PoiView<'_> {
    fn id(&self) -> u8 {
        ID
    }

    fn grid(&self) -> Grid {
        *self.game.map().grid()
    }

    fn flipped_for(&self, _seat: Seat) -> bool {
        false
    }

    fn seat_note(&self, seat: Seat, language: Language) -> String {
        let g = self.game;
        let shape = text(SHAPES[seat.index().min(3)], language);
        let tiles = g.controlled_tiles(seat);
        let key = if tiles == 1 { Key::PoiSeat1 } else { Key::PoiSeat };
        fill(key, language, &[&shape, &tiles, &g.squad_total(seat)])
    }

    fn seat_token(&self, seat: Seat) -> Token {
        die_token(seat, 6)
    }

    fn header_note(&self, language: Language) -> String {
        let g = self.game;
        let mut note = fill(Key::PoiRound1, language, &[&g.round_shown()]);
        if g.outcome().is_none() {
            note.push_str(&match g.phase() {
                Phase::Squad => fill(Key::PoiSquadPhase, language, &[&g.squad_actions_used()]),
                Phase::Resource => fill(Key::PoiResourcePhase, language, &[&g.packets_used()]),
                Phase::Build => text(Key::PoiBuildPhase, language).to_string(),
            });
        }
        note
    }

    fn draw_ground(&self, canvas: &mut Canvas, cell: Cell, rect: Rect) {
        let g = self.game;
        let tint = g.controller(cell).map_or(TILE, |s| TINTS[s.index().min(3)]);
        let stock = g.stock(cell);
        tile_face(canvas, rect, tint, g.map().bonus(cell).map(bonus_words), (stock.arm, stock.sup));
    }

    fn draw_decor(&self, canvas: &mut Canvas, geom: &BoardGeom) {
        let grid = geom.grid;
        for rank in 0..grid.height() {
            for file in 0..grid.width() {
                if let Some(cell) = Cell::new(file, rank).filter(|c| !grid.contains(*c)) {
                    canvas.fill(geom.rect(cell), GAP);
                }
            }
        }
    }

    fn piece(&self, _cell: Cell) -> Option<Token> {
        None
    }

    fn spots(&self) -> u8 {
        5
    }

    /// Tiles as large as the image's width allows: each holds five dice, a third of its side.
    fn max_cell(&self) -> i32 {
        MAX_TILE
    }

    /// Dice nearly fill their slots (the slots' outlines still show between them).
    fn piece_inset(&self) -> i32 {
        4
    }

    fn spot_rect(&self, cell: Rect, k: u8) -> Rect {
        let (fx, fy) = PLACES[usize::from(k.min(4))];
        let side = cell.w * SLOT / 100;
        let c = (cell.x as f32 + fx * cell.w as f32, cell.y as f32 + fy * cell.h as f32);
        Rect::new(c.0 as i32 - side / 2, c.1 as i32 - side / 2, side, side)
    }

    fn piece_at(&self, spot: Spot) -> Option<Token> {
        let kind = SlotKind::ALL.get(usize::from(spot.k)).copied()?;
        self.game.squad(Slot::new(spot.cell, kind)).map(|s| die_token(s.owner, s.value))
    }

    fn kin(&self, token: Token) -> u16 {
        token.0 / 6
    }

    /// A die with its pips; on a map so wide that pips would blur together at chat size, a
    /// blank die of the same shape with its value as a numeral (the legend's die follows).
    fn draw_token(&self, canvas: &mut Canvas, token: Token, rect: Rect, opacity: u8) {
        let side = rect.w.min(rect.h).max(1);
        let (seat, value) = (usize::from(token.0 / 6), (token.0 % 6 + 1) as u8);
        let r = rect.centred_square(side);
        // A ghost (a removed squad, drawn faint) keeps its pips: text has no opacity.
        if self.game.map().grid().width() < NUMERALS_FROM_WIDTH || opacity < 255 {
            let s = cached((ID, token.0), side as u32, |n| sprites::die(seat, value, n));
            canvas.blit(&s, r.x, r.y, opacity);
            return;
        }
        let blank = BLANK_DIE + seat.min(3) as u16;
        let s = cached((ID, blank), side as u32, |n| sprites::die(seat, 0, n));
        canvas.blit(&s, r.x, r.y, opacity);
        let style = Style::bold((side * 4 / 5) as u16);
        let (cx, cy) = (r.x as f32 + side as f32 / 2.0, r.y as f32 + side as f32 / 2.0);
        font::draw_centred(
            canvas,
            style,
            cx,
            cy,
            sprites::SEATS[seat.min(3)].2,
            &value.to_string(),
        );
    }

    fn draw_icon(&self, canvas: &mut Canvas, icon: u16, rect: Rect) {
        let big = Rect::new(rect.x - 2, rect.y - 2, rect.w + 4, rect.h + 4);
        match icon {
            ICON_TILE => tile_face(canvas, big, TILE, None, (0, 0)),
            ICON_BONUS => {
                canvas.fill(rect, TILE);
                font::draw_centred(canvas, LABEL_BIG, rect.centre().0, rect.centre().1, INK, "+2");
            }
            ICON_STOCK => {
                canvas.fill(rect, TILE);
                font::draw_centred(
                    canvas,
                    LABEL_SMALL,
                    rect.centre().0,
                    rect.centre().1,
                    INK_SOFT,
                    "A3",
                );
            }
            _ => {
                canvas.fill(rect, TINTS[0]);
                let r = rect.centred_square(rect.w * 6 / 10);
                self.draw_token(canvas, die_token(Seat::FIRST, 3), r, 255);
            }
        }
    }

    fn tray(&self, _seat: Seat) -> Tray {
        Tray::default()
    }

    fn has_reserve(&self) -> bool {
        false
    }

    fn is_out(&self, seat: Seat) -> bool {
        self.game.is_out(seat)
    }

    fn legend(&self, language: Language) -> Vec<LegendItem> {
        [
            (Icon::Token(die_token(Seat::FIRST, 3)), Key::PoiSquad),
            (Icon::Own(ICON_TILE), Key::PoiTile),
            (Icon::Own(ICON_CONTROL), Key::PoiControl),
            (Icon::Own(ICON_BONUS), Key::PoiBonus),
            (Icon::Own(ICON_STOCK), Key::PoiStock),
        ]
        .into_iter()
        .map(|(icon, key)| LegendItem { icon, text: text(key, language) })
        .collect()
    }
}
