"""What reading a class's decisions costs: ``playtest.decisions(logs)`` with the bots'
estimates (the greedy bot's tied best and the search bot's values of every move, from each
person's view, with each game's search budget: ``people.search_budget``) for the 30 example
tables of each game.

    python benchmarks/playtest_decisions.py                    # every game, 1 and 2 workers
    python benchmarks/playtest_decisions.py --games legday --workers 2
    python benchmarks/playtest_decisions.py --games gym --workers 2 --iterations 32

The example tables are the shipped ones (``playtest.example_folder(game)``, scripted
players). Prints, per game and number of workers, the search budget (playouts a decision),
the people's decisions, the real choices (two or more moves: the ones the search values),
the seconds in all and per real choice. The tables of 1 and 2 workers are checked to be the
same, row for row.
The goal: 30 tables in under 30 s on 2 cores. Not a test: figures depend on the machine
(see ``benchmarks/RESULTS.md``, section "Playtest logs").
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from gamedesign import playtest
from gamedesign.lab.people import search_budget

sys.path.insert(0, str(Path(__file__).resolve().parent))
from machine import machine  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=["legday", "gym", "diet"])
    parser.add_argument("--workers", nargs="*", type=int, default=[1, 2])
    parser.add_argument("--iterations", type=int, default=None,
                        help="search playouts a decision (default: each game's budget)")
    args = parser.parse_args(argv)
    print(machine())
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| game | tables | playouts a decision | people's decisions | real choices | workers | seconds "
          "| ms per real choice |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.games:
        logs = playtest.load(playtest.example_folder(name))
        budget = search_budget(name) if args.iterations is None else args.iterations
        tables = []
        for workers in args.workers:
            started = time.perf_counter()
            table = playtest.decisions(logs, iterations=args.iterations, workers=workers)
            seconds = time.perf_counter() - started
            tables.append(table)
            real = int(table["real choice"].sum())
            print(f"| {name} | {len(logs)} | {budget} | {len(table):,} | {real:,} | {workers} | {seconds:.1f} | "
                  f"{1000 * seconds / real:.1f} |", flush=True)
        for other in tables[1:]:
            if not other.equals(tables[0]):
                print(f"{name}: the tables of {args.workers[0]} and another number of workers differ")
                return 1
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
