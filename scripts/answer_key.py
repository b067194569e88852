"""Write the answer key of every checked exercise, for teachers, from the teacher copies.

The checker keeps no answer by name (its values file holds salted hashes of the exact answers
and the bands of the simulated ones; the lesson files, ``gamedesign/data/exercises/``, none), so
the key is made from the worked solutions in the teacher copies (``notebooks/solutions/``): each
exercise's solution cell is read and, for an exact answer, evaluated (with the imports of its notebook and the few names it uses from
earlier cells), then confirmed against the checker.

    python scripts/answer_key.py                  # answer_key.md in the current folder
    python scripts/answer_key.py --out key.md     # another file; "-" prints it

For each exercise the key gives what the checker accepts: the exact value of a compute
exercise (and its solution code); for a simulate exercise, its solution code, how the true
value was measured, the band it lies in, and the range an answer from the asked number of
games must fall in; what a prediction is set against. The model explanations are in the
teacher copies. Keep the key out of the class's copy of the repository (a class fork without
``notebooks/solutions/``, see docs/teaching.md).
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gamedesign.files import write_text  # noqa: E402 (after the path: the script runs from a clone)
SOLUTIONS = ROOT / "notebooks" / "solutions"
_CHECK = re.compile(r"""\bcheck\(\s*["']([a-z0-9-]+)["']\s*,\s*([A-Za-z_][A-Za-z0-9_]*)""")


def solution_cells(folder: Path = SOLUTIONS) -> dict:
    """``{exercise id: (notebook, cell index, answer variable, solution source)}`` for every
    ``check(id, variable)`` of the teacher copies whose variable a solution cell sets."""
    import nbformat

    found = {}
    for path in sorted(folder.glob("*.ipynb")):
        cells = nbformat.read(path, as_version=4).cells
        for index, cell in enumerate(cells):
            if cell.cell_type != "code":
                continue
            for exercise_id, variable in _CHECK.findall(cell.source):
                for earlier in range(index - 1, -1, -1):
                    before = cells[earlier]
                    if before.cell_type == "code" and "solution" in before.metadata.get("tags", []) \
                            and re.search(rf"^{variable}\s*=", before.source, re.M):
                        found[exercise_id] = (path.stem, earlier, variable, before.source)
                        break
    return found


def _statements(source: str) -> list:
    try:
        return ast.parse(source).body
    except SyntaxError:  # a cell with IPython magic: nothing to take from it
        return []


def solution_value(notebook: str, index: int, variable: str, folder: Path = SOLUTIONS):
    """The value a solution cell gives its answer ``variable``: the cell run after its
    notebook's imports, with any name it lacks set as the latest earlier cell sets it (and
    any name that needs, in turn; at most 20 names)."""
    import nbformat

    cells = nbformat.read(folder / f"{notebook}.ipynb", as_version=4).cells
    earlier = [node for cell in cells[:index] if cell.cell_type == "code" for node in _statements(cell.source)]
    namespace: dict = {}
    for node in earlier:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            exec(compile(ast.Module([node], []), notebook, "exec"), namespace)
    budget = [20]  # names set from earlier cells, at most

    def run(code):
        while True:
            try:
                return exec(code, namespace)
            except NameError as why:
                setters = [node for node in earlier if isinstance(node, ast.Assign)
                           and any(isinstance(t, ast.Name) and t.id == why.name for t in node.targets)]
                budget[0] -= 1
                if not setters or budget[0] < 0:
                    raise
                run(compile(ast.Module([setters[-1]], []), notebook, "exec"))  # which may need names too

    run(compile(cells[index].source, notebook, "exec"))
    return namespace[variable]


def exact_answers(folder: Path = SOLUTIONS) -> dict:
    """``{exercise id: exact value}`` of every compute exercise, from the teacher copies."""
    from gamedesign import exercises

    cells = solution_cells(folder)
    values = {}
    for exercise_id in exercises.PACKAGED:  # the package's lessons (not one added in this process)
        if exercises.EXERCISES[exercise_id].kind == "exact":
            if exercise_id not in cells:
                raise RuntimeError(f"no solution cell of {exercise_id} in {folder}")
            notebook, index, variable, _ = cells[exercise_id]
            values[exercise_id] = solution_value(notebook, index, variable, folder)
    return values


def key_lines() -> list[str]:
    """The answer key as markdown lines."""
    import sympy as sp

    from gamedesign import exercises

    lines = ["# Answer key of the checked exercises", "",
             "Made by `scripts/answer_key.py` from the teacher copies (`notebooks/solutions/`) and "
             "`gamedesign/data/exercise_values.json`.", ""]
    cells = solution_cells()
    measured = exercises._measured()
    packaged = [exercises.EXERCISES[exercise_id] for exercise_id in exercises.PACKAGED]
    predictions = {e.reveals: e.id for e in packaged if e.reveals}
    lesson = None
    for exercise in packaged:
        if exercises._SOURCE[exercise.id] != lesson:
            lesson = exercises._SOURCE[exercise.id]
            lines += [f"## {exercises._TITLES[lesson] or Path(lesson).stem}", "", f"Exercises of `{lesson}`.", ""]
        lines.append(f"### {exercise.id} ({exercise.kind})")
        lines.append("")
        if exercise.id in cells:
            notebook, index, _, source = cells[exercise.id]
            lines += [f"Solution ({notebook}, cell {index}):", "", "```python", source, "```", ""]
        if exercise.kind == "exact":
            notebook, index, variable, _ = cells[exercise.id]
            value = sp.nsimplify(solution_value(notebook, index, variable))
            confirmed = exercises._equals(exercises._values()["exact"][exercise.id]["answer"],
                                          exercises._values()["exact"][exercise.id]["salt"], value, True)
            lines.append(f"Answer: `{value}`" + ("" if value.is_Integer else f" ≈ {float(value):.6f}")
                         + ("" if confirmed else " (NOT what the checker accepts: run scripts/measure_exercises.py --exact)"))
        elif exercise.kind == "estimate":
            truth, n = measured[exercise.id], exercise.games
            band_low, band_high = truth["band"]
            low, high = exercises._accepted(exercise.id, n)
            lines.append(f"True value: {(band_low + band_high) / 2:.4f}, within {band_low:.4f} to {band_high:.4f} (sd "
                         f"{truth['sd']:.3f} per game; {truth['games']:,} games from seed {truth['seed']:,}, measured "
                         f"{truth.get('measured', '?')})")
            lines.append("")
            lines.append(f"Accepted from {n:,} games (any seed): {low:.4f} to {high:.4f} (99 estimates in 100 fall there); "
                         "from more games, a narrower range")
            lines.append("")
            lines.append(f"Measured as: `{truth['how']}`")
            for name, wrong in truth.get("mistakes", {}).items():
                lines.append(f"- usual mistake, {name}: about {sum(wrong['band']) / 2:.4f}")
        elif exercise.kind == "predict":
            measured_by = predictions.get(exercise.id)
            lines.append(f"No right answer: set against the result of {measured_by}." if measured_by
                         else "No right answer: set against the student's own measurement (reveal).")
        elif exercise.kind == "assignment":
            lines.append("No right answer: goal, success criterion and verdict saved from the form (exercises.assignment).")
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
        write_text(args.out, text)  # never through a link, nor onto a folder or another kind of file
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
