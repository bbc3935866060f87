//! Checks ONE action against the rules directly and says, in a player's words, which rule it
//! breaks. Deliberately not a search of the legal list (see `movegen.rs`).

use crate::core::{Cell, Illegal, Seat};

use super::action::VorceptAction;
use super::board::Board;
use super::piece::{colour_name, colour_name_ru, colour_of_ru, Kind, Square, BLUE};
use super::state::{Phase, Vorcept};

/// `Ok` when `action` is legal for the seat to act, else the reason.
pub fn check(game: &Vorcept, action: &VorceptAction) -> Result<(), Illegal> {
    if game.outcome.is_some() {
        return Err(Illegal::new("the game is over").ru("партия уже окончена"));
    }
    let cell = action.arrival();
    if !game.board.contains(cell) {
        return Err(off_board(cell));
    }
    let (expected, expected_ru) = match (game.phase, action) {
        (_, VorceptAction::PlacePylon(_)) if !game.options.pylon => (
            "this game is played without a Pylon (pylon=off)",
            "эта партия играется без Пилона (pylon=off)",
        ),
        (Phase::Pylon, VorceptAction::PlacePylon(_)) => return Ok(()),
        (Phase::Blocks, VorceptAction::PlaceBlock(c)) => return check_block(game, *c),
        (Phase::Hosts, VorceptAction::PlaceHost(c)) => return check_host(game, *c),
        (Phase::Play, VorceptAction::Move { from, to }) => return check_move(game, *from, *to),
        (Phase::Play, VorceptAction::Summon { kind, to }) => return check_summon(game, *kind, *to),
        (Phase::Pylon, _) => {
            ("Blue places the Pylon first (P@e5)", "сначала Синие ставят Пилон (P@e5)")
        }
        (Phase::Blocks, _) => (
            "the setup goes on: place a block (B@c3)",
            "расстановка ещё идёт: поставьте блок (B@c3)",
        ),
        (Phase::Hosts, _) => (
            "the setup goes on: place your Host (H@d2)",
            "расстановка ещё идёт: поставьте своего Хоста (H@d2)",
        ),
        (Phase::Play, _) => (
            "the setup is over: move a piece (c3-c5) or summon one (D1@d4)",
            "расстановка закончена: передвиньте фигуру (c3-c5) или призовите новую (D1@d4)",
        ),
    };
    Err(Illegal::new(expected).ru(expected_ru))
}

fn off_board(cell: Cell) -> Illegal {
    Illegal::new(format!("{cell} is not on the board")).ru(format!("клетки {cell} нет на доске"))
}

fn taken(cell: Cell, square: Square) -> Illegal {
    Illegal::new(format!("{cell} is taken by {}", square.describe()))
        .ru(format!("клетка {cell} занята: там стоит {}", square.describe_ru()))
}

/// V2: empty; not touching the Pylon or a block of the other colour; group of at most 3.
fn check_block(game: &Vorcept, cell: Cell) -> Result<(), Illegal> {
    let board = &game.board;
    let seat = game.seat();
    if !board.get(cell).is_empty() {
        return Err(taken(cell, board.get(cell)));
    }
    for n in board.neighbours(cell) {
        match board.get(n) {
            Square::Pylon => {
                return Err(Illegal::new(format!("a block may not touch the Pylon (on {n})"))
                    .ru(format!("блок не может касаться Пилона (Пилон на {n})")))
            }
            Square::Block(owner) if owner != seat => {
                return Err(Illegal::new(format!(
                    "a block may not touch a {} block (on {n})",
                    colour_name(owner)
                ))
                .ru(format!(
                    "блок не может касаться блоков другого цвета (на {n} блок {})",
                    colour_of_ru(owner)
                )))
            }
            _ => {}
        }
    }
    // Size of the group the new block would join, counted by a walk from `cell`.
    let mut group = vec![cell];
    let mut i = 0;
    while i < group.len() {
        let at = group[i];
        i += 1;
        for n in board.neighbours(at) {
            if board.get(n) == Square::Block(seat) && !group.contains(&n) {
                group.push(n);
            }
        }
    }
    if group.len() > 3 {
        return Err(Illegal::new(format!(
            "a block on {cell} would connect {} blocks; at most 3 may connect",
            group.len()
        ))
        .ru(format!(
            "блок на {cell} собрал бы цепочку из {} блоков, а цепочка может быть не длиннее трёх",
            group.len()
        )));
    }
    Ok(())
}

/// V3 (and V13 for the distance): empty; 2+ cells from the Pylon; touching no block; Red's Host
/// not touching Blue's. Decision: Blue's Host leaves Red a cell whenever some cell of Blue's
/// would.
fn check_host(game: &Vorcept, cell: Cell) -> Result<(), Illegal> {
    let board = &game.board;
    let seat = game.seat();
    v3_host(board, seat, cell)?;
    if seat != BLUE {
        return Ok(());
    }
    // Red's cells once Blue stands on `blue`: V3's cells apart from `blue` and those touching it.
    let spots: Vec<Cell> = board.cells().filter(|&c| v3_host(board, seat, c).is_ok()).collect();
    let red_cells = |blue: Cell| spots.iter().filter(move |&&c| c != blue && !c.touches(blue));
    if red_cells(cell).next().is_some() {
        return Ok(());
    }
    let better: Vec<String> =
        spots.iter().filter(|&&c| red_cells(c).next().is_some()).map(Cell::to_string).collect();
    match better.as_slice() {
        [] => Ok(()),
        [one] => {
            Err(Illegal::new(format!("Red would have no cell for its Host: place yours on {one}"))
                .ru(format!(
                    "Красным не останется клетки для Хоста: поставьте своего Хоста на {one}"
                )))
        }
        [init @ .., last] => Err(Illegal::new(format!(
            "Red would have no cell for its Host: place yours on {} or {last}",
            init.join(", ")
        ))
        .ru(format!(
            "Красным не останется клетки для Хоста: поставьте своего Хоста на {} или {last}",
            init.join(", ")
        ))),
    }
}

/// V3 alone for `seat`'s Host on `cell`.
fn v3_host(board: &Board, seat: Seat, cell: Cell) -> Result<(), Illegal> {
    if !board.get(cell).is_empty() {
        return Err(taken(cell, board.get(cell)));
    }
    if let Some(pylon) = board.pylon() {
        if cell.distance(pylon) < 2 {
            return Err(Illegal::new(format!(
                "a Host must stand at least 2 cells from the Pylon (on {pylon})"
            ))
            .ru(format!("Хост должен стоять не ближе 2 клеток к Пилону (Пилон на {pylon})")));
        }
    }
    for n in board.neighbours(cell) {
        match board.get(n) {
            Square::Block(_) => {
                return Err(Illegal::new(format!("a Host may not touch a block (on {n})"))
                    .ru(format!("Хост не может касаться блока (блок на {n})")))
            }
            Square::Piece(owner, Kind::Host) if seat != BLUE && owner == BLUE => {
                return Err(Illegal::new(format!("Red's Host may not touch Blue's Host (on {n})"))
                    .ru(format!("Хост красных не может касаться Хоста синих (Хост синих на {n})")))
            }
            _ => {}
        }
    }
    Ok(())
}

/// V6–V8: an own piece that has not acted, in a straight line within its reach, not over the
/// Pylon, landing on an empty cell.
fn check_move(game: &Vorcept, from: Cell, to: Cell) -> Result<(), Illegal> {
    let board = &game.board;
    let seat = game.seat();
    if !board.contains(from) {
        return Err(off_board(from));
    }
    let kind = match board.get(from) {
        Square::Empty => {
            return Err(Illegal::new(format!("there is no piece on {from}"))
                .ru(format!("на {from} нет фигуры")))
        }
        Square::Pylon => return Err(Illegal::new("the Pylon never moves").ru("Пилон не ходит")),
        Square::Block(_) => return Err(Illegal::new("blocks never move").ru("блоки не ходят")),
        Square::Piece(owner, kind) if owner != seat => {
            return Err(Illegal::new(format!(
                "the {} on {from} is {}'s: {} moves only {} pieces",
                kind.name(),
                colour_name(owner),
                colour_name(seat),
                colour_name(seat)
            ))
            .ru(format!(
                "{} на {from} — фигура {}: {} ходят только своими фигурами",
                kind.name_ru(),
                colour_of_ru(owner),
                colour_name_ru(seat)
            )))
        }
        Square::Piece(_, kind) => kind,
    };
    if game.acted == Some(from) {
        return Err(Illegal::new(format!(
            "the {} on {from} has already acted this turn: the second action needs another piece",
            kind.name()
        ))
        .ru(format!(
            "{} на {from} уже действовал в этом ходу: второе действие выполняет другая фигура",
            kind.name_ru()
        )));
    }
    let Some(dir) = from.direction_to(to) else {
        return Err(if from == to {
            Illegal::new("a move has to leave its cell").ru("фигура должна уйти со своей клетки")
        } else {
            Illegal::new("pieces move in a straight line along a rank or a file")
                .ru("фигуры ходят только по прямой — по горизонтали или по вертикали")
        });
    };
    let distance = from.distance(to);
    if distance > kind.reach() {
        return Err(match kind {
            Kind::Host => Illegal::new(format!("the Host on {from} steps only 1 cell"))
                .ru(format!("Хост на {from} ходит только на 1 клетку")),
            _ => Illegal::new(format!(
                "the {} on {from} jumps 1 to {} cells",
                kind.name(),
                kind.reach()
            ))
            .ru(format!(
                "{} на {from} прыгает на 1–{} клетки, не дальше",
                kind.name_ru(),
                kind.reach()
            )),
        });
    }
    for step in 1..distance {
        let over = from.offset_by(dir, step).filter(|c| board.contains(*c));
        if let Some(over) = over.filter(|c| board.get(*c) == Square::Pylon) {
            return Err(Illegal::new(format!(
                "the {} cannot jump over the Pylon (on {over})",
                kind.name()
            ))
            .ru(format!(
                "{} не может перепрыгнуть через Пилон (Пилон на {over})",
                kind.name_ru()
            )));
        }
    }
    match board.get(to) {
        Square::Empty => Ok(()),
        Square::Pylon => {
            Err(Illegal::new("nothing lands on the Pylon").ru("на Пилон вставать нельзя"))
        }
        Square::Block(_) => Err(Illegal::new(format!("nothing lands on a block ({to})"))
            .ru(format!("на блок вставать нельзя ({to})"))),
        square => Err(taken(to, square)),
    }
}

/// V5, V7: a Drone left in reserve, onto an empty cell next to the own Host.
fn check_summon(game: &Vorcept, kind: Kind, to: Cell) -> Result<(), Illegal> {
    let board = &game.board;
    let seat: Seat = game.seat();
    let Some(index) = kind.drone_index() else {
        return Err(Illegal::new("only Drones are summoned; the Host is placed during setup")
            .ru("призывать можно только Дронов; Хост ставится при расстановке"));
    };
    if game.reserve[seat.index()][index] == 0 {
        return Err(Illegal::new(format!("you have no {} left in reserve", kind.name()))
            .ru(format!("в вашем резерве не осталось ни одного {}", kind.name_ru_genitive())));
    }
    let Some(host) = board.host(seat) else {
        return Err(Illegal::new("you have no Host to summon next to")
            .ru("у вас нет Хоста, рядом с которым можно призвать фигуру"));
    };
    if to == host {
        return Err(Illegal::new(format!(
            "{to} is taken by {}: summon onto an empty cell next to it",
            board.get(to).describe()
        ))
        .ru(format!(
            "клетка {to} занята: там стоит {}; призывайте на свободную клетку рядом с ним",
            board.get(to).describe_ru()
        )));
    }
    if !to.touches(host) {
        return Err(Illegal::new(format!("{to} is not next to your Host (on {host})"))
            .ru(format!("клетка {to} не соседняя с вашим Хостом (Хост на {host})")));
    }
    if !board.get(to).is_empty() {
        return Err(taken(to, board.get(to)));
    }
    Ok(())
}
