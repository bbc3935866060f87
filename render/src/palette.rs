//! The fixed colours of every image. Sides are told apart by lightness and pattern as well as
//! hue, so the pictures read the same for colour-blind players and in greyscale.

/// An RGB colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rgb(pub [u8; 3]);

/// The colour `0xRRGGBB`.
pub const fn hex(v: u32) -> Rgb {
    Rgb([(v >> 16) as u8, (v >> 8) as u8, v as u8])
}

/// The image background: warm paper.
pub const PAPER: Rgb = hex(0xF6F1E7);
/// Main text.
pub const INK: Rgb = hex(0x2B2A33);
/// Secondary text: seat labels, legend notes.
pub const INK_SOFT: Rgb = hex(0x6E6875);
/// Thin rules between the parts of the frame.
pub const RULE: Rgb = hex(0xD8CEBD);
/// The wooden band around the board that carries the coordinates.
pub const WOOD: Rgb = hex(0x6F5137);
/// The coordinates on the wooden band.
pub const WOOD_TEXT: Rgb = hex(0xF4E7CF);
/// The bar of the player to move.
pub const TURN_BAR: Rgb = hex(0xE2EFD8);
/// The "to move" pill and the turn stripe.
pub const TURN: Rgb = hex(0x2F7D45);
/// The "winner" pill.
pub const WIN: Rgb = hex(0xB7871F);
/// White text on pills.
pub const ON_PILL: Rgb = hex(0xFFFFFF);
/// The cells the last action left from.
pub const LAST_FROM: Rgb = hex(0xE9D94A);
/// The cells the last action went to.
pub const LAST_TO: Rgb = hex(0xD8C21E);
/// The arrow of the last action.
pub const ARROW: Rgb = hex(0x2D6CB5);
/// Removed or captured pieces.
pub const CAPTURE: Rgb = hex(0xC7312B);
/// The badge of a piece that already acted this turn.
pub const ACTED: Rgb = hex(0x55515E);
/// A piece in danger (a Prince under threat).
pub const ALERT: Rgb = hex(0xD42A3C);
/// The cells the turn in progress left from.
pub const NOW_FROM: Rgb = hex(0xB4DD9C);
/// The cells the turn in progress went to.
pub const NOW_TO: Rgb = hex(0x86C765);
/// The (dashed) arrow of the turn in progress: the green of the player to move.
pub const NOW_ARROW: Rgb = TURN;
