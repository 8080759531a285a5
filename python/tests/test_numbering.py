"""One numbering in every language: the records of tests/data/numbering/ give,
through Python, the index (action) and name of every move that the Rust API
(tests/it/numbering.rs) and the C ABI (tests/it/c_abi.rs) give, from the same
``.indices`` files."""

from pathlib import Path

import pytest

import reversi
from conftest import DATA

RECORDS = sorted((DATA / "numbering").glob("*.txt"))


def test_every_variant_has_a_record() -> None:
    assert len(RECORDS) >= 10


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_every_move_has_the_index_and_name_rust_and_c_give(record: Path) -> None:
    expected = [
        (int(index), name)
        for index, name in (line.split() for line in record.with_suffix(".indices").read_text().splitlines())
    ]
    game = reversi.Game.load(record.read_text())
    rules = game.rules
    got = [(ply.action, ply.move) for ply in game.history]
    assert got == expected
    width = int(rules.board.split("x")[0]) if rules.board != "octagon" else 10
    assert rules.pass_action == width * width
    for index, name in expected:
        assert rules.action(name) == index
        assert rules.move_name(index) == name
