use crate::core::{selfplay, Game, Rng, random_game};
use crate::gridi::{Gridi, GridiOptions};

#[test]
fn smoke_selfplay_runs() {
    let report = selfplay::<Gridi>(&GridiOptions::default(), 200, 1, 300);
    eprintln!("{report:?} mean {}", report.mean_length());
    let g = Gridi::new(&GridiOptions::default(), 7);
    let mut rng = Rng::new(3);
    let (end, n, how) = random_game(&g, &mut rng, 300);
    eprintln!("{} {n} {how:?}", end.write_position());
    assert!(!report.ends.contains_key("stuck"));
}
