//! Monte-Carlo tree search (UCT over the library's random playouts), for 2, 3 and
//! 4 players: each player is scored by its own result.

use rand_core::Rng;
use reversi::{playout, Bitboard, Color, Position, Spot};

use super::alphabeta::RootError;
use crate::limits::{Limits, Watch};

/// Playouts between two looks at the clock and the stop flag.
const PLAYOUTS_BETWEEN_LOOKS: u64 = 32;

struct Node<P: Position> {
    pos: P,
    spot: Option<Spot<P::Layout>>,
    parent: usize,
    children: Vec<usize>,
    untried: Bitboard<P::Layout>,
    pass_untried: bool,
    visits: u32,
    /// The sum of the playout rewards of each colour, by colour index.
    reward: [f64; 4],
}

impl<P: Position> Node<P> {
    fn new(pos: P, spot: Option<Spot<P::Layout>>, parent: usize) -> Node<P> {
        let untried = pos.legal_moves();
        Node {
            pass_untried: untried.is_empty() && !pos.is_over(),
            pos,
            spot,
            parent,
            children: Vec::new(),
            untried,
            visits: 0,
            reward: [0.0; 4],
        }
    }
}

/// Each colour's reward for a finished game: the best score (the lowest in
/// Anti-Reversi) shares 1 among those who have it.
fn rewards<P: Position>(end: &P) -> [f64; 4] {
    let scores = end.scores();
    let counts = scores.iter().map(|(_, n)| n);
    let best = if end.anti() {
        counts.min()
    } else {
        counts.max()
    };
    let winners: Vec<Color> = scores
        .iter()
        .filter(|&(_, n)| Some(n) == best)
        .map(|(c, _)| c)
        .collect();
    let mut reward = [0.0; 4];
    for c in &winners {
        reward[c.index()] = 1.0 / winners.len() as f64;
    }
    reward
}

/// UCT from `root` within `limits`, with the exploration constant
/// `exploration`: the most visited move, its mean reward for the mover (from 0
/// to 1), and the playouts run. A playout is the search's node: it runs
/// `limits.nodes` playouts, or until `limits.time` has passed, or until the
/// stop flag is set (looked at every 32 playouts), one playout at least, and
/// one alone when no budget is given (the depth does not apply). Any number of
/// players: each is scored by its own result. A single legal move is returned
/// at once, with no playout run and 0.5 in place of a mean.
/// [`RootError::NoMove`] when `root` has no legal move (the player must pass,
/// or the game is over).
///
/// ```
/// use rand_xoshiro::rand_core::SeedableRng;
/// use reversi::{AnyPosition, Position, PositionVisitor, Rules, Game};
/// use reversi_engine::search::alphabeta::RootError;
/// use reversi_engine::search::mcts::mcts;
/// use reversi_engine::Limits;
///
/// struct Uct;
///
/// impl PositionVisitor for Uct {
///     type Output = Result<String, RootError>;
///     fn visit<P: Position>(self, pos: &P) -> Self::Output {
///         let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
///         let (spot, chance, runs) = mcts(pos, &mut rng, &Limits::default().with_nodes(200), 1.4)?;
///         assert!((0.0..=1.0).contains(&chance) && runs == 200);
///         Ok(spot.square().to_string())
///     }
/// }
///
/// let game = Game::new("octagon, 4 players".parse::<Rules>()?);
/// let square = game.position().visit(Uct)?;
/// assert!(game.is_legal(square.parse::<reversi::Square>()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn mcts<P: Position>(
    root: &P,
    rng: &mut impl Rng,
    limits: &Limits,
    exploration: f64,
) -> Result<(Spot<P::Layout>, f64, u64), RootError> {
    let moves = root.legal_moves();
    match moves.len() {
        0 => return Err(RootError::NoMove),
        1 => return Ok((moves.first().ok_or(RootError::NoMove)?, 0.5, 0)),
        _ => {}
    }
    let me = root.to_move();
    let mut watch = match limits.has_budget() {
        true => Watch::start(limits, PLAYOUTS_BETWEEN_LOOKS),
        false => Watch::start(&limits.clone().with_nodes(1), PLAYOUTS_BETWEEN_LOOKS),
    };
    let mut tree = vec![Node::new(*root, None, usize::MAX)];
    let mut runs: u64 = 0;
    loop {
        if runs > 0 && runs >= watch.next_check && watch.interrupted(runs) {
            break;
        }
        runs += 1;
        // Selection: down through fully expanded nodes.
        let mut node = 0;
        while tree[node].untried.is_empty() && !tree[node].pass_untried {
            if tree[node].children.is_empty() {
                break;
            }
            let mover = tree[node].pos.to_move().index();
            let log_n = f64::from(tree[node].visits).ln();
            // The first child unless another's value is greater, so that a
            // value that compares with nothing (NaN, from an exploration
            // constant of NaN or infinity) still goes down the tree.
            let mut best = (f64::NEG_INFINITY, tree[node].children[0]);
            for &child in &tree[node].children {
                let c = &tree[child];
                let n = f64::from(c.visits);
                let value = c.reward[mover] / n + exploration * (log_n / n).sqrt();
                if value > best.0 {
                    best = (value, child);
                }
            }
            node = best.1;
        }
        // Expansion: one untried move (or the forced pass).
        let pos = tree[node].pos;
        let child = if let Some(spot) = playout::random_spot(tree[node].untried, rng) {
            tree[node].untried.remove(spot);
            Some(Node::new(pos.play_unchecked(spot), Some(spot), node))
        } else if tree[node].pass_untried {
            tree[node].pass_untried = false;
            Some(Node::new(pos.pass_unchecked(), None, node))
        } else {
            None
        };
        if let Some(child) = child {
            tree.push(child);
            let index = tree.len() - 1;
            tree[node].children.push(index);
            node = index;
        }
        // Simulation and backpropagation.
        let reward = rewards(&playout::playout(&tree[node].pos, rng));
        loop {
            let n = &mut tree[node];
            n.visits += 1;
            for (sum, r) in n.reward.iter_mut().zip(reward) {
                *sum += r;
            }
            if n.parent == usize::MAX {
                break;
            }
            node = n.parent;
        }
    }
    // The root has two legal moves or more, and so a placement for a child
    // after the first playout.
    let best = tree[0]
        .children
        .iter()
        .copied()
        .max_by_key(|&c| tree[c].visits)
        .ok_or(RootError::NoMove)?;
    let chance = tree[best].reward[me.index()] / f64::from(tree[best].visits.max(1));
    Ok((tree[best].spot.ok_or(RootError::NoMove)?, chance, runs))
}
