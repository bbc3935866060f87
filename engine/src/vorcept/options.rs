//! Vorcept's options, with the rulings' defaults (V1, V2, V4, V5, V12, V13).

use crate::core::{
    bad_value, parse_number, parse_switch, switch_text, unknown_option, GameOptions, OptionError,
    OptionSpec,
};

/// How the setup (V2–V3) is made (V4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum SetupMode {
    /// A legal, fair setup is generated from the game's seed; play starts at once.
    #[default]
    Random,
    /// The players place the Pylon, the blocks and the Hosts action by action.
    Manual,
}

/// The options of one Vorcept game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct VorceptOptions {
    /// Board side, 7 to 12 (V1, default 9).
    pub size: u8,
    /// Blocks each player places, 0 to 8 (V2, default 4).
    pub blocks: u8,
    /// Random or manual setup (V4, default random).
    pub setup: SetupMode,
    /// Reserve per player: Drone-1, Drone-2, Drone-3, each 0 to 9 (V5, default 4, 3, 2).
    pub reserve: [u8; 3],
    /// Whether there is a Pylon (V13, default on).
    pub pylon: bool,
    /// Whether holding three sides of the Pylon wins (V12, default on).
    pub pylon_win: bool,
}

impl Default for VorceptOptions {
    fn default() -> Self {
        VorceptOptions {
            size: 9,
            blocks: 4,
            setup: SetupMode::Random,
            reserve: [4, 3, 2],
            pylon: true,
            pylon_win: true,
        }
    }
}

const SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "size",
        allowed: "7 to 12",
        default: "9",
        help: "board side (V1)",
        allowed_ru: "от 7 до 12",
        help_ru: "сторона доски в клетках (V1)",
    },
    OptionSpec {
        key: "blocks",
        allowed: "0 to 8",
        default: "4",
        help: "blocks each player places during setup (V2)",
        allowed_ru: "от 0 до 8",
        help_ru: "сколько блоков каждый игрок ставит при расстановке (V2)",
    },
    OptionSpec {
        key: "setup",
        allowed: "random or manual",
        default: "random",
        help: "random: a fair setup from the seed; manual: players place Pylon, blocks, Hosts (V4)",
        allowed_ru: "random или manual",
        help_ru: "random — случайная честная расстановка по зерну партии; manual — игроки сами ставят Пилон, блоки и Хостов (V4)",
    },
    OptionSpec {
        key: "d1",
        allowed: "0 to 9",
        default: "4",
        help: "Drone-1s in reserve (V5)",
        allowed_ru: "от 0 до 9",
        help_ru: "сколько Дронов-1 в резерве (V5)",
    },
    OptionSpec {
        key: "d2",
        allowed: "0 to 9",
        default: "3",
        help: "Drone-2s in reserve (V5)",
        allowed_ru: "от 0 до 9",
        help_ru: "сколько Дронов-2 в резерве (V5)",
    },
    OptionSpec {
        key: "d3",
        allowed: "0 to 9",
        default: "2",
        help: "Drone-3s in reserve (V5)",
        allowed_ru: "от 0 до 9",
        help_ru: "сколько Дронов-3 в резерве (V5)",
    },
    OptionSpec {
        key: "pylon",
        allowed: "on or off",
        default: "on",
        help: "off: no Pylon, the Host is the only target (V13)",
        allowed_ru: "on или off",
        help_ru: "off — без Пилона, цель только Хост соперника (V13)",
    },
    OptionSpec {
        key: "pylon_win",
        allowed: "on or off",
        default: "on",
        help: "holding three sides of the Pylon wins (V12)",
        allowed_ru: "on или off",
        help_ru: "окружить Пилон с трёх сторон — победа (V12)",
    },
];

impl GameOptions for VorceptOptions {
    fn specs() -> &'static [OptionSpec] {
        SPECS
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let key = key.to_ascii_lowercase();
        let number = |lo, hi| parse_number(&key, value, lo, hi, SPECS).map(|n| n as u8);
        match key.as_str() {
            "size" => self.size = number(7, 12)?,
            "blocks" => self.blocks = number(0, 8)?,
            "setup" => {
                self.setup = match value.to_ascii_lowercase().as_str() {
                    "random" => SetupMode::Random,
                    "manual" => SetupMode::Manual,
                    _ => return Err(bad_value(&key, value, SPECS)),
                }
            }
            "d1" => self.reserve[0] = number(0, 9)?,
            "d2" => self.reserve[1] = number(0, 9)?,
            "d3" => self.reserve[2] = number(0, 9)?,
            "pylon" => self.pylon = parse_switch(&key, value, SPECS)?,
            "pylon_win" => self.pylon_win = parse_switch(&key, value, SPECS)?,
            _ => return Err(unknown_option(&key, SPECS)),
        }
        Ok(())
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        let setup = match self.setup {
            SetupMode::Random => "random",
            SetupMode::Manual => "manual",
        };
        vec![
            ("size", self.size.to_string()),
            ("blocks", self.blocks.to_string()),
            ("setup", setup.to_string()),
            ("d1", self.reserve[0].to_string()),
            ("d2", self.reserve[1].to_string()),
            ("d3", self.reserve[2].to_string()),
            ("pylon", switch_text(self.pylon)),
            ("pylon_win", switch_text(self.pylon_win)),
        ]
    }
}
