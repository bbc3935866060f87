use data::ratings::RatedResult;
use data::{
    ActionRecord, Challenge, ChallengeId, ClockSettings, ClockState, GameId, GameStatus, Invitee,
    InviteeId, Notifications, Platform, PlayerProfile, RatingModel, RatingRecord, Scope,
    SeatHolder, Seated, Timestamp,
};
use engine::{DrawReason, GameKind, Outcome, Rng, Seat, WinReason};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::common::{self, chat, player, Backend};

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) {
    let json = serde_json::to_string(value).unwrap();
    let back: T = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, value, "{json}");
}

#[test]
fn every_record_survives_json_unchanged() {
    let seat = Seat::new(1).unwrap();
    for status in [
        GameStatus::Active,
        GameStatus::Aborted,
        GameStatus::Finished {
            outcome: Outcome::Win { winner: seat, reason: WinReason::Timeout },
            standings: vec![vec![seat], vec![Seat::FIRST]],
        },
        GameStatus::Finished {
            outcome: Outcome::Draw { reason: DrawReason::DoublePass },
            standings: vec![],
        },
        GameStatus::Voided { outcome: None },
        GameStatus::Voided { outcome: Some(Outcome::Draw { reason: DrawReason::Agreement }) },
    ] {
        round_trip(&status);
    }
    for clock in [
        ClockSettings::None,
        ClockSettings::PerMove { seconds: 3600 },
        ClockSettings::Bank { initial: 86_400 * 3, increment: 86_400, cap: 86_400 * 7 },
    ] {
        round_trip(&clock);
    }
    round_trip(&ClockState {
        remaining_ms: vec![5, 6],
        deadline: Some(Timestamp(9)),
        paused: true,
        ..Default::default()
    });
    round_trip(&ClockState {
        deadline: Some(Timestamp(9)),
        remind_before_ms: Some(vec![3_600_000]),
        nudged: Some(Timestamp(7)),
        ..Default::default()
    });
    round_trip(&ActionRecord {
        seat,
        by: Some(player("ann")),
        action: "c1-c2".into(),
        at: Timestamp(3),
    });
    round_trip(&ActionRecord { seat, by: None, action: "pass".into(), at: Timestamp(4) });
    let mut profile = PlayerProfile::new(player("ann"), "Ann");
    profile.language = "ru".into();
    profile.notifications =
        Notifications { your_turn: false, clock_warning: true, game_over: false };
    profile.vacation_days_used = 4;
    round_trip(&profile);
    let challenge = Challenge {
        id: ChallengeId::from_number(77),
        from: player("ann"),
        from_name: "Ann".into(),
        invited: vec![
            Invitee { who: InviteeId::Player(player("bo")), name: "Bo".into() },
            Invitee {
                who: InviteeId::Username { platform: Platform::Telegram, username: "cy".into() },
                name: "@cy".into(),
            },
        ],
        accepted: vec![Seated { id: player("bo"), name: "Bo".into() }],
        seats: 3,
        kind: GameKind::Poi,
        options: vec![("players".into(), "3".into())],
        clock: ClockSettings::None,
        rated: true,
        chat: chat("c", "g"),
        created: Timestamp(1),
        expires: Timestamp(2),
        ai_seats: vec![SeatHolder::Ai { name: "tabletalk AI (hard)".into(), level: "hard".into() }],
    };
    round_trip(&challenge);
    for (scope, model) in [
        (
            Scope::Global,
            RatingModel::Glicko2 { rating: 1512.25, deviation: 290.1, volatility: 0.059 },
        ),
        (Scope::DiscordServer("g".into()), RatingModel::WengLin { rating: 27.1, uncertainty: 7.9 }),
        (
            Scope::TelegramGroup("-100".into()),
            RatingModel::WengLin { rating: -1.5, uncertainty: 0.3 },
        ),
    ] {
        round_trip(&RatingRecord {
            scope,
            kind: GameKind::Yama,
            player: player("bo"),
            model,
            games: 3,
            provisional: true,
            updated: Timestamp(8),
        });
    }
    round_trip(&RatedResult {
        game: GameId::from_number(5),
        kind: GameKind::Gridi,
        players: vec![player("a"), player("b")],
        standings: vec![vec![Seat::SECOND], vec![Seat::FIRST]],
        finished: Timestamp(6),
    });
}

fn a_stored_game_loads_back_with_every_field_and_action<B: Backend>() {
    for kind in common::kinds() {
        let dir = B::place("records");
        let store = B::open(&dir);
        let new = common::new_game(kind, 11, &["ann", "bo", "cy", "di"], chat("c1", "g1"), true);
        let created = store.create_game(new.clone()).unwrap();
        assert_eq!(created.id.to_string().len(), 5);
        let version = common::play(&store, created.id, 12, &mut Rng::new(3));
        let game = store.game(created.id).unwrap().unwrap();
        let h = &game.header;
        assert_eq!((h.kind, &h.options, h.seed), (new.kind, &new.options, new.seed));
        assert_eq!(
            (&h.initial_position, &h.seats, &h.chat),
            (&new.initial_position, &new.seats, &new.chat)
        );
        assert_eq!((h.clock, h.rated, h.created), (new.clock, new.rated, new.created));
        assert_eq!(h.version, version);
        assert_eq!(game.actions.len() as u64, h.action_count);
        assert_eq!(version.0, h.action_count, "{kind}: one version per action");
        assert!(game.actions.iter().all(|a| a.by.is_some() && a.at.millis() >= 2_000));
        // Reopening reads the same record.
        drop(store);
        let again = B::open(&dir).game(created.id).unwrap().unwrap();
        assert_eq!(again, game);
    }
}

store_tests!(a_stored_game_loads_back_with_every_field_and_action,);
