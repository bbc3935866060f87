//! Vorcept's tests, one file per rule area; each test is named after the ruling (V1–V14) or
//! the rulebook paragraph it checks.

mod helpers;
mod smoke;
