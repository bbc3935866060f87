//! The league options of `/tournament new … format=league [size=N] [up=K] [down=K]`, read and
//! checked: divisions of `size` (3–30, default 10), `up` going up and `down` going down after
//! each season (default 2 each; at least 1, and together at most `size`).

use data::{League, TournamentFormat};

use super::event_options::number;
use crate::core::lang::Lang;
use crate::core::quoted::quoted;
use crate::core::Refusal;
use crate::tr;

/// The default division size.
pub const SIZE: u32 = 10;
/// The default number going up (and down) after a season.
pub const MOVES: u32 = 2;

/// The league options given so far.
#[derive(Default)]
pub(super) struct LeagueOptions {
    size: Option<u32>,
    up: Option<u32>,
    down: Option<u32>,
}

impl LeagueOptions {
    /// Reads `key=value` if it is a league option: whether it was.
    pub(super) fn read(&mut self, key: &str, value: &str, lang: Lang) -> Result<bool, Refusal> {
        let slot = match key {
            "size" => &mut self.size,
            "up" => &mut self.up,
            "down" => &mut self.down,
            _ => return Ok(false),
        };
        let range = if key == "size" { 3..=30 } else { 1..=29 };
        *slot = Some(number(key, value, range, lang)?);
        Ok(true)
    }

    /// The league's state for an event of `format`: `None` for the other formats (which
    /// refuse league options), the checked numbers for a league.
    pub(super) fn settle(
        self,
        format: TournamentFormat,
        lang: Lang,
    ) -> Result<Option<League>, Refusal> {
        if format != TournamentFormat::League {
            if self.size.or(self.up).or(self.down).is_some() {
                return Err(Refusal(tr!(
                    lang,
                    "size=, up= and down= are for leagues: add format=league.",
                    "size=, up= и down= — для лиг: добавьте format=league."
                )));
            }
            return Ok(None);
        }
        let size = self.size.unwrap_or(SIZE);
        let up = self.up.unwrap_or(MOVES.min(size / 2));
        let down = self.down.unwrap_or(MOVES.min(size / 2));
        if up + down > size {
            return Err(Refusal(tr!(
                lang,
                "up={up} and down={down} move {moves} players of a division of {size}; at most {size} can move.",
                "up={up} и down={down} — это {moves} игроков из дивизиона в {size}; больше {size} перейти не может.",
                moves = up + down
            )));
        }
        Ok(Some(League { size, up, down, season: 0, divisions: Vec::new() }))
    }
}

/// Refuses a name a league's division could take (`<league>-s<season>-d<division>`).
pub(super) fn refuse_division_name(name: &str, lang: Lang) -> Result<(), Refusal> {
    if !League::is_division_name(name) {
        return Ok(());
    }
    Err(Refusal(tr!(
        lang,
        "{name}: names ending like -s2-d1 are kept for the divisions of leagues; choose another name.",
        "{name}: названия с окончанием вроде -s2-d1 зарезервированы для дивизионов лиг; выберите другое.",
        name = quoted(name)
    )))
}
