"""Bad input raises typed exceptions (never a panic), pickling, threads."""

import copy
import pickle
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reversi

EXPECTED = (reversi.ReversiError, ValueError, TypeError)


@settings(max_examples=300, deadline=None)
@given(text=st.text())
def test_any_text_reads_or_raises(text):
    for read in (reversi.Rules, reversi.Game.load, reversi.Game.from_position):
        try:
            read(text)
        except EXPECTED:
            pass


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=400))
def test_any_bytes_read_as_wthor_or_raise(data):
    header = bytes([0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0xDF, 0x07, 8, 0, 0, 0])
    for blob in (data, header + data):
        try:
            games = reversi.read_wthor(blob)
        except reversi.ReversiError:
            continue
        assert all(isinstance(g, reversi.Game) for g in games)


@settings(max_examples=300, deadline=None)
@given(
    move=st.one_of(
        st.integers(-(2**70), 2**70),
        st.text(max_size=5),
        st.none(),
        st.floats(),
        st.booleans(),
        st.lists(st.integers(), max_size=2),
    )
)
def test_any_move_plays_or_raises(move):
    for text in ("8x8", "octagon, 4 players"):
        game = reversi.Game(text)
        before = game.copy()
        try:
            game.play(move)
        except EXPECTED:
            assert game == before


def test_bad_arguments_raise_the_documented_types():
    with pytest.raises(reversi.ReversiError, match="too few squares"):
        reversi.Rules("6x6, 3 players")
    with pytest.raises(reversi.ReversiError):
        reversi.Rules(players=300)
    with pytest.raises(reversi.ReversiError):
        reversi.Rules(board="9x9")
    # Values that exclude each other are a clash of values, not of types.
    with pytest.raises(reversi.ReversiError, match="not both"):
        reversi.Rules("8x8", players=3)
    with pytest.raises(reversi.ReversiError, match="not both"):
        reversi.Rules(board="8x8", blocked="random", blocked_seed=3)
    with pytest.raises(reversi.ReversiError, match="not both"):
        reversi.random_games(3, "6x6", game=reversi.Game("6x6"))
    with pytest.raises(TypeError):
        reversi.Rules(blocked=5)
    with pytest.raises(TypeError):
        reversi.Game(42)
    with pytest.raises(TypeError):
        reversi.Game().play(None)
    with pytest.raises(reversi.ReversiError, match="action 65 is not in 0-64 on the 8x8 board"):
        reversi.Game().play(65)
    with pytest.raises(reversi.ReversiError, match="action -1 is not in 0-64"):
        reversi.Game().play(-1)
    with pytest.raises(reversi.ReversiError, match="action -1 is not in 0-100 on the octagon board"):
        reversi.Rules("octagon").move_name(-1)
    with pytest.raises(reversi.ReversiError, match="occupied"):
        reversi.Game().play("d4")
    with pytest.raises(reversi.ReversiError):
        reversi.Game().observation(2)
    # Every error of a bad value is a ReversiError (a ValueError), the
    # extension's and the Python layer's alike.
    with pytest.raises(reversi.ReversiError):
        reversi.Game().transform("spin")
    with pytest.raises(reversi.ReversiError):
        reversi.Game().transform(8)
    with pytest.raises(reversi.ReversiError):
        reversi.VecEnv(0)
    with pytest.raises(reversi.ReversiError, match="threads"):
        reversi.VecEnv(4, threads=10**6)
    with pytest.raises(reversi.ReversiError, match="obs_dtype"):
        reversi.VecEnv(4, obs_dtype="float64")
    with pytest.raises(reversi.ReversiError):
        reversi.symmetry_permutation(7, 0)
    with pytest.raises(reversi.ReversiError):
        reversi.augment(np.zeros((6, 8, 8)), np.zeros(64), np.zeros(65), 0)
    with pytest.raises(reversi.ReversiError, match="batch"):
        reversi.augment(np.zeros((3, 6, 8, 8)), np.zeros((2, 65)), np.zeros((3, 65)), 0)
    with pytest.raises(reversi.ReversiError):
        reversi.wthor_names(b"", "x")
    # A square or a corner named twice is refused, not read as one.
    with pytest.raises(reversi.ReversiError, match="named twice"):
        reversi.Rules(blocked=["a1", "a1"])
    with pytest.raises(reversi.ReversiError, match="handicap corner a1 is named twice"):
        reversi.Rules(handicap="black a1 a1")
    # A corner square of another board is refused, not moved to this board's corner.
    with pytest.raises(reversi.ReversiError, match="b2 is not a corner of the 8x8 board"):
        reversi.Rules(handicap="black b2")
    with pytest.raises(reversi.ReversiError, match="h1 is not a corner of the octagon board"):
        reversi.Rules("--board octagon --handicap black:h1")
    assert reversi.Rules(board="octagon", handicap="black b2").handicap == "black top-left"
    assert issubclass(reversi.ReversiError, ValueError)


def test_negative_counts_indexes_and_seeds_raise_overflow_error():
    # As the README says: Python's own error for an unsigned argument.
    for call in (
        lambda: reversi.Game().go_to(-1),
        lambda: reversi.Game().observation(-1),
        lambda: reversi.VecEnv(-5),
        lambda: reversi.random_games(2, seed=-1),
        lambda: reversi.Rules(blocked_seed=-1),
        lambda: reversi.Bot("random", seed=-1),
    ):
        with pytest.raises(OverflowError):
            call()


def test_counts_too_large_for_memory_raise_memory_error():
    # An exception the caller can catch, not a panic or an abort.
    for count in (2**62, 10**14):
        with pytest.raises(MemoryError, match="do not fit"):
            reversi.VecEnv(count)
        with pytest.raises(MemoryError, match="do not fit"):
            reversi.VecEnv(count, observations=False)
        with pytest.raises(MemoryError, match="do not fit"):
            reversi.random_games(count)


def played(text, moves):
    game = reversi.Game(text)
    for _ in range(moves):
        game.play(game.legal_actions()[len(game.history) % len(game.legal_actions())])
    return game


@pytest.mark.parametrize(
    "text", ["8x8", "octagon, 4 players, anti", "10x10, 3 players, blocked a1 c9", "8x8, free opening"]
)
def test_pickling_and_copies_keep_the_whole_game(text):
    game = played(text, 12)
    game.undo()
    game.undo()
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(game, protocol))
        assert back == game
        assert back.redo_moves == game.redo_moves and back.moves == game.moves
        assert back.rules == game.rules
    assert pickle.loads(pickle.dumps(game.rules)) == game.rules
    clone = copy.deepcopy(game)
    assert clone == game and clone is not game
    clone.redo()
    # Equality covers the whole line (as a save does), not where the game stands.
    assert clone.move_count == 11 and game.move_count == 10
    assert clone.moves != game.moves


def test_pickling_a_game_from_a_position():
    game = reversi.Game.from_position(
        "--------/--------/--------/---WB---/---BBB--/--------/--------/-------- W"
    )
    game.play(game.legal_actions()[0])
    back = pickle.loads(pickle.dumps(game))
    assert back == game and str(back) == str(game)


def test_threads_give_the_results_of_one_thread():
    def work(seed):
        env = reversi.VecEnv(64, rules="10x10", seed=seed)
        env.reset()
        total = np.zeros(2)
        for _ in range(100):
            _, rewards, _, _ = env.step(env.sample())
            total += rewards.sum(axis=0)
        games = reversi.random_games(300, "octagon", seed=seed)
        return total.tolist(), games.sum(axis=0).tolist(), reversi.Game("8x8").perft(6)

    alone = [work(seed) for seed in range(4)]
    results = [None] * 4

    def run(i):
        results[i] = work(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == alone


def test_a_shared_game_across_threads_stays_consistent():
    game = reversi.Game("10x10")
    errors = []

    def reader():
        try:
            for _ in range(2000):
                assert len(game.legal_mask()) == 101
                game.observation()
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=reader) for _ in range(3)]
    for t in threads:
        t.start()
    for _ in range(40):
        if game.is_over():
            break
        game.play(game.legal_actions()[0])
    for t in threads:
        t.join()
    assert errors == []
