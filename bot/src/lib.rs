//! The `tabletalk` program: today the offline CLI over the engine. The platform-neutral chat
//! core, the Discord and Telegram adapters and the clock scheduler join it in later issues.

pub mod cli;
