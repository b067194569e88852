"""How long the search bot takes for one decision, and how many playouts it fits in.

    python benchmarks/search_decision.py                 # make_bot("search") in each game
    python benchmarks/search_decision.py --strength expert
    python benchmarks/search_decision.py --iterations 100

For each game it plays a few greedy games part of the way, asks a search bot for the
decision of the seat to move (only decisions with two moves or more), and prints the
median and the largest time per decision (wall clock, and the median CPU time of this
process, which a busy machine changes less) and the median number of playouts. With the
named strength's settings (``gamedesign.search.settings``: a fixed number of playouts
per game, with a time cap of 45 ms for ``search``) it is what those playouts cost here,
or the cap; with ``--iterations`` it is what that many playouts cost on this machine. The
first line gives the load average and the yardstick (``benchmarks/yardstick.py``) timed in
this process before the decisions, the last column each game's median decision as a
multiple of one yardstick game. Not a test:
figures depend on the machine (see ``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # yardstick.py, beside this script

import yardstick  # noqa: E402

import gamedesign  # noqa: E402
from gamedesign.bots import make_bot  # noqa: E402
from gamedesign.search import SearchBot  # noqa: E402


def decisions(game, count: int, rng: random.Random):
    """States part-way through greedy games, with a seat that has a real choice."""
    found = 0
    for seed in range(10 * count):
        state = game.new_state(seed=seed)
        bots = [make_bot("greedy", game) for _ in range(game.num_players)]
        for seat, bot in enumerate(bots):
            bot.reset(game, seat, seed + seat)
        for _ in range(rng.randrange(0, 80)):
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].act(state.observe(seat), state.legal_actions(seat)))
        if state.is_over() or len(state.legal_actions(state.to_move()[0])) < 2:
            continue
        yield state, state.to_move()[0]
        found += 1
        if found == count:
            return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=12, help="decisions timed per game")
    parser.add_argument("--iterations", type=int, default=None, help="playouts per decision (default: the time budget)")
    parser.add_argument("--time-budget", type=float, default=None, help="seconds per decision")
    parser.add_argument("--horizon", type=int, default=None, help="moves played after the tree before scoring")
    parser.add_argument("--only", nargs="*", default=None, help="game names (default: all three)")
    parser.add_argument("--strength", default="search", choices=("search", "expert"), help="the named strength timed")
    args = parser.parse_args()
    stick = yardstick.seconds_per_game(1000)
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; yardstick {stick * 1e6:.0f} us a game")
    print(f"{'game':<8} {'median ms':>10} {'max ms':>8} {'CPU ms':>7} {'playouts':>9} {'x yardstick':>12}")
    for name in args.only or ("legday", "gym", "diet"):
        game = gamedesign.load(name)
        times, cpu, playouts = [], [], []
        for i, (state, seat) in enumerate(decisions(game, args.decisions, random.Random(1))):
            bot = SearchBot(
                iterations=args.iterations, time_budget=args.time_budget, horizon=args.horizon,
                strength=None if args.iterations else args.strength,
            )
            bot.reset(game, seat, i)
            started, used = time.perf_counter(), time.process_time()
            bot.act(state.observe(seat), state.legal_actions(seat))
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - used)
            playouts.append(bot.last_search["iterations"])
        print(
            f"{name:<8} {1e3 * statistics.median(times):>10.1f} {1e3 * max(times):>8.1f} "
            f"{1e3 * statistics.median(cpu):>7.1f} "
            f"{statistics.median(playouts):>9.0f} {statistics.median(times) / stick:>11,.0f}x"
        )


if __name__ == "__main__":
    main()
