"""The Ray self-play example runs on a local Ray with one worker."""

import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("ray", reason="ray is not installed")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))

import ray  # noqa: E402
import ray_selfplay  # noqa: E402

import reversi  # noqa: E402


def test_ray_selfplay_on_one_local_worker():
    ray.init(num_cpus=1, include_dashboard=False)
    try:
        data = ray_selfplay.run(workers=1, rules="6x6", num_envs=8, steps=200)
    finally:
        ray.shutdown()
    assert data["games"].sum() >= 8
    # The task's own playing time, which the example prints beside the wall time.
    assert data["seconds"].shape == (1,) and data["seconds"][0] > 0
    n = len(data["action"])
    assert n > 0 and data["observation"].shape == (n, 6, 6, 6) and data["mask"].shape == (n, 37)
    # Every action was legal where it was taken, and every target is a game result.
    assert data["mask"][np.arange(n), data["action"]].all()
    assert set(np.unique(data["value"])) <= {-1.0, 0.0, 1.0}
    # Zero-sum in two-player games: the results of a finished game's movers are not all one sign.
    assert (data["value"] == 1.0).any() and (data["value"] == -1.0).any()
    assert isinstance(reversi.Rules("6x6"), reversi.Rules)


def test_ray_selfplay_keeps_a_share_of_the_positions():
    ray.init(num_cpus=1, include_dashboard=False)
    try:
        every = ray_selfplay.run(workers=1, rules="6x6", num_envs=8, steps=400)
        some = ray_selfplay.run(workers=1, rules="6x6", num_envs=8, steps=400, keep=0.25)
    finally:
        ray.shutdown()
    # The same games (the same seed), a quarter of their positions or so.
    assert some["games"].sum() == every["games"].sum()
    assert 0.15 * len(every["action"]) < len(some["action"]) < 0.35 * len(every["action"])
    n = len(some["action"])
    assert some["mask"][np.arange(n), some["action"]].all()
