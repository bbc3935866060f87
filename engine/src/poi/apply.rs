//! Performing a validated action: moves, merges and combat (P7, P8), packets (P9),
//! production (P10), building (P11), the turn passing on, elimination and the end (P12).

use crate::core::{DrawReason, Illegal, Outcome, Seat, WinReason};

use super::action::PoiAction;
use super::piece::{BonusKind, Slot, Squad};
use super::state::{Phase, Poi};

/// A combat's result (P8): the survivor's side and value, or `None` when both fall.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Combat {
    /// The attacker wins and keeps this value.
    Attacker(u8),
    /// The defender holds and keeps this value.
    Defender(u8),
    /// Equal strengths: both squads are removed.
    Both,
}

/// P8: attacker value `a` with ATK bonus `atk` against defender value `d` with DEF bonus
/// `def`. Each side's strength is its value plus min(value, bonus); the stronger survives with
/// min(difference, its value before the combat).
pub fn combat(a: u8, atk: u8, d: u8, def: u8) -> Combat {
    let attack = u16::from(a) + u16::from(a.min(atk));
    let defence = u16::from(d) + u16::from(d.min(def));
    match attack.cmp(&defence) {
        std::cmp::Ordering::Greater => Combat::Attacker(((attack - defence) as u8).min(a)),
        std::cmp::Ordering::Less => Combat::Defender(((defence - attack) as u8).min(d)),
        std::cmp::Ordering::Equal => Combat::Both,
    }
}

impl Poi {
    /// Validates and performs `action`; on refusal nothing changes.
    pub fn play_action(&mut self, action: &PoiAction) -> Result<(), Illegal> {
        self.validate(action)?;
        self.actions = self.actions.saturating_add(1);
        match *action {
            PoiAction::Move { from, to, part } => self.do_move(from, to, part),
            PoiAction::Ship { from, to, arm, sup } => {
                self.stock[from.index()].arm -= arm;
                self.stock[from.index()].sup -= sup;
                self.stock[to.index()].arm += arm;
                self.stock[to.index()].sup += sup;
                self.packets += 1;
            }
            PoiAction::Build { slot } => {
                let tile = &mut self.stock[slot.tile.index()];
                tile.arm -= 1;
                tile.sup -= 1;
                let value = self.squad(slot).map_or(0, |s| s.value) + 1;
                self.squads[slot.index()] = Some(Squad { owner: self.to_act, value });
            }
            PoiAction::Next => match self.phase {
                Phase::Squad => self.enter(Phase::Resource),
                _ => {
                    self.produce();
                    self.enter(Phase::Build);
                }
            },
            PoiAction::End => {
                if self.phase != Phase::Build {
                    self.produce();
                }
                self.pass_turn();
            }
        }
        Ok(())
    }

    fn enter(&mut self, phase: Phase) {
        self.phase = phase;
        self.acted.clear();
    }

    /// P10: the player's ARM and SUP tiles produce, up to the cap.
    fn produce(&mut self) {
        for (tile, add) in self.production(self.to_act) {
            self.stock[tile.index()].arm += add.arm;
            self.stock[tile.index()].sup += add.sup;
        }
    }

    fn mark_acted(&mut self, slot: Slot) {
        if let Err(i) = self.acted.binary_search(&slot) {
            self.acted.insert(i, slot);
        }
    }

    fn do_move(&mut self, from: Slot, to: Slot, part: Option<u8>) {
        let me = self.to_act;
        let squad = self.squad(from).expect("validated");
        let moving = part.unwrap_or(squad.value);
        // The moving part leaves first; bonuses are judged as it arrives (P5, P8).
        if moving == squad.value {
            self.squads[from.index()] = None;
            self.acted.retain(|&s| s != from);
        } else {
            self.squads[from.index()] = Some(Squad { owner: me, value: squad.value - moving });
            self.mark_acted(from);
        }
        self.squad_actions += 1;
        match self.squad(to) {
            None => {
                self.squads[to.index()] = Some(Squad { owner: me, value: moving });
                self.mark_acted(to);
            }
            Some(target) if target.owner == me => {
                self.squads[to.index()] = Some(Squad { owner: me, value: target.value + moving });
                self.mark_acted(to);
            }
            Some(target) => {
                let atk = self.bonus_total(me, BonusKind::Atk);
                let def = self.bonus_total(target.owner, BonusKind::Def);
                match combat(moving, atk, target.value, def) {
                    Combat::Attacker(value) => {
                        self.squads[to.index()] = Some(Squad { owner: me, value });
                        self.mark_acted(to);
                    }
                    Combat::Defender(value) => {
                        self.squads[to.index()] = Some(Squad { owner: target.owner, value });
                    }
                    Combat::Both => self.squads[to.index()] = None,
                }
                self.eliminate(&[target.owner, me]);
            }
        }
    }

    /// P12: players left without squads are out, in the order given; the game may end.
    fn eliminate(&mut self, seats: &[Seat]) {
        for &seat in seats {
            if !self.is_out(seat) && !self.squads.iter().flatten().any(|s| s.owner == seat) {
                self.out.push(seat);
            }
        }
        let active: Vec<Seat> = self.active_seats().collect();
        match active[..] {
            [] => self.outcome = Some(Outcome::Draw { reason: DrawReason::MutualElimination }),
            [winner] => {
                self.outcome = Some(Outcome::Win { winner, reason: WinReason::LastStanding })
            }
            _ if self.is_out(self.to_act) => self.pass_turn(),
            _ => {}
        }
    }

    /// C5 in a game of several players: `seat` resigned or ran out of time. Its squads leave
    /// the field (resources stay where they lie), it is out (P12), and play goes on; when one
    /// player is left, that player wins for `reason`.
    pub(super) fn leave(&mut self, seat: Seat, reason: WinReason) {
        if self.outcome.is_some() || self.is_out(seat) {
            return;
        }
        for squad in &mut self.squads {
            if squad.is_some_and(|s| s.owner == seat) {
                *squad = None;
            }
        }
        self.out.push(seat);
        let active: Vec<Seat> = self.active_seats().collect();
        match active[..] {
            [winner] => self.outcome = Some(Outcome::Win { winner, reason }),
            _ if self.to_act == seat => self.pass_turn(),
            _ => {}
        }
    }

    /// Hands the turn to the next player still in; counts rounds and applies the round
    /// limit (P12).
    fn pass_turn(&mut self) {
        let players = self.options.players;
        let mut next = self.to_act.next(players);
        while self.is_out(next) {
            next = next.next(players);
        }
        if next.index() <= self.to_act.index() {
            self.round += 1;
        }
        self.to_act = next;
        self.phase = Phase::Squad;
        self.squad_actions = 0;
        self.packets = 0;
        self.actions = 0;
        self.acted.clear();
        if let Some(limit) = self.options.rounds {
            if self.round > limit {
                self.outcome = Some(self.round_limit_result());
            }
        }
    }

    /// P12 scoring: most controlled tiles, then the larger total squad value, else a draw.
    pub fn round_limit_result(&self) -> Outcome {
        let score = |s: Seat| (self.controlled_tiles(s), self.squad_total(s));
        let seats: Vec<Seat> = self.active_seats().collect();
        let best = seats.iter().map(|&s| score(s)).max().unwrap_or_default();
        let leaders: Vec<Seat> = seats.into_iter().filter(|&s| score(s) == best).collect();
        match leaders[..] {
            [winner] => Outcome::Win { winner, reason: WinReason::RoundLimit },
            _ => Outcome::Draw { reason: DrawReason::RoundLimitTie },
        }
    }
}
