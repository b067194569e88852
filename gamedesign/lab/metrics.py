"""Design measures computed from game records (see :mod:`.record`).

Small functions of one game's record (``lead_changes(standings)``, ``drama(standings,
winners)``, ...) and tables over many games: :func:`game_table` (one row per game, one
column per measure, the basis of paired comparisons), :func:`summary` (each measure's
mean with a 95% interval), :func:`seat_balance`, :func:`card_values` and :func:`rule_use`
(how often each rule option's branch fired). The one-line definitions are in
:data:`DEFINITIONS` and in ``docs/design-lab.md``.

A *leader* at a checkpoint is the set of seats with the highest standing (none when every
seat is level). Shared wins count for every winner, as in :func:`gamedesign.simulate`.
"""

from __future__ import annotations

import math
from collections import defaultdict

import pandas as pd

from . import labels
from ..registry import game_class
from .stats import Z, wilson

#: The per-game measures every game has (the first columns of :func:`game_table`).
GENERAL_MEASURES = ("seat {k} wins", "draw", "timeout", "completed", "length", "mean score", "winning score",
                    "decision points", "real choices", "branching factor", "lead changes", "drama", "comeback",
                    "winner clear at", "last-round swing", "first seat edge", *(
                        f"{kind} at {point}" for point in ("1/4", "1/2", "3/4")
                        for kind in ("early leader wins", "lead tied")))

#: Where the early leader is read, as shares of each game's own checkpoints (a quarter, half
#: and three quarters of that game, so a shorter game is read at the same stage of its race).
EARLY_POINTS = {"1/4": 0.25, "1/2": 0.5, "3/4": 0.75}

#: Measure -> one-line definition (the per-game columns of :func:`game_table`), from :mod:`.labels`.
DEFINITIONS = {name: labels.explain(name) for name in GENERAL_MEASURES}

#: Measures of the whole set of games (not a mean of per-game values).
SET_DEFINITIONS = {
    "win-rate gap": "highest minus lowest seat win rate (0 when seats are balanced; "
    "in comparisons its intervals come from a paired bootstrap)",
    "balance chi-square p": "p-value of a chi-square test that every seat wins equally often",
    "length spread": "standard deviation of game length",
    "skill depth": "the stronger bot's mean edge over the fair share, as a share of the most it could be "
    "(1: the better player always wins; 0: skill does not show); lab.compare_skill",
    "pick rate": "share of the decision points offering a card at which it was taken",
    "points per copy": "points a card scored, per copy collected (its share of its category)",
    "win rate when collected": "share of players holding at least one copy at the end who won",
}


def definition(measure: str) -> str:
    """The one-line definition of a measure (from :mod:`gamedesign.lab.labels`)."""
    if measure in SET_DEFINITIONS and measure not in labels.MEASURE_NAMES:
        return SET_DEFINITIONS[measure]
    return labels.explain(measure)


# ----------------------------------------------------------------------------------------
# One game
# ----------------------------------------------------------------------------------------


def leader(standing) -> frozenset | None:
    """Seats with the highest standing; ``None`` when every seat is level."""
    top = max(standing)
    seats = frozenset(i for i, v in enumerate(standing) if v == top)
    return None if len(seats) == len(standing) else seats


def lead_changes(standings) -> int:
    """How often the leader changed to different seats (checkpoints with no leader are skipped)."""
    leaders = [lead for lead in map(leader, standings) if lead is not None]
    return sum(1 for a, b in zip(leaders, leaders[1:]) if not a & b)


def drama(standings, winners) -> float:
    """The eventual winners' worst deficit: max over checkpoints of (top standing minus the
    best winner's standing); NaN without a winner or a checkpoint."""
    if not winners or not standings:
        return math.nan
    return float(max(max(s) - max(s[w] for w in winners) for s in standings))


def winner_clear_at(standings, winners) -> float:
    """Share of the checkpoints passed when the winners led for good.

    The winners lead at a checkpoint when the leader set is inside ``winners``. With
    checkpoints 1..m and the winners leading from checkpoint k to m, the answer is k/m;
    1.0 when they do not lead at the last checkpoint (clear only at the final scoring).
    NaN without a winner or a checkpoint.
    """
    if not winners or not standings:
        return math.nan
    m = len(standings)
    k = m + 1
    for i in range(m - 1, -1, -1):
        lead = leader(standings[i])
        if lead is None or not lead <= set(winners):
            break
        k = i + 1
    return min(k, m) / m


def last_round_swing(standings, winners) -> float:
    """1.0 when the winners were not the leaders at the checkpoint before the last one (the
    last round decided the game), else 0.0; NaN without a winner or two checkpoints."""
    if not winners or len(standings) < 2:
        return math.nan
    lead = leader(standings[-2])
    return float(lead is None or not lead <= set(winners))


def sides_of(record) -> tuple:
    """The winning sides of a record in the index space of its standings (seats, or teams
    when the game keeps one standing per team: a seat's team is its index modulo the teams)."""
    if not record.standings or len(record.standings[-1]) == record.players:
        return tuple(record.winners)
    return tuple({w % len(record.standings[-1]) for w in record.winners})


def early_leader(record, point: float) -> tuple:
    """``(leader won, tied)`` at ``point`` (a share of the game's checkpoints): ``leader won``
    is 1.0 when one side led there and went on to win, 0.0 when it led and lost, NaN when
    the lead was tied there (or no checkpoint, no winner); ``tied`` is 1.0 for a tied lead
    (two sides or more level at the top), 0.0 for a single leader, NaN without a value."""
    standings = record.standings
    if not standings or not record.winners:
        return math.nan, math.nan
    at = standings[min(len(standings) - 1, max(0, math.ceil(point * len(standings)) - 1))]
    top = max(at)
    leaders = [i for i, v in enumerate(at) if v == top]
    if len(leaders) != 1:
        return math.nan, 1.0
    return float(leaders[0] in set(sides_of(record))), 0.0


def first_seat_edge(record) -> float:
    """The first seat's win (1 or 0) minus an equal share of the game's wins: averaged over
    games, the first seat's win rate above (or, negative, below) a fair share."""
    share = len(record.winners) / record.players if record.players else math.nan
    return float(0 in record.winners) - share


def real_choices(legal_counts) -> float:
    """Share of decision points with more than one legal action (NaN with none)."""
    return sum(1 for c in legal_counts if c > 1) / len(legal_counts) if legal_counts else math.nan


def branching_factor(legal_counts) -> float:
    """Mean number of legal actions at a decision point (NaN with none)."""
    return sum(legal_counts) / len(legal_counts) if legal_counts else math.nan


# ----------------------------------------------------------------------------------------
# Many games
# ----------------------------------------------------------------------------------------


def _mean(values) -> float:
    return float(sum(values)) / len(values) if values else math.nan


def _winning_score(record) -> float:
    scores = [record.scores[w] for w in record.winners if record.scores and record.scores[w] is not None]
    if not scores:
        return math.nan
    return float(scores[0])  # winners share a score (a shared win or a team)


def game_table(records) -> pd.DataFrame:
    """One row per game (indexed by ``game``), one column per measure.

    Rates are 0/1 per game (their mean is the rate); NaN where a measure has no value
    (drama of a draw). Game-specific facts follow as their own columns, then one column
    ``rule used: EVENT`` per rule event of the game (how often that rule's branch fired in
    the game; 0 when it never did, so a rule that never matters shows as 0).
    """
    rows = []
    for r in records:
        drama_value = drama(r.standings, r.winners)
        row = {"game": r.game}
        for seat in range(r.players):
            row[f"seat {seat} wins"] = float(seat in r.winners)
        row.update(
            {
                "draw": float(not r.winners),
                "timeout": float(r.ended_by != "rules"),
                "completed": float(r.ended_by == "rules"),
                "length": float(r.length),
                "mean score": _mean([s for s in r.scores if s is not None]),
                "winning score": _winning_score(r),
                "decision points": float(len(r.legal_counts)),
                "real choices": real_choices(r.legal_counts),
                "branching factor": branching_factor(r.legal_counts),
                "lead changes": float(lead_changes(r.standings)),
                "drama": drama_value,
                "comeback": math.nan if math.isnan(drama_value) else float(drama_value > 0),
                "winner clear at": winner_clear_at(r.standings, r.winners),
                "last-round swing": last_round_swing(r.standings, r.winners),
                "first seat edge": first_seat_edge(r),
            }
        )
        for text, point in EARLY_POINTS.items():
            won, tied = early_leader(r, point)
            row[f"early leader wins at {text}"] = won
            row[f"lead tied at {text}"] = tied
        row.update({k: float(v) for k, v in r.facts.items()})
        row.update({f"rule used: {event}": float(count) for event, count in r.rule_use.items()})
        rows.append(row)
    return pd.DataFrame(rows).set_index("game")


def is_rate(values) -> bool:
    """Whether every non-missing value is 0 or 1 (a yes/no per game, whose mean is a rate)."""
    values = pd.Series(values, dtype="float64").dropna()
    return len(values) > 0 and bool(values.isin([0.0, 1.0]).all())


def interval(values, rate: bool | None = None) -> tuple:
    """Mean and 95% interval of the non-missing values, and n.

    A rate (every value 0 or 1; ``rate=None`` decides from the values) gets the Wilson
    interval, which stays inside [0, 1]; anything else mean ± 1.96·sd/√n.
    """
    values = pd.Series(values, dtype="float64").dropna()
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan, 0
    mean = float(values.mean())
    if rate is None:
        rate = is_rate(values)
    if rate:
        low, high = wilson(int(values.sum()), n)
        return mean, low, high, n
    half = Z * float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else math.nan
    return mean, mean - half, mean + half, n


def summary(records_or_table) -> pd.DataFrame:
    """Each per-game measure's mean with its 95% interval, and the set measures.

    Columns ``measure``, ``value``, ``low``, ``high``, ``games``, ``label`` and
    ``definition``. Rates (a yes/no per game) get Wilson intervals, inside [0, 1].
    """
    table = records_or_table if isinstance(records_or_table, pd.DataFrame) else game_table(records_or_table)
    rows = []
    for measure in table.columns:
        mean, low, high, n = interval(table[measure])
        rows.append({"measure": measure, "value": mean, "low": low, "high": high, "games": n})
    balance = seat_balance(table)
    rows.append({"measure": "win-rate gap", "value": balance["win-rate gap"], "low": math.nan, "high": math.nan,
                 "games": len(table)})
    rows.append({"measure": "balance chi-square p", "value": balance["balance chi-square p"], "low": math.nan,
                 "high": math.nan, "games": len(table)})
    rows.append({"measure": "length spread", "value": float(table["length"].std(ddof=1)) if len(table) > 1 else math.nan,
                 "low": math.nan, "high": math.nan, "games": len(table)})
    out = pd.DataFrame(rows)
    out["label"] = out["measure"].map(labels.label)
    out["definition"] = out["measure"].map(definition)
    return out


def seat_columns(table: pd.DataFrame) -> list[str]:
    """The ``seat k wins`` columns of a game table, in seat order."""
    return [c for c in table.columns if c.startswith("seat ") and c.endswith(" wins")]


def seat_balance(table: pd.DataFrame) -> dict:
    """Win rate by seat, the gap between the best and worst seat, and a chi-square test.

    The test compares each seat's wins with an equal share of all wins (df = seats - 1).
    Teammates (GYM) always win together, so for teams read the gap, not the p-value.
    """
    columns = seat_columns(table)
    wins = table[columns].sum()
    rates = table[columns].mean()
    total = float(wins.sum())
    if total == 0 or len(columns) < 2:
        p, chi2 = math.nan, math.nan
    else:
        expected = total / len(columns)
        chi2 = float(((wins - expected) ** 2 / expected).sum())
        p = chi_square_p(chi2, len(columns) - 1)
    return {
        "win rate by seat": {c.removesuffix(" wins"): float(v) for c, v in rates.items()},
        "win-rate gap": float(rates.max() - rates.min()),
        "chi-square": chi2,
        "balance chi-square p": p,
    }


def chi_square_p(statistic: float, df: int) -> float:
    """P(X >= statistic) for a chi-square variable with ``df`` degrees of freedom."""
    import sympy

    s = sympy.Rational(df, 2)
    return float(sympy.uppergamma(s, sympy.Float(statistic) / 2) / sympy.gamma(s))


def card_values(records) -> pd.DataFrame:
    """Per card: copies collected per game, points per copy, pick rate, win rate when collected.

    Columns ``card``, ``copies per game``, ``points per copy``, ``pick rate``,
    ``win rate when collected``, ``holders`` (player-games holding the card). Empty when
    the game's records carry no card facts (Diet). Given a dict (variant -> records), the
    tables are stacked with a ``variant`` column.
    """
    if isinstance(records, dict):
        return pd.concat([card_values(recs).assign(variant=label) for label, recs in records.items()],
                         ignore_index=True)
    copies, points, holders, wins = defaultdict(float), defaultdict(float), defaultdict(int), defaultdict(int)
    picks, offers = defaultdict(int), defaultdict(int)
    games = 0
    for r in records:
        games += 1
        for card, n in r.picks.items():
            picks[card] += n
        for card, n in r.offers.items():
            offers[card] += n
        for seat, held in enumerate(r.card_copies):
            for card, n in held.items():
                copies[card] += n
                points[card] += r.card_points[seat].get(card, 0)
                if n:
                    holders[card] += 1
                    wins[card] += seat in r.winners
    rows = [
        {
            "card": card,
            "copies per game": copies[card] / games,
            "points per copy": points[card] / copies[card] if copies[card] else math.nan,
            "pick rate": picks[card] / offers[card] if offers[card] else math.nan,
            "win rate when collected": wins[card] / holders[card] if holders[card] else math.nan,
            "holders": holders[card],
        }
        for card in copies
    ]
    columns = ["card", "copies per game", "points per copy", "pick rate", "win rate when collected", "holders"]
    return pd.DataFrame(rows, columns=columns)


def rule_use(records) -> pd.DataFrame:
    """How often each rule mattered: one row per rule event of the game
    (``Game.rule_events``), in the game's order.

    Columns ``option`` (the rule option the event belongs to), ``rule`` (its label),
    ``event``, ``measure`` (the column of :func:`game_table`), ``label``, ``games used``
    (share of games in which it fired at least once), ``per game`` (mean count),
    ``total``, ``games`` and ``what it counts``. A rule whose ``games used`` is near 0
    hardly ever decides anything: flipping it changes few games. Given a dict (variant ->
    records), the tables are stacked with a ``variant`` column.
    """
    if isinstance(records, dict):
        return pd.concat([rule_use(recs).assign(variant=label) for label, recs in records.items()],
                         ignore_index=True)
    records = list(records)
    name = next((r.game_name for r in records if r.game_name), "")
    try:
        options = dict(game_class(name).rule_events) if name else {}
    except ValueError:  # a game no longer registered: its events without their options
        options = {}
    events = list(dict.fromkeys([*options, *(e for r in records for e in r.rule_use)]))
    rows = []
    for event in events:
        counts = [r.rule_use.get(event, 0) for r in records]
        option = options.get(event, "")
        measure = f"rule used: {event}"
        rows.append({
            "option": option,
            "rule": labels.option_label(name, option) if option else "",
            "event": event,
            "measure": measure,
            "label": labels.label(measure, name or None),
            "games used": sum(1 for c in counts if c) / len(counts) if counts else math.nan,
            "per game": sum(counts) / len(counts) if counts else math.nan,
            "total": sum(counts),
            "games": len(counts),
            "what it counts": labels.explain(measure, name or None),
        })
    columns = ["option", "rule", "event", "measure", "label", "games used", "per game", "total", "games",
               "what it counts"]
    return pd.DataFrame(rows, columns=columns)


def standings_table(records, step: int = 1) -> pd.DataFrame:
    """Long table of running standings: ``game``, ``checkpoint``, ``seat``, ``standing``,
    ``winner`` (every ``step``-th checkpoint, for charts of the race). Given a dict
    (variant -> records), the tables are stacked with a ``variant`` column."""
    if isinstance(records, dict):
        return pd.concat([standings_table(recs, step).assign(variant=label) for label, recs in records.items()],
                         ignore_index=True)
    rows = []
    for r in records:
        for k, standing in enumerate(r.standings):
            if k % step and k != len(r.standings) - 1:
                continue
            for seat, value in enumerate(standing):
                rows.append({"game": r.game, "checkpoint": k + 1, "seat": seat, "standing": value,
                             "winner": seat in r.winners})
    return pd.DataFrame(rows, columns=["game", "checkpoint", "seat", "standing", "winner"])


__all__ = [
    "DEFINITIONS",
    "SET_DEFINITIONS",
    "branching_factor",
    "card_values",
    "chi_square_p",
    "definition",
    "drama",
    "early_leader",
    "first_seat_edge",
    "game_table",
    "interval",
    "last_round_swing",
    "lead_changes",
    "leader",
    "real_choices",
    "rule_use",
    "seat_balance",
    "sides_of",
    "standings_table",
    "summary",
    "winner_clear_at",
]
