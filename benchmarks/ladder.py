"""The strength ladder: random < greedy < search, in every game, with 95% intervals.

Each rung puts one *tested* bot against a field of copies of the bot below it, with the
tested bot taking every seat in turn (equal numbers of games per seat), and reports the
tested bot's win rate with its 95% Wilson interval (``gamedesign.odds.estimate``) next
to the fair share (1 / players; 1/2 for GYM's two teams). A rung is separated when the
interval lies above the fair share.

    python benchmarks/ladder.py                      # every game, default settings
    python benchmarks/ladder.py --games 300 --only legday --iterations 200

Seeded (``--seed``): the same settings give the same games and figures. Uses all cores
through ``gamedesign.simulate(workers=...)``; the search rung takes most of the time.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import time

import gamedesign
from gamedesign.odds import estimate
from gamedesign.search import SearchBot

RUNGS = (("greedy", "random"), ("search", "greedy"))


def fair_share(game) -> float:
    """A tested bot's win rate if it were no better than the field."""
    if game.name == "gym":
        return 0.5  # two teams
    return 1 / game.num_players


def make(name, args):
    if name == "search":
        return SearchBot(iterations=args.iterations, rollout=args.rollout, paired=args.paired)
    return name


def rung(game, tested: str, field: str, games: int, seed: int, args) -> dict:
    """Play ``games`` games of ``tested`` against copies of ``field``, rotating seats."""
    n = game.num_players
    wins = played = 0
    scores, field_scores, eliminated = [], [], 0
    started = time.perf_counter()
    for seat in range(n):
        count = games // n + (1 if seat < games % n else 0)
        if not count:
            continue
        bots = [make(field, args) for _ in range(n)]
        bots[seat] = make(tested, args)
        frame = gamedesign.simulate(
            game, bots, games=count, seed=seed * 100 + seat, workers=args.workers, progress=args.progress
        )
        mine = frame[frame.seat == seat]
        wins += int(mine["won"].sum())
        played += count
        eliminated += int(mine["eliminated"].sum())
        scores += mine["score"].dropna().tolist()
        field_scores += frame.loc[frame.seat != seat, "score"].dropna().tolist()
        print(f"  {game.name}: {tested} in seat {seat}: {int(mine['won'].sum())} wins in {count} games", flush=True)
    rate = estimate(wins, played)
    return {
        "game": game.title,
        "players": n,
        "tested": tested,
        "field": field,
        "games": played,
        "win rate": rate.proportion,
        "low": rate.low,
        "high": rate.high,
        "fair share": fair_share(game),
        "separated": rate.low > fair_share(game),
        "mean score": sum(scores) / len(scores) if scores else float("nan"),
        "field mean score": sum(field_scores) / len(field_scores) if field_scores else float("nan"),
        "eliminated": eliminated / played,
        "seconds": time.perf_counter() - started,
    }


def markdown(rows, args) -> str:
    """The ladder as a markdown table with the machine and the date."""
    lines = [
        f"Ladder run {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC on {machine()}; "
        f"search: {args.iterations} iterations per decision, {args.rollout} rollouts"
        f"{', paired' if args.paired else ''}; seed {args.seed}.",
        "",
        "| game | players | tested bot | field | games | win rate | 95% interval | fair share | separated | "
        "mean score (tested / field) | minutes |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['game']} | {r['players']} | {r['tested']} | {r['field']} | {r['games']} | "
            f"{r['win rate']:.3f} | {r['low']:.3f} to {r['high']:.3f} | {r['fair share']:.3f} | "
            f"{'yes' if r['separated'] else 'no'} | {r['mean score']:.2f} / {r['field mean score']:.2f} | "
            f"{r['seconds'] / 60:.1f} |"
        )
    return "\n".join(lines)


def machine() -> str:
    """The processor's name and core count, for the record."""
    name = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            name = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{name}, {os.cpu_count()} cores, Python {platform.python_version()}"


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per rung and game (default 200)")
    parser.add_argument("--greedy-games", type=int, default=None, help="games for the cheap greedy-vs-random rung")
    parser.add_argument("--iterations", type=int, default=100, help="search iterations per decision (default 100)")
    parser.add_argument("--rollout", default="greedy", help="the search bot's rollout bot (default greedy)")
    parser.add_argument("--paired", action="store_true", help="search compares root moves on shared deals")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=os.cpu_count(), help="processes (default: all cores)")
    parser.add_argument("--only", nargs="*", default=None, help="game names (default: every game)")
    parser.add_argument("--players", type=int, default=None, help="players (default: each game's usual)")
    parser.add_argument("--progress", action="store_true", help="show progress bars")
    parser.add_argument("--out", default=None, help="also append the markdown table to this file")
    args = parser.parse_args(argv)
    rows = []
    for name in args.only or gamedesign.GAMES:
        game = gamedesign.load(name, players=args.players)
        for tested, field in RUNGS:
            games = args.greedy_games if (tested == "greedy" and args.greedy_games) else args.games
            row = rung(game, tested, field, games, args.seed, args)
            rows.append(row)
            print(
                f"{row['game']}: {tested} vs {field}: {row['win rate']:.3f} "
                f"({row['low']:.3f} to {row['high']:.3f}), fair share {row['fair share']:.3f}, "
                f"{row['games']} games, {row['seconds']:.0f} s",
                flush=True,
            )
    table = markdown(rows, args)
    print()
    print(table)
    if args.out:
        with open(args.out, "a", encoding="utf-8") as f:
            f.write(table + "\n\n")


if __name__ == "__main__":
    main()
