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

// ---------------------------------------------------------------------------------------
// The whole turn, literally: every result the rulebook allows, built step by step.

/// The piece arriving on `at` with a step in `dir` strikes what stands ahead (G8, G10, G11):
/// an enemy piece other than a Mortar is removed, or changes sides when a Prince strikes a
/// lone one that is not a Prince. Returns whether the enemy Prince was hit.
fn literal_strike(board: &mut Board, me: Seat, at: Sq, dir: Dir, prince: bool) -> bool {
    let Some(a) = step(at, dir) else { return false };
    let Some(piece) = board.at(a) else { return false };
    if piece.owner != Some(me.opponent()) {
        return false;
    }
    let lone = bits(NEIGH[a as usize]).all(|n| board.at(n).is_none_or(|p| p.owner != piece.owner));
    board.take(a);
    if prince && lone && piece.kind != Kind::Prince {
        board.put(a, Piece::new(piece.kind, me));
    }
    piece.kind == Kind::Prince
}

fn touching(board: &Board) -> bool {
    (0..36u8).any(|s| {
        board.owner(s).is_some_and(|o| {
            bits(NEIGH[s as usize]).any(|n| board.owner(n).is_some_and(|p| p != o))
        })
    })
}

/// Every legal result of `me`'s movement actions (no deployments, no pass): the boards
/// after the turn, judged by G6 with the oracle's G16.
fn literal_results(board: &Board, me: Seat) -> std::collections::BTreeSet<String> {
    let mut raw: Vec<(Board, bool)> = Vec::new();
    let empty = board.empty();
    let is_empty = |b: &Board, s: Sq| b.empty() & bit(s) != 0;
    let mine = |s: Sq| board.owner(s) == Some(me);
    for s in 0..36u8 {
        let Some(piece) = board.at(s).filter(|p| p.owner == Some(me)) else { continue };
        match piece.kind {
            Kind::Grid => {
                for dir in Dir::ALL {
                    let Some(t) = step(s, dir).filter(|&t| empty & bit(t) != 0) else { continue };
                    let mut b = *board;
                    b.take(s);
                    b.put(t, piece);
                    let hit = literal_strike(&mut b, me, t, dir, false);
                    raw.push((b, hit));
                }
                for other in bits(NEIGH[s as usize]).filter(|&o| o > s) {
                    if board.at(other) != Some(piece) {
                        continue;
                    }
                    for da in Dir::ALL {
                        for db in Dir::ALL {
                            let (Some(ta), Some(tb)) = (step(s, da), step(other, db)) else {
                                continue;
                            };
                            let ok_a = empty & bit(ta) != 0 || ta == other;
                            let ok_b = empty & bit(tb) != 0 || tb == s;
                            if !ok_a || !ok_b || ta == tb || (ta == other && tb == s) {
                                continue;
                            }
                            if dist(ta, tb) != 1 {
                                continue;
                            }
                            let mut b = *board;
                            b.take(s);
                            b.take(other);
                            b.put(ta, piece);
                            b.put(tb, piece);
                            let h1 = literal_strike(&mut b, me, ta, da, false);
                            let h2 = literal_strike(&mut b, me, tb, db, false);
                            raw.push((b, h1 || h2));
                        }
                    }
                }
                // Mortar moves (G9) with this Grid.
                for m in bits(NEIGH[s as usize] & board.mortar) {
                    for t in bits(NEIGH[m as usize] & empty) {
                        let mut b = *board;
                        b.take(m);
                        b.take(s);
                        b.put(t, Piece::MORTAR);
                        b.put(m, piece);
                        raw.push((b, false));
                    }
                    for t in bits(NEIGH[s as usize] & empty) {
                        let mut b = *board;
                        b.take(m);
                        b.take(s);
                        b.put(t, piece);
                        b.put(s, Piece::MORTAR);
                        raw.push((b, false));
                    }
                    let mut b = *board;
                    b.exchange(s, m);
                    raw.push((b, false));
                }
            }
            Kind::Prince => {
                for d1 in Dir::ALL {
                    let Some(m) = step(s, d1) else { continue };
                    let through = is_empty(board, m) || mine(m);
                    if !through {
                        continue;
                    }
                    let mut ends = vec![];
                    if is_empty(board, m) {
                        ends.push((m, d1));
                    }
                    for d2 in Dir::ALL {
                        if let Some(e) = step(m, d2).filter(|&e| e != s && is_empty(board, e)) {
                            ends.push((e, d2));
                        }
                    }
                    for (e, d) in ends {
                        let mut b = *board;
                        b.take(s);
                        b.put(e, piece);
                        let hit = literal_strike(&mut b, me, e, d, true);
                        raw.push((b, hit));
                    }
                }
            }
            Kind::Owl => {
                for t in 0..36u8 {
                    let d = dist(s, t);
                    if d == 0 || d > 4 {
                        continue;
                    }
                    if is_empty(board, t) {
                        let mut b = *board;
                        b.take(s);
                        b.put(t, piece);
                        raw.push((b, false));
                    } else if let Some(target) = board.at(t) {
                        let enemy = target.owner == Some(me.opponent());
                        let lone = bits(NEIGH[t as usize])
                            .all(|n| board.at(n).is_none_or(|p| p.owner != target.owner));
                        if enemy && target.kind != Kind::Owl && lone {
                            let mut b = *board;
                            b.take(s);
                            b.take(t);
                            b.put(t, piece);
                            raw.push((b, target.kind == Kind::Prince));
                        }
                    }
                }
                // Carries (G13): every flight of up to 4 steps, literally.
                let mut paths: Vec<Vec<Sq>> = vec![];
                let mut frontier: Vec<Vec<Sq>> = vec![vec![s]];
                for _ in 0..4 {
                    let mut next = vec![];
                    for p in &frontier {
                        for dir in Dir::ALL {
                            if let Some(n) = step(*p.last().unwrap(), dir) {
                                let mut q = p.clone();
                                q.push(n);
                                next.push(q);
                            }
                        }
                    }
                    paths.extend(next.iter().cloned());
                    frontier = next;
                }
                for path in paths.iter().filter(|p| p.len() >= 4) {
                    let n = path.len() - 1;
                    for i in 1..n {
                        let Some(cargo) = board.at(path[i]) else { continue };
                        let ok = cargo.kind == Kind::Mortar
                            || (cargo.owner == Some(me)
                                && matches!(cargo.kind, Kind::Grid | Kind::Princess));
                        if !ok {
                            continue;
                        }
                        for j in i + 1..n {
                            let mut b = *board;
                            b.take(s);
                            b.take(path[i]);
                            if !is_empty(&b, path[j]) {
                                continue;
                            }
                            b.put(path[j], cargo);
                            if !is_empty(&b, path[n]) {
                                continue;
                            }
                            b.put(path[n], piece);
                            raw.push((b, false));
                        }
                    }
                }
                for m in bits(NEIGH[s as usize] & board.mortar) {
                    let mut b = *board;
                    b.exchange(s, m);
                    raw.push((b, false));
                }
            }
            Kind::Princess => {
                let zone = |c: Sq| dist(s, c) <= 2;
                let shielded =
                    |c: Sq| bits(board.princess & board.of(me.opponent())).any(|q| dist(q, c) <= 2);
                let movable = |c: Sq| {
                    c == s
                        || board.at(c).is_some_and(|p| {
                            p.kind != Kind::Prince
                                && p != Piece::new(Kind::Princess, me.opponent())
                                && !shielded(c)
                        })
                };
                for f in (0..36u8).filter(|&f| zone(f) && board.at(f).is_some() && movable(f)) {
                    for t in (0..36u8).filter(|&t| zone(t) && is_empty(board, t)) {
                        let mut b = *board;
                        b.shift(f, t);
                        raw.push((b, false));
                    }
                    for g in (0..36u8).filter(|&g| g > f && zone(g) && board.at(g).is_some()) {
                        if movable(g) {
                            let mut b = *board;
                            b.exchange(f, g);
                            raw.push((b, false));
                        }
                    }
                }
            }
            Kind::Mortar => {}
        }
        // G7: swaps with an adjacent own piece.
        for o in bits(NEIGH[s as usize]).filter(|&o| mine(o)) {
            let mut b = *board;
            b.exchange(s, o);
            raw.push((b, false));
        }
    }
    // Mortar fire (G9).
    for m in bits(board.mortar) {
        let around = NEIGH[m as usize] & board.grid;
        if around & board.of(me) == 0 || around & board.of(me.opponent()) != 0 {
            continue;
        }
        for t in 0..36u8 {
            let target = board.at(t);
            let ok = target.is_some_and(|p| p.owner != Some(me));
            if dist(m, t) == 3 && ok {
                let mut b = *board;
                b.take(t);
                raw.push((b, target.is_some_and(|p| p.kind == Kind::Prince)));
            }
        }
    }
    raw.into_iter()
        .filter(|(b, hit)| b != board && !touching(b) && (*hit || !oracle(b, me)))
        .map(|(b, _)| format!("{b:?}"))
        .collect()
}

#[test]
fn every_legal_result_agrees_with_a_literal_reading_on_random_positions() {
    use crate::core::Game;
    let mut rng = Rng::new(6);
    let mut checked = 0;
    let mut tried = 0;
    while checked < 20_000 && tried < 400_000 {
        tried += 1;
        let board = random_board(&mut rng);
        if touching(&board) {
            continue;
        }
        let me = if rng.below(2) == 0 { Seat::FIRST } else { Seat::SECOND };
        let text = super::position_text(
            crate::gridi::layouts::layout_of(board.trees).unwrap(),
            &pieces_text(&board),
            if me == Seat::FIRST { 1 } else { 2 },
        );
        let Ok(g) = crate::gridi::Gridi::read_position(&text) else { continue };
        if g.outcome().is_some() {
            continue;
        }
        checked += 1;
        let engine: std::collections::BTreeSet<String> = g
            .legal_actions()
            .iter()
            .filter(|a| !matches!(a, crate::gridi::GridiAction::Pass))
            .map(|a| {
                let mut n = g.clone();
                n.apply(a).unwrap();
                format!("{:?}", n.board())
            })
            .collect();
        let literal = literal_results(&board, me);
        let missing: Vec<_> = literal.difference(&engine).collect();
        let extra: Vec<_> = engine.difference(&literal).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{text}\nmissing {missing:?}\nextra {extra:?}"
        );
    }
    assert!(checked >= 20_000, "only {checked} positions");
}

fn pieces_text(board: &Board) -> String {
    (0..36u8)
        .filter_map(|s| {
            board.at(s).map(|p| format!("{}{} ", p.token(), crate::gridi::board::cell(s)))
        })
        .collect()
}
