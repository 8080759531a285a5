"""A plain reference of the rules (RULES.md of the repository), written for the
tests and sharing nothing with the Rust engine: a dict of cells, lines walked one
square at a time."""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

COLORS = ["B", "W", "R", "G"]
DIRECTIONS = [(dc, dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dc, dr) != (0, 0)]
OCTAGON_CUT = {
    (0, 0), (1, 0), (0, 1), (8, 0), (9, 0), (9, 1),
    (0, 8), (0, 9), (1, 9), (9, 8), (8, 9), (9, 9),
}

Square = Tuple[int, int]  # (column, row)


def square_of(name: str) -> Square:
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def name_of(square: Square) -> str:
    return f"{chr(ord('a') + square[0])}{square[1] + 1}"


class Reference:
    """A position with the rules that matter for move generation."""

    def __init__(self, board: str, players: int, anti: bool, blocked: List[str]):
        self.width = {"6x6": 6, "8x8": 8, "10x10": 10, "octagon": 10}[board]
        self.players = players
        self.anti = anti
        w = self.width
        self.squares = [
            (c, r) for r in range(w) for c in range(w)
            if not (board == "octagon" and (c, r) in OCTAGON_CUT)
        ]
        self.cells: Dict[Square, str] = {s: "-" for s in self.squares}
        for name in blocked:
            self.cells[square_of(name)] = "#"
        h = w // 2
        top_left, top_right = (h - 1, h - 1), (h, h - 1)
        bottom_left, bottom_right = (h - 1, h), (h, h)
        if players == 2:
            self.cells[top_left] = self.cells[bottom_right] = "W"
            self.cells[top_right] = self.cells[bottom_left] = "B"
        else:
            # Clockwise from the top-left centre square: B, W, R, then G or Neutral.
            order = [top_left, top_right, bottom_right, bottom_left]
            fourth = "G" if players == 4 else "N"
            for square, disc in zip(order, ["B", "W", "R", fourth]):
                self.cells[square] = disc
        self.to_move = 0

    def mover(self) -> str:
        return COLORS[self.to_move]

    def flips(self, square: Square, mover: str) -> List[Square]:
        if self.cells.get(square) != "-":
            return []
        flipped: List[Square] = []
        for dc, dr in DIRECTIONS:
            line: List[Square] = []
            c, r = square[0] + dc, square[1] + dr
            while True:
                cell = self.cells.get((c, r))
                if cell is None or cell in "-#":
                    line = []
                    break
                if cell == mover:
                    break
                if self.players == 2 and cell == "N":
                    line = []
                    break
                line.append((c, r))
                c, r = c + dc, r + dr
            flipped += line
        return flipped

    def flipping_moves(self, mover: str) -> List[Square]:
        return [s for s in self.squares if self.flips(s, mover)]

    def touching(self) -> List[Square]:
        found = []
        for (c, r) in self.squares:
            if self.cells[(c, r)] != "-":
                continue
            if any(self.cells.get((c + dc, r + dr), "-") not in "-#" for dc, dr in DIRECTIONS):
                found.append((c, r))
        return found

    def legal(self) -> Optional[List[Square]]:
        """The moves of the player to move; [] for a pass, None when the game is over."""
        mover = self.mover()
        moves = self.flipping_moves(mover)
        if self.players == 2:
            if moves:
                return moves
            other = COLORS[1 - self.to_move]
            return [] if self.flipping_moves(other) else None
        if moves:
            return moves
        touching = self.touching()
        return touching if touching else None

    def legal_actions(self) -> List[int]:
        moves = self.legal()
        if moves is None:
            return []
        if not moves:
            return [self.width * self.width]
        return sorted(r * self.width + c for c, r in moves)

    def play(self, action: int) -> List[str]:
        """Plays an action the reference finds legal; returns the flipped names."""
        mover = self.mover()
        flipped: List[Square] = []
        if action != self.width * self.width:
            square = (action % self.width, action // self.width)
            flipped = self.flips(square, mover)
            self.cells[square] = mover
            for s in flipped:
                self.cells[s] = mover
        self.to_move = (self.to_move + 1) % self.players
        return sorted(name_of(s) for s in flipped)

    def scores(self) -> List[int]:
        return [sum(1 for v in self.cells.values() if v == color) for color in COLORS[: self.players]]

    def outcome(self) -> str:
        scores = self.scores()
        best = min(scores) if self.anti else max(scores)
        winners = [i for i, s in enumerate(scores) if s == best]
        names = ["black", "white", "red", "green"]
        return names[winners[0]] if len(winners) == 1 else "draw"

    def perft(self, depth: int) -> int:
        if depth == 0:
            return 1
        actions = self.legal_actions()
        if not actions:
            return 1
        total = 0
        for action in actions:
            saved = dict(self.cells), self.to_move
            self.play(action)
            total += self.perft(depth - 1)
            self.cells, self.to_move = saved
        return total
