//! Vorcept: a square field (7×7 to 12×12) of pale stone, the black Pylon with its four sides
//! marked, flat blocks, Hosts and Drone-1/2/3 as round (Blue) or octagonal (Red) tokens with a
//! star or pips, each side's reserve of Drones and its losses.

mod sprites;

use engine::vorcept::{Kind, Phase, Square, Vorcept, BLUE, RED};
use engine::{Cell, Dir, Game, Grid, Language, Seat};

use crate::canvas::Canvas;
use crate::geom::{BoardGeom, Rect};
use crate::marks_draw;
use crate::palette::{hex, Rgb};
use crate::sprite::cached;
use crate::text::{fill, text, Key};
use crate::view::{GameView, Icon, LegendItem, Token, Tray};

const ID: u8 = 1;
const CELL_LIGHT: Rgb = hex(0xEEEBE4);
const CELL_DARK: Rgb = hex(0xE2DED5);
const GRID_LINE: Rgb = hex(0xCBC5B8);
const SIDE_MARK: Rgb = hex(0x55556A);

/// Tokens: pieces are `seat * 4 + kind`, then blocks and the Pylon.
const BLUE_BLOCK: Token = Token(8);
const RED_BLOCK: Token = Token(9);
const PYLON: Token = Token(10);
/// Legend picture: a side of the Pylon.
const ICON_SIDE: u16 = 0;
/// Legend picture: the badge of a piece that acted this turn.
const ICON_ACTED: u16 = 1;

const KINDS: [Kind; 4] = [Kind::Host, Kind::Drone1, Kind::Drone2, Kind::Drone3];

fn piece_token(seat: Seat, kind: Kind) -> Token {
    let k = KINDS.iter().position(|&x| x == kind).unwrap_or(0);
    Token((seat.index().min(1) * 4 + k) as u16)
}

/// Vorcept seen by the frame.
#[derive(Debug)]
pub struct VorceptView<'a> {
    game: &'a Vorcept,
}

impl<'a> VorceptView<'a> {
    /// The view of a position.
    pub fn new(game: &'a Vorcept) -> VorceptView<'a> {
        VorceptView { game }
    }

    /// Cells next to the Pylon and the direction from each towards it.
    fn pylon_sides(&self) -> Vec<(Cell, Dir)> {
        let board = self.game.board();
        let Some(p) = board.pylon() else { return Vec::new() };
        Dir::ALL
            .into_iter()
            .filter_map(|d| board.grid().step(p, d).map(|c| (c, d.opposite())))
            .collect()
    }
}

/// A small triangle on the edge of `r` facing `towards` (on screen).
fn side_mark(canvas: &mut Canvas, r: Rect, towards: (i32, i32)) {
    let (cx, cy) = r.centre();
    let (hw, hh) = (r.w as f32 / 2.0, r.h as f32 / 2.0);
    let (dx, dy) = (towards.0 as f32, towards.1 as f32);
    let tip = (cx + dx * (hw - 2.0), cy + dy * (hh - 2.0));
    let base = (cx + dx * (hw * 0.62), cy + dy * (hh * 0.62));
    let half = r.w as f32 * 0.16;
    let n = (-dy, dx);
    canvas.triangle(
        [
            tip,
            (base.0 + n.0 * half, base.1 + n.1 * half),
            (base.0 - n.0 * half, base.1 - n.1 * half),
        ],
        SIDE_MARK,
        200,
    );
}

impl GameView for VorceptView<'_> {
    fn id(&self) -> u8 {
        ID
    }

    fn grid(&self) -> Grid {
        *self.game.board().grid()
    }

    fn seat_note(&self, seat: Seat, language: Language) -> String {
        text(if seat == BLUE { Key::VorceptBlue } else { Key::VorceptRed }, language).to_string()
    }

    fn seat_token(&self, seat: Seat) -> Token {
        piece_token(seat, Kind::Host)
    }

    fn header_note(&self, language: Language) -> String {
        let g = self.game;
        let size = g.board().grid().width();
        let mut note = format!("{size}×{size}");
        match g.phase() {
            Phase::Pylon => note.push_str(text(Key::VorceptPylonSetup, language)),
            Phase::Blocks => note.push_str(&fill(
                Key::VorceptBlocksSetup,
                language,
                &[&g.blocks_left(BLUE), &g.blocks_left(RED)],
            )),
            Phase::Hosts => note.push_str(text(Key::VorceptHostsSetup, language)),
            Phase::Play if g.outcome().is_none() && g.actions_this_turn() == 1 => {
                note.push_str(text(Key::SecondAction, language))
            }
            Phase::Play => {}
        }
        note
    }

    fn draw_ground(&self, canvas: &mut Canvas, cell: Cell, rect: Rect) {
        let light = (cell.file() + cell.rank()) % 2 == 1;
        canvas.fill(rect, if light { CELL_LIGHT } else { CELL_DARK });
        canvas.border(rect, 1, GRID_LINE);
    }

    fn draw_decor(&self, canvas: &mut Canvas, geom: &BoardGeom) {
        for (cell, dir) in self.pylon_sides() {
            let (df, dr) = dir.delta();
            let (sx, sy) = if geom.flipped { (-df, dr) } else { (df, -dr) };
            side_mark(canvas, geom.rect(cell), (i32::from(sx), i32::from(sy)));
        }
    }

    fn draw_over(&self, canvas: &mut Canvas, geom: &BoardGeom) {
        if let Some(cell) = self.game.acted().filter(|_| self.game.outcome().is_none()) {
            marks_draw::acted_badge(canvas, geom.rect(cell));
        }
    }

    fn piece(&self, cell: Cell) -> Option<Token> {
        match self.game.board().get(cell) {
            Square::Empty => None,
            Square::Pylon => Some(PYLON),
            Square::Block(seat) if seat == BLUE => Some(BLUE_BLOCK),
            Square::Block(_) => Some(RED_BLOCK),
            Square::Piece(seat, kind) => Some(piece_token(seat, kind)),
        }
    }

    fn draw_token(&self, canvas: &mut Canvas, token: Token, rect: Rect, opacity: u8) {
        let side = rect.w.min(rect.h).max(1);
        let s = cached((ID, token.0), side as u32, |n| match token {
            BLUE_BLOCK => sprites::block(false, n),
            RED_BLOCK => sprites::block(true, n),
            PYLON => sprites::pylon(n),
            Token(t) => sprites::piece(t >= 4, (t % 4) as u8, n),
        });
        let r = rect.centred_square(side);
        canvas.blit(&s, r.x, r.y, opacity);
    }

    fn draw_icon(&self, canvas: &mut Canvas, icon: u16, rect: Rect) {
        canvas.fill(rect, CELL_LIGHT);
        canvas.border(rect, 1, GRID_LINE);
        if icon == ICON_ACTED {
            marks_draw::legend_acted(canvas, rect);
        } else {
            side_mark(canvas, rect, (1, 0));
        }
    }

    fn tray(&self, seat: Seat) -> Tray {
        let g = self.game;
        let reserve = g.reserve(seat);
        let start = g.options().reserve;
        let mut tray = Tray::default();
        for (i, kind) in Kind::DRONES.into_iter().enumerate() {
            if reserve[i] > 0 {
                tray.reserve.push((piece_token(seat, kind), reserve[i]));
            }
            let on_board = g.board().count(seat, kind).min(255) as u8;
            let lost = start[i].saturating_sub(reserve[i].saturating_add(on_board));
            if lost > 0 {
                tray.lost.push((piece_token(seat, kind), lost));
            }
        }
        if g.phase() == Phase::Play && g.board().host(seat).is_none() {
            tray.lost.insert(0, (piece_token(seat, Kind::Host), 1));
        }
        tray
    }

    fn legend(&self, language: Language) -> Vec<LegendItem> {
        let t = |kind| Icon::Token(piece_token(BLUE, kind));
        let mut items = vec![
            (t(Kind::Host), Key::VorceptHost),
            (t(Kind::Drone1), Key::VorceptDrone1),
            (t(Kind::Drone2), Key::VorceptDrone2),
            (t(Kind::Drone3), Key::VorceptDrone3),
            (Icon::Token(BLUE_BLOCK), Key::VorceptBlock),
            (Icon::Own(ICON_ACTED), Key::Acted),
        ];
        if self.game.options().pylon {
            items.push((Icon::Token(PYLON), Key::VorceptPylon));
            if self.game.options().pylon_win {
                items.push((Icon::Own(ICON_SIDE), Key::VorceptPylonSide));
            }
        }
        items
            .into_iter()
            .map(|(icon, key)| LegendItem { icon, text: text(key, language) })
            .collect()
    }

    fn legend_variant(&self) -> u16 {
        let o = self.game.options();
        u16::from(o.pylon) | u16::from(o.pylon_win) << 1
    }
}
