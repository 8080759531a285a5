"""PettingZoo AEC environment for Reversi on every board with 2-4 players.

``env(rules="octagon, 4 players")`` returns the environment wrapped as
PettingZoo's classic games are (an illegal move ends the game with -1 for its
player, actions are checked to be in range, the call order is enforced);
``raw_env`` is the bare one.

Agents are ``"player_0"`` (Black), ``"player_1"`` (White), then ``"player_2"``
(Red) and ``"player_3"`` (Green): the players in turn order. Each observation is a dict: ``"observation"``, the planes of
``Game.observation(player)`` from that agent's point of view (float32,
``(players + 4, width, width)``), and ``"action_mask"``, int8 over the
``width * width + 1`` actions, as PettingZoo's classic games have it (all zeros
when it is not the agent's turn, and for every agent once the game is terminated,
by its end or by an illegal move: a masked softmax over it has nothing to
normalise, so skip it). Rewards come at the end: +1 for the winner, -1 for the
others, 0 for all on a draw (with 3 or 4 players, when several players tie for
the top score the game is a draw for everyone, those behind too: all get 0).
An illegal move (in ``env()``) ends the game with -1 for its player and 0 for the
others; it is not played, and the game stays where it was.

``state()`` is the board seen by no agent in particular, for centralised
training (``state_space``, float32, ``(2 * players + 4, width, width)``): the
planes of ``Game.observation(0)`` (Black's discs, then each next player's in
turn order, the Neutral disc, the empty, blocked and missing squares), then one
plane a player, in turn order, all ones for the player to move and zeros for
the others (all zeros once the episode is over, also when an illegal move
ended it).

The game itself, with its whole history, is ``env.unwrapped.game`` (a
``reversi.Game``): save it with ``to_record()`` or ``write_wthor`` when the
agents are done, before ``reset()`` starts a new one.

Reversi has no chance moves, so ``reset(seed=...)`` takes a seed, as the API
asks, and every episode is the same game until the agents choose otherwise.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np

from reversi.envs import _extra_missing

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
except ImportError as _missing:
    raise _extra_missing(__name__, _missing) from _missing

from reversi import Game, ReversiError, Rules


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's standard wrappers for classic games."""
    wrapped: AECEnv = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    wrapped = wrappers.OrderEnforcingWrapper(wrapped)
    return wrapped


RENDER_MODES = ["human", "ansi"]


class raw_env(AECEnv):  # type: ignore[misc]
    """Reversi as an AEC environment; see the module documentation."""

    metadata = {
        "render_modes": RENDER_MODES,
        "name": "reversi_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, rules: Any = None, render_mode: Optional[str] = None):
        super().__init__()
        self.rules = rules if isinstance(rules, Rules) else Rules(rules or "8x8")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ReversiError(f"render_mode {render_mode!r} is not one of {RENDER_MODES}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.rules.players)]
        shape = self.rules.observation_shape
        actions = self.rules.num_actions
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        players, width = self.rules.players, self.rules.width
        self.state_space = spaces.Box(0.0, 1.0, (2 * players + 4, width, width), np.float32)
        self.game = Game(self.rules)
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        player = self.possible_agents.index(agent)
        mask = np.zeros(self.rules.num_actions, dtype=np.int8)
        # All zeros once terminated, also when an illegal move ended the game
        # (TerminateIllegalWrapper sets the terminations; the game is not over),
        # and after a dead agent's step removes it from the terminations.
        in_play = not self.terminations.get(agent, True) and not self.truncations.get(agent, True)
        if in_play and player == self.game.to_move and not self.game.is_over():
            mask[self.game.legal_actions()] = 1
        return {"observation": self.game.observation(player), "action_mask": mask}

    def state(self) -> np.ndarray:
        """The board seen by no agent in particular: see the module documentation."""
        players = self.rules.players
        planes = np.zeros(self.state_space.shape, np.float32)
        planes[: players + 4] = self.game.observation(0)
        # No one to move once the episode is over, whether the game ended or an
        # illegal move ended it (TerminateIllegalWrapper: the game is not over),
        # nor before reset(), as in observe().
        in_play = any(
            not self.terminations.get(agent, True) and not self.truncations.get(agent, True)
            for agent in getattr(self, "agents", [])
        )
        if in_play and not self.game.is_over():
            planes[players + 4 + self.game.to_move] = 1.0
        return planes

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        # The game has no chance moves: the seed changes nothing.
        self.game = Game(self.rules)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_move]

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.play(int(action))  # type: ignore[arg-type]
        if self.game.is_over():
            for name, reward in zip(self.possible_agents, self.game.rewards()):
                self.rewards[name] = float(reward)
                self.terminations[name] = True
        else:
            self.agent_selection = self.possible_agents[self.game.to_move]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = str(self.game)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass
