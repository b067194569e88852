"""Write the example answers folder gamedesign/data/answers_example/: six made-up
students' answers files, written by the package's own checks (``exercises.predict``,
``check``), as a class's notebooks write them. MADE BY A SCRIPT, NOT BY STUDENTS.

    python scripts/make_example_answers.py

The answers are chosen to show every part of the teacher's notebook
(notebooks/solutions/09_class_results.ipynb): right answers, the usual slips the hints
name, predictions written down before the answer and one after it, and explanations.
The same files every run (the times are fixed).
"""

from __future__ import annotations

import datetime
import shutil
import sys
from pathlib import Path

from gamedesign import answers, exercises, odds

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "gamedesign" / "data" / "answers_example"

TWO_LEG_DAYS = odds.p_at_least(2, 30, 108, 9)
ONE_LEG_DAY = odds.p_at_least(1, 30, 108, 9)
EXACTLY_TWO = odds.hypergeom_pmf(2, 30, 108, 9)
TWO_EXERCISES = odds.p_at_least(2, 6, 52, 7)
ONE_EXERCISE = odds.p_at_least(1, 6, 52, 7)

#: Each student's answers, in the order typed: (function, exercise, answer).
STUDENTS = {
    "Ada": [("predict", "odds-predict-1", 0.2), ("check", "odds-exercise-1", TWO_EXERCISES),
            ("check", "legday-odds-1", TWO_LEG_DAYS), ("check", "sure-games-1", 897),
            ("check", "legday-explain-1", "With nine cards from a deck of 108, thirty of them Leg Days, most hands "
             "hold two or more, so a player should expect to bank on at least a pair of them.")],
    "Bo": [("predict", "odds-predict-1", 0.5), ("check", "odds-exercise-1", ONE_EXERCISE),
           ("check", "odds-exercise-1", TWO_EXERCISES), ("check", "legday-odds-1", ONE_LEG_DAY),
           ("check", "legday-odds-1", TWO_LEG_DAYS), ("check", "sure-games-1", 896)],
    "Cem": [("check", "odds-exercise-1", TWO_EXERCISES), ("predict", "odds-predict-1", 0.18),
            ("check", "legday-odds-1", EXACTLY_TWO), ("check", "sure-games-1", 897)],
    "Dana": [("predict", "odds-predict-1", 0.35), ("check", "odds-exercise-1", ONE_EXERCISE),
             ("check", "legday-odds-1", 77.35), ("check", "sure-games-1", 2691),
             ("check", "legday-explain-1", "Leg Day cards are common: almost a third of the deck. Drawing nine "
              "usually brings several, which means the penalty matters in nearly every game we played.")],
    "Eli": [("predict", "odds-predict-1", 0.1), ("check", "odds-exercise-1", TWO_EXERCISES),
            ("check", "legday-odds-1", ONE_LEG_DAY), ("check", "sure-games-1", 897)],
    "Fay": [("predict", "odds-predict-1", 0.25), ("check", "odds-exercise-1", TWO_EXERCISES),
            ("check", "legday-odds-1", TWO_LEG_DAYS),
            ("check", "legday-explain-1", "Because thirty of the hundred and eight cards are Leg Days, a random "
             "hand of nine carries two or three on average; avoiding them entirely is rare luck.")],
}


def main() -> int:
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    real_now = answers._now
    start = datetime.datetime(2026, 11, 12, 10, 0, tzinfo=datetime.timezone.utc)
    try:
        for index, (name, typed) in enumerate(STUDENTS.items()):
            answers.set_answers_file(OUT / f"{name.lower()}_answers.json")
            answers.set_name(name)
            for step, (how, exercise_id, answer) in enumerate(typed):
                when = start + datetime.timedelta(minutes=20 * index + 3 * step)
                answers._now = lambda when=when: when.isoformat(timespec="seconds")
                feedback = getattr(exercises, how)(exercise_id, answer)
                print(f"{name:5} {exercise_id:18} {feedback.status}")
    finally:
        answers._now = real_now
        answers.set_answers_file(None)
        answers.set_name(None)
    for lock in OUT.glob("*" + answers.LOCK_SUFFIX):
        lock.unlink()  # left by the saves' locks: not part of the example
    (OUT / "README.txt").write_text(
        "Example answers files, made by scripts/make_example_answers.py (a script, not students),\n"
        "to try the teacher's notebook notebooks/solutions/09_class_results.ipynb.\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
