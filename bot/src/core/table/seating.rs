//! Who sits where: names, holders and seats of a game's table, action records, and the seats
//! that left a table of three or four (with how they rank at the end).

use data::{ActionRecord, GameHeader, PlayerId, Timestamp};
use engine::{AnyGame, Outcome, Seat};

use crate::core::lang::{seat_name, Lang};

/// The names at the table, in seat order.
pub(crate) fn names(h: &GameHeader) -> Vec<String> {
    h.seats
        .iter()
        .map(|s| match s {
            data::SeatHolder::Player { name, .. } | data::SeatHolder::Ai { name, .. } => {
                name.clone()
            }
        })
        .collect()
}

/// Who holds `seat`.
pub(crate) fn holder(h: &GameHeader, seat: Seat) -> Option<&PlayerId> {
    h.seats.get(seat.index()).and_then(|s| s.player())
}

/// The seats `me` holds.
pub(crate) fn seats_of(h: &GameHeader, me: &PlayerId) -> Vec<Seat> {
    Seat::all(h.seats.len()).filter(|&s| holder(h, s) == Some(me)).collect()
}

/// A seat's name with its player: "Ann (Blue)".
pub(crate) fn who(h: &GameHeader, game: &AnyGame, seat: Seat, lang: Lang) -> String {
    let name = names(h).get(seat.index()).cloned().unwrap_or_default();
    format!("{name} ({})", seat_name(&game.seat_name(seat), lang))
}

/// An action record for `seat` by `by`.
pub(crate) fn action(seat: Seat, by: &PlayerId, text: String, at: Timestamp) -> ActionRecord {
    ActionRecord { seat, by: Some(by.clone()), action: text, at }
}

/// Whether `player` still sits at the table: holds a seat that has not left. Only tables of
/// more than two seats go on after someone leaves, so only they need the action list.
pub(crate) fn still_seated(store: &dyn data::Store, h: &GameHeader, player: &PlayerId) -> bool {
    let mine = seats_of(h, player);
    if h.seats.len() <= 2 || mine.is_empty() {
        return !mine.is_empty();
    }
    let Ok(Some(record)) = store.game(h.id) else { return true };
    let left = leavers(&record.actions);
    mine.iter().any(|seat| !left.contains(seat))
}

/// The seats that left a game (by its `leave:` actions), in the order they left.
pub(crate) fn leavers(actions: &[ActionRecord]) -> Vec<Seat> {
    actions.iter().filter_map(|a| engine::parse_leave(&a.action)).map(|(seat, _)| seat).collect()
}

/// The standings of a finished game whose `leavers` left in that order: the winner (or, for a
/// draw, everyone still in) first, the others still in next, then the leavers, the last to
/// leave ranked highest. Empty when nobody left (the store then derives them from the outcome).
pub(crate) fn standings(outcome: &Outcome, seats: usize, leavers: &[Seat]) -> Vec<Vec<Seat>> {
    if leavers.is_empty() {
        return Vec::new();
    }
    let stayed: Vec<Seat> = Seat::all(seats).filter(|s| !leavers.contains(s)).collect();
    let mut groups = match outcome.winner() {
        Some(w) => vec![vec![w], stayed.into_iter().filter(|&s| s != w).collect()],
        None => vec![stayed],
    };
    groups.extend(leavers.iter().rev().map(|&s| vec![s]));
    groups.retain(|g| !g.is_empty());
    groups
}
