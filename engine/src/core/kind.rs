//! The four games' stable names, used everywhere: CLI, chat commands, storage.

use std::fmt;

use super::error::ParseError;
use super::language::Language;

/// Which game. The names are stable: they are stored in the database and typed by players.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum GameKind {
    /// Vorcept (`vorcept`): blocks, a Pylon, Hosts and drones.
    Vorcept,
    /// Yama (`yama`, Яма): a pit of lava and pillars.
    Yama,
    /// Gridi (`gridi`, Гриди): a duel of two fairy-tale armies on 6×6.
    Gridi,
    /// POI Control (`poi`): tiles, squads as dice, resources; 2 to 4 players.
    Poi,
}

impl GameKind {
    /// All four, in the order they are listed to players.
    pub const ALL: [GameKind; 4] =
        [GameKind::Vorcept, GameKind::Yama, GameKind::Gridi, GameKind::Poi];

    /// The stable name: `vorcept`, `yama`, `gridi`, `poi`.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Vorcept => "vorcept",
            GameKind::Yama => "yama",
            GameKind::Gridi => "gridi",
            GameKind::Poi => "poi",
        }
    }

    /// The name as a title: "POI Control".
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Vorcept => "Vorcept",
            GameKind::Yama => "Yama",
            GameKind::Gridi => "Gridi",
            GameKind::Poi => "POI Control",
        }
    }

    /// The title in `language`: "Гриди", "Ворцепт" (POI Control keeps its name).
    pub const fn title_in(self, language: Language) -> &'static str {
        match (self, language) {
            (_, Language::English) => self.title(),
            (GameKind::Vorcept, Language::Russian) => "Ворцепт",
            (GameKind::Yama, Language::Russian) => "Яма",
            (GameKind::Gridi, Language::Russian) => "Гриди",
            (GameKind::Poi, Language::Russian) => "POI Control",
        }
    }

    /// Other names players may type, Russian included.
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            GameKind::Vorcept => &["ворцепт"],
            GameKind::Yama => &["яма"],
            GameKind::Gridi => &["гриди"],
            GameKind::Poi => &["poi-control", "poicontrol", "poi_control"],
        }
    }

    /// Reads a name or alias, ignoring case.
    pub fn parse(text: &str) -> Result<GameKind, ParseError> {
        let wanted = text.trim().to_lowercase();
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name() == wanted || kind.aliases().contains(&wanted.as_str()))
            .ok_or_else(|| ParseError::new(text, "a game: vorcept, yama, gridi or poi"))
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_read_back() {
        for kind in GameKind::ALL {
            assert_eq!(GameKind::parse(kind.name()), Ok(kind));
            for alias in kind.aliases() {
                assert_eq!(GameKind::parse(alias), Ok(kind));
            }
        }
        assert_eq!(GameKind::parse("ГРИДИ"), Ok(GameKind::Gridi));
        assert_eq!(GameKind::parse(" POI-Control "), Ok(GameKind::Poi));
        let err = GameKind::parse("chess").unwrap_err();
        assert_eq!(
            err.to_string(),
            "can't read `chess`: expected a game: vorcept, yama, gridi or poi"
        );
    }
}
