//! G16 checked against a slow, literal oracle: a Prince is under threat when some action of
//! the opponent, played out step by step without the opponent's forbidden-result rules,
//! attacks it. The oracle walks every Grid step, every squad move, every Prince path, every
//! Owl flight and every Mortar shot; `threat_to` must agree on random boards (legal or not).

use crate::core::{Dir, Rng, Seat};
use crate::gridi::board::{bit, bits, dist, step, Board, Sq, NEIGH};
use crate::gridi::threat::threat_to;
use crate::gridi::{Kind, Piece};

/// Whether the piece arriving on `at` with a step in `dir` has the Prince on `p` ahead.
fn ahead_is(at: Sq, dir: Dir, p: Sq) -> bool {
    step(at, dir) == Some(p)
}

fn oracle(board: &Board, defender: Seat) -> bool {
    let Some(p) = board.prince_of(defender) else { return false };
    let me = defender.opponent();
    let mine = board.of(me);
    let empty = board.empty();
    // A Grid alone (G8).
    for s in bits(board.grid & mine) {
        for dir in Dir::ALL {
            if let Some(t) = step(s, dir) {
                if empty & bit(t) != 0 && ahead_is(t, dir, p) {
                    return true;
                }
            }
        }
    }
    // Squads (G8): two adjacent Grids, one step each, into empty cells or the partner's.
    for a in bits(board.grid & mine) {
        for b in bits(NEIGH[a as usize] & board.grid & mine) {
            for da in Dir::ALL {
                for db in Dir::ALL {
                    let (Some(ta), Some(tb)) = (step(a, da), step(b, db)) else { continue };
                    let ok_a = empty & bit(ta) != 0 || ta == b;
                    let ok_b = empty & bit(tb) != 0 || tb == a;
                    if !ok_a || !ok_b || ta == tb || (ta == b && tb == a) || dist(ta, tb) != 1 {
                        continue;
                    }
                    if ahead_is(ta, da, p) || ahead_is(tb, db, p) {
                        return true;
                    }
                }
            }
        }
    }
    // The Prince (G10): one or two steps through empty cells and own pieces, ending empty.
    if let Some(q) = board.prince_of(me) {
        let passable = empty | mine;
        for d1 in Dir::ALL {
            let Some(m) = step(q, d1) else { continue };
            if passable & bit(m) == 0 {
                continue;
            }
            if empty & bit(m) != 0 && ahead_is(m, d1, p) {
                return true;
            }
            for d2 in Dir::ALL {
                let Some(e) = step(m, d2) else { continue };
                if e != q && empty & bit(e) != 0 && ahead_is(e, d2, p) {
                    return true;
                }
            }
        }
    }
    // Owl raids (G12): any flight of up to 4 steps ending on the lone Prince.
    let lone = NEIGH[p as usize] & board.of(defender) == 0;
    for o in bits(board.owl & mine) {
        let mut reach = bit(o);
        for _ in 0..4 {
            reach |= crate::gridi::board::spread(reach);
        }
        if lone && reach & bit(p) != 0 {
            return true;
        }
    }
    // Mortar fire (G9).
    for m in bits(board.mortar) {
        let around = NEIGH[m as usize] & board.grid;
        let controlled = around & mine != 0 && around & board.of(defender) == 0;
        if controlled && dist(m, p) == 3 {
            return true;
        }
    }
    false
}

fn random_board(rng: &mut Rng) -> Board {
    let layout = rng.roll(6);
    let mut board = Board::with_trees(crate::gridi::layouts::trees(layout));
    let mut free: Vec<Sq> = bits(board.empty()).collect();
    rng.shuffle(&mut free);
    let count = 2 + rng.below(12) as usize;
    for (i, &s) in free.iter().take(count).enumerate() {
        let seat = if rng.below(2) == 0 { Seat::FIRST } else { Seat::SECOND };
        let piece = match i {
            0 => Piece::new(Kind::Prince, Seat::FIRST),
            1 => Piece::new(Kind::Prince, Seat::SECOND),
            _ => match rng.below(6) {
                0 => Piece::MORTAR,
                1 => Piece::new(Kind::Owl, seat),
                2 => Piece::new(Kind::Princess, seat),
                _ => Piece::new(Kind::Grid, seat),
            },
        };
        board.put(s, piece);
    }
    board
}

#[test]
fn g16_threat_agrees_with_a_literal_oracle_on_random_boards() {
    let mut rng = Rng::new(16);
    let mut threats = 0;
    for _ in 0..40_000 {
        let board = random_board(&mut rng);
        for seat in [Seat::FIRST, Seat::SECOND] {
            let fast = threat_to(&board, seat).is_some();
            assert_eq!(fast, oracle(&board, seat), "{seat:?} in {board:?}");
            threats += usize::from(fast);
        }
    }
    assert!(threats > 1000, "the sample must hold threats ({threats})");
}
