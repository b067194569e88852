"""Charts of the design lab: measures with intervals, paired differences, seats, length,
card values and the race over a game.

Every function takes a table from :mod:`gamedesign.lab` (already aggregated, so charts
stay small in a stored notebook) and returns an Altair chart. Colours come from
:data:`gamedesign.charts.PALETTE` (Okabe-Ito). :func:`save_chart` writes a chart to PNG or
SVG for a handout (needs ``vl-convert-python``).
"""

from __future__ import annotations

from pathlib import Path

import altair as alt
import pandas as pd

from . import PALETTE, _need

#: The measures shown by default in comparison charts (those present in the table).
DEFAULT_MEASURES = (
    "seat 0 wins",
    "draw",
    "length",
    "mean score",
    "real choices",
    "branching factor",
    "lead changes",
    "drama",
    "winner clear at",
)


def _pick_measures(table: pd.DataFrame, measures) -> list[str]:
    present = list(dict.fromkeys(table["measure"]))
    if measures is None:
        chosen = [m for m in DEFAULT_MEASURES if m in present]
        chosen += [m for m in present if m not in DEFAULT_MEASURES and not m.startswith(("seat ", "in play: "))
                   and m not in ("timeout", "completed", "decision points", "comeback", "winning score")]
        return chosen
    unknown = [m for m in measures if m not in present]
    if unknown:
        raise ValueError(f"no measure {unknown[0]!r} in the table; measures: {', '.join(present)}")
    return list(measures)


def _variant_colour(labels) -> alt.Color:
    return alt.Color("variant:N", title="Variant", sort=list(labels), scale=alt.Scale(domain=list(labels), range=PALETTE))


def differences_chart(comparison: pd.DataFrame, measures=None,
                      title: str = "Difference from the baseline, with 95% intervals") -> alt.Chart:
    """One small panel per measure: each variant's paired difference from the baseline as a
    dot with its 95% interval, and a line at 0 (no change). An interval that leaves out 0
    is a change the games show clearly."""
    _need(comparison, ["variant", "measure", "difference", "low", "high"], "the table of lab.compare(...)")
    measures = _pick_measures(comparison, measures)
    labels = list(dict.fromkeys(comparison["variant"]))
    rows = comparison[comparison["measure"].isin(measures) & (comparison["variant"] != labels[0])]
    data = rows[["variant", "measure", "difference", "low", "high", "clear"]].copy()
    data["clear"] = data["clear"].map({True: "interval leaves out 0", False: "could be no change"})
    base = alt.Chart()  # the data comes with the facet, so each panel shows its own measure
    colour = _variant_colour(labels[1:])
    y = alt.Y("variant:N", title=None, sort=labels[1:], axis=alt.Axis(labels=False, ticks=False))
    bars = base.mark_rule(strokeWidth=2).encode(x=alt.X("low:Q", title="Difference from the baseline"), x2="high:Q",
                                                 y=y, color=colour)
    dots = base.mark_point(filled=True, size=70).encode(
        x="difference:Q", y=y, color=colour,
        shape=alt.Shape("clear:N", title=None, scale=alt.Scale(domain=["interval leaves out 0", "could be no change"],
                                                                range=["circle", "diamond"])),
        tooltip=["variant", "measure", alt.Tooltip("difference:Q", format="+.3f"), alt.Tooltip("low:Q", format="+.3f"),
                 alt.Tooltip("high:Q", format="+.3f")],
    )
    zero = base.mark_rule(color="#555555", strokeDash=[4, 3]).encode(x=alt.datum(0))
    return (
        alt.layer(zero, bars, dots)
        .properties(width=300, height=22 * max(1, len(labels) - 1))
        .facet(row=alt.Row("measure:N", title=None, sort=measures, header=alt.Header(labelAngle=0, labelAlign="left")),
               data=data)
        .resolve_scale(x="independent")
        .properties(title=alt.Title(title, subtitle=f"baseline: {labels[0]}; paired games, mean ± 1.96·sd/√n"))
    )


def values_chart(comparison: pd.DataFrame, measures=None, title: str = "Each variant's measures, with 95% intervals") -> alt.Chart:
    """One small panel per measure: every variant's mean side by side with its own 95% interval."""
    _need(comparison, ["variant", "measure", "value", "value_low", "value_high"], "the table of lab.compare(...)")
    measures = _pick_measures(comparison, measures)
    labels = list(dict.fromkeys(comparison["variant"]))
    data = comparison[comparison["measure"].isin(measures)][["variant", "measure", "value", "value_low", "value_high"]]
    base = alt.Chart()
    colour = _variant_colour(labels)
    y = alt.Y("variant:N", title=None, sort=labels, axis=alt.Axis(labels=False, ticks=False))
    bars = base.mark_rule(strokeWidth=2).encode(x=alt.X("value_low:Q", title="Value", scale=alt.Scale(zero=False)),
                                                 x2="value_high:Q", y=y, color=colour)
    dots = base.mark_point(filled=True, size=70).encode(
        x="value:Q", y=y, color=colour,
        tooltip=["variant", "measure", alt.Tooltip("value:Q", format=".3f"), alt.Tooltip("value_low:Q", format=".3f"),
                 alt.Tooltip("value_high:Q", format=".3f")],
    )
    return (
        alt.layer(bars, dots)
        .properties(width=300, height=22 * len(labels))
        .facet(row=alt.Row("measure:N", title=None, sort=measures, header=alt.Header(labelAngle=0, labelAlign="left")),
               data=data)
        .resolve_scale(x="independent")
        .properties(title=alt.Title(title))
    )


def summary_chart(summary: pd.DataFrame, measures=None, title: str = "Design measures, with 95% intervals") -> alt.Chart:
    """The measures of one set of games (:func:`gamedesign.lab.metrics.summary`) as dots with intervals."""
    _need(summary, ["measure", "value", "low", "high"], "the table of lab.metrics.summary(...)")
    table = summary.rename(columns={"low": "value_low", "high": "value_high"}).assign(variant="these games")
    return values_chart(table, measures, title=title)


def seat_chart(comparison: pd.DataFrame, title: str = "Win rate by seat, with 95% intervals") -> alt.Chart:
    """Win rate of each seat for every variant side by side, with intervals and a dashed
    line at an equal share (1 / seats; teams: 1/2)."""
    _need(comparison, ["variant", "measure", "value", "value_low", "value_high"], "the table of lab.compare(...)")
    rows = comparison[comparison["measure"].str.fullmatch(r"seat \d+ wins")].copy()
    if rows.empty:
        raise ValueError("the table has no 'seat k wins' measures")
    rows["seat"] = rows["measure"].str.removesuffix(" wins")
    labels = list(dict.fromkeys(rows["variant"]))
    seats = list(dict.fromkeys(rows["seat"]))
    equal = float(rows.groupby("variant")["value"].sum().mean()) / len(seats)
    data = rows[["variant", "seat", "value", "value_low", "value_high"]]
    base = alt.Chart(data)
    x = alt.X("seat:N", title=None, sort=seats)
    colour = _variant_colour(labels)
    bars = base.mark_bar(opacity=0.85).encode(
        x=x, xOffset=alt.XOffset("variant:N", sort=labels),
        y=alt.Y("value:Q", title="Games won", axis=alt.Axis(format="%")), color=colour,
        tooltip=["variant", "seat", alt.Tooltip("value:Q", format=".1%"), alt.Tooltip("value_low:Q", format=".1%"),
                 alt.Tooltip("value_high:Q", format=".1%")],
    )
    errors = base.mark_rule(color="#222222").encode(x=x, xOffset=alt.XOffset("variant:N", sort=labels),
                                                    y="value_low:Q", y2="value_high:Q")
    line = alt.Chart(pd.DataFrame({"equal": [equal]})).mark_rule(strokeDash=[4, 3], color="#555555").encode(y="equal:Q")
    return alt.layer(bars, errors, line).properties(
        width=max(160, 45 * len(seats) * len(labels)), height=220,
        title=alt.Title(title, subtitle=f"dashed line: every seat winning equally often ({equal:.0%})"),
    )


def length_chart(tables: dict, unit: str = "", title: str = "How long games last") -> alt.Chart:
    """Share of games of each length, one colour per variant (``tables``: label -> game table)."""
    rows = []
    for label, table in tables.items():
        counts = table["length"].value_counts(normalize=True).sort_index()
        rows += [{"variant": label, "length": float(k), "share": float(v)} for k, v in counts.items()]
    data = pd.DataFrame(rows, columns=["variant", "length", "share"])
    labels = list(tables)
    return (
        alt.Chart(data, title=alt.Title(title, subtitle="share of games ending at each length"))
        .mark_line(point=True)
        .encode(
            x=alt.X("length:Q", title=f"Game length{f' ({unit})' if unit else ''}", scale=alt.Scale(zero=False)),
            y=alt.Y("share:Q", title="Share of games", axis=alt.Axis(format="%")),
            color=_variant_colour(labels),
            tooltip=["variant", "length", alt.Tooltip("share:Q", format=".1%")],
        )
        .properties(width=420, height=200)
    )


def card_value_chart(values: pd.DataFrame, title: str = "What each card is worth") -> alt.Chart:
    """Per card: points per copy, pick rate and win rate when collected, side by side
    (``values``: :func:`gamedesign.lab.metrics.card_values`, or several stacked with a
    ``variant`` column)."""
    _need(values, ["card", "points per copy", "pick rate", "win rate when collected"], "lab.metrics.card_values(...)")
    data = values.copy()
    if "variant" not in data:
        data["variant"] = "these games"
    labels = list(dict.fromkeys(data["variant"]))
    order = list(data.groupby("card", sort=False)["points per copy"].mean().sort_values(ascending=False).index)
    long = data.melt(id_vars=["variant", "card"], value_vars=["points per copy", "pick rate", "win rate when collected"],
                     var_name="measure", value_name="value")
    panels = []
    for measure, fmt in (("points per copy", ".2f"), ("pick rate", ".0%"), ("win rate when collected", ".0%")):
        part = long[long["measure"] == measure]
        panels.append(
            alt.Chart(part, title=measure)
            .mark_bar()
            .encode(
                y=alt.Y("card:N", sort=order, title=None, axis=None if panels else alt.Axis()),
                yOffset=alt.YOffset("variant:N", sort=labels),
                x=alt.X("value:Q", title=None, axis=alt.Axis(format=fmt)),
                color=_variant_colour(labels),
                tooltip=["variant", "card", alt.Tooltip("value:Q", format=fmt)],
            )
            .properties(width=150, height=max(120, 14 * len(order) * len(labels)))
        )
    return alt.hconcat(*panels, title=alt.Title(title, subtitle="points: the card's share of its category's points"))


def race_chart(standings: pd.DataFrame, unit: str = "checkpoint", title: str = "The race: eventual winners and the rest") -> alt.Chart:
    """Mean running standing of the eventual winners and of the other players at each
    checkpoint (``standings``: :func:`gamedesign.lab.metrics.standings_table`, optionally
    with a ``variant`` column). When games differ in length (Diet), a late checkpoint
    averages only the games still going; the subtitle says so."""
    _need(standings, ["checkpoint", "standing", "winner"], "lab.metrics.standings_table(...)")
    data = standings.copy()
    if "variant" not in data:
        data["variant"] = "these games"
    data["who"] = data["winner"].map({True: "eventual winner", False: "the others"})
    mean = data.groupby(["variant", "who", "checkpoint"])["standing"].mean().rename("standing").reset_index()
    labels = list(dict.fromkeys(data["variant"]))
    lengths = data.groupby(["variant", "game"])["checkpoint"].max()
    subtitle = "mean standing at each checkpoint"
    if lengths.nunique() > 1:
        subtitle += "; games differ in length, so late checkpoints average only the longer games"
    return (
        alt.Chart(mean, title=alt.Title(title, subtitle=subtitle))
        .mark_line(point=True)
        .encode(
            x=alt.X("checkpoint:Q", title=unit.capitalize()),
            y=alt.Y("standing:Q", title="Standing (higher is better)"),
            color=_variant_colour(labels) if len(labels) > 1 else alt.value(PALETTE[0]),
            strokeDash=alt.StrokeDash("who:N", title=None, sort=["eventual winner", "the others"],
                                      legend=alt.Legend(symbolType="stroke", symbolStrokeWidth=2)),
            tooltip=["variant", "who", "checkpoint", alt.Tooltip("standing:Q", format=".2f")],
        )
        .properties(width=420, height=220)
    )


def save_chart(chart, path, scale: float = 2.0) -> Path:
    """Write ``chart`` to ``path`` as PNG or SVG (by the file name) for a handout.

    Needs the ``vl-convert-python`` package (``pip install "gamedesign[export]"``).
    """
    path = Path(path)
    if path.suffix not in (".png", ".svg"):
        raise ValueError(f"save a chart as .png or .svg, not {path.name!r}")
    try:
        import vl_convert  # noqa: F401
    except ModuleNotFoundError:
        raise ValueError("saving PNG or SVG needs the vl-convert-python package: pip install vl-convert-python") from None
    if path.suffix == ".png":
        chart.save(str(path), scale_factor=scale)
    else:
        chart.save(str(path))
    return path


__all__ = [
    "DEFAULT_MEASURES",
    "card_value_chart",
    "differences_chart",
    "length_chart",
    "race_chart",
    "save_chart",
    "seat_chart",
    "summary_chart",
    "values_chart",
]
