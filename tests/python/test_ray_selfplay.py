"""The Ray self-play example on a local Ray cluster (``ray.init(num_cpus=2)``) with a small
workload: a tournament's league table, and training records that replay to their scores."""

import importlib.util
import json
import pathlib

import pytest
import ray

import carcassonne

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python" / "ray_selfplay.py"


def load_example():
    spec = importlib.util.spec_from_file_location("ray_selfplay", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def local_cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_tournament_and_records_on_a_local_cluster(local_cluster, tmp_path, capsys):
    example = load_example()
    rows = example.main(["--bots", "random", "greedy", "mcts:60", "--games", "4", "--batch", "2"])
    out = capsys.readouterr().out
    assert "24 games (4 per ordered pair, sets base)" in out and "on 2 CPUs" in out
    assert [r["games"] for r in rows] == [16, 16, 16]
    assert sum(r["won"] for r in rows) + sum(r["drawn"] for r in rows) / 2 == 24
    assert rows[-1]["bot"] == "random" and rows[-1]["win_rate"] < 0.25
    # The same seeds give the same table (the tasks play seeded games in Rust).
    assert example.main(["--bots", "random", "greedy", "mcts:60", "--games", "4", "--batch", "2"]) == rows

    path = tmp_path / "records.jsonl"
    example.main(["--bots", "greedy", "mcts:20", "--games", "3", "--batch", "2", "--records", str(path)])
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(lines) == 6
    for line in lines:
        game = carcassonne.Game.from_json(json.dumps(line["record"]))
        assert game.is_over and game.scores == line["scores"]
    assert {tuple(line["bots"]) for line in lines} == {("greedy", "mcts:20"), ("mcts:20", "greedy")}
