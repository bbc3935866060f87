//! Yama (Яма): a pit of sandy ground, glowing lava with bubbles, raised stone pillars, and the
//! outside as stone walls (or black pits in the Edge variant); Lumena, Imps, Gargoyles and
//! Balors as light or dark round tokens with their emblems; a piece bound by the enemy Lumena
//! carries a chain.

mod sprites;

use engine::yama::{name_of, Kind, MapChoice, Phase, Yama};
use engine::{Cell, Game, Grid, Language, Seat};

use crate::canvas::Canvas;
use crate::geom::{BoardGeom, Rect};
use crate::marks_draw;
use crate::palette::{hex, Rgb};
use crate::sprite::cached;
use crate::text::{text, Key};
use crate::view::{GameView, Icon, LegendItem, Token, Tray};

const ID: u8 = 2;
const GROUND_LIGHT: Rgb = hex(0xE2D1AE);
const GROUND_DARK: Rgb = hex(0xD8C59F);
const GRID_LINE: Rgb = hex(0xBFA981);
const CHAIN: Rgb = hex(0x6B3FA0);

const ICON_LAVA: u16 = 0;
const ICON_PILLAR: u16 = 1;
const ICON_OUTSIDE: u16 = 2;
const ICON_BOUND: u16 = 3;
const ICON_ACTED: u16 = 4;

/// Sprite keys of the terrain (tokens use 0..8).
const LAVA: u16 = 100;
const PILLAR: u16 = 101;
const WALL: u16 = 102;
const PIT: u16 = 103;

fn token(kind: Kind, seat: Seat) -> Token {
    Token((kind.index() * 2 + seat.index().min(1)) as u16)
}

/// Yama seen by the frame.
#[derive(Debug)]
pub struct YamaView<'a> {
    game: &'a Yama,
}

impl<'a> YamaView<'a> {
    /// The view of a position.
    pub fn new(game: &'a Yama) -> YamaView<'a> {
        YamaView { game }
    }

    fn terrain(&self, canvas: &mut Canvas, key: u16, rect: Rect) {
        let s = cached((ID, key), rect.w.max(1) as u32, |n| match key {
            LAVA => sprites::lava(n),
            PILLAR => sprites::pillar(n),
            WALL => sprites::wall(n),
            _ => sprites::pit(n),
        });
        canvas.blit(&s, rect.x, rect.y, 255);
    }

    fn outside_key(&self) -> u16 {
        if self.game.edge() {
            PIT
        } else {
            WALL
        }
    }
}

/// Two chain links in the lower left of `r`.
fn chain(canvas: &mut Canvas, r: Rect) {
    let s = r.w as f32;
    let (x, y) = (r.x as f32, r.y as f32);
    canvas.disc((x + s * 0.24, y + s * 0.78), s * 0.17, hex(0xFFFFFF), 230);
    canvas.ring((x + s * 0.18, y + s * 0.78), s * 0.08, s * 0.025, CHAIN, 255);
    canvas.ring((x + s * 0.3, y + s * 0.78), s * 0.08, s * 0.025, CHAIN, 255);
}

impl GameView for YamaView<'_> {
    fn id(&self) -> u8 {
        ID
    }

    fn grid(&self) -> Grid {
        *self.game.map().grid()
    }

    fn seat_note(&self, seat: Seat, language: Language) -> String {
        text(if seat == Seat::FIRST { Key::YamaLight } else { Key::YamaDark }, language).to_string()
    }

    fn seat_token(&self, seat: Seat) -> Token {
        token(Kind::Lumena, seat)
    }

    fn header_note(&self, language: Language) -> String {
        let g = self.game;
        let named = |name: &str| match name {
            "crater" => Some(Key::YamaCrater),
            "bridge" => Some(Key::YamaBridge),
            "peaks" => Some(Key::YamaPeaks),
            "diamond" => Some(Key::YamaDiamond),
            _ => None,
        };
        let mut note = match (&g.options().map, name_of(g.map())) {
            (_, Some(name)) => named(name).map_or(name, |k| text(k, language)).to_string(),
            (MapChoice::Generated, None) => text(Key::YamaGenerated, language).to_string(),
            _ => text(Key::YamaCustom, language).to_string(),
        };
        if g.edge() {
            note.push_str(text(Key::YamaEdge, language));
        }
        if g.phase() == Phase::Setup {
            note.push_str(text(Key::YamaSetup, language));
        } else if g.outcome().is_none() && g.actions_this_turn() == 1 {
            note.push_str(text(Key::SecondAction, language));
        }
        note
    }

    fn draw_ground(&self, canvas: &mut Canvas, cell: Cell, rect: Rect) {
        let map = self.game.map();
        if map.is_lava(cell) {
            self.terrain(canvas, LAVA, rect);
        } else {
            let light = (cell.file() + cell.rank()) % 2 == 1;
            canvas.fill(rect, if light { GROUND_LIGHT } else { GROUND_DARK });
            canvas.border(rect, 1, GRID_LINE);
            if map.is_pillar(cell) {
                self.terrain(canvas, PILLAR, rect);
            }
        }
    }

    fn draw_decor(&self, canvas: &mut Canvas, geom: &BoardGeom) {
        let grid = geom.grid;
        for rank in 0..grid.height() {
            for file in 0..grid.width() {
                if let Some(cell) = Cell::new(file, rank).filter(|c| !grid.contains(*c)) {
                    self.terrain(canvas, self.outside_key(), geom.rect(cell));
                }
            }
        }
    }

    fn draw_over(&self, canvas: &mut Canvas, geom: &BoardGeom) {
        if let Some(cell) = self.game.acted().filter(|_| self.game.outcome().is_none()) {
            marks_draw::acted_badge(canvas, geom.rect(cell));
        }
        for seat in Seat::all(2) {
            if let Some((cell, _)) = self.game.binding(seat) {
                chain(canvas, geom.rect(cell));
            }
        }
    }

    fn piece(&self, cell: Cell) -> Option<Token> {
        self.game.piece_at(cell).map(|p| token(p.kind, p.owner))
    }

    fn draw_token(&self, canvas: &mut Canvas, token: Token, rect: Rect, opacity: u8) {
        let side = rect.w.min(rect.h).max(1);
        let i = usize::from(token.0);
        let kind = Kind::ALL.get(i / 2).copied().unwrap_or(Kind::Imp);
        let s = cached((ID, token.0), side as u32, |n| sprites::piece(kind, i % 2 == 1, n));
        let r = rect.centred_square(side);
        canvas.blit(&s, r.x, r.y, opacity);
    }

    fn draw_icon(&self, canvas: &mut Canvas, icon: u16, rect: Rect) {
        match icon {
            ICON_LAVA => self.terrain(canvas, LAVA, rect),
            ICON_PILLAR => {
                canvas.fill(rect, GROUND_LIGHT);
                self.terrain(canvas, PILLAR, rect);
            }
            ICON_OUTSIDE => self.terrain(canvas, self.outside_key(), rect),
            ICON_ACTED => {
                canvas.fill(rect, GROUND_LIGHT);
                marks_draw::legend_acted(canvas, rect);
            }
            _ => {
                canvas.fill(rect, GROUND_LIGHT);
                let (s, (cx, cy)) = (rect.w as f32, rect.centre());
                canvas.ring((cx - s * 0.15, cy), s * 0.2, s * 0.06, CHAIN, 255);
                canvas.ring((cx + s * 0.15, cy), s * 0.2, s * 0.06, CHAIN, 255);
            }
        }
    }

    fn tray(&self, seat: Seat) -> Tray {
        let g = self.game;
        let army = g.options().army.counts;
        let mut tray = Tray::default();
        for kind in Kind::ALL {
            let waiting = g.in_reserve(seat, kind);
            if waiting > 0 {
                tray.reserve.push((token(kind, seat), waiting));
            }
            let on_field = g
                .cells_of(seat)
                .filter(|c| g.piece_at(*c).is_some_and(|p| p.kind == kind))
                .count()
                .min(255) as u8;
            let lost = army[kind.index()].saturating_sub(waiting.saturating_add(on_field));
            if lost > 0 {
                tray.lost.push((token(kind, seat), lost));
            }
        }
        tray
    }

    fn legend(&self, language: Language) -> Vec<LegendItem> {
        let t = |kind| Icon::Token(token(kind, Seat::FIRST));
        let outside = if self.game.edge() { Key::YamaPit } else { Key::YamaWall };
        [
            (t(Kind::Lumena), Key::YamaLumena),
            (t(Kind::Imp), Key::YamaImp),
            (t(Kind::Gargoyle), Key::YamaGargoyle),
            (t(Kind::Balor), Key::YamaBalor),
            (Icon::Own(ICON_LAVA), Key::YamaLava),
            (Icon::Own(ICON_PILLAR), Key::YamaPillar),
            (Icon::Own(ICON_OUTSIDE), outside),
            (Icon::Own(ICON_BOUND), Key::YamaBound),
            (Icon::Own(ICON_ACTED), Key::Acted),
        ]
        .into_iter()
        .map(|(icon, key)| LegendItem { icon, text: text(key, language) })
        .collect()
    }

    fn legend_variant(&self) -> u16 {
        u16::from(self.game.edge())
    }
}
