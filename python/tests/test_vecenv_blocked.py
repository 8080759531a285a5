"""VecEnv games on their own blocked squares: drawn anew for each game with
``random_blocked``, or given to ``reset``; checked against ``Game``s of the same
rules played alike."""

import numpy as np
import pytest

import mirror
import reversi


def central(rules):
    """The squares of the central 4x4, which are never blocked."""
    width = int(str(rules).split("x")[0]) if str(rules)[0].isdigit() else 10
    low = width // 2 - 2
    return {
        f"{chr(ord('a') + column)}{row + 1}"
        for column in range(low, low + 4)
        for row in range(low, low + 4)
    }


class Mirror(mirror.Mirror):
    """A game the VecEnv starts is taken from ``env.game(i)`` (its drawn rules);
    the rules of the starts seen are kept in ``starts``, and their moves in
    ``opened``."""

    def __init__(self, env):
        super().__init__(env)
        self.starts = []
        self.opened = []

    def fresh(self, i):
        game = self.env.game(i)
        self.starts.append(game.rules)
        self.opened.append(game.moves)
        return game

    def start(self, i):
        self.games[i] = self.fresh(i)

    def reset(self, **kwargs):
        out = self.env.reset(**kwargs)
        indices = kwargs.get("indices")
        chosen = range(self.env.num_envs) if indices is None else list(indices)
        for i in chosen:
            self.start(i)
        if indices is None:
            self.ended = []
        self.check(*out)
        return out


@pytest.mark.parametrize("threads", [1, 3])
@pytest.mark.parametrize("text", ["8x8", "6x6, anti", "octagon, 3 players"])
def test_each_game_is_played_on_squares_blocked_at_random_drawn_anew(text, threads):
    env = reversi.VecEnv(5, rules=text, seed=11, threads=threads, random_blocked=True)
    mirror = Mirror(env)
    for i in range(5):
        mirror.start(i)
    mirror.check(env.observe(), env.legal_masks())
    ends = 0
    for _ in range(250):
        ends += int(mirror.step().sum())
    assert ends >= 10
    blocked = [tuple(rules.blocked) for rules in mirror.starts]
    assert len(blocked) == 5 + ends
    assert all(moves == [] for moves in mirror.opened)
    for rules, squares in zip(mirror.starts, blocked):
        # The VecEnv's rules, on squares of their own: 1 to 4, never central.
        assert str(rules).startswith(str(env.rules))
        assert 1 <= len(squares) <= 4
        assert not set(squares) & central(env.rules)
    # Drawn anew for each game, not once for each place in the VecEnv.
    assert len(set(blocked)) >= len(blocked) - 2
    assert {len(squares) for squares in blocked} == {1, 2, 3, 4}
    assert env.rules.blocked == []
    # The games replay from their records, blocked squares included.
    for i in range(5):
        assert reversi.Game.load(env.game(i).to_record()) == env.game(i)


def test_the_same_seed_draws_the_same_squares_on_any_number_of_threads():
    def run(threads):
        env = reversi.VecEnv(7, rules="8x8", seed=5, threads=threads, random_blocked=True)
        out = []
        for step in range(200):
            out.append(env.step(env.sample())[2])
            if step == 120:
                env.reset(indices=[6, 2])
        return np.stack(out), [env.game(i).to_record() for i in range(7)]

    one = run(1)
    assert one[0].sum() >= 7
    for threads in (2, 7):
        many = run(threads)
        np.testing.assert_array_equal(one[0], many[0])
        assert one[1] == many[1]
    # Another seed, other squares.
    other = reversi.VecEnv(7, rules="8x8", seed=6, random_blocked=True)
    seeded = reversi.VecEnv(7, rules="8x8", seed=5, random_blocked=True)
    assert [other.game(i).rules for i in range(7)] != [seeded.game(i).rules for i in range(7)]


def test_reset_draws_anew_for_the_games_it_starts():
    env = reversi.VecEnv(6, rules="10x10", seed=2, random_blocked=True)
    mirror = Mirror(env)
    mirror.reset()
    for _ in range(20):
        mirror.step()
    before = [env.game(i).rules for i in range(6)]
    mirror.reset(indices=[4, 1])
    after = [env.game(i).rules for i in range(6)]
    assert [after[i] == before[i] for i in range(6)] == [True, False, True, True, False, True]
    # A seed given to reset draws the same squares again.
    mirror.reset(seed=9)
    drawn = [env.game(i).rules for i in range(6)]
    mirror.reset(seed=9)
    assert [env.game(i).rules for i in range(6)] == drawn


def test_a_given_game_keeps_its_own_squares_until_reset_draws_again():
    env = reversi.VecEnv(3, rules="6x6", seed=4, random_blocked=True)
    mirror = Mirror(env)
    given = reversi.Game(reversi.Rules("6x6, blocked a1 f6"))
    given.play("c2")
    mirror.reset()
    mirror.reset(indices=[1], games=given)
    ends = 0
    for _ in range(120):
        ends += int(mirror.step()[1])
        assert env.game(1).rules == given.rules
    assert ends >= 2
    assert env.game(1).moves[0] == "c2"
    mirror.reset(indices=[1])
    assert env.game(1).rules != given.rules and env.game(1).moves == []


def test_games_given_to_reset_may_have_blocked_squares_of_their_own():
    # Without random_blocked: each game on the squares of the game given for it,
    # which it restarts from.
    env = reversi.VecEnv(4, rules="8x8", seed=1)
    mirror = Mirror(env)
    given = [reversi.Game(reversi.Rules(board="8x8", blocked_seed=seed)) for seed in range(4)]
    assert len({g.rules for g in given}) == 4
    mirror.reset(games=given)
    ends = 0
    for _ in range(150):
        ends += int(mirror.step().sum())
    assert ends >= 4
    assert [env.game(i).rules for i in range(4)] == [g.rules for g in given]
    for i, game in mirror.ended:
        assert game.rules == given[i].rules
    # The blocked squares may differ; the board, players and variant may not.
    for text in ["8x8, anti, blocked a1", "10x10, blocked a1", "8x8, 3 players, blocked a1"]:
        with pytest.raises(reversi.ReversiError, match="has the rules"):
            env.reset(games=reversi.Game(text))


def test_random_blocked_takes_rules_without_blocked_squares():
    with pytest.raises(reversi.ReversiError, match="random_blocked: .*blocked"):
        reversi.VecEnv(2, rules="8x8, blocked c1", random_blocked=True)
    # Without it, the rules' own blocked squares are every game's.
    env = reversi.VecEnv(2, rules="8x8, blocked c1", seed=3)
    for _ in range(100):
        env.step(env.sample())
    assert all(env.game(i).rules.blocked == ["c1"] for i in range(2))
