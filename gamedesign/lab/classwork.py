"""A class's exercise answers read for the teacher: who answered, who was right, the slips
the hints named, the predictions beside what was measured, and the explanations to read.

Every function takes the table of :func:`gamedesign.exercises.collect` (one row per saved
entry of every student's answers file) and returns a table. Slips are found again from the
answers as saved (an exact answer is saved as its exact value): the checker's own hints,
never a stored answer key. No display code here; the chart is
:func:`gamedesign.charts.classroom.predictions_chart`.
"""

from __future__ import annotations

import math
import re

import pandas as pd

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:/\d+)?")


def _who(row) -> str:
    return row["name"] if isinstance(row["name"], str) and row["name"] else row["file"]


def _with_students(table: pd.DataFrame) -> pd.DataFrame:
    table = table.copy()
    table["student"] = [_who(row) for _, row in table.iterrows()]
    return table


def exercise_overview(table: pd.DataFrame) -> pd.DataFrame:
    """One row per exercise: ``kind``, ``answered`` (students with an entry), ``right``
    (students with a right check, at any try), ``right first time``, ``wrong tries`` (all
    wrong checks), and ``not yet right``: the names of those who answered but never got it
    right (empty for predictions and explanations, which are saved, not judged)."""
    table = _with_students(table)
    rows = []
    for exercise, entries in table.groupby("exercise", sort=True):
        judged = entries[entries["status"].isin(["right", "wrong"])]
        right = sorted(set(judged.loc[judged["status"] == "right", "student"]))
        first = judged.groupby("student")["status"].first()
        missing = sorted(set(judged["student"]) - set(right))
        rows.append({
            "exercise": exercise,
            "kind": ", ".join(sorted(set(entries["kind"]))),
            "answered": entries["student"].nunique(),
            "right": len(right),
            "right first time": int((first == "right").sum()),
            "wrong tries": int((judged["status"] == "wrong").sum()),
            "not yet right": ", ".join(missing),
        })
    return pd.DataFrame(rows, columns=["exercise", "kind", "answered", "right", "right first time", "wrong tries",
                                       "not yet right"])


def _exact_value(text: str):
    import sympy as sp

    if not isinstance(text, str) or not re.fullmatch(r"-?\d+(?:/\d+)?", text.strip()):
        return None  # a decimal, or an answer saved in words: no exact value to judge again
    return sp.Rational(text.strip())


def slips(table: pd.DataFrame) -> pd.DataFrame:
    """The usual slips the hints named in the wrong exact answers: one row per exercise and
    slip, with ``slip`` (the hint's words), ``times`` and ``students``. A wrong answer that
    matches no usual slip counts as "another answer"; a decimal as "a decimal, not the exact
    value"."""
    from .. import exercises

    table = _with_students(table)
    wrong = table[(table["kind"] == "exact") & (table["status"] == "wrong")]
    found: dict = {}
    values = exercises._values()["exact"]
    for _, row in wrong.iterrows():
        exercise = exercises.EXERCISES.get(row["exercise"])
        value = _exact_value(row["answer"])
        if exercise is None or row["exercise"] not in values:
            slip = "another answer"
        elif value is None:
            slip = "a decimal, not the exact value"
        else:
            slip = exercises._slip(exercises._KEY[row["exercise"]], values[row["exercise"]], value, True,
                                   exercise.share) or "another answer"
        entry = found.setdefault((row["exercise"], slip), [])
        entry.append(row["student"])
    rows = [{"exercise": exercise, "slip": slip, "times": len(who), "students": ", ".join(sorted(set(who)))}
            for (exercise, slip), who in found.items()]
    out = pd.DataFrame(rows, columns=["exercise", "slip", "times", "students"])
    return out.sort_values(["exercise", "times"], ascending=[True, False], ignore_index=True)


def _first_number(text) -> float:
    if not isinstance(text, str):
        return float(text) if isinstance(text, (int, float)) else math.nan
    match = _NUMBER.search(text.replace(",", ""))
    if match is None:
        return math.nan
    number = match.group()
    if "/" in number:
        top, bottom = number.split("/")
        return int(top) / int(bottom)
    return float(number)


def predictions(table: pd.DataFrame) -> pd.DataFrame:
    """Each student's latest prediction of each prediction exercise, beside what was
    measured: one row with ``exercise``, ``student``, ``prediction``, ``first`` (written
    down before the answer was seen), ``measured`` (the class's measurement: the value of
    the right checks of the exercise that reveals it, else the mean of the students' own
    reveals) and ``measures`` (the exercise that measured it)."""
    from .. import exercises

    table = _with_students(table)
    made = table[table["kind"] == "prediction"]
    rows = []
    for exercise, entries in made.groupby("exercise", sort=True):
        revealing = [e.id for e in exercises.EXERCISES.values() if e.reveals == exercise]
        right = table[table["exercise"].isin(revealing) & (table["status"] == "right")]
        measured = [_first_number(a) for a in right["answer"]]
        if not measured:
            own = table[(table["exercise"] == exercise) & (table["kind"] == "reveal")]
            measured = [_first_number(a.removeprefix("measured ")) for a in own["answer"]]
        measured = [m for m in measured if not math.isnan(m)]
        value = sum(measured) / len(measured) if measured else math.nan
        for student, mine in entries.groupby("student", sort=True):
            last = mine.iloc[-1]
            first = last["prediction first"]
            rows.append({"exercise": exercise, "student": student, "prediction": _first_number(last["answer"]),
                         "first": bool(first) if not pd.isna(first) else True, "measured": value,
                         "measures": ", ".join(revealing)})
    return pd.DataFrame(rows, columns=["exercise", "student", "prediction", "first", "measured", "measures"])


def explanations(table: pd.DataFrame) -> pd.DataFrame:
    """Each student's latest explanation of each exercise that asks for one: ``exercise``,
    ``student``, ``time`` and ``explanation`` (the text in full)."""
    table = _with_students(table)
    said = table[table["kind"] == "explanation"]
    latest = said.groupby(["exercise", "student"], sort=True).tail(1)
    out = latest[["exercise", "student", "time", "answer"]].rename(columns={"answer": "explanation"})
    return out.sort_values(["exercise", "student"], ignore_index=True)


__all__ = ["exercise_overview", "explanations", "predictions", "slips"]

from pathlib import Path as _Path  # noqa: E402

#: The shipped example answers folder: six made-up students' files, written by a script
#: (``scripts/make_example_answers.py``), not by students.
EXAMPLE_ANSWERS = _Path(__file__).resolve().parent.parent / "data" / "answers_example"
__all__ += ["EXAMPLE_ANSWERS"]
