"""Charts of how strong the bots are: the strength ladder with its 95% intervals.

:func:`ladder_chart` takes the table of :func:`gamedesign.ladder.read_ladder` (one row
per rung, already aggregated) and returns an Altair chart. Colours come from
:data:`gamedesign.charts.PALETTE` (Okabe-Ito).
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from . import PALETTE, _need


def ladder_chart(
    ladder: pd.DataFrame, title: str = "The strength ladder: each bot against the bot below it"
) -> alt.Chart:
    """One line per rung: the tested bot's win rate (dot) with its 95% interval (bar),
    and a grey tick at the fair share, what it would win if it were no better than the
    field. A rung whose whole bar lies right of its tick is a clear step up."""
    needed = ["game", "rung", "tested", "games", "win rate", "low", "high", "fair_share"]
    _need(ladder, needed, "the table of gamedesign.ladder.read_ladder()")
    data = ladder[needed].copy()
    data["line"] = [f"{g}: {r} ({n:,} games)" for g, r, n in zip(data["game"], data["rung"], data["games"])]
    lines = list(dict.fromkeys(data["line"]))
    tested = list(dict.fromkeys(data["tested"]))
    base = alt.Chart(data)
    y = alt.Y("line:N", sort=lines, title=None, axis=alt.Axis(labelLimit=320))
    x = alt.X("win rate:Q", title="Win rate of the tested bot", axis=alt.Axis(format="%"),
              scale=alt.Scale(domain=[0, 1]))
    colour = alt.Color("tested:N", title="Tested bot", sort=tested,
                       scale=alt.Scale(domain=tested, range=PALETTE))
    tooltip = ["game", "rung", "games", alt.Tooltip("win rate:Q", format=".1%"), alt.Tooltip("low:Q", format=".1%"),
               alt.Tooltip("high:Q", format=".1%"), alt.Tooltip("fair_share:Q", title="fair share", format=".0%")]
    low = alt.X("low:Q", title="Win rate of the tested bot", axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1]))
    bars = base.mark_rule(strokeWidth=3).encode(y=y, x=low, x2="high:Q", color=colour, tooltip=tooltip)
    dots = base.mark_point(filled=True, size=90, opacity=1).encode(y=y, x=x, color=colour, tooltip=tooltip)
    fair = base.mark_tick(color="#555555", thickness=2, size=22).encode(y=y, x="fair_share:Q")
    return alt.layer(bars, dots, fair).properties(
        width=420, height=30 * len(lines),
        title=alt.Title(title, subtitle="dot: win rate; bar: 95% interval; grey tick: the fair share"),
    )


__all__ = ["ladder_chart"]
