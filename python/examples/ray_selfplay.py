"""Self-play training data on a Ray cluster: one Ray task per worker, each with
its own ``reversi.VecEnv``, returning (observation, action, mask, value target)
samples as numpy arrays (the observation planes as uint8).

    pip install ./python ray
    python examples/ray_selfplay.py --workers 1 2 --rules "octagon, 4 players"
    python examples/ray_selfplay.py --address auto --workers 8   # an existing cluster

The value target of a sample is the final reward (+1, -1 or 0) of the player who
moved, taken from the end of that game; moves of games still running when the
worker stops have no target and are left out.

For each worker count it prints the games and samples made, the wall time of
the whole run (tasks sent, played, their samples gathered), the time the tasks
themselves spent playing, and games per second over the wall time: the median
of ``--rounds`` runs. The default work (256 games a worker for 20,000 steps,
about 85,000 games a worker on 8x8, 5 % of the positions kept as samples, about
115 MB a worker) takes seconds, so that the work, not Ray, is what is timed.
"""

from __future__ import annotations

import argparse
import time
from typing import Dict, Optional

import numpy as np
import ray

import reversi


@ray.remote
def self_play(rules: str, num_envs: int, steps: int, seed: int, keep: float = 1.0) -> Dict[str, np.ndarray]:
    """``steps`` steps of ``num_envs`` random self-play games; each position is
    kept as a sample with probability ``keep`` (drawn apart, samples of one game
    are less alike), with the result of its game as the value target."""
    started = time.perf_counter()
    env = reversi.VecEnv(num_envs, rules=rules, seed=seed)
    draws = np.random.default_rng(seed)
    obs, masks = env.reset()
    kept, observations, actions, legal, movers, ends, rewards = [], [], [], [], [], [], []
    for _ in range(steps):
        action = env.sample()
        chosen = np.flatnonzero(draws.random(num_envs) < keep)
        kept.append(chosen)
        # The planes are 0 or 1: kept as uint8, a quarter of float32's memory.
        observations.append(obs[chosen].astype(np.uint8))
        actions.append(action[chosen])
        legal.append(masks[chosen])
        movers.append(env.to_move[chosen])
        obs, reward, terminated, masks = env.step(action)
        ends.append(terminated)
        rewards.append(reward)
    # Walk back through time: each sample gets the result of the game it belongs to.
    players = env.rules.players
    result = np.zeros((num_envs, players), np.float32)
    known = np.zeros(num_envs, bool)
    values, valid = [], []
    for t in range(steps - 1, -1, -1):
        result[ends[t]] = rewards[t][ends[t]]
        known |= ends[t]
        values.append(result[kept[t], movers[t]])
        valid.append(known[kept[t]])
    values.reverse()
    valid.reverse()
    ok = np.concatenate(valid)
    return {
        "observation": np.concatenate(observations)[ok],
        "action": np.concatenate(actions)[ok],
        "mask": np.concatenate(legal)[ok],
        "value": np.concatenate(values)[ok],
        "games": np.array(sum(int(e.sum()) for e in ends)),
        "seconds": np.array(time.perf_counter() - started),
    }


def run(
    workers: int,
    rules: str,
    num_envs: int,
    steps: int,
    address: Optional[str] = None,
    keep: float = 1.0,
) -> Dict[str, np.ndarray]:
    """Runs one self-play task per worker and gathers their samples."""
    if not ray.is_initialized():
        if address:
            ray.init(address=address)
        else:
            ray.init(num_cpus=workers, include_dashboard=False)
    parts = ray.get([self_play.remote(rules, num_envs, steps, seed, keep) for seed in range(workers)])
    return {key: np.concatenate([np.atleast_1d(p[key]) for p in parts]) for key in parts[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2], help="worker counts to run, one after the other")
    parser.add_argument("--rules", default="8x8")
    parser.add_argument("--num-envs", type=int, default=256)
    parser.add_argument("--steps", type=int, default=20000)
    parser.add_argument("--keep", type=float, default=0.05, help="the share of positions kept as samples")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each worker count; the median is printed")
    parser.add_argument("--address", default=None, help="a running cluster, e.g. auto")
    args = parser.parse_args()
    most = max(args.workers)
    ray.init(address=args.address) if args.address else ray.init(num_cpus=most, include_dashboard=False)
    run(most, args.rules, 64, 10)  # start and warm up the workers
    for workers in args.workers:
        # Rounds, and their median: a round's time varies with the memory its
        # samples take (about 450 bytes each) and with the machine's other load.
        rounds = []
        for _ in range(args.rounds):
            start = time.perf_counter()
            data = run(workers, args.rules, args.num_envs, args.steps, keep=args.keep)
            rounds.append((time.perf_counter() - start, float(data["seconds"].max())))
        seconds, busy = sorted(rounds)[len(rounds) // 2]
        games = int(data["games"].sum())
        print(
            f"{workers} worker(s), {args.rules}: {games:,} games, {len(data['action']):,} samples "
            f"in {seconds:.2f} s (median of {args.rounds}; tasks playing {busy:.2f} s): "
            f"{games / seconds:,.0f} games/s",
            flush=True,
        )


if __name__ == "__main__":
    main()
