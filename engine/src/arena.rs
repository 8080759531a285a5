//! Games between built-in bots and outside engines, and their scores: what the
//! `arena` example runs.
//!
//! Fair by construction: each opening (on standard 8×8 one of a set of
//! balanced openings, [`openings::balanced`]; otherwise K seeded random plies,
//! [`Openings`]) is played by every seating: with two players, every ordered pair of players (so colours are
//! swapped); with three or four, every rotation of the players around the table
//! ([`seatings`]). An engine that crashes, hangs past the move time or answers an
//! illegal move loses the game ([`Played::forfeit`] says why); one that never ran
//! (cannot be started, or dies or stays silent before its first answer) is an
//! error, [`ArenaError::EngineNeverRan`], so that no game is scored against it.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::text::ggf::{self, GgfWriteError};
use reversi::text::record::Record;
use reversi::text::result::{Ending, GameResult};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use reversi::{playout, Game, Move, Outcome, PlayError, Rules, RulesBuilder, RulesError};

use crate::bot::{derive_seed, Bot, BotError, Eval, Spec};
use crate::protocol::client::{EngineBot, EngineSpec, StartError};

pub mod openings;

/// Why the arena cannot go on. Each variant shows its inner error's message
/// (and `Game` says whose move it was), without repeating it as a source.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    /// An outside engine never ran (it could not be started, or died or stayed
    /// silent before its first answer): its games cannot be scored.
    #[error(transparent)]
    EngineNeverRan(StartError),
    /// A move the arena itself makes (an opening ply, a forced pass) was
    /// refused: a defect of the arena, never of a player.
    #[error("the arena's own move was refused: {0}")]
    Game(PlayError),
    /// [`Config::ggf`] is set for a game that GGF cannot write.
    #[error(transparent)]
    Ggf(GgfWriteError),
    /// A built-in bot cannot play the game ([`BotError::Players`], refused by
    /// [`Config::new`] and [`Config::check`] before any game; a custom bot
    /// that fails in play is [`ArenaError::BotFailed`]).
    #[error(transparent)]
    Bot(BotError),
    /// A bot gave no move in play, for a reason other than an outside engine's
    /// failure (which is a forfeit): which game, whose bot, and why.
    #[error("game {} ({player}'s move): {error}", .game + 1)]
    BotFailed {
        /// The game's index (shown counted from 1, as the records' `Round`).
        game: usize,
        /// The player's name.
        player: String,
        /// What the bot said.
        error: BotError,
    },
    /// The [`Config`] does not hold together (its fields are public, so it can
    /// be changed after [`Config::new`] checked it; see [`Config::check`]).
    #[error(transparent)]
    Config(#[from] ConfigError),
}

/// Why a [`Config`] (or a table for [`seatings`]) does not hold together.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// Fewer than two players.
    #[error("two or more players are needed ({players} given)")]
    TooFewPlayers {
        /// The players given.
        players: usize,
    },
    /// A table of other than 2, 3 or 4 seats.
    #[error("a table of {seats} seats: a game has 2, 3 or 4 players")]
    Seats {
        /// The seats asked for.
        seats: usize,
    },
    /// More players than a table of three or four seats takes (the rotations
    /// would leave some out).
    #[error("{seats} players: at most {seats} bots and engines ({players} given)")]
    TooManyPlayers {
        /// The players given.
        players: usize,
        /// The table's seats.
        seats: usize,
    },
    /// [`Config::seatings`] is empty.
    #[error("no seatings")]
    NoSeatings,
    /// A seating with a seat count other than the rules' players.
    #[error("seating {seating} has {seats} seats for a game of {players} players")]
    SeatingSize {
        /// The seating's index in [`Config::seatings`].
        seating: usize,
        /// Its seats.
        seats: usize,
        /// The rules' players.
        players: u8,
    },
    /// A seating naming a player that is not in [`Config::players`].
    #[error("seating {seating} names player {player} of {players}")]
    NoSuchPlayer {
        /// The seating's index in [`Config::seatings`].
        seating: usize,
        /// The index it names.
        player: usize,
        /// How many players there are.
        players: usize,
    },
    /// [`Config::random_blocked`] cannot draw blocked squares.
    #[error("random_blocked: {0}")]
    RandomBlocked(RulesError),
    /// [`Config::random_blocked`] is for another number of players than
    /// [`Config::rules`].
    #[error("random_blocked is for {drawn} players, rules for {rules}")]
    RandomBlockedPlayers {
        /// The players of the rules it draws.
        drawn: u8,
        /// The players of [`Config::rules`].
        rules: u8,
    },
    /// [`Openings::Balanced`] for other rules than standard 8×8 Reversi
    /// (`Rules::default()`, no blocked squares drawn).
    #[error(
        "the balanced openings are for standard 8x8 Reversi; other games open with random plies"
    )]
    BalancedOpenings,
    /// An outside engine cannot play the rules ([`EngineSpec::refuses`]).
    #[error("{why}")]
    EngineRefuses {
        /// The engine's name.
        engine: String,
        /// Why, naming the engine.
        why: String,
    },
}

/// For the examples and callers that report errors as text.
impl From<ArenaError> for String {
    fn from(error: ArenaError) -> String {
        error.to_string()
    }
}

/// A participant: a built-in bot, a bot of your own, or an outside engine.
#[derive(Clone, Debug, PartialEq)]
pub enum Player {
    /// A built-in bot.
    Bot(Spec),
    /// A bot of your own, made afresh for each game.
    Custom(CustomBot),
    /// An outside engine, one process per game.
    Engine(EngineSpec),
}

impl Player {
    /// The name in summaries and records.
    pub fn name(&self) -> &str {
        match self {
            Player::Bot(spec) => &spec.name,
            Player::Custom(bot) => &bot.name,
            Player::Engine(spec) => &spec.name,
        }
    }
}

/// What makes a [`CustomBot`] for a game from the game's seed.
type MakeBot = dyn Fn(u64) -> Box<dyn Bot + Send> + Send + Sync;

/// Your own [`Bot`] as an arena player: a name and a function that makes the
/// bot for each game (the arena plays games on several threads, each with its
/// own bots), given a seed derived from [`Config::seed`], the game and the
/// seat, for the bot's random choices.
///
/// The arena does not ask a custom bot which games it plays. In play, a custom
/// bot is held to what an outside engine is: an illegal move, or
/// [`BotError::Engine`], forfeits the game; any other error (such as
/// [`BotError::Players`] for a game it does not play) stops the arena with
/// [`ArenaError::BotFailed`], which names the game and the player. The move
/// time ([`Config::move_time`]) is the outside engines' alone: a custom bot
/// runs in the arena's own threads and takes the time it takes, so a bot that
/// should think for a given time keeps its own clock.
///
/// ```
/// use reversi::{Game, Move, Rules};
/// use reversi_engine::arena::{self, Config, CustomBot, Player};
/// use reversi_engine::bot::{Bot, BotError, Choice, Spec};
///
/// /// Plays the first legal move, in square order.
/// struct First;
///
/// impl Bot for First {
///     fn name(&self) -> &str {
///         "first"
///     }
///
///     fn choose(&mut self, game: &Game) -> Result<Choice, BotError> {
///         let mv = match game.legal_moves().first() {
///             Some(square) => Move::Place(square),
///             None => Move::Pass,
///         };
///         Ok(Choice::new(mv))
///     }
/// }
///
/// let players = vec![
///     Player::Custom(CustomBot::new("first", |_seed| Box::new(First))),
///     Player::Bot(Spec::parse("greedy")?),
/// ];
/// let config = Config::new(players, Rules::default())?;
/// let games = arena::run(&config).map_err(|e| e.to_string())?;
/// let tallies = config.tally(&games);
/// assert_eq!(tallies[0].games(), 2);
/// assert!(games[0].text.contains("first"));
/// # Ok::<(), String>(())
/// ```
#[derive(Clone)]
pub struct CustomBot {
    /// The name in summaries and records.
    pub name: String,
    make: Arc<MakeBot>,
}

impl CustomBot {
    /// The player `name`, whose bot for each game `make` makes from a seed.
    pub fn new(
        name: impl Into<String>,
        make: impl Fn(u64) -> Box<dyn Bot + Send> + Send + Sync + 'static,
    ) -> CustomBot {
        CustomBot {
            name: name.into(),
            make: Arc::new(make),
        }
    }

    /// The bot for a game, its random choices drawn from `seed`.
    pub fn build(&self, seed: u64) -> Box<dyn Bot + Send> {
        (self.make)(seed)
    }
}

impl std::fmt::Debug for CustomBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CustomBot")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Two custom players are equal when they have the same name and the same
/// function (clones of one [`CustomBot`]).
impl PartialEq for CustomBot {
    fn eq(&self, other: &CustomBot) -> bool {
        self.name == other.name && Arc::ptr_eq(&self.make, &other.make)
    }
}

/// What an arena plays: the players, the games and their rules.
///
/// The fields are public, to be changed after [`Config::new`]; [`run`] and
/// [`play`] check again that they hold together ([`ArenaError::Config`]).
#[derive(Clone, Debug)]
pub struct Config {
    /// The players: built-in bots, bots of your own and outside engines.
    pub players: Vec<Player>,
    /// Games to play: game `i` is opening `i / seatings.len()` played by seating
    /// `i % seatings.len()`, so a whole number of rounds of
    /// [`Config::seatings`] (the default, one round) is fair to every player.
    pub games: usize,
    /// Seeds the openings and the bots.
    pub seed: u64,
    /// Whether [`Played::text`] is GGF (one game a line) rather than a record.
    pub ggf: bool,
    /// Whether each move's record keeps the time its player took: from asking
    /// the bot to its answer, so for an outside engine the exchange of the
    /// moves before its search too. Off by default, so that the same
    /// configuration writes the same text; each move's evaluation in discs,
    /// when its player gives one, is always kept.
    pub times: bool,
    /// An engine's time for a move before it forfeits.
    pub move_time: Duration,
    /// How each game opens before the players take over.
    pub openings: Openings,
    /// The `set depth` sent to NBoard engines.
    pub engine_depth: u32,
    /// The rules of every game (without blocked squares when they are drawn).
    pub rules: Rules,
    /// The rules without blocked squares, when each opening draws its own.
    pub random_blocked: Option<RulesBuilder>,
    /// Each seating: the player on each seat, in turn order (see [`seatings`]).
    /// Each has one seat for each of the rules' players, each seat an index
    /// into [`Config::players`].
    pub seatings: Vec<Vec<usize>>,
}

impl Config {
    /// An arena of `players` under `rules`, with the `arena` example's defaults:
    /// one round of seatings, seed 1, record text without times, 5 seconds a
    /// move for engines, the balanced openings on standard 8×8
    /// ([`Openings::Balanced`]) and 4 random plies on other games, `set depth
    /// 8` for NBoard engines. An error when there are fewer than two players, or more than a
    /// table of three or four seats takes, or a player cannot play the game.
    pub fn new(players: Vec<Player>, rules: Rules) -> Result<Config, ArenaError> {
        let seatings = seatings(players.len(), usize::from(rules.players()))?;
        let config = Config {
            players,
            games: seatings.len(),
            seed: 1,
            ggf: false,
            times: false,
            move_time: Duration::from_secs(5),
            openings: if rules == Rules::default() {
                Openings::Balanced
            } else {
                Openings::Random { plies: 4 }
            },
            engine_depth: 8,
            rules,
            random_blocked: None,
            seatings,
        };
        // The players against the rules, as run and play check them again.
        config.check()?;
        Ok(config)
    }

    /// Whether the fields hold together: two or more players, each built-in
    /// bot and outside engine able to play the rules,
    /// [`Config::random_blocked`] for the same number of players as the rules,
    /// and seatings (at least one) of one seat for each of the rules' players,
    /// each naming one of the players; with [`Config::ggf`], rules that GGF can
    /// write. [`run`] and [`play`] check it first.
    pub fn check(&self) -> Result<(), ArenaError> {
        if self.players.len() < 2 {
            return Err(ConfigError::TooFewPlayers {
                players: self.players.len(),
            }
            .into());
        }
        if self.seatings.is_empty() {
            return Err(ConfigError::NoSeatings.into());
        }

        let seats = usize::from(self.rules.players());
        if let Some(builder) = self.random_blocked {
            let drawn = builder
                .build_with_blocked_seed(0)
                .map_err(ConfigError::RandomBlocked)?;
            if drawn.players() != self.rules.players() {
                return Err(ConfigError::RandomBlockedPlayers {
                    drawn: drawn.players(),
                    rules: self.rules.players(),
                }
                .into());
            }
        }
        if self.ggf {
            // What GGF cannot hold is known from the rules, before any game.
            let rules = match self.random_blocked {
                Some(builder) => builder
                    .build_with_blocked_seed(0)
                    .map_err(ConfigError::RandomBlocked)?,
                None => self.rules,
            };
            ggf::write(&Record::new(Game::new(rules))).map_err(ArenaError::Ggf)?;
        }
        for p in &self.players {
            match p {
                Player::Bot(spec) if !spec.supports(self.rules.players()) => {
                    return Err(ArenaError::Bot(BotError::Players {
                        bot: spec.name.clone(),
                        players: self.rules.players(),
                    }))
                }
                Player::Engine(spec) => {
                    if let Some(why) = spec.refuses(&self.rules) {
                        return Err(ConfigError::EngineRefuses {
                            engine: spec.name.clone(),
                            why,
                        }
                        .into());
                    }
                }
                _ => {}
            }
        }
        for (i, seating) in self.seatings.iter().enumerate() {
            if seating.len() != seats {
                return Err(ConfigError::SeatingSize {
                    seating: i,
                    seats: seating.len(),
                    players: self.rules.players(),
                }
                .into());
            }
            if let Some(&p) = seating.iter().find(|&&p| p >= self.players.len()) {
                return Err(ConfigError::NoSuchPlayer {
                    seating: i,
                    player: p,
                    players: self.players.len(),
                }
                .into());
            }
        }
        if self.openings == Openings::Balanced
            && (self.rules != Rules::default() || self.random_blocked.is_some())
        {
            return Err(ConfigError::BalancedOpenings.into());
        }
        Ok(())
    }

    /// Each player's tally from the games `played`.
    pub fn tally<'a>(&self, played: impl IntoIterator<Item = &'a Played>) -> Vec<Tally> {
        let mut tallies = vec![Tally::default(); self.players.len()];
        for game in played {
            for (seat, &p) in game.seating.iter().enumerate() {
                let t = &mut tallies[p];
                match game.results[seat] {
                    SeatResult::Win => t.wins += 1,
                    SeatResult::Draw => t.draws += 1,
                    SeatResult::Loss => t.losses += 1,
                }
            }
        }
        tallies
    }
}

/// Plays every game of `config`, one after another, and returns them in order;
/// the first error (an engine that never ran) stops the arena. [`run_jobs`]
/// plays the same games on several threads.
///
/// ```
/// use reversi::Rules;
/// use reversi_engine::arena::{self, Config, Player};
/// use reversi_engine::bot::Spec;
///
/// let players = vec![
///     Player::Bot(Spec::parse("mobility")?),
///     Player::Bot(Spec::parse("random")?),
/// ];
/// let config = Config::new(players, Rules::default())?;
/// let games = arena::run(&config).map_err(|e| e.to_string())?;
/// assert_eq!(games.len(), 2);
/// let tallies = config.tally(&games);
/// assert_eq!(tallies[0].games() + tallies[1].games(), 4);
/// # Ok::<(), String>(())
/// ```
pub fn run(config: &Config) -> Result<Vec<Played>, ArenaError> {
    run_jobs(config, 1, |_| {})
}

/// [`run`] on `jobs` threads (at least 1), each playing the next game not yet
/// begun: the same games and results for any number of jobs, as each game's
/// opening and seeds come from its index ([`play`]). `each` sees every game as
/// soon as it and all the games before it are played, in order (what a
/// progress display shows, or a file written as it goes). The first error
/// stops the arena: no game is begun after it, and `each` has seen the games
/// before the one that failed.
///
/// ```
/// use reversi::Rules;
/// use reversi_engine::arena::{self, Config, Player};
/// use reversi_engine::bot::Spec;
///
/// let players = vec![
///     Player::Bot(Spec::parse("mobility")?),
///     Player::Bot(Spec::parse("random")?),
/// ];
/// let config = Config { games: 10, ..Config::new(players, Rules::default())? };
/// let mut seen = 0;
/// let games = arena::run_jobs(&config, 2, |_| seen += 1).map_err(|e| e.to_string())?;
/// assert_eq!((games.len(), seen), (10, 10));
/// let texts = |games: &[arena::Played]| games.iter().map(|g| g.text.clone()).collect::<Vec<_>>();
/// assert_eq!(texts(&games), texts(&arena::run(&config).map_err(|e| e.to_string())?));
/// # Ok::<(), String>(())
/// ```
pub fn run_jobs(
    config: &Config,
    jobs: usize,
    mut each: impl FnMut(&Played),
) -> Result<Vec<Played>, ArenaError> {
    config.check()?;
    let mut played = Vec::with_capacity(config.games);
    if jobs <= 1 {
        for index in 0..config.games {
            let game = play(config, index)?;
            each(&game);
            played.push(game);
        }
        return Ok(played);
    }
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    let mut failed = None;
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(config.games) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= config.games || tx.send((index, play(config, index))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        // Taken in game order, whatever order they finish in.
        let mut pending = BTreeMap::new();
        for (index, result) in rx {
            pending.insert(index, result);
            while failed.is_none() {
                match pending.remove(&played.len()) {
                    Some(Ok(game)) => {
                        each(&game);
                        played.push(game);
                    }
                    Some(Err(e)) => {
                        failed = Some(e);
                        next.store(config.games, Ordering::Relaxed);
                    }
                    None => break,
                }
            }
        }
    });
    match failed {
        Some(e) => Err(e),
        None => Ok(played),
    }
}

/// Every seating of `players` players at a table of `seats` seats: with two
/// seats every ordered pair, with three or four every rotation of the players
/// around the table (the first ones again on spare seats); an error when there
/// are fewer than two players, a table of other than 2, 3 or 4 seats, or more
/// players than seats at a table of three or four.
pub fn seatings(players: usize, seats: usize) -> Result<Vec<Vec<usize>>, ConfigError> {
    let n = players;
    if !(2..=4).contains(&seats) {
        return Err(ConfigError::Seats { seats });
    }
    if n < 2 {
        return Err(ConfigError::TooFewPlayers { players });
    }
    if seats == 2 {
        Ok((0..n)
            .flat_map(|a| (0..n).filter(move |&b| b != a).map(move |b| vec![a, b]))
            .collect())
    } else if n <= seats {
        Ok((0..seats)
            .map(|r| (0..seats).map(|s| ((s + r) % seats) % n).collect())
            .collect())
    } else {
        Err(ConfigError::TooManyPlayers { players, seats })
    }
}

/// How a seat did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatResult {
    /// The seat won (or shared nothing: a win is alone at the top).
    Win,
    /// The game was drawn.
    Draw,
    /// The seat lost.
    Loss,
}

/// One game played.
#[derive(Clone, Debug)]
pub struct Played {
    /// The player on each seat.
    pub seating: Vec<usize>,
    /// How each seat did.
    pub results: Vec<SeatResult>,
    /// The game as a record, or a GGF line (see [`Config::ggf`]).
    pub text: String,
    /// The outcome and the discs, as `white B=26 W=38` or `draw B=32 W=32`,
    /// or the forfeit, as `black by forfeit` (two players: the other one wins)
    /// or `red forfeits` (three or four: the others share a draw).
    pub summary: String,
    /// `game N: forfeit: NAME (COLOUR) WHY`, when a player forfeited.
    pub forfeit: Option<String>,
}

/// How the games open before the players take over ([`Config::openings`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Openings {
    /// Seeded random plies, uniform among the legal moves: opening `n`'s are
    /// drawn from the arena's seed and `n`. Any rules.
    Random {
        /// The plies.
        plies: u32,
    },
    /// The shipped balanced openings of standard 8×8 ([`openings::balanced`]):
    /// opening `n` is the set's opening `(s + n) mod len`, `s` drawn from
    /// the arena's seed, so that no opening repeats before the whole set is
    /// played.
    Balanced,
}

/// The game's opening: the rules (with its blocked squares, when drawn per
/// opening) and the plies of [`Config::openings`], the same for every seating.
pub fn opening(config: &Config, number: usize) -> Result<Game, ArenaError> {
    let plies = match config.openings {
        Openings::Random { plies } => plies,
        Openings::Balanced => {
            let set = openings::balanced();
            let first = derive_seed(config.seed, 0, 0) as usize % set.len();
            return Ok(set[(first + number) % set.len()].game());
        }
    };
    let seed = derive_seed(config.seed, number as u64, 1);
    let rules = match config.random_blocked {
        Some(builder) => builder
            .build_with_blocked_seed(seed)
            .map_err(ConfigError::RandomBlocked)?,
        None => config.rules,
    };
    let mut game = Game::new(rules);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        let moves = game.legal_moves();
        let mv = match moves.len() {
            0 => Move::Pass,
            n => Move::Place(
                moves
                    .iter()
                    .nth(playout::uniform_below(&mut rng, n as u32) as usize)
                    .expect("n moves"),
            ),
        };
        game.play(mv).map_err(ArenaError::Game)?;
    }
    Ok(game)
}

/// Plays game `index` (from 0) of `config`: opening `index / seatings`, seating
/// `index % seatings`. The same index gives the same game.
///
/// Outside engines are started before the first move; one that never runs is
/// [`ArenaError::EngineNeverRan`], not a forfeit.
pub fn play(config: &Config, index: usize) -> Result<Played, ArenaError> {
    config.check()?;
    let round = config.seatings.len();
    let seating = config.seatings[index % round].clone();
    let mut game = opening(config, index / round)?;
    // Engines start before the first move (and end when their seat is dropped).
    let mut seats: Vec<Box<dyn Bot + Send>> = Vec::with_capacity(seating.len());
    for (seat, &p) in seating.iter().enumerate() {
        seats.push(match &config.players[p] {
            Player::Bot(spec) => {
                spec.build(derive_seed(config.seed, index as u64, 2 + seat as u64))
            }
            Player::Custom(bot) => {
                bot.build(derive_seed(config.seed, index as u64, 2 + seat as u64))
            }
            Player::Engine(spec) => Box::new(
                EngineBot::start(spec, config.move_time, config.engine_depth)
                    .map_err(ArenaError::EngineNeverRan)?,
            ),
        });
    }
    let mut forfeit = None;
    while !game.is_over() {
        let seat = game.to_move().index();
        if game.must_pass() {
            game.pass().map_err(ArenaError::Game)?;
            continue;
        }
        let asked = Instant::now();
        let answer = seats[seat].choose(&game);
        let took = asked.elapsed();
        let failure = match answer {
            Ok(choice) => match game.play(choice.mv) {
                Ok(_) => {
                    let ply = game.last_move_mut().expect("a move was just played");
                    ply.set_evaluation(choice.eval.and_then(Eval::evaluation));
                    if config.times {
                        ply.set_time(Some(took));
                    }
                    None
                }
                Err(e) => Some(format!("answered {}, which is illegal: {e}", choice.mv)),
            },
            Err(BotError::Engine(why)) => Some(why.to_string()),
            Err(error) => {
                return Err(ArenaError::BotFailed {
                    game: index,
                    player: config.players[seating[seat]].name().to_string(),
                    error,
                })
            }
        };
        if let Some(why) = failure {
            forfeit = Some((seat, why));
            break;
        }
    }
    drop(seats);
    let colors = game.rules().colors();
    let name = |seat: usize| config.players[seating[seat]].name();
    let mut record = Record::new(game.clone());
    let _ = record.set_tag("Event", "arena");
    let _ = record.set_tag("Round", &(index + 1).to_string());
    for (seat, &color) in colors.iter().enumerate() {
        // `Black`/`White`/... in records, `PB`/`PW` in GGF: the writers map them.
        let _ = record.set_player(color, name(seat));
    }
    let (results, summary, forfeit_line) = match forfeit {
        Some((loser, why)) => {
            // The game stopped before its end: the `Termination` tag says why.
            // With two players the other one wins, and the result says so; with
            // three or four nobody has won, so the others share a draw and the
            // record holds no result.
            let others = if colors.len() == 2 {
                SeatResult::Win
            } else {
                SeatResult::Draw
            };
            let summary = if colors.len() == 2 {
                let winner = colors[1 - loser];
                let forfeited = GameResult {
                    outcome: Outcome::Win(winner),
                    scores: None,
                    ending: Ending::Unstated,
                };
                if let Err(e) = record.set_game_result(Some(forfeited)) {
                    eprintln!("arena: game {}: {e}", index + 1);
                }
                format!("{} by forfeit", winner.name())
            } else {
                format!("{} forfeits", colors[loser].name())
            };
            let text = format!("forfeit: {} ({}) {why}", name(loser), colors[loser]);
            let _ = record.set_tag("Termination", &text);
            let results = (0..colors.len())
                .map(|s| if s == loser { SeatResult::Loss } else { others })
                .collect();
            (
                results,
                summary,
                Some(format!("game {}: {text}", index + 1)),
            )
        }
        None => {
            let outcome = game.outcome().expect("the game is over");
            let results = colors
                .iter()
                .map(|&c| match outcome {
                    Outcome::Draw => SeatResult::Draw,
                    Outcome::Win(w) if w == c => SeatResult::Win,
                    Outcome::Win(_) => SeatResult::Loss,
                })
                .collect();
            (results, format!("{outcome} {}", game.scores()), None)
        }
    };
    let text = if config.ggf {
        ggf::write(&record).map_err(ArenaError::Ggf)? + "\n"
    } else {
        record.to_string()
    };
    Ok(Played {
        seating,
        results,
        text,
        summary,
        forfeit: forfeit_line,
    })
}

/// A player's results so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score from 0 to 1: wins and half the draws over the games; 0.5,
    /// even, before any game.
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n),
        }
    }
}

/// The Elo difference for a score `p` (from 0 to 1).
fn elo(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

fn format_elo(value: f64) -> String {
    if value.is_finite() {
        format!("{value:+.0}")
    } else if value > 0.0 {
        "+inf".to_string()
    } else {
        "-inf".to_string()
    }
}

/// The Elo line for two players, from the first one's side: the difference and
/// its 95 % interval, a Wilson score interval on the per-game scores' spread (so
/// that a clean sweep still gets a finite lower bound).
pub fn elo_line(names: [&str; 2], t: &Tally) -> String {
    const Z: f64 = 1.96;
    if t.games() == 0 {
        return format!("elo {} - {}: no games", names[0], names[1]);
    }
    let n = f64::from(t.games());
    let p = t.score();
    let spread = (f64::from(t.wins) * (1.0 - p).powi(2)
        + f64::from(t.draws) * (0.5 - p).powi(2)
        + f64::from(t.losses) * p.powi(2))
        / n;
    let scale = 1.0 + Z * Z / n;
    let centre = (p + Z * Z / (2.0 * n)) / scale;
    let half = Z * (spread / n + Z * Z / (4.0 * n * n)).sqrt() / scale;
    format!(
        "elo {} - {}: {} (95% interval {} to {})",
        names[0],
        names[1],
        format_elo(elo(p)),
        // With no loss (no win) at all the interval is open on that side.
        format_elo(if p == 0.0 {
            elo(0.0)
        } else {
            elo((centre - half).max(0.0))
        }),
        format_elo(if p == 1.0 {
            elo(1.0)
        } else {
            elo((centre + half).min(1.0))
        }),
    )
}
