"""The statistics of the lab, small and exact where they can be: intervals for rates that
stay inside [0, 1], paired tests, corrections for comparing many measures at once, and the
number of games needed to see a change.

* :func:`wilson` - the Wilson score interval of a rate (k successes in n games)
* :func:`paired_test` - mean of paired differences, its 95% interval and a two-sided p-value
* :func:`holm` and :func:`benjamini_hochberg` - p-values corrected for many comparisons
* :func:`expected_false_alarms` - how many "clear" results chance alone would give
* :func:`games_needed` - games for a paired comparison to see a change of a given size

Only the standard library: the normal distribution comes from :func:`math.erf` and
:class:`statistics.NormalDist`.
"""

from __future__ import annotations

import math
from statistics import NormalDist

#: The confidence level of every interval in the lab.
LEVEL = 0.95

#: The two-sided 95% point of the normal distribution, rounded as the docs write it.
Z = 1.96

#: The power a planned comparison aims for in :func:`games_needed`.
POWER = 0.8


def _check_count(k, n) -> None:
    for name, value in (("k", k), ("n", n)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != int(value) or value < 0:
            raise ValueError(f"{name} must be a whole number of games, 0 or more; not {value!r}")
    if k > n:
        raise ValueError(f"k (successes) cannot exceed n (games): {k} > {n}")


def wilson(k, n, z: float = Z) -> tuple:
    """The Wilson score interval ``(low, high)`` of a rate of ``k`` in ``n``.

    Unlike ``rate ± 1.96·sd/√n`` it never leaves [0, 1] and stays sensible when the rate
    is 0 or 1 (0 wins in 20 games: from 0 to about 16%). NaN for ``n = 0``.
    """
    _check_count(k, n)
    if n == 0:
        return math.nan, math.nan
    p = k / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def two_sided_p(statistic: float) -> float:
    """P(|N(0, 1)| >= |statistic|)."""
    if math.isnan(statistic):
        return math.nan
    return math.erfc(abs(statistic) / math.sqrt(2))


def paired_test(differences) -> dict:
    """The paired comparison of per-game differences (NaN values left out).

    Returns ``mean``, ``low``, ``high`` (95% interval ``mean ± 1.96·sd/√n``), ``sd``,
    ``n`` and ``p`` (two-sided, normal approximation: good from about 30 games). When
    every difference is the same, the interval is that value and ``p`` is 0 (a change in
    every game) or 1 (no change in any game).
    """
    values = [float(v) for v in differences if not math.isnan(float(v))]
    n = len(values)
    if n == 0:
        return {"mean": math.nan, "low": math.nan, "high": math.nan, "sd": math.nan, "n": 0, "p": math.nan}
    mean = sum(values) / n
    if n == 1:
        return {"mean": mean, "low": math.nan, "high": math.nan, "sd": math.nan, "n": 1, "p": math.nan}
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z * sd / math.sqrt(n)
    if sd == 0:
        p = 1.0 if mean == 0 else 0.0
    else:
        p = two_sided_p(mean / (sd / math.sqrt(n)))
    return {"mean": mean, "low": mean - half, "high": mean + half, "sd": sd, "n": n, "p": p}


def _p_list(p_values) -> list:
    out = []
    for p in p_values:
        if p is None or (isinstance(p, float) and math.isnan(p)):
            out.append(math.nan)
        elif isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
            raise ValueError(f"a p-value is a number from 0 to 1, not {p!r}")
        else:
            out.append(float(p))
    return out


def holm(p_values) -> list:
    """Holm's step-down correction of p-values for many comparisons (NaN stays NaN).

    A corrected p-value below 0.05 keeps the chance of even one false "clear" among all
    the comparisons below 5%.
    """
    ps = _p_list(p_values)
    order = sorted((p, i) for i, p in enumerate(ps) if not math.isnan(p))
    m = len(order)
    out = [math.nan] * len(ps)
    running = 0.0
    for rank, (p, i) in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out


def benjamini_hochberg(p_values) -> list:
    """Benjamini and Hochberg's correction (false discovery rate) of p-values (NaN stays NaN).

    Below 0.05, at most about 5% of the results called clear are expected to be chance.
    """
    ps = _p_list(p_values)
    order = sorted((p, i) for i, p in enumerate(ps) if not math.isnan(p))
    m = len(order)
    out = [math.nan] * len(ps)
    running = 1.0
    for rank in range(m - 1, -1, -1):
        p, i = order[rank]
        running = min(running, m * p / (rank + 1))
        out[i] = running
    return out


def expected_false_alarms(comparisons: int, level: float = LEVEL) -> float:
    """How many of ``comparisons`` measures chance alone would mark clear when nothing changed."""
    if isinstance(comparisons, bool) or not isinstance(comparisons, int) or comparisons < 0:
        raise ValueError(f"comparisons must be a whole number, 0 or more; not {comparisons!r}")
    return comparisons * (1 - level)


def games_needed(sd: float, change: float, power: float = POWER, level: float = LEVEL) -> float:
    """Games a paired comparison needs to see a ``change`` (in the measure's units) with
    ``power`` (80%) at the 95% level, given the ``sd`` of the per-game paired differences:
    ``((1.96 + 0.84)·sd / change)²``, rounded up. NaN when the spread is unknown."""
    if not isinstance(change, (int, float)) or isinstance(change, bool) or change == 0 or math.isnan(change):
        raise ValueError(f"the change to see must be a number other than 0, not {change!r}")
    if not 0 < power < 1:
        raise ValueError(f"power is a probability between 0 and 1, not {power!r}")
    if sd is None or math.isnan(sd):
        return math.nan
    if sd == 0:
        return 2.0
    z = NormalDist().inv_cdf(1 - (1 - level) / 2) + NormalDist().inv_cdf(power)
    return float(max(2, math.ceil((z * sd / abs(change)) ** 2)))


def smallest_visible_change(sd: float, games: int, power: float = POWER, level: float = LEVEL) -> float:
    """The smallest change ``games`` paired games see with ``power`` (the inverse of :func:`games_needed`)."""
    if sd is None or math.isnan(sd) or games < 2:
        return math.nan
    z = NormalDist().inv_cdf(1 - (1 - level) / 2) + NormalDist().inv_cdf(power)
    return z * sd / math.sqrt(games)


def round_games(games: float) -> int:
    """A number of games rounded to two figures for a sentence: 37 -> 40, 583 -> 580, 12,345 -> 12,000."""
    if math.isnan(games):
        raise ValueError("no number of games to round")
    games = math.ceil(games)
    if games < 10:
        return max(games, 2)
    digits = len(str(games)) - 2
    step = 10 ** max(1, digits)
    return int(round(games / step) * step) or step


#: Measures that count how often a rule's branch fired (``rule used: EVENT``), and how
#: often the lead was tied where the early leader is read: whether a rule is alive and how
#: many games the early leader's rate rests on, not outcomes of the design. They are corrected as a family of their own.
DIAGNOSTIC_PREFIXES = ("rule used: ", "lead tied at ")


def is_diagnostic(measure) -> bool:
    """True for a measure of :data:`DIAGNOSTIC_PREFIXES` (how often a rule fired)."""
    return isinstance(measure, str) and measure.startswith(DIAGNOSTIC_PREFIXES)


def with_correction(comparison):
    """A comparison table (``variant``, ``p`` columns) with ``p_holm`` and ``clear_holm``
    added: each variant's p-values corrected together with Holm's method, and whether the
    change stays clear (corrected p below 0.05). Rows without a p-value are never clear.

    The outcome measures of a variant are one family; the counts of how often each rule
    fired (``rule used: ...``, :func:`is_diagnostic`) are a second one, so that adding a
    rule option, which adds such counts, does not make the outcomes harder to call clear.
    A row whose ``repeats`` column names another measure (the same information, such as
    both seats' wins in a game of two sides) is counted once: it is corrected in the place
    of the measure it repeats.
    """
    out = comparison.copy()
    out["p_holm"] = math.nan
    measures = out["measure"] if "measure" in out.columns else out["variant"].map(lambda _: "")
    repeats = (out["repeats"].astype(object).where(out["repeats"].notna(), "") if "repeats" in out.columns
               else measures.map(lambda _: ""))
    for _, rows in out.groupby([out["variant"], measures.map(is_diagnostic)], sort=False):
        own = rows[repeats[rows.index] == ""]
        out.loc[own.index, "p_holm"] = holm(list(own["p"]))
        names = list(own["measure"]) if "measure" in own.columns else []
        for i, row in rows[repeats[rows.index] != ""].iterrows():
            # tested in the place of the measure it repeats: the family keeps its size
            ps = list(own["p"])
            if repeats[i] in names:
                at = names.index(repeats[i])
                ps[at] = row["p"]
                out.loc[i, "p_holm"] = holm(ps)[at]
            else:
                out.loc[i, "p_holm"] = holm([*ps, row["p"]])[-1]
    out["clear_holm"] = out["p_holm"] < 1 - LEVEL
    return out


__all__ = [
    "DIAGNOSTIC_PREFIXES",
    "LEVEL",
    "POWER",
    "Z",
    "benjamini_hochberg",
    "expected_false_alarms",
    "games_needed",
    "holm",
    "is_diagnostic",
    "paired_test",
    "round_games",
    "smallest_visible_change",
    "two_sided_p",
    "wilson",
    "with_correction",
]
