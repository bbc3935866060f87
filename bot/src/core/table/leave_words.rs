//! A recorded leave in words. The store keeps a seat's leaving a table of three or four as an
//! action `leave:<seat>:<reason>` (`engine::leave_text`) so replays reproduce it; players read
//! it as "Cat (Red) resigned and left the table" wherever a record is shown (`/history`; the
//! board's last-action line can use the same words).

use data::GameHeader;
use engine::{AnyGame, WinReason};

use super::seating::who;
use crate::core::lang::Lang;
use crate::tr;

/// `action` in words if it is a recorded leave (`leave:2:resignation`), else `None`.
pub(crate) fn leave_words(
    h: &GameHeader,
    game: &AnyGame,
    action: &str,
    lang: Lang,
) -> Option<String> {
    let (seat, reason) = engine::parse_leave(action)?;
    let who = who(h, game, seat, lang);
    Some(match reason {
        WinReason::Resignation => {
            tr!(lang, "{who} resigned and left the table", "{who} сдался(-ась) и покинул(а) стол")
        }
        WinReason::Timeout => tr!(
            lang,
            "{who} ran out of time and left the table",
            "у игрока {who} кончилось время; он(а) покинул(а) стол"
        ),
        other => {
            let why = other.words_in(lang.engine());
            tr!(lang, "{who} left the table ({why})", "{who} покинул(а) стол ({why})")
        }
    })
}
