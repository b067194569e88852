"""Write the answer key of every checked exercise, for teachers.

The checker never shows an answer (``gamedesign.exercises``), so a teacher who wants them
in one place, beside the teacher copies in ``notebooks/solutions/``, writes them here:

    python scripts/answer_key.py                  # answer_key.md in the current folder
    python scripts/answer_key.py --out key.md     # another file; "-" prints it

For each exercise the key gives what the checker accepts: the exact value of a compute
exercise; the true value of a simulate exercise, how it was measured, and the range an
answer from the asked number of games must fall in; what a prediction is set against. The
model explanations are in the teacher copies. Keep the key out of the class's copy of the
repository (a class fork without ``notebooks/solutions/``, see docs/teaching.md).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def key_lines() -> list[str]:
    """The answer key as markdown lines."""
    import sympy as sp

    from gamedesign import exercises

    lines = ["# Answer key of the checked exercises", "",
             "Made by `scripts/answer_key.py` from `gamedesign/exercises.py` and `gamedesign/data/exercise_values.json`.", ""]
    measured = exercises._measured()
    predictions = {e.reveals: e.id for e in exercises.EXERCISES.values() if e.reveals}
    for exercise in exercises.EXERCISES.values():
        lines.append(f"## {exercise.id} ({exercise.kind})")
        lines.append("")
        if exercise.kind == "exact":
            value = sp.sympify(exercises._expected(exercise.id))
            lines.append(f"Answer: `{value}`" + ("" if value.is_Integer else f" ≈ {float(value):.6f}"))
        elif exercise.kind == "approx":
            key = exercises._KEY[exercise.id]
            lines.append(f"Answer: {exercises._expected(exercise.id):.6f}, accepted within {key.tolerance:g} (one seeded run)")
        elif exercise.kind == "estimate":
            truth, n = measured[exercise.id], exercise.games
            low, high = exercises._accepted(exercise.id)
            lines.append(f"True value: {truth['value']:.4f} (sd {truth['sd']:.3f} per game; {truth['games']:,} games from "
                         f"seed {truth['seed']:,}, measured {truth.get('measured', '?')})")
            lines.append("")
            lines.append(f"Accepted from {n:,} games (any seed): {low:.4f} to {high:.4f} (99 estimates in 100 fall there)")
            lines.append("")
            lines.append(f"Measured as: `{truth['how']}`")
            for name, wrong in truth.get("mistakes", {}).items():
                lines.append(f"- usual mistake, {name}: about {wrong['value']:.4f}")
        elif exercise.kind == "predict":
            measured_by = predictions.get(exercise.id)
            lines.append(f"No right answer: set against the result of {measured_by}." if measured_by
                         else "No right answer: set against the student's own measurement (reveal).")
        else:
            lines.append("No right answer: saved to the student's answers file; model answers are in the teacher copies.")
        lines.append("")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="answer_key.md", help='the key file (default answer_key.md; "-" prints it)')
    args = parser.parse_args(argv)
    text = "\n".join(key_lines())
    if args.out == "-":
        print(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
