//! Random self-play over every named map, generated maps and the Edge variant: no panic, no
//! stuck position, and games do end by removing a Lumena.

use crate::core::{random_game, selfplay, Game, Rng, SelfplayEnd};

use super::super::{Yama, NAMED_MAPS};
use super::opts;

#[test]
fn selfplay_thousands_of_random_games_end_without_panic_or_stuck() {
    let mut setups: Vec<String> = NAMED_MAPS.iter().map(|(n, _)| format!("map={n}")).collect();
    setups.push("map=generated".into());
    setups.push("map=generated,edge=on".into());
    setups.push("map=crater,edge=on,army=IGGB".into());
    setups.push("map=peaks,setup=manual".into());
    let mut games = 0;
    for (i, text) in setups.iter().enumerate() {
        let report = selfplay::<Yama>(&opts(text), 400, i as u64, 400);
        games += report.games;
        assert_eq!(report.ends.get("stuck"), None, "{text}: {report:?}");
        assert!(
            report.ends.get("lumena-removed").copied().unwrap_or(0) > 100,
            "{text}: {report:?}"
        );
        assert!(report.wins_by_seat.len() == 2, "{text}: {report:?}");
    }
    assert!(games >= 3000);
}

#[test]
fn selfplay_replays_identically_from_the_seed() {
    let options = opts("map=generated");
    let start = Yama::new(&options, 99);
    let (a, n, end_a) = random_game(&start, &mut Rng::new(1), 300);
    let (b, m, end_b) = random_game(&Yama::new(&options, 99), &mut Rng::new(1), 300);
    assert_eq!((a, n, end_a), (b, m, end_b));
    assert_ne!(end_a, SelfplayEnd::Stuck);
}
