"""How fast games are simulated: games per second per game and bot, and peak memory.

    python benchmarks/speed.py              # every game, random and greedy bots
    python benchmarks/speed.py --games 10000 --budget 30

For each game and bot it times ``gamedesign.simulate``:

* ``object, 1 core``: the reference engine, one process;
* ``object, all cores``: the same games on a process pool (identical table);
* ``batch, 1 core`` and ``batch``: the vectorised path (``simulate(..., batch=True)``),
  where a game has one, in one process and as ``simulate`` runs it by default (chunks of
  the game's ``BATCH_SIZE`` side by side on all cores).

Slow combinations are timed on fewer games (``--budget`` seconds at most per line,
measured on a sample first) and the time for ``--games`` games is projected from the
measured rate; the table says which lines are projected. ``--memory`` also measures the
peak memory of simulating 100,000 games in one call, in a fresh process each.
Not a test: figures depend on the machine (see ``benchmarks/RESULTS.md``). For figures
that hold on a busy machine, as multiples of a plain-Python game: ``benchmarks/ratios.py``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

import gamedesign
from machine import machine  # benchmarks/machine.py, beside this script
from gamedesign.bots import bot_names

#: Players per game in the benchmark (the targets of issue 6).
PLAYERS = {"legday": 4, "gym": 2, "diet": 4}


def timed(game, bots, games, **settings) -> float:
    started = time.perf_counter()
    gamedesign.simulate(game, bots, games=games, seed=1, progress=False, **settings)
    return time.perf_counter() - started


def measure(game, bot, target: int, budget: float, mode: str) -> dict:
    settings = {
        "object, 1 core": {"workers": 1},
        "object, all cores": {"workers": os.cpu_count()},
        "batch, 1 core": {"batch": True, "workers": 1},
        "batch": {"batch": True},
    }[mode]
    sample = min(target, 1000) if settings.get("batch") else 50
    rate = sample / timed(game, bot, sample, **settings)
    games = target if target / rate <= budget else max(sample, int(rate * budget))
    seconds = timed(game, bot, games, **settings)
    rate = games / seconds
    return {
        "game": game.name,
        "players": game.num_players,
        "bot": bot,
        "mode": mode,
        "games timed": games,
        "games/s": rate,
        f"seconds for {target}": target / rate,
        "projected": games < target,
    }


def peak_memory(name: str, bot: str, games: int, batch: bool) -> float:
    """Peak resident memory (MB) of one call simulating ``games`` games, in a fresh process
    (workers included)."""
    code = (
        "import resource, gamedesign\n"
        f"g = gamedesign.load({name!r}, players={PLAYERS.get(name)})\n"
        f"df = gamedesign.simulate(g, {bot!r}, games={games}, seed=1, progress=False, batch={batch})\n"
        "own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
        "print(own / 1024, kids / 1024, len(df))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    own, kids, rows = done.stdout.split()
    return float(own), float(kids), int(rows)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="the run size to time or project (default 10000)")
    parser.add_argument("--budget", type=float, default=20.0, help="at most this many seconds per line (default 20)")
    parser.add_argument("--only", nargs="*", default=None, help="game names (default: every game)")
    parser.add_argument("--memory", action="store_true", help="also measure peak memory of 100,000 games")
    args = parser.parse_args(argv)
    print(f"{machine()}, gamedesign {gamedesign.__version__}, {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC")
    print(f"load average before: {os.getloadavg()[0]:.1f} (figures are only comparable on an otherwise idle machine)")
    print()
    print(f"| game | players | bot | path | games timed | games/s | seconds for {args.games} |")
    print("|---|---|---|---|---|---|---|")
    for name in args.only or gamedesign.GAMES:
        game = gamedesign.load(name, players=PLAYERS.get(name))
        from gamedesign.registry import game_module

        batch_bots = getattr(game_module(name), "BATCH_BOTS", ())
        for bot in [b for b in bot_names(game) if b != "search"]:
            modes = ["object, 1 core", "object, all cores"] + (["batch, 1 core", "batch"] if bot in batch_bots else [])
            for mode in modes:
                row = measure(game, bot, args.games, args.budget, mode)
                seconds = row[f"seconds for {args.games}"]
                print(
                    f"| {name} | {row['players']} | {bot} | {mode} | {row['games timed']} | {row['games/s']:.0f} | "
                    f"{seconds:.2f}{' (projected)' if row['projected'] else ''} |",
                    flush=True,
                )
    if args.memory:
        print()
        print("| game | bot | path | games | peak MB (main process) | peak MB (largest worker) |")
        print("|---|---|---|---|---|---|")
        runs = [("legday", "random", True), ("legday", "random", False), ("legday", "greedy", True)]
        runs += [("gym", "random", True), ("diet", "random", True)]
        for name, bot, batch in runs:
            own, kids, rows = peak_memory(name, bot, 100_000, batch)
            path = "batch" if batch else "object, all cores"
            print(f"| {name} | {bot} | {path} | 100000 | {own:.0f} | {kids:.0f} |", flush=True)
    print()
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
