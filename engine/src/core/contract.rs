//! Checks of the [`Game`] contract that every game's tests run on many positions: the legal
//! list and `apply` agree, refusals leave the state alone, and notation and positions
//! round-trip. Pure functions that return the first broken promise as text, so a failing
//! property test prints the position and the action.

use super::game::Game;

/// Checks one position: every listed action is accepted and listed once; action texts and the
/// position string round-trip. Returns the first problem found.
pub fn check_listed_actions<G: Game>(game: &G) -> Result<(), String> {
    let position = game.write_position();
    let reread = G::read_position(&position).map_err(|e| format!("{position}: {e}"))?;
    if &reread != game {
        return Err(format!("position did not round-trip: {position}"));
    }
    if reread.write_position() != position {
        return Err(format!("position string is not stable: {position}"));
    }
    let listed = game.legal_actions();
    let mut texts = std::collections::HashSet::new();
    for action in listed {
        let text = game.write_action(&action);
        if !texts.insert(text.clone()) {
            return Err(format!("`{text}` is listed twice in {position}"));
        }
        if text.is_empty() || text.chars().any(|c| c.is_whitespace() || c == ',' || c == ';') {
            return Err(format!(
                "action text `{text}` is empty or contains a separator in {position}"
            ));
        }
        match game.read_action(&text) {
            Ok(read) if read == action => {}
            Ok(read) => {
                return Err(format!(
                    "`{text}` reads back as {read:?}, not {action:?} in {position}"
                ))
            }
            Err(e) => return Err(format!("`{text}` does not read back ({e}) in {position}")),
        }
        let mut next = game.clone();
        if let Err(e) = next.apply(&action) {
            return Err(format!("listed action `{text}` refused ({e}) in {position}"));
        }
    }
    Ok(())
}

/// Checks candidate actions (any the caller can build, legal or not): `apply` accepts exactly
/// the listed ones, leaves the state unchanged when it refuses, and words every refusal in
/// Russian too (`Illegal::ru`), so a chat reply is wholly in the player's language.
pub fn check_candidates<G: Game>(
    game: &G,
    candidates: impl IntoIterator<Item = G::Action>,
) -> Result<(), String> {
    let listed = game.legal_actions();
    for action in candidates {
        let mut next = game.clone();
        let accepted = next.apply(&action);
        let is_listed = listed.contains(&action);
        match accepted {
            Ok(()) if !is_listed => {
                return Err(format!(
                    "`{}` is accepted but not listed in {}",
                    game.write_action(&action),
                    game.write_position()
                ))
            }
            Err(e) if is_listed => {
                return Err(format!(
                    "`{}` is listed but refused ({e}) in {}",
                    game.write_action(&action),
                    game.write_position()
                ))
            }
            Err(e) if e.reason_ru.is_none() => {
                return Err(format!(
                    "refusing `{}` has no Russian reason ({e}) in {}",
                    game.write_action(&action),
                    game.write_position()
                ))
            }
            Err(_) if &next != game => {
                return Err(format!(
                    "refusing `{}` changed the state of {}",
                    game.write_action(&action),
                    game.write_position()
                ))
            }
            _ => {}
        }
    }
    Ok(())
}
