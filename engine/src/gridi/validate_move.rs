//! Checking a move `from-to` (G8, G10, G12, G14): the piece's own movement, or else a
//! Princess's teleport of the piece between two cells of her zone.

use crate::core::{Cell, Illegal};

use super::board::{cell, dir_between, dist, Sq, NEIGH};
use super::describe::{cells_ru, piece_phrase, piece_phrase_ru, your_kind_ru, Case};
use super::piece::Kind;
use super::state::Gridi;
use super::validate_base::{judged, must_be_empty, on_board, strike_after, Effect};
use super::validate_swap::{princess_may_move, princesses_covering};

/// Why a piece's own movement failed: by its geometry (then a teleport may still do), or by
/// its result (G6), which a teleport to the same cell shares.
struct Failure {
    reason: Illegal,
    geometric: bool,
}

fn geometric(reason: Illegal) -> Failure {
    Failure { reason, geometric: true }
}

fn judged_own(r: Result<Effect, Illegal>) -> Result<Effect, Failure> {
    r.map_err(|reason| Failure { reason, geometric: false })
}

/// Checks `from-to`.
pub fn check_move(g: &Gridi, from: Cell, to: Cell) -> Result<Effect, Illegal> {
    let (f, t) = (on_board(from)?, on_board(to)?);
    if f == t {
        return Err(
            Illegal::new("a move ends on another cell").ru("ход должен закончиться на другом поле")
        );
    }
    let Some(piece) = g.board.at(f) else {
        return Err(Illegal::new(format!("there is no piece on {from}"))
            .ru(format!("на {from} нет фигуры")));
    };
    let own = (piece.owner == Some(g.mover)).then(|| own_move(g, f, t, piece.kind));
    let own = match own {
        Some(Ok(effect)) => return Ok(effect),
        other => other.map(|r| r.err()),
    };
    match teleport(g, f, t) {
        Ok(effect) => Ok(effect),
        Err(tele) => match (own.flatten(), tele) {
            (Some(own), Some(tele)) if own.geometric => Err(tele),
            (Some(own), _) => Err(own.reason),
            (None, Some(tele)) => Err(tele),
            (None, None) if piece.kind == Kind::Mortar => Err(Illegal::new(format!(
                "the Mortar on {from} moves only in a pair with an adjacent Grid of yours, or by \
                 your Princess (G9, G14)"
            ))
            .ru(format!(
                "Мортира на {from} перемещается только в паре с соседним вашим Гридем или \
                 телепортом вашей Княжны (G9, G14)"
            ))),
            (None, None) if piece.kind == Kind::Prince => Err(Illegal::new(format!(
                "{} is not yours to move",
                piece_phrase(&g.board, f, g.mover)
            ))
            .ru(format!(
                "{} — не ваша фигура, ходить ею вы не можете",
                piece_phrase_ru(&g.board, f, g.mover, Case::Nom)
            ))),
            (None, None) if piece.kind == Kind::Princess && piece.owner != Some(g.mover) => {
                Err(Illegal::new(format!(
                    "{} is not yours to move: a Princess never moves the enemy Princess (G14)",
                    piece_phrase(&g.board, f, g.mover)
                ))
                .ru(format!(
                    "{} — не ваша фигура: Княжна никогда не перемещает вражескую Княжну (G14)",
                    piece_phrase_ru(&g.board, f, g.mover, Case::Nom)
                )))
            }
            (None, None) => Err(Illegal::new(format!(
                "{} moves only by a Princess of yours with both {from} and {to} in her zone \
                 (2 cells, G14)",
                piece_phrase(&g.board, f, g.mover)
            ))
            .ru(format!(
                "{} может переместить только ваша Княжна, в зоне влияния которой лежат оба \
                 поля, {from} и {to} (2 поля, G14)",
                piece_phrase_ru(&g.board, f, g.mover, Case::Acc)
            ))),
        },
    }
}

fn own_move(g: &Gridi, f: Sq, t: Sq, kind: Kind) -> Result<Effect, Failure> {
    let board = &g.board;
    let d = dist(f, t);
    match kind {
        Kind::Grid => {
            if d != 1 {
                return Err(geometric(
                    Illegal::new(format!("a Grid steps one cell (G8); {} is {d} away", cell(t)))
                        .ru(format!(
                            "Гридь ходит на одно поле (G8); до {} — {}",
                            cell(t),
                            cells_ru(d)
                        )),
                ));
            }
            empty_target(g, t)?;
            let mut next = *board;
            next.shift(f, t);
            let hit = strike_after(&mut next, g, f, t, false);
            judged_own(judged(g, next, hit))
        }
        Kind::Prince => prince_move(g, f, t, d),
        Kind::Owl => owl_move(g, f, t, d),
        Kind::Princess => {
            if d > 2 {
                return Err(geometric(
                    Illegal::new(format!(
                        "a Princess moves within her zone, 2 cells (G14); {} is {d} away",
                        cell(t)
                    ))
                    .ru(format!(
                        "Княжна перемещается в пределах своей зоны влияния, 2 поля (G14); до {} \
                         — {}",
                        cell(t),
                        cells_ru(d)
                    )),
                ));
            }
            empty_target(g, t)?;
            let mut next = *board;
            next.shift(f, t);
            judged_own(judged(g, next, false))
        }
        Kind::Mortar => Err(geometric(
            Illegal::new("a Mortar moves only with a Grid (G9)")
                .ru("Мортира перемещается только вместе с Гридем (G9)"),
        )),
    }
}

fn empty_target(g: &Gridi, t: Sq) -> Result<(), Failure> {
    must_be_empty(&g.board, t).map_err(|reason| Failure { reason, geometric: true })
}

fn prince_move(g: &Gridi, f: Sq, t: Sq, d: u8) -> Result<Effect, Failure> {
    if d > 2 {
        return Err(geometric(
            Illegal::new(format!("the Prince moves up to 2 cells (G10); {} is {d} away", cell(t)))
                .ru(format!(
                    "Князь ходит не больше чем на 2 поля (G10); до {} — {}",
                    cell(t),
                    cells_ru(d)
                )),
        ));
    }
    empty_target(g, t)?;
    let board = &g.board;
    let lasts: Vec<Sq> = if d == 1 {
        vec![f]
    } else {
        let passable = board.empty() | board.of(g.mover);
        let middles = NEIGH[f as usize] & NEIGH[t as usize];
        let open: Vec<Sq> = super::board::bits(middles & passable).collect();
        if open.is_empty() {
            let m = super::board::first(middles);
            return Err(geometric(
                Illegal::new(format!(
                    "the Prince can't pass {}: he passes only empty cells and his own pieces (G10)",
                    piece_phrase(board, m, g.mover)
                ))
                .ru(format!(
                    "Князь не может пройти через {}: он проходит только через пустые поля и свои \
                     фигуры (G10)",
                    piece_phrase_ru(board, m, g.mover, Case::Acc)
                )),
            ));
        }
        open
    };
    let mut failure = None;
    for last in lasts {
        let mut next = *board;
        next.shift(f, t);
        let hit = dir_between(last, t).is_some() && strike_after(&mut next, g, last, t, true);
        match judged(g, next, hit) {
            Ok(effect) => return Ok(effect),
            Err(reason) => failure = Some(Failure { reason, geometric: false }),
        }
    }
    Err(failure.unwrap_or_else(|| {
        geometric(Illegal::new("the Prince can't get there").ru("Князь не может туда пройти"))
    }))
}

fn owl_move(g: &Gridi, f: Sq, t: Sq, d: u8) -> Result<Effect, Failure> {
    let board = &g.board;
    if d > 4 {
        return Err(geometric(
            Illegal::new(format!("an Owl flies up to 4 cells (G12); {} is {d} away", cell(t))).ru(
                format!(
                    "Филин летит не больше чем на 4 поля (G12); до {} — {}",
                    cell(t),
                    cells_ru(d)
                ),
            ),
        ));
    }
    let mut next = *board;
    let Some(target) = board.at(t) else {
        empty_target(g, t)?;
        next.shift(f, t);
        return judged_own(judged(g, next, false));
    };
    let me = g.mover;
    let refuse = |why: Illegal| Err(geometric(why));
    match target.owner {
        None => refuse(
            Illegal::new("only a Mortar can attack a Mortar (G9)")
                .ru("атаковать Мортиру может только Мортира (G9)"),
        ),
        Some(o) if o == me => refuse(
            Illegal::new(format!(
                "{} holds your own {}: an Owl lands on an empty cell or raids a lone enemy piece \
                 (G12)",
                cell(t),
                target.kind
            ))
            .ru(format!(
                "на {} стоит {}: Филин садится на пустое поле или налетает на отдельно стоящую \
                 вражескую фигуру (G12)",
                cell(t),
                your_kind_ru(target.kind, Case::Nom)
            )),
        ),
        Some(_) if target.kind == Kind::Owl => refuse(
            Illegal::new("an Owl never attacks an Owl (G12)")
                .ru("Филин никогда не атакует Филина (G12)"),
        ),
        Some(o) if NEIGH[t as usize] & board.of(o) != 0 => {
            let friend = super::board::first(NEIGH[t as usize] & board.of(o));
            refuse(
                Illegal::new(format!(
                    "an Owl raids only a lone piece: {} has {} next to it (G12)",
                    piece_phrase(board, t, me),
                    piece_phrase(board, friend, me)
                ))
                .ru(format!(
                    "Филин налетает только на отдельно стоящую фигуру: рядом с {} стоит {} (G12)",
                    piece_phrase_ru(board, t, me, Case::Ins),
                    piece_phrase_ru(board, friend, me, Case::Nom)
                )),
            )
        }
        Some(_) => {
            next.take(t);
            next.shift(f, t);
            judged_own(judged(g, next, target.kind == Kind::Prince))
        }
    }
}

/// A Princess's teleport of the piece on `f` to `t`. `Err(None)`: no Princess of the player
/// has both cells in her zone.
fn teleport(g: &Gridi, f: Sq, t: Sq) -> Result<Effect, Option<Illegal>> {
    let covering = princesses_covering(g, &[f, t]);
    if covering.is_empty() {
        return Err(None);
    }
    let mut failure = None;
    for z in covering {
        if let Err(e) = princess_may_move(g, z, f) {
            failure = Some(e);
            continue;
        }
        if let Err(e) = must_be_empty(&g.board, t) {
            failure = Some(e);
            continue;
        }
        let mut next = g.board;
        next.shift(f, t);
        match judged(g, next, false) {
            Ok(effect) => return Ok(effect),
            Err(e) => failure = Some(e),
        }
    }
    Err(failure)
}
