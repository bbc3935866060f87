//! The board and the setup: V1–V4, rulebook "Arrangement and beginning" 1–4.

use super::helpers::*;
use crate::core::{DrawReason, Game, Outcome, Seat};
use crate::vorcept::{
    colour_name, host_cells, random_setup_actions, Kind, Phase, SetupMode, Square, Vorcept,
    VorceptAction, BLUE, RED,
};

#[test]
fn v01_the_board_is_nine_by_nine_by_default_and_seven_to_twelve_allowed() {
    let game = Vorcept::new(&options("setup=manual"), 1);
    assert_eq!(game.board().grid().width(), 9);
    assert_eq!(game.legal_actions().len(), 81);
    refused(&game, "P@j5", "j5 is not on the board");
    for size in 7..=12u8 {
        let game = Vorcept::new(&options(&format!("size={size},setup=manual")), 1);
        assert_eq!(game.board().cells().count(), usize::from(size) * usize::from(size));
        assert_eq!(board_of(&game).split('/').count(), usize::from(size));
    }
    let mut big = Vorcept::new(&options("size=12,setup=manual"), 1);
    play(&mut big, "P@l12");
    assert_eq!(at(&big, "l12"), Square::Pylon);
}

#[test]
fn rulebook_1_blue_places_the_pylon_first() {
    let game = pos("9/9/9/9/9/9/9/9/9 b pylon 0 4/4 432/432 size=9,setup=manual 0 -");
    assert_eq!(game.to_act(), Some(BLUE));
    assert!(listed(&game).iter().all(|a| a.starts_with("P@")));
    refused(&game, "B@c3", "Blue places the Pylon first");
    refused(&game, "H@c3", "Blue places the Pylon first");
    let mut game = game;
    play(&mut game, "P@e5");
    assert_eq!(at(&game, "e5"), Square::Pylon);
    assert_eq!((game.phase(), game.to_act()), (Phase::Blocks, Some(RED)));
}

#[test]
fn rulebook_2_v02_red_places_the_first_block_then_players_alternate() {
    let mut game = Vorcept::new(&options("setup=manual"), 1);
    play(&mut game, "P@e5 B@a1 B@i9 B@a2");
    assert_eq!(at(&game, "a1"), Square::Block(RED));
    assert_eq!(at(&game, "i9"), Square::Block(BLUE));
    assert_eq!(at(&game, "a2"), Square::Block(RED));
    assert_eq!(game.to_act(), Some(BLUE));
    assert_eq!((game.blocks_left(BLUE), game.blocks_left(RED)), (3, 2));
}

#[test]
fn v02_blocks_may_not_touch_the_pylon_or_the_other_colour() {
    let game = pos("9/7b1/9/9/4P4/9/9/1B7/9 r blocks 0 3/3 432/432 size=9,setup=manual 0 -");
    refused(&game, "B@e6", "a block may not touch the Pylon (on e5)");
    refused(&game, "B@b3", "a block may not touch a Blue block (on b2)");
    refused(&game, "B@h8", "h8 is taken by a Red block");
    refused(&game, "B@e5", "e5 is taken by the Pylon");
    let mut game = game;
    play(&mut game, "B@d6");
    assert_eq!(game.to_act(), Some(BLUE));
    refused(&game, "B@h7", "a block may not touch a Red block (on h8)");
    play(&mut game, "B@f6");
}

#[test]
fn v02_no_group_of_more_than_three_blocks() {
    let mut game = Vorcept::new(&options("setup=manual,blocks=5"), 1);
    play(&mut game, "P@e5 B@a1 B@i9 B@a2 B@i8 B@a4");
    refused(&game, "B@a5", "may not touch a Red block (on a4)");
    let mut red = game.clone();
    play(&mut red, "B@i7");
    refused(&red, "B@a3", "a block on a3 would connect 4 blocks; at most 3 may connect");
    play(&mut red, "B@a5");
    refused(&red, "B@i6", "would connect 4 blocks");
    assert!(!listed(&red).contains(&"B@i6".to_string()));
}

#[test]
fn v02_a_player_who_cannot_place_a_block_skips() {
    // Red's b2 leaves Blue (1 block left) no legal cell: Blue skips, and with Red done too the
    // Hosts follow.
    let board = "B3b1b/B1b4/B4b1/3P3/1b4B/4b1B/1b1B2B";
    let mut game = pos(&format!("{board} r blocks 0 1/1 432/432 size=7,blocks=8,setup=manual 0 -"));
    assert!(!game.legal_actions().is_empty());
    play(&mut game, "B@b2");
    assert_eq!(game.blocks_left(BLUE), 0);
    assert_ne!(game.phase(), Phase::Blocks);
}

#[test]
fn v02_a_player_without_blocks_left_is_skipped_and_the_other_places_on() {
    let mut game = pos("9/7b1/9/9/4P4/9/9/1B7/9 r blocks 0 0/3 432/432 size=9,setup=manual 0 -");
    play(&mut game, "B@a9");
    assert_eq!((game.phase(), game.to_act()), (Phase::Blocks, Some(RED)));
    play(&mut game, "B@c9 B@i1");
    assert_eq!((game.phase(), game.to_act()), (Phase::Hosts, Some(BLUE)));
}

#[test]
fn v02_with_no_blocks_the_hosts_follow_the_pylon() {
    let mut game = Vorcept::new(&options("setup=manual,blocks=0"), 1);
    play(&mut game, "P@e5");
    assert_eq!((game.phase(), game.to_act()), (Phase::Hosts, Some(BLUE)));
}

#[test]
fn rulebook_3_4_v03_hosts_keep_away_from_pylon_blocks_and_each_other() {
    let game = pos("9/7b1/9/9/4P4/9/9/1B7/9 b hosts 0 0/0 432/432 size=9,setup=manual 0 -");
    refused(&game, "H@e6", "a Host must stand at least 2 cells from the Pylon (on e5)");
    refused(&game, "H@b3", "a Host may not touch a block (on b2)");
    refused(&game, "H@h7", "a Host may not touch a block (on h8)");
    refused(&game, "D1@a1", "the setup goes on: place your Host");
    let mut game = game;
    play(&mut game, "H@e7");
    assert_eq!(at(&game, "e7"), Square::Piece(BLUE, Kind::Host));
    assert_eq!(game.to_act(), Some(RED));
    refused(&game, "H@e8", "Red's Host may not touch Blue's Host (on e7)");
    refused(&game, "H@f5", "at least 2 cells from the Pylon");
    play(&mut game, "H@d8");
    assert_eq!(at(&game, "d8"), Square::Piece(RED, Kind::Host));
    assert_eq!(
        (game.phase(), game.to_act(), game.actions_this_turn()),
        (Phase::Play, Some(BLUE), 0)
    );
}

#[test]
fn v03_a_host_at_distance_two_diagonally_is_allowed() {
    let mut game = pos("9/7b1/9/9/4P4/9/9/1B7/9 b hosts 0 0/0 432/432 size=9,setup=manual 0 -");
    play(&mut game, "H@d4");
    assert!(host_cells(game.board(), RED).contains(cell("c3")));
}

#[test]
fn v03_decision_no_cell_for_a_host_draws_the_game() {
    let mut game =
        pos("3b3/BB3bb/1B5/b2P2B/6B/1BB1bb1/1B2b1b b hosts 0 0/0 432/432 size=7,blocks=8 0 -");
    assert_eq!(listed(&game), ["H@e5"]);
    play(&mut game, "H@e5");
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::NoLegalAction }));
    assert_eq!(game.to_act(), None);
}

#[test]
fn v04_manual_setup_starts_with_the_pylon_random_setup_starts_play() {
    let manual = Vorcept::new(&options("setup=manual"), 5);
    assert_eq!((manual.phase(), manual.to_act()), (Phase::Pylon, Some(BLUE)));
    let random = Vorcept::new(&options(""), 5);
    assert_eq!(random.options().setup, SetupMode::Random);
    assert_eq!((random.phase(), random.to_act()), (Phase::Play, Some(BLUE)));
    assert_eq!(random, Vorcept::new(&options(""), 5), "the same seed gives the same setup");
    assert_ne!(board_of(&random), board_of(&Vorcept::new(&options(""), 6)));
}

/// Checks a finished setup against V2–V4 directly, without the engine's rule code.
fn check_setup(game: &Vorcept, with_pylon: bool, blocks: usize, fair: bool) -> Result<(), String> {
    let board = game.board();
    let cells: Vec<_> = board.cells().collect();
    let pylon = cells.iter().copied().find(|&c| board.get(c) == Square::Pylon);
    let neighbours = |c| board.neighbours(c).collect::<Vec<_>>();
    if with_pylon {
        let p = pylon.ok_or("no Pylon")?;
        let side = i32::from(board.grid().width());
        let twice = |x: u8| (2 * i32::from(x) - (side - 1)).abs();
        let d = twice(p.file()) + twice(p.rank());
        if d == 0 || d > 4 {
            return Err(format!("Pylon {p} at doubled distance {d} from the centre"));
        }
    } else if pylon.is_some() {
        return Err("a Pylon with pylon=off".into());
    }
    for seat in [BLUE, RED] {
        let mine: Vec<_> =
            cells.iter().copied().filter(|&c| board.get(c) == Square::Block(seat)).collect();
        for &b in &mine {
            for n in neighbours(b) {
                match board.get(n) {
                    Square::Pylon => return Err(format!("block {b} touches the Pylon")),
                    Square::Block(s) if s != seat => return Err(format!("{b} touches {n}")),
                    _ => {}
                }
            }
            let mut group = vec![b];
            let mut i = 0;
            while i < group.len() {
                for n in neighbours(group[i]) {
                    if board.get(n) == Square::Block(seat) && !group.contains(&n) {
                        group.push(n);
                    }
                }
                i += 1;
            }
            if group.len() > 3 {
                return Err(format!("block {b} in a group of {}", group.len()));
            }
        }
        if mine.len() > blocks {
            return Err(format!("{} blocks placed", mine.len()));
        }
    }
    let blue = board.host(BLUE).ok_or("no Blue Host")?;
    let red = board.host(RED).ok_or("no Red Host")?;
    for host in [blue, red] {
        if pylon.is_some_and(|p| p.distance(host) < 2) {
            return Err(format!("Host {host} within 1 of the Pylon"));
        }
        if neighbours(host).iter().any(|&n| matches!(board.get(n), Square::Block(_))) {
            return Err(format!("Host {host} touches a block"));
        }
    }
    if blue.touches(red) {
        return Err("the Hosts touch".into());
    }
    if fair {
        let reference = |h: crate::core::Cell| match pylon {
            Some(p) => 2 * i32::from(p.distance(h)),
            None => {
                let side = i32::from(board.grid().width());
                (2 * i32::from(h.file()) - (side - 1)).abs()
                    + (2 * i32::from(h.rank()) - (side - 1)).abs()
            }
        };
        if (reference(blue) - reference(red)).abs() > 2 {
            return Err(format!("unfair Hosts {blue} and {red}"));
        }
    }
    if board.pieces(BLUE).len() + board.pieces(RED).len() != 2 {
        return Err("pieces other than the Hosts on the board".into());
    }
    Ok(())
}

#[test]
fn v04_rulebook_tips_random_setups_are_legal_fair_and_replay_under_the_manual_rules() {
    for opts in ["", "size=7", "size=12,blocks=8", "pylon=off", "size=8,blocks=6", "blocks=0"] {
        let random = options(opts);
        let manual = crate::vorcept::VorceptOptions { setup: SetupMode::Manual, ..random };
        for seed in 0..60u64 {
            let game = Vorcept::new(&random, seed);
            check_setup(&game, random.pylon, usize::from(random.blocks), true)
                .unwrap_or_else(|e| panic!("{opts} seed {seed}: {e}: {}", game.write_position()));
            assert_eq!((game.phase(), game.to_act()), (Phase::Play, Some(BLUE)));
            assert_eq!(game.reserve(BLUE), random.reserve);
            // Replay the generated placements one by one through the manual rules.
            let mut replay = Vorcept::new(&manual, seed);
            for action in random_setup_actions(&random, seed) {
                let seat: Seat = replay.to_act().unwrap();
                let expected = match action {
                    VorceptAction::PlacePylon(_) => Phase::Pylon,
                    VorceptAction::PlaceBlock(_) => Phase::Blocks,
                    _ => Phase::Hosts,
                };
                assert_eq!(replay.phase(), expected, "{opts} seed {seed}");
                replay.apply(&action).unwrap_or_else(|e| {
                    panic!("{opts} seed {seed}: {seat:?} {action:?} refused: {e}")
                });
            }
            assert_eq!(board_of(&replay), board_of(&game), "{opts} seed {seed}");
            assert_eq!(replay.phase(), Phase::Play);
        }
    }
}

#[test]
fn v04_random_setups_on_crowded_small_boards_stay_legal() {
    let random = options("size=7,blocks=8");
    for seed in 0..100u64 {
        let game = Vorcept::new(&random, seed);
        if game.outcome().is_some() {
            continue; // no Host cell at all: a drawn setup (V3 decision), checked elsewhere
        }
        check_setup(&game, true, 8, false)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}: {}", game.write_position()));
    }
}

#[test]
fn v04_hosts_of_a_random_setup_start_apart() {
    for seed in 0..100u64 {
        let game = Vorcept::new(&options(""), seed);
        let (blue, red) = (game.board().host(BLUE).unwrap(), game.board().host(RED).unwrap());
        assert!(blue.distance(red) >= crate::vorcept::HOST_SEPARATION, "seed {seed}");
    }
}

#[test]
fn v04_rulebook_tips_random_hosts_start_off_the_edge_with_equal_room() {
    // Rulebook tip: "make sure both players have equal starting conditions". A Host on the
    // edge or in a corner has fewer neighbours: fewer cells to summon to, and it is walled in
    // with three or two pieces instead of four. Random setups put both Hosts off the edge.
    for opts in ["", "size=7", "size=12,blocks=8", "pylon=off", "size=8,blocks=6", "blocks=0"] {
        for seed in 0..200u64 {
            let game = Vorcept::new(&options(opts), seed);
            let board = game.board();
            for seat in [BLUE, RED] {
                let host = board.host(seat).unwrap();
                assert_eq!(
                    board.neighbours(host).count(),
                    4,
                    "{opts} seed {seed}: the {} Host on {host} is on the edge: {}",
                    colour_name(seat),
                    game.write_position()
                );
            }
        }
    }
}

#[test]
fn v03_decision_blue_may_not_place_its_host_where_red_would_have_no_cell() {
    // V3 leaves only e5, e6 and f5 for a Host. On e5 Blue's Host would touch both others and
    // Red could not place at all: Blue must leave Red a cell while it can.
    let text = "1B1B1b1/2B3B/BB5/1B1P2b/4bb1/B1b3b/2b2b1 b hosts 0 0/0 432/432 size=7,blocks=8 0 -";
    let mut game = pos(text);
    let mut cells = listed(&game);
    cells.sort();
    assert_eq!(cells, ["H@e6", "H@f5"]);
    refused(&game, "H@e5", "Red would have no cell for its Host: place yours on f5 or e6");
    play(&mut game, "H@e6");
    assert_eq!(listed(&game), ["H@f5"]);
    play(&mut game, "H@f5");
    assert_eq!((game.phase(), game.outcome()), (Phase::Play, None));
}
