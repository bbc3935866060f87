//! Yama's options: the map (Y2), the army (Y3), the setup mode (Y5) and the Edge variant (Y17).

use crate::core::{
    bad_value, parse_switch, switch_text, unknown_option, GameOptions, OptionError, OptionSpec,
};

use super::map::Map;
use super::maps::named_map;
use super::piece::Kind;

/// Which field to play on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum MapChoice {
    /// A named map chosen from the game's seed (the default, Y2).
    #[default]
    Random,
    /// A map made by the seeded generator (Y2).
    Generated,
    /// One named map.
    Named(&'static str),
    /// A map given as map text.
    Custom(Map),
}

/// How the armies get onto the field (Y4–Y5).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum SetupMode {
    /// A seeded legal draft places both armies; play starts at once (the default: it suits chat).
    #[default]
    Auto,
    /// The players place their pieces one at a time.
    Manual,
}

/// The army of each player (Y3): one Lumena plus these counts of Imps, Gargoyles and Balors.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Army {
    /// Pieces per kind, indexed by [`Kind::index`]; the Lumena count is always 1.
    pub counts: [u8; 4],
}

impl Army {
    /// The most pieces besides the Lumena.
    pub const MAX_EXTRA: usize = 9;

    /// Total pieces, Lumena included.
    pub fn size(&self) -> usize {
        self.counts.iter().map(|&n| n as usize).sum()
    }

    /// Reads the letters of the pieces besides the Lumena (`IIGBB`), any order and case.
    pub fn parse(text: &str) -> Option<Army> {
        let mut counts = [1, 0, 0, 0];
        if text.eq_ignore_ascii_case("none") {
            return Some(Army { counts });
        }
        if text.is_empty() || text.chars().count() > Army::MAX_EXTRA {
            return None;
        }
        for c in text.chars() {
            match Kind::from_letter(c)? {
                Kind::Lumena => return None,
                kind => counts[kind.index()] += 1,
            }
        }
        Some(Army { counts })
    }

    /// The canonical text: letters in kind order, `none` for a lone Lumena.
    pub fn text(&self) -> String {
        let s: String = Kind::ALL[1..]
            .iter()
            .flat_map(|k| std::iter::repeat_n(k.letter(), self.counts[k.index()] as usize))
            .collect();
        if s.is_empty() {
            "none".into()
        } else {
            s
        }
    }
}

impl Default for Army {
    /// Y3: Lumena, 2 Imps, 1 Gargoyle, 2 Balors.
    fn default() -> Army {
        Army { counts: [1, 2, 1, 2] }
    }
}

/// The typed options of a Yama game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct YamaOptions {
    /// The field (Y2).
    pub map: MapChoice,
    /// Each player's army (Y3).
    pub army: Army,
    /// Manual or automatic placement (Y5).
    pub setup: SetupMode,
    /// The Edge variant: pits instead of walls (Y17).
    pub edge: bool,
}

const SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "map",
        allowed: "crater, bridge, peaks, diamond, random, generated, or map text custom:<ranks> \
                  (ranks top first, separated by /; . ground, ~ lava, ^ pillar, # outside)",
        default: "random",
        help: "the field: a named map, a random named map, a generated one, or your own (Y2)",
        allowed_ru: "crater, bridge, peaks, diamond, random, generated или текст карты \
                     custom:<ряды> (ряды сверху вниз через /; . земля, ~ лава, ^ столб, \
                     # вне поля)",
        help_ru: "поле: одна из готовых карт, случайная готовая, сгенерированная или своя (Y2)",
    },
    OptionSpec {
        key: "army",
        allowed:
            "1 to 9 letters I (Imp), G (Gargoyle), B (Balor), or none; the Lumena is always in",
        default: "IIGBB",
        help: "each player's pieces besides the Lumena (Y3)",
        allowed_ru: "от 1 до 9 букв I (Имп), G (Гарголь), B (Балор) или none; Люмена есть всегда",
        help_ru: "фигуры каждого игрока, кроме Люмены (Y3)",
    },
    OptionSpec {
        key: "setup",
        allowed: "auto or manual",
        default: "auto",
        help: "auto: a seeded legal draft places both armies; manual: place them one by one (Y5)",
        allowed_ru: "auto или manual",
        help_ru: "auto: обе армии расставляются случайно по правилам (от зерна партии); \
                  manual: игроки выставляют фигуры по одной (Y5)",
    },
    OptionSpec {
        key: "edge",
        allowed: "on or off",
        default: "off",
        help: "the Edge variant: pits instead of walls around the field (Y17)",
        allowed_ru: "on или off",
        help_ru: "режим «Край»: вокруг поля ямы-пропасти вместо стен (Y17)",
    },
];

impl GameOptions for YamaOptions {
    fn specs() -> &'static [OptionSpec] {
        SPECS
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let bad = || bad_value(key, value, SPECS);
        match key.to_ascii_lowercase().as_str() {
            "map" => {
                let lower = value.to_ascii_lowercase();
                self.map = match lower.as_str() {
                    "random" => MapChoice::Random,
                    "generated" => MapChoice::Generated,
                    _ => {
                        if let Some(name) =
                            super::maps::NAMED_MAPS.iter().map(|(n, _)| *n).find(|n| *n == lower)
                        {
                            debug_assert!(named_map(name).is_some());
                            MapChoice::Named(name)
                        } else {
                            let text = lower.strip_prefix("custom:").unwrap_or(&lower);
                            let map = Map::parse_why(text).map_err(|(why, why_ru)| {
                                OptionError::BadValue {
                                    key: "map".into(),
                                    value: value.into(),
                                    allowed: format!("{} ({why})", SPECS[0].allowed),
                                    allowed_ru: format!("{} ({why_ru})", SPECS[0].allowed_ru),
                                }
                            })?;
                            super::advice::check_playable_why(&map).map_err(|(why, why_ru)| {
                                OptionError::BadValue {
                                    key: "map".into(),
                                    value: value.into(),
                                    allowed: format!("a playable map ({why})"),
                                    allowed_ru: format!(
                                        "карта, на которой можно играть ({why_ru})"
                                    ),
                                }
                            })?;
                            MapChoice::Custom(map)
                        }
                    }
                };
            }
            "army" => self.army = Army::parse(value).ok_or_else(bad)?,
            "setup" => {
                self.setup = match value.to_ascii_lowercase().as_str() {
                    "auto" => SetupMode::Auto,
                    "manual" => SetupMode::Manual,
                    _ => return Err(bad()),
                }
            }
            "edge" => self.edge = parse_switch(key, value, SPECS)?,
            _ => return Err(unknown_option(key, SPECS)),
        }
        Ok(())
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        let map = match self.map {
            MapChoice::Random => "random".to_string(),
            MapChoice::Generated => "generated".to_string(),
            MapChoice::Named(name) => name.to_string(),
            MapChoice::Custom(map) => format!("custom:{}", map.text()),
        };
        let setup = match self.setup {
            SetupMode::Auto => "auto",
            SetupMode::Manual => "manual",
        };
        vec![
            ("map", map),
            ("army", self.army.text()),
            ("setup", setup.to_string()),
            ("edge", switch_text(self.edge)),
        ]
    }
}
