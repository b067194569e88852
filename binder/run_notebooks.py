"""Run every notebook headless and report its time and its kernel's peak memory.

    python binder/run_notebooks.py [--limit-mb 1024] [--report FILE] NOTEBOOK...

Each notebook runs in a fresh runner process that starts one kernel (nbclient), runs
every cell and shuts the kernel down. The runner then reads the largest resident set
size of its waited-for children, ``resource.getrusage(RUSAGE_CHILDREN).ru_maxrss``: the
peak the kernel reached, kept by the operating system (no sampling gap). Each notebook
runs twice: as in JupyterLab, and with the environment a Voilà app's kernel gets
(``SERVER_SOFTWARE=voila/...``: charts then carry a PNG made by vl-convert-python).

Binder gives a session 2 GB; every notebook's kernel must stay under ``--limit-mb``
(1024 by default). Exits non-zero if a notebook fails or goes over.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

MODES = {"lab": {}, "voila": {"SERVER_SOFTWARE": "voila/check"}}


def run_one(notebook: Path, timeout: int) -> dict:
    """Execute ``notebook`` in a kernel (in this process); its time and the kernel's peak RSS."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(notebook, as_version=4)
    client = NotebookClient(
        nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(notebook.parent)}}
    )
    start = time.perf_counter()
    client.execute()  # starts the kernel, runs every cell, shuts the kernel down and waits for it
    seconds = time.perf_counter() - start
    errors = [
        output.get("ename", "stderr")
        for cell in nb.cells
        for output in cell.get("outputs", [])
        if output.get("output_type") == "error" or output.get("name") == "stderr"
    ]
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # Linux: kilobytes
    return {"seconds": round(seconds, 1), "peak_mb": round(peak_kb / 1024), "errors": errors}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--limit-mb", type=int, default=1024, help="largest allowed kernel peak (default 1024)")
    parser.add_argument("--timeout", type=int, default=600, help="seconds allowed for one cell")
    parser.add_argument("--report", type=Path, help="also write the results as JSON here")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.one:  # the runner process: one notebook, one kernel, one JSON line
        print(json.dumps(run_one(args.notebooks[0], args.timeout)))
        return 0

    results, failed = [], False
    print(f"{'notebook':<40} {'mode':<6} {'time':>8} {'kernel peak':>12}")
    for notebook in args.notebooks:
        for mode, extra_env in MODES.items():
            env = {**os.environ, **extra_env}
            process = subprocess.run(
                [sys.executable, __file__, "--one", "--timeout", str(args.timeout), str(notebook)],
                env=env, capture_output=True, text=True,
            )
            if process.returncode != 0:
                print(f"{str(notebook):<40} {mode:<6} FAILED\n{process.stderr[-3000:]}")
                results.append({"notebook": str(notebook), "mode": mode, "failed": True})
                failed = True
                continue
            result = {"notebook": str(notebook), "mode": mode, **json.loads(process.stdout.strip().splitlines()[-1])}
            results.append(result)
            verdict = ""
            if result["peak_mb"] >= args.limit_mb:
                verdict, failed = f"  OVER {args.limit_mb} MB", True
            if result["errors"]:
                verdict, failed = f"  error output: {result['errors']}", True
            print(f"{str(notebook):<40} {mode:<6} {result['seconds']:>6.1f} s {result['peak_mb']:>9} MB{verdict}")
    if args.report:
        args.report.parent.mkdir(parents=True, exist_ok=True)
        args.report.write_text(json.dumps(results, indent=1) + "\n")
    print("notebooks: all ran, every kernel under the limit" if not failed else "notebooks: FAILED")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
