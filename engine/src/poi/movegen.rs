//! The legal actions of the player to act, generated from the rules (independently of
//! `validate.rs`): squad moves and splits, packets, builds, `next` and `end`.

use super::action::PoiAction;
use super::piece::{Slot, SlotKind, MAX_SQUAD};
use super::state::{Phase, Poi, PACKETS, PACKET_SIZE, SQUAD_ACTIONS, TILE_CAP};

impl Poi {
    /// Every legal action, in a stable order and without duplicates.
    pub fn legal(&self) -> Vec<PoiAction> {
        let mut out = Vec::new();
        if self.outcome.is_some() {
            return out;
        }
        match self.phase {
            Phase::Squad => self.gen_moves(&mut out),
            Phase::Resource => self.gen_ships(&mut out),
            Phase::Build => self.gen_builds(&mut out),
        }
        if self.phase != Phase::Build {
            out.push(PoiAction::Next);
        }
        out.push(PoiAction::End);
        out
    }

    fn gen_moves(&self, out: &mut Vec<PoiAction>) {
        if self.squad_actions >= SQUAD_ACTIONS {
            return;
        }
        let me = self.to_act;
        for (from, squad) in self.squads() {
            if squad.owner != me || self.has_acted(from) {
                continue;
            }
            for to in self.squad_targets(me, from) {
                let room = match self.squad(to) {
                    Some(t) if t.owner == me => MAX_SQUAD - t.value,
                    _ => MAX_SQUAD,
                };
                if squad.value <= room {
                    out.push(PoiAction::Move { from, to, part: None });
                }
                for k in 1..squad.value.min(room + 1) {
                    out.push(PoiAction::Move { from, to, part: Some(k) });
                }
            }
        }
    }

    fn gen_ships(&self, out: &mut Vec<PoiAction>) {
        if self.packets >= PACKETS {
            return;
        }
        let me = self.to_act;
        for from in self.map.tiles() {
            let stock = self.stock(from);
            if stock.total() == 0 {
                continue;
            }
            let present = self.controller(from) == Some(me)
                || SlotKind::ALL
                    .iter()
                    .any(|&k| self.squad(Slot::new(from, k)).is_some_and(|s| s.owner == me));
            if !present {
                continue;
            }
            for to in self.map.grid().neighbours(from) {
                if self.controller(to).is_some_and(|c| c != me) {
                    continue;
                }
                let room = TILE_CAP - self.stock(to).total().min(TILE_CAP);
                for arm in 0..=stock.arm.min(PACKET_SIZE) {
                    for sup in 0..=stock.sup.min(PACKET_SIZE - arm) {
                        if arm + sup >= 1 && arm + sup <= room {
                            out.push(PoiAction::Ship { from, to, arm, sup });
                        }
                    }
                }
            }
        }
    }

    fn gen_builds(&self, out: &mut Vec<PoiAction>) {
        let me = self.to_act;
        for tile in self.map.tiles() {
            let stock = self.stock(tile);
            if self.controller(tile) != Some(me) || stock.arm == 0 || stock.sup == 0 {
                continue;
            }
            for kind in SlotKind::ALL {
                let slot = Slot::new(tile, kind);
                match self.squad(slot) {
                    Some(s) if s.owner != me || s.value >= MAX_SQUAD => {}
                    _ => out.push(PoiAction::Build { slot }),
                }
            }
        }
    }
}
