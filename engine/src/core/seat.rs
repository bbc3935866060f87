//! Seats: who sits at the table, in turn order. Two to four per game.

use std::fmt;

use super::language::Language;

/// The most seats any game has (POI Control).
pub const MAX_SEATS: usize = 4;

/// A seat at the table: 0 moves first. Each game names its seats (Blue/Red, first/second…)
/// through [`crate::Game::seat_name`]; the number is what storage and the bot keep.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(u8);

impl Seat {
    /// The first seat, which acts first unless a game says otherwise.
    pub const FIRST: Seat = Seat(0);
    /// The second seat.
    pub const SECOND: Seat = Seat(1);

    /// The seat with 0-based `index`; `None` past [`MAX_SEATS`].
    pub const fn new(index: usize) -> Option<Seat> {
        if index < MAX_SEATS {
            Some(Seat(index as u8))
        } else {
            None
        }
    }

    /// 0-based index, for per-seat arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat after this one at a table of `seats`, wrapping around.
    pub const fn next(self, seats: usize) -> Seat {
        Seat(((self.0 as usize + 1) % seats) as u8)
    }

    /// In a two-seat game, the other seat.
    pub const fn opponent(self) -> Seat {
        Seat(1 - self.0)
    }

    /// The seats of a table of `seats`, in turn order.
    pub fn all(seats: usize) -> impl Iterator<Item = Seat> {
        (0..seats.min(MAX_SEATS)).map(|i| Seat(i as u8))
    }

    /// Reads a 1-based seat number (`1`..`4`) as people write it.
    pub fn parse_number(text: &str) -> Option<Seat> {
        let n: usize = text.parse().ok()?;
        n.checked_sub(1).and_then(Seat::new)
    }
}

impl fmt::Display for Seat {
    /// 1-based, as people count seats: "player 1".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

impl fmt::Debug for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seat({})", self.0 + 1)
    }
}

/// A seat's name as a game gives it ([`crate::Game::seat_name`]: "first player", "Blue"…) in
/// `language`. The games name seats in English; this is the one place that words them in Russian.
pub fn seat_name_in(name: &str, language: Language) -> String {
    if language == Language::English {
        return name.to_string();
    }
    match name.to_lowercase().as_str() {
        "first player" => "первый игрок",
        "second player" => "второй игрок",
        "blue" => "Синие",
        "red" => "Красные",
        "green" => "Зелёные",
        "yellow" => "Жёлтые",
        _ => name,
    }
    .to_string()
}

/// One value per seat (the `ByColor` of chess libraries), for reserves, scores and the like.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct BySeat<T>(pub [T; MAX_SEATS]);

impl<T> std::ops::Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> std::ops::IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_wrap_in_turn_order_and_print_one_based() {
        let s = Seat::new(2).unwrap();
        assert_eq!(s.next(3), Seat::FIRST);
        assert_eq!(s.next(4).index(), 3);
        assert_eq!(Seat::FIRST.opponent(), Seat::SECOND);
        assert_eq!(s.to_string(), "3");
        assert_eq!(Seat::parse_number("1"), Some(Seat::FIRST));
        assert_eq!(Seat::parse_number("5"), None);
        assert_eq!(Seat::parse_number("0"), None);
        assert!(Seat::new(4).is_none());
    }
}
