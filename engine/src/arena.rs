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

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};

    use reversi::Board;

    use super::*;
    use reversi::Move;

    use crate::bot::{Choice, Greedy};

    #[test]
    fn records_keep_the_evaluations_and_the_times_when_asked() {
        let players = vec![
            Player::Bot(Spec::parse("alphabeta:depth=1:solve=6").unwrap()),
            Player::Bot(Spec::parse("mcts:playouts=20").unwrap()),
        ];
        let rules = Rules::builder(Board::Size6).build().unwrap();
        let mut config = Config::new(players, rules).unwrap();
        for ggf in [false, true] {
            config.ggf = ggf;
            for times in [false, true] {
                config.times = times;
                // Game 0: alpha-beta plays Black.
                let played = play(&config, 0).unwrap();
                let record = if ggf {
                    ggf::parse(&played.text).unwrap()
                } else {
                    Record::parse(&played.text).unwrap()
                };
                let opened = opening(&config, 0).unwrap().move_count();
                let plies = &record.game().history()[opened..];
                let black = reversi::Color::Black;
                for ply in plies.iter().filter(|p| p.mv() != Move::Pass) {
                    let alphabeta = ply.color() == black;
                    // Alpha-beta's evaluation in discs; MCTS's chance has no place.
                    assert_eq!(ply.evaluation().is_some(), alphabeta, "{}", played.text);
                    assert_eq!(ply.time().is_some(), times, "{}", played.text);
                }
            }
        }
        // Without times, the same game writes the same text.
        config.times = false;
        assert_eq!(
            play(&config, 1).unwrap().text,
            play(&config, 1).unwrap().text
        );
    }

    #[test]
    fn exact_evaluations_in_records_are_the_final_margin_from_the_movers_side() {
        // Both solve the last 8 empty squares, so from there both play
        // perfectly, and each evaluation is the final margin of its mover.
        let spec = || Player::Bot(Spec::parse("alphabeta:depth=1:solve=8").unwrap());
        let rules = Rules::builder(Board::Size6).build().unwrap();
        let mut config = Config::new(vec![spec(), spec()], rules).unwrap();
        config.games = 8;
        let mut checked = 0;
        for index in 0..config.games {
            let record = Record::parse(&play(&config, index).unwrap().text).unwrap();
            let game = record.game();
            let scores = game.final_scores();
            let margin = |c: reversi::Color| {
                scores.get(c) as i32 - scores.get(c.next(game.rules().players())) as i32
            };
            for ply in game.history() {
                let Some(eval) = ply.evaluation() else {
                    continue;
                };
                if ply.before().empty().len() <= 8 {
                    let expected = reversi::Evaluation::from_millidiscs(1000 * margin(ply.color()));
                    assert_eq!(eval, expected, "{}: {record}", ply.mv());
                    checked += 1;
                }
            }
        }
        assert!(checked >= 8 * 6, "{checked}");
    }

    fn two_bots() -> Vec<Player> {
        vec![
            Player::Bot(Spec::parse("greedy").unwrap()),
            Player::Bot(Spec::parse("random").unwrap()),
        ]
    }

    #[test]
    fn a_config_changed_after_new_is_an_error_not_a_panic() {
        let four = Rules::builder(Board::Octagon).players(4).build().unwrap();
        let mut config = Config::new(two_bots(), Rules::default()).unwrap();
        config.rules = four;
        assert_eq!(
            run(&config).unwrap_err(),
            ArenaError::Config(ConfigError::SeatingSize {
                seating: 0,
                seats: 2,
                players: 4
            })
        );
        let mut config = Config::new(two_bots(), Rules::default()).unwrap();
        config.seatings = vec![vec![0, 5]];
        assert_eq!(
            play(&config, 0).unwrap_err().to_string(),
            "seating 0 names player 5 of 2"
        );
        config.seatings.clear();
        assert_eq!(
            run(&config).unwrap_err(),
            ArenaError::Config(ConfigError::NoSeatings)
        );
        let mut config = Config::new(two_bots(), Rules::default()).unwrap();
        config.players.truncate(1);
        assert_eq!(
            run(&config).unwrap_err(),
            ArenaError::Config(ConfigError::TooFewPlayers { players: 1 })
        );
        // Unchanged, it plays.
        let config = Config::new(two_bots(), Rules::default()).unwrap();
        assert_eq!(run(&config).unwrap().len(), 2);
    }

    #[test]
    fn seatings_refuse_tables_that_do_not_exist() {
        assert_eq!(seatings(2, 5), Err(ConfigError::Seats { seats: 5 }));
        assert_eq!(seatings(3, 0), Err(ConfigError::Seats { seats: 0 }));
        assert_eq!(
            seatings(1, 2),
            Err(ConfigError::TooFewPlayers { players: 1 })
        );
        assert_eq!(
            seatings(5, 4),
            Err(ConfigError::TooManyPlayers {
                players: 5,
                seats: 4
            })
        );
        assert_eq!(seatings(2, 2).unwrap(), vec![vec![0, 1], vec![1, 0]]);
        assert_eq!(seatings(2, 3).unwrap().len(), 3);
    }

    /// A custom bot that counts the bots made and plays as greedy does.
    struct Counted(Greedy);

    impl Bot for Counted {
        fn name(&self) -> &str {
            "counted"
        }

        fn choose(&mut self, game: &Game) -> Result<Choice, BotError> {
            self.0.choose(game)
        }
    }

    #[test]
    fn custom_bots_play_each_game_with_a_fresh_bot_and_its_own_seed() {
        static MADE: AtomicU64 = AtomicU64::new(0);
        let seeds = Arc::new(std::sync::Mutex::new(Vec::new()));
        let seen = Arc::clone(&seeds);
        let custom = CustomBot::new("mine", move |seed| {
            MADE.fetch_add(1, Ordering::Relaxed);
            seen.lock().unwrap().push(seed);
            Box::new(Counted(Greedy::new(seed)))
        });
        let players = vec![
            Player::Custom(custom.clone()),
            Player::Bot(Spec::parse("random").unwrap()),
        ];
        assert_eq!(players[0], Player::Custom(custom));
        let mut config = Config::new(players, Rules::default()).unwrap();
        config.games = 4;
        let games = run(&config).unwrap();
        assert_eq!(MADE.load(Ordering::Relaxed), 4);
        let mut seeds = seeds.lock().unwrap().clone();
        seeds.sort_unstable();
        seeds.dedup();
        assert_eq!(seeds.len(), 4, "a seed per game");
        // The record names the player by the custom name, on its seat.
        let first = &games[0];
        assert_eq!(first.seating, vec![0, 1]);
        assert!(first.text.contains("[Black \"mine\"]"), "{}", first.text);
        assert_eq!(config.tally(&games)[0].games(), 4);
    }

    #[test]
    fn a_custom_bot_that_cannot_play_the_game_stops_the_arena() {
        let custom = CustomBot::new("two only", |_| Box::new(crate::bot::AlphaBeta::new(1, 0)));
        let players = vec![
            Player::Custom(custom),
            Player::Bot(Spec::parse("random").unwrap()),
        ];
        let four = Rules::builder(Board::Size8).players(4).build().unwrap();
        let config = Config::new(players, four).unwrap();
        let error = run(&config).unwrap_err();
        assert_eq!(
            error,
            ArenaError::BotFailed {
                game: 0,
                player: "two only".into(),
                error: BotError::Players {
                    bot: "alphabeta".into(),
                    players: 4
                }
            }
        );
        assert_eq!(
            error.to_string(),
            "game 1 (two only's move): alphabeta does not play games of 4 players"
        );
    }

    #[test]
    fn ggf_for_rules_it_cannot_write_is_refused_before_any_game() {
        let free = Rules::builder(Board::Size8)
            .opening(reversi::Opening::Free)
            .build()
            .unwrap();
        let mut config = Config::new(two_bots(), free).unwrap();
        config.ggf = true;
        let error = config.check().unwrap_err();
        assert!(matches!(error, ArenaError::Ggf(_)), "{error:?}");
        assert_eq!(error.to_string(), "GGF cannot express the free opening");
        let mut config = Config::new(two_bots(), Rules::default()).unwrap();
        config.random_blocked = Some(Rules::builder(Board::Size8));
        config.ggf = true;
        assert!(matches!(run(&config), Err(ArenaError::Ggf(_))));
        config.random_blocked = None;
        assert!(run(&config).is_ok());
    }

    #[test]
    fn standard_games_open_with_each_balanced_opening_once_before_any_twice() {
        let mut config = Config::new(two_bots(), Rules::default()).unwrap();
        assert_eq!(config.openings, Openings::Balanced);
        let set = openings::balanced();
        let first = opening(&config, 0).unwrap();
        let at = set
            .iter()
            .position(|o| o.game().position() == first.position())
            .expect("a game opens with an opening of the set");
        let mut seen = std::collections::HashSet::new();
        for n in 0..set.len() {
            let game = opening(&config, n).unwrap();
            assert_eq!(
                game.moves().collect::<Vec<_>>(),
                set[(at + n) % set.len()].moves
            );
            assert!(seen.insert(*game.position()), "opening {n} again");
        }
        assert_eq!(
            opening(&config, set.len()).unwrap().position(),
            first.position()
        );
        // Another seed starts elsewhere in the set.
        config.seed = 2;
        assert_ne!(opening(&config, 0).unwrap().position(), first.position());
        // Each seating of a round plays the same opening.
        config.games = 4;
        let played = run(&config).unwrap();
        let opened = |p: &Played| {
            let record = Record::parse(&p.text).unwrap();
            record.game().moves().take(8).collect::<Vec<_>>()
        };
        assert_eq!(opened(&played[0]), opened(&played[1]));
        assert_ne!(opened(&played[0]), opened(&played[2]));
    }

    #[test]
    fn balanced_openings_are_for_standard_eight_by_eight_only() {
        let six = Rules::builder(Board::Size6).build().unwrap();
        let mut config = Config::new(two_bots(), six).unwrap();
        assert_eq!(config.openings, Openings::Random { plies: 4 });
        config.openings = Openings::Balanced;
        assert_eq!(
            run(&config).unwrap_err(),
            ArenaError::Config(ConfigError::BalancedOpenings)
        );
        let mut config = Config::new(two_bots(), Rules::default()).unwrap();
        config.random_blocked = Some(Rules::builder(Board::Size8));
        assert_eq!(
            config.check().unwrap_err(),
            ArenaError::Config(ConfigError::BalancedOpenings)
        );
        config.openings = Openings::Random { plies: 4 };
        assert!(config.check().is_ok());
    }

    #[test]
    fn no_games_no_elo() {
        let none = Tally::default();
        assert_eq!(none.score(), 0.5);
        assert_eq!(elo_line(["a", "b"], &none), "elo a - b: no games");
    }

    /// A custom bot that passes whatever the game.
    struct Passer;

    impl Bot for Passer {
        fn name(&self) -> &str {
            "passer"
        }

        fn choose(&mut self, _: &Game) -> Result<Choice, BotError> {
            Ok(Choice::new(Move::Pass))
        }
    }

    #[test]
    fn an_illegal_move_in_a_three_player_game_forfeits_without_a_winner() {
        let three = Rules::builder(Board::Size8).players(3).build().unwrap();
        let players = vec![
            Player::Bot(Spec::parse("random").unwrap()),
            Player::Custom(CustomBot::new("passer", |_| Box::new(Passer))),
        ];
        let config = Config::new(players, three).unwrap();
        let games = run(&config).unwrap();
        assert_eq!(games.len(), 3);
        for game in &games {
            // Nobody may pass in three-player games: the passer's first turn
            // ends the game, on whichever seat it sits.
            let loser = game.seating.iter().position(|&p| p == 1).unwrap();
            for (seat, result) in game.results.iter().enumerate() {
                let expected = if seat == loser {
                    SeatResult::Loss
                } else {
                    SeatResult::Draw
                };
                assert_eq!(*result, expected, "{game:?}");
            }
            assert!(game.summary.ends_with(" forfeits"), "{}", game.summary);
            assert!(game.forfeit.as_deref().unwrap().contains("passer"));
        }
    }

    #[test]
    fn a_config_checks_its_players_against_rules_changed_after_new() {
        let players = vec![
            Player::Bot(Spec::parse("alphabeta").unwrap()),
            Player::Bot(Spec::parse("random").unwrap()),
        ];
        let mut config = Config::new(players, Rules::default()).unwrap();
        config.rules = Rules::builder(Board::Size8).players(3).build().unwrap();
        config.seatings = seatings(2, 3).unwrap();
        assert_eq!(
            run(&config).unwrap_err(),
            ArenaError::Bot(BotError::Players {
                bot: "alphabeta".into(),
                players: 3
            })
        );
        let mut config = Config::new(two_bots(), Rules::default()).unwrap();
        config.random_blocked = Some(Rules::builder(Board::Size8).players(4));
        assert_eq!(
            run(&config).unwrap_err(),
            ArenaError::Config(ConfigError::RandomBlockedPlayers { drawn: 4, rules: 2 })
        );
    }
}
