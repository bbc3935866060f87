use crate::core::{selfplay, Game, GameOptions};
use crate::vorcept::{Vorcept, VorceptOptions};

#[test]
fn smoke() {
    let g = Vorcept::new(&VorceptOptions::default(), 1);
    println!("{}", g.write_position());
    println!("{:?}", g.legal_actions().len());
    for opts in ["", "setup=manual", "size=7,blocks=8", "pylon=off", "size=12,blocks=8,setup=manual"] {
        let o = VorceptOptions::from_text(opts).unwrap();
        let t = std::time::Instant::now();
        let r = selfplay::<Vorcept>(&o, 300, 7, 2000);
        println!("{opts}: {:?} mean {} in {:?}", r.ends, r.mean_length(), t.elapsed());
    }
}
