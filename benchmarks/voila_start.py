"""How long an app link takes to show its app, against a notebook of one cell.

    python benchmarks/voila_start.py [--runs 3] [--apps legday gym ...]

Starts standalone Voilà on a temporary folder holding copies of the app notebooks
(``notebooks/apps``) and a one-cell notebook (``1 + 1``), then opens each in headless Chromium
(Debian's ``/usr/bin/chromium``; the ``browser`` extra) with every request off the machine
refused, and times from the request to the moment the app's first button is visible (for the
one-cell notebook: its output). Prints each notebook's median over the runs and its ratio to
the one-cell notebook. Voilà runs the whole notebook before it shows anything, so this is the
time a class waits at an app link once the server is up. Every page opens a fresh kernel.
"""

from __future__ import annotations

import argparse
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
from machine import machine  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
APPS = {"legday": ".gd-legday", "gym": ".gd-gym", "diet": ".gd-diet", "odds": ".gd-odds", "design_lab": ".gd-lab"}
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def one_load(browser, url: str, ready: str) -> float:
    context = browser.new_context(viewport={"width": 1366, "height": 800})
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(("http://127.0.0.1", "data:", "blob:")) else route.abort())
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url, wait_until="domcontentloaded")
    page.locator(ready).first.wait_for(state="visible", timeout=180_000)
    seconds = time.perf_counter() - started
    context.close()
    return seconds


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="page loads per notebook (default 3)")
    parser.add_argument("--apps", nargs="+", choices=list(APPS), default=list(APPS))
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="voila-start-"))
    for name in args.apps:
        shutil.copy(ROOT / "notebooks" / "apps" / f"{name}.ipynb", folder)
    one_cell = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    one_cell.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nbformat.write(one_cell, folder / "one_cell.ipynb")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "voila", str(folder), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(base + "/", timeout=2)
                break
            except OSError:
                time.sleep(0.5)
        targets = {"one-cell": ("one_cell.ipynb", ".jp-OutputArea-output")} | {
            name: (f"{name}.ipynb", f"{APPS[name]} button.widget-button") for name in args.apps
        }
        times = {}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            one_load(browser, f"{base}/voila/render/one_cell.ipynb", ".jp-OutputArea-output")  # warm the disk cache
            for _ in range(args.runs):
                for label, (notebook, ready) in targets.items():
                    times.setdefault(label, []).append(one_load(browser, f"{base}/voila/render/{notebook}", ready))
            browser.close()
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(folder, ignore_errors=True)

    print(f"Voilà, time to a visible app ({args.runs} runs each, median; {machine()})")
    base_time = statistics.median(times["one-cell"])
    print(f"{'notebook':<12} {'median s':>9} {'min s':>7} {'max s':>7} {'x one-cell':>11}")
    for label, values in times.items():
        median = statistics.median(values)
        print(f"{label:<12} {median:>9.2f} {min(values):>7.2f} {max(values):>7.2f} {median / base_time:>11.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
