//! The small internal trait each game implements so the common frame can draw it: board
//! geometry, terrain, pieces as tokens, reserves, alerts and the legend. A view only reads
//! the engine's state; it never decides anything about the rules.

use engine::{Cell, Grid, Language, Seat};

use crate::canvas::Canvas;
use crate::geom::{BoardGeom, Rect};

/// A game's number for one picture of a piece: kind and owner together, so two cells with
/// the same token hold the same sort of piece (this is what the last-action diff compares).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Token(pub u16);

/// A place for a piece: a cell and, where cells have several (POI Control's slots), which one.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Spot {
    /// The cell (a tile in POI Control).
    pub cell: Cell,
    /// The place in the cell, 0 for games with one.
    pub k: u8,
}

impl Spot {
    /// The only place of a cell.
    pub const fn cell(cell: Cell) -> Spot {
        Spot { cell, k: 0 }
    }

    /// The rectangle of this place on the board.
    pub fn rect(self, view: &dyn GameView, geom: &BoardGeom) -> Rect {
        view.spot_rect(geom.rect(self.cell), self.k)
    }
}

/// What a seat has off the board.
#[derive(Clone, Debug, Default)]
pub struct Tray {
    /// Pieces still to come into play, with counts.
    pub reserve: Vec<(Token, u8)>,
    /// Pieces that left the game, with counts.
    pub lost: Vec<(Token, u8)>,
}

/// A legend icon: a piece token or a game's own picture (terrain and marks).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Icon {
    /// A piece, drawn with [`GameView::draw_token`].
    Token(Token),
    /// Anything else, drawn with [`GameView::draw_icon`].
    Own(u16),
}

/// One line of the legend.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LegendItem {
    /// The picture.
    pub icon: Icon,
    /// A few words: the letter of the notation, the name, what it does.
    pub text: &'static str,
}

/// One game's drawing, for the common frame.
pub trait GameView {
    /// A number for the game, unique among the views (sprite and legend caches).
    fn id(&self) -> u8;

    /// The board's shape.
    fn grid(&self) -> Grid;

    /// Whether a viewer in `seat` sees the board turned by 180°.
    fn flipped_for(&self, seat: Seat) -> bool {
        seat.index() % 2 == 1
    }

    /// The game's short description of a seat under the name: "light · home rank 1".
    fn seat_note(&self, seat: Seat, language: Language) -> String;

    /// The token that stands for a seat in its name bar.
    fn seat_token(&self, seat: Seat) -> Token;

    /// Words after the game's title: "turn 14 · trees 3".
    fn header_note(&self, language: Language) -> String;

    /// Draws the terrain of `cell`.
    fn draw_ground(&self, canvas: &mut Canvas, cell: Cell, rect: Rect);

    /// Draws board-wide marks over the terrain (regions, lines); nothing by default.
    fn draw_decor(&self, _canvas: &mut Canvas, _geom: &BoardGeom) {}

    /// Draws marks over the pieces (a bound piece's chain); nothing by default.
    fn draw_over(&self, _canvas: &mut Canvas, _geom: &BoardGeom) {}

    /// The piece on `cell`, if any (games with one place per cell).
    fn piece(&self, cell: Cell) -> Option<Token>;

    /// How many places for pieces a cell has: 1, or 5 for POI Control's slots.
    fn spots(&self) -> u8 {
        1
    }

    /// The largest cell side in pixels: [`MAX_CELL`](crate::layout::MAX_CELL) by default;
    /// larger where a cell holds several small pieces (POI Control's five dice).
    fn max_cell(&self) -> i32 {
        crate::layout::MAX_CELL
    }

    /// The margin around a piece inside its place, in per cent of the place's side.
    fn piece_inset(&self) -> i32 {
        7
    }

    /// The rectangle of place `k` inside a cell's rectangle.
    fn spot_rect(&self, cell: Rect, _k: u8) -> Rect {
        cell
    }

    /// The piece on place `k` of `cell`.
    fn piece_at(&self, spot: Spot) -> Option<Token> {
        if spot.k == 0 {
            self.piece(spot.cell)
        } else {
            None
        }
    }

    /// Which tokens are "the same piece" when matching the last action's moves: by default the
    /// token itself; POI Control's dice match by owner, as a move may split or merge values.
    fn kin(&self, token: Token) -> u16 {
        token.0
    }

    /// Whether seats keep pieces off the board (a reserve row in the seat bars).
    fn has_reserve(&self) -> bool {
        true
    }

    /// Whether `seat` is out of the game (drawn faded, with an "out" pill).
    fn is_out(&self, _seat: Seat) -> bool {
        false
    }

    /// Draws a token fitted in the square `rect`, at `opacity` (255 = solid).
    fn draw_token(&self, canvas: &mut Canvas, token: Token, rect: Rect, opacity: u8);

    /// Draws a legend picture of the game's own (terrain, regions) in `rect`.
    fn draw_icon(&self, _canvas: &mut Canvas, _icon: u16, _rect: Rect) {}

    /// Cells holding a piece in danger (a Prince under threat).
    fn alerts(&self) -> Vec<Cell> {
        Vec::new()
    }

    /// The legend words for an alert, when the game has alerts.
    fn alert_text(&self, _language: Language) -> Option<&'static str> {
        None
    }

    /// What `seat` has off the board.
    fn tray(&self, seat: Seat) -> Tray;

    /// The game's legend lines (the frame adds the last-action and alert lines).
    fn legend(&self, language: Language) -> Vec<LegendItem>;

    /// A number that changes when the legend's content changes (options that alter terrain).
    fn legend_variant(&self) -> u16 {
        0
    }
}
