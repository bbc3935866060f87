//! POI Control's options: player count (P4), the map (P3) and the round limit (P12).

use crate::core::{bad_value, parse_number, unknown_option, GameOptions, OptionError, OptionSpec};

use super::map::Map;
use super::maps::{fairness, named_map};

/// Which field to play on (P3).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub enum MapChoice {
    /// The named map made for the player count (`duel`, `triad`, `cross`).
    #[default]
    Auto,
    /// A named map by name.
    Named(&'static str),
    /// A fair map drawn from the game's seed.
    Generated,
    /// A map given as map text (see [`Map::read`]).
    Custom(String),
}

/// The options of a POI Control game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PoiOptions {
    /// 2 to 4 players (P4). Default 2.
    pub players: usize,
    /// The field (P3). Default: the named map for the player count.
    pub map: MapChoice,
    /// `Some(n)`: the game ends after `n` full rounds and is scored (P12). Default off.
    pub rounds: Option<u32>,
}

impl Default for PoiOptions {
    fn default() -> Self {
        PoiOptions { players: 2, map: MapChoice::Auto, rounds: None }
    }
}

const SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "players",
        allowed: "2 to 4 (no more than the map's start tiles; duel 2, triad 3, cross 2 or 4)",
        default: "2",
        help: "number of players (P4)",
        allowed_ru: "от 2 до 4 (не больше, чем стартовых клеток на карте; duel — 2, triad — 3, cross — 2 или 4)",
        help_ru: "число игроков (P4)",
    },
    OptionSpec {
        key: "map",
        allowed: "auto, duel (2 players), triad (3), cross (2 or 4), generated, or a map text with a start tile per player",
        default: "auto",
        help: "the field: the named map for the player count, a named map, a seeded fair map, or your own (P3)",
        allowed_ru: "auto, duel (2 игрока), triad (3), cross (2 или 4), generated или текст карты со стартовой клеткой для каждого игрока",
        help_ru: "поле: готовая карта для этого числа игроков, готовая карта по названию, честная карта, построенная по зерну партии, или своя карта (P3)",
    },
    OptionSpec {
        key: "rounds",
        allowed: "off or 1 to 999",
        default: "off",
        help: "end after this many full rounds: most tiles controlled wins (P12)",
        allowed_ru: "off или от 1 до 999",
        help_ru: "закончить партию после стольких полных раундов: побеждает тот, кто контролирует больше всего клеток (P12)",
    },
];

impl PoiOptions {
    /// Whether the chosen map seats `self.players` players: it has enough start tiles, and a
    /// named map must also be fair for that count (P3). `duel` is for 2 players, `triad` for 3,
    /// `cross` for 4 or 2 (opposite starts); `triad` with 2 or `cross` with 3 would give the
    /// players different bonuses near their starts. A map text is the players' own choice.
    fn map_fits(&self) -> bool {
        match &self.map {
            MapChoice::Auto | MapChoice::Generated => true,
            MapChoice::Named(name) => named_map(name).is_some_and(|(_, _, m)| {
                let fair = fairness(&m, self.players);
                self.players <= m.starts().len() && fair.iter().all(|f| f == &fair[0])
            }),
            MapChoice::Custom(text) => {
                Map::read(text).is_ok_and(|m| self.players <= m.starts().len())
            }
        }
    }
}

impl GameOptions for PoiOptions {
    fn specs() -> &'static [OptionSpec] {
        SPECS
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key.to_ascii_lowercase().as_str() {
            "players" => {
                let n = parse_number("players", value, 2, 4, SPECS)? as usize;
                let mut next = self.clone();
                next.players = n;
                if !next.map_fits() {
                    return Err(bad_value("players", value, SPECS));
                }
                *self = next;
            }
            "map" => {
                let lower = value.to_ascii_lowercase();
                let choice = match lower.as_str() {
                    "auto" => MapChoice::Auto,
                    "generated" => MapChoice::Generated,
                    _ => match named_map(&lower) {
                        Some((name, _, _)) => MapChoice::Named(name),
                        None => match Map::read(value) {
                            Ok(map) => MapChoice::Custom(map.write()),
                            Err(_) => return Err(bad_value("map", value, SPECS)),
                        },
                    },
                };
                let next = PoiOptions { map: choice, ..self.clone() };
                if !next.map_fits() {
                    return Err(bad_value("map", value, SPECS));
                }
                *self = next;
            }
            "rounds" => {
                self.rounds = if value.eq_ignore_ascii_case("off") {
                    None
                } else {
                    Some(parse_number("rounds", value, 1, 999, SPECS)?)
                };
            }
            _ => return Err(unknown_option(key, SPECS)),
        }
        Ok(())
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        let map = match &self.map {
            MapChoice::Auto => "auto".to_string(),
            MapChoice::Named(name) => name.to_string(),
            MapChoice::Generated => "generated".to_string(),
            MapChoice::Custom(text) => text.clone(),
        };
        let rounds = self.rounds.map_or("off".to_string(), |n| n.to_string());
        vec![("players", self.players.to_string()), ("map", map), ("rounds", rounds)]
    }
}
