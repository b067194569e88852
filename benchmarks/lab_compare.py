"""How long a design-lab what-if takes: two variants, greedy bots, paired comparison.

    python benchmarks/lab_compare.py              # 1,000 games per variant, every game
    python benchmarks/lab_compare.py gym diet     # only these games
    python benchmarks/lab_compare.py --games 200 --workers 1

For each game it times ``lab.run_variants`` (recording the games of the baseline and of
one shipped preset) and ``lab.compare_records`` (the table of differences), and, for the
same games, ``gamedesign.simulate`` of both on the path the lab took (the games it
records: each game's batch path for greedy bots): the recording's cost against plain
simulation. The last column
gives the whole comparison per game as a multiple of the yardstick game
(``benchmarks/yardstick.py``, timed before and after in this process). Not a test:
figures depend on the machine (see ``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # yardstick.py, beside this script

import yardstick  # noqa: E402

import gamedesign
from gamedesign.lab import compare_records, load_preset, run_variants, variant

#: The variant compared with each game's baseline.
PRESETS = {"legday": "legday_bench6", "gym": "gym_one_to_two", "diet": "diet_target_-8"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", metavar="game",
                        help=f"games to time, of {', '.join(PRESETS)} (default: all)")
    parser.add_argument("--games", type=int, default=1000, help="games per variant")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all cores when it pays)")
    args = parser.parse_args()
    unknown = [name for name in args.names if name not in PRESETS]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; games: {', '.join(PRESETS)}")
    print(
        f"{'game':<8} {'record s':>9} {'compare s':>10} {'total s':>8} {'simulate s':>11} "
        f"{'record/simulate':>16} {'x yardstick':>12} path"
    )
    for name, preset in PRESETS.items():
        if args.names and name not in args.names:
            continue
        stick = yardstick.seconds_per_game(1000)
        variants = [variant(name, "baseline"), preset]
        started = time.perf_counter()
        records = run_variants(variants, "greedy", games=args.games, seed=1, workers=args.workers)
        recorded = time.perf_counter() - started
        started = time.perf_counter()
        path = compare_records(records).attrs["path"]
        compared = time.perf_counter() - started
        started = time.perf_counter()
        for game in [variant(name, "baseline").build(), load_preset(preset).build()]:
            gamedesign.simulate(
                game, "greedy", games=args.games, seed=1, workers=args.workers, progress=False, batch=path == "batch"
            )
        simulated = time.perf_counter() - started
        stick = (stick + yardstick.seconds_per_game(1000)) / 2
        per_game = (recorded + compared) / (2 * args.games)
        print(
            f"{name:<8} {recorded:>9.2f} {compared:>10.2f} {recorded + compared:>8.2f} "
            f"{simulated:>11.2f} {recorded / simulated:>16.2f} {per_game / stick:>11.1f}x {path}"
        )


if __name__ == "__main__":
    main()
