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

from ..lab import labels as names
from ..files import check_output, write_bytes
from ..lab.metrics import game_table
from .. import runtime
from ..lab.verdict import guess_game
from . import PALETTE, SHAPES, _need, fitted_title, legend_below, wrap_lines

#: The measures shown by default in comparison charts (those present in the table), with
#: every change that is clear after the correction for many measures.
DEFAULT_MEASURES = ("win-rate gap", "seat 0 wins", "length", "mean score", "lead changes", "drama")

#: How the panel of each kind of measure is titled (one scale per panel).
_PANEL_TITLES = {
    "share": "Shares of games (percentage points)",
    "points": "{points}",
    "length": "Game length ({length})",
    "count": "Counts per game",
    "p-value": "Test p-values",
}


def _pick_measures(table: pd.DataFrame, measures, clear_too: bool = True) -> list[str]:
    present = list(dict.fromkeys(table["measure"]))
    if measures is None:
        chosen = [m for m in DEFAULT_MEASURES if m in present]
        if clear_too and "clear_holm" in table:
            clear = table[table["clear_holm"].fillna(False).astype(bool)]
            chosen += [m for m in dict.fromkeys(clear["measure"]) if m not in chosen and m != "completed"][:8]
        return chosen
    unknown = [m for m in measures if m not in present]
    if unknown:
        raise ValueError(f"no measure {unknown[0]!r} in the table; measures: {', '.join(present)}")
    return list(measures)


def _variant_colour(labels) -> alt.Color:
    """Each variant's colour, with the legend under the chart (it names the variants in the
    order their marks are drawn, top to bottom or left to right)."""
    return alt.Color("variant:N", title="Variant", sort=list(labels), scale=alt.Scale(domain=list(labels), range=PALETTE),
                     legend=legend_below(labels, "Variant"))


def _variant_shape(labels) -> alt.Shape:
    """Each variant's point shape (the same legend as its colour): told apart without colour."""
    return alt.Shape("variant:N", title="Variant", sort=list(labels), scale=alt.Scale(domain=list(labels), range=SHAPES),
                     legend=legend_below(labels, "Variant"))


def _game(table: pd.DataFrame, game):
    return game or guess_game(table["measure"])


def _panel_title(kind: str, game) -> str:
    return _PANEL_TITLES[kind].format(points=names.POINT_UNITS.get(game, "points").capitalize(),
                                      length=names.LENGTH_UNITS.get(game, "the game's unit"))


def _by_kind(measures, game) -> dict:
    groups: dict = {}
    for m in measures:
        groups.setdefault(names.measure(m, game).kind, []).append(m)
    return groups


def differences_chart(comparison: pd.DataFrame, measures=None, title: str = "", game: str | None = None) -> alt.Chart:
    """What changed: each variant's change from the baseline in every chosen measure, as a
    dot with its 95% interval and a dashed line at 0 (no change). Measures of one kind
    share a panel and its scale (shares in percentage points, points, length, counts).
    A filled dot is a change that stays clear after the correction for many measures.

    ``measures``: names of the table's measures (default: the few of
    :data:`DEFAULT_MEASURES` and every clear change)."""
    _need(comparison, ["variant", "measure", "difference", "low", "high"], "the table of lab.compare(...)")
    game = _game(comparison, game)
    measures = _pick_measures(comparison, measures)
    labels = list(dict.fromkeys(comparison["variant"]))
    rows = comparison[comparison["measure"].isin(measures) & (comparison["variant"] != labels[0])].copy()
    if "clear_holm" not in rows:
        rows["clear_holm"] = rows.get("clear", False)
    colour = _variant_colour(labels[1:])
    panels = []
    for kind, group in _by_kind(measures, game).items():
        data = rows[rows["measure"].isin(group)].copy()
        scale = 100.0 if kind == "share" else 1.0
        for column in ("difference", "low", "high"):
            data[column] = data[column] * scale
        data["label"] = data["measure"].map(lambda m: names.label(m, game))
        data["clear"] = data["clear_holm"].fillna(False).astype(bool).map(
            {True: "clear", False: "could be chance"})
        data = data[["variant", "label", "difference", "low", "high", "clear"]]
        order = [names.label(m, game) for m in group]
        y = alt.Y("label:N", title=None, sort=order)
        base = alt.Chart(data)
        bars = base.mark_rule(strokeWidth=2).encode(x=alt.X("low:Q", title=None), x2="high:Q", y=y,
                                                     yOffset=alt.YOffset("variant:N", sort=labels[1:]), color=colour)
        dots = base.mark_point(size=70, strokeWidth=2).encode(
            x="difference:Q", y=y, yOffset=alt.YOffset("variant:N", sort=labels[1:]), color=colour,
            shape=_variant_shape(labels[1:]),
            fill=alt.condition(alt.datum.clear == "clear",
                               alt.Fill("variant:N", title="Variant", scale=alt.Scale(domain=labels[1:], range=PALETTE)),
                               alt.value("white")),
            tooltip=["variant", alt.Tooltip("label:N", title="measure"), alt.Tooltip("difference:Q", format="+.2f"),
                     alt.Tooltip("low:Q", format="+.2f"), alt.Tooltip("high:Q", format="+.2f"), "clear"],
        )
        zero = alt.Chart(pd.DataFrame({"zero": [0.0]})).mark_rule(color="#555555", strokeDash=[4, 3]).encode(x="zero:Q")
        panels.append(alt.layer(zero, bars, dots).properties(
            width=300, height=max(40, 26 * len(group) * max(1, len(labels) - 1)), title=_panel_title(kind, game)))
    heading = title or (f"What {labels[1]} changed compared with {labels[0]}" if len(labels) == 2
                        else f"What changed compared with {labels[0]}")
    return alt.vconcat(*panels).resolve_scale(x="independent").properties(
        title=fitted_title(heading, "dot: the change; bar: its 95% interval; filled: clear even allowing for "
                                    "the many measures compared"))


def values_chart(comparison: pd.DataFrame, measures=None, title: str = "Each variant's measures, with 95% intervals",
                 game: str | None = None) -> alt.Chart:
    """Every variant's value of each chosen measure with its own 95% interval; measures of
    one kind share a panel and its scale."""
    _need(comparison, ["variant", "measure", "value", "value_low", "value_high"], "the table of lab.compare(...)")
    game = _game(comparison, game)
    measures = _pick_measures(comparison, measures, clear_too=False)
    labels = list(dict.fromkeys(comparison["variant"]))
    colour = _variant_colour(labels)
    panels = []
    for kind, group in _by_kind(measures, game).items():
        data = comparison[comparison["measure"].isin(group)][["variant", "measure", "value", "value_low",
                                                               "value_high"]].copy()
        data["label"] = data["measure"].map(lambda m: names.label(m, game))
        fmt = ".0%" if kind == "share" else ".2f"
        order = [names.label(m, game) for m in group]
        y = alt.Y("label:N", title=None, sort=order)
        base = alt.Chart(data.drop(columns="measure"))
        bars = base.mark_rule(strokeWidth=2).encode(
            x=alt.X("value_low:Q", title=None, scale=alt.Scale(zero=False), axis=alt.Axis(format=fmt)),
            x2="value_high:Q", y=y, yOffset=alt.YOffset("variant:N", sort=labels), color=colour)
        dots = base.mark_point(filled=True, size=70).encode(
            x="value:Q", y=y, yOffset=alt.YOffset("variant:N", sort=labels), color=colour,
            shape=_variant_shape(labels),
            tooltip=["variant", alt.Tooltip("label:N", title="measure"), alt.Tooltip("value:Q", format=fmt),
                     alt.Tooltip("value_low:Q", format=fmt), alt.Tooltip("value_high:Q", format=fmt)],
        )
        heading = "Shares of games" if kind == "share" else _panel_title(kind, game)  # values, not changes
        panels.append(alt.layer(bars, dots).properties(width=300, height=max(40, 26 * len(group) * len(labels)),
                                                       title=heading))
    return alt.vconcat(*panels).resolve_scale(x="independent").properties(title=fitted_title(title))


def summary_chart(summary: pd.DataFrame, measures=None, title: str = "Design measures, with 95% intervals",
                  game: str | None = None) -> alt.Chart:
    """The measures of one set of games (:func:`gamedesign.lab.metrics.summary`) as dots with intervals."""
    _need(summary, ["measure", "value", "low", "high"], "the table of lab.metrics.summary(...)")
    table = summary.rename(columns={"low": "value_low", "high": "value_high"}).assign(variant="these games")
    return values_chart(table, measures, title=title, game=game)


def seat_chart(comparison: pd.DataFrame, title: str = "Win rate by seat, with 95% intervals",
               game: str | None = None) -> alt.Chart:
    """Win rate of each seat for every variant side by side, with intervals and a dashed
    line at an equal share (1 / seats; teams: 1/2). Seats are named as ``game`` names them
    (Player 1, Team A; by default the game is told from the measures)."""
    _need(comparison, ["variant", "measure", "value", "value_low", "value_high"], "the table of lab.compare(...)")
    game = _game(comparison, game)
    rows = comparison[comparison["measure"].str.fullmatch(r"seat \d+ wins")].copy()
    if rows.empty:
        raise ValueError("the table has no 'seat k wins' measures")
    rows["seat"] = rows["measure"].map(lambda m: names.seat_name(int(m.split()[1]), game)).map(
        lambda s: s[:1].upper() + s[1:])
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
    # Each variant's bars in the legend's order, left to right, with its name in the tooltip.
    return alt.layer(bars, errors, line).properties(
        width=min(420, max(160, 45 * len(seats) * len(labels))), height=220,
        title=fitted_title(title, f"dashed line: every seat winning equally often ({equal:.0%}); "
                                  "bars in the legend's order, left to right"),
    )


def length_chart(tables: dict, unit: str = "", title: str = "How long games last") -> alt.Chart:
    """Share of games of each length, one colour per variant (``tables``: label -> a game
    table of :func:`gamedesign.lab.metrics.game_table`, or label -> the records it is made
    from, as :func:`gamedesign.lab.run_variants` returns them)."""
    if not isinstance(tables, dict) or not tables:
        raise ValueError("length_chart takes a table of variant -> games: lab.run_variants(...) (variant -> records) "
                         "or {label: lab.metrics.game_table(records)}; a comparison table holds no game lengths, "
                         f"not {type(tables).__name__}")
    rows = []
    for label, table in tables.items():
        if not isinstance(table, pd.DataFrame):
            table = game_table(table)
        if "length" not in table.columns:
            raise ValueError(f"length_chart: the games of {label!r} have no 'length' column; give "
                             "lab.metrics.game_table(records) or the records themselves")
        counts = table["length"].value_counts(normalize=True).sort_index()
        rows += [{"variant": label, "length": float(k), "share": float(v)} for k, v in counts.items()]
    data = pd.DataFrame(rows, columns=["variant", "length", "share"])
    labels = list(tables)
    return (
        alt.Chart(data, title=fitted_title(title, "share of games ending at each length"))
        .mark_line(point=alt.OverlayMarkDef(size=50, filled=True))
        .encode(
            x=alt.X("length:Q", title=f"Game length{f' ({unit})' if unit else ''}", scale=alt.Scale(zero=False)),
            y=alt.Y("share:Q", title="Share of games", axis=alt.Axis(format="%")),
            color=_variant_colour(labels),
            shape=_variant_shape(labels),
            tooltip=["variant", "length", alt.Tooltip("share:Q", format=".1%")],
        )
        .properties(width=420, height=200)
    )


def card_value_chart(values: pd.DataFrame, title: str = "What each card is worth", game: str | None = None) -> alt.Chart:
    """Per card: what a copy is worth to its holder, how often it is taken when offered and
    how often its holders win, three panels side by side, each with its own scale
    (``values``: :func:`gamedesign.lab.metrics.card_values`, or several stacked with a
    ``variant`` column). Labels come from :data:`gamedesign.lab.labels.CARD_MEASURES`."""
    _need(values, ["card", "points per copy", "pick rate", "win rate when collected"], "lab.metrics.card_values(...)")
    data = values.copy()
    if "variant" not in data:
        data["variant"] = "these games"
    labels = list(dict.fromkeys(data["variant"]))
    order = list(data.groupby("card", sort=False)["points per copy"].mean().sort_values(ascending=False).index)
    long = data.melt(id_vars=["variant", "card"], value_vars=["points per copy", "pick rate", "win rate when collected"],
                     var_name="measure", value_name="value")
    panels = []
    # One variant needs no legend; several are told apart by the legend's order (top bar first) too.
    colour = _variant_colour(labels) if len(labels) > 1 else alt.value(PALETTE[0])
    for measure, fmt in (("points per copy", ".1f"), ("pick rate", ".0%"), ("win rate when collected", ".0%")):
        part = long[long["measure"] == measure]
        heading = names.CARD_MEASURES[measure][0]
        if measure == "points per copy":
            heading = [heading, f"({names.POINT_UNITS.get(game, 'points')})"]
        panels.append(
            alt.Chart(part, title=alt.Title(wrap_lines(heading, 13, 125, bold=True)))
            .mark_bar()
            .encode(
                y=alt.Y("card:N", sort=order, title=None, axis=None if panels else alt.Axis()),
                yOffset=alt.YOffset("variant:N", sort=labels),
                x=alt.X("value:Q", title=None, axis=alt.Axis(format=fmt)),
                color=colour,
                tooltip=["variant", "card", alt.Tooltip("value:Q", format=fmt)],
            )
            .properties(width=115, height=max(120, 14 * len(order) * len(labels)))
        )
    worth = names.CARD_WORTH.get(game, names.CARD_MEASURES["points per copy"][1])
    return alt.hconcat(*panels, spacing=10, title=fitted_title(title, f"worth per copy: {worth}"))


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
        alt.Chart(mean, title=fitted_title(title, subtitle))
        .mark_line(point=True)
        .encode(
            x=alt.X("checkpoint:Q", title=unit.capitalize()),
            y=alt.Y("standing:Q", title="Standing (higher is better)"),
            color=_variant_colour(labels) if len(labels) > 1 else alt.value(PALETTE[0]),
            shape=_variant_shape(labels) if len(labels) > 1 else alt.value("circle"),
            strokeDash=alt.StrokeDash("who:N", title=None, sort=["eventual winner", "the others"],
                                      legend=legend_below(["eventual winner", "the others"], symbolType="stroke",
                                                          symbolStrokeWidth=2)),
            tooltip=["variant", "who", "checkpoint", alt.Tooltip("standing:Q", format=".2f")],
        )
        .properties(width=420, height=220)
    )


def save_chart(chart, path, scale: float = 2.0) -> Path:
    """Write ``chart`` to ``path`` as PNG or SVG (by the file name) for a handout.

    Needs the ``vl-convert-python`` package (``pip install "gamedesign[export]"``), which
    does not run in the browser: in JupyterLite, save a chart from its own menu instead.
    The file is written as :func:`gamedesign.files.write_bytes` writes: never through a
    symbolic link or over a folder, and an older file is replaced only once the chart is
    drawn.
    """
    import io

    path = check_output(path)
    if path.suffix not in (".png", ".svg"):
        raise ValueError(f"save a chart as .png or .svg, not {path.name!r}")
    if runtime.IN_BROWSER:
        raise ValueError(
            "save_chart cannot write PNG or SVG in the browser (JupyterLite): it needs vl-convert-python, "
            "which does not run there. Use the chart's own menu (the ... button at its top right: "
            "Save as SVG or Save as PNG), or run save_chart on Binder or a computer with "
            'pip install "gamedesign[export]"'
        )
    try:
        import vl_convert  # noqa: F401
    except ModuleNotFoundError:
        raise ValueError("saving PNG or SVG needs the vl-convert-python package: pip install vl-convert-python") from None
    if path.suffix == ".png":
        buffer = io.BytesIO()
        chart.save(buffer, format="png", scale_factor=scale)
        data = buffer.getvalue()
    else:
        buffer = io.StringIO()
        chart.save(buffer, format="svg")
        data = buffer.getvalue().encode("utf-8")
    return write_bytes(path, data)


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
