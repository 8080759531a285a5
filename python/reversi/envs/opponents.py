"""Built-in opponents for the Gymnasium environment: uniform random and greedy."""

from __future__ import annotations

from typing import Callable, Dict

import numpy as np

from reversi import Game


def random_action(game: Game, rng: np.random.Generator) -> int:
    """A legal action drawn uniformly."""
    legal = game.legal_actions()
    return int(legal[int(rng.integers(len(legal)))])


def greedy_action(game: Game, rng: np.random.Generator) -> int:
    """The legal action that leaves the mover the best disc count right after it
    (the most discs, or the fewest in Anti-Reversi); ties drawn uniformly."""
    legal = game.legal_actions()
    mover = game.to_move
    sign = -1 if game.rules.anti else 1
    values = []
    for action in legal:
        after = game.copy()
        after.play(action)
        values.append(sign * after.scores()[mover])
    best = max(values)
    choices = [a for a, v in zip(legal, values) if v == best]
    return int(choices[int(rng.integers(len(choices)))])


OPPONENTS: Dict[str, Callable[[Game, np.random.Generator], int]] = {
    "random": random_action,
    "greedy": greedy_action,
}
