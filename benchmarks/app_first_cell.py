"""How long each app notebook's first code cell takes in a fresh kernel.

    python benchmarks/app_first_cell.py [--runs 3]

The first code cell of an app notebook (``notebooks/apps``) imports the app and shows it:
what a learner waits for after *Run*, once the kernel is up. Each run starts a fresh
kernel (nbclient), runs the notebook and reads the cell's own timing (from the kernel's
``execute_input`` to its reply, as Jupyter records it); the kernel's start is left out.
Prints each app's median and largest time over the runs. Not a test: figures depend on
the machine (see ``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from datetime import datetime
from pathlib import Path

import nbformat
from nbclient import NotebookClient

sys.path.insert(0, str(Path(__file__).resolve().parent))
from machine import machine  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
APPS = sorted((ROOT / "notebooks" / "apps").glob("*.ipynb"))


def first_cell_seconds(path: Path) -> float:
    """Seconds of the first code cell of the notebook at ``path``, in a fresh kernel."""
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=600, record_timing=True, resources={"metadata": {"path": str(path.parent)}}).execute()
    cell = next(c for c in notebook.cells if c.cell_type == "code")
    timing = cell.metadata["execution"]
    started = datetime.fromisoformat(timing["iopub.execute_input"].replace("Z", "+00:00"))
    ended = datetime.fromisoformat(timing["shell.execute_reply"].replace("Z", "+00:00"))
    return (ended - started).total_seconds()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh kernels per app")
    args = parser.parse_args()
    print(machine())
    print(f"{'app notebook':<18} {'median s':>9} {'max s':>7}")
    for path in APPS:
        times = [first_cell_seconds(path) for _ in range(args.runs)]
        print(f"{path.stem:<18} {statistics.median(times):>9.2f} {max(times):>7.2f}", flush=True)


if __name__ == "__main__":
    main()
