//! How a game ends: a winner or a draw, always with the reason (C5).

use std::fmt;

use super::language::Language;
use super::seat::Seat;

/// The end of a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// One seat won.
    Win {
        /// The winning seat.
        winner: Seat,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The winning seat, if any.
    pub const fn winner(&self) -> Option<Seat> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// The reason's stable token, as stored and printed by the CLI (`host-captured`, `agreement`…).
    pub const fn reason_token(&self) -> &'static str {
        match self {
            Outcome::Win { reason, .. } => reason.token(),
            Outcome::Draw { reason } => reason.token(),
        }
    }

    /// The reason in words, in `language` ("the Prince reached the centre").
    pub const fn words_in(&self, language: Language) -> &'static str {
        match self {
            Outcome::Win { reason, .. } => reason.words_in(language),
            Outcome::Draw { reason } => reason.words_in(language),
        }
    }

    /// Reads the compact form written by [`Outcome`]'s `Display`: `win:2:centre-reached` or
    /// `draw:double-pass`. Used inside position strings.
    pub fn parse(text: &str) -> Option<Outcome> {
        let mut parts = text.split(':');
        let outcome = match parts.next()? {
            "win" => {
                let winner = Seat::parse_number(parts.next()?)?;
                let reason = WinReason::from_token(parts.next()?)?;
                Outcome::Win { winner, reason }
            }
            "draw" => Outcome::Draw { reason: DrawReason::from_token(parts.next()?)? },
            _ => return None,
        };
        parts.next().is_none().then_some(outcome)
    }
}

impl fmt::Display for Outcome {
    /// The compact, stable form: `win:1:host-captured`, `draw:agreement`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "win:{winner}:{}", reason.token()),
            Outcome::Draw { reason } => write!(f, "draw:{}", reason.token()),
        }
    }
}

macro_rules! reasons {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $token:literal, $words:literal, $ru:literal;)* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)*
        }

        impl $name {
            /// Every reason, for documentation and tests.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// A stable lowercase token for storage and scripts.
            pub const fn token(self) -> &'static str {
                match self { $($name::$variant => $token,)* }
            }

            /// A short English phrase for people ("the Host was captured").
            pub const fn words(self) -> &'static str {
                match self { $($name::$variant => $words,)* }
            }

            /// The phrase in `language`.
            pub const fn words_in(self, language: Language) -> &'static str {
                match language {
                    Language::English => self.words(),
                    Language::Russian => match self { $($name::$variant => $ru,)* },
                }
            }

            /// The reason for a token written by [`Self::token`].
            pub fn from_token(token: &str) -> Option<$name> {
                match token { $($token => Some($name::$variant),)* _ => None }
            }
        }
    };
}

reasons! {
    /// Why a seat won. Rule reasons come from the engines; the last three from the table (C5).
    WinReason {
        /// Vorcept V12: the enemy Host was captured.
        HostCaptured = "host-captured", "the enemy Host was captured", "взят вражеский Хост";
        /// Vorcept V12: three sides of the Pylon held.
        PylonHeld = "pylon-held", "three sides of the Pylon are held", "заняты три стороны Пилона";
        /// Vorcept V12: the opponent removed its own Host.
        HostLost = "host-lost", "the opponent's own Host was enclosed", "соперник окружил собственного Хоста";
        /// Gridi G17a: the Prince reached the centre unthreatened.
        CentreReached = "centre-reached", "the Prince reached the centre", "Князь дошёл до центра";
        /// Gridi G17c: the enemy Prince was attacked.
        PrinceAttacked = "prince-attacked", "the enemy Prince was attacked", "вражеский Князь атакован";
        /// Gridi G17b: the opponent's Prince was under a threat it could not lift.
        ThreatUnanswered = "threat-unanswered", "the enemy Prince could not escape the threat", "вражеский Князь не смог уйти от угрозы";
        /// Yama Y16: the enemy Lumena was removed.
        LumenaRemoved = "lumena-removed", "the enemy Lumena was removed", "вражеская Люмена убрана";
        /// POI Control P12: every other player is out.
        LastStanding = "last-standing", "every other player is out", "все остальные игроки выбыли";
        /// POI Control P12: most tiles (or squad value) when the round limit was reached.
        RoundLimit = "round-limit", "the round limit was reached", "достигнут предел раундов";
        /// C5: the opponent resigned.
        Resignation = "resignation", "the opponent resigned", "соперник сдался";
        /// C5: the opponent ran out of time.
        Timeout = "timeout", "the opponent ran out of time", "у соперника кончилось время";
        /// The opponent was eliminated from a multi-player game by the table (for example by leaving).
        Forfeit = "forfeit", "the opponent forfeited", "соперник выбыл";
    }
}

reasons! {
    /// Why a game was drawn.
    DrawReason {
        /// Both players agreed (C5).
        Agreement = "agreement", "agreed by the players", "по согласию игроков";
        /// Gridi G5: two passes in a row.
        DoublePass = "double-pass", "both players passed in a row", "оба игрока спасовали подряд";
        /// POI Control P12: a full tie at the round limit.
        RoundLimitTie = "round-limit-tie", "a tie at the round limit", "ничья на пределе раундов";
        /// Nobody can act any more.
        NoLegalAction = "no-legal-action", "no player can act", "никто не может ходить";
        /// POI Control P12: the last players' last squads destroyed each other.
        MutualElimination = "mutual-elimination", "the last squads destroyed each other", "последние отряды уничтожили друг друга";
        /// A game was stopped by an administrator or a turn cap (self-play).
        Aborted = "aborted", "the game was stopped", "партия остановлена";
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_has_russian_words() {
        let words: Vec<(&str, &str)> = WinReason::ALL
            .iter()
            .map(|r| (r.words(), r.words_in(Language::Russian)))
            .chain(DrawReason::ALL.iter().map(|r| (r.words(), r.words_in(Language::Russian))))
            .collect();
        for (en, ru) in words {
            assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{en}: {ru}");
        }
    }

    #[test]
    fn c5_outcomes_print_and_read_back() {
        let mut all = Vec::new();
        for seat in Seat::all(4) {
            for &reason in WinReason::ALL {
                all.push(Outcome::Win { winner: seat, reason });
            }
        }
        all.extend(DrawReason::ALL.iter().map(|&reason| Outcome::Draw { reason }));
        for outcome in all {
            assert_eq!(Outcome::parse(&outcome.to_string()), Some(outcome), "{outcome}");
        }
        assert_eq!(Outcome::parse("win:0:timeout"), None);
        assert_eq!(Outcome::parse("draw:agreement:x"), None);
    }
}
