"""The strength ladder: how often a bot beats a field of weaker bots, with 95% intervals.

A *rung* puts one tested bot against copies of a field bot (e.g. ``"greedy"`` against
three ``"random"`` bots), the tested bot taking every seat in turn for equal numbers of
games, so no seat's advantage helps it. Its win rate comes with a 95% Wilson interval
(:func:`gamedesign.odds.estimate`); the rung is *separated* when the whole interval lies
above the fair share, what the tested bot would win if it were no better than the field
(1 / number of teams: 1 / players, or 1/2 in GYM's two teams).

:func:`matchup_matrix` plays every pair of graded strengths on the same deals, and
:func:`skill_depth` reads from it how far and how surely better players beat worse ones.

``benchmarks/ladder.py`` plays the full ladder (random < greedy < search in every game)
and appends the rungs to ``gamedesign/data/ladder.csv``; :func:`read_ladder` reads that file
back with the intervals.
"""

from __future__ import annotations

import copy
import math
import time
from pathlib import Path

import pandas as pd

from .bots import bot_label
from .registry import BUILT_IN
from .odds import estimate
from .simulate import simulate

#: The rungs of the ladder: (tested bot, field bot).
RUNGS = (("greedy", "random"), ("search", "greedy"))

#: The measured ladder, written by ``benchmarks/ladder.py``.
LADDER_CSV = Path(__file__).resolve().parent / "data" / "ladder.csv"


def fair_share(game) -> float:
    """A tested bot's win rate if it were no better than the field: one over the number
    of teams (``game.teams()``: every seat for itself, or GYM's two teams)."""
    return 1 / len(game.teams())


def play_rung(
    game, tested, field, games: int, seed: int, *, workers=None, progress=None, report=None, executor=None
) -> dict:
    """Play ``games`` games of ``tested`` against copies of ``field`` (names or bot
    objects), the tested bot in each seat in turn; returns the rung as a dict: games,
    wins, win rate, low, high (95%), fair share, separated, mean scores, seconds.

    ``report``, if given (e.g. ``print``), is called with a line per seat as it ends;
    ``executor`` (e.g. a ``dask.distributed`` client's ``get_executor()``) plays the games
    there (see :func:`gamedesign.simulate`). The result also has ``seat win rates``: the
    tested bot's win rate in each seat.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number 1 or more, not {games!r}")
    n = game.num_players
    wins = played = 0
    scores, field_scores = [], []
    seat_rates = []
    started = time.perf_counter()
    for seat in range(n):
        count = games // n + (1 if seat < games % n else 0)
        if not count:
            continue
        # Each field seat gets its own bot: a bot object remembers its seat and generator.
        bots = [field if isinstance(field, str) else copy.deepcopy(field) for _ in range(n)]
        bots[seat] = tested
        frame = simulate(  # on the engine: the same deals for every pairing of the same seed
            game, bots, games=count, seed=seed * 100 + seat, workers=workers, progress=progress, executor=executor,
            batch=False,
        )
        mine = frame[frame.seat == seat]
        seat_rates.append(float(mine["won"].mean()))
        wins += int(mine["won"].sum())
        played += count
        scores += mine["score"].dropna().tolist()
        field_scores += frame.loc[frame.seat != seat, "score"].dropna().tolist()
        if report is not None:
            report(f"  {game.name}: {bot_label(tested)} in seat {seat}: {int(mine['won'].sum())} wins in {count} games")
    rate = estimate(wins, played)
    share = fair_share(game)
    return {
        "game": game.title,
        "players": n,
        "tested": bot_label(tested),
        "field": bot_label(field),
        "games": played,
        "wins": wins,
        "win rate": rate.proportion,
        "low": rate.low,
        "high": rate.high,
        "fair share": share,
        "separated": rate.low > share,
        "mean score": sum(scores) / len(scores) if scores else float("nan"),
        "field mean score": sum(field_scores) / len(field_scores) if field_scores else float("nan"),
        "seconds": time.perf_counter() - started,
        "seat win rates": seat_rates,
    }


def matchup_matrix(game, strengths, games: int, seed: int, *, workers=None, executor=None, report=None) -> pd.DataFrame:
    """The win-rate matrix between bots of graded strength, as the Tabletop Games
    framework judges a game: for every ordered pair (``tested``, ``field``) of
    ``strengths`` (names such as ``["random", "greedy", "search", "expert"]``, weakest
    first, or bot objects), ``games`` games of one ``tested`` bot against copies of
    ``field``, the tested bot in each seat in turn (:func:`play_rung`), every pairing on
    the same deals (the same seeds). The diagonal is each strength against itself, whose
    seat win rates show the advantage of a seat. ``executor`` plays the games elsewhere
    (e.g. Dask: ``client.get_executor()``).

    Returns one row per pair: tested, field, games, wins, win rate, low and high (95%
    Wilson interval), fair share, separated, mean scores, and ``seat k`` columns (the
    tested bot's win rate in seat k). :func:`skill_depth` sums it up in one number.
    """
    strengths = list(strengths)
    if len(strengths) < 2:
        raise ValueError(f"give two strengths or more (e.g. ['random', 'greedy', 'search']), not {strengths!r}")
    rows = []
    for tested in strengths:
        for field in strengths:
            rung = play_rung(game, tested, field, games, seed, workers=workers, executor=executor)
            row = {k: v for k, v in rung.items() if k != "seat win rates"}
            for k, rate in enumerate(rung["seat win rates"]):
                row[f"seat {k}"] = rate
            rows.append(row)
            if report is not None:
                report(f"{game.name}: {row['tested']} vs {row['field']}: {row['wins']} wins in {row['games']}")
    return pd.DataFrame(rows)


def skill_depth(matrix: pd.DataFrame, order=None) -> dict:
    """How far and how surely better players beat worse ones, from :func:`matchup_matrix`.

    Skill depth: over every pair of strengths (weaker, stronger, in ``order``, default
    the order of the matrix's rows), the mean of the stronger one's win-rate edge over
    the fair share as a fraction of the most it could be, ``(win rate - fair share) /
    (1 - fair share)`` (1: the stronger always wins; 0: no better than chance; below 0:
    the "stronger" loses), and the share of those pairs whose 95% interval lies above the
    fair share. Returns ``{"depth", "low", "high", "separated", "pairs"}``: ``low`` and
    ``high`` bound the depth at 95%, each pair's Wilson interval read as a normal spread
    and the pairs counted as independent (``high`` at most 1).
    """
    missing = [c for c in ("tested", "field", "win rate", "fair share", "separated") if c not in matrix.columns]
    if missing:
        raise ValueError(f"not a matchup matrix: it has no column {missing[0]!r} (make one with matchup_matrix)")
    order = list(dict.fromkeys(matrix["tested"])) if order is None else list(order)
    edges, spreads, separated = [], [], []
    for i, weaker in enumerate(order):
        for stronger in order[i + 1 :]:
            row = matrix[(matrix["tested"] == stronger) & (matrix["field"] == weaker)]
            if row.empty:
                raise ValueError(f"the matrix has no row of {stronger!r} against {weaker!r}")
            r = row.iloc[0]
            room = 1 - r["fair share"]
            edges.append((r["win rate"] - r["fair share"]) / room)
            if "low" in r and "high" in r:
                spreads.append((r["high"] - r["low"]) / (2 * 1.959964) / room)
            separated.append(bool(r["separated"]))
    if not edges:
        raise ValueError("skill depth needs two strengths or more")
    depth = sum(edges) / len(edges)
    half = 1.959964 * math.sqrt(sum(s * s for s in spreads)) / len(edges) if len(spreads) == len(edges) else math.nan
    return {
        "depth": depth,
        "low": depth - half,
        "high": min(depth + half, 1.0),  # the stronger cannot win more than always
        "separated": sum(separated) / len(separated),
        "pairs": len(edges),
    }


def _rung_label(tested: str, field: str, iterations, paired: bool) -> str:
    """E.g. "greedy vs random", "search (100 iterations, paired) vs greedy"."""
    settings = []
    if pd.notna(iterations) and iterations != "":
        settings.append(f"{int(iterations)} iterations")
    if paired:
        settings.append("paired")
    return f"{tested}{' (' + ', '.join(settings) + ')' if settings else ''} vs {field}"


def _add_intervals(table: pd.DataFrame, share_column: str) -> pd.DataFrame:
    """Each row's win rate and 95% Wilson interval worked out from its ``wins`` and
    ``games``, and whether the interval lies above the fair share in ``share_column``."""
    rates = [estimate(int(w), int(g)) for w, g in zip(table["wins"], table["games"])]
    table["win rate"] = [r.proportion for r in rates]
    table["low"] = [r.low for r in rates]
    table["high"] = [r.high for r in rates]
    table["separated"] = table["low"] > table[share_column]
    return table


def read_ladder(path=None) -> pd.DataFrame:
    """The measured ladder (``gamedesign/data/ladder.csv`` by default) with each rung's win
    rate, 95% interval and whether it is separated from the fair share."""
    path = Path(path) if path is not None else LADDER_CSV
    if not path.exists():
        raise ValueError(f"no ladder file at {path}; run: python benchmarks/ladder.py --csv {path}")
    table = pd.read_csv(path)
    needed = ["game", "players", "tested", "field", "games", "wins", "fair_share"]
    missing = [c for c in needed if c not in table.columns]
    if missing:
        raise ValueError(f"{path} is not a ladder file: it has no column {missing[0]!r} (needs {', '.join(needed)})")
    _add_intervals(table, "fair_share")
    paired = table["paired"].fillna(False).astype(bool) if "paired" in table.columns else pd.Series(False, table.index)
    iterations = table["search_iterations"] if "search_iterations" in table.columns else pd.Series(None, table.index)
    table["rung"] = [_rung_label(*row) for row in zip(table["tested"], table["field"], iterations, paired)]
    return table


#: The measured matchup matrices, one file per game, written by ``benchmarks/ladder.py --matrix``.
MATRIX_CSV = Path(__file__).resolve().parent / "data" / "ladder_matrix_{game}.csv"

#: The games whose matrices ship in ``gamedesign/data/`` (the built-in games with a file).
MEASURED = tuple(name for name in BUILT_IN if Path(str(MATRIX_CSV).format(game=name)).is_file())

#: The columns a matrix file must have.
_MATRIX_COLUMNS = ("game", "players", "tested", "field", "games", "wins", "fair share")


def read_matrix(game: str, path=None) -> pd.DataFrame:
    """The measured matchup matrix of a shipped game (``"legday"``, ``"gym"``, ``"diet"``;
    ``gamedesign/data/ladder_matrix_<game>.csv``) or of the file at ``path``, with each
    pair's win rate and 95% interval worked out again from its wins and games."""
    if path is None:
        if game not in MEASURED:
            raise ValueError(f"no measured matrix for {game!r}: there is one for {', '.join(MEASURED)}")
        path = Path(str(MATRIX_CSV).format(game=game))
    path = Path(path)
    if not path.exists():
        raise ValueError(
            f"no matrix file at {path}; run: python benchmarks/ladder.py --only {game} "
            f"--matrix random greedy search --csv {path}"
        )
    table = pd.read_csv(path)
    missing = [c for c in _MATRIX_COLUMNS if c not in table.columns]
    if missing:
        raise ValueError(f"{path} is not a matrix file: it has no column {missing[0]!r} (needs {', '.join(_MATRIX_COLUMNS)})")
    bad = table[(table["games"] < 1) | (table["wins"] < 0) | (table["wins"] > table["games"])]
    if not bad.empty:
        r = bad.iloc[0]
        raise ValueError(f"{path}: {r['tested']} vs {r['field']} has {r['wins']} wins in {r['games']} games")
    return _add_intervals(table, "fair share")


__all__ = [
    "LADDER_CSV", "MATRIX_CSV", "RUNGS", "fair_share", "matchup_matrix", "play_rung", "read_ladder", "read_matrix",
    "skill_depth",
]
