"""Differential test against OpenSpiel's ``othello`` on random 8x8 games."""

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the open_spiel package is not installed")

import reversi  # noqa: E402


@pytest.mark.parametrize("seed", range(300))
def test_same_legal_actions_and_results(seed):
    rng = random.Random(seed)
    state = pyspiel.load_game("othello").new_initial_state()
    game = reversi.Game()
    while not state.is_terminal():
        legal = state.legal_actions()
        assert game.legal_actions() == legal
        assert game.to_move == state.current_player()
        action = rng.choice(legal)
        state.apply_action(action)
        game.play(action)
    assert game.is_over() and game.legal_actions() == []
    assert game.rewards() == state.returns()
