//! Gridi's options: the tree layout (G2) and the armies of the rulebook's section 10 (G4).
//!
//! `army` sets both reserves, `army2` overrides the second player's, `coins` checks both
//! against a budget (1 coin each for Owl, Princess, squad and Mortar; the Prince is free).

use crate::core::{bad_value, unknown_option, GameOptions, OptionError, OptionSpec};

use super::describe::plural_ru;
use super::piece::Kind;

/// Most letters in one army (the Prince included; a squad is one letter).
pub const MAX_ARMY: usize = 8;

/// One player's reserve line-up: how many of each kind; Grids are counted in squads of two.
/// Built only by [`Army::parse`] (or the constants), so it always has exactly one Prince.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Army {
    /// Count per [`Kind::index`]; the Grid count is the number of squads.
    pub(crate) counts: [u8; 5],
}

/// The named line-ups: the full army and the beginner armies of section 10.
const NAMED: [(&str, Army); 4] = [
    ("full", Army { counts: [1, 1, 1, 1, 1] }),
    ("beginner", Army { counts: [1, 0, 0, 0, 1] }),
    ("beginner-mortar", Army { counts: [1, 0, 0, 1, 1] }),
    ("beginner-owl", Army { counts: [1, 0, 1, 1, 1] }),
];

impl Army {
    /// The full army (G4): Prince, Princess, Owl, Mortar and a squad of two Grids.
    pub const FULL: Army = Army { counts: [1, 1, 1, 1, 1] };

    /// Reads a name (`full`, `beginner`, `beginner-mortar`, `beginner-owl`) or a line-up of
    /// letters such as `KOOG` (exactly one `K`; `G` is a squad of two Grids).
    pub fn parse(text: &str) -> Option<Army> {
        let lower = text.to_ascii_lowercase();
        if let Some((_, army)) = NAMED.iter().find(|(name, _)| *name == lower) {
            return Some(*army);
        }
        if text.is_empty() || text.chars().count() > MAX_ARMY {
            return None;
        }
        let mut counts = [0u8; 5];
        for c in text.chars() {
            counts[Kind::from_letter(c)?.index()] += 1;
        }
        (counts[Kind::Prince.index()] == 1).then_some(Army { counts })
    }

    /// The canonical text: a name when it has one, else letters in `KQOMG` order.
    pub fn text(&self) -> String {
        if let Some((name, _)) = NAMED.iter().find(|(_, army)| army == self) {
            return (*name).to_string();
        }
        Kind::ALL
            .iter()
            .flat_map(|k| std::iter::repeat_n(k.letter(), usize::from(self.counts[k.index()])))
            .collect()
    }

    /// The price in coins (section 10): 1 per Owl, Princess, squad and Mortar.
    pub fn cost(&self) -> u32 {
        self.counts.iter().skip(1).map(|&n| u32::from(n)).sum()
    }

    /// How many of `kind` (squads for Grids).
    pub const fn count(&self, kind: Kind) -> u8 {
        self.counts[kind.index()]
    }
}

/// The options of a Gridi game. Set through [`GameOptions`] (`from_text`, `set`), which
/// checks every value and the coin budget, so a value of this type is always valid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GridiOptions {
    /// Tree layout 1..=6, or `None` to roll the die from the seed (G2, C4).
    pub(crate) trees: Option<u8>,
    /// Both players' army (G4), unless `army2` overrides the second player's.
    pub(crate) army: Army,
    /// The second player's army when it differs.
    pub(crate) army2: Option<Army>,
    /// A coin budget both armies must keep to (section 10), or `None` for no check.
    pub(crate) coins: Option<u8>,
}

impl Default for GridiOptions {
    fn default() -> Self {
        GridiOptions { trees: None, army: Army::FULL, army2: None, coins: None }
    }
}

impl GridiOptions {
    /// The chosen tree layout, or `None` for the die roll.
    pub const fn trees(&self) -> Option<u8> {
        self.trees
    }

    /// The coin budget, if any.
    pub const fn coins(&self) -> Option<u8> {
        self.coins
    }

    /// The army of the first (`0`) or second (`1`) player.
    pub fn army_of(&self, seat_index: usize) -> Army {
        match (seat_index, self.army2) {
            (1, Some(army)) => army,
            _ => self.army,
        }
    }

    fn check_budget(&self) -> Result<(), OptionError> {
        let Some(coins) = self.coins else { return Ok(()) };
        for (key, army) in [("army", self.army), ("army2", self.army_of(1))] {
            if army.cost() > u32::from(coins) {
                return Err(OptionError::BadValue {
                    key: key.to_string(),
                    value: army.text(),
                    allowed: format!(
                        "an army costing at most {coins} coins (it costs {}: 1 coin each for \
                         Owl, Princess, squad and Mortar)",
                        army.cost()
                    ),
                    allowed_ru: format!(
                        "армия в пределах бюджета, {} (эта стоит {}: по 1 монете за Филина, \
                         Княжну, отряд и Мортиру)",
                        coins_ru(u32::from(coins)),
                        coins_ru(army.cost())
                    ),
                });
            }
        }
        Ok(())
    }
}

/// The refusal of an army value. A number is how G4 writes the coin-priced game (`army=3`):
/// the engine takes the budget as `coins` and each side's pieces as letters, and says so.
fn bad_army(key: &str, value: &str) -> OptionError {
    if !value.is_empty() && value.chars().all(|c| c.is_ascii_digit()) {
        return OptionError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            allowed: format!(
                "letters or a named line-up; for the coin-priced game (section 10) write the \
                 budget as coins={value} and each side's pieces as letters in army= and \
                 army2= (K the Prince, free; Q, O, M and G a squad, one coin each)"
            ),
            allowed_ru: format!(
                "буквы или готовый состав; для игры на монеты (раздел 10 правил) запишите бюджет \
                 как coins={value}, а фигуры каждой стороны буквами в army= и army2= (K Князь, \
                 бесплатно; Q, O, M и G — отряд, по одной монете)"
            ),
        };
    }
    bad_value(key, value, SPECS)
}

/// "1 монета", "3 монеты", "5 монет".
fn coins_ru(n: u32) -> String {
    plural_ru(n, ["монета", "монеты", "монет"])
}

const SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "trees",
        allowed: "random, or a layout 1 to 6",
        default: "random",
        help: "the tree layout; random rolls the die from the game's seed (G2)",
        allowed_ru: "random или расстановка от 1 до 6",
        help_ru: "расстановка деревьев; random — бросок кубика по зерну партии (G2)",
    },
    OptionSpec {
        key: "army",
        allowed: "full, beginner, beginner-mortar, beginner-owl, or letters with one K \
                  such as KOOG (K Prince, Q Princess, O Owl, M Mortar, G squad of two Grids; \
                  at most 8 letters)",
        default: "full",
        help: "each player's reserve (G4, rulebook section 10)",
        allowed_ru: "full, beginner, beginner-mortar, beginner-owl или буквы с одной K, \
                     например KOOG (K Князь, Q Княжна, O Филин, M Мортира, G отряд из двух \
                     Гридей; не больше 8 букв)",
        help_ru: "резерв каждого игрока (G4, раздел 10 правил)",
    },
    OptionSpec {
        key: "army2",
        allowed: "same, or an army as for army",
        default: "same",
        help: "the second player's reserve when it differs from army",
        allowed_ru: "same или армия, как для army",
        help_ru: "резерв второго игрока, если он не такой, как army",
    },
    OptionSpec {
        key: "coins",
        allowed: "off, or 0 to 7",
        default: "off",
        help: "budget both armies must keep to: 1 coin per Owl, Princess, squad, Mortar",
        allowed_ru: "off или от 0 до 7",
        help_ru: "бюджет, в который должны уложиться обе армии: 1 монета за Филина, Княжну, \
                  отряд, Мортиру",
    },
];

impl GameOptions for GridiOptions {
    fn specs() -> &'static [OptionSpec] {
        SPECS
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let key = key.to_ascii_lowercase();
        let lower = value.to_ascii_lowercase();
        let mut next = *self;
        match key.as_str() {
            "trees" => {
                next.trees = match lower.as_str() {
                    "random" => None,
                    _ => Some(
                        value
                            .parse::<u8>()
                            .ok()
                            .filter(|n| (1..=6).contains(n))
                            .ok_or_else(|| bad_value("trees", value, SPECS))?,
                    ),
                }
            }
            "army" => next.army = Army::parse(value).ok_or_else(|| bad_army("army", value))?,
            "army2" => {
                next.army2 = match lower.as_str() {
                    "same" => None,
                    _ => Some(Army::parse(value).ok_or_else(|| bad_army("army2", value))?),
                }
            }
            "coins" => {
                next.coins = match lower.as_str() {
                    "off" => None,
                    _ => Some(
                        value
                            .parse::<u8>()
                            .ok()
                            .filter(|&n| n <= 7)
                            .ok_or_else(|| bad_value("coins", value, SPECS))?,
                    ),
                }
            }
            _ => return Err(unknown_option(&key, SPECS)),
        }
        next.check_budget()?;
        *self = next;
        Ok(())
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("trees", self.trees.map_or("random".to_string(), |n| n.to_string())),
            ("army", self.army.text()),
            ("army2", self.army2.map_or("same".to_string(), |a| a.text())),
            ("coins", self.coins.map_or("off".to_string(), |n| n.to_string())),
        ]
    }
}
