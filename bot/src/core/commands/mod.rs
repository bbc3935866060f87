//! The command table: each command declared once (`catalog.rs`) with the shape described in
//! `spec.rs` (with what a line carries once read); `read.rs` reads a line against it, and `listing.rs`
//! turns the table into `/help`, the platforms' command menus and the table in `docs/bot.md`.

mod arg_about;
mod catalog;
mod listing;
mod read;
mod spec;

pub use catalog::{docs_table, find, help_text, menu, AI_ARG, COMMANDS};
pub use listing::{no_longer_offered, MenuEntry};
pub use read::{needs_admin, parse, Parsed};
pub(crate) use spec::t;
pub use spec::{Access, Answer, ArgKind, ArgSpec, Args, CommandSpec, Section, Setting, Text};

#[cfg(test)]
mod tests;
