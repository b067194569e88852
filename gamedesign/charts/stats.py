"""Charts of how sure a measurement is: estimates with their 95% intervals.

:func:`interval_chart` draws one line per estimate (a rate from some games: its dot and
its 95% interval), with the true value, when it is known, as a vertical rule; intervals
that miss it are drawn in another colour, so "95% of intervals hold the true value" can
be seen and counted.
"""

from __future__ import annotations

import pandas as pd

from . import PALETTE, _need, alt


def interval_chart(
    estimates: pd.DataFrame, truth: float | None = None, *, label: str = "label", title: str = "Estimates and their 95% intervals",
    axis_title: str = "win rate",
) -> alt.LayerChart:
    """One line per row of ``estimates`` (columns ``label``, ``rate``, ``low``, ``high``):
    a dot at the rate and a bar over its 95% interval, in the order of the rows. With
    ``truth``, a grey rule marks it and every interval that leaves it out is orange (the
    subtitle counts them)."""
    _need(estimates, [label, "rate", "low", "high"], f"a table of estimates ({label}, rate, low, high)")
    data = estimates[[label, "rate", "low", "high"]].copy()
    data[label] = data[label].astype(str)
    if truth is not None:
        data["holds the true value"] = [
            "yes" if lo <= truth <= hi else "no: missed" for lo, hi in zip(data["low"], data["high"])
        ]
    else:
        data["holds the true value"] = "yes"
    order = list(data[label])
    many = len(order) > 30
    y = alt.Y(f"{label}:N", sort=order, title=label if not many else None,
              axis=None if many else alt.Axis(labelLimit=200))
    colour = alt.Color("holds the true value:N", title="Holds the true value",
                       scale=alt.Scale(domain=["yes", "no: missed"], range=[PALETTE[0], PALETTE[5]]),
                       legend=None if truth is None else alt.Legend(orient="bottom"))
    x = alt.X("low:Q", title=axis_title, axis=alt.Axis(format="%"), scale=alt.Scale(zero=False))
    tooltip = [label, alt.Tooltip("rate:Q", format=".1%"), alt.Tooltip("low:Q", format=".1%"),
               alt.Tooltip("high:Q", format=".1%")]
    base = alt.Chart(data)
    bars = base.mark_rule(strokeWidth=2 if many else 3).encode(y=y, x=x, x2="high:Q", color=colour, tooltip=tooltip)
    dots = base.mark_point(filled=True, size=12 if many else 70, opacity=1).encode(
        y=y, x=alt.X("rate:Q", title=axis_title, scale=alt.Scale(zero=False)), color=colour, tooltip=tooltip)
    layers = [bars, dots]
    subtitle = "dot: the estimate; bar: its 95% interval"
    if truth is not None:
        layers.append(alt.Chart(pd.DataFrame({"truth": [truth]})).mark_rule(color="#555555", strokeDash=[4, 3])
                      .encode(x="truth:Q"))
        missed = int((data["holds the true value"] != "yes").sum())
        subtitle += f"; dashed line: the true value; {missed} of {len(data)} intervals miss it"
    return alt.layer(*layers).properties(
        width=440, height=(4 if many else 28) * len(order), title=alt.Title(title, subtitle=subtitle)
    )


__all__ = ["interval_chart"]
