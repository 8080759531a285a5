"""Gymnasium vector environment: many games against opponents, stepped in Rust.

``ReversiVectorEnv(num_envs, rules, opponent=..., player=...)`` is a
``gymnasium.vector.VectorEnv``: ``num_envs`` games of ``reversi/Reversi-v0``
(the agent plays one seat, ``opponent`` plays every other), every game stepped in
one call to Rust without the GIL, the opponent's replies included. It is also
what ``gymnasium.make_vec("reversi/Reversi-v0", num_envs=N)`` gives (its
``vector_entry_point``), so Gymnasium's vector wrappers
(``RecordEpisodeStatistics``, observation and reward wrappers) apply as to any
vector env.

- ``opponent``: ``"random"`` (uniform legal moves) and ``"greedy"`` (the most
  flips, the fewest in Anti-Reversi; ties drawn uniformly) are played on the
  batch's own positions; any other bot spec of the engine crate
  (``"mobility"``, ``"mcts:playouts=100"``, ``"alphabeta:depth=2"``) is that bot;
  ``"self"`` is self-play: the agent plays every seat, its observation is the
  player to move's, and a reward goes to the player who made the move.
- ``player``: the agent's seat, an index in turn order (0 is Black), or
  ``"random"``: drawn for each game. ``infos["player"]`` gives it for each game.
- Observations: ``(num_envs, players + 4, width, width)``, the planes of
  ``Game.observation(player)`` from the agent's point of view, ``float32`` (or
  ``obs_dtype="uint8"``: the same 0/1 planes in a quarter of the memory).
- Actions: ``MultiDiscrete([width * width + 1] * num_envs)``, the library's
  learning numbering (``row * width + column``, then the pass: 8x8 has 65).
- Rewards: +1 when the agent wins, -1 when it loses, 0 on a draw (with 3 or 4
  players a tie for the top score is a draw for all), on the step that ends the
  game; 0 otherwise. Terminations say the game ended; truncations are always
  false (every game ends).
- Legal moves: ``action_masks()`` gives the agent's legal actions, ``bool``
  ``(num_envs, num_actions)``, the convention of sb3-contrib's ``MaskablePPO``;
  ``infos["action_mask"]`` holds the same as ``int8`` (a copy), which Gymnasium's
  ``Discrete.sample(mask=...)`` requires. A player with no move has the pass
  alone. A game that ended and waits to start again at the next step
  (``"next_step"``) has the pass alone too: its action is ignored, and a masked
  sampler has one to pick; one that waits for ``reset`` (``"disabled"``) has none.
- ``autoreset_mode``: ``"next_step"`` (Gymnasium's default: the step that ends
  a game returns its last observation; the next step ignores that game's action
  and returns the first observation of a new game, with reward 0), ``"same_step"``
  (the new game's first observation at once, the last one of the game that
  ended in ``infos["final_obs"]``, an object array with ``infos["_final_obs"]``
  marking the games that ended, and their last infos in ``infos["final_info"]``,
  as Gymnasium's ``SyncVectorEnv`` gives them), or ``"disabled"`` (a game that
  ended waits for ``reset(options={"reset_mask": mask})``; stepping it raises
  ``IllegalMoveError``). ``reset`` takes no other option.
- ``game(i)`` is game ``i`` as a ``reversi.Game``, both sides' moves and the
  passes included; ``finished()`` the games that ended in the last step, whole,
  to save them (``to_record()``, ``write_wthor``).
- ``random_blocked=True`` plays each game on 1 to 4 squares blocked at random,
  drawn anew for each game (``game(i).rules`` names them).
- A seed (``reset(seed=...)``, 0 to 2**64 - 1, or the constructor's) gives the
  same games, seats, blocked squares and opponent moves, a bot opponent's
  included. An illegal action raises ``IllegalMoveError`` naming the game, and no
  game moves; an action that is not an integer raises ``TypeError``.

Which to use: this env to train one agent against opponents (or self-play with
one shared policy) with Gymnasium's vector tooling; ``reversi.VecEnv`` for
self-play that needs every player's reward at once, games started from given
positions, or threads.
"""

from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, Tuple, Type, Union

import numpy as np
import numpy.typing as npt

from reversi.envs import _extra_missing

try:
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as _missing:
    raise _extra_missing(__name__, _missing) from _missing

from reversi import Game, ReversiError, Rules
from reversi._reversi import VectorGames

_AUTORESET_NAMES: Dict[AutoresetMode, Literal["next_step", "same_step", "disabled"]] = {
    AutoresetMode.NEXT_STEP: "next_step",
    AutoresetMode.SAME_STEP: "same_step",
    AutoresetMode.DISABLED: "disabled",
}


def _autoreset(mode: Union[AutoresetMode, str]) -> AutoresetMode:
    if isinstance(mode, AutoresetMode):
        return mode
    for value, name in _AUTORESET_NAMES.items():
        if mode in (name, value.value):
            return value
    raise ReversiError(
        f"autoreset_mode is one of {list(_AUTORESET_NAMES.values())}, not {mode!r}"
    )


class ReversiVectorEnv(VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """``num_envs`` games of Reversi against an opponent, stepped together in
    Rust: a ``gymnasium.vector.VectorEnv``. See the module documentation."""

    metadata: Dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int,
        rules: Union[Rules, str, None] = None,
        *,
        opponent: str = "random",
        player: Union[int, Literal["random"], None] = None,
        autoreset_mode: Union[
            Literal["next_step", "same_step", "disabled"], AutoresetMode
        ] = AutoresetMode.NEXT_STEP,
        obs_dtype: Union[
            Literal["float32", "uint8"], Type[np.float32], Type[np.uint8], np.dtype[Any]
        ] = "float32",
        random_blocked: bool = False,
        seed: Optional[int] = None,
        render_mode: None = None,
    ) -> None:
        if render_mode is not None:
            raise ReversiError(f"render_mode {render_mode!r}: the vector env does not render")
        try:
            dtype = np.dtype(obs_dtype).name
        except TypeError:
            dtype = repr(obs_dtype)
        if dtype not in ("float32", "uint8"):
            raise ReversiError(f"obs_dtype is float32 or uint8, not {obs_dtype!r}")
        mode = _autoreset(autoreset_mode)
        self._games = VectorGames(
            num_envs,
            rules,
            opponent=opponent,
            player=player,
            autoreset=_AUTORESET_NAMES[mode],
            seed=seed,
            obs_dtype="uint8" if dtype == "uint8" else "float32",
            random_blocked=random_blocked,
        )
        self.rules: Rules = self._games.rules
        self.num_envs = num_envs
        self.opponent = opponent
        self.autoreset_mode = mode
        self.metadata = {**type(self).metadata, "autoreset_mode": mode}
        self.render_mode = None
        actions = self.rules.num_actions
        self.single_observation_space = spaces.Box(
            0, 1, self.rules.observation_shape, np.dtype(dtype)
        )
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._all = np.ones(num_envs, dtype=bool)
        self._masks: np.ndarray = self._games.legal_masks()

    def _infos(self, masks: np.ndarray) -> Dict[str, Any]:
        self._masks = masks
        return {
            "action_mask": masks.astype(np.int8),
            "_action_mask": self._all,
            "player": self._games.players(),
            "_player": self._all,
        }

    def reset(
        self, *, seed: Optional[Union[int, List[int]]] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[np.ndarray, Dict[str, Any]]:
        """Starts the games again (those of ``options["reset_mask"]``, a bool
        array, or all); ``seed`` (an int) seeds every draw again."""
        if isinstance(seed, list):
            raise ReversiError("seed is one int for all the games, not a list")
        if seed is not None and not (isinstance(seed, int) and 0 <= seed < 2**64):
            raise ReversiError(f"seed is an int from 0 to 2**64 - 1, not {seed!r}")
        unknown = set(options or {}) - {"reset_mask"}
        if unknown:
            raise ReversiError(f"reset takes the option reset_mask only, not {sorted(unknown)}")
        mask: Optional[List[bool]] = None
        if options is not None and "reset_mask" in options:
            given = np.asarray(options["reset_mask"])
            if given.dtype != np.bool_ or given.shape != (self.num_envs,):
                raise ReversiError(
                    f"reset_mask is a bool array of shape ({self.num_envs},), "
                    f"not {given.dtype} {given.shape}"
                )
            mask = given.tolist()
        observations, masks = self._games.reset(seed, mask)
        if seed is not None:
            self._np_random, self._np_random_seed = None, seed
        return observations, self._infos(masks)

    def step(
        self, actions: npt.ArrayLike
    ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        """Plays the agent's action in every game, then the opponent's replies."""
        observations, rewards, terminations, masks, final = self._games.step(actions)
        infos = self._infos(masks)
        if final is not None and terminations.any():
            final_obs = np.full(self.num_envs, None, dtype=object)
            for i in np.flatnonzero(terminations):
                final_obs[i] = final[i]
            infos["final_obs"] = final_obs
            infos["_final_obs"] = terminations
            # The infos of the steps that ended them, as the single env gives
            # them there: no legal action, and no illegal one.
            infos["final_info"] = {
                "action_mask": np.zeros_like(infos["action_mask"]),
                "_action_mask": terminations,
                "illegal": np.zeros(self.num_envs, dtype=bool),
                "_illegal": terminations,
            }
            infos["_final_info"] = terminations
        return observations, rewards, terminations, np.zeros(self.num_envs, dtype=bool), infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The agent's legal actions in each game, ``bool`` ``(num_envs,
        num_actions)`` (sb3-contrib's convention)."""
        return self._masks

    def sample(self) -> npt.NDArray[np.int64]:
        """One legal action for the agent in each game, drawn uniformly in Rust
        from the env's generator (seeded by ``reset(seed=...)``): a random agent
        without numpy's draws. A game that waits to start again gets the pass."""
        return self._games.sample()

    def game(self, index: int) -> Game:
        """Game ``index`` with its whole history, both sides' moves."""
        return self._games.game(index)

    def finished(self) -> List[Tuple[int, Game]]:
        """The games that ended in the last step, ``(index, Game)``, whole."""
        return self._games.finished()

    def players(self) -> npt.NDArray[np.int64]:
        """The player the agent plays in each game (with self-play: the player to
        move, or who moved last in a game that ended)."""
        return self._games.players()

    def __repr__(self) -> str:
        return (
            f"ReversiVectorEnv({self.num_envs}, {str(self.rules)!r}, "
            f"opponent={self.opponent!r}, autoreset_mode={_AUTORESET_NAMES[self.autoreset_mode]!r})"
        )
