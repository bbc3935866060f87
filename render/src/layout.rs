//! The fixed measures of the frame, in pixels. The image is always [`WIDTH`] wide; its height
//! follows from the board's shape, the number of seats and the legend.

/// Image width: phones scale it down to about 360 px, desktops show it as is.
pub const WIDTH: i32 = 640;
/// Outer margin.
pub const MARGIN: i32 = 12;
/// The title line.
pub const HEADER: i32 = 44;
/// One seat's bar: name, note, reserve and losses.
pub const BAR: i32 = 76;
/// The wooden band around the cells, carrying the coordinates.
pub const BAND: i32 = 26;
/// The status line under the board (last action, clock).
pub const STATUS: i32 = 36;
/// One legend row.
pub const LEGEND_ROW: i32 = 32;
/// Legend columns.
pub const LEGEND_COLUMNS: i32 = 2;
/// The largest cell side, so small boards do not grow huge.
pub const MAX_CELL: i32 = 96;
