"""Speed of the Python module, in one run:

- random 2-player base games per second through ``play_random_games`` (Rust, GIL released),
  next to the Rust ``bench`` example's figure for the same number of games;
- actions per second of a plain Python loop over ``legal_actions()`` + ``play()``.

    python examples/python/bench.py [--games N] [--rust-bench PATH]
"""

import argparse
import random
import re
import subprocess
import time

import carcassonne


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--rust-bench", default="target/release/examples/bench")
    args = parser.parse_args()

    carcassonne.play_random_games(200)  # warm up
    start = time.perf_counter()
    carcassonne.play_random_games(args.games, seed=1)
    python_rate = args.games / (time.perf_counter() - start)
    rust = subprocess.run(
        [args.rust_bench, "--games", str(args.games)], capture_output=True, text=True, check=True
    ).stdout
    rust_rate = float(re.search(r"([0-9.]+) games/s", rust).group(1))
    print(f"play_random_games: {python_rate:8.0f} games/s")
    print(f"Rust bench:        {rust_rate:8.0f} games/s  (Python/Rust = {python_rate / rust_rate:.2f})")

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


if __name__ == "__main__":
    main()
