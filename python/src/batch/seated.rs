//! The games of `ReversiVectorEnv`: in each game the agent has a seat and an
//! opponent plays the others in Rust, so that one call steps every game to the
//! agent's next turn.
//!
//! The same typed positions and kernel as `VecEnv`'s games ([`Games`]), and the
//! same observation planes and masks, written straight into the numpy buffers;
//! what this adds is the seat, the opponent and Gymnasium's autoreset modes.

use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::playout::uniform_below;
use reversi::{AnyPosition, Color, Move, Outcome, Position, Rules, SearchPosition, Spot};
use reversi_engine::bot::{greedy_move, Bot};

use reversi::layout::Bits;

use super::{nth_bit, on_fastest, Cell, Games, Make, ObsOut};

/// Who plays the seats that are not the agent's.
pub enum Opponent {
    /// A legal move drawn uniformly.
    Random,
    /// The move that flips the most discs (the fewest in Anti-Reversi), ties
    /// drawn uniformly: the engine crate's `greedy`, on the batch's positions.
    Greedy,
    /// Nobody: the agent plays every seat, and sees and is rewarded as the
    /// player who moves.
    SelfPlay,
    /// A bot of the engine crate, which was checked to play the rules.
    Bot(std::sync::Mutex<Box<dyn Bot + Send>>),
}

/// When a game that ended starts again: Gymnasium's autoreset modes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Autoreset {
    /// At the next step, which ignores the game's action.
    NextStep,
    /// At once: the step returns the new game's observation, and the last one
    /// of the game that ended beside it.
    SameStep,
    /// When `reset` names it; a step before then is refused.
    Disabled,
}

/// The agent's seat: the same in every game, or drawn for each game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seats {
    Fixed(u8),
    Random,
}

/// How the games are played.
pub struct Setup {
    pub rules: Rules,
    /// Whether each game is played on 1 to 4 squares blocked at random, drawn
    /// anew for each game.
    pub random_blocked: bool,
    pub seats: Seats,
    pub opponent: Opponent,
    pub autoreset: Autoreset,
}

/// The memory of a step's result arrays: `rewards` and `terminated` hold
/// zeros; every element of `masks` and `obs` is written, and of `final_obs` the
/// rows of the games that ended (with [`Autoreset::SameStep`]; else it is
/// [`ObsOut::Off`]).
pub struct AgentOut<'a> {
    pub rewards: &'a mut [f32],
    pub terminated: &'a mut [bool],
    pub masks: &'a mut [bool],
    pub obs: ObsOut<'a>,
    pub final_obs: ObsOut<'a>,
}

/// The games of a `ReversiVectorEnv`, whatever their position type.
pub trait AgentBatch: Send + Sync {
    /// Starts again the games that `which` marks (every game when `None`): the
    /// agent's seat and the blocked squares are drawn, and the opponent plays
    /// until the agent's turn. The games that ended in the last step are
    /// forgotten when every game starts again.
    fn reset(&mut self, which: Option<&[bool]>, rng: &mut Xoshiro256PlusPlus)
        -> Result<(), String>;
    /// Whether every action can be played: legal in its game, or in a game
    /// that ended and starts again at this step (whose action is ignored); the
    /// error names the first game whose action cannot.
    fn check(&self, actions: &[i64]) -> Result<(), String>;
    /// Plays the agent's `actions[i]` in game `i`, then the opponent until the
    /// agent's next turn or the end; a game that ended starts again as the
    /// autoreset mode says. The actions were checked ([`AgentBatch::check`]).
    fn step(
        &mut self,
        actions: &[i64],
        rng: &mut Xoshiro256PlusPlus,
        out: AgentOut<'_>,
    ) -> Result<(), String>;
    /// One legal action for the agent in each game, uniformly (the pass in a
    /// game that ended and waits to start again).
    fn sample(&self, rng: &mut Xoshiro256PlusPlus, out: &mut [i64]);
    /// The opponent from now on (a bot seeded anew when the games are).
    fn set_opponent(&mut self, opponent: Opponent);
    /// The agent's legal masks; a game that ended and waits to start again at
    /// the next step has the pass alone (its action is ignored), and one that
    /// waits for `reset` has none.
    fn masks(&self, out: &mut [bool]);
    /// The observation planes of every game from the agent's point of view.
    fn observations(&self, out: ObsOut<'_>);
    /// The agent's seat in each game: the player it sees as (with self-play,
    /// the player to move, or who moved last in a game that ended).
    fn seats(&self, out: &mut [i64]);
    /// Whether each game ended and waits to start again.
    fn ended(&self, out: &mut [bool]);
    /// Game `index`'s rules (its blocked squares included) and line: every
    /// action since its start, the opponent's and the passes too.
    fn game(&self, index: usize) -> (Rules, Vec<u8>);
    /// The games that ended in the last step, by index, with their rules and
    /// whole lines.
    fn finished(&self) -> Vec<(usize, Rules, Vec<u8>)>;
}

/// The games of a `ReversiVectorEnv`: `num_envs` games of `setup`, each at the
/// agent's first turn.
pub fn new(
    setup: Setup,
    num_envs: usize,
    rng: &mut Xoshiro256PlusPlus,
) -> Result<Box<dyn AgentBatch>, String> {
    struct Agent(Setup);
    impl Make for Agent {
        type Out = Box<dyn AgentBatch>;
        fn make<P: SearchPosition + Into<AnyPosition> + Send + Sync + 'static>(
            self,
            games: Games<P>,
        ) -> Box<dyn AgentBatch> {
            let n = games.positions.len();
            let setup = self.0;
            Box::new(Seated {
                games,
                game_rules: vec![setup.rules; n],
                seats: vec![0; n],
                views: vec![0; n],
                ended: vec![false; n],
                lines: vec![Vec::new(); n],
                finished: Vec::new(),
                setup,
            })
        }
    }
    let start = AnyPosition::start(&setup.rules);
    let mut batch = on_fastest(start, num_envs, Agent(setup));
    batch.reset(None, rng)?;
    Ok(batch)
}

struct Seated<P: Position> {
    games: Games<P>,
    setup: Setup,
    /// Each game's rules: the setup's, on its own blocked squares with
    /// `random_blocked`.
    game_rules: Vec<Rules>,
    /// The agent's seat in each game (an index in turn order).
    seats: Vec<u8>,
    /// Whose point of view each game's observation and reward take: the seat,
    /// or with self-play the player to move (who moved last, once it ended).
    views: Vec<u8>,
    /// Whether each game ended and waits to start again.
    ended: Vec<bool>,
    /// Each game's actions since its start.
    lines: Vec<Vec<u8>>,
    /// The games that ended in the last step.
    finished: Vec<(usize, Rules, Vec<u8>)>,
}

impl<P: SearchPosition + Into<AnyPosition> + Send + Sync + 'static> Seated<P> {
    fn self_play(&self) -> bool {
        matches!(self.setup.opponent, Opponent::SelfPlay)
    }

    /// Game `i` starts again, to the agent's first turn.
    fn begin(&mut self, i: usize, rng: &mut Xoshiro256PlusPlus) -> Result<(), String> {
        let games = &mut self.games;
        if self.setup.random_blocked {
            let rules = self
                .setup
                .rules
                .to_builder()
                .build_with_random_blocked(rng)
                .map_err(|e| format!("random_blocked: {e}"))?;
            let start = (games.typed)(&AnyPosition::start(&rules));
            self.game_rules[i] = rules;
            games.starts[i] = start;
            games.start_moves[i] = start.legal_moves();
        }
        games.positions[i] = games.starts[i];
        games.moves[i] = games.start_moves[i];
        self.seats[i] = match self.setup.seats {
            Seats::Fixed(seat) => seat,
            Seats::Random => uniform_below(rng, games.players as u32) as u8,
        };
        self.lines[i].clear();
        self.ended[i] = false;
        self.opponent_plays(i, rng)?;
        self.views[i] = self.view(i);
        Ok(())
    }

    /// Whose point of view game `i`, not over, takes.
    fn view(&self, i: usize) -> u8 {
        if self.self_play() {
            self.games.positions[i].to_move().index() as u8
        } else {
            self.seats[i]
        }
    }

    /// Whether game `i` is over.
    fn over(&self, i: usize) -> bool {
        self.games.moves[i].is_empty() && self.games.positions[i].is_over()
    }

    /// Plays the move at layout bit `spot` (the pass when `None`) in game `i`.
    fn play(&mut self, i: usize, spot: Option<u32>) {
        let games = &mut self.games;
        let position = &games.positions[i];
        let (next, moves, action) = match spot {
            Some(spot) => {
                let spot = Spot::from_bit(spot as usize).expect("a legal move's bit");
                let (next, _, replies) = position.play_unchecked_with_replies(spot);
                (next, replies, games.action(spot.bit() as u32))
            }
            None => {
                let next = position.pass_unchecked();
                (next, next.legal_moves(), games.pass_action())
            }
        };
        games.positions[i] = next;
        games.moves[i] = moves;
        // Actions are below 101.
        self.lines[i].push(action as u8);
    }

    /// The opponent plays game `i` until the agent's turn or the end.
    fn opponent_plays(&mut self, i: usize, rng: &mut Xoshiro256PlusPlus) -> Result<(), String> {
        if self.self_play() {
            return Ok(());
        }
        let seat = usize::from(self.seats[i]);
        while !self.over(i) && self.games.positions[i].to_move().index() != seat {
            let spot = self.opponent_move(i, rng)?;
            self.play(i, spot);
        }
        Ok(())
    }

    /// The opponent's move in game `i`: its layout bit, or `None` for the pass.
    fn opponent_move(
        &mut self,
        i: usize,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Result<Option<u32>, String> {
        let position = &self.games.positions[i];
        let moves = self.games.moves[i];
        if moves.is_empty() {
            return Ok(None);
        }
        let bits = moves.bits();
        match &mut self.setup.opponent {
            Opponent::Random => Ok(Some(nth_bit::<P::Layout>(
                bits,
                uniform_below(rng, bits.count()),
            ))),
            Opponent::Greedy => Ok(Some(greedy_move(position, moves, rng).bit() as u32)),
            Opponent::SelfPlay => unreachable!("self-play has no opponent"),
            Opponent::Bot(bot) => {
                let any: AnyPosition = (*position).into();
                let game = reversi::Game::from_setup(reversi::Setup::from_position(&any))
                    .map_err(|e| format!("game {i}: {e}"))?;
                let bot = bot
                    .get_mut()
                    .map_err(|_| format!("game {i}: the opponent failed"))?;
                let choice = bot
                    .choose_legal(&game)
                    .map_err(|e| format!("game {i}: {e}"))?;
                Ok(match choice.mv {
                    Move::Pass => None,
                    Move::Place(square) => Some(
                        Spot::<P::Layout>::from_square(square)
                            .ok_or_else(|| format!("game {i}: {square} is not on the board"))?
                            .bit() as u32,
                    ),
                })
            }
        }
    }

    /// The reward of game `i`, over, for player `view`.
    fn reward(&self, i: usize, view: u8) -> f32 {
        let colors = Color::in_play(self.games.players as u8);
        match self.games.positions[i].outcome() {
            Some(Outcome::Win(winner)) if winner == colors[usize::from(view)] => 1.0,
            Some(Outcome::Win(_)) => -1.0,
            _ => 0.0,
        }
    }

    fn write_observations<T: Cell>(&self, out: &mut [T]) {
        let len = (self.games.players + 4) * self.games.width * self.games.width;
        for (i, out) in out.chunks_exact_mut(len).enumerate() {
            self.games
                .planes_of(&self.games.positions[i], usize::from(self.views[i]), out);
        }
    }
}

impl<P: SearchPosition + Into<AnyPosition> + Send + Sync + 'static> AgentBatch for Seated<P> {
    fn reset(
        &mut self,
        which: Option<&[bool]>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Result<(), String> {
        if which.is_none() {
            self.finished.clear();
        }
        for i in 0..self.games.positions.len() {
            if which.is_none_or(|which| which[i]) {
                self.begin(i, rng)?;
            }
        }
        Ok(())
    }

    fn step(
        &mut self,
        actions: &[i64],
        rng: &mut Xoshiro256PlusPlus,
        out: AgentOut<'_>,
    ) -> Result<(), String> {
        let autoreset = self.setup.autoreset;
        let mut spots = Vec::with_capacity(actions.len());
        for (i, &action) in actions.iter().enumerate() {
            spots.push(if self.ended[i] {
                None
            } else {
                self.games.check_one(i, action).ok().flatten()
            });
        }
        self.finished.clear();
        let mut final_obs = out.final_obs;
        let obs_len = (self.games.players + 4) * self.games.width * self.games.width;
        for (i, spot) in spots.into_iter().enumerate() {
            if self.ended[i] {
                // NEXT_STEP: the game that ended in the last step starts again.
                self.begin(i, rng)?;
                continue;
            }
            let mover = self.games.positions[i].to_move().index() as u8;
            self.play(i, spot);
            self.opponent_plays(i, rng)?;
            if !self.over(i) {
                self.views[i] = self.view(i);
                continue;
            }
            let view = if self.self_play() {
                mover
            } else {
                self.seats[i]
            };
            out.rewards[i] = self.reward(i, view);
            out.terminated[i] = true;
            self.views[i] = view;
            self.finished
                .push((i, self.game_rules[i], self.lines[i].clone()));
            if autoreset == Autoreset::SameStep {
                let row = i * obs_len..(i + 1) * obs_len;
                let position = self.games.positions[i];
                let view = usize::from(view);
                match &mut final_obs {
                    ObsOut::Float32(o) => self.games.planes_of(&position, view, &mut o[row]),
                    ObsOut::Uint8(o) => self.games.planes_of(&position, view, &mut o[row]),
                    ObsOut::Bool(o) => self.games.planes_of(&position, view, &mut o[row]),
                    ObsOut::Off => {}
                }
                self.begin(i, rng)?;
            } else {
                self.ended[i] = true;
            }
        }
        self.masks(out.masks);
        self.observations(out.obs);
        Ok(())
    }

    fn check(&self, actions: &[i64]) -> Result<(), String> {
        for (i, &action) in actions.iter().enumerate() {
            if self.ended[i] {
                if self.setup.autoreset == Autoreset::Disabled {
                    return Err(format!(
                        "game {i} is over: start it again with reset(options={{\"reset_mask\": ...}}) before stepping it"
                    ));
                }
            } else if self.games.check_one(i, action).is_err() {
                return Err(self.games.refusal(i, 0, action));
            }
        }
        Ok(())
    }

    fn set_opponent(&mut self, opponent: Opponent) {
        self.setup.opponent = opponent;
    }

    fn sample(&self, rng: &mut Xoshiro256PlusPlus, out: &mut [i64]) {
        // A game that ended keeps its last position, which has no move: the pass.
        super::Batch::sample(&self.games, rng, out);
    }

    fn masks(&self, out: &mut [bool]) {
        let len = self.games.board.index_count();
        for (i, out) in out.chunks_exact_mut(len).enumerate() {
            if self.ended[i] {
                out.fill(false);
                out[len - 1] = self.setup.autoreset == Autoreset::NextStep;
            } else {
                self.games.mask_of(self.games.moves[i], out);
            }
        }
    }

    fn observations(&self, out: ObsOut<'_>) {
        match out {
            ObsOut::Float32(out) => self.write_observations(out),
            ObsOut::Uint8(out) => self.write_observations(out),
            ObsOut::Bool(out) => self.write_observations(out),
            ObsOut::Off => {}
        }
    }

    fn seats(&self, out: &mut [i64]) {
        for (view, out) in self.views.iter().zip(out) {
            *out = i64::from(*view);
        }
    }

    fn ended(&self, out: &mut [bool]) {
        out.copy_from_slice(&self.ended);
    }

    fn game(&self, index: usize) -> (Rules, Vec<u8>) {
        (self.game_rules[index], self.lines[index].clone())
    }

    fn finished(&self) -> Vec<(usize, Rules, Vec<u8>)> {
        self.finished.clone()
    }
}
