//! Monte Carlo tree search over one game's actions, with evaluation at the leaves.
//!
//! The tree's edges are single actions, so a turn of several actions (Vorcept, Yama: two; POI
//! Control: phases) is several levels in a row where the same seat acts; the turn's end is
//! simply where `to_act` changes. Every node keeps one value sum per seat and each node's
//! seat picks the child best for itself (max^n), which is plain UCT in two-seat games and
//! lets any seat of a four-seat POI Control game be searched.
//!
//! - **Expansion** creates every child at once and scores each with the game's static
//!   evaluation ([`crate::eval`]): that score is the child's first visit (its prior) and orders
//!   the children, so the search looks first at what the evaluation likes (move ordering) and
//!   a child the evaluation dislikes is revisited only when the better ones disappoint.
//! - **No random playouts**: the value backed up from a new leaf is its best child's score for
//!   the leaf's seat (a one-ply look-ahead). Random play in these games says little (random
//!   Vorcept players mostly wall in their own Host).
//! - **Proofs** (MCTS-Solver style): a node whose seat has an action that wins at once is
//!   proven a win; a node whose children are all proven takes the best of them. Immediate
//!   wins are therefore always found and taken, and a position where the opponent wins next
//!   turn is seen as lost exactly.
//! - **Determinism**: the tree is a function of the position, the iteration count and the seed
//!   (which breaks ties between equal scores). No clock is read inside; callers stop the
//!   search by count, by a cancel flag, or by a wall-clock cap they check between iterations.

mod node;
mod tree;

pub use node::Node;
pub use tree::Tree;
