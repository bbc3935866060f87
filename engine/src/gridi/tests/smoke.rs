use crate::core::{selfplay, Game};
use crate::gridi::{Gridi, GridiOptions};

#[test]
fn smoke_selfplay_runs() {
    let report = selfplay::<Gridi>(&GridiOptions::default(), 20, 1, 300);
    assert_eq!(report.games, 20);
    assert!(!report.ends.contains_key("stuck"));
}

#[test]
fn smoke_new_game_lists_deployments() {
    let g = Gridi::new(&GridiOptions::default(), 7);
    assert!(!g.legal_actions().is_empty());
}
