"""Paired comparisons: variants played on the same seeds, differences with 95% intervals.

Every variant plays game ``i`` with the same random numbers: on the object path the same
game seed and bot seeds (those of ``gamedesign.simulate(..., seed=seed, batch=False)``), on
the batch path the same row of the same random stream (that of ``simulate(..., batch=True)``,
taken only when the decks have the same number of cards). So where the decks allow it the
deals are the same and much of the luck cancels out in the difference. For each measure of
:func:`.metrics.game_table` and each variant, the difference from the first (baseline)
variant is the mean of the per-game differences, with the interval
``mean ± 1.96·sd/√n`` of those paired differences (rates too: a rate is the mean of a 0/1
per game).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from .metrics import definition, game_table, interval, seat_columns
from .stats import paired_test, with_correction
from ..runtime import cores
from ..simulate import MAX_GAMES, _process_pool, _run, _unpicklable, _whole, check_workers, lineup
from .record import (CHUNK, PARALLEL_FROM, _batch_chunk, _Progress, _record_chunk, batch_record_tasks,
                     batch_recorded, profile_of, record_games, record_tasks)
from .variants import Variant, load_preset


def _as_variant(v) -> Variant:
    if isinstance(v, Variant):
        return v
    if isinstance(v, dict):
        return Variant.from_dict(v)
    if isinstance(v, str):
        return load_preset(v)
    raise ValueError(f"a variant is a Variant, a table of its fields, or a preset name/path; not {v!r}")


def as_labelled_variants(variants) -> tuple[list, list]:
    """``variants`` (Variant objects, dicts or preset names) as :class:`Variant` objects and
    their labels; refuses none at all and two with the same label."""
    variants = [_as_variant(v) for v in variants]
    if not variants:
        raise ValueError("give at least one variant")
    labels = [v.label for v in variants]
    if len(set(labels)) != len(labels):
        raise ValueError(f"variant names must differ to tell them apart; their labels: {', '.join(labels)}")
    return variants, labels


def run_variants(variants, bots, games: int = 200, seed: int = 0, progress=None, *, workers=None,
                 batch: bool | None = None) -> dict:
    """Record ``games`` games of each variant from the same ``seed``: label -> list of records.

    ``variants`` are :class:`Variant` objects, dicts or preset names; they must all be
    the same game with the same number of players. ``progress(done, total)`` counts games
    over all variants. ``workers``: processes to record in (by default every core when
    it pays); the records are the same either way.

    ``batch`` chooses the path for every variant at once, as in :func:`.record.record_games`:
    ``None`` (the default) the batch path when every variant can take it for these bots
    and their decks have the same number of cards, ``True`` the batch path (an error
    naming a variant that cannot), ``False`` the object path. Either way each variant
    plays game ``i`` with the same random numbers, so the deals are the same where the
    decks allow it and the differences are paired. (On the batch path the shuffle draws a
    number for every card, so decks of different sizes share no random numbers at all;
    the object path keeps each bot's own numbers the same, which is why ``None`` takes it
    for them.)
    """
    _whole("games", games, 1, MAX_GAMES)  # before any use of the number
    workers = check_workers(workers)
    variants, labels = as_labelled_variants(variants)
    built = [v.build() for v in variants]
    first = built[0]
    for v, g in zip(variants, built):
        if g.name != first.name or g.num_players != first.num_players:
            raise ValueError(
                f"variant {v.label!r} is {g.name!r} with {g.num_players} players; the baseline "
                f"{labels[0]!r} is {first.name!r} with {first.num_players}: compare like with like"
            )
    bots, _ = lineup(first, bots, games)  # one list for every variant (an iterator is read once)
    if batch is None:
        pairing = profile_of(first).batch_pairing
        paired = pairing is None or len({pairing(game) for game in built}) == 1
        batch = paired and all(batch_recorded(game, bots, None) for game in built)
    else:
        batch = all([batch_recorded(game, bots, batch, name=label) for label, game in zip(labels, built)])
    if workers is None:  # processes when there are chunks enough to share out
        if batch:
            workers = cores() if games * len(built) >= BATCH_PARALLEL_FROM else 1
        else:
            workers = cores() if games * len(built) >= PARALLEL_FROM and games > CHUNK else 1
    if workers > 1 and all(_unpicklable(game, _bot_list(bots, game)) is None for game in built):
        # One pool for every variant, and every variant's chunks given to it at once: no
        # core waits for the last chunks of one variant before the next one starts.
        make, work = (batch_record_tasks, _batch_chunk) if batch else (record_tasks, _record_chunk)
        tasks = [make(game, bots, games, seed) for game in built]
        bar = None if progress is None else _Progress(progress, len(built) * games)
        pool = _process_pool(min(workers, sum(map(len, tasks))))
        parts = iter(_run(work, [task for part in tasks for task in part], pool, pool, bar))
        return {label: [r for _ in part for r in next(parts)] for label, part in zip(labels, tasks)}
    out = {}
    for i, (label, game) in enumerate(zip(labels, built)):
        report = None if progress is None else (lambda done, total, i=i: progress(i * games + done, len(built) * games))
        out[label] = record_games(game, bots, games=games, seed=seed, progress=report, workers=1, batch=batch)
    return out


#: Batch-path runs of the design lab with at least this many games in all go to a process
#: pool by default (below it, starting the pool and sending the records back costs more).
BATCH_PARALLEL_FROM = 20_000


def _bot_list(bots, game) -> list:
    return [bots] * game.num_players if isinstance(bots, str) else list(bots)


def compare_tables(tables: dict) -> pd.DataFrame:
    """Paired differences from the first table (label -> :func:`game_table`).

    One row per variant and measure: ``variant``, ``measure``, ``value`` (the variant's
    mean) with ``value_low``/``value_high`` (its own 95% interval), ``baseline`` (the
    first variant's mean over the same games), ``difference``, ``low``, ``high`` (95%
    interval of the difference), ``pairs`` (games where both have a value), ``sd`` (spread
    of the per-game differences), ``p`` (paired test), ``clear`` (the interval leaves out
    0), ``p_holm`` and ``clear_holm`` (the same after Holm's correction for all the outcome
    measures of that variant, and the rule counts apart: see :func:`.stats.with_correction`),
    ``repeats`` (the measure this one repeats game by game, counted once in the correction:
    in a game of two sides each seat's wins and the gap repeat the ``first seat edge``; ``""``
    for the others) and ``definition``. The baseline's rows
    have a difference of 0. A last ``win-rate gap`` row per variant gives the balance
    between seats, with intervals from a paired bootstrap (see :func:`_gap_rows`).
    """
    labels = list(tables)
    base = tables[labels[0]]
    rows = []
    for label in labels:
        table = tables[label]
        measures = [m for m in base.columns if m in table.columns]
        measures += [m for m in table.columns if m not in base.columns]
        for measure in measures:
            if measure not in base.columns or measure not in table.columns:
                mean, _, _, n = interval(table[measure]) if measure in table.columns else (math.nan, 0, 0, 0)
                rows.append(dict(variant=label, measure=measure, value=mean, value_low=math.nan,
                                 value_high=math.nan, baseline=math.nan, difference=math.nan, low=math.nan,
                                 high=math.nan, pairs=0))
                continue
            value, value_low, value_high, _ = interval(table[measure])
            both = pd.concat([table[measure].rename("v"), base[measure].rename("b")], axis=1, join="inner").dropna()
            test = paired_test(both["v"] - both["b"])
            diff, low, high, n = test["mean"], test["low"], test["high"], test["n"]
            rows.append(dict(variant=label, measure=measure, value=value, value_low=value_low, value_high=value_high,
                             baseline=float(both["b"].mean()) if n else math.nan,
                             difference=diff, low=low, high=high, pairs=n, sd=test["sd"],
                             p=test["p"] if label != labels[0] else math.nan))
    rows += _gap_rows(tables)
    out = pd.DataFrame(rows)
    repeats = _repeats(tables)
    out["repeats"] = [repeats.get(m, "") for m in out["measure"]]
    # Equal per-game values (a fixed length) give sd 0: their interval is the point itself.
    out["clear"] = (out["low"] > 0) | (out["high"] < 0)
    out["definition"] = out["measure"].map(definition)
    return with_correction(out)


#: The measure every seat's win column may repeat: in a game of two sides (two players, or
#: two teams) one number says who wins, and the correction for many measures counts it once.
EDGE = "first seat edge"


def _repeats(tables: dict) -> dict:
    """Measure -> the measure it repeats (the same information in every game of every
    variant): a seat's win column that is the first seat's edge moved and perhaps turned
    over, game by game, as in a game of two sides; then the gap between seats too."""
    base = next(iter(tables.values()))
    seats = seat_columns(base)
    if EDGE not in base.columns or not seats:
        return {}
    out = {}
    for column in seats:
        xs, ys = [], []
        for table in tables.values():
            if column in table.columns and EDGE in table.columns:
                both = table[[EDGE, column]].dropna()
                xs.append(both[EDGE]), ys.append(both[column])
        x, y = pd.concat(xs).to_numpy(float), pd.concat(ys).to_numpy(float)
        if len(x) < 2 or np.ptp(x) == 0:
            continue
        # y = a·x + b exactly, with a the slope through two games of different x
        i, j = int(np.argmin(x)), int(np.argmax(x))
        a = (y[j] - y[i]) / (x[j] - x[i])
        if a != 0 and np.allclose(y, a * (x - x[i]) + y[i], atol=1e-9):
            out[column] = EDGE
    if len(seats) >= 2 and len(out) == len(seats):
        out["win-rate gap"] = EDGE
    return out


def _gap_rows(tables: dict, resamples: int = 1000) -> list[dict]:
    """The win-rate gap (balance) of each variant and its difference from the baseline.

    The gap is not a mean of per-game values, so its intervals come from a paired
    bootstrap: the same resampled games for every variant (seeded, so repeatable), and
    the 2.5% and 97.5% points of the resampled values.
    """
    labels = list(tables)
    base = tables[labels[0]]
    seats = seat_columns(base)
    if len(seats) < 2:
        return []
    rng = np.random.default_rng(0)
    games = base.index
    for label in labels[1:]:
        games = games.intersection(tables[label].index)
    picks = rng.integers(0, len(games), size=(resamples, len(games)))

    def gaps(table):
        wins = table.loc[games, seats].to_numpy(dtype=float)
        means = wins[picks].mean(axis=1)  # resamples x seats
        return means.max(axis=1) - means.min(axis=1), float(np.ptp(wins.mean(axis=0)))

    base_gaps, base_gap = gaps(base)
    rows = []
    for label in labels:
        if not set(seats) <= set(tables[label].columns):
            continue
        boot, gap = gaps(tables[label])
        diff = boot - base_gaps
        p = min(1.0, 2 * min(float(np.mean(diff <= 0)), float(np.mean(diff >= 0))))  # bootstrap two-sided
        rows.append(dict(variant=label, measure="win-rate gap", value=gap, sd=float(np.std(diff, ddof=1)),
                         p=p if label != labels[0] else math.nan,
                         value_low=float(np.quantile(boot, 0.025)), value_high=float(np.quantile(boot, 0.975)),
                         baseline=base_gap, difference=gap - base_gap,
                         low=float(np.quantile(diff, 0.025)) if label != labels[0] else 0.0,
                         high=float(np.quantile(diff, 0.975)) if label != labels[0] else 0.0,
                         pairs=len(games)))
    return rows


def compare_records(records: dict) -> pd.DataFrame:
    """:func:`compare_tables` of recorded games (label -> records, as from :func:`run_variants`).
    The table's ``attrs["path"]`` says which path played them (``"object"`` or ``"batch"``,
    both joined by ``" and "`` if the records were mixed)."""
    table = compare_tables({label: game_table(recs) for label, recs in records.items()})
    paths = dict.fromkeys(getattr(r, "path", "object") for recs in records.values() for r in recs)
    table.attrs["path"] = " and ".join(paths)
    return table


def compare(variants, bots, games: int = 200, seed: int = 0, progress=None, *, batch: bool | None = None
            ) -> pd.DataFrame:
    """Run every variant on the same seeds and report each measure's paired difference
    from the first (baseline) variant with a 95% interval (see :func:`compare_tables`).
    ``batch`` chooses the path as in :func:`run_variants`; ``attrs["path"]`` says which played.

    >>> compare(["legday_bench6"], "greedy", games=50)   # doctest: +SKIP
    """
    return compare_records(run_variants(variants, bots, games=games, seed=seed, progress=progress, batch=batch))


def comparison_summary(comparison: pd.DataFrame, measures=None) -> pd.DataFrame:
    """A compact wide view: one row per measure, the baseline's value and each other
    variant's value and difference with its interval as text (``+0.12 [0.05, 0.19] *``:
    ``*`` clear after the correction for many measures, ``(*)`` clear only before it).
    For a student, :func:`gamedesign.lab.verdict.measures_table` reads better."""
    table = comparison if measures is None else comparison[comparison["measure"].isin(measures)]
    labels = list(dict.fromkeys(table["variant"]))
    order = list(dict.fromkeys(table["measure"])) if measures is None else [m for m in measures if m in set(table["measure"])]
    out = pd.DataFrame(index=pd.Index(order, name="measure"))
    base = table[table["variant"] == labels[0]].set_index("measure")
    out[labels[0]] = base["value"].reindex(order).round(3)
    for label in labels[1:]:
        part = table[table["variant"] == label].set_index("measure").reindex(order)
        out[label] = part["value"].round(3)
        out[f"{label} - {labels[0]}"] = [
            "" if pd.isna(d) else f"{d:+.3f} [{lo:+.3f}, {hi:+.3f}]" + _mark(c, h)
            for d, lo, hi, c, h in zip(part["difference"], part["low"], part["high"], part["clear"],
                                       part["clear_holm"] if "clear_holm" in part else [None] * len(part))
        ]
    return out


def _mark(clear, clear_holm) -> str:
    """``" *"`` for a change clear after the correction, ``" (*)"`` for one clear only before it."""
    if clear_holm is not None and not pd.isna(clear_holm) and bool(clear_holm):
        return " *"
    return " (*)" if clear else ""


__all__ = ["compare", "compare_records", "compare_tables", "comparison_summary", "run_variants"]
