//! The searches behind the bots: alpha-beta on an evaluation, and Monte-Carlo
//! tree search. Crate-internal for now: the bots are their public face.

pub(crate) mod alphabeta;
pub(crate) mod eval;
pub(crate) mod mcts;
