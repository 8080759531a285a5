"""Observations, symmetry augmentation, VecEnv and whole random games."""

import random

import numpy as np
import pytest
from conftest import VARIANTS
from hypothesis import given, settings
from hypothesis import strategies as st

import reversi


def random_game(text, seed, plies=None):
    rng = random.Random(seed)
    game = reversi.Game(text)
    limit = rng.randrange(0, 80) if plies is None else plies
    while not game.is_over() and game.move_count < limit:
        game.play(rng.choice(game.legal_actions()))
    return game


def planes_by_hand(game, player):
    """The documented channel order, written square by square."""
    rules = game.rules
    width, players = rules.width, rules.players
    expected = np.zeros((players + 4, width, width), np.float32)
    for row in range(width):
        for column in range(width):
            cell = game.cell(rules.move_name(row * width + column))
            if cell is None:
                expected[players + 3, row, column] = 1
            elif cell == "neutral":
                expected[players, row, column] = 1
            elif cell == "empty":
                expected[players + 1, row, column] = 1
            elif cell == "blocked":
                expected[players + 2, row, column] = 1
            else:
                owner = rules.colors.index(cell)
                expected[(owner - player) % players, row, column] = 1
    return expected


@pytest.mark.parametrize("text", VARIANTS)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_observation_channels(text, seed):
    game = random_game(text, seed)
    obs = game.observation()
    assert obs.dtype == np.float32 and obs.shape == game.rules.observation_shape
    np.testing.assert_array_equal(obs, planes_by_hand(game, game.to_move))
    for player in range(game.rules.players):
        np.testing.assert_array_equal(game.observation(player), planes_by_hand(game, player))
    # Every square of the grid is in exactly one plane.
    np.testing.assert_array_equal(obs.sum(axis=0), np.ones(obs.shape[1:]))


@pytest.mark.parametrize("text", VARIANTS)
@pytest.mark.parametrize("symmetry", range(8))
def test_augment_matches_the_transformed_position(text, symmetry):
    game = random_game(text, 1000 + symmetry, plies=9)
    image = game.transform(symmetry)
    width = game.rules.width
    policy = np.arange(width * width + 1, dtype=np.float32)
    obs, new_policy, mask = reversi.augment(game.observation(), policy, game.legal_mask(), symmetry)
    np.testing.assert_array_equal(obs, image.observation())
    np.testing.assert_array_equal(mask, image.legal_mask())
    perm = reversi.symmetry_permutation(width, symmetry)
    for square in range(width * width):
        assert new_policy[perm[square]] == policy[square]
    assert new_policy[-1] == policy[-1]
    # Batched in one call: the same result for each row.
    batch = reversi.augment(
        np.stack([game.observation()] * 3), np.stack([policy] * 3), np.stack([game.legal_mask()] * 3), symmetry
    )
    np.testing.assert_array_equal(batch[0][2], obs)
    np.testing.assert_array_equal(batch[2][1], mask)


def test_symmetry_names():
    assert reversi.SYMMETRIES[1] == "rotate90"
    game = reversi.Game()
    game.play("f5")
    # A quarter turn clockwise takes f5 (column 5, row 4) to column 8-1-4=3, row 5: d6.
    turned = game.transform("rotate90")
    assert turned.cell("d6") == "black" and turned.cell("f5") == "empty"
    assert reversi.augment(game.observation(), np.zeros(65), game.legal_mask(), "identity")[2].tolist() == game.legal_mask().tolist()


def replay_in_games(env, games, steps, rng_seed):
    """Steps ``env`` with its own samples and mirrors every game in a ``Game``."""
    obs, masks = env.reset()
    for _ in range(steps):
        for i, game in enumerate(games):
            np.testing.assert_array_equal(obs[i], game.observation())
            np.testing.assert_array_equal(masks[i], game.legal_mask())
        actions = env.sample()
        obs, rewards, terminated, masks = env.step(actions)
        for i, game in enumerate(games):
            game.play(int(actions[i]))
            assert terminated[i] == game.is_over()
            if game.is_over():
                np.testing.assert_array_equal(rewards[i], game.rewards())
                games[i] = reversi.Game(game.rules)
            else:
                assert not rewards[i].any()
    return obs


@pytest.mark.parametrize("text", ["8x8", "6x6, anti", "octagon, 4 players", "10x10, 3 players, blocked a1 c9"])
def test_vecenv_follows_the_rules_and_resets(text):
    env = reversi.VecEnv(5, rules=text, seed=11)
    games = [reversi.Game(text) for _ in range(5)]
    replay_in_games(env, games, 150, 11)
    assert env.num_envs == 5 and env.num_actions == env.rules.num_actions


def test_vecenv_seeds_reproduce_runs():
    def run(seed):
        env = reversi.VecEnv(16, rules="octagon, 3 players", seed=seed)
        env.reset()
        out = []
        for _ in range(60):
            actions = env.sample()
            out.append(actions)
            env.step(actions)
        return np.stack(out), env.observe()

    a, b, c = run(5), run(5), run(6)
    np.testing.assert_array_equal(a[0], b[0])
    np.testing.assert_array_equal(a[1], b[1])
    assert not np.array_equal(a[0], c[0])
    env = reversi.VecEnv(4, seed=1)
    env.reset(seed=9)
    first = env.sample()
    env.reset(seed=9)
    np.testing.assert_array_equal(env.sample(), first)


def test_sample_with_a_policy():
    env = reversi.VecEnv(3, seed=2)
    _, masks = env.reset()
    policy = np.zeros((3, 65), np.float32)
    policy[:, 37] = 1.0  # f5, legal at the start
    policy[:, 0] = 100.0  # a1, illegal: ignored
    assert env.sample(policy).tolist() == [37, 37, 37]
    # All legal weights zero: uniform over the legal moves.
    drawn = {int(a) for _ in range(50) for a in env.sample(np.zeros((3, 65)))}
    assert drawn == {19, 26, 37, 44}
    # Proportional: 3:1 between two moves.
    policy = np.zeros((3, 65))
    policy[:, 19], policy[:, 44] = 3.0, 1.0
    counts = np.bincount(np.concatenate([env.sample(policy) for _ in range(2000)]), minlength=65)
    assert counts[[26, 37]].sum() == 0
    assert 2.5 < counts[19] / counts[44] < 3.6
    with pytest.raises(ValueError):
        env.sample(np.zeros((2, 65)))
    with pytest.raises(reversi.ReversiError):
        env.sample(-np.ones((3, 65)))


def test_step_rejects_bad_actions_and_changes_nothing():
    env = reversi.VecEnv(2, seed=3)
    obs, _ = env.reset()
    with pytest.raises(reversi.ReversiError, match="game 1"):
        env.step([37, 0])
    np.testing.assert_array_equal(env.observe(), obs)
    with pytest.raises(ValueError):
        env.step([37])
    with pytest.raises(reversi.ReversiError):
        env.step([37, 65])
    with pytest.raises((TypeError, ValueError)):
        env.step("ab")
    # Floats, strings and bools are refused (a wrong type), not truncated or
    # parsed; a wrong shape is a wrong value.
    for bad in ([19.9, 26.7], np.array(["19", "26"]), [True, False]):
        with pytest.raises(TypeError, match="actions are integers"):
            env.step(bad)
    with pytest.raises(reversi.ReversiError, match="one-dimensional"):
        env.step([[19, 26]])
    np.testing.assert_array_equal(env.observe(), obs)
    env.step(np.array([37, 19], dtype=np.int32))
    assert env.to_move.tolist() == [1, 1]
    assert env.game(0).moves == ["f5"] and env.game(0).cell("f5") == "black"
    assert env.scores().tolist() == [[4, 1], [4, 1]]


def test_step_names_the_refused_square_once():
    env = reversi.VecEnv(2, seed=3)
    env.reset()
    with pytest.raises(reversi.ReversiError) as refused:
        env.step([37, 0])
    assert str(refused.value) == "game 1: a1 flips nothing"
    with pytest.raises(reversi.ReversiError) as refused:
        env.step([64, 37])
    assert str(refused.value) == "game 0: black has a legal move and may not pass"


@pytest.mark.parametrize("threads", [1, 3])
@pytest.mark.parametrize("text", ["6x6", "6x6, anti, blocked b1", "8x8, 3 players", "octagon, 4 players"])
def test_vecenv_keeps_each_game_whole_and_gives_those_that_end(text, threads):
    env = reversi.VecEnv(7, rules=text, seed=5, threads=threads)
    env.reset()
    games = [reversi.Game(text) for _ in range(7)]
    ended = 0
    for _ in range(150):
        actions = env.sample()
        _, rewards, terminated, _ = env.step(actions)
        for game, action in zip(games, actions):
            game.play(int(action))
        finished = env.finished()
        assert [i for i, _ in finished] == np.flatnonzero(terminated).tolist()
        for i, whole in finished:
            # The whole game from its start, over, as it stood before its restart.
            assert whole == games[i] and whole.is_over()
            assert whole.rewards() == rewards[i].tolist()
            assert whole.result == games[i].result != "*"
            games[i] = reversi.Game(text)
            ended += 1
        for i in (0, 3, 6):
            assert env.game(i) == games[i]
    assert ended >= 7
    env.reset()
    assert env.finished() == [] and env.game(0) == reversi.Game(text)


def test_random_games_are_reproducible_and_finished():
    scores = reversi.random_games(200, "8x8", seed=4)
    assert scores.shape == (200, 2)
    np.testing.assert_array_equal(scores, reversi.random_games(200, reversi.Rules(), seed=4))
    assert (scores.sum(axis=1) <= 64).all() and (scores.sum(axis=1) > 10).all()
    four = reversi.random_games(50, "octagon, 4 players", seed=4)
    # Four players on the octagon always fill the 88 squares.
    assert (four.sum(axis=1) == 88).all()
    threaded = reversi.random_games(101, "10x10", seed=4, threads=2)
    assert threaded.shape == (101, 2)
    np.testing.assert_array_equal(threaded, reversi.random_games(101, "10x10", seed=4, threads=2))
    game = reversi.Game()
    for m in ["f5", "d6", "c3"]:
        game.play(m)
    from_game = reversi.random_games(20, game=game, seed=1)
    assert (from_game.sum(axis=1) > 6).all()
    with pytest.raises(reversi.ReversiError, match="rules or a game, not both"):
        reversi.random_games(2, "8x8", game=game)
    with pytest.raises(ValueError):
        reversi.random_games(2, threads=0)


def test_random_games_are_uniform_playouts():
    # Black's first move is uniform over four symmetric moves: the win rate of a
    # symmetric start is the same whatever the first move; check a coarse mean.
    scores = reversi.random_games(4000, seed=8)
    black_wins = (scores[:, 0] > scores[:, 1]).mean()
    assert 0.35 < black_wins < 0.6


@pytest.mark.parametrize("text", ["8x8", "octagon, 4 players", "10x10, 3 players, blocked a1 c9"])
def test_vecenv_observation_dtypes_hold_the_same_planes(text):
    envs = {
        "float32": reversi.VecEnv(6, rules=text, seed=4),
        "uint8": reversi.VecEnv(6, rules=text, seed=4, obs_dtype="uint8"),
        "bool": reversi.VecEnv(6, rules=text, seed=4, obs_dtype=np.bool_),
        "none": reversi.VecEnv(6, rules=text, seed=4, observations=False),
    }
    width = envs["float32"].rules.width
    outs = {k: env.reset() for k, env in envs.items()}
    for _ in range(120):
        reference = outs["float32"][0]
        assert reference.dtype == np.float32 and reference.any()
        for kind in ("uint8", "bool"):
            assert outs[kind][0].dtype == np.dtype(kind)
            np.testing.assert_array_equal(outs[kind][0].astype(np.float32), reference)
        assert outs["none"][0].shape == (6, 0, width, width)
        for kind in ("uint8", "bool", "none"):
            # The same games: rewards, flags and masks agree whatever the planes.
            for a, b in zip(outs[kind][1:], outs["float32"][1:]):
                np.testing.assert_array_equal(a, b)
        drawn = {k: env.sample() for k, env in envs.items()}
        actions = drawn["float32"]
        for kind in envs:
            assert drawn[kind].tolist() == actions.tolist()
        outs = {k: env.step(actions) for k, env in envs.items()}
    np.testing.assert_array_equal(envs["uint8"].observe(), envs["float32"].observe())


def test_vecenv_refuses_an_unknown_observation_dtype():
    for bad in ["float16", "int7", 3.5]:
        with pytest.raises((ValueError, TypeError)):
            reversi.VecEnv(2, obs_dtype=bad)


def test_step_arrays_are_new_at_each_call():
    env = reversi.VecEnv(2, seed=5)
    obs, masks = env.reset()
    kept = obs.copy(), masks.copy()
    obs2, _, _, masks2 = env.step(env.sample())
    assert not np.shares_memory(obs, obs2) and not np.shares_memory(masks, masks2)
    np.testing.assert_array_equal(obs, kept[0])
    np.testing.assert_array_equal(masks, kept[1])


@pytest.mark.parametrize("text", ["8x8", "octagon, 4 players", "6x6, anti, blocked b1"])
def test_vecenv_threads_play_the_same_games_as_one_thread(text):
    def run(threads, obs_dtype):
        env = reversi.VecEnv(37, rules=text, seed=11, obs_dtype=obs_dtype, threads=threads)
        steps = [env.reset()]
        rng = np.random.default_rng(2)
        for i in range(80):
            if i % 2:
                actions = env.sample()
            else:
                actions = env.sample(rng.random((37, env.num_actions), dtype=np.float32))
            steps.append(env.step(actions) + (actions,))
        return steps, env.scores(), env.to_move, [env.game(i).to_record() for i in (0, 18, 36)]

    for obs_dtype in ("float32", "uint8"):
        one, *one_rest = run(1, obs_dtype)
        for threads in (2, 3, 64):
            many, *many_rest = run(threads, obs_dtype)
            for a, b in zip(one, many):
                for x, y in zip(a, b):
                    np.testing.assert_array_equal(x, y)
            np.testing.assert_array_equal(one_rest[0], many_rest[0])
            np.testing.assert_array_equal(one_rest[1], many_rest[1])
            assert one_rest[2] == many_rest[2]


def test_vecenv_threads_refuse_bad_actions_naming_the_game_and_moving_none():
    env = reversi.VecEnv(6, seed=3, threads=3)
    obs, _ = env.reset()
    with pytest.raises(reversi.ReversiError, match="game 5"):
        env.step([37, 37, 37, 37, 37, 0])
    np.testing.assert_array_equal(env.observe(), obs)
    assert env.to_move.tolist() == [0] * 6
    policy = np.ones((6, 65), dtype=np.float32)
    policy[4, 37] = np.nan
    with pytest.raises(reversi.ReversiError, match=r"policy\[4, 37\]"):
        env.sample(policy)
    with pytest.raises(ValueError, match="threads"):
        reversi.VecEnv(4, threads=0)
