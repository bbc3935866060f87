//! Rulebook paragraphs that span several rulings: the quick start and "colour does not matter".

use crate::core::{Game, Seat};

use super::super::{Phase, Yama};
use super::{at, lab, opts, play};

#[test]
fn rulebook_quick_start_build_place_lumenas_alternate_then_two_moves_a_turn() {
    let mut game = Yama::new(&opts("map=diamond,setup=manual"), 4);
    play(&mut game, "L@e1 L@e9");
    play(&mut game, "I@e2 I@e8 B@d2 B@d8 G@f2 G@f8 I@d3 I@d7 B@c2 B@c8");
    assert_eq!(game.phase(), Phase::Play, "both armies of six are placed");
    assert_eq!((game.to_act(), game.actions_this_turn()), (Some(Seat::FIRST), 0));
    play(&mut game, "e2-e4 d3-d5");
    assert_eq!(game.to_act(), Some(Seat::SECOND));
    play(&mut game, "e8-e6 c8-c7");
    assert_eq!(game.to_act(), Some(Seat::FIRST));
}

#[test]
fn rulebook_colour_does_not_matter_for_pushing_carrying_and_pulling() {
    let mut pushed = lab("La1 Ic1 Ic2 lg7", "1");
    play(&mut pushed, "c1>c2");
    assert_eq!(at(&pushed, "c3"), 'I');
    let mut pulled = lab("La1 Ba3 lg7", "1");
    play(&mut pulled, "a1<a3");
    assert_eq!(at(&pulled, "a2"), 'B');
    let mut carried = lab("La1 Gg1 Ig2 lg7", "1");
    play(&mut carried, "g1-g5:g2>g4");
    assert_eq!((at(&carried, "g4"), at(&carried, "g5")), ('I', 'G'));
}

#[test]
fn rulebook_a_stone_gargoyle_pushed_off_a_pillar_breaks() {
    let mut game = lab("La1 Id2 gd3 lg7", "1");
    play(&mut game, "d2>d3");
    assert_eq!((at(&game, "d3"), at(&game, "d4")), ('.', '.'));
}

#[test]
fn rulebook_a_gargoyle_thrown_into_lava_burns() {
    let mut game = lab("La1 Ib3 gb4 lg7", "1");
    play(&mut game, "b3>b4");
    assert_eq!((at(&game, "b4"), at(&game, "b5")), ('.', '.'));
}
