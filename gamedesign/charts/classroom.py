"""Charts of a class's results, to show the class: their predictions beside what was measured.

Each function takes a long-form table from :mod:`gamedesign.lab.classwork` and returns an
Altair chart (a shared base, layered with ``+``).
"""

from __future__ import annotations

import pandas as pd

from . import alt


def predictions_chart(table: pd.DataFrame, exercise: str | None = None, title: str | None = None):
    """The class's predictions of one prediction exercise as dots on a 0-1 line (one a
    student; hollow when written down after the answer was seen), with the measured value
    as a red rule and its number. ``table``: :func:`gamedesign.lab.classwork.predictions`;
    ``exercise``: which one (default: the first in the table)."""
    if table.empty:
        raise ValueError("no predictions to draw: the class wrote none down")
    exercise = exercise or str(table["exercise"].iloc[0])
    rows = table[table["exercise"] == exercise].copy()
    if rows.empty:
        raise ValueError(f"no predictions of {exercise!r}; the table has {', '.join(sorted(set(table['exercise'])))}")
    rows["written"] = rows["first"].map({True: "before the answer", False: "after seeing the answer"})
    measured = float(rows["measured"].iloc[0])
    scale = alt.Scale(domain=[0, 1])
    dots = alt.Chart(rows).mark_point(size=140, filled=True).encode(
        x=alt.X("prediction:Q", scale=scale, title="prediction (a chance, 0 to 1)"),
        y=alt.Y("student:N", title=None, sort="x"),
        shape=alt.Shape("written:N", title="written down", legend=alt.Legend(orient="bottom"),
                        scale=alt.Scale(domain=["before the answer", "after seeing the answer"],
                                        range=["circle", "triangle-up"])),
        tooltip=["student", alt.Tooltip("prediction:Q", format=".2f"), "written"],
    )
    layers = [dots]
    if measured == measured:  # a measured value to draw
        line = pd.DataFrame({"measured": [measured], "label": [f"measured {measured:.2f}"]})
        rule = alt.Chart(line).mark_rule(color="firebrick", strokeWidth=2).encode(x="measured:Q")
        text = alt.Chart(line).mark_text(color="firebrick", align="left", dx=4, dy=-6, baseline="bottom").encode(
            x="measured:Q", text="label:N", y=alt.value(0))
        layers += [rule, text]
    return alt.layer(*layers).properties(
        width=400, height=max(80, 22 * len(rows)),
        title=title or f"{exercise}: your predictions and the measured value",
    )


__all__ = ["predictions_chart"]
