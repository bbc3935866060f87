//! One node of the search tree: the action that led to it and what the search learnt about it.

use engine::Seat;

use crate::eval::Values;

/// A node: the position after `action` from its parent.
#[derive(Clone, Debug)]
pub struct Node<A> {
    /// The action from the parent (`None` for the first root).
    pub action: Option<A>,
    /// The seat to act here; `None` when the game is over.
    pub seat: Option<Seat>,
    /// Visits, the evaluation at creation counting as the first.
    pub visits: u32,
    /// Sum of the values backed up through this node, per seat.
    pub sum: Values,
    /// Index of the first child in the tree's arena, once expanded.
    pub first_child: u32,
    /// Number of children (0 until expanded, and for finished games).
    pub children: u32,
    /// The exact value, once known: a finished game, or proven by the children.
    pub proven: Option<Values>,
}

impl<A> Node<A> {
    /// A fresh node scored `value` by the evaluation.
    pub fn new(action: Option<A>, seat: Option<Seat>, value: Values, proven: bool) -> Node<A> {
        Node {
            action,
            seat,
            visits: 1,
            sum: value,
            first_child: 0,
            children: 0,
            proven: proven.then_some(value),
        }
    }

    /// The mean value for `seat` (exact when proven).
    pub fn mean(&self, seat: Seat) -> f32 {
        match &self.proven {
            Some(v) => v[seat.index()],
            None => self.sum[seat.index()] / self.visits as f32,
        }
    }

    /// The mean values of every seat.
    pub fn means(&self) -> Values {
        self.proven.unwrap_or_else(|| self.sum.map(|x| x / self.visits as f32))
    }

    /// Whether the children exist.
    pub fn is_expanded(&self) -> bool {
        self.children > 0
    }

    /// The range of the children in the arena.
    pub fn child_range(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + self.children as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_stay_small_for_every_game() {
        // The tree's memory bound (MAX_NODES) assumes nodes of at most 64 bytes.
        assert!(std::mem::size_of::<Node<engine::vorcept::VorceptAction>>() <= 64);
        assert!(std::mem::size_of::<Node<engine::yama::YamaAction>>() <= 64);
        assert!(std::mem::size_of::<Node<engine::gridi::GridiAction>>() <= 64);
        assert!(std::mem::size_of::<Node<engine::poi::PoiAction>>() <= 64);
    }
}
