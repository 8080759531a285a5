//! How far a search may go: one configuration that every search of the engine
//! takes (the exact [solver](crate::solver), [alpha-beta](crate::search::alphabeta)
//! and the bots built on them), and the one place where a search decides that a
//! limit has been reached.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use web_time::Instant;

/// Limits on one search; with none set, a search runs to its end (a solve to
/// the end of the game, alpha-beta to the end of the game too, so set a depth
/// or a time there).
///
/// - `depth`: plies from the root. Alpha-beta stops there; the exact solver
///   always searches to the end of the game, so it does not look at it.
/// - `nodes`, `time`: a budget. The solver stops when it is spent
///   ([`Interruption::Nodes`], [`Interruption::Time`]); alpha-beta deepens one
///   ply at a time until it is spent and answers with its deepest finished
///   search.
/// - `stop`: a flag another thread sets to stop the search at once
///   ([`Interruption::Stopped`] from every search).
///
/// ```
/// use std::time::Duration;
/// use reversi_engine::Limits;
///
/// let limits = Limits::default().with_depth(12).with_time(Duration::from_millis(50));
/// assert_eq!((limits.depth, limits.nodes), (Some(12), None));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Search at most this many plies from the root.
    pub depth: Option<u32>,
    /// Stop after about this many nodes: looked at every 4096 nodes (so a
    /// few thousand more), by each thread of a search on its own count.
    pub nodes: Option<u64>,
    /// Stop after about this long.
    pub time: Option<Duration>,
    /// Stop soon after another thread sets this flag.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// These limits, at most `depth` plies deep.
    pub fn with_depth(self, depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..self
        }
    }

    /// These limits, at most about `nodes` nodes.
    pub fn with_nodes(self, nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..self
        }
    }

    /// These limits, at most about `time` long.
    pub fn with_time(self, time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..self
        }
    }

    /// These limits, stopped when another thread sets `stop`.
    pub fn with_stop(self, stop: Arc<AtomicBool>) -> Limits {
        Limits {
            stop: Some(stop),
            ..self
        }
    }

    /// Whether the search has a budget of nodes or time (what makes alpha-beta
    /// deepen one ply at a time).
    pub fn has_budget(&self) -> bool {
        self.nodes.is_some() || self.time.is_some()
    }

    /// Whether the stop flag is set.
    pub fn is_stopped(&self) -> bool {
        is_set(&self.stop)
    }
}

/// A player's clock in a timed game: the time left for the rest of its
/// moves, what each move adds, and how many moves that time is for when it
/// is a period of a few moves (GTP's byo-yomi); what the engine sides of
/// NBoard and GTP give their bot a move's time from.
///
/// ```
/// use std::time::Duration;
/// use reversi_engine::limits::Clock;
///
/// let clock = Clock { left: Duration::from_secs(60), ..Clock::default() };
/// // At the start (60 empty squares, 30 moves to play) about 3 s, near the
/// // end more of what is left, never more than half of it.
/// let early = clock.move_time(60);
/// assert!(early > Duration::from_secs(2) && early < Duration::from_secs(4));
/// assert!(clock.move_time(20) > early && clock.move_time(2) <= Duration::from_secs(30));
/// // Ten moves to play in 20 s: under 2 s each.
/// let period = Clock { left: Duration::from_secs(20), moves: Some(10), ..Clock::default() };
/// assert!(period.move_time(40) <= Duration::from_secs(2));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// The time left.
    pub left: Duration,
    /// The time added after each move.
    pub increment: Duration,
    /// The moves that `left` is for, when it is a period of a few moves; none
    /// for the rest of the game.
    pub moves: Option<u32>,
}

impl Clock {
    /// The time to think about a move with `empties` empty squares on the
    /// board: what is left, less a reserve for the answers' round trips (a
    /// twentieth, at most half a second), shared among the moves still to
    /// play, the last third of which (the solved endgame) count for nothing,
    /// and most of the increment; never more than half of the time left, so
    /// that a move that takes longer than thought does not lose on time.
    pub fn move_time(&self, empties: u32) -> Duration {
        let reserve = (self.left / 20).min(Duration::from_millis(500));
        let usable = self.left.saturating_sub(reserve);
        let share = match self.moves {
            Some(moves) => usable / moves.max(1),
            None => {
                let moves = empties.div_ceil(2).max(1);
                usable / (moves - moves / 3).max(1)
            }
        };
        (share + self.increment * 3 / 4).min(usable / 2)
    }
}

/// Why a search stopped before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Interruption {
    /// The node limit was reached.
    #[error("the node limit was reached")]
    Nodes,
    /// The time limit was reached.
    #[error("the time limit was reached")]
    Time,
    /// The stop flag was set.
    #[error("the search was stopped")]
    Stopped,
}

/// Whether an optional stop flag is set.
pub(crate) fn is_set(stop: &Option<Arc<AtomicBool>>) -> bool {
    stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
}

/// [`Limits`] armed for one search: when to look at them next, and why the
/// search stopped once it has. A search counts its nodes and calls
/// [`Watch::interrupted`] when the count reaches [`Watch::next_check`], one
/// comparison a node on the hot path.
#[derive(Clone, Debug)]
pub(crate) struct Watch {
    /// The node count at which the limits are next looked at.
    pub(crate) next_check: u64,
    /// The node limit (`u64::MAX`: none).
    node_limit: u64,
    /// When to stop, if a time limit is set.
    deadline: Option<Instant>,
    /// Set by another thread to stop the search.
    stop: Option<Arc<AtomicBool>>,
    /// Nodes between two looks at the clock and the flag.
    every: u64,
    /// Why the search stopped, once it has.
    pub(crate) stopped: Option<Interruption>,
}

impl Watch {
    /// `limits` armed now, the clock and the flag looked at every `every`
    /// nodes (and at the first node). A flag already set stops the search at
    /// its first node.
    pub(crate) fn start(limits: &Limits, every: u64) -> Watch {
        let deadline = limits.time.and_then(|t| Instant::now().checked_add(t));
        Watch::new(limits.nodes, deadline, limits.stop.clone(), every)
    }

    /// A watch of a node limit, a deadline and a stop flag.
    pub(crate) fn new(
        nodes: Option<u64>,
        deadline: Option<Instant>,
        stop: Option<Arc<AtomicBool>>,
        every: u64,
    ) -> Watch {
        let node_limit = nodes.unwrap_or(u64::MAX);
        let timed = stop.is_some() || deadline.is_some();
        Watch {
            next_check: if timed { 0 } else { node_limit },
            node_limit,
            deadline,
            stop,
            every,
            stopped: None,
        }
    }

    /// No limit: the search runs to its end.
    pub(crate) fn unlimited() -> Watch {
        Watch::new(None, None, None, u64::MAX)
    }

    /// Whether the search must stop, `nodes` into it: called when `nodes`
    /// reaches [`Watch::next_check`]. Once stopped, every later call says so
    /// at once.
    #[cold]
    #[inline(never)]
    pub(crate) fn interrupted(&mut self, nodes: u64) -> bool {
        if self.stopped.is_none() {
            if nodes >= self.node_limit {
                self.stopped = Some(Interruption::Nodes);
            } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.stopped = Some(Interruption::Time);
            } else if is_set(&self.stop) {
                self.stopped = Some(Interruption::Stopped);
            }
        }
        if self.stopped.is_some() {
            self.next_check = 0;
            return true;
        }
        self.next_check = if self.stop.is_some() || self.deadline.is_some() {
            nodes.saturating_add(self.every).min(self.node_limit)
        } else {
            self.node_limit
        };
        false
    }

    /// Whether the stop flag (not the budget) stopped the search.
    pub(crate) fn cancelled(&self) -> bool {
        self.stopped == Some(Interruption::Stopped)
    }
}
