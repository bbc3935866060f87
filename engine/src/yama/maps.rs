//! The named maps shipped with the game (Y2), drawn in map text (see [`super::map`]).
//! Player 1 starts at the bottom (rank 1), player 2 at the top.

use super::map::Map;

/// The named maps: (name, map text). Every one passes [`super::advice::check_advice`].
pub const NAMED_MAPS: [(&str, &str); 4] = [
    (
        "crater",
        "##.....##/#.......#/..~...~../...^^^.../.~.....~./...^^^.../..~...~../#.......#/##.....##",
    ),
    (
        "bridge",
        "##......./#......../......^../.^....^^./.^^....../~~~.~~.~~/........./........./........#/.......##",
    ),
    ("peaks", "......../......../.^^..~../.^...~../...^^^../..~...^./..~..^^./......../........"),
    (
        "diamond",
        "###...###/##.....##/#.......#/^.~~.~~.^/^..^^^..^/^.~~.~~.^/#.......#/##.....##/###...###",
    ),
];

/// The named map called `name` (case-insensitive).
pub fn named_map(name: &str) -> Option<Map> {
    NAMED_MAPS
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, text)| Map::parse(text).expect("named maps are valid"))
}

/// The name of a named map, if `map` is one.
pub fn name_of(map: &Map) -> Option<&'static str> {
    NAMED_MAPS.iter().find(|(_, text)| Map::parse(text).ok().as_ref() == Some(map)).map(|(n, _)| *n)
}
