"""Random self-play speed, side by side in one run: OpenSpiel's ``othello``
driven from a Python loop, pgx on CPU (when installed), and this package's
Python loop, ``VecEnv`` with ``sample()`` in Rust, and whole games in Rust.

    python bench/bench.py [--seconds 1] [--rounds 3] [--no-pgx] [--rules 8x8 ...]

Not part of CI. Prints games per second and the processor's name. The rows take
turns for ``--rounds`` rounds and each keeps its best, so that the load of a
shared machine weighs on every row alike.
"""

from __future__ import annotations

import argparse
import platform
import random
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
    for rules in args.rules:
        rows.append((rules, "reversi.Game, Python loop", our_python_loop(rules)))
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
    # The rows take turns, round after round, and each keeps its best round: a
    # machine shared with other jobs slows every row alike.
    best = [0.0] * len(rows)
    for _ in range(args.rounds):
        for i, (_, _, run) in enumerate(rows):
            best[i] = max(best[i], rate(run, args.seconds))
    base = next((b for r, b in zip(rows, best) if r[1].startswith("OpenSpiel")), None)
    print(f"{'rules':<20} {'what':<40} {'games/s':>12} {'vs OpenSpiel':>13}")
    for (rules, what, _), rate_ in zip(rows, best):
        ratio = f"{rate_ / base:.1f}x" if base else "-"
        print(f"{rules:<20} {what:<40} {rate_:>12,.0f} {ratio:>13}", flush=True)


if __name__ == "__main__":
    main()
