//! The `tabletalk` program: the platform-neutral chat core (`core`), correspondence clocks
//! (`clock`), the scheduler that acts on deadlines (`scheduler`), the local console
//! (`console`), the delivery loop and the router that send every reply (`delivery`), the seam
//! every way in shares (`surface`), the platform adapters (`telegram`, `discord`), the web board (`web`), the offline
//! CLI (`cli`), and the service that composes them and runs the bot (`service`, imported by
//! `main.rs` alone). Below them all: the process's clock (`wall_clock`), secrets (`secret`)
//! and the metrics (`metrics`).

pub mod cli;
pub mod clock;
pub mod code_spans;
pub mod console;
pub mod core;
pub mod delivery;
pub mod discord;
#[cfg(test)]
mod hostile;
pub mod metrics;
pub mod outage;
pub mod paint;
pub mod scheduler;
pub mod secret;
pub mod service;
pub mod surface;
pub mod telegram;
pub mod text_parts;
pub mod wall_clock;
pub mod web;
