//! Named maps, the generator, map texts and the map option (P3).

use crate::core::{GameOptions, OptionError, Rng};
use crate::poi::maps::{default_map, fairness, generate, named_map, NAMED_MAPS};
use crate::poi::{Map, PoiOptions};

#[test]
fn p03_named_maps_are_fair_for_the_players_they_are_made_for() {
    for (name, players, text) in NAMED_MAPS {
        let (_, p, map) = named_map(name).unwrap();
        assert_eq!(p, players);
        assert_eq!(map.write(), text);
        assert_eq!(map.starts().len(), players);
        let fair = fairness(&map, players);
        assert!(fair.iter().all(|f| f == &fair[0]), "{name}: {fair:?}");
        assert!(fair[0].0.len() >= 4, "{name} gives every player bonuses");
    }
    // The four-player cross is also fair for two (Red and Blue start opposite).
    let cross = named_map("cross").unwrap().2;
    let fair = fairness(&cross, 2);
    assert_eq!(fair[0], fair[1]);
}

#[test]
fn p03_the_named_maps_drawn() {
    assert_eq!(
        named_map("triad").unwrap().2.draw(),
        concat!(
            " 5   .  . 2a  G 2s  .  .\n",
            " 4   .  o 1k  o 1d  o  .\n",
            " 3  2a 1k  o  o  o 1k 2a\n",
            " 2   R  o  o 2k  o  o  B\n",
            " 1  2s 1d  o 3a  o 1d 2s\n",
            "     a  b  c  d  e  f  g\n",
        )
    );
}

#[test]
fn p03_the_generator_is_seeded_and_rarely_falls_back() {
    for players in 2..=4 {
        let a = generate(players, &mut Rng::new(3));
        assert_eq!(a, generate(players, &mut Rng::new(3)), "same seed, same map (C4)");
        let own = (0..20)
            .filter(|&s| generate(players, &mut Rng::new(s)) != default_map(players))
            .count();
        assert!(own >= 18, "{players} players: only {own} of 20 generated");
    }
}

#[test]
fn p03_map_texts_are_checked() {
    for (text, reason) in [
        ("", "no tiles"),
        ("RoB/oo", "rank 1 has 2 tiles"),
        ("R..B", "not all connected"),
        ("ooo/oRo/ooB", "not on the edge"),
        ("RoG", "without gaps"),
        ("RR", "two start tiles"),
        ("R", "needs 2 to 4"),
        ("R2xB", "expected k, d, a or s"),
        ("RoB/...", "touch file a and rank 1"),
        (".../RoB", "top rank must hold tiles"),
    ] {
        let error = Map::read(text).unwrap_err();
        assert!(error.contains(reason), "{text}: {error}");
    }
    let map = Map::read("R1k2d3a/1s2s3sB").unwrap();
    assert_eq!(Map::read(&map.write()), Ok(map));
}

#[test]
fn map_and_player_options_agree_and_name_the_allowed_values() {
    let mut options = PoiOptions::default();
    options.set("map", "duel").unwrap();
    let error = options.set("players", "3").unwrap_err();
    assert!(matches!(error, OptionError::BadValue { .. }), "{error}");
    options.set("map", "cross").unwrap();
    options.set("players", "4").unwrap();
    assert!(options.set("map", "triad").is_err());
    assert!(options.set("map", "RoB").is_err(), "two start tiles for four players");
    options.set("players", "2").unwrap();
    options.set("map", "RoB").unwrap();
    options.set("rounds", "30").unwrap();
    assert_eq!(options.to_text(), "players=2,map=RoB,rounds=30");
    assert_eq!(PoiOptions::from_text(&options.to_text()), Ok(options));
    let error = PoiOptions::from_text("rounds=0").unwrap_err().to_string();
    assert!(error.contains("off or 1 to 999"), "{error}");
    assert!(PoiOptions::from_text("colour=red")
        .unwrap_err()
        .to_string()
        .contains("players, map, rounds"));
}

#[test]
fn p03_a_named_map_is_refused_for_a_player_count_it_is_unfair_for() {
    // The first N start tiles of `triad` (2 players) and `cross` (3 players) give the players
    // different bonuses near their starts: P3 asks for fair start tiles.
    for (name, players) in [("triad", 2), ("cross", 3)] {
        let map = named_map(name).unwrap().2;
        let fair = fairness(&map, players);
        assert!(fair.iter().any(|f| f != &fair[0]), "{name} is unfair for {players}");
        let mut options = PoiOptions::default();
        options.set("players", &players.to_string()).unwrap();
        let error = options.set("map", name).unwrap_err().to_string();
        assert!(error.contains("triad (3), cross (2 or 4)"), "{error}");
        let text = format!("players={players},map={name},rounds=off");
        assert!(PoiOptions::from_text(&text).is_err(), "{text}");
    }
    let mut options = PoiOptions::default();
    options.set("map", "cross").unwrap();
    let error = options.set("players", "3").unwrap_err().to_string();
    assert!(error.contains("cross 2 or 4"), "{error}");
    // The fair combinations stay allowed.
    for text in
        ["players=2,map=duel", "players=3,map=triad", "players=2,map=cross", "players=4,map=cross"]
    {
        assert!(PoiOptions::from_text(text).is_ok(), "{text}");
    }
}

#[test]
fn p03_players_and_map_may_be_written_in_either_order() {
    let a = PoiOptions::from_text("map=triad,players=3,rounds=5").unwrap();
    let b = PoiOptions::from_text("players=3,rounds=5,map=triad").unwrap();
    assert_eq!(a, b);
    assert_eq!(a.to_text(), "players=3,map=triad,rounds=5");
    let pairs = [("map", "cross"), ("players", "4")];
    assert_eq!(PoiOptions::from_pairs(pairs).unwrap().players, 4);
    assert!(PoiOptions::from_text("map=cross,players=3").is_err(), "cross is unfair for 3");
    assert!(PoiOptions::from_text("map=triad").is_err(), "triad is unfair for the default 2");
}
