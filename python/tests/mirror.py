"""A VecEnv and a ``Game`` for each of its games, played alike, for the VecEnv
tests: after each call the observations, masks, games and finished games must
be the ``Game``s'."""

import numpy as np


class Mirror:
    """``games[i]`` is game ``i`` as a ``Game``; a subclass says in ``fresh(i)``
    what game ``i`` starts as when it starts again."""

    def __init__(self, env):
        self.env = env
        self.games = [None] * env.num_envs
        self.ended = []

    def fresh(self, i):
        raise NotImplementedError

    def check(self, obs, masks):
        for i, game in enumerate(self.games):
            np.testing.assert_array_equal(obs[i], game.observation())
            np.testing.assert_array_equal(masks[i], game.legal_mask())
            assert self.env.game(i) == game
        assert self.env.finished() == self.ended

    def step(self, actions=None):
        """Steps the VecEnv with ``actions`` (drawn by ``sample()`` by default)
        and every game alike; returns the terminated flags."""
        actions = self.env.sample() if actions is None else actions
        obs, rewards, terminated, masks = self.env.step(actions)
        self.ended = []
        for i, game in enumerate(self.games):
            game.play(int(actions[i]))
            assert terminated[i] == game.is_over()
            if game.is_over():
                np.testing.assert_array_equal(rewards[i], game.rewards())
                self.ended.append((i, game))
                self.games[i] = self.fresh(i)
            else:
                assert not rewards[i].any()
        self.check(obs, masks)
        return terminated
