"""The notebooks run end to end and show what they promise: the quickstart (a board, plots, the
bot comparison) and the research notebook (a PettingZoo game and its board, the vectorised
environment's throughput plot, MCTS against greedy with a progress bar)."""

import pathlib

import nbformat
from nbclient import NotebookClient

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python"
NOTEBOOK = EXAMPLES / "quickstart.ipynb"


def test_quickstart_notebook_executes(tmp_path):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    rich = [o for o in outputs if o.output_type in ("display_data", "execute_result")]
    assert any("image/svg+xml" in o.data for o in rich), "the board is drawn"
    assert sum("image/png" in o.data for o in rich) >= 2, "two plots"
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "games: 1000" in text and "greedy wins" in text


def test_research_notebook_executes(tmp_path):
    nb = nbformat.read(EXAMPLES / "research.ipynb", as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    rich = [o for o in outputs if o.output_type in ("display_data", "execute_result")]
    assert sum("image/png" in o.data for o in rich) >= 2, "the board and the throughput plot"
    stdout = "".join(o.get("text", "") for o in outputs if o.output_type == "stream" and o.name == "stdout")
    stderr = "".join(o.get("text", "") for o in outputs if o.output_type == "stream" and o.name == "stderr")
    assert "final reward" in stdout and "steps/s" in stdout
    assert "won" in stdout and "of 10 games against greedy" in stdout
    assert "MCTS vs greedy" in stderr and "10/10" in stderr, "the progress bar"
