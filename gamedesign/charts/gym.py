"""GYM charts: how final score margins spread in simulated games."""

from __future__ import annotations

import altair as alt
import pandas as pd

from . import PALETTE, _check_columns, fitted_title, legend_below
from ..games.gym.study import margin_counts


def margin_chart(table: pd.DataFrame, title: str = "GYM: team A's final margin, by matchup") -> alt.Chart:
    """Share of games ending with each margin (team A minus team B), one row per matchup.

    ``table`` is :func:`gamedesign.games.gym.study.matchups`'s table; it is aggregated to
    counts first, so the chart stays small. Margins above 0 are team A wins; a margin of 0
    is also a team A win (ties go to the team that took the first turn).
    """
    _check_columns(table, ["matchup", "seat", "margin", "game"])
    counts = margin_counts(table)
    counts["winner"] = counts["margin"].map(lambda m: "team A" if m >= 0 else "team B")
    order = list(dict.fromkeys(counts["matchup"]))
    games = int(table[table["seat"] == 0].groupby("matchup").size().max())
    return (
        alt.Chart(counts, title=fitted_title(title, f"{games} games per matchup; right of 0: team A wins "
                                                    "(a tie counts for team A)"))
        .mark_bar()
        .encode(
            x=alt.X("margin:Q", title="Team A's points minus team B's", bin=alt.Bin(step=1)),
            y=alt.Y("sum(share):Q", title="Share of games", axis=alt.Axis(format="%")),
            color=alt.Color("winner:N", title="Winner", scale=alt.Scale(domain=["team A", "team B"], range=PALETTE[:2]),
                            legend=legend_below(["team A", "team B"], "Winner")),
            # Each matchup named above its row: the chart keeps its width for the margins.
            row=alt.Row("matchup:N", title=None, sort=order,
                        header=alt.Header(labelOrient="top", labelAnchor="start", labelFontWeight="bold")),
            tooltip=["matchup", "margin", "games", alt.Tooltip("share:Q", format=".1%")],
        )
        .properties(width=440, height=90)
    )


__all__ = ["margin_chart"]
