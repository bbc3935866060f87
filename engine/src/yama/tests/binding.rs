//! Binding (Y9, rulebook "Люмена": a lone piece cannot walk away from the enemy Lumena).

use super::{at, lab, play, refused};

#[test]
fn y09_rulebook_a_lone_piece_next_to_the_enemy_lumena_cannot_leave_its_surroundings() {
    let game = lab("La1 Bd5 ld4", "1");
    refused(&game, "d5-d6", "bound by the enemy Lumena on d4");
    let mut ok = game.clone();
    play(&mut ok, "d5-e5");
    assert_eq!(at(&ok, "e5"), 'B', "moving around the Lumena is allowed");
}

#[test]
fn y09_rulebook_a_second_piece_next_to_the_lumena_frees_them() {
    let mut game = lab("La1 Bd5 Bc3 ld4", "1");
    play(&mut game, "d5-d6");
    assert_eq!(at(&game, "d6"), 'B');
}

#[test]
fn y09_binding_breaks_when_the_lumena_walks_away() {
    let mut game = lab("La1 Bd5 ld4 bg7", "2");
    play(&mut game, "d4-d3 g7-g6");
    play(&mut game, "d5-d6");
    assert_eq!(at(&game, "d6"), 'B');
}

#[test]
fn y09_a_bound_gargoyle_flies_and_a_bound_imp_jumps_only_within_the_ring() {
    let game = lab("La1 Gc3 ld4", "1");
    let mut ok = game.clone();
    play(&mut ok, "c3-e3");
    assert_eq!(at(&ok, "e3"), 'G', "over the pillar d3 onto e3, still next to d4");
    refused(&game, "c3-c1", "bound");
    let game = lab("La1 Ic4 ld4", "1");
    let mut ok = game.clone();
    play(&mut ok, "c4-e4");
    assert_eq!(at(&ok, "e4"), 'I', "jumping over the Lumena itself stays next to it");
    refused(&game, "c4-a4", "bound");
}

#[test]
fn y09_a_bound_piece_may_still_push_and_be_pulled_away() {
    let mut game = lab("Ld7 Be5 ld4 ie4", "1");
    // The Balor on e5 is the only first-player piece around d4. Its Lumena stepping to d6
    // stays outside the 8 cells around d4, so the Balor is still bound for the second action.
    refused(&game, "e5-e6", "bound");
    play(&mut game, "d7-d6");
    assert_eq!(at(&game, "d6"), 'L');
    refused(&game, "e5-e6", "bound");
    // Its own Lumena may pull it off: binding limits only the bound piece's own actions.
    let mut pulled = lab("Le7 Be5 ld4", "1");
    play(&mut pulled, "e7<e5");
    assert_eq!(at(&pulled, "e6"), 'B');
    let mut push = lab("La1 Ie5 ld4 if5", "1");
    play(&mut push, "e5>f5");
    assert_eq!(at(&push, "g5"), 'i');
}

#[test]
fn y09_when_one_of_two_pieces_leaves_the_other_is_bound_again() {
    let mut game = lab("La1 Bd5 Bc3 ld4", "1");
    play(&mut game, "d5-d6");
    refused(&game, "c3-c2", "bound by the enemy Lumena on d4");
    play(&mut game, "c3-c4");
    assert_eq!(at(&game, "c4"), 'B', "moving around the Lumena is still allowed");
}

#[test]
fn y09_only_the_binding_lumenas_enemies_count() {
    // The second player's own Balor on e4 does not free the first player's Balor on d5.
    let game = lab("La1 Bd5 ld4 be4", "1");
    refused(&game, "d5-d6", "bound");
}

#[test]
fn decision_d18_a_lumena_alone_next_to_the_enemy_lumena_is_bound() {
    let game = lab("Ld5 ld4 Ba1", "1");
    refused(&game, "d5-d6", "the Lumena on d5 is bound by the enemy Lumena on d4");
    let mut ok = game.clone();
    play(&mut ok, "d5-e5");
    assert_eq!(at(&ok, "e5"), 'L');
}
