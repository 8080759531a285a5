"""Random-play speed, side by side in one run: OpenSpiel's ``othello`` driven
from a Python loop, EnvPool's ``Othello-v1`` and pgx on CPU (when installed),
and this package's Python loop, ``ReversiVectorEnv`` (the Gymnasium vector env,
the opponent in Rust), ``VecEnv`` with ``sample()`` in Rust, and whole games in
Rust.

    python bench/bench.py [--seconds 1] [--rounds 3] [--no-pgx] [--rules 8x8 ...]

Not part of CI. Prints games per second, the processor's name and each row's
ratio to OpenSpiel and to EnvPool at the same number of environments. The rows
take turns for ``--rounds`` rounds and each gives its median round, so that the
load of a shared machine weighs on every row alike. The vector envs are driven
as EnvPool is: numpy draws a uniform legal action from the masks the env gives.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

import numpy as np

import reversi


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def rate(run, seconds):
    """Calls ``run()`` (which returns games finished) until ``seconds`` pass."""
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        games += run()
    return games / (time.perf_counter() - start)


def our_python_loop(rules):
    rng = random.Random(1)

    def run():
        game = reversi.Game(rules)
        while not game.is_over():
            game.play(rng.choice(game.legal_actions()))
        return 1

    return run


def openspiel_loop():
    import pyspiel

    game = pyspiel.load_game("othello")
    rng = random.Random(1)

    def run():
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        return 1

    return run


def vecenv_rust_sample(rules, num_envs=1024, **options):
    env = reversi.VecEnv(num_envs, rules=rules, seed=1, **options)
    env.reset()

    def run():
        finished = 0
        for _ in range(64):
            _, _, terminated, _ = env.step(env.sample())
            finished += int(terminated.sum())
        return finished

    return run


def vecenv_numpy_sample(rules, num_envs=1024):
    env = reversi.VecEnv(num_envs, rules=rules, seed=1)
    _, masks = env.reset()
    rng = np.random.default_rng(1)

    def run():
        nonlocal masks
        finished = 0
        for _ in range(64):
            # One uniform legal action per game: the arg-max of random keys on the legal entries.
            keys = np.where(masks, rng.random(masks.shape), -1.0)
            _, _, terminated, masks = env.step(keys.argmax(axis=1))
            finished += int(terminated.sum())
        return finished

    return run


def masked_uniform(rng, masks):
    """One uniform legal action per row of ``masks``: the arg-max of random keys
    on the legal entries."""
    return np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=1)


def vector_env(rules, num_envs=1024, opponent="random", rust_draws=False):
    from reversi.envs.vector import ReversiVectorEnv

    env = ReversiVectorEnv(num_envs, rules, opponent=opponent, seed=1)
    env.reset()
    rng = np.random.default_rng(1)

    def run():
        finished = 0
        for _ in range(64):
            actions = env.sample() if rust_draws else masked_uniform(rng, env.action_masks())
            _, _, terminated, _, _ = env.step(actions)
            finished += int(terminated.sum())
        return finished

    return run


def envpool_othello(num_envs=1024):
    import envpool

    env = envpool.make("Othello-v1", env_type="gymnasium", num_envs=num_envs, seed=1)
    _, info = env.reset()
    rng = np.random.default_rng(1)

    def run():
        nonlocal info
        finished = 0
        for _ in range(64):
            actions = masked_uniform(rng, info["legal_action_mask"])
            _, _, terminated, _, info = env.step(actions)
            finished += int(terminated.sum())
        return finished

    return run


def whole_games(rules, batch=20000):
    seed = [0]

    def run():
        seed[0] += 1
        reversi.random_games(batch, rules, seed=seed[0])
        return batch

    return run


def pgx_scan(batch=1024):
    import jax
    import jax.numpy as jnp
    import pgx

    env = pgx.make("othello")
    init = jax.jit(jax.vmap(env.init))
    step = jax.vmap(env.step)

    def act(key, mask):
        logits = jnp.where(mask, 0.0, -jnp.inf)
        return jax.random.categorical(key, logits, axis=-1)

    @jax.jit
    def play(key):
        k0, key = jax.random.split(key)
        state = init(jax.random.split(k0, batch))

        def body(carry, _):
            state, key = carry
            key, k1, k2 = jax.random.split(key, 3)
            action = act(k1, state.legal_action_mask)
            state = step(state, action, jax.random.split(k2, batch))
            return (state, key), None

        # A random 8x8 game lasts at most 60 moves plus passes: 70 steps finish nearly all.
        (state, _), _ = jax.lax.scan(body, (state, key), None, length=70)
        return state.terminated.sum()

    key = [jax.random.PRNGKey(0)]

    def run():
        key[0], sub = jax.random.split(key[0])
        return int(play(sub))

    return run


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=1.0, help="per row and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-pgx", action="store_true", help="skip pgx (its compilation is slow)")
    parser.add_argument(
        "--rules",
        nargs="*",
        default=["8x8", "10x10", "octagon", "8x8, 4 players", "octagon, 4 players"],
    )
    args = parser.parse_args()
    print(f"CPU: {cpu_name()}; Python {platform.python_version()}; reversi, one process")
    rows = []
    try:
        rows.append(("8x8", "OpenSpiel othello, Python loop", openspiel_loop()))
    except ImportError:
        print("(open_spiel is not installed: no OpenSpiel row)")
    try:
        if args.no_pgx:
            raise ImportError
        rows.append(("8x8", "pgx on CPU, vmap 1024 + lax.scan", pgx_scan()))
    except ImportError:
        print("(pgx/jax are not installed or skipped: no pgx row)")
    for num_envs in (256, 1024):
        try:
            rows.append(("8x8", f"EnvPool Othello-v1 {num_envs}, numpy draws", envpool_othello(num_envs)))
        except ImportError:
            print("(envpool is not installed: no EnvPool row)")
            break
    for rules in args.rules:
        rows.append((rules, "reversi.Game, Python loop", our_python_loop(rules)))
        for num_envs in (256, 1024):
            rows.append((rules, f"ReversiVectorEnv {num_envs}, numpy draws",
                         vector_env(rules, num_envs)))
        rows.append((rules, "ReversiVectorEnv 1024 self-play, numpy",
                     vector_env(rules, 1024, opponent="self")))
        rows.append((rules, "ReversiVectorEnv 1024, sample() in Rust",
                     vector_env(rules, 1024, rust_draws=True)))
        if rules == "8x8":
            rows.append((rules, "VecEnv 1024, numpy draws the action", vecenv_numpy_sample(rules)))
        rows.append((rules, "VecEnv 1024, sample() in Rust", vecenv_rust_sample(rules)))
        rows.append((rules, "VecEnv 1024, sample(), uint8 obs",
                     vecenv_rust_sample(rules, obs_dtype="uint8")))
        rows.append((rules, "VecEnv 1024, sample(), no obs",
                     vecenv_rust_sample(rules, observations=False)))
        rows.append((rules, "random_games, whole games in Rust", whole_games(rules)))
    for _, _, run in rows:
        run()  # warm up (pgx compiles here)
    # The rows take turns, round after round, and each gives its median round:
    # a machine shared with other jobs slows every row alike.
    rounds = [[] for _ in rows]
    for _ in range(args.rounds):
        for i, (_, _, run) in enumerate(rows):
            rounds[i].append(rate(run, args.seconds))
    median = [statistics.median(r) for r in rounds]
    base = next((m for r, m in zip(rows, median) if r[1].startswith("OpenSpiel")), None)
    envpool = {
        what.split()[2]: m for (_, what, _), m in zip(rows, median) if what.startswith("EnvPool")
    }
    print(f"{'rules':<20} {'what':<40} {'games/s':>12} {'vs OpenSpiel':>13} {'vs EnvPool':>11}")
    for (rules, what, _), rate_ in zip(rows, median):
        ratio = f"{rate_ / base:.1f}x" if base else "-"
        size = what.split()[1] if what.startswith("ReversiVectorEnv") else None
        versus = f"{rate_ / envpool[size]:.1f}x" if size in envpool else "-"
        print(f"{rules:<20} {what:<40} {rate_:>12,.0f} {ratio:>13} {versus:>11}", flush=True)


if __name__ == "__main__":
    main()
