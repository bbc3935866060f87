//! POI Control's tests: the specification of the game.

// Tests of the decisions D1–D14 where the rulebook and rulings are silent.
mod decisions;
// Position helpers and the small test field.
mod helpers;
// C5 with several players: a seat resigns or times out and play goes on.
mod leaving;
// Named maps, the generator, map texts and the map option (P3).
mod maps;
// Action notation and whole turn lines.
mod notation;
// Position strings: round trips and refusals.
mod position;
// Property tests: listed ⇔ accepted, round trips, no panics, the squad-value invariant.
mod props;
// The Russian wording of options, parse errors and refusals.
mod russian;
// One section per rulebook paragraph.
mod rulebook;
// One or more tests per ruling P1–P12.
mod rulings;
// Random self-play and the size and speed of the legal list.
mod selfplay;
