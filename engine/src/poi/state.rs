//! The position: the field, the squads in their slots, the resources on the tiles, where the
//! turn stands, the elimination order, options, random state and outcome.

use crate::core::{Cell, Outcome, Rng, Seat};

use super::map::Map;
use super::maps::{default_map, generate, named_map};
use super::options::{MapChoice, PoiOptions};
use super::piece::{Slot, SlotKind, Squad, MAX_SQUAD};

/// The most resource units one tile holds, both kinds together (P9, P10).
pub const TILE_CAP: u8 = 12;
/// Squad actions per turn (P7).
pub const SQUAD_ACTIONS: u8 = 3;
/// Resource packets per turn (P9).
pub const PACKETS: u8 = 3;
/// Units in one packet at most (P9).
pub const PACKET_SIZE: u8 = 3;

/// The phases of a turn in their order (P7, P9, P11). Production (P10) is not a phase a
/// player acts in: it happens as the turn leaves the resource phase.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Phase {
    /// Up to three squad actions (P7, P8).
    Squad,
    /// Up to three resource packets (P9).
    Resource,
    /// Building and reinforcing squads (P11).
    Build,
}

impl Phase {
    /// The word used in position strings and messages.
    pub const fn word(self) -> &'static str {
        match self {
            Phase::Squad => "squad",
            Phase::Resource => "resource",
            Phase::Build => "build",
        }
    }

    /// The phase's name in Russian, as it follows "фаза": "фаза отрядов".
    pub const fn word_ru(self) -> &'static str {
        match self {
            Phase::Squad => "отрядов",
            Phase::Resource => "ресурсов",
            Phase::Build => "пополнения",
        }
    }
}

/// Resources on one tile (P9).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Stock {
    /// Arms (ARM units).
    pub arm: u8,
    /// Supplies (SUP units).
    pub sup: u8,
}

impl Stock {
    /// Both kinds together, which the 12-unit cap limits.
    pub const fn total(self) -> u8 {
        self.arm + self.sup
    }
}

/// A complete POI Control position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Poi {
    pub(super) options: PoiOptions,
    pub(super) map: Map,
    /// Indexed by [`Slot::index`].
    pub(super) squads: Vec<Option<Squad>>,
    /// Indexed by [`Cell::index`].
    pub(super) stock: Vec<Stock>,
    pub(super) to_act: Seat,
    pub(super) phase: Phase,
    pub(super) squad_actions: u8,
    pub(super) packets: u8,
    pub(super) actions: u16,
    /// Slots whose squads took part in a squad action this turn (P7), sorted.
    pub(super) acted: Vec<Slot>,
    pub(super) round: u32,
    pub(super) out: Vec<Seat>,
    pub(super) rng: Rng,
    pub(super) outcome: Option<Outcome>,
}

impl Poi {
    /// A new game: the map from the options (a generated one from `seed`, C4) and every
    /// player's five squads of 6 on its start tile (P4).
    pub fn start(options: &PoiOptions, seed: u64) -> Poi {
        let mut rng = Rng::new(seed);
        let players = options.players.clamp(2, 4);
        let map = match &options.map {
            MapChoice::Auto => default_map(players),
            MapChoice::Named(name) => named_map(name).map_or_else(|| default_map(players), |m| m.2),
            MapChoice::Generated => generate(players, &mut rng),
            MapChoice::Custom(text) => Map::read(text).unwrap_or_else(|_| default_map(players)),
        };
        // Options set through `GameOptions::set` never ask for more seats than start tiles.
        let players = players.min(map.starts().len());
        let mut game = Poi::bare(PoiOptions { players, ..options.clone() }, map, rng);
        for (i, &tile) in game.map.starts().iter().take(players).enumerate() {
            let owner = Seat::new(i).expect("at most 4 players");
            for kind in SlotKind::ALL {
                game.squads[Slot::new(tile, kind).index()] =
                    Some(Squad { owner, value: MAX_SQUAD });
            }
        }
        game
    }

    /// A position on `map` with no squads and no resources, at the start of seat 1's turn.
    pub(super) fn bare(options: PoiOptions, map: Map, rng: Rng) -> Poi {
        Poi {
            options,
            map,
            squads: vec![None; 256 * 5],
            stock: vec![Stock::default(); 256],
            to_act: Seat::FIRST,
            phase: Phase::Squad,
            squad_actions: 0,
            packets: 0,
            actions: 0,
            acted: Vec::new(),
            round: 1,
            out: Vec::new(),
            rng,
            outcome: None,
        }
    }

    /// The field.
    pub const fn map(&self) -> &Map {
        &self.map
    }

    /// The squad in `slot`, if any.
    pub fn squad(&self, slot: Slot) -> Option<Squad> {
        self.squads.get(slot.index()).copied().flatten()
    }

    /// The resources on `tile`.
    pub fn stock(&self, tile: Cell) -> Stock {
        self.stock[tile.index()]
    }

    /// The current phase of the turn.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// Squad actions made this turn (P7).
    pub const fn squad_actions_used(&self) -> u8 {
        self.squad_actions
    }

    /// Resource packets moved this turn (P9).
    pub const fn packets_used(&self) -> u8 {
        self.packets
    }

    /// The round being played, from 1 (P12).
    pub const fn round(&self) -> u32 {
        self.round
    }

    /// The round to show a reader: [`Poi::round`], but never past the round limit — a game
    /// ended by `rounds=n` counted into round n+1 to end, and its last position is round n.
    pub fn round_shown(&self) -> u32 {
        self.options.rounds.map_or(self.round, |limit| self.round.min(limit))
    }

    /// The players who are out, in the order they were eliminated (P12). When two went out in
    /// the same action, the defender is listed before the attacker.
    pub fn elimination_order(&self) -> &[Seat] {
        &self.out
    }

    /// Whether `seat` is out of the game (P12).
    pub fn is_out(&self, seat: Seat) -> bool {
        self.out.contains(&seat)
    }

    /// Every occupied slot with its squad, in slot order.
    pub fn squads(&self) -> impl Iterator<Item = (Slot, Squad)> + '_ {
        self.map.tiles().flat_map(move |tile| {
            SlotKind::ALL.into_iter().filter_map(move |kind| {
                let slot = Slot::new(tile, kind);
                self.squad(slot).map(|s| (slot, s))
            })
        })
    }

    /// The total value of `seat`'s squads.
    pub fn squad_total(&self, seat: Seat) -> u32 {
        self.squads().filter(|(_, s)| s.owner == seat).map(|(_, s)| u32::from(s.value)).sum()
    }

    /// Whether the squad in `slot` took part in a squad action this turn (P7).
    pub fn has_acted(&self, slot: Slot) -> bool {
        self.acted.binary_search(&slot).is_ok()
    }

    /// The players still in the game, in seat order.
    pub fn active_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::all(self.options.players).filter(move |s| !self.is_out(*s))
    }
}
