//! Choosing the action to play from a searched root.

use engine::{Rng, Seat};

use crate::search::Node;
use crate::strength::Pick;

/// A value this close to 1 is a proven win.
const WIN: f32 = 0.999;

/// The index of the root child to play for `seat`. A proven win is always taken; otherwise
/// `pick` decides (see [`Pick`]). `children` must not be empty.
pub fn choose<A>(children: &[Node<A>], seat: Seat, pick: Pick, rng: &mut Rng) -> usize {
    if let Some(win) =
        children.iter().position(|c| c.proven.is_some_and(|v| v[seat.index()] >= WIN))
    {
        return win;
    }
    let mut order: Vec<usize> = (0..children.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&children[a], &children[b]);
        b.visits.cmp(&a.visits).then(b.mean(seat).total_cmp(&a.mean(seat)))
    });
    match pick {
        Pick::Best => order[0],
        Pick::Softmax { top, temperature, tolerance } => {
            let best = children[order[0]].mean(seat);
            let candidates: Vec<usize> = order
                .into_iter()
                .take(top.max(1))
                .filter(|&i| children[i].mean(seat) >= best - tolerance)
                .collect();
            let weights: Vec<f64> = candidates
                .iter()
                .map(|&i| f64::from((children[i].mean(seat) - best) / temperature).exp())
                .collect();
            let total: f64 = weights.iter().sum();
            let mut draw = rng.below(1 << 30) as f64 / f64::from(1u32 << 30) * total;
            for (&i, w) in candidates.iter().zip(&weights) {
                if draw < *w {
                    return i;
                }
                draw -= w;
            }
            candidates[0]
        }
    }
}
