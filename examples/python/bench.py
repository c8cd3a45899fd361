"""Speed of the Python module, in one run:

- random 2-player base games per second through ``play_random_games`` (Rust, GIL released,
  every core), next to the same games through Rust's ``bots::play_games`` (the ``bench``
  example with ``--games N --play-games``), interleaved, with the ratio;
- actions per second of a plain Python loop over ``legal_actions()`` + ``play()``;
- the vectorised environment (``carcassonne.VectorEnv``): environment steps per second with
  uniformly random legal actions (chosen with numpy from the legal ids), for 1, 64 and 1,024
  environments of 2-player base games, on one thread and on all cores, observations off, and
  the same through a plain PettingZoo AEC loop (``carcassonne.pettingzoo.env``, random legal
  actions from the mask) over the same engine, with the ratio. Medians of ``--runs`` runs.

    python examples/python/bench.py [--games N] [--rust-bench PATH] [--seconds S] [--runs R]
                                    [--only vector]
"""

import argparse
import os
import random
import re
import statistics
import subprocess
import time

import numpy as np

import carcassonne


def vector_rate(envs: int, threads: int, seconds: float) -> float:
    """Steps per second of a VectorEnv with random legal actions."""
    env = carcassonne.VectorEnv(envs, seed=0, threads=threads)
    step = env.reset()
    rng = np.random.default_rng(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        counts = np.diff(step.legal_offsets)
        picks = step.legal_offsets[:-1] + (rng.random(envs) * counts).astype(np.int64)
        step = env.step(step.legal_ids[picks])
        steps += envs
    return steps / (time.perf_counter() - start)


def pettingzoo_rate(seconds: float) -> float:
    """Steps per second of a plain PettingZoo AEC loop with random legal actions."""
    from carcassonne.pettingzoo import env as make_env

    env = make_env()
    rng = np.random.default_rng(0)
    steps, seed, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps / (time.perf_counter() - start)


def bench_vector(seconds: float, runs: int) -> None:
    cores = os.cpu_count() or 1
    median = lambda f: statistics.median(f() for _ in range(runs))  # noqa: E731
    zoo = median(lambda: pettingzoo_rate(seconds))
    print(f"PettingZoo AEC loop (1 env):  {zoo:12,.0f} steps/s")
    for envs in (1, 64, 1024):
        for threads in sorted({1, cores}):
            rate = median(lambda: vector_rate(envs, threads, seconds))
            print(
                f"VectorEnv {envs:>5} envs, {threads} thread(s): {rate:12,.0f} steps/s"
                f"  ({rate / zoo:6.0f}x the PettingZoo loop)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30000)
    parser.add_argument("--rust-bench", default="target/release/examples/bench")
    parser.add_argument("--seconds", type=float, default=2.0, help="per vector measurement")
    parser.add_argument("--runs", type=int, default=3, help="runs per vector measurement (median)")
    parser.add_argument("--only", choices=["vector"], default=None)
    args = parser.parse_args()
    if args.only == "vector":
        bench_vector(args.seconds, args.runs)
        return

    carcassonne.play_random_games(200)  # warm up
    python_rates, rust_rates = [], []
    for _ in range(args.runs):
        start = time.perf_counter()
        scores = carcassonne.play_random_games(args.games, seed=1)
        python_rates.append(args.games / (time.perf_counter() - start))
        rust = subprocess.run(
            [args.rust_bench, "--games", str(args.games), "--play-games"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        found = re.search(r"total score: ([0-9]+); ([0-9.]+) games/s", rust)
        assert int(scores.sum()) == int(found.group(1)), "Python and Rust must play the same games"
        rust_rates.append(float(found.group(2)))
    python_rate = statistics.median(python_rates)
    rust_rate = statistics.median(rust_rates)
    print(f"play_random_games ({args.games} games, every core): {python_rate:8.0f} games/s")
    print(
        f"Rust bots::play_games (the same games):      {rust_rate:8.0f} games/s"
        f"  (Python/Rust = {python_rate / rust_rate:.2f}; medians of {args.runs}, interleaved)"
    )

    rng = random.Random(0)
    actions = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < 3.0:
        game = carcassonne.Game(seed=seed)
        seed += 1
        while not game.is_over:
            legal = game.legal_actions()
            game.play(legal[rng.randrange(len(legal))])
            actions += 1
    elapsed = time.perf_counter() - start
    print(f"Python loop (legal_actions + play): {actions / elapsed:8.0f} actions/s ({seed} games)")
    bench_vector(args.seconds, args.runs)


if __name__ == "__main__":
    main()
