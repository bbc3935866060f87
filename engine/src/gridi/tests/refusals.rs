//! Refusals, data-driven: a position, an action, and the words the refusal must contain.

use super::*;
use crate::core::Seat;
use crate::gridi::{GridiAction, Kind};

/// (layout, pieces, player to move, action, expected words in the refusal).
const TABLE: &[(u8, &str, u8, &str, &str)] = &[
    // Moves of single pieces.
    (4, "Kf1 kf6", 1, "c3-c4", "there is no piece on c3"),
    (4, "Kf1 kf6 gc4", 1, "c4-c3", "the enemy Grid on c4 moves only by a Princess of yours"),
    (4, "Kf1 kf6", 1, "f6-f5", "the enemy Prince on f6 is not yours to move"),
    (4, "Kf1 kf6 Mc2", 1, "c2-c3", "the Mortar on c2 moves only in a pair with an adjacent Grid"),
    (4, "Kf1 kf6 Gc2", 1, "c2-c2", "a move ends on another cell"),
    (4, "Kf1 kf6 Gc2", 1, "c2-d3", "a Grid steps one cell (G8); d3 is 2 away"),
    (4, "Kf1 kf6 Gb2 Ga2", 1, "b2-a2", "a2 is not empty"),
    (4, "Kf1 kf6 Gb2", 1, "b2-a3", "a Grid steps one cell"),
    (4, "Kb2 kf6", 1, "b2-a3", "a3 holds a tree: nothing stands on a tree (G3)"),
    (4, "Kb2 kf6", 1, "b2-e2", "the Prince moves up to 2 cells (G10); e2 is 3 away"),
    (4, "Kf1 kf6 Oc2", 1, "c2-f3", "f3 holds a tree"),
    (4, "Kf1 kf6 Ob1", 1, "b1-f2", "an Owl flies up to 4 cells (G12); f2 is 5 away"),
    (4, "Kf1 kf6 Qc1", 1, "c1-c4", "a Princess moves within her zone, 2 cells (G14); c4 is 3 away"),
    // G6b: the refusal says how a piece may end next to an enemy (the footnote to rule 6b).
    (4, "Kc1 kf6 gd2", 1, "c1-c2", "only by striking it straight ahead of its last step"),
    // Pairs.
    (4, "Kf1 kf6 Gb1 Gc1", 1, "b1-b3+c1-c2", "each piece of a pair move steps one cell"),
    (4, "Kf1 kf6 Gb1 Gd1", 1, "b1-b2+d1-d2", "the two Grids of a squad stand on adjacent cells"),
    (4, "Kf1 kf6 Gb1 Gc1", 1, "b1-b2+c1-d1", "the squad must end on two adjacent cells"),
    (4, "Kf1 kf6 Gb1 Gc1", 1, "b1-c1+c1-b1", "that swaps the two Grids"),
    (4, "Kf1 kf6 Gb1 Mc2", 1, "b1-b2+c2-c3", "the Grid must stand next to the Mortar"),
    (4, "Kf1 kf6 Gb2 Mc2", 1, "b2-c2+c2-b2", "is a swap: write it as"),
    (4, "Kf1 kf6 Gb2 Mc2", 1, "b2-b1+c2-c1", "takes the cell it left"),
    (4, "Kf1 kf6 Gb2 Qc2", 1, "b2-b1+c2-c1", "a pair move is two of your Grids"),
    (4, "Kf1 kf6 Gb2 Mc2 Gc3", 1, "b2-c2+c2-c3", "c3 is not empty"),
    // Swaps.
    (4, "Kf1 kf6 Gb1", 1, "b1=b2", "there is no piece on b2 to swap"),
    (4, "Kf1 kf6 Gb1 Od1", 1, "b1=d1", "can't swap"),
    (4, "Kf1 kf6 Mb1 Mc1 Gb2", 1, "b1=c1", "alike"),
    // Fire.
    (4, "Kf1 kf6 Gb2", 1, "b2*b5", "there is no Mortar on b2"),
    (4, "Kf1 kf6 Gb2 Mc2", 1, "c2*c5", "there is nothing to fire at on c5"),
    (
        4,
        "Kf1 kf6 Gb2 Mc2 Gc5",
        1,
        "c2*c5",
        "a Mortar fires only at an enemy piece or a Mortar (G9)",
    ),
    (4, "Kf1 kf6 Oa1 Gb2", 1, "a1-b2", "an Owl lands on an empty cell or raids a lone enemy piece"),
    // Carries.
    (4, "Kf1 kf6 Gb1 Ob2", 1, "c1-b1>b3-c3", "there is no Owl of yours on c1"),
    (4, "Kf1 kf6 Gb1 Oa1 Gc2", 1, "a1-b1>c2-d2", "c2 is not empty"),
    (4, "Kf1 kf6 Gb1 Oa1 Gc1", 1, "a1-b1>b2-c1", "c1 is not empty"),
    // Deployments.
    (4, "Kf1 kf6", 1, "Q@b1", "there is no Princess in your reserve"),
    (4, "Kf1 kf6", 1, "G@b1+c1", "there is no squad of Grids in your reserve"),
    (4, "Kf1 kf6", 2, "K@a6", "there is no Prince in your reserve"),
    // Passing under threat.
    (4, "Kc1 gc3 kf6", 1, "pass", "you may not pass: your Prince on c1 would be under threat"),
];

#[test]
fn refusals_name_the_broken_rule() {
    for &(layout, pieces, to_act, action, why) in TABLE {
        let g = setup(layout, pieces, to_act);
        refused(&g, action, why);
    }
}

#[test]
fn refusals_of_actions_built_outside_the_notation() {
    let g = setup(4, "Kf1 kf6 Gb1 Gc1 Mb2", 1);
    let off = Cell::new(6, 0).unwrap(); // g1
    let c = |t: &str| Cell::parse(t).unwrap();
    let cases = [
        (GridiAction::Move { from: off, to: c("f1") }, "g1 is not on the board"),
        (GridiAction::Swap { a: c("c1"), b: c("b1") }, "write the two cells of a swap in order"),
        (GridiAction::Swap { a: c("c1"), b: c("c1") }, "two different cells"),
        (
            GridiAction::Pair { first: (c("c1"), c("c2")), second: (c("b1"), c("a1")) },
            "write the two steps in board order",
        ),
        (
            GridiAction::Pair { first: (c("c1"), c("c2")), second: (c("c1"), c("d1")) },
            "two different pieces",
        ),
        (GridiAction::DeploySquad { a: c("c1"), b: c("b1") }, "no squad"),
        (GridiAction::Deploy { kind: Kind::Grid, at: c("d1") }, "squad of two"),
    ];
    for (action, why) in cases {
        let mut next = g.clone();
        let err = next.apply(&action).unwrap_err();
        assert!(err.reason.contains(why), "{action:?}: `{err}` lacks `{why}`");
        assert_eq!(next, g);
    }
    assert_eq!(g.to_act(), Some(Seat::FIRST));
}
