//! The search tree of one game: an arena of nodes, the root's position, and one iteration of
//! select → expand → back up (see the module documentation of [`crate::search`]).

use engine::{Rng, Seat};

use super::node::Node;
use crate::eval::{values, values_in_search, Evaluate, Values};

/// The exploration constant of UCT for values in `0..=1`.
const EXPLORATION: f32 = 0.35;
/// A value this close to 1 is a win.
const WIN: f32 = 0.999;
/// The most nodes a tree may hold (at most about 130 MB for the largest action type); past
/// it the search stops growing.
pub const MAX_NODES: usize = 2_000_000;

/// A search tree rooted at a position; the root moves down as actions are chosen.
#[derive(Debug)]
pub struct Tree<G: Evaluate> {
    state: G,
    nodes: Vec<Node<G::Action>>,
    root: usize,
    rng: Rng,
    path: Vec<usize>,
    greedy: bool,
}

impl<G: Evaluate> Tree<G> {
    /// A tree for `game`; `seed` breaks ties between equally scored actions.
    pub fn new(game: &G, seed: u64) -> Tree<G> {
        let over = game.outcome().is_some();
        let root = Node::new(None, game.to_act().filter(|_| !over), values(game), over);
        Tree {
            state: game.clone(),
            nodes: vec![root],
            root: 0,
            rng: Rng::new(seed),
            path: Vec::new(),
            greedy: false,
        }
    }

    /// The same tree, keeping only the evaluation's best action where the game says a
    /// one-action look-ahead is enough ([`Evaluate::greedy_here`]).
    pub fn greedy_phases(mut self, greedy: bool) -> Tree<G> {
        self.greedy = greedy;
        self
    }

    /// The position at the root.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The root's children: the actions from the root position and what is known of each.
    /// Empty until the first iteration has expanded the root.
    pub fn children(&self) -> &[Node<G::Action>] {
        &self.nodes[self.nodes[self.root].child_range()]
    }

    /// The root node.
    pub fn root(&self) -> &Node<G::Action> {
        &self.nodes[self.root]
    }

    /// Whether the root's value is known exactly (nothing left to search).
    pub fn is_solved(&self) -> bool {
        self.nodes[self.root].proven.is_some()
    }

    /// Plays the root's `index`-th child: it becomes the root, keeping what was learnt below it.
    pub fn advance(&mut self, index: usize) {
        let child = self.nodes[self.root].child_range().nth(index).expect("a child of the root");
        let action = self.nodes[child].action.clone().expect("children have actions");
        self.state.apply(&action).expect("listed actions are legal");
        self.root = child;
    }

    /// One iteration. Returns `false` when the tree is full or solved (more iterations change
    /// nothing).
    pub fn iterate(&mut self) -> bool {
        if self.nodes.len() >= MAX_NODES || self.is_solved() {
            return false;
        }
        let mut state = self.state.clone();
        self.path.clear();
        let mut node = self.root;
        self.path.push(node);
        let value = loop {
            if let Some(v) = self.nodes[node].proven {
                break v;
            }
            if !self.nodes[node].is_expanded() {
                break self.expand(node, &state);
            }
            node = self.select(node);
            let action = self.nodes[node].action.as_ref().expect("children have actions");
            state.apply(action).expect("listed actions are legal");
            self.path.push(node);
        };
        for &n in &self.path {
            let n = &mut self.nodes[n];
            n.visits += 1;
            for (s, v) in n.sum.iter_mut().zip(value) {
                *s += v;
            }
        }
        self.propagate_proofs();
        true
    }

    /// The child of `node` with the best upper confidence bound for `node`'s seat.
    fn select(&self, node: usize) -> usize {
        let parent = &self.nodes[node];
        let seat = parent.seat.expect("an expanded node has a seat");
        let log = (parent.visits as f32).ln();
        let mut best = (f32::MIN, parent.first_child as usize);
        for i in parent.child_range() {
            let child = &self.nodes[i];
            let bound = child.mean(seat) + EXPLORATION * (log / child.visits as f32).sqrt();
            if bound > best.0 {
                best = (bound, i);
            }
        }
        best.1
    }

    /// Creates and scores every child of `node`; returns the value to back up: the best
    /// child's for `node`'s seat, or the exact value when `node` is proven by them.
    fn expand(&mut self, node: usize, state: &G) -> Values {
        let Some(seat) = self.nodes[node].seat else { return self.nodes[node].means() };
        let actions = state.legal_actions();
        if actions.is_empty() {
            let value = self.nodes[node].means();
            self.nodes[node].proven = Some(value);
            return value;
        }
        let mut children: Vec<(f32, Node<G::Action>)> = actions
            .into_iter()
            .map(|action| {
                let mut next = state.clone();
                next.apply(&action).expect("listed actions are legal");
                let over = next.outcome().is_some();
                let value = values_in_search(&next, self.greedy);
                let jitter = (self.rng.below(1024) as f32) * 1e-7;
                let seat_next = next.to_act().filter(|_| !over);
                (value[seat.index()] + jitter, Node::new(Some(action), seat_next, value, over))
            })
            .collect();
        children.sort_by(|a, b| b.0.total_cmp(&a.0));
        if self.greedy && state.greedy_here() {
            children.truncate(1);
        }
        let first = self.nodes.len();
        let count = children.len();
        self.nodes.extend(children.into_iter().map(|(_, child)| child));
        let n = &mut self.nodes[node];
        n.first_child = first as u32;
        n.children = count as u32;
        self.prove(node, seat);
        match self.nodes[node].proven {
            Some(v) => v,
            None => self.best_child_values(node, seat),
        }
    }

    /// The mean values of the child best for `seat`.
    fn best_child_values(&self, node: usize, seat: Seat) -> Values {
        self.nodes[self.nodes[node].child_range()]
            .iter()
            .max_by(|a, b| a.mean(seat).total_cmp(&b.mean(seat)))
            .map(|c| c.means())
            .unwrap_or_else(|| self.nodes[node].means())
    }

    /// Marks `node` proven when a child wins for its seat, or when every child is proven.
    fn prove(&mut self, node: usize, seat: Seat) {
        let children = &self.nodes[self.nodes[node].child_range()];
        let win = children.iter().find_map(|c| c.proven.filter(|v| v[seat.index()] >= WIN));
        let proven = win.or_else(|| {
            children.iter().all(|c| c.proven.is_some()).then(|| {
                children
                    .iter()
                    .filter_map(|c| c.proven)
                    .max_by(|a, b| a[seat.index()].total_cmp(&b[seat.index()]))
                    .expect("an expanded node has children")
            })
        });
        if proven.is_some() {
            self.nodes[node].proven = proven;
        }
    }

    /// After an iteration: a node proven on the path may prove its parents in turn.
    fn propagate_proofs(&mut self) {
        for i in (1..self.path.len()).rev() {
            let (parent, child) = (self.path[i - 1], self.path[i]);
            if self.nodes[child].proven.is_none() || self.nodes[parent].proven.is_some() {
                return;
            }
            let Some(seat) = self.nodes[parent].seat else { return };
            self.prove(parent, seat);
            if self.nodes[parent].proven.is_none() {
                return;
            }
        }
    }
}
