use crate::core::{selfplay, Game};

use super::super::{Yama, NAMED_MAPS};
use super::opts;

#[test]
fn smoke_every_named_map_starts_and_plays() {
    for (name, _) in NAMED_MAPS {
        let game = Yama::new(&opts(&format!("map={name}")), 1);
        println!("{}", game.write_position());
        let report = selfplay::<Yama>(&opts(&format!("map={name}")), 20, 7, 300);
        println!("{name}: {report:?}");
    }
}
