//! Prints the root statistics of a search (a tuning aid): `rootstats <game> <position> [iterations]`.
use engine::{Game, GameKind};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = GameKind::parse(&args[1]).unwrap();
    let n: u32 = args.get(3).map_or(10_000, |s| s.parse().unwrap());
    let engine::AnyGame::Poi(g) = engine::AnyGame::from_position(kind, &args[2]).unwrap() else {
        return;
    };
    let seat = g.to_act().unwrap();
    let mut tree = ai::search::Tree::new(&g, 1);
    for _ in 0..n {
        tree.iterate();
    }
    let mut rows: Vec<_> = tree.children().iter().collect();
    rows.sort_by_key(|c| std::cmp::Reverse(c.visits));
    for c in rows.iter().take(12) {
        let mut s = g.clone();
        let a = c.action.clone().unwrap();
        let text = g.write_action(&a);
        s.apply(&a).unwrap();
        println!(
            "{text:>14} visits {:>6} mean {:.3} static {:.3}",
            c.visits,
            c.mean(seat),
            ai::eval::values(&s)[seat.index()]
        );
    }
}
