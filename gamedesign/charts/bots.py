"""Charts of how strong the bots are: the strength ladder and the matchup matrices.

:func:`ladder_chart` takes the table of :func:`gamedesign.ladder.read_ladder` (one row
per rung, already aggregated) and returns an Altair chart; :func:`matrix_chart` draws the
tables of :func:`gamedesign.ladder.read_matrix` (or ``matchup_matrix``) as heatmaps. Colours come from
:data:`gamedesign.charts.PALETTE` (Okabe-Ito).
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from . import PALETTE, SHAPES, _need, fitted_title, legend_below


def ladder_chart(
    ladder: pd.DataFrame, title: str = "The strength ladder: each bot against the bot below it"
) -> alt.Chart:
    """One line per rung: the tested bot's win rate (dot) with its 95% interval (bar),
    and a grey tick at the fair share, what it would win if it were no better than the
    field. A rung whose whole bar lies right of its tick is a clear step up."""
    needed = ["game", "rung", "tested", "games", "win rate", "low", "high", "fair_share"]
    _need(ladder, needed, "the table of gamedesign.ladder.read_ladder()")
    data = ladder[needed].copy()
    # Two lines a rung (its game and games, then the bots), so the labels leave the chart its width.
    data["line"] = [f"{g}, {n:,} games|{r}" for g, r, n in zip(data["game"], data["rung"], data["games"])]
    lines = list(dict.fromkeys(data["line"]))
    tested = list(dict.fromkeys(data["tested"]))
    base = alt.Chart(data)
    y = alt.Y("line:N", sort=lines, title=None, axis=alt.Axis(labelLimit=300, labelExpr="split(datum.label, '|')"))
    x = alt.X("win rate:Q", title="Win rate of the tested bot", axis=alt.Axis(format="%"),
              scale=alt.Scale(domain=[0, 1]))
    colour = alt.Color("tested:N", title="Tested bot", sort=tested,
                       scale=alt.Scale(domain=tested, range=PALETTE), legend=legend_below(tested, "Tested bot"))
    shape = alt.Shape("tested:N", title="Tested bot", sort=tested, scale=alt.Scale(domain=tested, range=SHAPES),
                      legend=legend_below(tested, "Tested bot"))
    tooltip = ["game", "rung", "games", alt.Tooltip("win rate:Q", format=".1%"), alt.Tooltip("low:Q", format=".1%"),
               alt.Tooltip("high:Q", format=".1%"), alt.Tooltip("fair_share:Q", title="fair share", format=".0%")]
    low = alt.X("low:Q", title="Win rate of the tested bot", axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1]))
    bars = base.mark_rule(strokeWidth=3).encode(y=y, x=low, x2="high:Q", color=colour, tooltip=tooltip)
    dots = base.mark_point(filled=True, size=90, opacity=1).encode(y=y, x=x, color=colour, shape=shape, tooltip=tooltip)
    fair = base.mark_tick(color="#555555", thickness=2, size=22).encode(y=y, x="fair_share:Q")
    return alt.layer(bars, dots, fair).properties(
        width=280, height=36 * len(lines),
        title=fitted_title(title, "dot: win rate; bar: 95% interval; grey tick: the fair share"),
    )


def matrix_chart(matrix: pd.DataFrame, title: str = "Who beats whom: each bot against copies of another") -> alt.ConcatChart:
    """One heatmap per game: a row for each tested bot, a column for the field it played
    against (copies of one bot in every other seat), each cell the tested bot's win rate.
    The colour is its edge over the fair share: blue above (1: always wins), orange below
    (-1: never wins), white at the fair share; a cell whose 95% interval lies clear of the
    fair share is marked with a "*". Strengths keep the order of the table's rows."""
    needed = ["game", "tested", "field", "games", "win rate", "low", "high", "fair share"]
    _need(matrix, needed, "a matchup matrix (gamedesign.ladder.read_matrix or matchup_matrix)")
    data = matrix[needed].copy()
    share = data["fair share"]
    above = (data["win rate"] - share) / (1 - share)
    below = (data["win rate"] - share) / share
    data["edge"] = above.where(data["win rate"] >= share, below)
    clear = (data["low"] > share) | (data["high"] < share)
    data["cell"] = [f"{r:.0%}{'*' if c else ''}" for r, c in zip(data["win rate"], clear)]
    colour = alt.Color(
        "edge:Q", title=["Edge over", "the fair share"],
        scale=alt.Scale(scheme="redblue", domain=[-1, 1], domainMid=0),
        legend=alt.Legend(orient="bottom", direction="horizontal", gradientLength=220, values=[-1, -0.5, 0, 0.5, 1], labelExpr="datum.value == 1 ? 'always wins' : "
                          "datum.value == -1 ? 'never wins' : datum.value == 0 ? 'fair share' : ''"),
    )
    tooltip = ["tested", "field", "games", alt.Tooltip("win rate:Q", format=".1%"), alt.Tooltip("low:Q", format=".1%"),
               alt.Tooltip("high:Q", format=".1%"), alt.Tooltip("fair share:Q", format=".0%")]
    panels = []
    for game in dict.fromkeys(data["game"]):
        part = data[data["game"] == game]
        order = list(dict.fromkeys(part["tested"]))
        base = alt.Chart(part).encode(
            x=alt.X("field:N", sort=order, title="against copies of", axis=alt.Axis(labelAngle=0, orient="top")),
            y=alt.Y("tested:N", sort=order, title="tested bot"),
        )
        cells = base.mark_rect(stroke="white").encode(color=colour, tooltip=tooltip)
        text = base.mark_text(fontSize=12).encode(
            text="cell:N", tooltip=tooltip,
            color=alt.condition("abs(datum.edge) > 0.55", alt.value("white"), alt.value("black")),
        )
        players = int(matrix.loc[part.index[0], "players"]) if "players" in matrix.columns else None
        name = f"{game}, {players} players" if players else str(game)
        panels.append(
            alt.layer(cells, text).properties(
                width=46 * len(order), height=32 * len(order),
                title=alt.Title(name, subtitle=f"fair share {part['fair share'].iloc[0]:.0%}"),
            )
        )
    # Two heatmaps a row: three games fit a narrow notebook (768 px) without scrolling.
    return alt.concat(*panels, columns=2, spacing=16).properties(
        title=fitted_title(title, "cell: the tested bot's win rate; *: its 95% interval is clear of the fair share"),
    )


__all__ = ["ladder_chart", "matrix_chart"]
