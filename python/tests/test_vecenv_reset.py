"""VecEnv.reset of some games, and games started from given positions, checked
against ``Game``s played alike."""

import random

import numpy as np
import pytest

import mirror
import reversi


def opening(text, moves):
    """A game of ``text`` after ``moves``."""
    game = reversi.Game(text)
    for move in moves:
        game.play(move)
    return game


def random_opening(text, seed, plies):
    rng = random.Random(seed)
    game = reversi.Game(text)
    while game.move_count < plies:
        game.play(rng.choice(game.legal_actions()))
    assert not game.is_over()
    return game


class Mirror(mirror.Mirror):
    """``starts[i]`` is the game game ``i`` restarts from (``None``: the rules'
    start)."""

    def __init__(self, env):
        super().__init__(env)
        self.rules = env.rules
        self.starts = [None] * env.num_envs
        self.games = [reversi.Game(self.rules) for _ in range(env.num_envs)]

    def fresh(self, i):
        start = self.starts[i]
        return reversi.Game(self.rules) if start is None else start.copy()

    def reset(self, indices=None, games=None, given=None):
        """``env.reset(indices=indices, games=games)``; ``given`` is what each game
        started should start from (defaults to ``games``)."""
        given = games if given is None else given
        chosen = range(self.env.num_envs) if indices is None else list(indices)
        for k, i in enumerate(chosen):
            start = given[k] if isinstance(given, list) else given
            self.starts[i] = None if start is None else start.copy()
            self.games[i] = self.fresh(i)
        if indices is None:
            self.ended = []
        out = self.env.reset(indices=indices, games=games)
        self.check(*out)
        return out

    def check(self, obs, masks):
        super().check(obs, masks)
        assert self.env.to_move.tolist() == [g.to_move for g in self.games]
        assert self.env.scores().tolist() == [g.scores() for g in self.games]


@pytest.mark.parametrize("threads", [1, 3])
@pytest.mark.parametrize("text", ["8x8", "6x6, anti, blocked b1", "octagon, 4 players"])
def test_reset_of_some_games_leaves_the_others(text, threads):
    env = reversi.VecEnv(7, rules=text, seed=4, threads=threads)
    mirror = Mirror(env)
    mirror.reset()
    ends = 0
    for step in range(300):
        terminated = mirror.step()
        ends += int(terminated.sum())
        if step % 30 == 4:
            # As a trainer truncating games: every third game here, with the
            # games that ended in this step among them.
            chosen = sorted(set(range(step % 3, 7, 3)) | set(np.flatnonzero(terminated).tolist()))
            before = env.observe(), env.legal_masks()
            obs, masks = mirror.reset(indices=np.array(chosen, dtype=np.int32))
            others = [i for i in range(7) if i not in chosen]
            np.testing.assert_array_equal(obs[others], before[0][others])
            np.testing.assert_array_equal(masks[others], before[1][others])
    assert ends >= 7
    # Nothing to start again: nothing changes.
    before = [env.game(i) for i in range(7)]
    mirror.reset(indices=[])
    assert [env.game(i) for i in range(7)] == before


def test_games_that_ended_stay_whole_after_a_reset_of_some():
    env = reversi.VecEnv(5, rules="6x6", seed=1)
    mirror = Mirror(env)
    mirror.reset()
    given = opening("6x6", ["c2", "b2"])
    while not mirror.step().any():
        pass
    ended = [i for i, _ in mirror.ended]
    # The games that ended get another start, twice: finished() still gives each
    # as it was played, from the start it had then.
    mirror.reset(indices=ended, games=given)
    mirror.reset(indices=list(reversed(range(5))), games=[opening("6x6", ["c2"])] * 5)
    assert [i for i, _ in env.finished()] == ended
    # A reset of every game empties it.
    mirror.reset()
    assert env.finished() == []


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("text", ["8x8", "10x10, 3 players, blocked a1 c9", "octagon, 4 players"])
def test_games_start_and_restart_from_given_games(text, threads):
    env = reversi.VecEnv(6, rules=text, seed=7, threads=threads)
    mirror = Mirror(env)
    one = random_opening(text, 1, 6)
    mirror.reset(games=one)
    # Each game its own opening, some of them from the standard start.
    openings = [random_opening(text, seed, plies) for seed, plies in [(2, 3), (3, 0), (4, 11), (5, 1)]]
    mirror.reset(indices=[5, 0, 2, 3], games=openings)
    restarts = 0
    for step in range(200):
        terminated = mirror.step()
        restarts += int(terminated[[0, 2, 3, 5]].sum())
        if step == 100:
            # Back at the rules' start, which then sticks.
            mirror.reset(indices=[2])
    assert restarts >= 4
    # Every game replays from its record, the opening moves included.
    for i in range(6):
        record = env.game(i).to_record()
        assert reversi.Game.load(record) == env.game(i)
    for i, game in env.finished():
        assert reversi.Game.load(game.to_record()) == game


def test_a_given_game_starts_from_its_own_start():
    # A game from a position string: its start is that position, not the rules'.
    start = reversi.Game.from_position(
        "--------/--------/---BW---/--BBBW--/--WBBB--/---BW---/--------/-------- W"
    )
    assert start.rules == reversi.Rules("8x8")
    start.play(start.legal_actions()[0])
    env = reversi.VecEnv(3, seed=2)
    mirror = Mirror(env)
    mirror.reset(indices=[1], games=[start])
    for _ in range(150):
        mirror.step()
    game = env.game(1)
    assert game.history[0].move == start.moves[0]


def test_a_given_game_is_copied_without_its_redo_moves_tags_or_result():
    given = opening("8x8", ["f5", "d6", "c3", "d3"])
    given.undo()
    given.set_tag("Black", "Someone")
    given.set_ply_comment(0, "the usual")
    env = reversi.VecEnv(2, seed=3)
    env.reset(games=given)
    game = env.game(0)
    assert game.moves == ["f5", "d6", "c3"] and game.redo_moves == [] and game.tags == {}
    assert game.history[0].comment == "the usual"
    # A copy: playing on the given game changes none of the VecEnv's.
    given.play(given.legal_actions()[0])
    assert env.game(1).moves == ["f5", "d6", "c3"]


def test_a_given_game_where_the_mover_must_pass():
    rng = random.Random(0)
    while True:
        game = reversi.Game("6x6")
        while not game.is_over() and not game.must_pass():
            game.play(rng.choice(game.legal_actions()))
        if game.must_pass() and not game.is_over():
            break
    env = reversi.VecEnv(2, rules="6x6", seed=1)
    mirror = Mirror(env)
    _, masks = mirror.reset(indices=[1], games=game)
    assert masks[1].tolist() == [a == 36 for a in range(37)]
    mirror.step([env.sample()[0], 36])


def test_reset_refuses_bad_indices_and_games_and_starts_none():
    env = reversi.VecEnv(4, seed=5)
    env.reset(games=opening("8x8", ["f5"]))
    env.step(env.sample())
    before = [env.game(i) for i in range(4)], env.observe(), env.legal_masks()
    given = opening("8x8", ["f5", "d6"])
    over = reversi.Game.from_position("/".join(["BBBBBBBB"] * 7 + ["BBBBBBB-"]) + " W")
    assert over.is_over() and over.rules == env.rules
    bad = [
        ({"indices": [4]}, "indices: 4 is not a game \\(0-3\\)"),
        ({"indices": [-1]}, "indices: -1 is not a game"),
        ({"indices": [0, 2, 0]}, "indices: game 0 is named twice"),
        ({"indices": [0.0, 1.0]}, "indices are integers, not float64"),
        ({"indices": np.array([True, False, True, False])}, "indices are integers, not bool"),
        ({"indices": [[0, 1]]}, "indices are a one-dimensional array of integers"),
        ({"indices": "01"}, "indices are integers"),
        ({"games": reversi.Game("8x8, anti")}, "the game has the rules 8x8, 2 players, anti"),
        ({"games": over}, "the game is over"),
        ({"games": [given] * 3}, "3 games for 4 games to start"),
        ({"indices": [1, 3], "games": [given, over]}, "games\\[1\\] is over"),
        ({"indices": [1], "games": [reversi.Game("6x6")]}, "games\\[0\\] has the rules 6x6"),
        ({"indices": [1], "games": ["f5 d6"]}, "games\\[0\\] is not a Game"),
        ({"games": "f5 d6"}, "games is a Game or a sequence of Games"),
        ({"games": 3}, "games is a Game or a sequence of Games"),
        ({"indices": [1, 5], "games": given}, "indices: 5 is not a game"),
    ]
    for kwargs, message in bad:
        with pytest.raises(reversi.ReversiError, match=message):
            env.reset(**kwargs)
        assert [env.game(i) for i in range(4)] == before[0]
        np.testing.assert_array_equal(env.observe(), before[1])
        np.testing.assert_array_equal(env.legal_masks(), before[2])
    # A reset that fails leaves the random source too.
    first = env.sample()
    with pytest.raises(reversi.ReversiError):
        env.reset(seed=1, indices=[9])
    twin = reversi.VecEnv(4, seed=5)
    twin.reset(games=opening("8x8", ["f5"]))
    twin.step(twin.sample())
    np.testing.assert_array_equal(twin.sample(), first)
    np.testing.assert_array_equal(twin.sample(), env.sample())


def test_reset_of_some_games_with_a_seed_seeds_the_samples_again():
    env = reversi.VecEnv(3, seed=5)
    env.reset()
    env.reset(seed=8, indices=[1])
    drawn = env.sample()
    env.reset(seed=8, indices=[2])
    np.testing.assert_array_equal(env.sample(), drawn)


def test_threads_play_the_same_games_from_given_starts():
    def run(threads):
        env = reversi.VecEnv(9, rules="octagon, 3 players", seed=6, threads=threads)
        mirror = Mirror(env)
        mirror.reset(indices=[8, 1, 4], games=[random_opening("octagon, 3 players", s, 5) for s in range(3)])
        out = []
        for step in range(90):
            out.append(mirror.step())
            if step % 20 == 7:
                mirror.reset(indices=[step % 7, 7], games=random_opening("octagon, 3 players", step, 4))
        return np.stack(out), [env.game(i).to_record() for i in range(9)]

    one = run(1)
    for threads in (2, 4):
        many = run(threads)
        np.testing.assert_array_equal(one[0], many[0])
        assert one[1] == many[1]
