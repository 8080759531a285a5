//! The hot loop of `VecEnv`: many games of one kind stepped on their typed
//! positions and the fastest kernel, with each game's legal moves kept as a
//! bitboard.
//!
//! One dispatch a call: [`new`] picks the position type (two or more players, 8-
//! or 10-wide layout) and the kernel once, and everything below runs
//! monomorphised for them. Legal moves are never listed: a step tests the action's
//! bit, a sample picks the k-th set bit, and the masks and observation planes are
//! written from the bits a row at a time through byte lookup tables, straight
//! into the numpy buffers, with no allocation. Each step's actions are kept, a
//! byte each, long enough to give each game, and each game that ends, whole.

pub mod seated;

use numpy::ndarray::ArrayView2;
use rand_xoshiro::Xoshiro256PlusPlus;
use reversi::kernel::{fastest, Fastest};
use reversi::layout::{Bits, Layout};
use reversi::playout::uniform_below;
use reversi::{
    AnyPosition, Bitboard, Board, Color, Move, Outcome, Position, SearchPosition, Spot, Square,
    SquareSet,
};

/// Where the observations go: the memory of a new numpy array, every element of
/// which is written.
pub enum ObsOut<'a> {
    Float32(&'a mut [f32]),
    Uint8(&'a mut [u8]),
    Bool(&'a mut [bool]),
    Off,
}

/// The memory of a step's result arrays: `rewards` and `terminated` hold zeros;
/// every element of `masks` is written.
pub struct StepOut<'a> {
    pub rewards: &'a mut [f32],
    pub terminated: &'a mut [bool],
    pub masks: &'a mut [bool],
    pub obs: ObsOut<'a>,
}

/// The games of a `VecEnv`, whatever their position type.
pub trait Batch: Send + Sync {
    /// Every game back at `start` (a position of the batch's kind), which each
    /// restarts from when it ends; the lines and the games that ended are
    /// forgotten.
    fn reset(&mut self, start: &AnyPosition);
    /// Game `index` starts again from `start` (a position of the batch's kind,
    /// not over), and restarts from it when it ends, until it is started again;
    /// the other games, and the games that ended in the last step, are untouched.
    fn restart(&mut self, index: usize, start: &AnyPosition);
    /// Game `index` restarts from `start` (a position of the batch's kind, not
    /// over) when it ends, from then on; the game it plays now is untouched.
    fn restart_next_from(&mut self, index: usize, start: &AnyPosition);
    /// Game `index`'s line: the actions played since its start, the passes too.
    fn line(&self, index: usize) -> Vec<u8>;
    /// The games that ended in the last step, by index, each with its whole line.
    fn finished(&self) -> Vec<(usize, Vec<u8>)>;
    /// The index of the player to move in each game.
    fn to_move(&self, out: &mut [i64]);
    /// Each player's disc count in each game, `players` entries a game.
    fn scores(&self, out: &mut [i64]);
    /// Whether every action is legal in its game; the error names the first
    /// game (numbered from `first`) whose action is not.
    fn check(&self, actions: &[i64], first: usize) -> Result<(), String>;
    /// Plays `actions[i]` in game `i`, restarting the games that end (their lines
    /// are kept until the next step, for [`Batch::finished`]); on an illegal
    /// action, no game moves and the error names the game.
    fn step(&mut self, actions: &[i64], out: StepOut<'_>) -> Result<(), String>;
    /// One legal action per game, uniformly.
    fn sample(&self, rng: &mut Xoshiro256PlusPlus, out: &mut [i64]);
    /// One legal action per game, in proportion to `policy` over the legal
    /// actions; an error names the game numbered from `first`.
    fn sample_weighted(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        policy: &ArrayView2<'_, f32>,
        out: &mut [i64],
        first: usize,
    ) -> Result<(), String>;
    /// The legal masks, `width * width + 1` entries a game.
    fn masks(&self, out: &mut [bool]);
    /// The observation planes of every game from its mover's point of view.
    fn observations(&self, out: ObsOut<'_>);
}

/// The games of a batch of `num_envs` games starting at `start`, on the fastest
/// kernel this processor has, split over `threads` threads (at most one a game).
pub fn new(start: AnyPosition, num_envs: usize, threads: usize) -> Box<dyn Batch> {
    let threads = threads.clamp(1, num_envs.max(1));
    if threads == 1 {
        return one(start, num_envs);
    }
    let sizes: Vec<usize> = (0..threads)
        .map(|t| num_envs / threads + usize::from(t < num_envs % threads))
        .collect();
    let width = start.board().width() as usize;
    let players = start.players() as usize;
    Box::new(Threaded {
        parts: sizes.iter().map(|&n| one(start, n)).collect(),
        sizes,
        players,
        actions: start.board().index_count(),
        obs_len: (players + 4) * width * width,
    })
}

/// `position` as the type of `like` (which only names the type): a position of
/// that kind, as VecEnv checks.
fn same_kind<T: TryFrom<AnyPosition>>(_like: &T, position: &AnyPosition) -> T {
    T::try_from(*position)
        .ok()
        .expect("VecEnv checks the rules of a start")
}

/// The games of one thread.
fn one(start: AnyPosition, num_envs: usize) -> Box<dyn Batch> {
    struct Plain;
    impl Make for Plain {
        type Out = Box<dyn Batch>;
        fn make<P: SearchPosition + Into<AnyPosition> + Send + Sync + 'static>(
            self,
            games: Games<P>,
        ) -> Box<dyn Batch> {
            Box::new(games)
        }
    }
    on_fastest(start, num_envs, Plain)
}

/// What is made of the games of a batch once their position type is known.
trait Make {
    type Out;
    fn make<P: SearchPosition + Into<AnyPosition> + Send + Sync + 'static>(
        self,
        games: Games<P>,
    ) -> Self::Out;
}

/// `num_envs` games starting at `start`, on its typed position and the kernel
/// `visit_fastest` chooses (reversi::kernel::fastest), given to `make`: the one
/// dispatch of a batch.
fn on_fastest<M: Make>(start: AnyPosition, num_envs: usize, make: M) -> M::Out {
    macro_rules! on_fastest_kernel {
        ($p:expr) => {{
            let p = $p;
            match fastest() {
                Fastest::Avx512(kernel) => {
                    let typed = move |any: &AnyPosition| same_kind(&p, any).with_kernel(kernel);
                    make.make(Games::new(p.with_kernel(kernel), num_envs, typed))
                }
                Fastest::Avx2(kernel) => {
                    let typed = move |any: &AnyPosition| same_kind(&p, any).with_kernel(kernel);
                    make.make(Games::new(p.with_kernel(kernel), num_envs, typed))
                }
                Fastest::Portable(_) => {
                    let typed = move |any: &AnyPosition| same_kind(&p, any);
                    make.make(Games::new(p, num_envs, typed))
                }
            }
        }};
    }
    match start {
        AnyPosition::TwoPlayer8(p) => on_fastest_kernel!(p),
        AnyPosition::TwoPlayer10(p) => on_fastest_kernel!(p),
        AnyPosition::MultiPlayer8(p) => on_fastest_kernel!(p),
        AnyPosition::MultiPlayer10(p) => on_fastest_kernel!(p),
    }
}

/// The most actions a game on `board` can take: see `Games::line_room`.
pub fn line_room(board: Board) -> usize {
    2 * board.squares().len() + 1
}

/// The games, on one position type.
struct Games<P: Position> {
    /// A position of the batch's kind as `P`, on the batch's kernel.
    typed: Box<dyn Fn(&AnyPosition) -> P + Send + Sync>,
    /// Each game's start, which it restarts from when it ends, and its legal moves.
    starts: Vec<P>,
    start_moves: Vec<Bitboard<P::Layout>>,
    positions: Vec<P>,
    /// Each game's legal moves; empty when the player must pass (a finished game
    /// is never kept: it restarts at once).
    moves: Vec<Bitboard<P::Layout>>,
    /// The actions of the last `line_room` steps, a byte each (they are below
    /// 101; a pass is `width * width`), a row of `positions.len()` a step: step
    /// `s` in row `s % line_room`. Game `i`'s line is column `i` from step
    /// `line_start[i]` on. So a step writes its actions in one run; a line of
    /// each game's own cost a cache line a game at each step, and `step` twice
    /// as much (8x8 without observations: 8%, against 3-4%).
    steps_played: Vec<u8>,
    line_start: Vec<u64>,
    /// The steps since the last reset.
    steps: u64,
    /// The longest line: each placement fills an empty square, and a pass is
    /// never followed by another (after two the game is over), so a game has at
    /// most `2 * squares + 1` actions.
    line_room: usize,
    /// The games that ended in the last step, each with the step its line starts.
    finished: Vec<(usize, u64)>,
    board: Board,
    players: usize,
    width: usize,
    /// For each action below `width * width`, its bit in the layout (`u8::MAX` when
    /// the layout has none).
    spot_of_action: [u8; 100],
    /// For each bit of the layout, its action (`u8::MAX` off the grid).
    action_of_spot: [u8; 128],
    /// The squares of the bounding grid the board lacks (the octagon's corners).
    missing: <P::Layout as Layout>::Bits,
}

impl<P: SearchPosition + Into<AnyPosition> + Send + Sync + 'static> Games<P> {
    fn new(
        start: P,
        num_envs: usize,
        typed: impl Fn(&AnyPosition) -> P + Send + Sync + 'static,
    ) -> Games<P> {
        let board = start.board();
        let width = board.width() as usize;
        let mut spot_of_action = [u8::MAX; 100];
        let mut action_of_spot = [u8::MAX; 128];
        let mut grid = SquareSet::EMPTY;
        for row in 0..width {
            for column in 0..width {
                let square = Square::new(column as u8, row as u8);
                grid.insert(square);
                if let Some(spot) = Spot::<P::Layout>::from_square(square) {
                    let action = row * width + column;
                    spot_of_action[action] = spot.bit() as u8;
                    action_of_spot[spot.bit()] = action as u8;
                }
            }
        }
        let on_board = Bitboard::<P::Layout>::from_squares(board.squares()).bits();
        let missing = Bitboard::<P::Layout>::from_squares(grid).bits() & !on_board;
        let start_moves = start.legal_moves();
        Games {
            typed: Box::new(typed),
            starts: vec![start; num_envs],
            start_moves: vec![start_moves; num_envs],
            positions: vec![start; num_envs],
            moves: vec![start_moves; num_envs],
            steps_played: vec![0; num_envs * line_room(board)],
            line_start: vec![0; num_envs],
            steps: 0,
            line_room: line_room(board),
            finished: Vec::new(),
            board,
            players: start.players() as usize,
            width,
            spot_of_action,
            action_of_spot,
            missing,
        }
    }

    /// The action of a move of the layout.
    #[inline(always)]
    fn action(&self, spot: u32) -> i64 {
        i64::from(self.action_of_spot[spot as usize])
    }

    fn pass_action(&self) -> i64 {
        (self.width * self.width) as i64
    }

    /// Why game `i`'s action is refused, in the rules crate's words, the game
    /// numbered from `first`.
    fn refusal(&self, i: usize, first: usize, action: i64) -> String {
        let count = self.board.index_count();
        let (game, i) = (first + i, i);
        match usize::try_from(action)
            .ok()
            .and_then(|a| Move::from_index(self.board, a))
        {
            None => format!("game {game}: action {action} is not in 0-{}", count - 1),
            Some(mv) => {
                let position: AnyPosition = self.positions[i].into();
                match position.play(mv) {
                    // The rules' message names the square, or says it is a pass.
                    Err(e) => format!("game {game}: {e}"),
                    Ok(_) => format!("game {game}: {mv} is not legal"),
                }
            }
        }
    }

    /// Game `i`'s actions from step `start` to the last: no more than
    /// `line_room`, all still kept.
    fn line_from(&self, i: usize, start: u64) -> Vec<u8> {
        let n = self.positions.len();
        (start..self.steps)
            .map(|s| self.steps_played[(s % self.line_room as u64) as usize * n + i])
            .collect()
    }

    /// The layout bit of `action` if it is legal in game `i`, `None` for the
    /// pass when it is legal; an error otherwise.
    #[inline(always)]
    fn check_one(&self, i: usize, action: i64) -> Result<Option<u32>, ()> {
        let moves = self.moves[i].bits();
        if action == self.pass_action() {
            return if moves.is_empty() { Ok(None) } else { Err(()) };
        }
        let spot = usize::try_from(action)
            .ok()
            .and_then(|a| self.spot_of_action.get(a))
            .copied()
            .filter(|&s| s != u8::MAX && moves.has(u32::from(s)))
            .ok_or(())?;
        Ok(Some(u32::from(spot)))
    }

    fn write_masks<const W: usize>(&self, out: &mut [bool]) {
        let len = W * W + 1;
        for (moves, row) in self.moves.iter().zip(out.chunks_exact_mut(len)) {
            expand_plane::<bool, P::Layout, W>(moves.bits(), &mut row[..W * W]);
            row[W * W] = moves.is_empty();
        }
    }

    fn write_observations<T: Cell, const W: usize>(&self, out: &mut [T]) {
        let len = (self.players + 4) * W * W;
        for (position, out) in self.positions.iter().zip(out.chunks_exact_mut(len)) {
            self.write_planes::<T, W>(position, position.to_move().index(), out);
        }
    }

    /// The observation planes of `position` from player `view`'s point of view
    /// (an index in turn order): their discs, then each next player's, the
    /// Neutral disc, the empty, blocked and missing squares.
    #[inline(always)]
    fn write_planes<T: Cell, const W: usize>(&self, position: &P, view: usize, out: &mut [T]) {
        let colors = Color::in_play(self.players as u8);
        let mut planes = out.chunks_exact_mut(W * W);
        for k in 0..self.players {
            let color = colors[(view + k) % self.players];
            if let Some(p) = planes.next() {
                expand_plane::<T, P::Layout, W>(position.discs(color).bits(), p);
            }
        }
        for bits in [
            position.neutral().bits(),
            position.empty().bits(),
            position.blocked().bits(),
            self.missing,
        ] {
            if let Some(p) = planes.next() {
                expand_plane::<T, P::Layout, W>(bits, p);
            }
        }
    }

    /// [`Games::write_planes`] on the batch's grid width.
    fn planes_of<T: Cell>(&self, position: &P, view: usize, out: &mut [T]) {
        match self.width {
            6 => self.write_planes::<T, 6>(position, view, out),
            8 => self.write_planes::<T, 8>(position, view, out),
            _ => self.write_planes::<T, 10>(position, view, out),
        }
    }

    /// The legal mask of `moves` (of a game whose player must pass when empty),
    /// `width * width + 1` entries.
    fn mask_of(&self, moves: Bitboard<P::Layout>, out: &mut [bool]) {
        let squares = self.width * self.width;
        match self.width {
            6 => expand_plane::<bool, P::Layout, 6>(moves.bits(), &mut out[..squares]),
            8 => expand_plane::<bool, P::Layout, 8>(moves.bits(), &mut out[..squares]),
            _ => expand_plane::<bool, P::Layout, 10>(moves.bits(), &mut out[..squares]),
        }
        out[squares] = moves.is_empty();
    }

    fn observations_of<T: Cell>(&self, out: &mut [T]) {
        match self.width {
            6 => self.write_observations::<T, 6>(out),
            8 => self.write_observations::<T, 8>(out),
            _ => self.write_observations::<T, 10>(out),
        }
    }
}

impl<P: SearchPosition + Into<AnyPosition> + Send + Sync + 'static> Batch for Games<P> {
    fn reset(&mut self, start: &AnyPosition) {
        let start = (self.typed)(start);
        let moves = start.legal_moves();
        self.starts.fill(start);
        self.start_moves.fill(moves);
        self.positions.fill(start);
        self.moves.fill(moves);
        self.line_start.fill(0);
        self.steps = 0;
        self.finished.clear();
    }

    fn restart(&mut self, index: usize, start: &AnyPosition) {
        let start = (self.typed)(start);
        let moves = start.legal_moves();
        self.starts[index] = start;
        self.start_moves[index] = moves;
        self.positions[index] = start;
        self.moves[index] = moves;
        // Its line from now on; a line that ended in the last step keeps its
        // own start in `finished`, and its steps stay in the ring.
        self.line_start[index] = self.steps;
    }

    fn restart_next_from(&mut self, index: usize, start: &AnyPosition) {
        let start = (self.typed)(start);
        self.starts[index] = start;
        self.start_moves[index] = start.legal_moves();
    }

    fn line(&self, index: usize) -> Vec<u8> {
        self.line_from(index, self.line_start[index])
    }

    fn finished(&self) -> Vec<(usize, Vec<u8>)> {
        self.finished
            .iter()
            .map(|&(i, start)| (i, self.line_from(i, start)))
            .collect()
    }

    fn to_move(&self, out: &mut [i64]) {
        for (p, out) in self.positions.iter().zip(out) {
            *out = p.to_move().index() as i64;
        }
    }

    fn scores(&self, out: &mut [i64]) {
        let colors = Color::in_play(self.players as u8);
        for (p, out) in self
            .positions
            .iter()
            .zip(out.chunks_exact_mut(self.players))
        {
            for (&c, out) in colors.iter().zip(out) {
                *out = p.discs(c).len() as i64;
            }
        }
    }

    fn check(&self, actions: &[i64], first: usize) -> Result<(), String> {
        for (i, &action) in actions.iter().enumerate() {
            if self.check_one(i, action).is_err() {
                return Err(self.refusal(i, first, action));
            }
        }
        Ok(())
    }

    fn step(&mut self, actions: &[i64], out: StepOut<'_>) -> Result<(), String> {
        // Every action checked before any game moves.
        self.check(actions, 0)?;
        self.finished.clear();
        let n = self.positions.len();
        let row = (self.steps % self.line_room as u64) as usize * n;
        for (played, &action) in self.steps_played[row..row + n].iter_mut().zip(actions) {
            // A checked action is below 101.
            *played = action as u8;
        }
        self.steps += 1;
        let players = self.players;
        let colors = Color::in_play(players as u8);
        for (i, &action) in actions.iter().enumerate() {
            let position = &self.positions[i];
            let (next, moves) = match self.check_one(i, action) {
                Ok(Some(spot)) => {
                    let spot = Spot::from_bit(spot as usize).expect("a checked move");
                    let (next, _, replies) = position.play_unchecked_with_replies(spot);
                    (next, replies)
                }
                _ => {
                    let next = position.pass_unchecked();
                    (next, next.legal_moves())
                }
            };
            if moves.is_empty() && next.is_over() {
                if let Some(Outcome::Win(winner)) = next.outcome() {
                    for (k, &c) in colors.iter().enumerate() {
                        out.rewards[i * players + k] = if c == winner { 1.0 } else { -1.0 };
                    }
                }
                out.terminated[i] = true;
                self.finished.push((i, self.line_start[i]));
                self.line_start[i] = self.steps;
                self.positions[i] = self.starts[i];
                self.moves[i] = self.start_moves[i];
            } else {
                self.positions[i] = next;
                self.moves[i] = moves;
            }
        }
        self.masks(out.masks);
        self.observations(out.obs);
        Ok(())
    }

    fn sample(&self, rng: &mut Xoshiro256PlusPlus, out: &mut [i64]) {
        let pass = self.pass_action();
        for (moves, out) in self.moves.iter().zip(out) {
            let bits = moves.bits();
            let count = bits.count();
            *out = if count == 0 {
                pass
            } else {
                self.action(nth_bit::<P::Layout>(bits, uniform_below(rng, count)))
            };
        }
    }

    fn sample_weighted(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        policy: &ArrayView2<'_, f32>,
        out: &mut [i64],
        first: usize,
    ) -> Result<(), String> {
        use rand_core::Rng;
        let pass = self.pass_action();
        let weight = |i: usize, a: i64| -> Result<f64, String> {
            let p = policy[[i, a as usize]];
            if p >= 0.0 && p.is_finite() {
                Ok(f64::from(p))
            } else {
                Err(format!(
                    "policy[{}, {a}] is {p}: weights are finite and not negative",
                    first + i
                ))
            }
        };
        for (i, (moves, out)) in self.moves.iter().zip(out.iter_mut()).enumerate() {
            let mut bits = moves.bits();
            if bits.is_empty() {
                weight(i, pass)?;
                *out = pass;
                continue;
            }
            let mut total = 0.0;
            let mut rest = bits;
            while !rest.is_empty() {
                total += weight(i, self.action(rest.lowest()))?;
                rest = rest.without_lowest();
            }
            *out = if total > 0.0 {
                let mut x = (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64) * total;
                let mut chosen = pass;
                while !bits.is_empty() {
                    let a = self.action(bits.lowest());
                    let p = f64::from(policy[[i, a as usize]]);
                    chosen = a;
                    if p > 0.0 && x < p {
                        break;
                    }
                    x -= p;
                    bits = bits.without_lowest();
                }
                chosen
            } else {
                self.action(nth_bit::<P::Layout>(bits, uniform_below(rng, bits.count())))
            };
        }
        Ok(())
    }

    fn masks(&self, out: &mut [bool]) {
        match self.width {
            6 => self.write_masks::<6>(out),
            8 => self.write_masks::<8>(out),
            _ => self.write_masks::<10>(out),
        }
    }

    fn observations(&self, out: ObsOut<'_>) {
        match out {
            ObsOut::Float32(out) => self.observations_of(out),
            ObsOut::Uint8(out) => self.observations_of(out),
            ObsOut::Bool(out) => self.observations_of(out),
            ObsOut::Off => {}
        }
    }
}

/// Games split over threads: each part is stepped and its planes written on a
/// thread of its own, into its own rows of the arrays. The games and the draws
/// are those of one thread: the parts take their draws from the one generator in
/// turn, and a game's course depends only on its actions.
struct Threaded {
    parts: Vec<Box<dyn Batch>>,
    sizes: Vec<usize>,
    players: usize,
    actions: usize,
    obs_len: usize,
}

/// `out` cut into consecutive pieces of `sizes[k] * per` elements.
fn split<'a, T>(mut out: &'a mut [T], sizes: &[usize], per: usize) -> Vec<&'a mut [T]> {
    let mut pieces = Vec::with_capacity(sizes.len());
    for &n in sizes {
        let (head, tail) = std::mem::take(&mut out).split_at_mut(n * per);
        pieces.push(head);
        out = tail;
    }
    pieces
}

impl<'a> ObsOut<'a> {
    fn split(self, sizes: &[usize], per: usize) -> Vec<ObsOut<'a>> {
        match self {
            ObsOut::Float32(out) => split(out, sizes, per)
                .into_iter()
                .map(ObsOut::Float32)
                .collect(),
            ObsOut::Uint8(out) => split(out, sizes, per)
                .into_iter()
                .map(ObsOut::Uint8)
                .collect(),
            ObsOut::Bool(out) => split(out, sizes, per)
                .into_iter()
                .map(ObsOut::Bool)
                .collect(),
            ObsOut::Off => sizes.iter().map(|_| ObsOut::Off).collect(),
        }
    }
}

impl Threaded {
    /// The part that holds game `index`, and the game's index in it.
    fn part_of(&self, mut index: usize) -> (usize, usize) {
        for (k, &n) in self.sizes.iter().enumerate() {
            if index < n {
                return (k, index);
            }
            index -= n;
        }
        panic!("VecEnv checks the game index")
    }
}

impl Batch for Threaded {
    fn reset(&mut self, start: &AnyPosition) {
        for part in &mut self.parts {
            part.reset(start);
        }
    }

    fn restart(&mut self, index: usize, start: &AnyPosition) {
        let (k, index) = self.part_of(index);
        self.parts[k].restart(index, start);
    }

    fn restart_next_from(&mut self, index: usize, start: &AnyPosition) {
        let (k, index) = self.part_of(index);
        self.parts[k].restart_next_from(index, start);
    }

    fn line(&self, index: usize) -> Vec<u8> {
        let (k, index) = self.part_of(index);
        self.parts[k].line(index)
    }

    fn finished(&self) -> Vec<(usize, Vec<u8>)> {
        let mut at = 0;
        let mut all = Vec::new();
        for (part, &n) in self.parts.iter().zip(&self.sizes) {
            all.extend(part.finished().into_iter().map(|(i, line)| (at + i, line)));
            at += n;
        }
        all
    }

    fn to_move(&self, out: &mut [i64]) {
        for (part, out) in self.parts.iter().zip(split(out, &self.sizes, 1)) {
            part.to_move(out);
        }
    }

    fn scores(&self, out: &mut [i64]) {
        for (part, out) in self.parts.iter().zip(split(out, &self.sizes, self.players)) {
            part.scores(out);
        }
    }

    fn check(&self, actions: &[i64], first: usize) -> Result<(), String> {
        let mut at = 0;
        for (part, &n) in self.parts.iter().zip(&self.sizes) {
            part.check(&actions[at..at + n], first + at)?;
            at += n;
        }
        Ok(())
    }

    fn step(&mut self, actions: &[i64], out: StepOut<'_>) -> Result<(), String> {
        // Every action checked before any game moves, in any thread.
        self.check(actions, 0)?;
        let sizes = &self.sizes;
        let mut rewards = split(out.rewards, sizes, self.players).into_iter();
        let mut terminated = split(out.terminated, sizes, 1).into_iter();
        let mut masks = split(out.masks, sizes, self.actions).into_iter();
        let mut obs = out.obs.split(sizes, self.obs_len).into_iter();
        let mut jobs = Vec::with_capacity(sizes.len());
        let mut at = 0;
        for (part, &n) in self.parts.iter_mut().zip(sizes) {
            let out = StepOut {
                rewards: rewards.next().unwrap_or_default(),
                terminated: terminated.next().unwrap_or_default(),
                masks: masks.next().unwrap_or_default(),
                obs: obs.next().unwrap_or(ObsOut::Off),
            };
            jobs.push((part, &actions[at..at + n], out));
            at += n;
        }
        std::thread::scope(|scope| {
            let mut jobs = jobs.into_iter();
            let here = jobs.next();
            let handles: Vec<_> = jobs
                .map(|(part, actions, out)| scope.spawn(move || part.step(actions, out)))
                .collect();
            let mut result = match here {
                Some((part, actions, out)) => part.step(actions, out),
                None => Ok(()),
            };
            for handle in handles {
                let done = handle
                    .join()
                    .unwrap_or_else(|_| Err("a VecEnv thread failed".to_string()));
                result = result.and(done);
            }
            result
        })
    }

    fn sample(&self, rng: &mut Xoshiro256PlusPlus, out: &mut [i64]) {
        for (part, out) in self.parts.iter().zip(split(out, &self.sizes, 1)) {
            part.sample(rng, out);
        }
    }

    fn sample_weighted(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        policy: &ArrayView2<'_, f32>,
        out: &mut [i64],
        first: usize,
    ) -> Result<(), String> {
        let mut at = 0;
        for ((part, out), &n) in self
            .parts
            .iter()
            .zip(split(out, &self.sizes, 1))
            .zip(&self.sizes)
        {
            let rows = policy.slice(numpy::ndarray::s![at..at + n, ..]);
            part.sample_weighted(rng, &rows, out, first + at)?;
            at += n;
        }
        Ok(())
    }

    fn masks(&self, out: &mut [bool]) {
        for (part, out) in self.parts.iter().zip(split(out, &self.sizes, self.actions)) {
            part.masks(out);
        }
    }

    fn observations(&self, out: ObsOut<'_>) {
        let pieces = out.split(&self.sizes, self.obs_len);
        std::thread::scope(|scope| {
            let mut jobs = self.parts.iter().zip(pieces);
            let here = jobs.next();
            for (part, out) in jobs {
                scope.spawn(move || part.observations(out));
            }
            if let Some((part, out)) = here {
                part.observations(out);
            }
        });
    }
}

/// The `k`-th lowest set bit of `bits` (which has more than `k`), a word of 64
/// bits at a time.
#[inline(always)]
fn nth_bit<L: Layout>(bits: L::Bits, k: u32) -> u32 {
    let low = bits.low_u64();
    if L::BITS_USED <= 64 {
        return select(low, k);
    }
    let below = low.count_ones();
    if k < below {
        select(low, k)
    } else {
        64 + select((bits >> 64).low_u64(), k - below)
    }
}

/// The `k`-th lowest set bit of `word` (which has more than `k`): one `pdep` where
/// the processor has BMI2, else clearing the lowest bits one by one.
#[inline(always)]
fn select(word: u64, k: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("bmi2") {
        // SAFETY: the processor has BMI2, checked just above.
        return unsafe { select_bmi2(word, k) };
    }
    let mut rest = word;
    for _ in 0..k {
        rest &= rest - 1;
    }
    rest.trailing_zeros()
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn select_bmi2(word: u64, k: u32) -> u32 {
    // The k-th bit of the mask `word` receives bit k of `1 << k`.
    core::arch::x86_64::_pdep_u64(1u64 << k, word).trailing_zeros()
}

/// An element of a plane: 0 or 1 in the numpy array's type, with the eight cells
/// of each byte's bits in a table.
pub trait Cell: Copy + Send + 'static {
    fn table() -> &'static [[Self; 8]; 256];
}

macro_rules! cell_table {
    ($t:ty, $zero:expr, $one:expr) => {
        impl Cell for $t {
            #[inline(always)]
            fn table() -> &'static [[$t; 8]; 256] {
                static TABLE: [[$t; 8]; 256] = {
                    let mut table = [[$zero; 8]; 256];
                    let mut byte = 0;
                    while byte < 256 {
                        let mut bit = 0;
                        while bit < 8 {
                            if byte >> bit & 1 == 1 {
                                table[byte][bit] = $one;
                            }
                            bit += 1;
                        }
                        byte += 1;
                    }
                    table
                };
                &TABLE
            }
        }
    };
}

cell_table!(f32, 0.0, 1.0);
cell_table!(u8, 0, 1);
cell_table!(bool, false, true);

/// Writes the `W × W` plane of `bits` (a layout's bits, `L::STRIDE` a row) into
/// `out`, a row at a time from the byte tables: every cell, ones and zeros.
#[inline(always)]
fn expand_plane<T: Cell, L: Layout, const W: usize>(bits: L::Bits, out: &mut [T]) {
    let table = T::table();
    for (row, out) in out.chunks_exact_mut(W).enumerate() {
        let row_bits = (bits >> (row as u32 * L::STRIDE)).low_u64();
        let low = &table[(row_bits & 0xff) as usize];
        if W <= 8 {
            out.copy_from_slice(&low[..W]);
        } else {
            out[..8].copy_from_slice(low);
            out[8..].copy_from_slice(&table[(row_bits >> 8 & 0xff) as usize][..W - 8]);
        }
    }
}
