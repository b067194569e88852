"""How long the what-if app's Run button takes, in each game, at the app's defaults.

    python benchmarks/whatif_app.py                 # every game, 3 repetitions
    python benchmarks/whatif_app.py gym --runs 5

The app (``gamedesign.apps.lab.LabApp``, as ``notebooks/apps/design_lab.ipynb`` shows it:
100 games a version, greedy bots in every seat, seed 0) is driven without a browser, as
``tests/test_lab_app.py`` drives it: the button's click runs the games and draws the
verdict, the tables and the charts into the app's outputs. Two runs a game: the
standard rules as the app opens ("default": one version), and one shipped preset loaded
from the *Start from preset* menu ("what-if": the preset and the standard rules on the
same seeds, the verdict and the charts of the differences). Every run is a fresh app, so
nothing is warm but the imports (a first click per game warms those); the "first" row
times that first click of the default run in a fresh process (the app built and shown,
as the notebook's cell leaves it, before the clock starts). The
yardstick (``benchmarks/yardstick.py``) is timed before each game's runs in this
process; the last column is the run's time in yardstick games (seconds / seconds per
yardstick game), which compares across machines and busy moments. Prints the median and
the largest of the repetitions, and the path the lab took (``batch`` or ``object``).
Not a test: figures depend on the machine (see ``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # yardstick.py, beside this script

import yardstick  # noqa: E402
from machine import machine  # noqa: E402

#: The preset each game's what-if loads.
PRESETS = {"legday": "legday_bench6", "gym": "gym_one_to_two", "diet": "diet_target_-8"}


def click(game: str, preset: str | None) -> tuple:
    """One fresh app, one click of Run: ``(seconds, path)``."""
    from gamedesign.apps import lab

    paths = set()

    def watched(*args, **kwargs):  # the lab's own call, noting which path recorded the games
        records = run_variants(*args, **kwargs)
        paths.update(getattr(r, "path", "object") for recs in records.values() for r in recs)
        return records

    run_variants, lab.run_variants = lab.run_variants, watched
    app = lab.LabApp(game)
    if preset:
        app.preset.value = preset
    try:
        started = time.perf_counter()
        app.run_button.click()
        seconds = time.perf_counter() - started
    finally:
        lab.run_variants = run_variants
    if "Done" not in app.status.value:
        raise SystemExit(f"{game}: the run did not finish: {app.status.value}")
    return seconds, " and ".join(sorted(paths))


def first_click(game: str) -> tuple:
    """The first click of Run in a fresh process, the app already built: ``(seconds, path)``."""
    code = (f"import json, sys; sys.path.insert(0, {str(Path(__file__).resolve().parent)!r}); import whatif_app; "
            f"print(json.dumps(whatif_app.click({game!r}, None)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return tuple(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", metavar="game", help=f"games, of {', '.join(PRESETS)} (default: all)")
    parser.add_argument("--runs", type=int, default=3, help="repetitions of each run")
    args = parser.parse_args()
    unknown = [name for name in args.names if name not in PRESETS]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; games: {', '.join(PRESETS)}")
    print(f"{machine()}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"{'game':<8} {'run':<9} {'median s':>9} {'max s':>7} {'yardstick us':>13} {'x yardstick game':>17} path")
    for name in args.names or PRESETS:
        click(name, None)  # warm the imports (charts, the game's batch path)
        for label, preset in (("first", None), ("default", None), ("what-if", PRESETS[name])):
            times, sticks, paths = [], [], set()
            for _ in range(args.runs):
                sticks.append(yardstick.seconds_per_game(1000))
                seconds, path = first_click(name) if label == "first" else click(name, preset)
                times.append(seconds)
                paths.add(path)
            stick = statistics.median(sticks)
            median = statistics.median(times)
            print(f"{name:<8} {label:<9} {median:>9.2f} {max(times):>7.2f} {stick * 1e6:>13.0f} "
                  f"{median / stick:>17,.0f} {'/'.join(sorted(paths))}")


if __name__ == "__main__":
    main()
