//! The position string: twelve fields separated by single spaces.
//!
//! `<map> <squads> <resources> <seat> <phase> <progress> <acted> <round> <out> <options> <rng> <outcome>`
//!
//! - map: the map text ([`super::map::Map::read`]);
//! - squads: one group per seat in seat order, separated by `/`; a group lists the seat's
//!   squads as slot + value (`a1n6,a1c6`), or `-` when it has none;
//! - resources: tiles holding resources as `b3:2a1s`, separated by `,`, or `-`;
//! - seat: the seat to act, 1-based; phase: `squad`, `resource` or `build`;
//! - progress: squad actions / packets / actions made this turn, e.g. `2/0/2`;
//! - acted: slots whose squads have acted this turn (P7), separated by `,`, or `-`;
//! - round: the round being played, from 1; out: eliminated seats in order (`2,3`) or `-`;
//! - options (`players=2,map=auto,rounds=off`), the random state, the outcome (`-` or e.g.
//!   `win:1:last-standing`).

use crate::core::{Cell, GameOptions, Outcome, PositionError, Rng, Seat};

use super::map::Map;
use super::maps::{default_map, named_map};
use super::options::{MapChoice, PoiOptions};
use super::piece::{Slot, Squad, MAX_SQUAD};
use super::state::{Phase, Poi, Stock, PACKETS, SQUAD_ACTIONS, TILE_CAP};

fn bad(reason: impl Into<String>) -> PositionError {
    PositionError::new(reason)
}

fn list<T>(
    text: &str,
    mut item: impl FnMut(&str) -> Result<T, PositionError>,
) -> Result<Vec<T>, PositionError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    text.split(',').map(&mut item).collect()
}

fn joined(items: Vec<String>) -> String {
    if items.is_empty() {
        "-".to_string()
    } else {
        items.join(",")
    }
}

impl Poi {
    /// Writes the complete position on one line.
    pub fn to_position(&self) -> String {
        let groups: Vec<String> = Seat::all(self.options.players)
            .map(|seat| {
                joined(
                    self.squads()
                        .filter(|(_, s)| s.owner == seat)
                        .map(|(slot, s)| format!("{slot}{}", s.value))
                        .collect(),
                )
            })
            .collect();
        let resources: Vec<String> = self
            .map
            .tiles()
            .filter(|&t| self.stock(t).total() > 0)
            .map(|t| {
                let s = self.stock(t);
                let mut text = format!("{t}:");
                if s.arm > 0 {
                    text.push_str(&format!("{}a", s.arm));
                }
                if s.sup > 0 {
                    text.push_str(&format!("{}s", s.sup));
                }
                text
            })
            .collect();
        let acted = joined(self.acted.iter().map(|s| s.to_string()).collect());
        let out = joined(self.out.iter().map(|s| s.to_string()).collect());
        let outcome = self.outcome.map_or("-".to_string(), |o| o.to_string());
        format!(
            "{} {} {} {} {} {}/{}/{} {} {} {} {} {} {}",
            self.map.write(),
            groups.join("/"),
            joined(resources),
            self.to_act,
            self.phase.word(),
            self.squad_actions,
            self.packets,
            self.actions,
            acted,
            self.round,
            out,
            self.options.to_text(),
            self.rng.state(),
            outcome
        )
    }

    /// Reads and checks a complete position.
    pub fn from_position(text: &str) -> Result<Poi, PositionError> {
        let fields: Vec<&str> = text.split(' ').collect();
        let [map, squads, resources, seat, phase, progress, acted, round, out, options, rng, outcome] =
            fields[..]
        else {
            return Err(bad(format!(
                "expected 12 fields separated by single spaces, found {}",
                fields.len()
            )));
        };
        let options = PoiOptions::from_text(options).map_err(|e| bad(e.to_string()))?;
        let players = options.players;
        let map = Map::read(map).map_err(|e| bad(format!("map: {e}")))?;
        let expected = match &options.map {
            MapChoice::Auto => Some(default_map(players)),
            MapChoice::Named(name) => named_map(name).map(|m| m.2),
            MapChoice::Custom(text) => Map::read(text).ok(),
            MapChoice::Generated => None,
        };
        if expected.is_some_and(|m| m != map) {
            return Err(bad("the map is not the one the options name"));
        }
        if map.starts().len() < players {
            return Err(bad(format!(
                "{players} players but the map has {} start tiles",
                map.starts().len()
            )));
        }
        let mut game = Poi::bare(options, map, Rng::new(0));
        let groups: Vec<&str> = squads.split('/').collect();
        if groups.len() != players {
            return Err(bad(format!("{} squad groups for {players} players", groups.len())));
        }
        for (i, group) in groups.iter().enumerate() {
            let owner = Seat::new(i).ok_or_else(|| bad("too many squad groups"))?;
            for (slot, value) in list(group, read_squad)? {
                if !game.map.contains(slot.tile) {
                    return Err(bad(format!("squad on {slot}: there is no such tile")));
                }
                if game.squads[slot.index()].replace(Squad { owner, value }).is_some() {
                    return Err(bad(format!("two squads on {slot}")));
                }
            }
        }
        for (tile, stock) in list(resources, read_stock)? {
            if !game.map.contains(tile) {
                return Err(bad(format!("resources on {tile}: there is no such tile")));
            }
            if game.stock[tile.index()].total() > 0 {
                return Err(bad(format!("resources of {tile} listed twice")));
            }
            game.stock[tile.index()] = stock;
        }
        game.to_act = Seat::parse_number(seat)
            .filter(|s| s.index() < players)
            .ok_or_else(|| bad(format!("seat `{seat}` is not 1 to {players}")))?;
        game.phase = match phase {
            "squad" => Phase::Squad,
            "resource" => Phase::Resource,
            "build" => Phase::Build,
            _ => return Err(bad(format!("phase `{phase}` is not squad, resource or build"))),
        };
        let numbers: Vec<u16> = progress
            .split('/')
            .map(|n| {
                n.parse::<u16>().map_err(|_| bad(format!("progress `{progress}` is not a/b/c")))
            })
            .collect::<Result<_, _>>()?;
        let [squad_actions, packets, actions] = numbers[..] else {
            return Err(bad(format!("progress `{progress}` is not squad actions/packets/actions")));
        };
        let nexts = match game.phase {
            Phase::Squad => 0,
            Phase::Resource => 1,
            Phase::Build => 2,
        };
        if squad_actions > u16::from(SQUAD_ACTIONS)
            || packets > u16::from(PACKETS)
            || (game.phase == Phase::Squad && packets > 0)
            || actions < squad_actions + packets + nexts
        {
            return Err(bad(format!("progress `{progress}` is impossible in the {phase} phase")));
        }
        (game.squad_actions, game.packets, game.actions) =
            (squad_actions as u8, packets as u8, actions);
        game.acted = list(acted, |t| Slot::parse(t).map_err(PositionError::from))?;
        if !game.acted.windows(2).all(|w| w[0] < w[1]) {
            return Err(bad("acted slots must be sorted and distinct"));
        }
        if game.acted.len() > 2 * usize::from(game.squad_actions)
            || (game.phase != Phase::Squad && !game.acted.is_empty())
        {
            return Err(bad("more acted squads than squad actions"));
        }
        if let Some(slot) =
            game.acted.iter().find(|&&s| game.squad(s).is_none_or(|q| q.owner != game.to_act))
        {
            return Err(bad(format!("acted slot {slot} holds no squad of the player to act")));
        }
        game.round = round
            .parse()
            .ok()
            .filter(|&r| r >= 1)
            .ok_or_else(|| bad(format!("round `{round}` is not a number from 1")))?;
        game.out = list(out, |t| {
            Seat::parse_number(t)
                .filter(|s| s.index() < players)
                .ok_or_else(|| bad(format!("`{t}` is not a seat")))
        })?;
        for seat in Seat::all(players) {
            let count = game.out.iter().filter(|&&s| s == seat).count();
            let has_squads = game.squads.iter().flatten().any(|s| s.owner == seat);
            if count > 1 || (count == 1) == has_squads {
                return Err(bad(format!(
                    "seat {seat} must be listed out exactly when it has no squads"
                )));
            }
        }
        game.rng =
            Rng::new(rng.parse().map_err(|_| bad(format!("rng state `{rng}` is not a number")))?);
        game.outcome = match outcome {
            "-" => None,
            _ => Some(
                Outcome::parse(outcome)
                    .filter(|o| o.winner().is_none_or(|w| w.index() < players))
                    .ok_or_else(|| bad(format!("outcome `{outcome}` is not readable")))?,
            ),
        };
        if game.outcome.is_none() {
            if game.is_out(game.to_act) {
                return Err(bad("the seat to act is out"));
            }
            if game.active_seats().count() < 2 {
                return Err(bad("fewer than two players are in but the game has no outcome"));
            }
            if game.options.rounds.is_some_and(|n| game.round > n) {
                return Err(bad("the round is past the round limit but the game has no outcome"));
            }
        }
        Ok(game)
    }
}

fn read_squad(text: &str) -> Result<(Slot, u8), PositionError> {
    let (slot, rest) = Slot::parse_prefix(text)
        .ok_or_else(|| bad(format!("`{text}` is not a squad like a1c6")))?;
    let value: u8 = rest.parse().map_err(|_| bad(format!("`{text}` is not a squad like a1c6")))?;
    if !(1..=MAX_SQUAD).contains(&value) || rest.len() != 1 {
        return Err(bad(format!("squad `{text}`: a value is 1 to 6")));
    }
    Ok((slot, value))
}

fn read_stock(text: &str) -> Result<(Cell, Stock), PositionError> {
    let fail = || bad(format!("`{text}` is not resources like b3:2a1s"));
    let (tile, rest) = Cell::parse_prefix(text).ok_or_else(fail)?;
    let rest = rest.strip_prefix(':').ok_or_else(fail)?;
    let mut stock = Stock::default();
    let mut number = String::new();
    let (mut seen_a, mut seen_s) = (false, false);
    for c in rest.chars() {
        match c {
            '0'..='9' if number.len() < 2 => number.push(c),
            'a' if !seen_a && !seen_s && !number.is_empty() => {
                stock.arm = number.parse().map_err(|_| fail())?;
                seen_a = true;
                number.clear();
            }
            's' if !seen_s && !number.is_empty() => {
                stock.sup = number.parse().map_err(|_| fail())?;
                seen_s = true;
                number.clear();
            }
            _ => return Err(fail()),
        }
    }
    if !number.is_empty()
        || stock.total() == 0
        || (seen_a && stock.arm == 0)
        || (seen_s && stock.sup == 0)
    {
        return Err(fail());
    }
    if stock.total() > TILE_CAP {
        return Err(bad(format!("{tile} holds {} units, at most 12", stock.total())));
    }
    Ok((tile, stock))
}
