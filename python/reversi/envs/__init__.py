"""Environments over ``reversi.Game`` (install the package with its ``envs``
extra: ``pip install "./python[envs]"`` from the repository; ``reversi`` on PyPI
is another project).

- ``reversi.envs.reversi_v0``: a PettingZoo AEC environment for 2-4 players,
  ``reversi_v0.env(rules="octagon, 4 players")``.
- ``reversi/Reversi-v0``: a Gymnasium environment, one agent against built-in
  opponents, registered when this package is imported:
  ``gymnasium.make("reversi/Reversi-v0", rules="10x10", opponent="greedy")``.
"""

import operator

import numpy as np

from reversi.envs.opponents import OPPONENTS, greedy_action, random_action


def _action(action: object) -> int:
    """An agent's action as an int: an integer, a numpy integer or an integer
    array of one element; anything else (a float, a bool) is a ``TypeError``."""
    if isinstance(action, np.ndarray) and action.size == 1 and action.dtype.kind in "iu":
        # An array of one integer, as some agent libraries pass it.
        action = action.reshape(())
    if isinstance(action, (bool, np.bool_)):
        raise TypeError(f"an action is an integer, not {action!r}")
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"an action is an integer, not {action!r}") from None


def _extra_missing(module: str, error: ImportError) -> ImportError:
    """The error for an environment module imported without the envs extra."""
    return ImportError(
        f"{module} needs the envs extra ({error.name} is missing): "
        'pip install "./python[envs]" from the repository'
    )


__all__ = ["OPPONENTS", "greedy_action", "random_action"]

try:
    import gymnasium
except ImportError:  # the envs extra is not installed: nothing to register
    pass
else:
    if "reversi/Reversi-v0" not in gymnasium.registry:
        gymnasium.register(
            id="reversi/Reversi-v0",
            entry_point="reversi.envs.gymnasium_env:ReversiEnv",
            vector_entry_point="reversi.envs.vector:ReversiVectorEnv",
        )
