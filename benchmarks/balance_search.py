"""How long a balance search big enough to see a 3-point change takes, in each game.

    python benchmarks/balance_search.py                  # every game, 3 repetitions
    python benchmarks/balance_search.py gym --runs 5
    python benchmarks/balance_search.py --trials 20 --games 100 --confirm 200

``lab.balance.search_balance`` of each game's standard rules over its
``default_space``, aiming at even seats (``fair_seats()``), greedy bots, seed 1, with 16
trials of 300 games and 800 games to confirm by default: once with the default workers
(every core for a search this big) and once with ``workers=1``, in turn, each
repetition with the yardstick (``benchmarks/yardstick.py``) timed just before it in this
process. Prints the median and the largest time, the median in yardstick games
(seconds / seconds per yardstick game), and whether the two searches gave the same
trials and the same measured proposals (they must: the answer is the same for any number
of workers). Not a test: figures depend on the machine (see ``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # yardstick.py, beside this script

import yardstick  # noqa: E402
from machine import machine  # noqa: E402

from gamedesign.lab import balance  # noqa: E402

GAMES = ("legday", "gym", "diet")


def search(game: str, budget: dict, workers: int | None):
    """One search: ``(seconds, result)``."""
    started = time.perf_counter()
    found = balance.search_balance(game, balance.default_space(game), balance.fair_seats(), budget=budget, seed=1,
                                   workers=workers)
    return time.perf_counter() - started, found


def same(a, b) -> bool:
    """Whether two searches found the same: every trial's value and every proposal's measured values."""
    return a.trials.equals(b.trials) and a.measured == b.measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", metavar="game", help=f"games, of {', '.join(GAMES)} (default: all)")
    parser.add_argument("--runs", type=int, default=3, help="repetitions")
    parser.add_argument("--trials", type=int, default=16)
    parser.add_argument("--games", type=int, default=300, help="games a trial")
    parser.add_argument("--confirm", type=int, default=800, help="games to confirm each proposal")
    args = parser.parse_args()
    unknown = [name for name in args.names if name not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; games: {', '.join(GAMES)}")
    budget = {"trials": args.trials, "games": args.games, "confirm_games": args.confirm}
    print(f"{machine()}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; budget {budget}")
    print(f"{'game':<8} {'workers':<8} {'median s':>9} {'max s':>7} {'yardstick us':>13} {'x yardstick game':>17} "
          f"{'load':>5} same")
    for name in args.names or GAMES:
        times = {None: [], 1: []}
        sticks = {None: [], 1: []}
        loads = []
        found = {}
        for _ in range(args.runs):
            for workers in (None, 1):  # in turn: a drift of the machine's speed touches both
                sticks[workers].append(yardstick.seconds_per_game(1000))
                seconds, found[workers] = search(name, budget, workers)
                times[workers].append(seconds)
                loads.append(os.getloadavg()[0])
        agree = "yes" if same(found[None], found[1]) else "NO"
        for workers in (None, 1):
            stick = statistics.median(sticks[workers])
            median = statistics.median(times[workers])
            print(f"{name:<8} {'default' if workers is None else workers:<8} {median:>9.2f} "
                  f"{max(times[workers]):>7.2f} {stick * 1e6:>13.0f} {median / stick:>17,.0f} "
                  f"{statistics.median(loads):>5.2f} {agree}")


if __name__ == "__main__":
    main()
