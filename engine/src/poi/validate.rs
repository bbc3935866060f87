//! Checks one action against the rules directly, with a reason a player understands. This is
//! deliberately independent of the generator in `movegen.rs`; the tests cross-check them.

use crate::core::{Cell, Illegal, Seat};

use super::action::PoiAction;
use super::control::are_adjacent;
use super::piece::{Slot, SlotKind, MAX_SQUAD, SEAT_NAMES};
use super::state::{Phase, Poi, PACKETS, PACKET_SIZE, SQUAD_ACTIONS, TILE_CAP};

/// A refusal worded in English and in Russian.
fn no(reason: impl Into<String>, reason_ru: impl Into<String>) -> Result<(), Illegal> {
    Err(Illegal::new(reason).ru(reason_ru))
}

impl Poi {
    /// Whether `action` is legal for the player to act, and if not, why.
    pub fn validate(&self, action: &PoiAction) -> Result<(), Illegal> {
        if self.outcome.is_some() {
            return no("the game is over", "партия окончена");
        }
        match *action {
            PoiAction::Move { from, to, part } => self.check_move(from, to, part),
            PoiAction::Ship { from, to, arm, sup } => self.check_ship(from, to, arm, sup),
            PoiAction::Build { slot } => self.check_build(slot),
            PoiAction::Next if self.phase == Phase::Build => no(
                "the build phase is the last phase: write end to end your turn",
                "фаза пополнения — последняя фаза хода: чтобы закончить ход, напишите end",
            ),
            PoiAction::Next | PoiAction::End => Ok(()),
        }
    }

    fn check_tile(&self, tile: Cell) -> Result<(), Illegal> {
        if self.map.contains(tile) {
            Ok(())
        } else {
            no(
                format!("there is no tile {tile} on this map"),
                format!("на этой карте нет клетки {tile}"),
            )
        }
    }

    fn check_move(&self, from: Slot, to: Slot, part: Option<u8>) -> Result<(), Illegal> {
        let me = self.to_act;
        if self.phase != Phase::Squad {
            return no(
                format!(
                    "squads move only in the squad phase, and this is the {} phase: this turn's squad phase is over",
                    self.phase.word()
                ),
                format!(
                    "отряды ходят только в фазе отрядов, а сейчас фаза {}: фаза отрядов этого хода уже закончилась",
                    self.phase.word_ru()
                ),
            );
        }
        if self.squad_actions >= SQUAD_ACTIONS {
            return no(
                "you have made all three squad actions of this turn: write next or end",
                "все три действия отрядами в этом ходу уже сделаны: напишите next или end",
            );
        }
        self.check_tile(from.tile)?;
        self.check_tile(to.tile)?;
        let Some(squad) = self.squad(from) else {
            return no(
                format!("there is no squad on {from}: move one of your squads"),
                format!("на {from} нет отряда: ходите одним из своих отрядов"),
            );
        };
        if squad.owner != me {
            return no(
                format!("the squad on {from} is {}'s, not yours", name(squad.owner)),
                format!("отряд на {from} не ваш, он принадлежит {}", name_ru_dative(squad.owner)),
            );
        }
        if self.has_acted(from) {
            return no(
                format!("the squad on {from} has already acted this turn (P7)"),
                format!("отряд на {from} уже действовал в этом ходу (P7)"),
            );
        }
        let moving = match part {
            None => squad.value,
            Some(k) if k >= 1 && k < squad.value => k,
            Some(_) if squad.value == 1 => {
                return no(
                    format!(
                        "the squad on {from} is a 1 and can't be split: move it whole ({from}-{to})"
                    ),
                    format!(
                        "в отряде на {from} всего 1, его нельзя разделить: перемещайте его целиком ({from}-{to})"
                    ),
                )
            }
            Some(k) if k == squad.value => {
                return no(
                    format!(
                        "{k} is the whole squad on {from}: write {from}-{to} to move all of it, or split off 1 to {}",
                        squad.value - 1
                    ),
                    format!(
                        "{k} — это весь отряд на {from}: чтобы переместить его целиком, напишите {from}-{to} или отделите от 1 до {}",
                        squad.value - 1
                    ),
                )
            }
            Some(k) => {
                return no(
                    format!(
                        "a split moves 1 to {} of the {} on {from} and leaves the rest; {k} can't be split off",
                        squad.value - 1,
                        squad.value
                    ),
                    format!(
                        "при разделении от отряда со значением {} на {from} уходит от 1 до {}, а остальное остаётся на месте; отделить {k} нельзя",
                        squad.value,
                        squad.value - 1
                    ),
                )
            }
        };
        if from == to {
            return no("a squad must move to another slot", "отряд должен перейти в другой слот");
        }
        let inside_own = from.tile == to.tile && self.controller(from.tile) == Some(me);
        if !are_adjacent(from, to) && !inside_own {
            if from.tile == to.tile {
                return no(
                    format!(
                        "{from} and {to} are not adjacent: gates of a tile connect only through its centre, unless you control the tile (P2, P7)"
                    ),
                    format!(
                        "слоты {from} и {to} не соседние: ворота клетки связаны между собой только через её центр, если только клетку не контролируете вы (P2, P7)"
                    ),
                );
            }
            return no(
                format!(
                    "{to} is not next to {from}: squads cross to another tile only door to door (P2)"
                ),
                format!(
                    "слот {to} не соседний с {from}: на другую клетку отряды переходят только «дверь в дверь», из ворот в смежные ворота (P2)"
                ),
            );
        }
        if let Some(target) = self.squad(to) {
            if target.owner == me && moving + target.value > MAX_SQUAD {
                let room = MAX_SQUAD - target.value;
                if room == 0 {
                    return no(
                        format!(
                            "the squad on {to} is already 6, the most a squad can be: merge into a smaller squad or move to an empty slot (P7)"
                        ),
                        format!(
                            "в отряде на {to} уже 6 — больше в отряде быть не может: объединяйтесь с меньшим отрядом или идите в пустой слот (P7)"
                        ),
                    );
                }
                return no(
                    format!(
                        "merging {moving} into the {} on {to} would make {}: a squad is at most 6, so move at most {room} of it ({room}:{from}-{to}) (P7)",
                        target.value,
                        moving + target.value
                    ),
                    format!(
                        "если влить {moving} в отряд со значением {} на {to}, получится {}: в отряде не больше 6, так что переместите не больше {room} ({room}:{from}-{to}) (P7)",
                        target.value,
                        moving + target.value
                    ),
                );
            }
        }
        Ok(())
    }

    fn check_ship(&self, from: Cell, to: Cell, arm: u8, sup: u8) -> Result<(), Illegal> {
        let me = self.to_act;
        if self.phase != Phase::Resource {
            return no(
                format!(
                    "resources move only in the resource phase, and this is the {} phase: {}",
                    self.phase.word(),
                    if self.phase == Phase::Squad {
                        "write next to end the squad phase first"
                    } else {
                        "this turn's resource phase is over"
                    }
                ),
                format!(
                    "ресурсы перевозят только в фазе ресурсов, а сейчас фаза {}: {}",
                    self.phase.word_ru(),
                    if self.phase == Phase::Squad {
                        "сначала напишите next, чтобы закончить фазу отрядов"
                    } else {
                        "фаза ресурсов этого хода уже закончилась"
                    }
                ),
            );
        }
        if self.packets >= PACKETS {
            return no(
                "you have moved all three packets of this turn: write next or end",
                "все три пакета в этом ходу уже перевезены: напишите next или end",
            );
        }
        self.check_tile(from)?;
        self.check_tile(to)?;
        if !from.touches(to) {
            return no(
                format!("{to} is not next to {from}: a packet moves one tile (P9)"),
                format!(
                    "клетка {to} не соседняя с {from}: пакет перевозят только на соседнюю клетку (P9)"
                ),
            );
        }
        let units = u16::from(arm) + u16::from(sup);
        if units == 0 {
            return no(
                "a packet carries at least 1 unit",
                "в пакете должна быть хотя бы 1 единица ресурсов",
            );
        }
        if units > u16::from(PACKET_SIZE) {
            return no(
                format!("a packet carries at most 3 units, not {units} (P9)"),
                format!("в пакете не больше 3 единиц ресурсов, а не {units} (P9)"),
            );
        }
        let mine_here = SlotKind::ALL
            .iter()
            .any(|&k| self.squad(Slot::new(from, k)).is_some_and(|s| s.owner == me));
        if !mine_here {
            return no(
                format!(
                    "you have no squad on {from}: take resources only from a tile you control or stand on (P9)"
                ),
                format!(
                    "на {from} нет вашего отряда: брать ресурсы можно только с клетки, которую вы контролируете или на которой стоит ваш отряд (P9)"
                ),
            );
        }
        let stock = self.stock(from);
        if arm > stock.arm || sup > stock.sup {
            return no(
                format!("{from} holds only {} ARM and {} SUP", stock.arm, stock.sup),
                format!(
                    "на {from} лежит только {} ARM (оружие) и {} SUP (припасы)",
                    stock.arm, stock.sup
                ),
            );
        }
        if let Some(owner) = self.controller(to) {
            if owner != me {
                return no(
                    format!(
                        "{to} is controlled by {}: resources go only to your tiles or to tiles nobody controls (P9)",
                        name(owner)
                    ),
                    format!(
                        "клетку {to} контролируют {}: ресурсы перевозят только на свои или ничейные клетки (P9)",
                        name_ru(owner)
                    ),
                );
            }
        }
        let total = u16::from(self.stock(to).total()) + units;
        if total > u16::from(TILE_CAP) {
            return no(
                format!("{to} would hold {total} units: a tile holds at most 12 (P9)"),
                format!(
                    "на {to} оказалось бы {total} единиц ресурсов: на клетке может лежать не больше 12 (P9)"
                ),
            );
        }
        Ok(())
    }

    fn check_build(&self, slot: Slot) -> Result<(), Illegal> {
        let me = self.to_act;
        if self.phase != Phase::Build {
            return no(
                format!(
                    "you build only in the build phase, and this is the {} phase: write next{}",
                    self.phase.word(),
                    if self.phase == Phase::Squad { " twice (squad, resource, build)" } else { "" }
                ),
                format!(
                    "создавать и пополнять отряды можно только в фазе пополнения, а сейчас фаза {}: напишите next{}",
                    self.phase.word_ru(),
                    if self.phase == Phase::Squad {
                        " дважды (отряды, ресурсы, пополнение)"
                    } else {
                        ""
                    }
                ),
            );
        }
        self.check_tile(slot.tile)?;
        if self.controller(slot.tile) != Some(me) {
            return no(
                format!(
                    "you do not control {}: build only where your squad holds the centre (P11)",
                    slot.tile
                ),
                format!(
                    "вы не контролируете клетку {}: создавать и пополнять отряды можно только там, где ваш отряд стоит в центре (P11)",
                    slot.tile
                ),
            );
        }
        let stock = self.stock(slot.tile);
        if stock.arm == 0 || stock.sup == 0 {
            return no(
                format!(
                    "building takes 1 ARM and 1 SUP on {}, which has {} ARM and {} SUP (P11)",
                    slot.tile, stock.arm, stock.sup
                ),
                format!(
                    "для пополнения нужны 1 ARM (оружие) и 1 SUP (припасы) на клетке {}, а там {} ARM и {} SUP (P11)",
                    slot.tile, stock.arm, stock.sup
                ),
            );
        }
        match self.squad(slot) {
            Some(s) if s.owner != me => no(
                format!(
                    "{slot} holds {}'s squad: build on an empty slot or on your own squad (P11)",
                    name(s.owner)
                ),
                format!(
                    "на {slot} стоит отряд {}: создавайте отряд в пустом слоте или пополняйте свой (P11)",
                    name_ru_genitive(s.owner)
                ),
            ),
            Some(s) if s.value >= MAX_SQUAD => no(
                format!(
                    "the squad on {slot} is already 6, the most a squad can be: build on another slot (P11)"
                ),
                format!(
                    "в отряде на {slot} уже 6 — больше в отряде быть не может: пополняйте отряд в другом слоте (P11)"
                ),
            ),
            _ => Ok(()),
        }
    }
}

/// A seat's colour name.
pub fn name(seat: Seat) -> &'static str {
    SEAT_NAMES[seat.index()]
}

/// A seat's colour name in Russian, as the bot names the seats: "Красные" (nominative).
pub fn name_ru(seat: Seat) -> &'static str {
    ["Красные", "Синие", "Зелёные", "Жёлтые"][seat.index()]
}

/// The same in the genitive: "отряд Красных".
fn name_ru_genitive(seat: Seat) -> &'static str {
    ["Красных", "Синих", "Зелёных", "Жёлтых"][seat.index()]
}

/// The same in the dative: "принадлежит Красным".
fn name_ru_dative(seat: Seat) -> &'static str {
    ["Красным", "Синим", "Зелёным", "Жёлтым"][seat.index()]
}
