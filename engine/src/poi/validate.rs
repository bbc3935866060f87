//! Checks one action against the rules directly, with a reason a player understands. This is
//! deliberately independent of the generator in `movegen.rs`; the tests cross-check them.

use crate::core::{Cell, Illegal, Seat};

use super::action::PoiAction;
use super::control::are_adjacent;
use super::piece::{Slot, SlotKind, MAX_SQUAD, SEAT_NAMES};
use super::state::{Phase, Poi, PACKETS, PACKET_SIZE, SQUAD_ACTIONS, TILE_CAP};

fn no(reason: impl Into<String>) -> Result<(), Illegal> {
    Err(Illegal::new(reason))
}

impl Poi {
    /// Whether `action` is legal for the player to act, and if not, why.
    pub fn validate(&self, action: &PoiAction) -> Result<(), Illegal> {
        if self.outcome.is_some() {
            return no("the game is over");
        }
        match *action {
            PoiAction::Move { from, to, part } => self.check_move(from, to, part),
            PoiAction::Ship { from, to, arm, sup } => self.check_ship(from, to, arm, sup),
            PoiAction::Build { slot } => self.check_build(slot),
            PoiAction::Next if self.phase == Phase::Build => {
                no("the build phase is the last phase: write end to end your turn")
            }
            PoiAction::Next | PoiAction::End => Ok(()),
        }
    }

    fn check_tile(&self, tile: Cell) -> Result<(), Illegal> {
        if self.map.contains(tile) {
            Ok(())
        } else {
            no(format!("there is no tile {tile} on this map"))
        }
    }

    fn check_move(&self, from: Slot, to: Slot, part: Option<u8>) -> Result<(), Illegal> {
        let me = self.to_act;
        if self.phase != Phase::Squad {
            return no(format!(
                "squads move only in the squad phase, and this is the {} phase: this turn's squad phase is over",
                self.phase.word()
            ));
        }
        if self.squad_actions >= SQUAD_ACTIONS {
            return no("you have made all three squad actions of this turn: write next or end");
        }
        self.check_tile(from.tile)?;
        self.check_tile(to.tile)?;
        let Some(squad) = self.squad(from) else {
            return no(format!("there is no squad on {from}: move one of your squads"));
        };
        if squad.owner != me {
            return no(format!("the squad on {from} is {}'s, not yours", name(squad.owner)));
        }
        if self.has_acted(from) {
            return no(format!("the squad on {from} has already acted this turn (P7)"));
        }
        let moving = match part {
            None => squad.value,
            Some(k) if k >= 1 && k < squad.value => k,
            Some(_) if squad.value == 1 => {
                return no(format!(
                    "the squad on {from} is a 1 and can't be split: move it whole ({from}-{to})"
                ))
            }
            Some(k) if k == squad.value => {
                return no(format!(
                    "{k} is the whole squad on {from}: write {from}-{to} to move all of it, or split off 1 to {}",
                    squad.value - 1
                ))
            }
            Some(k) => {
                return no(format!(
                    "a split moves 1 to {} of the {} on {from} and leaves the rest; {k} can't be split off",
                    squad.value - 1,
                    squad.value
                ))
            }
        };
        if from == to {
            return no("a squad must move to another slot");
        }
        let inside_own = from.tile == to.tile && self.controller(from.tile) == Some(me);
        if !are_adjacent(from, to) && !inside_own {
            if from.tile == to.tile {
                return no(format!(
                    "{from} and {to} are not adjacent: gates of a tile connect only through its centre, unless you control the tile (P2, P7)"
                ));
            }
            return no(format!(
                "{to} is not next to {from}: squads cross to another tile only door to door (P2)"
            ));
        }
        if let Some(target) = self.squad(to) {
            if target.owner == me && moving + target.value > MAX_SQUAD {
                let room = MAX_SQUAD - target.value;
                if room == 0 {
                    return no(format!(
                        "the squad on {to} is already 6, the most a squad can be: merge into a smaller squad or move to an empty slot (P7)"
                    ));
                }
                return no(format!(
                    "merging {moving} into the {} on {to} would make {}: a squad is at most 6, so move at most {room} of it ({room}:{from}-{to}) (P7)",
                    target.value,
                    moving + target.value
                ));
            }
        }
        Ok(())
    }

    fn check_ship(&self, from: Cell, to: Cell, arm: u8, sup: u8) -> Result<(), Illegal> {
        let me = self.to_act;
        if self.phase != Phase::Resource {
            return no(format!(
                "resources move only in the resource phase, and this is the {} phase: {}",
                self.phase.word(),
                if self.phase == Phase::Squad {
                    "write next to end the squad phase first"
                } else {
                    "this turn's resource phase is over"
                }
            ));
        }
        if self.packets >= PACKETS {
            return no("you have moved all three packets of this turn: write next or end");
        }
        self.check_tile(from)?;
        self.check_tile(to)?;
        if !from.touches(to) {
            return no(format!("{to} is not next to {from}: a packet moves one tile (P9)"));
        }
        let units = u16::from(arm) + u16::from(sup);
        if units == 0 {
            return no("a packet carries at least 1 unit");
        }
        if units > u16::from(PACKET_SIZE) {
            return no(format!("a packet carries at most 3 units, not {units} (P9)"));
        }
        let mine_here = SlotKind::ALL
            .iter()
            .any(|&k| self.squad(Slot::new(from, k)).is_some_and(|s| s.owner == me));
        if !mine_here {
            return no(format!(
                "you have no squad on {from}: take resources only from a tile you control or stand on (P9)"
            ));
        }
        let stock = self.stock(from);
        if arm > stock.arm || sup > stock.sup {
            return no(format!("{from} holds only {} ARM and {} SUP", stock.arm, stock.sup));
        }
        if let Some(owner) = self.controller(to) {
            if owner != me {
                return no(format!(
                    "{to} is controlled by {}: resources go only to your tiles or to tiles nobody controls (P9)",
                    name(owner)
                ));
            }
        }
        let total = u16::from(self.stock(to).total()) + units;
        if total > u16::from(TILE_CAP) {
            return no(format!("{to} would hold {total} units: a tile holds at most 12 (P9)"));
        }
        Ok(())
    }

    fn check_build(&self, slot: Slot) -> Result<(), Illegal> {
        let me = self.to_act;
        if self.phase != Phase::Build {
            return no(format!(
                "you build only in the build phase, and this is the {} phase: write next{}",
                self.phase.word(),
                if self.phase == Phase::Squad { " twice (squad, resource, build)" } else { "" }
            ));
        }
        self.check_tile(slot.tile)?;
        if self.controller(slot.tile) != Some(me) {
            return no(format!(
                "you do not control {}: build only where your squad holds the centre (P11)",
                slot.tile
            ));
        }
        let stock = self.stock(slot.tile);
        if stock.arm == 0 || stock.sup == 0 {
            return no(format!(
                "building takes 1 ARM and 1 SUP on {}, which has {} ARM and {} SUP (P11)",
                slot.tile, stock.arm, stock.sup
            ));
        }
        match self.squad(slot) {
            Some(s) if s.owner != me => no(format!(
                "{slot} holds {}'s squad: build on an empty slot or on your own squad (P11)",
                name(s.owner)
            )),
            Some(s) if s.value >= MAX_SQUAD => no(format!(
                "the squad on {slot} is already 6, the most a squad can be: build on another slot (P11)"
            )),
            _ => Ok(()),
        }
    }
}

/// A seat's colour name.
pub fn name(seat: Seat) -> &'static str {
    SEAT_NAMES[seat.index()]
}
