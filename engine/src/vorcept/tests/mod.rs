//! Vorcept's tests, one file per rule area; each test is named after the ruling (V1–V14) or
//! the rulebook paragraph it checks.

mod captures; // V9–V11, rulebook "Capture", summon captures
mod helpers; // positions from strings, refusals
mod moves; // V8, rulebook "Movement"
mod notation; // action notation
mod options; // option defaults and refusals
mod position; // position strings
mod properties; // generator ⇔ validator, round trips, no panics
mod russian; // the Russian wording of refusals, parse errors and options
mod selfplay; // random games, speed
mod setup_rules; // V1–V4, rulebook "Arrangement" 1–4
mod turns; // V5–V7, rulebook 5, "Actions", "Summon" examples
mod victory; // V12–V14, rulebook "Victory", "Alternative"
