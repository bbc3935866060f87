//! Checks one action against the rules directly and says which rule it breaks. Written apart
//! from the generator (`movegen.rs`): the property tests cross-check the two.

use crate::core::{Cell, Illegal, Language};

use super::action::GridiAction;
use super::board::{bit, cell, dist, home_rank, Sq, NEIGH};
use super::describe::{cells_ru, kind_ru, piece_phrase, piece_phrase_ru, your_kind_ru, Case};
use super::piece::{Kind, Piece};
use super::state::Gridi;
use super::threat::check_result;
use super::validate_base::{judged, must_be_empty, on_board, Effect};

/// Checks `action` for the player to move.
pub fn check(g: &Gridi, action: &GridiAction) -> Result<Effect, Illegal> {
    if g.outcome.is_some() {
        return Err(Illegal::new("the game is over").ru("партия окончена"));
    }
    match *action {
        GridiAction::Deploy { kind, at } => deploy(g, kind, at),
        GridiAction::DeploySquad { a, b } => deploy_squad(g, a, b),
        GridiAction::Pass => pass(g),
        _ if g.must_deploy() => Err(first_turn_must_deploy()),
        GridiAction::Move { from, to } => super::validate_move::check_move(g, from, to),
        GridiAction::Pair { first, second } => super::validate_pair::check_pair(g, first, second),
        GridiAction::Swap { a, b } => super::validate_swap::swap(g, a, b),
        GridiAction::Fire { mortar, target } => fire(g, mortar, target),
        GridiAction::Carry { owl, pick, drop, land } => carry(g, owl, pick, drop, land),
    }
}

/// The refusal of anything but a deployment on a player's first turn (G5).
fn first_turn_must_deploy() -> Illegal {
    Illegal::new("your first turn must deploy a piece or the squad from your reserve (G5)")
        .ru("первым ходом нужно выставить фигуру или отряд из своего резерва (G5)")
}

fn deploy(g: &Gridi, kind: Kind, at: Cell) -> Result<Effect, Illegal> {
    if kind == Kind::Grid {
        return Err(Illegal::new("Grids are deployed as a squad of two, e.g. G@b1+c1 (G8)")
            .ru("Гриди выставляются отрядом из двух, например G@b1+c1 (G8)"));
    }
    if g.reserve(g.mover).count(kind) == 0 {
        return Err(Illegal::new(format!("there is no {kind} in your reserve"))
            .ru(format!("в вашем резерве нет {}", kind_ru(kind, Case::Gen))));
    }
    let s = on_home_rank(g, at)?;
    let mut board = g.board;
    board.put(s, Piece::new(kind, g.mover));
    Ok(Effect { deployed: Some(kind), ..judged(g, board, false)? })
}

fn on_home_rank(g: &Gridi, at: Cell) -> Result<Sq, Illegal> {
    let s = on_board(at)?;
    if home_rank(g.mover) & bit(s) == 0 {
        let rank = if g.mover.index() == 0 { 1 } else { 6 };
        return Err(Illegal::new(format!("you deploy on your home rank, rank {rank} (G5)"))
            .ru(format!("фигуры выставляются только на ближайшую к вам горизонталь {rank} (G5)")));
    }
    must_be_empty(&g.board, s)?;
    Ok(s)
}

fn deploy_squad(g: &Gridi, a: Cell, b: Cell) -> Result<Effect, Illegal> {
    if g.reserve(g.mover).count(Kind::Grid) == 0 {
        return Err(Illegal::new("there is no squad of Grids in your reserve")
            .ru("в вашем резерве нет отряда Гридей"));
    }
    if a >= b {
        return Err(Illegal::new(format!("write the squad's cells in order: G@{b}+{a}"))
            .ru(format!("запишите поля отряда по порядку: G@{b}+{a}")));
    }
    let (sa, sb) = (on_home_rank(g, a)?, on_home_rank(g, b)?);
    if dist(sa, sb) != 1 {
        return Err(Illegal::new("the two Grids of a squad go on adjacent cells (G5)")
            .ru("два Гридя отряда выставляются на соседние поля (G5)"));
    }
    let mut board = g.board;
    board.put(sa, Piece::new(Kind::Grid, g.mover));
    board.put(sb, Piece::new(Kind::Grid, g.mover));
    Ok(Effect { deployed: Some(Kind::Grid), ..judged(g, board, false)? })
}

fn pass(g: &Gridi) -> Result<Effect, Illegal> {
    if g.must_deploy() && any_deployment(g) {
        return Err(first_turn_must_deploy());
    }
    check_result(&g.board, g.mover, false).map_err(|e| {
        Illegal::new(format!("you may not pass: {e}"))
            .ru(format!("пропустить ход нельзя: {}", e.reason_in(Language::Russian)))
    })?;
    Ok(Effect { board: g.board, deployed: None, prince_hit: false, pass: true })
}

/// Whether any deployment is legal (only then is a first-turn pass refused).
fn any_deployment(g: &Gridi) -> bool {
    let home: Vec<Cell> =
        (0..36u8).filter(|&s| home_rank(g.mover) & bit(s) != 0).map(cell).collect();
    let singles = [Kind::Prince, Kind::Princess, Kind::Owl, Kind::Mortar]
        .into_iter()
        .any(|kind| home.iter().any(|&at| deploy(g, kind, at).is_ok()));
    singles || home.windows(2).any(|w| deploy_squad(g, w[0], w[1]).is_ok())
}

fn fire(g: &Gridi, mortar: Cell, target: Cell) -> Result<Effect, Illegal> {
    let (m, t) = (on_board(mortar)?, on_board(target)?);
    let board = &g.board;
    let me = g.mover;
    if board.mortar & bit(m) == 0 {
        return Err(Illegal::new(format!("there is no Mortar on {mortar}"))
            .ru(format!("на {mortar} нет Мортиры")));
    }
    if !board.controls(me, m) {
        let around = NEIGH[m as usize] & board.grid;
        if around & board.of(me) == 0 {
            return Err(Illegal::new(format!(
                "you control the Mortar on {mortar} only with one of your Grids next to it (G9)"
            ))
            .ru(format!(
                "Мортиру на {mortar} вы контролируете, только когда рядом с ней стоит ваш \
                 Гридь (G9)"
            )));
        }
        let blocker = super::board::first(around & board.of(me.opponent()));
        return Err(Illegal::new(format!(
            "the enemy Grid on {} next to the Mortar on {mortar} stops it firing (G9)",
            cell(blocker)
        ))
        .ru(format!(
            "вражеский Гридь на {} рядом с Мортирой на {mortar} не даёт ей стрелять (G9)",
            cell(blocker)
        )));
    }
    let d = dist(m, t);
    if d != 3 {
        return Err(Illegal::new(format!(
            "a Mortar fires at distance exactly 3; {target} is {d} away (G9)"
        ))
        .ru(format!(
            "Мортира стреляет ровно на расстояние 3; до {target} — {} (G9)",
            cells_ru(d)
        )));
    }
    let hit = match board.at(t) {
        None => {
            return Err(Illegal::new(format!("there is nothing to fire at on {target}"))
                .ru(format!("на {target} нет цели для выстрела")))
        }
        Some(p) if p.owner == Some(me) => {
            return Err(Illegal::new(format!(
                "{target} holds your own {}: a Mortar fires only at an enemy piece or a Mortar \
                 (G9)",
                p.kind
            ))
            .ru(format!(
                "на {target} стоит {}: Мортира стреляет только по вражеской фигуре или по \
                 Мортире (G9)",
                your_kind_ru(p.kind, Case::Nom)
            )))
        }
        Some(p) => p.kind == Kind::Prince,
    };
    let mut next = *board;
    next.take(t);
    judged(g, next, hit)
}

fn carry(g: &Gridi, owl: Cell, pick: Cell, drop: Cell, land: Cell) -> Result<Effect, Illegal> {
    let (s, p, q, e) = (on_board(owl)?, on_board(pick)?, on_board(drop)?, on_board(land)?);
    let board = &g.board;
    let me = g.mover;
    if board.at(s) != Some(Piece::new(Kind::Owl, me)) {
        return Err(Illegal::new(format!("there is no Owl of yours on {owl}"))
            .ru(format!("на {owl} нет вашего Филина")));
    }
    let cargo = board.at(p);
    let carryable = cargo.is_some_and(|c| {
        c.kind == Kind::Mortar
            || (c.owner == Some(me) && matches!(c.kind, Kind::Grid | Kind::Princess))
    });
    if !carryable {
        return Err(Illegal::new(format!(
            "an Owl carries only your Grid, your Princess or a Mortar, not {} (G13)",
            piece_phrase(board, p, me)
        ))
        .ru(format!(
            "Филин переносит только вашего Гридя, вашу Княжну или Мортиру, а не {} (G13)",
            piece_phrase_ru(board, p, me, Case::Acc)
        )));
    }
    let (d1, d2, d3) = (dist(s, p), dist(p, q), dist(q, e));
    if d2 == 0 || d3 == 0 {
        return Err(Illegal::new(
            "the carried piece is set down on a later cell of the flight, and the Owl lands after \
             it (G13)",
        )
        .ru("Филин высаживает переносимую фигуру на одном из следующих полей своего полёта и \
             приземляется уже после этого (G13)"));
    }
    if d1 + d2 + d3 > 4 {
        return Err(Illegal::new(format!(
            "{owl} to {pick} to {drop} to {land} takes {} steps; an Owl flies up to 4 (G12)",
            d1 + d2 + d3
        ))
        .ru(format!(
            "путь {owl} → {pick} → {drop} → {land} — это {}; Филин летит не больше чем на 4 \
             (G12)",
            super::describe::plural_ru(
                u32::from(d1 + d2 + d3),
                ["перемещение", "перемещения", "перемещений"]
            )
        )));
    }
    if q != s {
        must_be_empty(board, q)?;
    }
    if e != s && e != p {
        must_be_empty(board, e)?;
    }
    if q == s && e == p {
        return Err(Illegal::new(format!("that only swaps the two pieces: write {owl}={pick}"))
            .ru(format!("так две фигуры просто меняются местами: запишите {owl}={pick}")));
    }
    let mut next = *board;
    let cargo = next.take(p);
    let bird = next.take(s);
    if let (Some(cargo), Some(bird)) = (cargo, bird) {
        next.put(q, cargo);
        next.put(e, bird);
    }
    judged(g, next, false)
}
