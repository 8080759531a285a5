//! Bot specs: `name` or `name:option=value[:option=value…]`, read by
//! [`Spec::parse`] and built by [`Spec::build`].

use std::time::Duration;

use super::*;

/// What `--help` says about the bots.
pub const HELP: &str = "\
Built-in bots (BOT is NAME or NAME:OPTION=VALUE[:OPTION=VALUE...]):
  random      a uniformly random legal move; every variant
  greedy      the move that flips the most discs (the fewest in Anti-Reversi),
              ties drawn at random; every variant
  mobility    one ply: its own mobility against the others' after the move, and
              corners (avoided in Anti-Reversi), ties drawn at random; every variant
  mcts        UCT over random playouts, each player scored by its own result, so it
              plays 2, 3 and 4 players; every variant. Options: playouts=N
              (default 1000), time=MS (think MS milliseconds per move instead:
              not reproducible), c=F (exploration, default 1.4)
  alphabeta   alpha-beta (principal-variation search, a transposition table) on
              a learned evaluation in Reversi without blocked squares
              (patterns for each phase on 8x8, weights of the features on
              6x6, 10x10 and the octagon), on mobility, frontier, corners
              and stable discs elsewhere, then an
              exact solve of the last empty squares; two players only, every
              board and option. Options: depth=N (default 4), solve=N (exact
              from N empty squares, default 12, 20 on time), time=MS (deepen a ply at a
              time for MS milliseconds a move and play the deepest search
              finished; depth is then a cap, none by default; not
              reproducible), threads=N (default 1; more are not reproducible),
              eval=learned|features (default learned where it fits),
              probcut=T (with the patterns, Multi-ProbCut at T spreads;
              default 1 on time, 0 (none) at a fixed depth)";

/// A bot and its settings.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A uniformly random legal move.
    Random,
    /// The most flips (the fewest in Anti-Reversi).
    Greedy,
    /// One ply of mobility and corners.
    Mobility,
    /// Monte-Carlo tree search.
    Mcts {
        /// Playouts per move.
        playouts: u32,
        /// Thinking time per move, instead of a playout count.
        time: Option<Duration>,
        /// The UCT exploration constant.
        exploration: f64,
    },
    /// Alpha-beta with an exact endgame.
    AlphaBeta {
        /// The depth of the midgame search, in plies: with `time`, the
        /// deepest it goes (no limit when not given).
        depth: u32,
        /// The number of empty squares from which the search is exact.
        solve: u32,
        /// Thinking time per move: the search deepens one ply at a time and
        /// plays the deepest search finished in time.
        time: Option<Duration>,
        /// The threads of the search (1: reproducible).
        threads: usize,
        /// Whether a learned evaluation evaluates where one fits (Reversi
        /// without blocked squares), rather than the hand-written features.
        learned: bool,
        /// Multi-ProbCut's cut in spreads with the patterns
        /// ([`AlphaBeta::probcut`]); `None`: the bot's default.
        probcut: Option<f32>,
    },
}

/// A bot as named on a command line.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    /// The name as given (`mcts:playouts=2000`): what summaries and records show.
    pub name: String,
    /// The bot.
    pub kind: Kind,
}

/// Why [`Spec::parse`] refused a bot's text; the message says what was wrong
/// and names the bot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The name is not a built-in bot's.
    #[error("unknown bot {0:?}: expected random, greedy, mobility, mcts or alphabeta")]
    UnknownBot(String),
    /// A part after `:` without `=`.
    #[error("{bot}: expected OPTION=VALUE, not {part:?}")]
    NotAnOption {
        /// The bot's name.
        bot: String,
        /// The part as written.
        part: String,
    },
    /// An option the bot does not have.
    #[error("{bot} has no option {option:?}: {}", match *.takes {
        [] => "it takes none".to_string(),
        [only] => format!("its option is {only}"),
        [.., last] => format!("its options are {} and {last}", .takes[..takes.len() - 1].join(", ")),
    })]
    UnknownOption {
        /// The bot's name.
        bot: String,
        /// The option as written.
        option: String,
        /// The options the bot takes.
        takes: &'static [&'static str],
    },
    /// A value that is not a number, or a number out of the option's range.
    #[error("{bot}: {option}={value:?} {why}")]
    BadValue {
        /// The bot's name.
        bot: String,
        /// The option.
        option: &'static str,
        /// The value as written.
        value: String,
        /// What the value must be.
        why: &'static str,
    },
    /// An option given twice, or two options that exclude each other (MCTS's
    /// `playouts` and `time`): the bot would follow only one of them.
    #[error("{bot}: {option} {}", if .option == .other { "is given twice".to_string() } else { format!("and {} exclude each other: give one", .other) })]
    Conflict {
        /// The bot's name.
        bot: String,
        /// The option.
        option: &'static str,
        /// The option given before it (the same one when it is repeated).
        other: &'static str,
    },
}

/// For the examples and callers that report errors as text.
impl From<SpecError> for String {
    fn from(error: SpecError) -> String {
        error.to_string()
    }
}

/// The value of option `key` of `bot`, a number for which `ok` holds.
fn option<T: std::str::FromStr>(
    bot: &str,
    key: &'static str,
    value: &str,
    ok: impl Fn(&T) -> bool,
    why: &'static str,
) -> Result<T, SpecError> {
    let bad = |why| SpecError::BadValue {
        bot: bot.to_string(),
        option: key,
        value: value.to_string(),
        why,
    };
    let number = value.parse().map_err(|_| {
        bad(if value.contains([',', '=']) {
            "is not a number (options are separated by `:`)"
        } else {
            "is not a number"
        })
    })?;
    if !ok(&number) {
        return Err(bad(why));
    }
    Ok(number)
}

impl Spec {
    /// Reads `name[:option=value...]`.
    pub fn parse(text: &str) -> Result<Spec, SpecError> {
        let mut parts = text.trim().split(':');
        let name = parts.next().unwrap_or_default();
        let mut kind = match name {
            "random" => Kind::Random,
            "greedy" => Kind::Greedy,
            "mobility" => Kind::Mobility,
            "mcts" => Kind::Mcts {
                playouts: 1000,
                time: None,
                exploration: 1.4,
            },
            "alphabeta" => Kind::AlphaBeta {
                depth: 4,
                solve: 12,
                time: None,
                threads: 1,
                learned: true,
                probcut: None,
            },
            _ => return Err(SpecError::UnknownBot(name.to_string())),
        };
        let mut given: Vec<&'static str> = Vec::new();
        for part in parts {
            let (key, value) = part.split_once('=').ok_or_else(|| SpecError::NotAnOption {
                bot: name.to_string(),
                part: part.to_string(),
            })?;
            // `playouts` and `time` are two ways to say how long MCTS thinks.
            let excludes: &[&'static str] = match key {
                "playouts" | "time" => &["playouts", "time"],
                "depth" => &["depth"],
                "solve" => &["solve"],
                "threads" => &["threads"],
                "eval" => &["eval"],
                "probcut" => &["probcut"],
                "c" => &["c"],
                _ => &[],
            };
            if let Some(&other) = given.iter().find(|g| excludes.contains(g)) {
                return Err(SpecError::Conflict {
                    bot: name.to_string(),
                    option: excludes
                        .iter()
                        .find(|&&e| e == key)
                        .copied()
                        .unwrap_or(other),
                    other,
                });
            }
            match (&mut kind, key) {
                (Kind::Mcts { playouts, .. }, "playouts") => {
                    *playouts = option(name, "playouts", value, |&n| n > 0, "must be at least 1")?;
                }
                (Kind::Mcts { time, .. }, "time") => {
                    *time = Some(Duration::from_millis(option(
                        name,
                        "time",
                        value,
                        |_: &u64| true,
                        "",
                    )?))
                }
                (Kind::Mcts { exploration, .. }, "c") => {
                    *exploration = option(
                        name,
                        "c",
                        value,
                        |c: &f64| c.is_finite() && *c >= 0.0,
                        "must be a finite number, 0 or more",
                    )?;
                }
                (Kind::AlphaBeta { depth, .. }, "depth") => {
                    *depth = option(name, "depth", value, |&d| d > 0, "must be at least 1")?;
                }
                (Kind::AlphaBeta { solve, .. }, "solve") => {
                    *solve = option(name, "solve", value, |_: &u32| true, "")?
                }
                (Kind::AlphaBeta { threads, .. }, "threads") => {
                    *threads = option(
                        name,
                        "threads",
                        value,
                        |&n| (1..=256).contains(&n),
                        "must be 1 to 256",
                    )?;
                }
                (Kind::AlphaBeta { learned, .. }, "eval") => {
                    *learned = match value {
                        "learned" => true,
                        "features" => false,
                        _ => {
                            return Err(SpecError::BadValue {
                                bot: name.to_string(),
                                option: "eval",
                                value: value.to_string(),
                                why: "must be learned or features",
                            })
                        }
                    };
                }
                (Kind::AlphaBeta { probcut, .. }, "probcut") => {
                    *probcut = Some(option(
                        name,
                        "probcut",
                        value,
                        |t: &f32| t.is_finite() && *t >= 0.0,
                        "must be a finite number, 0 or more",
                    )?);
                }
                (Kind::AlphaBeta { time, .. }, "time") => {
                    *time = Some(Duration::from_millis(option(
                        name,
                        "time",
                        value,
                        |&ms: &u64| ms > 0,
                        "must be at least 1 (milliseconds)",
                    )?))
                }
                (kind, _) => {
                    return Err(SpecError::UnknownOption {
                        bot: name.to_string(),
                        option: key.to_string(),
                        takes: match kind {
                            Kind::Mcts { .. } => &["playouts", "time", "c"],
                            Kind::AlphaBeta { .. } => {
                                &["depth", "solve", "time", "threads", "eval", "probcut"]
                            }
                            _ => &[],
                        },
                    })
                }
            }
            given.extend(excludes.iter().find(|&&e| e == key));
        }
        // On time, alpha-beta deepens as far as the time allows unless told
        // how deep it may go, and is exact from further back (its solver keeps
        // its table from move to move) unless told where from.
        if let Kind::AlphaBeta {
            depth,
            solve,
            time: Some(_),
            ..
        } = &mut kind
        {
            if !given.contains(&"depth") {
                *depth = u32::MAX;
            }
            if !given.contains(&"solve") {
                *solve = AlphaBeta::SOLVE_ON_TIME;
            }
        }
        Ok(Spec {
            name: text.trim().to_string(),
            kind,
        })
    }

    /// Whether the bot plays games of `players` players.
    pub fn supports(&self, players: u8) -> bool {
        players == 2 || !matches!(self.kind, Kind::AlphaBeta { .. })
    }

    /// The bot, its random choices drawn from `seed`, named by the spec.
    pub fn build(&self, seed: u64) -> Box<dyn Bot + Send> {
        let name = self.name.clone();
        match self.kind {
            Kind::Random => Box::new(Random::new(seed).named(name)),
            Kind::Greedy => Box::new(Greedy::new(seed).named(name)),
            Kind::Mobility => Box::new(Mobility::new(seed).named(name)),
            Kind::Mcts {
                playouts,
                time,
                exploration,
            } => Box::new(
                Mcts::new(seed)
                    .playouts(playouts)
                    .time(time)
                    .exploration(exploration)
                    .named(name),
            ),
            Kind::AlphaBeta {
                depth,
                solve,
                time,
                threads,
                learned,
                probcut,
            } => Box::new(
                AlphaBeta::new(depth, solve)
                    .time(time)
                    .threads(threads)
                    .learned(learned)
                    .probcut(probcut)
                    .named(name),
            ),
        }
    }
}
