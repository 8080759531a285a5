"""reversi.envs.vector.ReversiVectorEnv: a gymnasium.vector.VectorEnv whose
games, the opponent's moves included, are stepped in Rust. Every step is checked
against the games replayed move by move with ``reversi.Game``."""

from __future__ import annotations

from typing import Any, Dict, List

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.vector import AutoresetMode, VectorEnv  # noqa: E402
from gymnasium.wrappers import vector as vector_wrappers  # noqa: E402

import reversi.envs  # noqa: E402,F401  (registers reversi/Reversi-v0)
from reversi import Game, IllegalMoveError, ReversiError  # noqa: E402
from reversi.envs.vector import ReversiVectorEnv  # noqa: E402

RULES = [
    "6x6",
    "8x8",
    "10x10",
    "octagon",
    "8x8, anti",
    "8x8, 3 players",
    "octagon, 4 players",
    "10x10, 4 players",
]


def masked_random(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """One legal action per game, drawn uniformly from the masks."""
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks])


def check_against_games(env: ReversiVectorEnv, obs: np.ndarray, masks: np.ndarray) -> None:
    """Each game's observation and mask are what reversi.Game gives for the
    agent's seat in the game replayed from its line."""
    players = env.players()
    ended = env._games.ended()
    for i in range(env.num_envs):
        game = env.game(i)
        np.testing.assert_array_equal(obs[i], game.observation(int(players[i])), err_msg=f"game {i}")
        if ended[i]:
            assert game.is_over()
            assert masks[i].sum() == 1 and masks[i][-1]
        else:
            assert not game.is_over()
            assert game.to_move == players[i]
            np.testing.assert_array_equal(masks[i], game.legal_mask(), err_msg=f"game {i}")


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("opponent", ["random", "greedy", "mobility"])
def test_steps_match_the_games_replayed(rules: str, opponent: str) -> None:
    env = ReversiVectorEnv(6, rules, opponent=opponent, player="random", seed=7)
    rng = np.random.default_rng(1)
    obs, infos = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    check_against_games(env, obs, env.action_masks())
    endings = 0
    for _ in range(80):
        actions = masked_random(rng, env.action_masks())
        before = [env.game(i) for i in range(env.num_envs)]
        ended_before = env._games.ended()
        obs, rewards, terminations, truncations, infos = env.step(actions)
        assert obs.dtype == np.float32 and rewards.dtype == np.float32
        assert not truncations.any()
        masks = env.action_masks()
        assert masks.dtype == np.bool_
        np.testing.assert_array_equal(infos["action_mask"], masks.astype(np.int8))
        assert infos["action_mask"].dtype == np.int8
        check_against_games(env, obs, masks)
        for i in range(env.num_envs):
            game = env.game(i)
            if ended_before[i]:
                # NEXT_STEP: a new game, the action ignored.
                assert rewards[i] == 0 and not terminations[i]
                assert game.move_count < before[i].move_count
                continue
            # The agent's move, then the opponent's, from where the game was.
            assert game.moves[: before[i].move_count] == before[i].moves
            assert game.history[before[i].move_count].action == actions[i]
            if terminations[i]:
                endings += 1
                assert game.is_over()
                assert rewards[i] == game.rewards()[int(env.players()[i])]
            else:
                assert rewards[i] == 0
    assert endings > 0


def test_the_greedy_opponent_flips_the_most() -> None:
    for rules in ("8x8", "8x8, anti", "octagon, 4 players"):
        env = ReversiVectorEnv(4, rules, opponent="greedy", player=0, seed=5)
        rng = np.random.default_rng(2)
        env.reset()
        for _ in range(40):
            env.step(masked_random(rng, env.action_masks()))
        for i in range(env.num_envs):
            game = env.game(i)
            sign = -1 if game.rules.anti else 1
            replay = Game(game.rules)
            for ply in game.history:
                if ply.player != 0 and ply.action != game.rules.pass_action:
                    counts = {}
                    for action in replay.legal_actions():
                        after = replay.copy()
                        counts[action] = len(after.play(action))
                    assert sign * counts[ply.action] == max(sign * c for c in counts.values())
                replay.play(ply.action)


def test_a_seed_gives_the_same_games() -> None:
    def run(seed: int) -> List[str]:
        env = ReversiVectorEnv(5, "8x8", opponent="random", player="random", random_blocked=True)
        env.reset(seed=seed)
        rng = np.random.default_rng(0)
        for _ in range(30):
            env.step(masked_random(rng, env.action_masks()))
        return [env.game(i).to_record() for i in range(env.num_envs)]

    assert run(11) == run(11)
    assert run(11) != run(12)


@pytest.mark.parametrize("opponent", ["mobility", "mcts:playouts=20", "alphabeta:depth=1"])
def test_a_seed_repeats_a_bot_opponent_too(opponent: str) -> None:
    """reset(seed=...) seeds the bot's own choices again, as the constructor's seed does."""

    def run(env: ReversiVectorEnv, seed: int) -> List[str]:
        env.reset(seed=seed)
        for _ in range(6):
            env.step(env.sample())
        return [env.game(i).to_record() for i in range(env.num_envs)]

    env = ReversiVectorEnv(3, "6x6", opponent=opponent, player=1, seed=99)
    first = run(env, 5)
    assert run(env, 5) == first
    assert run(ReversiVectorEnv(3, "6x6", opponent=opponent, player=1, seed=5), 5) == first


def test_random_seats_and_blocked_squares_vary() -> None:
    env = ReversiVectorEnv(32, "8x8", player="random", random_blocked=True, seed=1)
    seats = env.players()
    assert set(seats.tolist()) == {0, 1}
    blocked = {tuple(env.game(i).rules.blocked) for i in range(env.num_envs)}
    assert len(blocked) > 1 and all(1 <= len(b) <= 4 for b in blocked)
    obs, _ = env.reset(seed=2)
    # The blocked plane (channel players + 2) shows each game's own squares.
    for i in range(env.num_envs):
        game = env.game(i)
        assert obs[i, 4].sum() == len(game.rules.blocked)


def test_self_play_sees_and_rewards_the_mover() -> None:
    env = ReversiVectorEnv(4, "6x6", opponent="self", seed=3)
    rng = np.random.default_rng(4)
    obs, _ = env.reset()
    seen_rewards = 0
    for _ in range(60):
        movers = env.players()
        for i in range(env.num_envs):
            if not env._games.ended()[i]:
                assert env.game(i).to_move == movers[i]
        obs, rewards, terminations, _, _ = env.step(masked_random(rng, env.action_masks()))
        for i in np.flatnonzero(terminations):
            game = env.game(i)
            # The reward is the one of the player who made the last move.
            last = game.history[-1].player
            assert rewards[i] == game.rewards()[last]
            assert env.players()[i] == last
            seen_rewards += 1
    assert seen_rewards > 0
    with pytest.raises(ReversiError, match="every seat"):
        ReversiVectorEnv(2, opponent="self", player=1)


def test_same_step_gives_the_last_observation_in_infos() -> None:
    env = ReversiVectorEnv(8, "6x6", opponent="greedy", autoreset_mode="same_step", seed=9)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    rng = np.random.default_rng(5)
    env.reset()
    ended = 0
    for _ in range(60):
        obs, rewards, terminations, _, infos = env.step(masked_random(rng, env.action_masks()))
        finished = dict(env.finished())
        assert set(finished) == set(np.flatnonzero(terminations).tolist())
        if terminations.any():
            np.testing.assert_array_equal(infos["_final_obs"], terminations)
            np.testing.assert_array_equal(infos["_final_info"], terminations)
            assert not infos["final_info"]["action_mask"].any()
            for i, game in finished.items():
                ended += 1
                assert game.is_over()
                np.testing.assert_array_equal(infos["final_obs"][i], game.observation(int(env.players()[i])))
                assert rewards[i] == game.rewards()[int(env.players()[i])]
                # The new game is at the agent's first turn.
                assert env.game(i).move_count <= 1
        else:
            assert "final_obs" not in infos
        check_against_games(env, obs, env.action_masks())
    assert ended > 0


def test_disabled_waits_for_reset_mask() -> None:
    env = ReversiVectorEnv(6, "6x6", autoreset_mode=AutoresetMode.DISABLED, seed=1)
    rng = np.random.default_rng(6)
    env.reset()
    for _ in range(100):
        ended = env._games.ended()
        if ended.any():
            break
        env.step(masked_random(rng, env.action_masks()))
    assert ended.any()
    obs_before = env._games.observe()
    # A game that waits for reset has no legal action, and stepping it is refused.
    assert not env.action_masks()[ended].any()
    with pytest.raises(IllegalMoveError, match="is over"):
        env.step(masked_random(rng, np.maximum(env.action_masks(), ended[:, None])))
    np.testing.assert_array_equal(env._games.observe(), obs_before)
    lines = [env.game(i).moves for i in range(env.num_envs)]
    obs, infos = env.reset(options={"reset_mask": ended})
    for i in range(env.num_envs):
        if ended[i]:
            assert not env.game(i).is_over() and env.game(i).move_count <= 1
        else:
            assert env.game(i).moves == lines[i]
    assert not env._games.ended().any()
    with pytest.raises(ReversiError, match="reset_mask"):
        env.reset(options={"reset_mask": [True]})
    with pytest.raises(ReversiError, match="reset_masks"):
        env.reset(options={"reset_masks": ended})
    for seed in (-1, 2**64, 1.5, "1"):
        with pytest.raises(ReversiError, match="seed"):
            env.reset(seed=seed)  # type: ignore[arg-type]
    assert env.np_random_seed != -1


def test_an_illegal_action_moves_no_game() -> None:
    env = ReversiVectorEnv(3, "8x8", seed=2)
    obs, _ = env.reset()
    records = [env.game(i).to_record() for i in range(3)]
    actions = masked_random(np.random.default_rng(0), env.action_masks())
    actions[1] = 0  # a1: never legal at the start
    with pytest.raises(IllegalMoveError, match="game 1"):
        env.step(actions)
    assert [env.game(i).to_record() for i in range(3)] == records
    with pytest.raises(ReversiError, match="2 actions for 3 games"):
        env.step(actions[:2])
    with pytest.raises(TypeError):
        env.step(actions.astype(float))


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"opponent": "nobody"}, "nobody"),
        ({"opponent": "alphabeta", "rules": "8x8, 3 players"}, "3 players"),
        ({"player": 2}, "player 2"),
        ({"player": "first"}, "random"),
        ({"autoreset_mode": "later"}, "autoreset_mode"),
        ({"obs_dtype": "float16"}, "obs_dtype"),
        ({"rules": "9x9"}, "9x9"),
    ],
)
def test_bad_arguments_say_what_is_wrong(kwargs: Dict[str, Any], message: str) -> None:
    with pytest.raises(ReversiError, match=message):
        ReversiVectorEnv(2, **kwargs)


def test_make_vec_gives_it_and_the_vector_wrappers_work() -> None:
    env = gym.make_vec("reversi/Reversi-v0", num_envs=4, rules="6x6", opponent="greedy")
    assert isinstance(env, VectorEnv) and isinstance(env.unwrapped, ReversiVectorEnv)
    env = vector_wrappers.RecordEpisodeStatistics(env)
    env = vector_wrappers.ClipReward(env, min_reward=-0.5, max_reward=0.5)
    env = vector_wrappers.FlattenObservation(env)
    env = vector_wrappers.DtypeObservation(env, np.uint8)
    obs, infos = env.reset(seed=0)
    assert obs.shape == (4, 6 * 6 * 6) and obs.dtype == np.uint8
    rng = np.random.default_rng(0)
    returns: List[float] = []
    lengths: List[int] = []
    steps = np.zeros(4, dtype=int)
    for _ in range(100):
        obs, rewards, terminations, _, infos = env.step(masked_random(rng, env.unwrapped.action_masks()))
        assert obs.shape == (4, 216)
        assert np.all(np.abs(rewards) <= 0.5)
        steps += 1
        if "episode" in infos:
            for i in np.flatnonzero(infos["_episode"]):
                returns.append(float(infos["episode"]["r"][i]))
                lengths.append(int(infos["episode"]["l"][i]))
                assert infos["episode"]["l"][i] == steps[i]
        # NEXT_STEP: the step after the end starts a new episode.
        steps[env.unwrapped._games.ended()] = -1
    # The statistics are recorded inside the clipping: the game's own rewards.
    assert returns and set(returns) <= {-1.0, 0.0, 1.0}
    assert lengths and min(lengths) >= 6


def test_the_info_mask_is_a_copy() -> None:
    env = ReversiVectorEnv(2, "8x8", seed=1)
    _, infos = env.reset()
    infos["action_mask"][:] = 0
    assert env.action_masks().any(axis=1).all()


def test_uint8_observations_hold_the_same_planes() -> None:
    a = ReversiVectorEnv(4, "octagon, 4 players", seed=3)
    b = ReversiVectorEnv(4, "octagon, 4 players", seed=3, obs_dtype=np.uint8)
    assert b.single_observation_space.dtype == np.uint8
    oa, _ = a.reset(seed=1)
    ob, _ = b.reset(seed=1)
    np.testing.assert_array_equal(oa, ob.astype(np.float32))
    assert b.observation_space.contains(ob)
