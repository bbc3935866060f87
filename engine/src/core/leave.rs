//! A seat leaving a table of three or four by a decision of the table (it resigned or ran out
//! of time; C5, POI Control D15), written into a game's action list next to the players'
//! actions so that a replay gives the same position: `leave:<seat>:<reason>`, the seat
//! 1-based, e.g. `leave:3:timeout`. No game's notation starts with `leave:`.
//!
//! It is never read from a player's move: only the bot core writes it, when the table decides.

use super::outcome::WinReason;
use super::seat::Seat;

/// The recorded text for `seat` leaving for `reason`.
pub fn leave_text(seat: Seat, reason: WinReason) -> String {
    format!("leave:{seat}:{}", reason.token())
}

/// Reads a text written by [`leave_text`]; `None` for anything else (a player's action).
pub fn parse_leave(text: &str) -> Option<(Seat, WinReason)> {
    let rest = text.strip_prefix("leave:")?;
    let (seat, reason) = rest.split_once(':')?;
    Some((Seat::parse_number(seat)?, WinReason::from_token(reason)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c5_leave_texts_read_back_and_nothing_else_reads_as_one() {
        let seat = Seat::new(2).unwrap();
        let text = leave_text(seat, WinReason::Timeout);
        assert_eq!(text, "leave:3:timeout");
        assert_eq!(parse_leave(&text), Some((seat, WinReason::Timeout)));
        for other in ["leave:5:timeout", "leave:3:nap", "leave:3", "c2-c3", "leave:0:timeout"] {
            assert_eq!(parse_leave(other), None, "{other}");
        }
    }
}
