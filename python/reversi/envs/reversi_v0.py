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

``parallel_env(rules=..., observation="dict")`` is the same game as a PettingZoo
``ParallelEnv``: every agent submits an action at each step and only the player
to move acts. The others' action is a no-op: their ``action_mask`` allows the
pass action alone (``width * width``, the last), which a masked sampler picks,
and whatever they submit is ignored. An illegal move by the player to move ends
the game with -1 for that player and 0 for the others, as in ``env()``
(``infos[agent]["illegal"]`` is True); it is not played. ``observation="planes"``
gives each agent a ``Box`` instead of the dict, ``(players + 6, width, width)``
float32: the planes of ``Game.observation``, then its legal squares (the mask
without the pass: the player to move must pass when it is all zeros) and a
plane of ones when the agent is to move; SuperSuit's observation wrappers and
``pettingzoo_env_to_vec_env_v1`` take it as an image. ``turn_based_aec_to_parallel(env())``
also works, but ``aec_to_parallel`` does not (the AEC env is turn-based, not
"parallelizable": a player with no move passes).
"""

from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, Tuple, Union

import numpy as np

from reversi.envs import _action, _extra_missing

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
except ImportError as _missing:
    raise _extra_missing(__name__, _missing) from _missing

from reversi import Game, ReversiError, Rules
from reversi.envs.render import board_image


RenderMode = Optional[Literal["human", "ansi", "rgb_array"]]


def env(rules: Union[Rules, str, None] = None, render_mode: RenderMode = None) -> AECEnv:
    """The environment with PettingZoo's standard wrappers for classic games.
    (PettingZoo ships no type information: to a type checker its classes, and so
    this function's result, are ``Any``; ``raw_env`` is the typed class.)"""
    wrapped: AECEnv = raw_env(rules=rules, render_mode=render_mode)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    wrapped = wrappers.OrderEnforcingWrapper(wrapped)
    return wrapped


RENDER_MODES = ["human", "ansi", "rgb_array"]


def _rules_and_render_mode(rules: Any, render_mode: Optional[str]) -> Rules:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ReversiError(f"render_mode {render_mode!r} is not one of {RENDER_MODES}")
    return rules if isinstance(rules, Rules) else Rules(rules or "8x8")


def _dict_space(rules: Rules) -> spaces.Dict:
    """An agent's observation space: the planes and the action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, rules.observation_shape, np.float32),
            "action_mask": spaces.Box(0, 1, (rules.num_actions,), np.int8),
        }
    )


def _state_space(rules: Rules) -> spaces.Box:
    players, width = rules.players, rules.width
    return spaces.Box(0.0, 1.0, (2 * players + 4, width, width), np.float32)


def _state(game: Game, space: spaces.Box, in_play: bool) -> np.ndarray:
    """The board seen by no agent in particular (see the module documentation);
    ``in_play`` says whether the episode goes on."""
    players = game.rules.players
    planes = np.zeros(space.shape, np.float32)
    planes[: players + 4] = game.observation(0)
    if in_play and not game.is_over():
        planes[players + 4 + game.to_move] = 1.0
    return planes


def _render(game: Game, render_mode: Optional[str]) -> Any:
    if render_mode is None:
        return None
    if render_mode == "rgb_array":
        return board_image(game)
    text = str(game)
    if render_mode == "ansi":
        return text
    print(text)
    return None


class raw_env(AECEnv):  # type: ignore[misc]
    """Reversi as an AEC environment; see the module documentation."""

    metadata = {
        "render_modes": RENDER_MODES,
        "name": "reversi_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, rules: Union[Rules, str, None] = None, render_mode: RenderMode = None):
        super().__init__()
        self.rules = _rules_and_render_mode(rules, render_mode)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.rules.players)]
        actions = self.rules.num_actions
        self.observation_spaces = {agent: _dict_space(self.rules) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.state_space = _state_space(self.rules)
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
        # No one to move once the episode is over, whether the game ended or an
        # illegal move ended it (TerminateIllegalWrapper: the game is not over),
        # nor before reset(), as in observe().
        in_play = any(
            not self.terminations.get(agent, True) and not self.truncations.get(agent, True)
            for agent in getattr(self, "agents", [])
        )
        return _state(self.game, self.state_space, in_play)

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

    def render(self) -> Any:
        """``"ansi"``: the board as text; ``"rgb_array"``: as an image;
        ``"human"``: the text printed."""
        return _render(self.game, self.render_mode)

    def close(self) -> None:
        pass


def parallel_env(
    rules: Union[Rules, str, None] = None,
    observation: Literal["dict", "planes"] = "dict",
    render_mode: RenderMode = None,
) -> "parallel_raw_env":
    """The game as a PettingZoo ``ParallelEnv``: see the module documentation."""
    return parallel_raw_env(rules=rules, observation=observation, render_mode=render_mode)


class parallel_raw_env(ParallelEnv):  # type: ignore[misc]
    """Reversi as a ParallelEnv: every agent acts at each step, and only the
    player to move's action is played (see the module documentation)."""

    metadata = {
        "render_modes": RENDER_MODES,
        "name": "reversi_v0",
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: Union[Rules, str, None] = None,
        observation: Literal["dict", "planes"] = "dict",
        render_mode: RenderMode = None,
    ):
        self.rules = _rules_and_render_mode(rules, render_mode)
        if observation not in ("dict", "planes"):
            raise ReversiError(f"observation is 'dict' or 'planes', not {observation!r}")
        self.observation_kind = observation
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.rules.players)]
        self.agents: List[str] = []
        players, width = self.rules.players, self.rules.width
        space: spaces.Space[Any] = (
            _dict_space(self.rules)
            if observation == "dict"
            else spaces.Box(0.0, 1.0, (players + 6, width, width), np.float32)
        )
        # The same space object for every agent and call, as PettingZoo asks.
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {
            agent: spaces.Discrete(self.rules.num_actions) for agent in self.possible_agents
        }
        self.state_space = _state_space(self.rules)
        self.game = Game(self.rules)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _observe(self, player: int, in_play: bool) -> Any:
        game = self.game
        planes = game.observation(player)
        moving = in_play and player == game.to_move
        mask = np.zeros(self.rules.num_actions, dtype=np.int8)
        if moving:
            mask[game.legal_actions()] = 1
        elif in_play:
            mask[-1] = 1  # the no-op
        if self.observation_kind == "dict":
            return {"observation": planes, "action_mask": mask}
        width = self.rules.width
        extra = np.zeros((2, width, width), np.float32)
        extra[0] = mask[:-1].reshape(width, width) if moving else 0.0
        extra[1] = 1.0 if moving else 0.0
        return np.concatenate([planes, extra])

    def _observations(self, in_play: bool) -> Dict[str, Any]:
        return {
            agent: self._observe(player, in_play)
            for player, agent in enumerate(self.possible_agents)
        }

    def state(self) -> np.ndarray:
        """The board seen by no agent in particular, as ``env().state()``."""
        return _state(self.game, self.state_space, bool(self.agents))

    def reset(
        self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Dict[str, Any], Dict[str, Dict[str, Any]]]:
        # The game has no chance moves: the seed changes nothing.
        self.game = Game(self.rules)
        self.agents = self.possible_agents[:]
        return self._observations(True), {agent: {} for agent in self.agents}

    def step(self, actions: Dict[str, Any]) -> Tuple[
        Dict[str, Any],
        Dict[str, float],
        Dict[str, bool],
        Dict[str, bool],
        Dict[str, Dict[str, Any]],
    ]:
        if not self.agents:
            raise ReversiError("the game is over (or was never started): call reset() first")
        mover = self.possible_agents[self.game.to_move]
        for agent, given in actions.items():
            if agent not in self.agents:
                raise ReversiError(f"{agent!r} is not an agent of this game ({self.agents})")
            if not 0 <= _action(given) < self.rules.num_actions:
                raise ReversiError(
                    f"{agent}'s action {given!r} is not in 0-{self.rules.num_actions - 1}"
                )
        if mover not in actions:
            raise ReversiError(f"{mover} is to move and has no action")
        action = _action(actions[mover])
        infos: Dict[str, Dict[str, Any]] = {agent: {} for agent in self.agents}
        rewards = {agent: 0.0 for agent in self.agents}
        if self.game.is_legal(action):
            self.game.play(action)
            over = self.game.is_over()
            if over:
                for agent, reward in zip(self.possible_agents, self.game.rewards()):
                    rewards[agent] = float(reward)
        else:
            over = True
            rewards[mover] = -1.0
            infos[mover]["illegal"] = True
        terminations = {agent: over for agent in self.agents}
        truncations = {agent: False for agent in self.agents}
        observations = self._observations(not over)
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def render(self) -> Any:
        """``"ansi"``: the board as text; ``"rgb_array"``: as an image;
        ``"human"``: the text printed."""
        return _render(self.game, self.render_mode)

    def close(self) -> None:
        pass
