"""Stable-Baselines3 with no glue, and the training example at a tiny budget.

CI installs requirements-train.txt and sets REVERSI_TRAINING_TESTS=required, so
that these run there; elsewhere they are skipped when sb3-contrib is missing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

if os.environ.get("REVERSI_TRAINING_TESTS") != "required":
    pytest.importorskip("sb3_contrib")

import torch  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported  # noqa: E402
from stable_baselines3.common.env_util import make_vec_env  # noqa: E402

import reversi.envs  # noqa: E402,F401

ROOT = Path(__file__).resolve().parents[2]


def test_maskable_ppo_trains_with_no_wrapper() -> None:
    torch.set_num_threads(1)
    env = make_vec_env("reversi/Reversi-v0", n_envs=2, seed=0, env_kwargs={"rules": "6x6", "player": "random"})
    assert is_masking_supported(env)
    env.reset()
    masks = get_action_masks(env)
    assert masks.dtype == np.bool_ and masks.shape == (2, 37)
    for mask, inner in zip(masks, env.envs):
        np.testing.assert_array_equal(mask, inner.unwrapped.game.legal_mask())
        assert mask.any()
    model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=32, seed=0)
    model.learn(total_timesteps=128)
    assert model.num_timesteps >= 128


def test_the_training_example_runs() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "python/examples/train_6x6.py"),
         "--timesteps", "512", "--games", "20", "--positions", "5"],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert any(line.startswith("against greedy") for line in lines), result.stdout
    assert any(line.startswith("solver-optimal moves: agent") for line in lines), result.stdout


def test_the_examples_grading_rates_the_solvers_move_optimal() -> None:
    sys.path.insert(0, str(ROOT / "python/examples"))
    try:
        import train_6x6
    finally:
        sys.path.pop(0)
    import reversi

    positions = train_6x6.test_positions(10, seed=5)
    assert all(12 <= 36 - sum(g.scores()) <= 22 for g in positions)
    verdicts = [
        (action == reversi.solve(game)[0], train_6x6.optimal(game, action))
        for game in positions
        for action in game.legal_actions()
    ]
    # The solver's own move is optimal; some other move somewhere is not.
    assert all(optimal for best, optimal in verdicts if best)
    assert not all(optimal for _, optimal in verdicts)
