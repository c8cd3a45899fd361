"""Self-play at scale on Ray: bot-vs-bot tournaments, or training records, across a Ray cluster.

Each Ray task is a batch of seeded games played in Rust (``carcassonne.play_games``, the GIL
released) and returns its final scores as a numpy array; a tournament plays every ordered pair of
bots (so each bot sits in every seat) and prints a league table. With ``--records PATH`` each
task instead returns the games' JSON records (config, seed, every draw and action: replayable
with ``carcassonne.Game.from_json``) with their scores, written to PATH as JSON lines.

    python examples/python/ray_selfplay.py --bots random greedy mcts:200 --games 40
    python examples/python/ray_selfplay.py --bots greedy mcts:100 --records games.jsonl

Without ``--address`` a local Ray cluster is started (``--num-cpus``, default: all cores). To use a
running cluster pass its address (``--address auto`` on a node of the cluster, or
``--address ray://HEAD:10001`` from outside; ``RAY_ADDRESS`` works too); every node needs the
``carcassonne`` wheel installed (``pip install carcassonne[ray]``).

Bots: ``random``, ``greedy``, ``mcts`` (1,000 iterations per decision) or ``mcts:N`` (N iterations).
Game ``i`` of a pair uses seed ``--seed + i``, the same for every pair, so results are reproducible.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np
import ray

import carcassonne


def make_bot(spec: str) -> carcassonne.Bot:
    """The bot named by ``spec``: ``random``, ``greedy``, ``mcts`` or ``mcts:N``."""
    kind, _, iterations = spec.partition(":")
    if kind == "mcts" and iterations:
        return carcassonne.Bot("mcts", iterations=int(iterations))
    if iterations:
        raise ValueError(f"only mcts takes a number of iterations, not {spec!r}")
    return carcassonne.Bot(kind)


@ray.remote
def play_batch(specs: Sequence[str], games: int, seed: int, sets: Sequence[str]) -> np.ndarray:
    """Final scores of ``games`` games (seeds ``seed`` ..), seat ``p`` played by ``specs[p]``."""
    bots = [make_bot(s) for s in specs]
    return carcassonne.play_games(games, players=len(specs), sets=list(sets), seed=seed, bots=bots)


@ray.remote
def record_batch(
    specs: Sequence[str], games: int, seed: int, sets: Sequence[str]
) -> Tuple[List[str], np.ndarray]:
    """The JSON records and final scores of ``games`` games between ``specs`` (by seat)."""
    records, scores = [], []
    for i in range(games):
        game = carcassonne.Game(players=len(specs), sets=list(sets), seed=seed + i)
        bots = [make_bot(s).reseeded(((seed + i) * 0x9E3779B97F4A7C15 + p) % 2**64) for p, s in enumerate(specs)]
        while not game.is_over:
            action = bots[game.current_player].choose(game)
            assert action is not None, "automatic draws: a decision is always pending"
            game.play(action)
        records.append(game.to_json())
        scores.append(game.scores)
    return records, np.array(scores, dtype=np.int64).reshape(games, len(specs))


def batches(games: int, batch: int) -> List[Tuple[int, int]]:
    """(first game, number of games) of each task."""
    return [(start, min(batch, games - start)) for start in range(0, games, batch)]


def league(bots: Sequence[str], results: Dict[Tuple[str, str], np.ndarray]) -> List[dict]:
    """One row per bot: games, wins, draws, losses, win rate (draws half), mean score and margin."""
    rows = []
    for bot in bots:
        won = drawn = lost = 0
        points: List[float] = []
        margins: List[float] = []
        for (a, b), scores in results.items():
            for seat, me in ((0, a), (1, b)):
                if me != bot:
                    continue
                mine, theirs = scores[:, seat], scores[:, 1 - seat]
                won += int((mine > theirs).sum())
                drawn += int((mine == theirs).sum())
                lost += int((mine < theirs).sum())
                points.extend(mine.tolist())
                margins.extend((mine - theirs).tolist())
        games = won + drawn + lost
        rows.append(
            {
                "bot": bot,
                "games": games,
                "won": won,
                "drawn": drawn,
                "lost": lost,
                "win_rate": (won + drawn / 2) / games if games else 0.0,
                "mean_score": float(np.mean(points)) if points else 0.0,
                "mean_margin": float(np.mean(margins)) if margins else 0.0,
            }
        )
    return sorted(rows, key=lambda r: (-r["win_rate"], -r["mean_margin"]))


def print_league(rows: Sequence[dict]) -> None:
    print(f"{'#':>2} {'bot':<12} {'games':>6} {'won':>5} {'drawn':>5} {'lost':>5} {'win %':>6} {'score':>6} {'margin':>7}")
    for i, r in enumerate(rows, 1):
        print(
            f"{i:>2} {r['bot']:<12} {r['games']:>6} {r['won']:>5} {r['drawn']:>5} {r['lost']:>5} "
            f"{100 * r['win_rate']:>6.1f} {r['mean_score']:>6.1f} {r['mean_margin']:>+7.1f}"
        )


def main(argv: Optional[Sequence[str]] = None) -> List[dict]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bots", nargs="+", default=["random", "greedy", "mcts:200"])
    parser.add_argument("--games", type=int, default=40, help="games per ordered pair of bots")
    parser.add_argument("--batch", type=int, default=10, help="games per Ray task")
    parser.add_argument("--sets", default="base", help="tile sets, comma-separated")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--address", default=None, help="a running Ray cluster (default: start a local one)")
    parser.add_argument("--num-cpus", type=int, default=None, help="CPUs of the local cluster")
    parser.add_argument("--records", default=None, help="write the games' JSON records here (JSON lines)")
    args = parser.parse_args(argv)
    for spec in args.bots:
        make_bot(spec)  # fail early on a bad name
    if len(set(args.bots)) != len(args.bots):
        parser.error("each bot may be listed once")
    sets = [s.strip() for s in args.sets.split(",") if s.strip()]

    started_here = not ray.is_initialized()
    if started_here:
        if args.address:
            ray.init(address=args.address)
        else:
            ray.init(num_cpus=args.num_cpus, include_dashboard=False, log_to_driver=False)
    try:
        pairs = list(itertools.permutations(args.bots, 2))
        start = time.perf_counter()
        results: Dict[Tuple[str, str], np.ndarray] = {}
        if args.records:
            futures = {
                pair: [record_batch.remote(pair, n, args.seed + first, sets) for first, n in batches(args.games, args.batch)]
                for pair in pairs
            }
            with open(args.records, "w") as out:
                for pair, parts in futures.items():
                    scores = []
                    for records, part in ray.get(parts):
                        for record, row in zip(records, part):
                            out.write(json.dumps({"bots": list(pair), "scores": row.tolist(), "record": json.loads(record)}) + "\n")
                        scores.append(part)
                    results[pair] = np.concatenate(scores)
        else:
            futures = {
                pair: [play_batch.remote(pair, n, args.seed + first, sets) for first, n in batches(args.games, args.batch)]
                for pair in pairs
            }
            for pair, parts in futures.items():
                results[pair] = np.concatenate(ray.get(parts))
        elapsed = time.perf_counter() - start
        total = sum(len(r) for r in results.values())
        cpus = int(ray.cluster_resources().get("CPU", 0))
        print(f"{total} games ({args.games} per ordered pair, sets {','.join(sets)}) in {elapsed:.1f} s on {cpus} CPUs")
        rows = league(args.bots, results)
        print_league(rows)
        if args.records:
            print(f"records written to {args.records}")
        return rows
    finally:
        if started_here:
            ray.shutdown()


if __name__ == "__main__":
    main(sys.argv[1:])
