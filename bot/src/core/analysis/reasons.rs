//! `/analyse`'s reasons in words (issue 29): one line a player learns from, per game, from the
//! data `ai::reasons` finds ("after the turn played your Host on c1 has 1 free neighbour left",
//! "the turn played lets Red take tile c3 (+2 ATK)").
//!
//! Each line follows "the search prefers <turn>:", so "it" and "this turn" are the preferred
//! turn, and "the turn played" the one that was played. Seats are named as the game names them
//! (`seat_name`); in Russian a seat stands in the nominative after «соперник» ("соперник
//! (Красные) берёт клетку c3"), so no case has to be declined. Cells, slots and bonuses are
//! written in the game's notation.

use ai::reasons::Reason;
use engine::{AnyGame, GameKind, Seat, WinReason};

use crate::core::lang::{seat_name, Lang};
use crate::tr;

/// The reason in `lang`, for a lesson of `game` (any position of it: only its kind and seat
/// names are read).
pub(super) fn reason_words(reason: &Reason, game: &AnyGame, lang: Lang) -> String {
    let seat = |s: Seat| seated(game, s, lang);
    match *reason {
        Reason::WinsAtOnce { how } => wins_at_once(how, lang),
        Reason::LetsWin { by, how } => lets_win(&seat(by), how, lang),
        Reason::EndsLost { how: WinReason::HostLost, .. } => tr!(
            lang,
            "the turn played walls in your own Host, which loses the game (V11)",
            "сыгранный ход запирает вашего собственного Хоста, и партия проиграна (V11)"
        ),
        Reason::EndsLost { by, how } => tr!(
            lang,
            "the turn played loses at once: {by} wins ({how})",
            "сыгранный ход сразу проигрывает: побеждает соперник ({by}; {how})",
            by = seat(by),
            how = how.words_in(lang.engine())
        ),
        Reason::LosesPieces { count } => match game.kind() {
            GameKind::Vorcept => {
                let drones = counted(count, "Drone", "Drones");
                tr!(lang, "the turn played costs you {drones}", "сыгранный ход стоит вам Дронов: {count}")
            }
            _ => {
                let pieces = counted(count, "piece", "pieces");
                tr!(lang, "the turn played costs you {pieces}", "сыгранный ход стоит вам фигур: {count}")
            }
        },
        Reason::MissesCapture { count } => match game.kind() {
            GameKind::Vorcept => {
                let drones = counted(count, "more Drone", "more Drones");
                tr!(lang, "it captures {drones}", "он берёт больше Дронов соперника (на {count})")
            }
            _ => {
                let pieces = counted(count, "more piece", "more pieces");
                tr!(lang, "it captures {pieces}", "он берёт больше фигур соперника (на {count})")
            }
        },
        Reason::HostEnclosed { host, free, free_preferred } => {
            let left = counted(free, "free neighbour", "free neighbours");
            tr!(
            lang,
            "after the turn played your Host on {host} has {left} left ({free_preferred} after this turn)",
            "после сыгранного хода у вашего Хоста на {host} свободных соседних клеток: {free} (после этого хода — {free_preferred})"
        )
        }
        Reason::HostSandwich { host, by } => tr!(
            lang,
            "the turn played leaves your Host on {host} one arrival from a pinch by {by}",
            "после сыгранного хода вашего Хоста на {host} можно зажать одним ходом (соперник: {by})",
            by = seat(by)
        ),
        Reason::EnemyHostFree { seat: owner, host, free, free_preferred } => {
            let left = counted(free_preferred, "free neighbour", "free neighbours");
            tr!(
            lang,
            "it walls in {owner}'s Host on {host}: {left} left, against {free} after the turn played",
            "он запирает Хоста соперника ({owner}) на {host}: свободных соседних клеток {free_preferred}, после сыгранного хода — {free}",
            owner = seat(owner)
        )
        }
        Reason::LetsPylon { by, sides } => tr!(
            lang,
            "the turn played lets {by} hold {sides} sides of the Pylon (three win)",
            "после сыгранного хода соперник ({by}) держит сторон Пилона: {sides} (три — победа)",
            by = seat(by)
        ),
        Reason::MissesPylon { sides } => tr!(
            lang,
            "it holds {sides} sides of the Pylon (three win)",
            "он занимает сторон Пилона: {sides} (три — победа)"
        ),
        Reason::LumenaApproached { lumena, near } => tr!(
            lang,
            "the turn played lets {near} enemy pieces within two steps of your Lumena on {lumena}",
            "после сыгранного хода вражеских фигур в двух шагах от вашей Люмены на {lumena}: {near}"
        ),
        Reason::LumenaImpNext { lumena, imp } => tr!(
            lang,
            "the turn played leaves an enemy Imp on {imp} next to your Lumena on {lumena}: one push can remove her",
            "после сыгранного хода вражеский Имп на {imp} стоит рядом с вашей Люменой на {lumena}: один толчок может её убрать"
        ),
        Reason::LumenaCornered { lumena, free } => {
            let left = counted(free, "free neighbour", "free neighbours");
            tr!(
            lang,
            "the turn played leaves your Lumena on {lumena} {left}: a press or a pinch is near",
            "после сыгранного хода у вашей Люмены на {lumena} свободных соседних клеток: {free} — её скоро зажмут"
        )
        }
        Reason::PrinceFar { prince, steps, steps_preferred } => {
            let near = counted(steps_preferred, "step", "steps");
            match prince {
            Some(cell) => tr!(
                lang,
                "it brings your Prince within {near} of the centre; after the turn played it is {steps} away (on {cell})",
                "он приводит вашего Князя ближе к центру: шагов до центра {steps_preferred}, после сыгранного хода — {steps} (Князь на {cell})"
            ),
            None => tr!(
                lang,
                "it brings your Prince out, {near} from the centre; after the turn played it is still in the reserve",
                "он выводит вашего Князя на доску (шагов до центра: {steps_preferred}); после сыгранного хода Князь ещё в резерве"
            ),
        }
        }
        Reason::EnemyPrinceNear { seat: owner, prince, steps } => {
            let away = counted(steps, "step", "steps");
            tr!(
            lang,
            "the turn played lets {owner}'s Prince come to {prince}, {away} from the centre",
            "после сыгранного хода Князь соперника ({owner}) встаёт на {prince}, шагов до центра: {steps}",
            owner = seat(owner)
        )
        }
        Reason::PrinceThreatened { from } => match from {
            Some(cell) => tr!(
                lang,
                "the turn played leaves your Prince under threat from {cell}",
                "после сыгранного хода ваш Князь под угрозой с {cell}"
            ),
            None => tr!(
                lang,
                "the turn played leaves your Prince under threat",
                "после сыгранного хода ваш Князь под угрозой"
            ),
        },
        Reason::MortarsLost { count } => {
            let mortars = counted(count, "more Mortar", "more Mortars");
            tr!(
            lang,
            "it keeps {mortars} under your control",
            "он сохраняет под вашим контролем больше Мортир (на {count})"
        )
        }
        Reason::TileTaken { tile, bonus, by } => {
            let bonus = bonus.map(|b| format!(" ({b})")).unwrap_or_default();
            tr!(
                lang,
                "the turn played lets {by} take tile {tile}{bonus}",
                "после сыгранного хода соперник ({by}) берёт клетку {tile}{bonus}",
                by = seat(by)
            )
        }
        Reason::TileMissed { tile, bonus } => {
            let bonus = bonus.map(|b| format!(" ({b})")).unwrap_or_default();
            tr!(
                lang,
                "with it tile {tile}{bonus} is yours; after the turn played its centre is nobody's",
                "с ним клетка {tile}{bonus} ваша; после сыгранного хода её центр ничей"
            )
        }
        Reason::SquadPointsLost { points } => {
            let lost = counted(points, "more squad point", "more squad points");
            tr!(
            lang,
            "the turn played costs you {lost}",
            "сыгранный ход стоит вам больше очков отрядов (на {points})"
        )
        }
        Reason::SquadPointsMissed { points } => {
            let destroyed = counted(points, "more point", "more points");
            tr!(
            lang,
            "it destroys {destroyed} of enemy squads",
            "он уничтожает больше очков вражеских отрядов (на {points})"
        )
        }
        Reason::SquadExposed { slot, value } => tr!(
            lang,
            "the turn played leaves your squad of {value} on {slot} next to a larger enemy squad",
            "после сыгранного хода ваш отряд {value} на {slot} стоит рядом с более сильным вражеским"
        ),
    }
}

/// "The preferred turn wins at once", saying how.
fn wins_at_once(how: WinReason, lang: Lang) -> String {
    match how {
        WinReason::HostCaptured => {
            tr!(
                lang,
                "it captures the enemy Host and wins",
                "он берёт вражеского Хоста и выигрывает"
            )
        }
        WinReason::PylonHeld => tr!(
            lang,
            "it holds three sides of the Pylon and wins",
            "он занимает три стороны Пилона и выигрывает"
        ),
        WinReason::CentreReached => tr!(
            lang,
            "it brings your Prince to the centre and wins",
            "он приводит вашего Князя в центр и выигрывает"
        ),
        WinReason::LumenaRemoved => tr!(
            lang,
            "it removes the enemy Lumena and wins",
            "он убирает вражескую Люмену и выигрывает"
        ),
        WinReason::LastStanding => tr!(
            lang,
            "it knocks out the last opponent and wins",
            "он выбивает последнего соперника и выигрывает"
        ),
        _ => tr!(lang, "it wins at once", "он сразу выигрывает"),
    }
}

/// "The turn played lets `by` win with the reply", saying how.
fn lets_win(by: &str, how: WinReason, lang: Lang) -> String {
    match how {
        WinReason::HostCaptured => tr!(
            lang,
            "the turn played lets {by} capture your Host",
            "после сыгранного хода соперник ({by}) берёт вашего Хоста"
        ),
        WinReason::PylonHeld => tr!(
            lang,
            "the turn played lets {by} hold three sides of the Pylon",
            "после сыгранного хода соперник ({by}) занимает три стороны Пилона"
        ),
        WinReason::CentreReached => tr!(
            lang,
            "the turn played lets {by}'s Prince reach the centre",
            "после сыгранного хода Князь соперника ({by}) доходит до центра"
        ),
        WinReason::PrinceAttacked | WinReason::ThreatUnanswered => tr!(
            lang,
            "the turn played lets {by} attack your Prince",
            "после сыгранного хода соперник ({by}) атакует вашего Князя"
        ),
        WinReason::LumenaRemoved => tr!(
            lang,
            "the turn played lets {by} remove your Lumena",
            "после сыгранного хода соперник ({by}) убирает вашу Люмену"
        ),
        WinReason::LastStanding => tr!(
            lang,
            "the turn played lets {by} knock you out",
            "после сыгранного хода соперник ({by}) выбивает вас из игры"
        ),
        other => tr!(
            lang,
            "the turn played lets {by} win at once ({how})",
            "после сыгранного хода соперник ({by}) сразу выигрывает ({how})",
            how = other.words_in(lang.engine())
        ),
    }
}

/// `n` with its English words: "1 Drone", "2 Drones", "1 more piece".
fn counted(n: u8, one: &str, more: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { more })
}

/// A seat as the game names it, in `lang`: "Red", "the second player" (English puts "the"
/// before a name that is not a colour); in Russian the nominative ("второй игрок").
fn seated(game: &AnyGame, seat: Seat, lang: Lang) -> String {
    let name = seat_name(&game.seat_name(seat), lang);
    match lang {
        Lang::En if name.starts_with(char::is_lowercase) => format!("the {name}"),
        _ => name,
    }
}

#[cfg(test)]
mod tests {
    use engine::poi::{Bonus, BonusKind, Slot};
    use engine::{Cell, GameKind};

    use super::*;

    fn cell(name: &str) -> Cell {
        Cell::parse(name).unwrap()
    }

    /// One reason of every kind, with the game it belongs to.
    fn samples() -> Vec<(GameKind, Reason)> {
        let (red, second) = (Seat::FIRST, Seat::SECOND);
        let bonus = Some(Bonus { kind: BonusKind::Atk, amount: 2 });
        vec![
            (GameKind::Gridi, Reason::WinsAtOnce { how: WinReason::CentreReached }),
            (GameKind::Yama, Reason::LetsWin { by: second, how: WinReason::LumenaRemoved }),
            (GameKind::Vorcept, Reason::LosesPieces { count: 2 }),
            (GameKind::Vorcept, Reason::EndsLost { by: second, how: WinReason::HostLost }),
            (GameKind::Poi, Reason::EndsLost { by: red, how: WinReason::LastStanding }),
            (GameKind::Yama, Reason::MissesCapture { count: 1 }),
            (
                GameKind::Vorcept,
                Reason::HostEnclosed { host: cell("c1"), free: 1, free_preferred: 3 },
            ),
            (GameKind::Vorcept, Reason::HostSandwich { host: cell("c1"), by: second }),
            (
                GameKind::Vorcept,
                Reason::EnemyHostFree {
                    seat: second,
                    host: cell("e5"),
                    free: 3,
                    free_preferred: 1,
                },
            ),
            (GameKind::Vorcept, Reason::LetsPylon { by: second, sides: 2 }),
            (GameKind::Vorcept, Reason::MissesPylon { sides: 2 }),
            (GameKind::Yama, Reason::LumenaApproached { lumena: cell("d1"), near: 3 }),
            (GameKind::Yama, Reason::LumenaImpNext { lumena: cell("d1"), imp: cell("d2") }),
            (GameKind::Yama, Reason::LumenaCornered { lumena: cell("a1"), free: 1 }),
            (
                GameKind::Gridi,
                Reason::PrinceFar { prince: Some(cell("a1")), steps: 4, steps_preferred: 1 },
            ),
            (GameKind::Gridi, Reason::PrinceFar { prince: None, steps: 5, steps_preferred: 2 }),
            (
                GameKind::Gridi,
                Reason::EnemyPrinceNear { seat: second, prince: cell("d5"), steps: 1 },
            ),
            (GameKind::Gridi, Reason::PrinceThreatened { from: Some(cell("c5")) }),
            (GameKind::Gridi, Reason::MortarsLost { count: 1 }),
            (GameKind::Poi, Reason::TileTaken { tile: cell("c3"), bonus, by: red }),
            (GameKind::Poi, Reason::TileMissed { tile: cell("a1"), bonus: None }),
            (GameKind::Poi, Reason::SquadPointsLost { points: 6 }),
            (GameKind::Poi, Reason::SquadPointsMissed { points: 1 }),
            (GameKind::Poi, Reason::SquadExposed { slot: Slot::parse("b2n").unwrap(), value: 3 }),
        ]
    }

    fn game(kind: GameKind) -> AnyGame {
        AnyGame::new(kind, [], 1).unwrap()
    }

    #[test]
    fn every_reason_is_worded_in_english_and_in_russian() {
        for (kind, reason) in samples() {
            let game = game(kind);
            let en = reason_words(&reason, &game, Lang::En);
            let ru = reason_words(&reason, &game, Lang::Ru);
            let cyrillic = |t: &str| {
                t.chars().any(|c| ('а'..='я').contains(&c.to_ascii_lowercase()) || c == 'ё')
            };
            assert!(!en.is_empty() && !cyrillic(&en), "{reason:?}: {en}");
            assert!(cyrillic(&ru) && !ru.contains(" the "), "{reason:?}: {ru}");
        }
    }

    #[test]
    fn a_reason_names_seats_as_the_game_does_and_cells_in_its_notation() {
        let poi = game(GameKind::Poi);
        let taken = Reason::TileTaken {
            tile: cell("c3"),
            bonus: Some(Bonus { kind: BonusKind::Atk, amount: 2 }),
            by: Seat::SECOND,
        };
        assert_eq!(
            reason_words(&taken, &poi, Lang::En),
            "the turn played lets Blue take tile c3 (+2 ATK)"
        );
        assert_eq!(
            reason_words(&taken, &poi, Lang::Ru),
            "после сыгранного хода соперник (Синие) берёт клетку c3 (+2 ATK)"
        );
        let gridi = game(GameKind::Gridi);
        let near = Reason::EnemyPrinceNear { seat: Seat::SECOND, prince: cell("d5"), steps: 1 };
        assert_eq!(
            reason_words(&near, &gridi, Lang::En),
            "the turn played lets the second player's Prince come to d5, 1 step from the centre"
        );
    }
}
