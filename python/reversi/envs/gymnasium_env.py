"""Gymnasium environment ``reversi/Reversi-v0``: one agent against built-in opponents.

The agent plays one seat (``player``, an index in turn order: 0 is Black) and the
opponent plays every other seat: ``"random"`` or ``"greedy"`` (in Python, see
``reversi.envs.opponents``) or any bot of the engine crate by its spec
(``"mobility"``, ``"mcts:playouts=200"``, ``"alphabeta:depth=2"``), seeded from the
environment's generator at each reset. Observations are
``Game.observation(player)``; ``action_masks()`` gives the legal actions, bool
over the ``width * width + 1`` actions (sb3-contrib's ``MaskablePPO`` calls it:
it trains on this environment with no wrapper), and ``info["action_mask"]``
the same as int8 (1 for legal), the type Gymnasium's
``Discrete.sample(mask=...)`` requires; on the step that ends the episode both
are all zeros (a masked softmax over them has nothing to normalise: skip it).
``gymnasium.make_vec("reversi/Reversi-v0", num_envs=N)`` gives
``reversi.envs.vector.ReversiVectorEnv``: the same games, N at a time, stepped
in Rust. The reward comes at the end: +1 for a win, -1 for a loss, 0 for a
draw (with 3 or 4 players, when several players tie for the top score the game
is a draw for everyone, those behind too: all get 0). An illegal action (a
number of the action space that is not a legal move) ends the episode with -1
(``info["illegal"]`` is True); it is not played, and the game stays where it
was. The game itself, with its whole history, is ``env.unwrapped.game`` (a
``reversi.Game``; ``env.game`` without Gymnasium's wrappers): save it with
``to_record()`` or ``write_wthor`` when an episode ends, before ``reset()``
starts a new one. An action outside the action space, or a
step before ``reset()`` or after the episode ended, raises ``ReversiError`` (made
with ``gymnasium.make``, the env is wrapped in Gymnasium's order checker, which
raises its own ``ResetNeeded`` for a step before the first reset); an
action that is not an integer (a float, a bool) raises ``TypeError``. An integer,
a numpy integer or an integer array of one element is an action.
"""

from __future__ import annotations

from typing import Any, Dict, Literal, Optional, Tuple, Union

import numpy as np

from reversi.envs import _action, _extra_missing

try:
    import gymnasium as gym
    from gymnasium import spaces
except ImportError as _missing:
    raise _extra_missing(__name__, _missing) from _missing

from reversi import Bot, Game, ReversiError, Rules
from reversi.envs.opponents import OPPONENTS
from reversi.envs.render import board_image


class ReversiEnv(gym.Env):
    """Reversi for one agent against built-in opponents (``reversi/Reversi-v0``).

    ``rules``: a ``Rules`` or a rules string (``"8x8"`` by default);
    ``opponent``: ``"random"``, ``"greedy"`` or an engine bot spec; ``player``:
    the agent's seat (0 is Black), or ``"random"``: drawn at each reset
    (``env.unwrapped.player`` says which); ``render_mode``: ``"ansi"``, ``"human"`` or
    ``"rgb_array"``. See the module documentation for observations, actions,
    rewards and masks.
    """

    metadata = {"render_modes": ["human", "ansi", "rgb_array"], "render_fps": 1}

    def __init__(
        self,
        rules: Union[Rules, str, None] = None,
        opponent: str = "random",
        player: Union[int, Literal["random"], None] = 0,
        render_mode: Optional[Literal["human", "ansi", "rgb_array"]] = None,
    ):
        self.rules = rules if isinstance(rules, Rules) else Rules(rules or "8x8")
        self.opponent_name = opponent
        if opponent not in OPPONENTS:
            # An engine bot: its spec is checked now (ReversiError, a ValueError).
            if not Bot(opponent).supports(self.rules.players):
                raise ReversiError(f"{opponent} does not play {self.rules.players} players")
        # "random": the seat is drawn at each reset, as in ReversiVectorEnv.
        self.random_player = player == "random"
        if self.random_player or player is None:
            player = 0
        elif isinstance(player, str) or not 0 <= player < self.rules.players:
            raise ReversiError(
                f"player {player!r} is not in a {self.rules.players}-player game (nor \"random\")"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ReversiError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.bot: Optional[Bot] = None
        self.player: int = int(player)
        self.observation_space = spaces.Box(0.0, 1.0, self.rules.observation_shape, np.float32)
        self.action_space = spaces.Discrete(self.rules.num_actions)
        self.game = Game(self.rules)
        # Until reset() starts an episode, and from the step that ends one.
        self.done = True

    def _info(self, illegal: bool = False) -> Dict[str, Any]:
        mask = np.zeros(self.rules.num_actions, dtype=np.int8)
        # All zeros once the episode is over, however it ended.
        if not self.done and not self.game.is_over():
            mask[self.game.legal_actions()] = 1
        return {"action_mask": mask, "illegal": illegal}

    def action_masks(self) -> np.ndarray:
        """The legal actions, ``bool`` over the ``width * width + 1`` actions:
        what sb3-contrib's ``MaskablePPO`` asks an environment for, so that it
        trains on this one with no wrapper. All false once the episode is over."""
        if self.done or self.game.is_over():
            return np.zeros(self.rules.num_actions, dtype=bool)
        return self.game.legal_mask()

    def _opponents_play(self) -> None:
        while not self.game.is_over() and self.game.to_move != self.player:
            if self.bot is not None:
                self.game.play(self.bot.choose(self.game))
            else:
                self.game.play(OPPONENTS[self.opponent_name](self.game, self.np_random))

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[np.ndarray, Dict[str, Any]]:
        super().reset(seed=seed)
        self.game = Game(self.rules)
        if self.random_player:
            self.player = int(self.np_random.integers(self.rules.players))
        if self.opponent_name not in OPPONENTS:
            self.bot = Bot(self.opponent_name, seed=int(self.np_random.integers(2**63)))
        self._opponents_play()
        self.done = self.game.is_over()
        return self.game.observation(self.player), self._info()

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        action = _action(action)
        if not 0 <= action < self.rules.num_actions:
            raise ReversiError(f"action {action} is not in 0-{self.rules.num_actions - 1}")
        if self.done:
            raise ReversiError("the episode is over (or was never started): call reset() first")
        if not self.game.is_legal(action):
            self.done = True
            return self.game.observation(self.player), -1.0, True, False, self._info(illegal=True)
        self.game.play(action)
        self._opponents_play()
        over = self.done = self.game.is_over()
        reward = float(self.game.rewards()[self.player]) if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self.game.observation(self.player), reward, over, False, self._info()

    def render(self) -> Union[str, np.ndarray, None]:
        """``"ansi"``: the board as text; ``"rgb_array"``: as an image
        (``reversi.envs.render.board_image``); ``"human"``: the text printed."""
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return board_image(self.game)
        text = str(self.game)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None
