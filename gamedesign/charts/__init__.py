"""Altair charts of simulated games.

Every function takes the long-form table of :func:`gamedesign.simulate` (one row per
player per game) and returns a chart. Tables are aggregated in pandas first, so a chart
of many thousands of games stays small in the stored notebook.

Call :func:`use_offline_renderer` once in a notebook: charts are then drawn by
JupyterLab itself, with no internet needed (in Voilà too; see ``docs/offline.md``).
"""

from __future__ import annotations

import os


from .vega import _import_altair, alt  # noqa: E402,F401  (Altair, imported once for every chart module)
from .fit import FIT_WIDTH, fitted_title, legend_below, text_width, wrap_lines  # noqa: E402,F401

import pandas as pd  # noqa: E402
from altair.vegalite.v5.display import mimetype_renderer, png_renderer  # noqa: E402

#: Okabe-Ito colours: told apart by readers with any common colour-vision deficiency.
PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"]
#: Point shapes drawn with those colours, so that a group is told by its shape too, never by colour alone.
SHAPES = ["circle", "square", "triangle-up", "diamond", "cross", "triangle-down", "triangle-right", "wedge"]

def in_voila() -> bool:
    """True in a kernel started by Voilà (it sets ``SERVER_SOFTWARE=voila/<version>``)."""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("voila/")


def vegalite_with_png(spec: dict, **metadata):
    """Altair renderer: the Vega-Lite 5 spec (drawn by the page) with a PNG of it beside.

    Voilà draws the spec with JupyterLab's Vega renderer, which then tries to store a PNG
    copy in the output and, in Voilà, fails with "Javascript Error: e.setData is not a
    function" under the chart. With a PNG already in the output it skips that step. The
    PNG (made by ``vl-convert-python``, offline) is also what a page shows that cannot run
    Vega. Without ``vl-convert-python`` the bundle is the plain Vega-Lite one.
    """
    bundle, meta = mimetype_renderer(spec, **metadata)
    try:
        png, _ = png_renderer(spec)
    except (ImportError, ValueError):  # vl-convert-python missing
        return bundle, meta
    return {**bundle, "image/png": png["image/png"]}, meta


alt.renderers.register("gamedesign_voila", vegalite_with_png)


#: Set to "1" (as ``scripts/build_notebooks.py`` does) to give every chart its PNG copy in
#: JupyterLab too: a stored notebook whose charts carry one opens without an unsaved mark.
STORE_PNG_VARIABLE = "GAMEDESIGN_CHART_PNG"


def use_offline_renderer() -> None:
    """Draw charts with the page's own Vega renderer (works without internet).

    JupyterLab: Altair's ``mimetype`` renderer (Vega-Lite 5). Voilà: the same spec with a
    PNG beside it (:func:`vegalite_with_png`), so that no error line shows under a chart.
    JupyterLab's renderer also writes a PNG copy into any chart output that lacks one, which
    marks a freshly opened notebook as changed; the stored notebooks are therefore built
    with ``GAMEDESIGN_CHART_PNG=1``, which gives their charts the PNG as in Voilà.
    """
    with_png = in_voila() or os.environ.get(STORE_PNG_VARIABLE) == "1"
    alt.renderers.enable("gamedesign_voila" if with_png else "mimetype")


def _need(table: pd.DataFrame, columns: list[str], what: str) -> None:
    """Refuse a table that is not ``what`` (a pre-aggregated table with ``columns``)."""
    if not isinstance(table, pd.DataFrame) or any(c not in table.columns for c in columns):
        raise ValueError(f"this chart needs {what} (columns {', '.join(columns)})")


def _check_columns(df: pd.DataFrame, needed: list[str]) -> None:
    if not isinstance(df, pd.DataFrame):
        raise ValueError("a chart needs the table returned by gamedesign.simulate(...)")
    missing = [c for c in needed if c not in df.columns]
    if missing:
        raise ValueError(f"the table has no column {missing[0]!r}; a chart needs the table returned by simulate()")


def score_distribution(df: pd.DataFrame, title: str = "How final scores spread, by bot") -> alt.Chart:
    """Share of players reaching each final score, one row of bars per bot.

    Eliminated players (no score) are counted apart in the subtitle.
    """
    _check_columns(df, ["bot", "score"])
    scored = df.dropna(subset=["score"]).assign(score=lambda d: d["score"].astype(int))
    counts = scored.groupby(["bot", "score"]).size().rename("players").reset_index()
    counts["share"] = counts["players"] / counts.groupby("bot")["players"].transform("sum")
    eliminated = int(df["score"].isna().sum())
    subtitle = f"{len(df['game'].unique()) if 'game' in df else len(df)} games" + (
        f"; {eliminated} eliminated players not shown" if eliminated else ""
    )
    # Each row is named above it (the colour only repeats the name), so the chart keeps its width.
    return (
        alt.Chart(counts, title=fitted_title(title, subtitle))
        .mark_bar()
        .encode(
            x=alt.X("score:Q", title="Final score", bin=alt.Bin(step=2)),
            y=alt.Y("sum(share):Q", title="Share of players", axis=alt.Axis(format="%")),
            color=alt.Color("bot:N", title="Bot", scale=alt.Scale(range=PALETTE), legend=None),
            row=alt.Row("bot:N", title=None, header=alt.Header(labelOrient="top", labelAnchor="start",
                                                               labelFontWeight="bold")),
            tooltip=["bot", "score", "players", alt.Tooltip("share:Q", format=".1%")],
        )
        .properties(width=440, height=110)
    )


def points_by_category(df: pd.DataFrame, title: str = "Where the points come from") -> alt.Chart:
    """Average points per game from each scoring category, by bot (scored players only)."""
    _check_columns(df, ["bot"])
    columns = [c for c in df.columns if c.startswith("points_")]
    if not columns:
        if {"seat", "score", "won"} <= set(df.columns):  # a simulate() table of a game without a breakdown
            raise ValueError("these games give no points by category: the game's Result has no breakdown "
                             "(one dict of category -> points per seat), so there is nothing to split")
        raise ValueError("the table has no points_<category> columns; use the table returned by simulate()")
    long = (
        df.dropna(subset=["score"])
        .melt(id_vars=["bot"], value_vars=columns, var_name="category", value_name="points")
        .assign(category=lambda d: d["category"].str.removeprefix("points_"))
    )
    means = long.groupby(["bot", "category"], sort=False)["points"].mean().reset_index()
    order = list(dict.fromkeys(c.removeprefix("points_") for c in columns))
    bots = list(dict.fromkeys(means["bot"]))
    subtitle = "average points per player per game, eliminated players left out; bars in the legend's order"
    return (
        alt.Chart(means, title=fitted_title(title, subtitle))
        .mark_bar()
        .encode(
            y=alt.Y("category:N", title=None, sort=order),
            x=alt.X("points:Q", title="Average points"),
            color=alt.Color("bot:N", title="Bot", sort=bots, scale=alt.Scale(domain=bots, range=PALETTE),
                            legend=legend_below(bots, "Bot (top bar first)")),
            yOffset=alt.YOffset("bot:N", sort=bots),
            tooltip=["bot", "category", alt.Tooltip("points:Q", format=".2f")],
        )
        .properties(width=400, height=max(120, 16 * len(order) * len(bots)))
    )


def win_rate_by_seat(df: pd.DataFrame, title: str = "Win rate by seat") -> alt.Chart:
    """Share of games each seat won (shared wins count for every winner), with the bot named."""
    _check_columns(df, ["seat", "bot", "won"])
    rates = df.groupby(["seat", "bot"])["won"].mean().rename("win_rate").reset_index()
    rates["label"] = "seat " + rates["seat"].astype(str) + " (" + rates["bot"] + ")"
    return (
        alt.Chart(rates, title=title)
        .mark_bar()
        .encode(
            x=alt.X("label:N", title=None, sort=list(rates["label"])),
            y=alt.Y("win_rate:Q", title="Games won", axis=alt.Axis(format="%")),
            color=alt.Color("bot:N", title="Bot", scale=alt.Scale(range=PALETTE),
                            legend=legend_below(dict.fromkeys(rates["bot"]), "Bot")),
            tooltip=["label", alt.Tooltip("win_rate:Q", format=".1%")],
        )
        .properties(width=min(420, 60 * len(rates)))
    )


__all__ = [
    "FIT_WIDTH",
    "PALETTE",
    "SHAPES",
    "fitted_title",
    "in_voila",
    "legend_below",
    "points_by_category",
    "score_distribution",
    "use_offline_renderer",
    "vegalite_with_png",
    "win_rate_by_seat",
    "wrap_lines",
]


from .slides import slide  # noqa: E402  (after alt: the slides module uses it)

__all__ += ["slide"]
