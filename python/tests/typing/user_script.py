"""A trainer's script, type-checked with ``mypy --strict`` in CI: the envs, their
masks and MaskablePPO with no wrapper and no cast."""

from __future__ import annotations

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.wrappers.vector import RecordEpisodeStatistics

import reversi
import reversi.envs
from reversi.envs import reversi_v0
from reversi.envs.gymnasium_env import ReversiEnv
from reversi.envs.vector import ReversiVectorEnv


def legal(env: ReversiEnv) -> npt.NDArray[np.bool_]:
    return env.action_masks()


def play_vector(num_envs: int) -> float:
    env = ReversiVectorEnv(num_envs, "6x6", opponent="greedy", player="random", autoreset_mode="same_step")
    stats = RecordEpisodeStatistics(env)
    stats.reset(seed=0)
    for _ in range(50):
        masks: npt.NDArray[np.bool_] = env.action_masks()
        actions = np.where(masks, np.random.random(masks.shape), -1.0).argmax(axis=1)
        stats.step(actions)
    return float(np.mean(np.array(stats.return_queue)))


def play_parallel() -> None:
    env = reversi_v0.parallel_env(rules="8x8", observation="planes")
    observations, _ = env.reset(seed=0)
    while env.agents:
        actions = {agent: int(env.action_space(agent).sample()) for agent in env.agents}
        observations, _, _, _, _ = env.step(actions)


def one_env() -> reversi.Game:
    env = gymnasium.make("reversi/Reversi-v0", rules="6x6", opponent="random")
    env.reset(seed=0)
    inner = env.unwrapped
    assert isinstance(inner, ReversiEnv)
    print(legal(inner).sum())
    return inner.game


def train() -> None:
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.env_util import make_vec_env

    venv = make_vec_env("reversi/Reversi-v0", n_envs=2, env_kwargs={"rules": "6x6"})
    model = MaskablePPO("MlpPolicy", venv, n_steps=32, batch_size=32)
    model.learn(64)


def options_are_checked() -> None:
    """A type checker refuses option strings the package refuses: under
    --strict an ignore that nothing needs is an error, so these lines fail the
    check if the types accept the bad values."""
    reversi.VecEnv(2, obs_dtype="uint8")
    reversi.VecEnv(2, obs_dtype="float16")  # type: ignore[arg-type]
    ReversiVectorEnv(2, obs_dtype="float16")  # type: ignore[arg-type]
    ReversiVectorEnv(2, autoreset_mode="later")  # type: ignore[arg-type]
    reversi_v0.parallel_env(observation="flat")  # type: ignore[arg-type]
