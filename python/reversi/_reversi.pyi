"""The native module of the reversi package (built from Rust with PyO3)."""

import os
from typing import (
    Any,
    ClassVar,
    Dict,
    Iterable,
    Iterator,
    List,
    Literal,
    Optional,
    Sequence,
    Tuple,
    Type,
    Union,
    final,
)

import numpy as np
import numpy.typing as npt

__all__ = [
    "ReversiError",
    "IllegalMoveError",
    "RulesError",
    "RecordError",
    "SYMMETRIES",
    "Rules",
    "Game",
    "Ply",
    "VecEnv",
    "VectorGames",
    "read_wthor",
    "GameEntry",
    "GameReader",
    "read_games",
    "open_games",
    "wthor_games",
    "wthor_names",
    "WthorHeader",
    "wthor_header",
    "write_wthor",
    "write_wthor_names",
    "random_games",
    "symmetry_permutation",
    "Bot",
    "Choice",
    "solve",
]

SYMMETRIES: List[str]

class ReversiError(ValueError):
    """An error of the reversi library: a refused move, a text that does not read, options the rules do not allow. The message is the Rust library's. Its subclasses IllegalMoveError, RulesError and RecordError say which kind."""

class IllegalMoveError(ReversiError):
    """A move the game refuses: not legal now, not a square of the board, a pass that is not due, or any move once the game is over. The game is unchanged."""

class RulesError(ReversiError):
    """Rules that do not make a game: a rules string that does not read, or options that do not go together (three players on 6x6, a blocked centre square)."""

class RecordError(ReversiError):
    """A record, position string or file that does not read (GGF, OBF, WTHOR, the crate's record format): the message says where."""

@final
class Rules:
    """The options of a game: board, players, Anti-Reversi, opening, handicap and
    blocked squares, checked against the rules.

    ``Rules("octagon, 4 players, anti")`` reads the text the Rust library writes
    and reads; ``Rules(board="octagon", players=4, anti=True)`` builds the same
    rules from keywords. ``Rules()`` is Othello: 8x8, two players. The keywords,
    each optional:

    - ``board``: ``"6x6"``, ``"8x8"`` (the default), ``"10x10"`` or ``"octagon"``;
      ``Rules(board="10x10")``.
    - ``players``: 2 (the default), 3 or 4; ``Rules(board="octagon", players=4)``.
    - ``anti``: the fewest discs win; ``Rules(anti=True)``.
    - ``free_opening``: the centre starts empty and the players fill it first (two
      players); ``Rules(free_opening=True)``.
    - ``handicap``: a colour, then the corners where it starts with a disc (two
      players), named by their squares or as ``top-left`` …;
      ``Rules(handicap="white a1 h8")``, ``Rules(board="octagon", handicap="black
      b2")``.
    - ``blocked``: squares no one may play, a text or a list of names;
      ``Rules(board="10x10", blocked="c1 j4")``, ``Rules(blocked=["a1", "h8"])``.
    - ``blocked_seed``: 1 to 4 blocked squares drawn from this seed (the same
      squares in every version); ``Rules(board="10x10", blocked_seed=7)``.

    Rules the game does not allow, and a text with keywords or ``blocked`` with
    ``blocked_seed``, raise ``ReversiError``.
    """

    def __new__(
        cls,
        text: Optional[str] = None,
        *,
        board: Optional[str] = None,
        players: Optional[int] = None,
        anti: Optional[bool] = None,
        free_opening: Optional[bool] = None,
        handicap: Optional[str] = None,
        blocked: Union[str, Sequence[str], None] = None,
        blocked_seed: Optional[int] = None,
    ) -> Rules: ...
    @property
    def board(self) -> str:
        """The board: ``"6x6"``, ``"8x8"``, ``"10x10"`` or ``"octagon"``."""
    @property
    def players(self) -> int:
        """The number of players, 2 to 4."""
    @property
    def anti(self) -> bool:
        """Whether the fewest discs win (Anti-Reversi)."""
    @property
    def free_opening(self) -> bool:
        """Whether the centre starts empty (two players)."""
    @property
    def handicap(self) -> Optional[str]:
        """The corner handicap as text (``"white top-left bottom-right"``), or None."""
    @property
    def blocked(self) -> List[str]:
        """The blocked squares, by name."""
    @property
    def colors(self) -> List[str]:
        """The colours in turn order (``["black", "white", ...]``)."""
    @property
    def width(self) -> int:
        """The width (and height) of the board's bounding grid: 6, 8 or 10."""
    @property
    def num_actions(self) -> int:
        """The number of actions: ``width * width`` squares, then the pass."""
    @property
    def pass_action(self) -> int:
        """The pass action, ``width * width``."""
    @property
    def observation_shape(self) -> Tuple[int, int, int]:
        """The shape of ``Game.observation()``: ``(players + 4, width, width)``."""
    def action(self, name: str) -> int:
        """The action of a square name (``"f5"`` is 37 on 8x8) or of ``"pass"``. Every
        square of the bounding grid has one, the octagon's cut corners too
        (``"a1"`` is 0 there): their actions are never legal.
        """
    def move_name(self, action: int) -> str:
        """The name of an action: a square name, or ``"pass"``; on the octagon, the
        cut corners' actions name their squares of the grid (0 is ``"a1"``).
        """
    def __eq__(self, value: object, /) -> bool:
        """Return self==value."""
    def __hash__(self) -> int:
        """Return hash(self)."""
    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
        """Helper for pickle."""

_RulesLike = Union[Rules, str, None]
_MoveLike = Union[int, np.integer[Any], str]
_SymmetryLike = Union[int, str]
# The element types of observation planes: a name, a numpy scalar type or dtype.
_ObsDtype = Union[
    Literal["float32", "uint8", "bool"],
    Type[np.float32],
    Type[np.uint8],
    Type[np.bool_],
    np.dtype[np.float32],
    np.dtype[np.uint8],
    np.dtype[np.bool_],
]

@final
class Ply:
    """One move of a game's history: who played it, what, and which discs it flipped."""

    def __new__(
        cls,
        color: str,
        player: int,
        move: str,
        action: int,
        flips: List[str],
        time: Optional[float] = None,
        evaluation: Optional[float] = None,
        comment: Optional[str] = None,
    ) -> Ply: ...
    def __reduce__(
        self,
    ) -> Tuple[
        Any,
        Tuple[
            str,
            int,
            str,
            int,
            List[str],
            Optional[float],
            Optional[float],
            Optional[str],
        ],
    ]:
        """Helper for pickle."""
    def __eq__(self, value: object, /) -> bool:
        """Return self==value."""
    __hash__: ClassVar[None]  # type: ignore[assignment]
    @property
    def color(self) -> str:
        """The colour that moved (``"black"``, ...)."""
    @property
    def player(self) -> int:
        """The player's index in turn order (0 for Black)."""
    @property
    def move(self) -> str:
        """The square's name, or ``"pass"``."""
    @property
    def action(self) -> int:
        """The action number of the move."""
    @property
    def flips(self) -> List[str]:
        """The names of the flipped squares, in board order."""
    @property
    def time(self) -> Optional[float]:
        """The time the move took, in seconds, if the game records it."""
    @property
    def evaluation(self) -> Optional[float]:
        """An engine's evaluation of the move in discs, for the player who moved."""
    @property
    def comment(self) -> Optional[str]:
        """The comment on the move."""

@final
class Game:
    """A game: the rules, the position, and the moves played (with a redo list).

    ``Game(rules)`` starts a game from ``Rules``, a rules text, or Othello when
    omitted. ``play`` takes an action number (``row * width + column``, the pass
    is ``width * width``), a square name such as ``"f5"``, or ``"pass"``.

    Two games are ``==`` when everything a save writes is the same: the rules,
    start and whole line (the moves played and those that can be redone, with
    their times, evaluations and comments), the tags and the result, wherever
    each stands on its line; to compare positions, compare ``hash_key()`` or
    ``observation()``.
    """

    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __new__(cls, rules: _RulesLike = None) -> Game: ...
    @staticmethod
    def load(text: str) -> Game:
        """Reads a game from any text format the library reads: a record, GGF, a
        move list (transcript), a position string or an OBF board.
        """
    @staticmethod
    def from_position(text: str, players: int = 2, anti: bool = False) -> Game:
        """A game from a position string (``"<cells> <to move>"``) with the given
        player count and Anti-Reversi flag.
        """
    def to_record(self) -> str:
        """The game as a record (the library's text format): its tags and result, and
        its whole line (the moves played and those that can be redone) with each
        move's time, evaluation and comment. ``Game.load`` reads it back equal,
        but for the margin a GGF result stated (``RE[+4.000:r]``), which a record
        has no place for (``to_ggf`` and pickling keep it).
        """
    def to_ggf(self) -> str:
        """The game as one GGF line (two players; not with blocked squares or the
        free opening), with each move's time and evaluation; GGF has no place for
        comments.
        """
    def position(self) -> str:
        """The current position as a position string (``"<cells> <to move>"``), what
        ``Game.from_position`` reads.
        """
    @property
    def tags(self) -> Dict[str, str]:
        """The record's tags other than the variant tags and ``Result`` (``Black``,
        ``White``, ``Event``, ``Date``, ...), in the record's order.
        """
    def set_tag(self, name: str, value: str) -> None:
        """Sets a record tag (``Black``, ``Event``, a name of your own: ASCII letters,
        digits and ``_``); a variant tag or ``Result``, or a value with a line
        break, is a ``ReversiError`` and the game is unchanged.
        """
    @property
    def result(self) -> str:
        """The game's result as the record's ``Result`` tag says it: ``"*"`` for none,
        ``"black 33-31"`` for a game over on the board, ``"white by resignation"``,
        ``"black on time"``, ``"black 40-24 by agreement"`` for one stopped early.
        """
    def set_result(self, result: str) -> None:
        """Sets the result from a ``Result`` tag's text (``"*"`` clears it). A result
        that does not fit the game (a winner not in play, scores that make another
        outcome or do not fit on the board, another result than the board's for a
        game over on it) is a ``ReversiError`` and the game is unchanged. A stated
        result belongs to the line it was set for: a move that changes the line
        drops it.
        """
    def set_ply_time(self, index: int, seconds: Optional[float]) -> None:
        """Sets the time move ``index`` of the line took (from 0, in seconds), or
        clears it with None; kept to the nanosecond by records and GGF.
        """
    def set_ply_evaluation(self, index: int, discs: Union[float, Choice, None]) -> None:
        """Sets the evaluation of move ``index`` of the line (from 0): discs for the
        player who moved, to a thousandth, as records and GGF keep it; None clears it.
        A bot's ``Choice`` gives its value when it is in discs (``"exact"`` or
        ``"discs"``); a chance of winning (MCTS) is refused, not written as discs.
        """
    def set_ply_comment(self, index: int, comment: Optional[str]) -> None:
        """Sets the comment on move ``index`` of the line (from 0), or clears it with
        None (or a text that is empty once trimmed).
        """
    @property
    def rules(self) -> Rules:
        """The rules."""
    @property
    def to_move(self) -> int:
        """The index of the player to move in turn order (0 for Black)."""
    @property
    def to_move_color(self) -> str:
        """The colour to move (``"black"``, ``"white"``, ``"red"``, ``"green"``)."""
    @property
    def move_count(self) -> int:
        """The number of moves played (passes included) up to the current position."""
    @property
    def moves(self) -> List[str]:
        """The moves played up to the current position, as names."""
    @property
    def history(self) -> List[Ply]:
        """The moves played up to the current position, with colours and flips."""
    @property
    def redo_moves(self) -> List[str]:
        """The moves undone, that ``redo`` replays in order."""
    def legal_actions(self) -> List[int]:
        """The legal actions in increasing order: ``[pass_action]`` when the player to
        move must pass, ``[]`` when the game is over.
        """
    def legal_moves(self) -> List[str]:
        """The legal moves as names (``"pass"`` when the player must pass)."""
    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """A boolean array of ``num_actions`` entries, true for the legal actions (all
        false once the game is over).
        """
    def is_legal(self, action: _MoveLike) -> bool:
        """Whether the move (action number or name) is legal now."""
    def play(self, action: _MoveLike) -> List[str]:
        """Plays a move: an action number, a square name such as ``"f5"``, or
        ``"pass"``. Returns the names of the flipped squares; raises
        ``ReversiError`` for a move the rules refuse, leaving the game unchanged.
        """
    def undo(self) -> Optional[str]:
        """Takes back the last move; returns its name, or None at the start."""
    def redo(self) -> Optional[str]:
        """Replays the next undone move; returns its name, or None when there is none."""
    def go_to(self, moves: int) -> None:
        """Goes to the position after ``moves`` moves (of the history and redo list)."""
    def is_over(self) -> bool:
        """Whether nobody can move."""
    def must_pass(self) -> bool:
        """Whether the player to move must pass (two players only)."""
    def scores(self) -> List[int]:
        """Each player's disc count, in turn order."""
    def outcome(self) -> Optional[str]:
        """The winner's colour, ``"draw"``, or None while the game goes on."""
    def rewards(self) -> List[float]:
        """One reward per player in turn order: +1 for the winner, -1 for the others,
        0 for everyone on a draw or while the game goes on. With 3 or 4 players,
        when several players tie for the top score (the lowest in Anti-Reversi) the
        game is a draw for everyone, those behind too: all get 0 (RULES.md §9).
        """
    def cell(self, square: _MoveLike) -> Optional[str]:
        """What stands on a square: ``"empty"``, ``"blocked"``, ``"neutral"``, a colour,
        or None for a square the board lacks.
        """
    def observation(self, player: Optional[int] = None) -> npt.NDArray[np.float32]:
        """The position's planes, ``float32`` of shape ``(players + 4, width, width)``,
        from the point of view of ``player`` (an index in turn order; the player to
        move by default): that player's discs, the next players' discs in turn
        order, the Neutral disc, the empty squares, the blocked squares, the squares
        the board lacks.
        """
    def features(self, player: Optional[int] = None) -> Dict[str, int]:
        """The rules library's evaluation features of ``player`` (an index in turn
        order; the player to move by default), counted: ``discs``; ``mobility``
        (the moves the player would have with the turn); ``potential_mobility``
        (empty squares next to another player's disc); ``frontier`` (the player's
        discs next to an empty square); ``stable`` (discs that can never flip
        again, a proven lower bound); ``corners`` and ``edges`` (the player's discs
        on the squares no move can flip, and on the rim of the board, the octagon's
        cut sides and the squares beside a blocked square included);
        ``c_squares`` and ``x_squares`` (the player's discs beside a corner square,
        on the rim and off it: b1 a2 … and b2 g2 b7 g7 on 8x8).
        """
    def hash_key(self) -> int:
        """The position's Zobrist hash key (the Rust library's), as an int."""
    def perft(self, depth: int) -> int:
        """The number of move sequences of ``depth`` moves from here (passes count as moves).
        The count and the time grow about tenfold a ply on 8x8 (perft(11) is
        212,258,800, a fifth of a second on a recent core); Ctrl-C stops the count
        (``KeyboardInterrupt``).
        """
    def transform(self, symmetry: _SymmetryLike) -> Game:
        """A new game that starts at this position seen through a symmetry (an index
        0-7 or a name such as ``"rotate90"``); its history is empty.
        """
    def copy(self) -> Game:
        """A new game equal to this one: the same rules, tags, result and whole line,
        standing at the same move.
        """
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Dict[int, Any]) -> Game: ...
    def __getstate__(self) -> Tuple[str, int, Optional[int]]:
        """Helper for pickle."""
    def __setstate__(self, state: Tuple[str, int, Optional[int]]) -> None: ...
    def __eq__(self, value: object, /) -> bool:
        """Return self==value."""

@final
class VecEnv:
    """``num_envs`` games of the same rules, stepped together in Rust.

    ``step(actions)`` plays one action in every game and returns observations
    ``(num_envs, players + 4, width, width)`` (from each mover's point of view, as
    ``Game.observation``; float32 by default, or the ``obs_dtype`` given: ``"uint8"``
    or ``"bool"`` hold the same 0/1 planes in a quarter of the memory; with
    ``observations=False`` they are skipped, and each call gives an empty
    ``(num_envs, 0, width, width)`` uint8 array in their place), rewards
    ``(num_envs, players)`` float32 indexed by player in turn order (+1 winner, -1
    others; 0 for everyone on a draw, and with 3 or 4 players a tie for the top
    score is a draw for all, those behind too; non-zero only on the step that ends
    a game), terminated flags ``(num_envs,)`` and legal masks ``(num_envs,
    num_actions)``, bool. A finished game starts again at once: the observation
    and mask returned for it are of the new game (never the all-zero mask of a
    game over), and ``finished()`` gives the game that ended, whole, until the
    next step; ``game(i)`` gives game ``i`` with its history. ``reset`` starts
    every game again, or only those of ``indices=``, from the start of the rules
    or from given games (``games=``: openings, positions), which they then
    restart from whenever they end. With ``random_blocked=True`` (rules without
    blocked squares of their own) each game is played on 1 to 4 squares blocked
    at random, as ``Rules(blocked_seed=...)`` draws them, drawn anew for every
    game: at ``reset`` and when a game ends and starts again; ``game(i).rules``
    names them, and the observations' blocked plane shows them. The same seed gives
    the same games. The arrays are new at each call, written in place by Rust
    without the GIL. ``threads`` steps the games and writes their planes on that
    many threads (the games and draws stay those of one thread: the same seed
    gives the same games whatever the count).
    """

    def __new__(
        cls,
        num_envs: int,
        rules: _RulesLike = None,
        seed: Optional[int] = None,
        *,
        obs_dtype: Optional[_ObsDtype] = None,
        observations: bool = True,
        threads: int = 1,
        random_blocked: bool = False,
    ) -> VecEnv: ...
    @property
    def num_envs(self) -> int:
        """The number of games."""
    @property
    def rules(self) -> Rules:
        """The rules of every game, but for the blocked squares, which are each
        game's own with ``random_blocked`` or when games given to ``reset`` have
        others (``game(i).rules`` has them).
        """
    @property
    def num_actions(self) -> int:
        """The number of actions (``width * width + 1``)."""
    @property
    def to_move(self) -> npt.NDArray[np.int64]:
        """The index of the player to move in each game (0 for Black), int64."""
    def reset(
        self,
        seed: Optional[int] = None,
        *,
        indices: Optional[npt.ArrayLike] = None,
        games: Union[Game, Iterable[Game], None] = None,
    ) -> Tuple[npt.NDArray[Any], npt.NDArray[np.bool_]]:
        """Starts games again; returns the observations and legal masks of every game.

        ``indices`` (an int array or list of distinct game indices, as
        ``np.flatnonzero(truncated)`` gives them) starts only those games again
        and leaves the others, and ``finished()``, as they were; by default every
        game starts again and ``finished()`` is emptied. ``games`` gives their
        start: a ``Game`` (each starts from a copy of it) or a sequence of games,
        one for each game started, in the order of ``indices``. A game started
        from a given game starts where that game stands, with its moves:
        ``game(i)`` and ``finished()`` give it whole from the given game's start,
        its moves and their annotations included (not its tags, its stated
        result or the moves it could redo), so that its record replays. When it
        ends in ``step`` it restarts from the given game again, until ``reset``
        gives it another start (by default the start of the rules, or with
        ``random_blocked`` a new draw of blocked squares). The given games have
        the VecEnv's rules, but for their blocked squares, which may be their own,
        and are not over. ``seed`` seeds the random source of ``sample()`` and of
        the blocked squares again, before the games start. Bad ``indices`` or
        ``games`` raise ``ReversiError`` and change nothing.
        """
    def observe(self) -> npt.NDArray[Any]:
        """The current observations."""
    def legal_masks(self) -> npt.NDArray[np.bool_]:
        """The current legal masks."""
    def scores(self) -> npt.NDArray[np.int64]:
        """Each player's disc count in each game, ``(num_envs, players)`` int64."""
    def game(self, index: int) -> Game:
        """The game ``index`` as a ``Game``, with its whole history from its start
        (the passes too): a copy, made again at each call by replaying its moves.
        """
    def finished(self) -> List[Tuple[int, Game]]:
        """The games that ended in the last ``step``, before they started again: a
        list of ``(index, Game)``, each game whole from its start and over, with
        its scores, ``outcome()`` and ``result`` (``"black 40-24"``), to save it
        (``to_record()``, ``write_wthor``) or to read its final margin. Empty
        when no game ended, and after ``reset()`` of every game.
        """
    def step(
        self, actions: npt.ArrayLike
    ) -> Tuple[
        npt.NDArray[Any],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
    ]:
        """Plays ``actions[i]`` in game ``i`` (int array of ``num_envs``). An illegal
        action raises ``IllegalMoveError`` naming the game, and no game moves.
        """
    def sample(self, policy: Optional[npt.ArrayLike] = None) -> npt.NDArray[np.int64]:
        """One legal action per game, drawn in Rust: uniformly, or in proportion to
        ``policy`` (``(num_envs, num_actions)`` weights, renormalised over the legal
        actions; uniform where they sum to zero). Returns int64 ``(num_envs,)``.
        """

@final
class VectorGames:
    """``num_envs`` games in which the agent plays one seat and ``opponent`` the
    others, in Rust: the engine of ``reversi.envs.vector.ReversiVectorEnv``,
    which documents it (use that).
    """

    def __new__(
        cls,
        num_envs: int,
        rules: _RulesLike = None,
        *,
        opponent: str = "random",
        player: Union[int, str, None] = None,
        autoreset: Literal["next_step", "same_step", "disabled"] = "next_step",
        seed: Optional[int] = None,
        obs_dtype: Optional[_ObsDtype] = None,
        random_blocked: bool = False,
    ) -> VectorGames: ...
    @property
    def num_envs(self) -> int:
        """The number of games."""
    @property
    def rules(self) -> Rules:
        """The rules of every game (but for blocked squares drawn at random)."""
    def reset(
        self, seed: Optional[int] = None, mask: Optional[Sequence[bool]] = None
    ) -> Tuple[npt.NDArray[Any], npt.NDArray[np.bool_]]:
        """Starts games again: every game, or those where ``mask`` (bool,
        ``(num_envs,)``) is true; ``seed`` seeds the games' draws again first.
        Returns the observations and legal masks of every game.
        """
    def step(
        self, actions: npt.ArrayLike
    ) -> Tuple[
        npt.NDArray[Any],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        Optional[npt.NDArray[Any]],
    ]:
        """Plays the agent's actions (int, ``(num_envs,)``) and the opponent's
        replies; returns the observations, the agent's rewards, the terminated
        flags, the legal masks, and with ``"same_step"`` the last observations
        of the games that ended (zeros in the others' rows; else ``None``).
        """
    def sample(self) -> npt.NDArray[np.int64]:
        """One legal action for the agent in each game, drawn uniformly in Rust,
        int64 ``(num_envs,)``.
        """
    def observe(self) -> npt.NDArray[Any]:
        """The current observations."""
    def legal_masks(self) -> npt.NDArray[np.bool_]:
        """The agent's current legal masks (a game that ended and waits to start
        again has the pass alone).
        """
    def players(self) -> npt.NDArray[np.int64]:
        """The player the agent plays in each game, int64."""
    def ended(self) -> npt.NDArray[np.bool_]:
        """Whether each game ended and waits to start again."""
    def game(self, index: int) -> Game:
        """Game ``index`` with its whole history, the opponent's moves too."""
    def finished(self) -> List[Tuple[int, Game]]:
        """The games that ended in the last step: ``(index, Game)`` pairs."""

def read_wthor(data: bytes) -> List[Game]:
    """The games of a WTHOR database (the bytes of a ``.wtb`` file), replayed: all of
    them, or a ``ReversiError`` for the first that does not read (bytes after the
    games the header counts among them; ``wthor_games`` gives each game its own
    entry instead).
    """
@final
class GameEntry:
    """One game of a file of many: where it starts, and the game or why it cannot be
    read (a bad game does not stop the rest).

    ``number`` counts the entries from 1 (error entries included); ``line`` is the
    line the game starts on (from 1; None for WTHOR); ``byte`` the byte offset where
    it starts; ``archive`` the format (``"ggf"``, ``"record"`` or ``"wthor"``).
    ``game`` is the game (a new copy at each access) or None, ``error`` the reason
    or None, and ``tags`` the record's tags (player names, event, date, ...).
    Two entries are ``==`` when every field is (the games as ``Game`` compares
    them), so an entry equals its pickled copy.
    """

    def __new__(
        cls,
        number: int,
        game: Optional[Game] = None,
        error: Optional[str] = None,
        line: Optional[int] = None,
        byte: int = 0,
        archive: str = "record",
    ) -> GameEntry: ...
    def __reduce__(
        self,
    ) -> Tuple[
        Any,
        Tuple[int, Optional[Game], Optional[str], Optional[int], int, str],
    ]:
        """Helper for pickle."""
    def __eq__(self, value: object, /) -> bool:
        """Return self==value."""
    __hash__: ClassVar[None]  # type: ignore[assignment]
    @property
    def number(self) -> int:
        """The entry's number, counting from 1 (error entries included)."""
    @property
    def line(self) -> Optional[int]:
        """The line the game starts on, from 1; None for WTHOR."""
    @property
    def byte(self) -> int:
        """The byte offset at which the game starts."""
    @property
    def archive(self) -> str:
        """The format the game was read in: ``"ggf"``, ``"record"`` or ``"wthor"``."""
    @property
    def error(self) -> Optional[str]:
        """Why the game could not be read, or None when it was."""
    @property
    def game(self) -> Optional[Game]:
        """The game, or None when it could not be read."""
    @property
    def tags(self) -> Dict[str, str]:
        """The record's tags, in the record's order."""
@final
class GameReader:
    """An iterator over the games of a GGF archive or a file of records, read one at a
    time with the memory of one game: ``read_games(text)`` or ``open_games(path)``.
    Each item is a ``GameEntry``; an I/O error raises ``OSError`` and ends the
    reading. The format is told from the first line that starts a game.
    """

    def __iter__(self) -> Iterator[GameEntry]:
        """Implement iter(self)."""
    def __next__(self) -> GameEntry:
        """Implement next(self)."""

def read_games(text: str) -> GameReader:
    """The games of ``text`` (a GGF archive or records one after another), one
    ``GameEntry`` at a time.
    """
def open_games(path: Union[str, "os.PathLike[str]"]) -> GameReader:
    """The games of the file at ``path``, streamed: one ``GameEntry`` at a time, with
    the memory of one game whatever the file's size. Raises ``OSError`` when the
    file cannot be opened.
    """
def wthor_games(
    data: bytes, players: Optional[bytes] = None, tournaments: Optional[bytes] = None
) -> List[GameEntry]:
    """The games of a WTHOR database (the bytes of a ``.wtb`` file) as ``GameEntry``
    items (``archive="wthor"``, ``line`` None), each replayed or with its own
    error. With the bytes of ``WTHOR.JOU`` (``players``) and ``WTHOR.TRN``
    (``tournaments``), the tags ``Black``, ``White`` and ``Event`` name them; the
    numbers are always in the tags ``BlackPlayer``, ``WhitePlayer`` and
    ``Tournament``, with ``BlackScore``, ``TheoreticalScore`` and ``Date``. When
    bytes follow the games the header counts, a last entry (numbered one past
    them) carries that error instead of a game, so that no record goes unseen.
    """
def wthor_names(data: bytes, kind: str) -> List[str]:
    """The names of a WTHOR names file, indexed by the numbers the games hold:
    ``kind`` is ``"players"`` (``WTHOR.JOU``) or ``"tournaments"``
    (``WTHOR.TRN``).
    """
@final
class WthorHeader:
    """The header of a WTHOR database (``.wtb``): as ``wthor_header`` reads it, or
    made for ``write_wthor``. ``created`` is the file's creation date as its four
    bytes (century, year in the century, month, day: ``(20, 26, 12, 3)``),
    today's date when not given; ``year`` the year of the games (this year when
    not given); ``board`` ``"8x8"`` or ``"10x10"``; ``theoretical_depth`` the
    number of empty squares from which the theoretical scores were solved.
    ``games`` is the count the header announces (``write_wthor`` writes the
    number of games it is given instead), ``names`` the names count of a names
    file (0 in a games file); ``solitaire`` and ``reserved`` the header's last
    bytes, kept so that a file is written back as it was.
    """

    def __new__(
        cls,
        year: Optional[int] = None,
        theoretical_depth: int = 0,
        created: Optional[Tuple[int, int, int, int]] = None,
        board: str = "8x8",
        games: int = 0,
        names: int = 0,
        solitaire: int = 0,
        reserved: int = 0,
    ) -> WthorHeader: ...
    def __reduce__(
        self,
    ) -> Tuple[
        Any,
        Tuple[
            Optional[int], int, Optional[Tuple[int, int, int, int]], str, int, int, int, int
        ],
    ]:
        """Helper for pickle."""
    def __eq__(self, value: object, /) -> bool:
        """Return self==value."""
    __hash__: ClassVar[None]  # type: ignore[assignment]
    @property
    def created(self) -> Tuple[int, int, int, int]:
        """The file's creation date as its four bytes: century, year in the century,
        month, day.
        """
    @property
    def games(self) -> int:
        """The number of games the header announces."""
    @property
    def names(self) -> int:
        """The number of names of a names file (0 in a games file)."""
    @property
    def year(self) -> int:
        """The year of the games."""
    @property
    def board(self) -> str:
        """The board: ``"8x8"`` or ``"10x10"``."""
    @property
    def solitaire(self) -> int:
        """The header's solitaire flag byte, kept so that a file is written back as
        it was.
        """
    @property
    def theoretical_depth(self) -> int:
        """The number of empty squares from which the theoretical scores were solved."""
    @property
    def reserved(self) -> int:
        """The header's last, reserved byte, kept so that a file is written back as
        it was.
        """

def wthor_header(data: bytes) -> WthorHeader:
    """The header of a WTHOR database (the bytes of a ``.wtb`` file): with the
    games' tags, what ``write_wthor`` needs to write the file again byte for byte.
    """
def write_wthor(games: Iterable[Game], header: Optional[WthorHeader] = None) -> bytes:
    """Writes a WTHOR database (the bytes of a ``.wtb`` file) of ``games``: two-player
    8x8 games from the standard start, each written as its whole line's
    placements (passes left out, as WTHOR stores them), with ``header`` (a new
    ``WthorHeader()`` when None: this year, created today, depth 0; its ``games``
    replaced by the number of games).

    Each game's numbers come from its tags, as ``wthor_games`` and ``read_wthor``
    set them: ``Tournament``, ``BlackPlayer`` and ``WhitePlayer`` (0 to 65535, 0
    when absent), ``BlackScore`` (0 to 64; when absent, the official count where
    the line ends the game, else Black's discs in the stated result) and
    ``TheoreticalScore`` (0 to 64; Black's score when absent: WTHOR has no
    "unknown"), each in decimal digits alone. The header's ``year`` stands for
    every game's ``Date``; names are not written: WTHOR keeps them in
    ``WTHOR.JOU`` and ``WTHOR.TRN`` (``write_wthor_names``). A game WTHOR cannot
    hold (checked first), or a tag out of range, is a ``ReversiError`` naming the
    game (from 1), and nothing is written.
    """
def write_wthor_names(
    names: Sequence[str],
    kind: Literal["players", "tournaments"],
    created: Optional[Tuple[int, int, int, int]] = None,
) -> bytes:
    """Writes a WTHOR names file (the bytes of ``WTHOR.JOU`` for ``kind="players"``,
    of ``WTHOR.TRN`` for ``kind="tournaments"``) of ``names``, numbered from 0 in
    their order as the games' ``BlackPlayer``, ``WhitePlayer`` and ``Tournament``
    tags refer to them; ``created`` is the header's date as in ``WthorHeader``
    (today when None). A name must fit its field (20 bytes for a player, 26 for a
    tournament) in ISO 8859-1, one byte a character, without NUL: otherwise a
    ``ReversiError`` naming its number, and nothing is written.
    """
def random_games(
    num_games: int,
    rules: _RulesLike = None,
    *,
    game: Optional[Game] = None,
    seed: Optional[int] = None,
    threads: int = 1,
) -> npt.NDArray[np.int64]:
    """Plays ``num_games`` uniformly random games to the end, in Rust without the
    GIL, from the start of ``rules`` or from ``game``'s current position; returns
    the final disc counts, ``(num_games, players)`` int64. ``threads`` splits the
    games over that many threads (the games then depend on the thread count too).
    """
def symmetry_permutation(width: int, symmetry: _SymmetryLike) -> List[int]:
    """The square actions' permutation of a symmetry on a grid of ``width`` (6, 8 or
    10): entry ``i`` is the action that square action ``i`` becomes.
    """

@final
class Bot:
    """A bot of the engine crate: ``"random"``, ``"greedy"``, ``"mobility"``,
    ``"mcts"`` (options ``playouts=N``, ``time=MS``, ``c=F``) or ``"alphabeta"``
    (two players; options ``depth=N``, ``solve=N``, ``time=MS``: on time it
    deepens a ply at a time and plays the deepest search finished;
    ``threads=N``; ``eval=learned`` or ``features``; ``probcut=T``:
    Multi-ProbCut at T spreads, 1 on time and 0 at a fixed depth by default), as in
    ``"mcts:playouts=200"`` or ``"alphabeta:time=500"``.
    Its random choices come from ``seed``. ``Bot.engine`` makes a bot of an
    outside engine (Edax, NTest, ...) over NBoard or GTP.
    """

    def __new__(cls, spec: str, seed: int = 0) -> Bot: ...
    @staticmethod
    def engine(spec: str, move_time: float = 5.0, depth: int = 8) -> Bot:
        """An outside engine as a bot: ``spec`` is ``"NAME=nboard:COMMAND ARGS"``
        or ``"NAME=gtp:COMMAND ARGS"``, as the arena's ``--engine`` takes it
        (``"edax=nboard:edax -nboard"``; the command is split into words as a
        shell would, so quote a path with spaces, or build it with
        ``shlex.join``). The engine is started now: one that
        cannot start, or does not answer within ``max(move_time, 10)`` seconds,
        raises ``ReversiError``. It then has ``move_time`` seconds for each
        move; NBoard engines are sent ``set depth depth``. Two-player games only
        (GTP: the standard game on a square board). Ctrl-C stops its search
        (NBoard by ``ping``; a GTP engine's answer is awaited and dropped before
        its next move). The process ends when the bot is collected.
        """
    @property
    def name(self) -> str:
        """The bot's name and options as given (an engine: the name before ``=``)."""
    def choose(self, game: Game) -> int:
        """The bot's action in ``game`` (the pass action when the player must pass).
        Raises ``ReversiError`` when the game is over or the bot does not play this
        many players.
        """
    def think(self, game: Game) -> Choice:
        """``choose`` with what the bot found out about its move: a ``Choice``
        (``action``, ``value``, ``unit``, ``nodes``, ``pv``). Ctrl-C stops a bot that
        thinks for long (``KeyboardInterrupt``, as for ``solve``).
        """
    def supports(self, rules: Union[int, Rules, str]) -> bool:
        """Whether the bot plays games of ``rules`` (a ``Rules`` or its text, such
        as ``"octagon, 4 players"``), or of ``rules`` players when it is a
        number: alpha-beta and outside engines play two players, and a GTP
        engine only the standard game on a square board.
        """

@final
class Choice:
    """A bot's move and what it found out about it (``Bot.think``); it pickles, for
    Ray and multiprocessing.
    """

    def __new__(
        cls,
        action: int,
        value: Optional[float] = None,
        unit: Optional[Literal["exact", "discs", "win_chance"]] = None,
        nodes: int = 0,
        pv: Optional[Sequence[int]] = None,
    ) -> Choice: ...
    def __reduce__(
        self,
    ) -> Tuple[Any, Tuple[int, Optional[float], Optional[str], int, List[int]]]:
        """Helper for pickle."""
    def __eq__(self, value: object, /) -> bool:
        """Return self==value."""
    __hash__: ClassVar[None]  # type: ignore[assignment]
    @property
    def action(self) -> int:
        """The action (the pass action when the player must pass)."""
    @property
    def value(self) -> Optional[float]:
        """The bot's value of the move for the player who plays it, in ``unit``;
        None when the bot gives none (random, greedy, mobility; MCTS on a
        forced move).
        """
    @property
    def unit(self) -> Optional[Literal["exact", "discs", "win_chance"]]:
        """``"exact"`` (the final disc difference with best play, empty squares to
        the winner, as ``solve`` gives it: alpha-beta in the endgame; a whole
        number), ``"discs"`` (an estimate of it: alpha-beta before), or
        ``"win_chance"`` (from 0 to 1, a shared win counting as a share: MCTS);
        None with no value. In Anti-Reversi a disc value is positive when the
        player is ahead by that variant's count (fewer discs).
        """
    @property
    def nodes(self) -> int:
        """Positions (alpha-beta) or playouts (MCTS) searched."""
    @property
    def pv(self) -> List[int]:
        """The line the bot expects, as actions from the position it was asked
        about: its move first (the pass action when it must pass), then best
        play as its search saw it, the pass action where a player must pass, so
        that ``Game.play`` replays it. Alpha-beta gives it to its depth (to the
        end of the game when exact); empty when the bot gives none (random,
        greedy, mobility, MCTS, outside engines).
        """

def solve(
    game: Game, table_bits: int = 20, threads: int = 1
) -> Tuple[Optional[int], int, int]:
    """Solves a two-player position exactly: returns ``(best_action, score,
    nodes)``, where ``score`` is the final disc difference for the player to move
    with perfect play (empty squares to the winner; in Anti-Reversi, where fewer
    discs win, the other side's discs less the player's, so that more is still
    better) and ``best_action`` is None when
    the player must pass or the game is over. 6x6 and 8x8 (blocked squares and
    Anti-Reversi too) take the fast path, with its table and threads: the time
    grows quickly with the number of empty squares (seconds at about 20 on one
    core), and ``threads`` (1 to 1024) search together. 10x10 and the octagon
    take the engine's search framework to the end of the game, with its table
    and the same threads: slower, for endgames of up to about 20 empty squares
    (about a second each at 18 on one core). Ctrl-C stops the solve (``KeyboardInterrupt``).
    """
