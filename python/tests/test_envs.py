"""The environments pass PettingZoo's and Gymnasium's own checks."""

import importlib
import subprocess
import sys
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the envs extra (pettingzoo) is not installed")
pytest.importorskip("gymnasium", reason="the envs extra (gymnasium) is not installed")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

# The module (the package's name of it is its function state_test); its
# functions stay out of this module's names, where pytest would collect them.
state_checks = importlib.import_module("pettingzoo.test.state_test")

import reversi  # noqa: E402
import reversi.envs  # noqa: E402,F401  (registers reversi/Reversi-v0)
from reversi.envs import reversi_v0  # noqa: E402
from reversi.envs.gymnasium_env import ReversiEnv  # noqa: E402

RULES = ["6x6", "8x8", "10x10", "octagon", "8x8, 3 players", "octagon, 4 players", "10x10, 4 players, anti, blocked a1"]


@pytest.mark.parametrize("rules", RULES)
def test_pettingzoo_api_and_seed(rules):
    api_test(reversi_v0.env(rules=rules), num_cycles=300)
    seed_test(lambda render_mode=None: reversi_v0.env(rules=rules, render_mode=render_mode))


def test_pettingzoo_game_to_the_end():
    env = reversi_v0.env(rules="octagon, 4 players")
    env.reset(seed=0)
    assert env.agents == ["player_0", "player_1", "player_2", "player_3"]
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        assert obs["observation"].shape == (8, 10, 10)
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    game = env.unwrapped.game
    assert game.is_over()
    assert list(totals.values()) == game.rewards()


def test_pettingzoo_state_before_reset_has_no_player_to_move():
    env = reversi_v0.raw_env()
    state = env.state()
    np.testing.assert_array_equal(state[:6], reversi.Game("8x8").observation(0))
    assert not state[6:].any()
    env.reset()
    assert env.state()[6].all() and not env.state()[7].any()


def test_pettingzoo_illegal_move_loses():
    env = reversi_v0.env()
    env.reset()
    env.step(0)  # a1: illegal at the start
    assert env.rewards["player_0"] == -1
    assert all(env.terminations.values())
    # The move is not played, and no agent is shown a legal move any more, nor
    # a player to move in the state.
    assert env.unwrapped.game.moves == []
    assert not env.state()[6:].any()
    for agent in env.agent_iter():
        obs, _, terminated, _, _ = env.last()
        assert terminated and not obs["action_mask"].any()
        env.step(None)


def test_pettingzoo_mask_is_all_zeros_at_the_end():
    env = reversi_v0.env(rules="6x6")
    env.reset()
    rng = np.random.default_rng(1)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        assert obs["action_mask"].dtype == np.int8
        if terminated or truncated:
            assert not obs["action_mask"].any()
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.unwrapped.game.is_over()


@pytest.mark.parametrize("rules", RULES)
def test_pettingzoo_state_passes_its_checks(rules):
    env = reversi_v0.env(rules=rules)
    with warnings.catch_warnings():
        # The checks only warn: a state out of shape, all zeros, of another class.
        warnings.simplefilter("error")
        state_checks.test_state_space(env)
        state_checks.test_state(env, num_cycles=200)


@pytest.mark.parametrize("rules", ["8x8", "8x8, 3 players", "octagon, 4 players, blocked c1 j4"])
def test_pettingzoo_state_is_every_agents_view_and_the_mover(rules):
    env = reversi_v0.env(rules=rules)
    env.reset(seed=0)
    game = reversi.Game(rules)
    players = game.rules.players
    assert env.unwrapped.state_space.shape == (2 * players + 4, game.rules.width, game.rules.width)
    rng = np.random.default_rng(3)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        state = env.state()
        assert state.dtype == np.float32 and env.unwrapped.state_space.contains(state)
        # The same state whoever looks: each agent's observation is its turn of it.
        for k, name in enumerate(env.possible_agents):
            view = env.unwrapped.observe(name)["observation"]
            for j in range(players):
                np.testing.assert_array_equal(view[j], state[(k + j) % players])
            np.testing.assert_array_equal(view[players:], state[players : players + 4])
        movers = state[players + 4 :]
        if game.is_over():
            assert not movers.any()
        else:
            # One plane a player, all ones for the one to move (a Game played alike).
            assert movers.all(axis=(1, 2)).tolist() == [k == game.to_move for k in range(players)]
            assert not movers[np.arange(players) != game.to_move].any()
        if terminated or truncated:
            env.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
        game.play(action)
    assert game.is_over() and env.unwrapped.game == game


@pytest.mark.parametrize("rules", ["8x8", "6x6, anti", "octagon, 4 players"])
@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_gymnasium_check_env(rules, opponent):
    env = gymnasium.make("reversi/Reversi-v0", rules=rules, opponent=opponent, player=1)
    check_env(env.unwrapped)


@pytest.mark.parametrize(("rules", "opponent"), [("8x8", "alphabeta:depth=1"), ("octagon, 3 players", "mcts:playouts=10")])
def test_gymnasium_check_env_with_an_engine_bot(rules, opponent):
    env = gymnasium.make("reversi/Reversi-v0", rules=rules, opponent=opponent, player=1)
    check_env(env.unwrapped)


def test_gymnasium_refuses_bots_that_do_not_play_the_rules():
    with pytest.raises(ValueError):
        gymnasium.make("reversi/Reversi-v0", rules="8x8, 4 players", opponent="alphabeta")
    with pytest.raises(ValueError):
        gymnasium.make("reversi/Reversi-v0", opponent="minimax")


def test_gymnasium_episode():
    env = gymnasium.make("reversi/Reversi-v0", rules="10x10", opponent="greedy")
    obs, info = env.reset(seed=3)
    assert obs.shape == (6, 10, 10)
    done, reward = False, 0.0
    rng = np.random.default_rng(3)
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
        assert not info["illegal"]
    game = env.unwrapped.game
    assert game.is_over() and reward == game.rewards()[0]
    assert info["action_mask"].dtype == np.int8 and not info["action_mask"].any()
    obs, info = env.reset(seed=3)
    before = env.unwrapped.game.copy()
    _, reward, terminated, _, info = env.step(0)  # a1, illegal
    assert terminated and reward == -1.0 and info["illegal"]
    # The illegal move is not played, and the mask is all zeros as at a normal end.
    assert env.unwrapped.game == before
    assert not info["action_mask"].any()
    # The episode is over: no more steps until reset, and the game is unchanged.
    with pytest.raises(reversi.ReversiError, match="reset"):
        env.step(int(before.legal_actions()[0]))
    assert env.unwrapped.game == before


def test_gymnasium_refuses_actions_that_are_not_actions():
    env = ReversiEnv("8x8", opponent="random")
    with pytest.raises(reversi.ReversiError, match="reset"):
        env.step(19)  # before reset
    env.reset(seed=1)
    before = str(env.game)
    for bad in (37.9, True, np.bool_(True), "d3", None):
        with pytest.raises(TypeError, match="integer"):
            env.step(bad)
    for bad in (-1, 65, 999):
        with pytest.raises(reversi.ReversiError, match="not in 0-64"):
            env.step(bad)
    assert str(env.game) == before
    # numpy integers and 0-d integer arrays are actions.
    _, _, _, _, info = env.step(np.int64(19))
    assert not info["illegal"]
    env.reset(seed=1)
    _, _, _, _, info = env.step(np.array(19))
    assert not info["illegal"]
    env.reset(seed=1)
    _, _, _, _, info = env.step(np.array([19]))  # shape (1,), as some libraries pass
    assert not info["illegal"]
    with pytest.raises(TypeError, match="integer"):
        env.step(np.array([19, 26]))


def test_greedy_takes_the_most_discs():
    game = reversi.Game()
    for m in ["f5", "d6", "c3", "d3", "c4"]:
        game.play(m)
    action = reversi.envs.greedy_action(game, np.random.default_rng(0))
    best = 0
    for a in game.legal_actions():
        after = game.copy()
        after.play(a)
        best = max(best, after.scores()[game.to_move])
    after = game.copy()
    after.play(action)
    assert after.scores()[game.to_move] == best


@pytest.mark.parametrize(
    "module, missing",
    [("reversi.envs.reversi_v0", "pettingzoo"), ("reversi.envs.gymnasium_env", "gymnasium")],
)
def test_without_the_envs_extra_the_error_says_what_to_install(module, missing):
    # A module set to None in sys.modules cannot be imported, as if not installed.
    script = f"""
import sys
sys.modules[{missing!r}] = None
try:
    import {module}
except ImportError as e:
    print(e)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert f"{module} needs the envs extra ({missing} is missing)" in done.stdout, done
    assert 'pip install "./python[envs]"' in done.stdout


def test_gymnasium_player_none_is_black_and_random_is_drawn() -> None:
    gym = pytest.importorskip("gymnasium")
    import reversi.envs  # noqa: F401

    env = gym.make("reversi/Reversi-v0", rules="6x6", player=None)
    env.reset(seed=0)
    assert env.unwrapped.player == 0
    env = gym.make("reversi/Reversi-v0", rules="6x6", player="random")
    seats = set()
    for seed in range(16):
        env.reset(seed=seed)
        seats.add(env.unwrapped.player)
        # The agent is to move (the opponent played first when the agent is White).
        assert env.unwrapped.game.to_move == env.unwrapped.player
    assert seats == {0, 1}
