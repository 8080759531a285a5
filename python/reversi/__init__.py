"""Reversi for every board, option and player count, from the Rust library ``reversi``.

- ``Rules`` and ``Game``: the game in Python's idioms, with undo/redo, history,
  loading of every text format and WTHOR databases, and evaluation features.
- ``read_games``/``open_games``: the games of a GGF archive or a file of records,
  one ``GameEntry`` at a time (a bad game is an entry with its error);
  ``wthor_games`` and ``wthor_names``: WTHOR databases with their names files;
  ``write_wthor`` (with ``wthor_header``/``WthorHeader``) and
  ``write_wthor_names`` write them.
- One action numbering for learning: ``row * width + column`` over the board's
  bounding grid, then the pass (8x8: squares 0-63, pass 64, as OpenSpiel).
- ``Game.observation()``: planes ``(players + 4, width, width)`` from the mover's
  point of view; ``augment`` maps (observation, policy, mask) through any of the
  eight symmetries together.
- ``VecEnv``: many games stepped in Rust, with actions sampled in Rust;
  ``random_games``: whole random games in one call.
- ``Bot`` and ``solve``: the engine crate's bots (random, greedy, mobility, MCTS,
  alpha-beta) and its exact 8x8 endgame solver; ``Bot.think`` gives a ``Choice``,
  the move with the bot's value of it and the value's unit.
- Errors: every error is a ``ReversiError`` (a ``ValueError``) whose message is
  the Rust library's; ``IllegalMoveError`` (a move the game refuses, the game
  unchanged), ``RulesError`` (rules or options that make no game) and
  ``RecordError`` (a text or file that does not read) say which kind.
- ``reversi.envs``: PettingZoo and Gymnasium environments (install the package with its ``envs`` extra: ``pip install "./python[envs]"`` from the repository).
"""

from __future__ import annotations

from typing import Tuple, Union

import numpy as np

from reversi._reversi import (
    SYMMETRIES,
    Bot,
    Choice,
    Game,
    GameEntry,
    GameReader,
    Ply,
    IllegalMoveError,
    RecordError,
    ReversiError,
    RulesError,
    Rules,
    VecEnv,
    WthorHeader,
    open_games,
    random_games,
    read_games,
    read_wthor,
    solve,
    symmetry_permutation,
    wthor_games,
    wthor_header,
    wthor_names,
    write_wthor,
    write_wthor_names,
)

__all__ = [
    "SYMMETRIES",
    "Bot",
    "Choice",
    "Game",
    "GameEntry",
    "GameReader",
    "Ply",
    "ReversiError",
    "IllegalMoveError",
    "RulesError",
    "RecordError",
    "Rules",
    "VecEnv",
    "WthorHeader",
    "augment",
    "open_games",
    "random_games",
    "read_games",
    "read_wthor",
    "solve",
    "symmetry_permutation",
    "wthor_games",
    "wthor_header",
    "wthor_names",
    "write_wthor",
    "write_wthor_names",
]


def augment(
    observation: np.ndarray,
    policy: np.ndarray,
    mask: np.ndarray,
    symmetry: Union[int, str],
) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Maps an observation, a policy and a legal mask through one symmetry together.

    ``observation`` has shape ``(..., channels, width, width)``; ``policy`` and
    ``mask`` have ``(..., width * width + 1)`` entries (the last, the pass, stays
    where it is). Leading batch dimensions are kept. ``symmetry`` is an index 0-7
    or a name of ``SYMMETRIES`` (``"rotate90"`` turns the board clockwise). The
    result is what the transformed position gives: ``augment(g.observation(), p,
    g.legal_mask(), s)[0] == g.transform(s).observation()``.
    """
    observation = np.asarray(observation)
    policy = np.asarray(policy)
    mask = np.asarray(mask)
    if observation.ndim < 3 or observation.shape[-1] != observation.shape[-2]:
        raise ReversiError(
            f"an observation is (..., channels, width, width), not {observation.shape}"
        )
    width = observation.shape[-1]
    squares = width * width
    for name, array in (("policy", policy), ("mask", mask)):
        if array.ndim < 1 or array.shape[-1] != squares + 1:
            raise ReversiError(
                f"{name} has {array.shape[-1] if array.ndim else 0} entries, "
                f"not {squares + 1} (the squares of a {width}x{width} grid and the pass)"
            )
    batch = observation.shape[:-3]
    for name, array in (("policy", policy), ("mask", mask)):
        if array.shape[:-1] != batch:
            raise ReversiError(
                f"{name} has batch dimensions {array.shape[:-1]}, the observation {batch}"
            )
    image = np.asarray(symmetry_permutation(width, symmetry))
    source = np.empty(squares, dtype=np.intp)
    source[image] = np.arange(squares)
    planes = observation.reshape(observation.shape[:-2] + (squares,))[..., source]
    with_pass = np.append(source, squares)
    return (
        planes.reshape(observation.shape),
        policy[..., with_pass],
        mask[..., with_pass],
    )


def __dir__() -> list[str]:
    """The package's names, without the helpers it imports (numpy, typing)."""
    return sorted(__all__)
