"""reversi_v0.parallel_env: PettingZoo's parallel API, its conversions to and
from the AEC env, and SuperSuit's bridge to vector trainers."""

from __future__ import annotations

from typing import Any, Dict

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test  # noqa: E402
from pettingzoo.test.state_test import state_test  # noqa: E402
from pettingzoo.utils.conversions import (  # noqa: E402
    parallel_to_aec,
    turn_based_aec_to_parallel,
)

from reversi import Game, ReversiError  # noqa: E402
from reversi.envs import reversi_v0  # noqa: E402

RULES = ["6x6", "8x8", "10x10, anti", "octagon", "8x8, 3 players", "octagon, 4 players"]


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("observation", ["dict", "planes"])
def test_parallel_api_and_seed_tests_pass(rules: str, observation: str) -> None:
    parallel_api_test(reversi_v0.parallel_env(rules=rules, observation=observation), num_cycles=300)
    parallel_seed_test(lambda: reversi_v0.parallel_env(rules=rules, observation=observation))


@pytest.mark.parametrize("rules", ["8x8", "octagon, 4 players"])
def test_conversions_to_and_from_the_aec_env(rules: str) -> None:
    api_test(parallel_to_aec(reversi_v0.parallel_env(rules=rules)), num_cycles=300)
    parallel_api_test(turn_based_aec_to_parallel(reversi_v0.env(rules=rules)), num_cycles=300)
    state_test(reversi_v0.env(rules=rules), reversi_v0.parallel_env(rules=rules))


def play_out(rules: str, observation: str, seed: int) -> None:
    """A whole game through the parallel env with masked random actions for
    every agent, checked against reversi.Game at each step."""
    env = reversi_v0.parallel_env(rules=rules, observation=observation)
    rng = np.random.default_rng(seed)
    observations, infos = env.reset(seed=seed)
    game = Game(rules)
    width, players = game.rules.width, game.rules.players
    while env.agents:
        actions: Dict[str, Any] = {}
        for player, agent in enumerate(env.possible_agents):
            seen = observations[agent]
            moving = player == game.to_move
            if observation == "dict":
                planes, mask = seen["observation"], seen["action_mask"]
                expected = np.zeros(game.rules.num_actions, np.int8)
                if moving:
                    expected[game.legal_actions()] = 1
                else:
                    expected[-1] = 1
                np.testing.assert_array_equal(mask, expected)
            else:
                assert seen.shape == (players + 6, width, width)
                planes = seen[: players + 4]
                legal = game.legal_mask()[:-1].reshape(width, width) if moving else 0
                np.testing.assert_array_equal(seen[players + 4], legal)
                assert (seen[players + 5] == (1.0 if moving else 0.0)).all()
                mask = np.append(seen[players + 4].reshape(-1), 0).astype(np.int8)
                if moving and not mask.any():
                    mask[-1] = 1
                if not moving:
                    mask[:] = 0
                    mask[-1] = 1
            np.testing.assert_array_equal(planes, game.observation(player))
            # A non-mover may submit anything: it is ignored.
            actions[agent] = int(rng.choice(np.flatnonzero(mask))) if moving else int(rng.integers(len(mask)))
        state = env.state()
        assert state[players + 4 + game.to_move].all()
        game.play(actions[env.possible_agents[game.to_move]])
        observations, rewards, terminations, truncations, infos = env.step(actions)
        assert env.game.moves == game.moves
        assert set(terminations.values()) == {game.is_over()}
        assert not any(truncations.values())
        expected_rewards = game.rewards() if game.is_over() else [0.0] * players
        assert list(rewards.values()) == expected_rewards
    assert game.is_over()
    assert not env.state()[players + 4 :].any()


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("observation", ["dict", "planes"])
def test_whole_games_match_the_game(rules: str, observation: str) -> None:
    for seed in range(3):
        play_out(rules, observation, seed)


def test_an_illegal_move_ends_the_game_for_its_player() -> None:
    env = reversi_v0.parallel_env(rules="8x8")
    env.reset()
    _, rewards, terminations, _, infos = env.step({"player_0": 0, "player_1": 64})
    assert rewards == {"player_0": -1.0, "player_1": 0.0}
    assert all(terminations.values()) and infos["player_0"]["illegal"]
    assert env.game.move_count == 0 and env.agents == []
    with pytest.raises(ReversiError, match="reset"):
        env.step({"player_0": 19})


def test_bad_actions_raise() -> None:
    env = reversi_v0.parallel_env(rules="8x8")
    env.reset()
    with pytest.raises(ReversiError, match="0-64"):
        env.step({"player_0": 65, "player_1": 64})
    with pytest.raises(ReversiError, match="player_0 is to move"):
        env.step({"player_1": 64})
    with pytest.raises(ReversiError, match="not an agent"):
        env.step({"player_0": 19, "player_7": 64})
    with pytest.raises(TypeError, match="an action is an integer, not 19.0"):
        env.step({"player_0": 19.0, "player_1": 64})
    # numpy integers and arrays of one integer are actions.
    env.step({"player_0": np.int64(19), "player_1": np.array([64])})
    assert env.game.move_count == 1
    env.reset()
    assert env.game.move_count == 0
    with pytest.raises(ReversiError, match="observation"):
        reversi_v0.parallel_env(observation="flat")


def test_supersuit_makes_a_vector_env_of_it() -> None:
    ss = pytest.importorskip("supersuit")
    env = reversi_v0.parallel_env(rules="6x6", observation="planes")
    env = ss.dtype_v0(env, np.float32)
    venv = ss.pettingzoo_env_to_vec_env_v1(env)
    venv = ss.concat_vec_envs_v1(venv, 3, num_cpus=0, base_class="gymnasium")
    observations, _ = venv.reset(seed=0)
    # Three games of two agents each.
    assert observations.shape == (6, 8, 6, 6)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(120):
        actions = []
        for seen in observations:
            legal = np.flatnonzero(seen[6].reshape(-1))
            if seen[7].all():
                actions.append(int(rng.choice(legal)) if legal.size else 36)
            else:
                actions.append(36)
        observations, rewards, terminations, truncations, _ = venv.step(np.array(actions))
        ended += int(terminations.sum())
        # An agent's reward at the end of a game is the opposite of the other's.
        for k in range(0, 6, 2):
            assert rewards[k] == -rewards[k + 1]
    assert ended > 0


def test_rgb_array_renders_the_board() -> None:
    gym = pytest.importorskip("gymnasium")
    import reversi.envs  # noqa: F401

    for env in (
        gym.make("reversi/Reversi-v0", rules="octagon", render_mode="rgb_array"),
        reversi_v0.parallel_env(rules="octagon", render_mode="rgb_array"),
    ):
        env.reset(seed=0)
        image = env.render()
        assert image.shape == (320, 320, 3) and image.dtype == np.uint8
        # e5 (row 4, column 4) holds a white disc at the start, f5 a black
        # one; a1 is a square the octagon lacks; b2 is empty board.
        centre = lambda row, column: tuple(image[row * 32 + 16, column * 32 + 16])  # noqa: E731
        assert centre(4, 4) == (240, 240, 240)
        assert centre(4, 5) == (20, 20, 20)
        assert centre(0, 0) == (0, 0, 0)
        assert centre(1, 1) == (25, 95, 60)
