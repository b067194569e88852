"""How fast each path a user meets is, as a multiple of the yardstick game.

    python benchmarks/ratios.py               # every row
    python benchmarks/ratios.py --quick       # fewer games a row (rougher figures)
    python benchmarks/ratios.py --only legday
    python benchmarks/ratios.py --only "1 core" --cpu   # CPU time: steadier on a busy machine
    python benchmarks/ratios.py --only "1 core" --cpu --best-of 5   # each row's quickest of 5 runs

The yardstick (``benchmarks/yardstick.py``) is a minimal plain-Python game of Leg Day
with random picks in one process. It is timed right before and right after each row, in
the same process, and a row's figure is its time per game divided by the yardstick's
(the mean of the two): on a shared or busy machine the ratio stays put while absolute
times drift. Each row runs what a user types, without tuning flags (``simulate(game,
bot, games=N)``: for these game counts that is all cores); one row pins the object
engine to one process. Rows that are not games per se give the yardstick ratio of one
decision (search) or one recorded game (the lab: ``lab.compare`` of 2 variants x 1,000
games counts as 2,000 games, ``record_games`` as its games), and ``import`` gives seconds
of a fresh process beyond ``python -c pass``. With ``--cpu`` the yardstick and every row
are timed in CPU seconds of this process (``time.process_time``): steadier while other
work shares the machine, but only meaningful for the rows that play in one process. The
yardstick is always the quickest of three runs; a row is one run unless ``--best-of N``
makes it the quickest of N (after one run to warm up): on a machine whose speed swings
from second to second, one run of a row against the yardstick's quickest reads high.

Not a test: figures depend on the machine (see ``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # yardstick.py, beside this script

import yardstick  # noqa: E402

import gamedesign  # noqa: E402


#: The clock of every timing: wall-clock seconds, or CPU seconds of this process (--cpu).
_clock = time.perf_counter


def _timed(run) -> float:
    started = _clock()
    run()
    return _clock() - started


def stick_seconds(games: int = 1000) -> float:
    """The yardstick's seconds per game on :data:`_clock` (the best of three runs)."""
    import random

    best = float("inf")
    for run in range(3):
        rng = random.Random(run)
        started = _clock()
        for _ in range(games):
            yardstick.play(rng)
        best = min(best, (_clock() - started) / games)
    return best


def simulate_row(name, players, bot, games, **settings):
    game = gamedesign.load(name, players=players)

    def run():
        gamedesign.simulate(game, bot, games=games, seed=1, progress=False, **settings)

    return run, games


def path_of(name, players, bot, games, **settings) -> str:
    """Which path ``simulate`` took, as its table says."""
    game = gamedesign.load(name, players=players)
    table = gamedesign.simulate(game, bot, games=min(games, 50), seed=1, progress=False, **settings)
    return table.attrs.get("path", "object")


def compare_row(games, **settings):
    from gamedesign import lab
    from gamedesign.lab.compare import compare_records, run_variants

    variants = [lab.Variant("legday", 4, name="standard"), "legday_bench6"]

    def run():
        if settings:
            compare_records(run_variants(variants, "greedy", games=games, seed=1, **settings))
        else:
            lab.compare(variants, "greedy", games=games, seed=1)

    return run, 2 * games


def record_row(name, players, bot, games, **settings):
    from gamedesign.lab import record_games

    game = gamedesign.load(name, players=players)

    def run():
        record_games(game, bot, games=games, seed=1, workers=1, **settings)

    return run, games


def search_row(name, players):
    from gamedesign.bots import make_bot
    from gamedesign.simulate import bot_move

    game = gamedesign.load(name, players=players)
    state = game.new_state(seed=1)
    bot = make_bot("search", game)
    bot.reset(game, state.to_move()[0], 1)  # at the start of a game, not in a decision

    def run():
        bot_move(state, state.to_move()[0], bot)

    return run, 1


def import_seconds(repeat: int = 5) -> float:
    """Seconds of ``import gamedesign; gamedesign.load('legday')`` in a fresh process,
    beyond the time of ``python -c pass`` (the best of ``repeat`` runs of each)."""

    def best(code):
        times = []
        for _ in range(repeat):
            times.append(_timed(lambda: subprocess.run([sys.executable, "-c", code], check=True)))
        return min(times)

    return best("import gamedesign; gamedesign.load('legday')") - best("pass")


#: (label, what it measures per unit, goal as a multiple of the yardstick or None; the
#: search rows' goal is in seconds a decision).
def rows(quick: bool):
    k = 5 if quick else 1
    yield "Leg Day 4p random, simulate default", simulate_row("legday", 4, "random", 10_000 // k), 1.0, {}
    yield "Leg Day 4p random, object engine, 1 core", simulate_row("legday", 4, "random", 2000 // k, workers=1, batch=False), 3.0, {"workers": 1, "batch": False}
    yield "Leg Day 4p greedy, simulate default", simulate_row("legday", 4, "greedy", 10_000 // k), 3.0, {}
    yield "Leg Day 4p greedy, object engine, 1 core", simulate_row("legday", 4, "greedy", 500 // k, workers=1, batch=False), None, {"workers": 1, "batch": False}
    yield "GYM 2p random, simulate default", simulate_row("gym", 2, "random", 10_000 // k), 1.5, {}
    yield "GYM 2p greedy, simulate default", simulate_row("gym", 2, "greedy", 10_000 // k), 3.0, {}
    yield "Diet 4p random, simulate default", simulate_row("diet", 4, "random", 10_000 // k), 3.0, {}
    yield "Diet 4p greedy, simulate default", simulate_row("diet", 4, "greedy", 10_000 // k), 3.0, {}
    for name, players, label in (("gym", 2, "GYM 2p"), ("diet", 4, "Diet 4p")):
        for bot, games in (("random", 100), ("greedy", 200)):
            runs = simulate_row(name, players, bot, max(10, games // k), workers=1, batch=False)
            yield f"{label} {bot}, object engine, 1 core", runs, None, {"workers": 1, "batch": False}
    for bot, games in (("random", 10_000), ("greedy", 10_000)):  # the games of the simulate rows
        yield (f"lab record_games, Leg Day 4p {bot}, default (per game)", record_row("legday", 4, bot, games // k),
               None, None)
    for bot, games in (("random", 1000), ("greedy", 300)):
        yield (f"lab record_games, Leg Day 4p {bot}, object engine, 1 core (per game)",
               record_row("legday", 4, bot, games // k, batch=False), None, None)
    yield "lab.compare, 2 variants x 1,000 greedy games (per game)", compare_row(1000 // k), 10.0, None
    yield ("lab.compare, 2 variants x 1,000 greedy games, object engine (per game)",
           compare_row(1000 // k, batch=False), None, None)
    for name, players, label in (("legday", 4, "Leg Day 4p"), ("gym", 2, "GYM 2p"), ("diet", 4, "Diet 4p")):
        yield f"search bot, one decision at defaults ({label})", search_row(name, players), 0.05, None


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a fifth of the games a row")
    parser.add_argument("--only", default="", help="only rows whose label contains this text")
    parser.add_argument("--cpu", action="store_true", help="CPU seconds of this process, not wall-clock seconds")
    parser.add_argument("--best-of", type=int, default=1, metavar="N",
                        help="time each row as the quickest of N runs, after one run to warm up (default 1: one run)")
    args = parser.parse_args(argv)
    if args.best_of < 1:
        parser.error(f"--best-of must be 1 or more, not {args.best_of}")
    global _clock
    if args.cpu:
        _clock = time.process_time
    stick = stick_seconds(1000)
    clock = "CPU" if args.cpu else "wall-clock"
    print(f"yardstick: {stick * 1e6:.0f} us of {clock} time a game (plain-Python Leg Day, 4 players, random picks, 1 process)\n")
    print(f"{'path':<62} {'path taken':>10} {'per unit':>12} {'x yardstick':>12} {'goal':>6}")
    for label, (run, units), goal, settings in rows(args.quick):
        if args.only.lower() not in label.lower():
            continue
        if settings is not None and label.startswith(("Leg Day", "GYM", "Diet")):
            name, players = {"Leg": ("legday", 4), "GYM": ("gym", 2), "Die": ("diet", 4)}[label[:3]]
            taken = path_of(name, players, "greedy" if "greedy" in label else "random", 100, **settings)
        else:
            taken = "-"
        if args.best_of > 1:
            run()  # warm up
        before = stick_seconds(1000)
        seconds = min(_timed(run) for _ in range(args.best_of)) / units
        after = stick_seconds(1000)
        ratio = seconds / ((before + after) / 2)
        shown = f"{seconds * 1e6:,.0f} us" if seconds < 0.1 else f"{seconds:,.2f} s"
        if label.startswith("search"):
            met = f"{goal * 1000:g} ms" + (" ok" if seconds <= goal else "")
        else:
            met = "" if goal is None else f"{goal:g}x" + (" ok" if ratio <= goal else "")
        print(f"{label:<62} {taken:>10} {shown:>12} {ratio:>11.1f}x {met:>6}", flush=True)
    if "import".startswith(args.only.lower()) or "import" in args.only.lower() or not args.only:
        seconds = import_seconds()
        print(f"{'import gamedesign + load (fresh process, beyond python -c pass)':<62} {'-':>10} {seconds:>10.3f} s {'':>12} {'0.1 s':>6}")


if __name__ == "__main__":
    main()
