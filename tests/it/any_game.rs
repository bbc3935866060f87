use engine::{AnyGame, DrawReason, GameKind, Outcome, Seat, WinReason};

#[test]
fn sampled_positions_round_trip_through_position_strings() {
    for kind in GameKind::ALL {
        for game in AnyGame::sample_positions(kind, 300, 11) {
            let text = game.position();
            let back = AnyGame::from_position(kind, &text).unwrap();
            assert_eq!(back, game, "{text}");
            assert_eq!(back.kind(), kind);
        }
    }
}

#[test]
fn play_line_is_all_or_nothing_and_returns_canonical_actions() {
    for kind in GameKind::ALL {
        let mut game = AnyGame::new(kind, [], 9).unwrap();
        let before = game.clone();
        let first = game.legal_actions()[0].clone();
        let error = game.play_line(&format!("{} zz9", first.to_uppercase())).unwrap_err();
        assert_eq!(error.index, 1);
        assert_eq!(game, before, "a failed line changes nothing");
        let played = game.play_line(&first.to_uppercase()).unwrap();
        assert_eq!(played, [first]);
        assert_ne!(game, before);
    }
}

#[test]
fn c5_table_outcomes_end_the_game_and_survive_the_position_string() {
    for kind in GameKind::ALL {
        for outcome in [
            Outcome::Win { winner: Seat::SECOND, reason: WinReason::Resignation },
            Outcome::Win { winner: Seat::FIRST, reason: WinReason::Timeout },
            Outcome::Draw { reason: DrawReason::Agreement },
        ] {
            let mut game = AnyGame::new(kind, [], 1).unwrap();
            game.set_outcome(outcome);
            assert_eq!(game.outcome(), Some(outcome));
            assert_eq!(game.to_act(), None);
            assert!(game.legal_actions().is_empty());
            let back = AnyGame::from_position(kind, &game.position()).unwrap();
            assert_eq!(back.outcome(), Some(outcome));
            assert!(game.play("pass").is_err());
        }
    }
}

#[test]
fn unavailable_or_bad_options_are_refused_with_the_allowed_values() {
    for kind in GameKind::ALL {
        let error = AnyGame::new(kind, [("no-such-option", "1")], 1).unwrap_err();
        assert!(error.to_string().starts_with("unknown option `no-such-option`"), "{error}");
    }
}

/// Plays random games to the end and checks that every final position (the one where an
/// outcome was just reached, possibly in the middle of a turn) reads back as itself.
#[test]
fn finished_games_round_trip_through_position_strings() {
    for kind in GameKind::ALL {
        let mut rng = engine::Rng::new(77);
        let mut finished = 0;
        for game_index in 0..150 {
            let mut game = AnyGame::new(kind, [], game_index).unwrap();
            for _ in 0..600 {
                let actions = game.legal_actions();
                let Some(action) = rng.choose(&actions) else { break };
                game.play(action).unwrap();
            }
            if game.outcome().is_some() {
                finished += 1;
                let text = game.position();
                let back =
                    AnyGame::from_position(kind, &text).unwrap_or_else(|e| panic!("{e}: {text}"));
                assert_eq!(back, game, "{text}");
            }
        }
        assert!(finished > 0 || kind == GameKind::Poi, "{kind}: no random game finished");
    }
}

#[test]
fn c5_a_seat_leaving_a_two_player_game_hands_the_win_to_the_opponent() {
    for kind in GameKind::ALL {
        let mut game = AnyGame::new(kind, [], 2).unwrap();
        game.seat_leaves(Seat::SECOND, WinReason::Timeout);
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win { winner: Seat::FIRST, reason: WinReason::Timeout }),
            "{kind}"
        );
    }
}
