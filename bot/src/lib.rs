//! The `tabletalk` program: the platform-neutral chat core (`core`), correspondence clocks
//! (`clock`), the scheduler that acts on deadlines (`scheduler`), the local console
//! (`console`), the delivery loop that sends what the outbox owes (`delivery`) and the offline
//! CLI (`cli`), the service that runs the bot (`service`), and the platform adapters
//! (`telegram`, `discord`).

pub mod cli;
pub mod clock;
pub mod console;
pub mod core;
pub mod delivery;
pub mod discord;
#[cfg(test)]
mod hostile;
pub mod metrics;
pub mod paint;
pub mod scheduler;
pub mod secret;
pub mod service;
pub mod telegram;
pub mod text_parts;
pub mod wall_clock;
