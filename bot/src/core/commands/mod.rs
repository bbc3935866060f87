//! The command table: each command declared once (`catalog.rs`) with the shape described in
//! `spec.rs`; `read.rs` reads a line against it, `args.rs` holds what was read, and `listing.rs`
//! turns the table into `/help`, the platforms' command menus and the table in `docs/bot.md`.

mod args;
mod catalog;
mod listing;
mod read;
mod spec;

pub use args::{Answer, Args};
pub use catalog::{find, COMMANDS};
pub use listing::{docs_table, help_text, menu, MenuEntry};
pub use read::{parse, Parsed};
pub(crate) use spec::t;
pub use spec::{Access, ArgKind, ArgSpec, CommandSpec, Section, Setting, Text};

#[cfg(test)]
mod tests;
