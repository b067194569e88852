"""The strength ladder: random < greedy < search, in every game, with 95% intervals.

Each rung puts one *tested* bot against a field of copies of the bot below it, with the
tested bot taking every seat in turn (equal numbers of games per seat), and reports the
tested bot's win rate with its 95% Wilson interval (``gamedesign.odds.estimate``) next
to the fair share (1 / players; 1/2 for GYM's two teams). A rung is separated when the
interval lies above the fair share.

    python benchmarks/ladder.py                      # every game, make_bot("search") vs greedy
    python benchmarks/ladder.py --games 300 --only legday --iterations 200
    python benchmarks/ladder.py --csv gamedesign/data/ladder.csv   # add the rows to the data file
    python benchmarks/ladder.py --only diet --matrix random greedy search expert --games 400 \
        --csv gamedesign/data/ladder_matrix_diet.csv       # the matchup matrix of those strengths

``gamedesign/data/ladder.csv`` holds the measured rungs (wins and games; intervals follow from
them), read by ``notebooks/07_bots.ipynb`` and summarised in ``benchmarks/RESULTS.md``.

Seeded (``--seed``): the same settings give the same games and figures. Uses all cores
through ``gamedesign.simulate(workers=...)``; the search rung takes most of the time.
"""

from __future__ import annotations

import argparse
import datetime
import os

import gamedesign
from machine import machine  # benchmarks/machine.py, beside this script
from gamedesign.ladder import RUNGS, play_rung
from gamedesign.search import SearchBot


def make(name, args):
    """The bot for a rung: a named strength (``search`` and ``expert`` with their own
    iterations and without their time cap, so the games are the same on any machine), or
    a search of ``--iterations`` when given."""
    if name in ("search", "expert"):
        if args.iterations is None:
            return SearchBot(strength=name, timed=False)
        return SearchBot(iterations=args.iterations, rollout=args.rollout, paired=args.paired)
    return name


def markdown(rows, args) -> str:
    """The ladder as a markdown table with the machine and the date."""
    lines = [
        f"Ladder run {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC on {machine()}; "
        + (
            f"search: {args.iterations} iterations per decision, {args.rollout} rollouts{', paired' if args.paired else ''}"
            if args.iterations is not None
            else "search: make_bot('search')'s settings per game (gamedesign.search.settings), without the time cap"
        )
        + f"; seed {args.seed}.",
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


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per rung and game (default 200)")
    parser.add_argument("--greedy-games", type=int, default=None, help="games for the cheap greedy-vs-random rung")
    parser.add_argument(
        "--iterations", type=int, default=None,
        help="search iterations per decision (default: the named strength's own, gamedesign.search.settings)",
    )
    parser.add_argument("--rollout", default="greedy", help="the search bot's rollout bot (default greedy)")
    parser.add_argument("--paired", action="store_true", help="search compares root moves on shared deals")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=os.cpu_count(), help="processes (default: all cores)")
    parser.add_argument("--only", nargs="*", default=None, help="games: names, FILE.py:ClassName or module:ClassName (default: every game)")
    parser.add_argument("--players", type=int, default=None, help="players (default: each game's usual)")
    parser.add_argument(
        "--rungs", nargs="*", choices=[tested for tested, _ in RUNGS], default=None,
        help="which rungs, by tested bot (default: all: greedy over random, search over greedy)",
    )
    parser.add_argument("--progress", action="store_true", help="show progress bars")
    parser.add_argument("--out", default=None, help="also append the markdown table to this file")
    parser.add_argument(
        "--csv", default=None, help="also append the rows to this CSV file (e.g. gamedesign/data/ladder.csv, read by notebook 07)"
    )
    parser.add_argument(
        "--matrix", nargs="*", default=None,
        help="play the matchup matrix of these strengths (gamedesign.ladder.matchup_matrix) instead of the rungs",
    )
    args = parser.parse_args(argv)
    if args.matrix:
        return matrices(args)
    rows = []
    for name in args.only or gamedesign.GAMES:
        game = gamedesign.load(gamedesign.registry.game_from_spec(name), players=args.players)
        for tested, field in RUNGS:
            if args.rungs is not None and tested not in args.rungs:
                continue
            games = args.greedy_games if (tested == "greedy" and args.greedy_games) else args.games
            row = play_rung(
                game, make(tested, args), make(field, args), games, args.seed,
                workers=args.workers, progress=args.progress, report=print,
            )
            bot = make(tested, args)
            if isinstance(bot, SearchBot):
                bot.reset(game, 0, 0)  # its settings for this game, as the rung played them
                row["search_iterations"] = bot.iterations if bot.method == "search" else ""
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
    if args.csv:
        append_csv(rows, args)


def matrices(args) -> None:
    """Each game's matchup matrix between the ``--matrix`` strengths, printed, its skill
    depth, and (``--csv``) the rows written to a new file."""
    from gamedesign.ladder import matchup_matrix, skill_depth

    frames = []
    for name in args.only or gamedesign.GAMES:
        game = gamedesign.load(gamedesign.registry.game_from_spec(name), players=args.players)
        bots = [make(strength, args) for strength in args.matrix]
        matrix = matchup_matrix(game, bots, args.games, args.seed, workers=args.workers, report=print)
        depth = skill_depth(matrix)
        print(
            f"{game.title}: skill depth {depth['depth']:.3f} ({depth['separated']:.0%} of {depth['pairs']} pairs separated)",
            flush=True,
        )
        matrix["seed"] = args.seed
        matrix["date"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
        frames.append(matrix)
    import pandas as pd

    table = pd.concat(frames, ignore_index=True)
    print(table[["game", "tested", "field", "games", "wins", "win rate", "low", "high"]].to_string(index=False))
    if args.csv:
        table.drop(columns=["seconds"]).to_csv(args.csv, index=False, float_format="%.4f")


#: The columns of ``gamedesign/data/ladder.csv``.
CSV_COLUMNS = (
    "game", "players", "tested", "field", "games", "wins", "fair_share", "search_iterations", "paired", "seed",
    "mean_score", "field_mean_score", "minutes", "date",
)


def append_csv(rows, args) -> None:
    """Append the rungs to a CSV file (the header too when the file is new)."""
    import csv

    new = not os.path.exists(args.csv) or os.path.getsize(args.csv) == 0
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    with open(args.csv, "a", encoding="utf-8", newline="") as f:
        out = csv.writer(f)
        if new:
            out.writerow(CSV_COLUMNS)
        for r in rows:
            search = r["tested"] == "search"
            out.writerow([
                r["game"], r["players"], r["tested"], r["field"], r["games"], r["wins"], r["fair share"],
                r.get("search_iterations", "") if search else "", bool(search and args.paired), args.seed,
                f"{r['mean score']:.2f}", f"{r['field mean score']:.2f}", f"{r['seconds'] / 60:.1f}", today,
            ])


if __name__ == "__main__":
    main()
