"""The board as an RGB image, for the environments' ``render_mode="rgb_array"``."""

from __future__ import annotations

import numpy as np

from reversi import Game

CELL = 32
"""Pixels a square."""

# Disc colours in turn order (black, white, red, green), the Neutral disc, the
# board, a blocked square, a square the octagon lacks and the grid lines.
_DISCS = np.array([(20, 20, 20), (240, 240, 240), (210, 40, 40), (90, 200, 70)], np.uint8)
_NEUTRAL = np.array((140, 140, 140), np.uint8)
_BOARD = np.array((25, 95, 60), np.uint8)
_BLOCKED = np.array((90, 60, 35), np.uint8)
_MISSING = np.array((0, 0, 0), np.uint8)
_LINE = np.array((10, 50, 30), np.uint8)

_y, _x = np.mgrid[0:CELL, 0:CELL] + 0.5
_DISC = (_x - CELL / 2) ** 2 + (_y - CELL / 2) ** 2 <= (CELL * 0.4) ** 2


def board_image(game: Game) -> np.ndarray:
    """The position of ``game`` as an image, ``(width * 32, width * 32, 3)``
    uint8: the board green, each player's discs in its colour (black, white,
    red, green), the Neutral disc grey, blocked squares brown, and the squares
    the octagon lacks black."""
    planes = game.observation(0)
    players = game.rules.players
    width = planes.shape[-1]
    cells = np.empty((width, width, CELL, CELL, 3), np.uint8)
    cells[...] = _BOARD
    discs = [planes[p] for p in range(players)] + [planes[players]]
    colours = list(_DISCS[:players]) + [_NEUTRAL]
    for plane, colour in zip(discs, colours):
        rows, columns = np.nonzero(plane)
        for r, c in zip(rows, columns):
            cells[r, c][_DISC] = colour
    cells[planes[players + 2] > 0] = _BLOCKED
    cells[planes[players + 3] > 0] = _MISSING
    cells[:, :, 0, :] = _LINE
    cells[:, :, :, 0] = _LINE
    return cells.transpose(0, 2, 1, 3, 4).reshape(width * CELL, width * CELL, 3)
