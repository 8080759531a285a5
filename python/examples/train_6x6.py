"""Trains MaskablePPO on 6x6 Reversi against a random opponent, then grades it:
win rates against the built-in bots, and the share of its moves that the exact
solver rates optimal.

    pip install "./python[envs]" sb3-contrib
    python python/examples/train_6x6.py [--timesteps 200000] [--games 400] [--positions 300]

The agent plays a seat drawn at each game (``player="random"``) of
``reversi/Reversi-v0``; sb3-contrib finds the legal moves through the env's
``action_masks()``, so there is no wrapper. Torch gets one thread: on a small
machine its default (a thread per core) competes with the environments.

Grading:

- win rates: ``--games`` games against each of ``random``, ``greedy`` and
  ``mobility``, the agent's seat drawn per game, played in one
  ``ReversiVectorEnv`` (the opponent in Rust) with the policy's greedy action
  under the mask;
- solver-optimal share: positions from games between two ``alphabeta:depth=4``
  bots, each opened by 4 random moves (no archive of real 6x6 games was at
  hand), with 12 to 22 empty squares and a move to choose; ``reversi.solve``
  gives each position's exact value and the value after the agent's move, and
  a move is optimal when they agree. A uniformly random mover's share on the
  same positions is printed beside it.
"""

from __future__ import annotations

import argparse
import time
from typing import List, Tuple

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env

import reversi
import reversi.envs  # registers reversi/Reversi-v0
from reversi.envs.vector import ReversiVectorEnv


def win_rate(model: MaskablePPO, opponent: str, games: int, seed: int) -> Tuple[float, float]:
    """The agent's share of wins and of draws in ``games`` games."""
    env = ReversiVectorEnv(
        min(games, 100), "6x6", opponent=opponent, player="random", autoreset_mode="disabled", seed=seed
    )
    obs, _ = env.reset()
    wins = draws = played = 0
    while played < games:
        actions, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        obs, rewards, terminations, _, _ = env.step(actions)
        for i in np.flatnonzero(terminations)[: games - played]:
            wins += rewards[i] > 0
            draws += rewards[i] == 0
            played += 1
        if terminations.any():
            obs, _ = env.reset(options={"reset_mask": terminations})
    return wins / games, draws / games


def test_positions(count: int, seed: int) -> List[reversi.Game]:
    """Positions with 12 to 22 empty squares and a move to choose, from games
    between two alpha-beta bots opened by 4 random moves."""
    rng = np.random.default_rng(seed)
    black = reversi.Bot("alphabeta:depth=4", seed=seed)
    white = reversi.Bot("alphabeta:depth=4", seed=seed + 1)
    positions: List[reversi.Game] = []
    while len(positions) < count:
        game = reversi.Game("6x6")
        for _ in range(4):
            game.play(int(rng.choice(game.legal_actions())))
        while not game.is_over():
            empty = 36 - sum(game.scores())
            if 12 <= empty <= 22 and not game.must_pass() and rng.random() < 0.3:
                positions.append(game.copy())
            game.play((black if game.to_move == 0 else white).choose(game))
    return positions[:count]


def optimal(game: reversi.Game, action: int) -> bool:
    """Whether ``action`` keeps the exact value of ``game``'s position."""
    _, best, _ = reversi.solve(game)
    after = game.copy()
    after.play(action)
    if after.is_over():
        value = after.scores()[game.to_move] - after.scores()[1 - game.to_move]
        # Empty squares go to the winner.
        empty = 36 - sum(after.scores())
        value += empty if value > 0 else -empty if value < 0 else 0
    else:
        _, reply, _ = reversi.solve(after)
        value = reply if after.to_move == game.to_move else -reply
    return value == best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--timesteps", type=int, default=200_000)
    parser.add_argument("--games", type=int, default=400, help="games against each bot")
    parser.add_argument("--positions", type=int, default=300, help="positions for the solver check")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.set_num_threads(1)

    env = make_vec_env(
        "reversi/Reversi-v0",
        n_envs=8,
        seed=args.seed,
        env_kwargs={"rules": "6x6", "opponent": "random", "player": "random"},
    )
    model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=256, seed=args.seed, verbose=0)
    started = time.perf_counter()
    model.learn(total_timesteps=args.timesteps)
    print(f"trained {args.timesteps} steps in {time.perf_counter() - started:.0f} s")

    for opponent in ("random", "greedy", "mobility"):
        wins, draws = win_rate(model, opponent, args.games, args.seed + 1)
        print(f"against {opponent:<9} wins {wins:.1%}, draws {draws:.1%} ({args.games} games)")

    positions = test_positions(args.positions, args.seed + 2)
    rng = np.random.default_rng(args.seed + 3)
    agent = random = 0
    for game in positions:
        obs = game.observation()[None]
        action, _ = model.predict(obs, action_masks=game.legal_mask()[None], deterministic=True)
        agent += optimal(game, int(action[0]))
        random += optimal(game, int(rng.choice(game.legal_actions())))
    print(
        f"solver-optimal moves: agent {agent / len(positions):.1%}, "
        f"uniformly random {random / len(positions):.1%} ({len(positions)} positions, 12-22 empty)"
    )


if __name__ == "__main__":
    main()
