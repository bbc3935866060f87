//! Gridi's tests: one file per rule area, named after the rulings and rulebook paragraphs.

mod smoke;
