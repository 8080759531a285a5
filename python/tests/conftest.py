import os
import sys
from pathlib import Path

# The reference rules live next to the tests.
sys.path.insert(0, os.path.dirname(__file__))

# The repository's test data (perft tables, WTHOR files).
DATA = Path(__file__).resolve().parents[2] / "tests" / "data"

# Every board and player count, with and without Anti-Reversi and blocked squares.
VARIANTS = [
    "6x6",
    "8x8",
    "10x10",
    "octagon",
    "8x8, anti",
    "8x8, blocked a1 c7",
    "6x6, anti, blocked b1",
    "8x8, 3 players",
    "8x8, 4 players",
    "10x10, 3 players, anti",
    "10x10, 4 players, blocked a1 j10 c3",
    "octagon, 3 players",
    "octagon, 4 players, anti",
    "octagon, blocked b2 i9",
    "octagon, 4 players, blocked c1 j4",
]
