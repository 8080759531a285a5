"""Errors by kind: each is a ReversiError and a ValueError, of the subclass that
says what was wrong, with the Rust library's message, and the game unchanged."""

import pytest

import reversi
from reversi import IllegalMoveError, RecordError, ReversiError, RulesError


@pytest.mark.parametrize("kind", [IllegalMoveError, RulesError, RecordError])
def test_every_kind_is_a_reversi_error_and_a_value_error(kind: type) -> None:
    assert issubclass(kind, ReversiError)
    assert issubclass(kind, ValueError)
    assert kind.__doc__


def test_an_illegal_move_is_an_illegal_move_error_and_changes_nothing() -> None:
    game = reversi.Game()
    before = game.position()
    with pytest.raises(IllegalMoveError, match="a1 flips nothing"):
        game.play("a1")
    with pytest.raises(IllegalMoveError):
        game.play(64)  # the pass, not due
    with pytest.raises(IllegalMoveError, match="not in 0-64"):
        game.play(65)
    with pytest.raises(IllegalMoveError):
        game.play("k1")  # not a square name
    with pytest.raises(IllegalMoveError):
        game.cell("pass")
    with pytest.raises(IllegalMoveError):
        game.rules.action("j10")  # not on the 8x8 grid
    assert game.position() == before
    assert game.move_count == 0


def test_rules_that_make_no_game_are_rules_errors() -> None:
    with pytest.raises(RulesError):
        reversi.Rules("9x9")
    with pytest.raises(RulesError, match="6x6"):
        reversi.Rules("6x6, 3 players")
    with pytest.raises(RulesError):
        reversi.Rules(players=5)


def test_texts_that_do_not_read_are_record_errors() -> None:
    with pytest.raises(RecordError):
        reversi.Game.load("f5 d6 zz")
    with pytest.raises(RecordError):
        reversi.Game.from_position("not a position")


def test_the_kinds_are_told_apart() -> None:
    caught = []
    for attempt in (lambda: reversi.Game().play("a1"), lambda: reversi.Rules("9x9"), lambda: reversi.Game.load("f5 zz")):
        try:
            attempt()
        except ReversiError as error:
            caught.append(type(error))
    assert caught == [IllegalMoveError, RulesError, RecordError]
