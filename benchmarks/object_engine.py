"""The object engine on one core as a multiple of the yardstick, measured slice by slice.

    python benchmarks/object_engine.py                 # Leg Day, 4 players, random bots
    python benchmarks/object_engine.py --bot greedy    # greedy bots (fewer games a slice)

The row "Leg Day 4p random, object engine, 1 core" of ``benchmarks/ratios.py`` times one
long run of the engine against the yardstick's quickest of three runs. On a machine whose
speed swings from one second to the next (a shared virtual machine), that ratio moves by
a third from run to run. Here the two are cut into short slices, taken in turn: 400
yardstick games, ``simulate(game, bot, games=400, workers=1, batch=False)``, 400 yardstick
games, thirty times, each slice timed in CPU seconds of this process. Each engine slice
is divided by the mean of the yardstick slices on either side of it, and the median of
the thirty ratios is printed with its quartiles: a slow second slows both sides of a
ratio, so the median holds still where one long run does not.

Not a test: figures depend on the machine (see ``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # yardstick.py, beside this script

import yardstick  # noqa: E402

import gamedesign  # noqa: E402


def ratios(bot: str = "random", slices: int = 30, games: int | None = None) -> list[float]:
    """The engine's time a game over the yardstick's, slice by slice (``slices`` of them)."""
    clock = time.process_time
    game = gamedesign.load("legday", players=4)
    games = games or (400 if bot == "random" else 60)
    rng = random.Random(0)

    def stick() -> float:
        started = clock()
        for _ in range(400):
            yardstick.play(rng)
        return (clock() - started) / 400

    def engine() -> float:
        started = clock()
        gamedesign.simulate(game, bot, games=games, seed=1, progress=False, workers=1, batch=False)
        return (clock() - started) / games

    engine()  # warm up: imports and first calls
    out = []
    for _ in range(slices):
        before = stick()
        seconds = engine()
        out.append(seconds / ((before + stick()) / 2))
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="random", choices=["random", "greedy"], help="every seat's bot (default random)")
    parser.add_argument("--slices", type=int, default=30, help="engine slices, each between two yardstick slices (default 30)")
    args = parser.parse_args(argv)
    if args.slices < 3:
        parser.error(f"--slices must be 3 or more, not {args.slices}")
    found = ratios(args.bot, args.slices)
    low, _, high = statistics.quantiles(found, n=4)
    print(f"Leg Day 4p {args.bot}, object engine, 1 core: {statistics.median(found):.2f}x the yardstick "
          f"(median of {len(found)} slices; quartiles {low:.2f}-{high:.2f}x)")


if __name__ == "__main__":
    main()
