"""The quickstart notebook runs end to end and shows what it promises (a board, plots, the
bot comparison)."""

import pathlib

import nbformat
from nbclient import NotebookClient

NOTEBOOK = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python" / "quickstart.ipynb"


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
