//! Naming a mention: a reply lists the players it mentions, and its text shows each by the
//! display name the core wrote; a surface turns that name into the platform's mention (a
//! Telegram link, a Discord `<@id>`). Which id goes with which name is read here, once.

use data::PlayerId;

use crate::core::Core;

/// A mentioned person: their platform user id and the name the core wrote in the text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Named {
    /// The platform's user id, as text.
    pub id: String,
    /// The display name as it appears in the text.
    pub name: String,
}

/// The mentioned players' ids and the names the core wrote for them (from their profiles); a
/// player without a profile is left out.
pub fn named(core: &Core, players: &[PlayerId]) -> Vec<Named> {
    players
        .iter()
        .filter_map(|p| {
            let profile = core.store().player(p).ok().flatten()?;
            Some(Named { id: p.user.clone(), name: profile.display_name })
        })
        .collect()
}
