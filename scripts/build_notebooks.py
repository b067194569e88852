"""Build the notebooks: run the teacher copies and the apps fresh, and make the student copies.

The lessons are written once, with their solutions, in ``notebooks/solutions/`` (the teacher
copies). The notebooks students open, ``notebooks/*.ipynb``, are made from them by this script
and committed: a student copy leaves out every cell tagged ``solution``, so each exercise
holds only ``None`` and each check says "not answered yet" when it is run. A student copy also
stores nothing that answers a question before the student asks it: once a lesson asks for a
prediction, an exercise or a discussion, the code cells below it in its section (and, for a
prediction, up to the end of the section that reveals it) are stored as never run, with no
outputs and no ``nbval-check-output`` tag (nbval runs them and compares only what a copy
keeps). The rule is ``hidden_cells``; ``stored_answers`` finds a copy that breaks it, and
``--check`` reports one. The app notebooks (``notebooks/apps/``) hold one app each, for Voilà.

Run from the repository root after changing a notebook (or the code its outputs show):

    python scripts/build_notebooks.py                 # everything: run, copy, run the copies
    python scripts/build_notebooks.py 01_legday       # one lesson (teacher and student copy)
    python scripts/build_notebooks.py --apps          # only the app notebooks
    python scripts/build_notebooks.py --check         # exit 1 if the student copies are stale
    python scripts/build_notebooks.py --out DIR       # student copies of the teacher copies into DIR, not run

Every notebook is run in a fresh kernel and stored with its outputs, a kernelspec, and no
saved widget state (an app is drawn by running its cell, never from a stale snapshot).
Charts are stored with a PNG copy (``GAMEDESIGN_CHART_PNG=1``; needs ``vl-convert-python``,
from the ``export`` extra), so that JupyterLab opens the notebooks without an unsaved mark.
"""

from __future__ import annotations

import argparse
import copy
import os
import re
import sys
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SOLUTIONS = NOTEBOOKS / "solutions"
APPS = NOTEBOOKS / "apps"
#: Teacher copies that have no student copy (a teacher's own notebook, such as the class's
#: results): run and stored in ``notebooks/solutions/`` only, never copied for students, so
#: never on the student site (scripts/build_lite.py ships the student copies).
TEACHER_ONLY = ("09_class_results.ipynb",)

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
#: A comment line that makes nbval compare a cell's output; in student copies it becomes a tag.
CHECK_MARKER = "# NBVAL_CHECK_OUTPUT"
CHECK_TAG = "nbval-check-output"
#: A markdown link out of ``notebooks/solutions/`` (``](../apps/...)``, ``](../../docs/...)``):
#: the student copy sits one folder higher, so the link loses one ``../``.
OUTWARD_LINK = re.compile(r"\]\(\.\./")


def tags(cell) -> list[str]:
    """The cell's tags."""
    return list(cell.get("metadata", {}).get("tags", []))


# ---- what a student copy stores below a question ------------------------------------------------

#: A markdown heading that starts a section (``# Title``, ``## Section``; a ``###`` stays inside one).
SECTION_HEADING = re.compile(r"#{1,2}\s")
#: The fence of a code block in markdown: no heading or question is read inside one.
FENCE = re.compile(r" {0,3}(```|~~~)")
#: A heading that asks: ``## Exercises``, ``### Exercise 1 (predict)``, ``## Discussion``.
ASKING_HEADING = re.compile(r"^#{1,6}\s+(exercise|.*\bpredict|.*\bdiscuss).*", re.IGNORECASE | re.MULTILINE)
#: Bold words (``**...**``), and those that ask: ``**Predict first.**``,
#: ``**1. Predict, then simulate.**``, ``**Discuss.**``, ``**Design question:**``, ``**Open problems**``.
BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
ASKING_WORDS = re.compile(r"\b(predict|discuss|design question|open problem)", re.IGNORECASE)
#: A call of the checker (``gamedesign.exercises``) with an exercise id: ``predict("id", ...)``.
CHECKER_CALL = re.compile(r"(?<![\w.])(predict|check|reveal)\(\s*[\"']([^\"']+)[\"']")
#: What every check says in a student copy when it is run (its exercise holds ``None``).
NOT_ANSWERED = "not answered yet"


def _markdown_parts(source: str) -> list[str]:
    """A markdown cell's text outside code blocks, cut where a section starts: every part
    after the first begins with a section heading."""
    parts, fenced = [[]], False
    for line in source.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
        elif fenced:
            continue
        elif SECTION_HEADING.match(line):
            parts.append([line])
        else:
            parts[-1].append(line)
    return ["\n".join(lines) for lines in parts]


def _asking(text: str) -> str | None:
    """The words of ``text`` that ask a question (a prediction, an exercise, a discussion), if any."""
    bold = (m for m in BOLD.finditer(text) if ASKING_WORDS.search(m.group(1)))
    found = [m for m in (ASKING_HEADING.search(text), next(bold, None)) if m]
    return min(found, key=lambda m: m.start()).group(0).strip() if found else None


def _reveals() -> dict[str, str]:
    """The prediction each exercise's check reveals (``reveals=`` in ``gamedesign.exercises``)."""
    from gamedesign.exercises import EXERCISES

    return {exercise_id: exercise.reveals for exercise_id, exercise in EXERCISES.items() if exercise.reveals}


def hidden_cells(notebook, reveals: dict[str, str] | None = None) -> dict[int, str]:
    """The code cells a student copy stores without outputs, each with the question it follows.

    A **section** starts at a markdown heading ``#`` or ``##`` (a ``###`` stays inside it; a
    markdown cell may end one section and start the next). A lesson **asks** in:

    * markdown: a heading that starts with "Exercise" or holds "predict" or "discuss"
      (``## Exercises``, ``### Exercise 1 (predict)``), or bold words holding "predict",
      "discuss", "design question" or "open problem" (``**Predict first.**``,
      ``**1. Predict, then simulate.**``, ``**Design question:**``, ``**Open problems**``);
    * code: a cell tagged ``exercise`` (the student's answer), or a call of the checker with
      an exercise id: ``predict("id", ...)``, ``check("id", ...)``, ``reveal("id", ...)``.

    A question stays open from where it is asked (a code cell that asks included) to the end
    of its section; a prediction ``predict("id", ...)`` stays open to the end of the last section
    that reveals it, with ``reveal("id", ...)`` or with the check of an exercise that
    ``reveals`` it (``reveals``: exercise id to prediction id; by default
    ``gamedesign.exercises``), when that section comes later. Every code cell where a question
    is open is hidden: its outputs would answer the question, or judge the answer, before the
    student gives it. Returns the index of each hidden cell and the nearest question above it.
    """
    if reveals is None:
        reveals = _reveals()
    cells = notebook.cells
    section_of, questions, revealed_in, section = [], [], {}, 0
    for index, cell in enumerate(cells):
        if cell.cell_type == "markdown":
            for number, part in enumerate(_markdown_parts(cell.source)):
                section += 1 if number else 0
                asked = _asking(part)
                if asked:
                    questions.append((index, section, asked, None))
        elif cell.cell_type == "code":
            if "exercise" in tags(cell):
                questions.append((index, section, "the exercise cell", None))
            for function, exercise_id in CHECKER_CALL.findall(cell.source):
                predicted = exercise_id if function == "predict" else None
                questions.append((index, section, f'{function}("{exercise_id}")', predicted))
                revealed = {"reveal": exercise_id, "check": reveals.get(exercise_id)}.get(function)
                if revealed:
                    revealed_in[revealed] = section  # sections only grow: the last reveal wins
        section_of.append(section)
    hidden = {}
    for start, section, asked, prediction in questions:
        last = max(section, revealed_in.get(prediction, section))
        for index in range(start, len(cells)):
            if section_of[index] > last:
                break
            if cells[index].cell_type == "code":
                hidden[index] = f"{asked} (cell {start})"
    return dict(sorted(hidden.items()))


def hide_answers(notebook) -> None:
    """Store the cells ``hidden_cells`` names as never run: no outputs, no execution count, no
    timing, and no ``nbval-check-output`` tag (nbval runs them and compares nothing)."""
    for index in hidden_cells(notebook):
        cell = notebook.cells[index]
        cell.outputs, cell.execution_count = [], None
        cell.metadata.pop("execution", None)
        kept = [tag for tag in tags(cell) if tag != CHECK_TAG]
        if kept:
            cell.metadata["tags"] = kept
        else:
            cell.metadata.pop("tags", None)


def stored_answers(notebook) -> list[str]:
    """What a notebook stores in the cells ``hidden_cells`` names (empty for a right student
    copy): one line a cell, naming the cell and the question it follows."""
    found = []
    for index, question in hidden_cells(notebook).items():
        cell = notebook.cells[index]
        stored = [what for what, there in (("outputs", cell.outputs),
                                           ("an execution count", cell.execution_count is not None),
                                           (f"the {CHECK_TAG} tag", CHECK_TAG in tags(cell))) if there]
        if stored:
            first_line = cell.source.split("\n")[0][:60]
            listed = " and ".join(stored) if len(stored) < 3 else f"{stored[0]}, {stored[1]} and {stored[2]}"
            found.append(f"cell {index} ({first_line!r}) stores {listed} below {question}")
    return found


def answered_checks(notebook) -> list[str]:
    """The checker's cells of a student copy that has run where a call does not say "not
    answered yet" (a solution left in the copy): the first line of each."""
    answered = []
    for cell in notebook.cells:
        calls = CHECKER_CALL.findall(cell.source) if cell.cell_type == "code" else []
        text = "".join(str(output.get("text", "")) + str(output.get("data", {}).get("text/plain", ""))
                       for output in cell.get("outputs", []))
        if text.count(NOT_ANSWERED) < len(calls):
            answered.append(cell.source.split("\n")[0])
    return answered


def student_copy(notebook):
    """The student copy of a teacher notebook: no solution cells, nbval's marker comments moved
    into cell tags (students see no test markers), links out of ``notebooks/solutions/``
    pointed from ``notebooks/``, and no outputs in the cells ``hidden_cells`` names (the
    exercise cells among them)."""
    result = copy.deepcopy(notebook)
    kept = []
    for cell in result.cells:
        if "solution" in tags(cell):
            continue
        if cell.cell_type == "markdown":
            cell.source = OUTWARD_LINK.sub("](", cell.source)
        if cell.cell_type == "code":
            lines = cell.source.split("\n")
            if CHECK_MARKER in (line.strip() for line in lines):
                cell.source = "\n".join(line for line in lines if line.strip() != CHECK_MARKER)
                cell.metadata["tags"] = [*tags(cell), CHECK_TAG]
        kept.append(cell)
    result.cells = kept
    hide_answers(result)
    return result


def shape(notebook) -> list[tuple]:
    """What a student copy must match: each cell's type, source and tags (not its outputs)."""
    return [(cell.cell_type, cell.source, tuple(tags(cell))) for cell in notebook.cells]


def clean_metadata(notebook) -> None:
    """A kernelspec and language (so the notebook opens clean), and no saved widget state."""
    notebook.metadata["kernelspec"] = dict(KERNELSPEC)
    notebook.metadata.setdefault("language_info", {"name": "python"})
    notebook.metadata.pop("widgets", None)


def run(notebook, folder: Path, timeout: int = 900):
    """Run every cell of ``notebook`` in a fresh kernel, working in ``folder``."""
    from nbclient import NotebookClient

    clean_metadata(notebook)
    client = NotebookClient(
        notebook, timeout=timeout, kernel_name=KERNELSPEC["name"], store_widget_state=False,
        resources={"metadata": {"path": str(folder)}},
    )
    client.execute()
    clean_metadata(notebook)
    errors = [cell.source.splitlines()[0] if cell.source else "" for cell in notebook.cells
              if any(o.get("output_type") == "error" for o in cell.get("outputs", []))]
    if errors:
        raise RuntimeError(f"cells failed: {errors}")
    return notebook


def write(notebook, path: Path) -> None:
    nbformat.validate(notebook)
    nbformat.write(notebook, path)


def build_lesson(teacher_path: Path, execute: bool) -> None:
    """Run one teacher copy in place, then write (and run) its student copy in ``notebooks/``."""
    started = time.perf_counter()
    teacher = nbformat.read(teacher_path, as_version=4)
    if execute:
        run(teacher, SOLUTIONS)
    clean_metadata(teacher)
    write(teacher, teacher_path)
    if teacher_path.name in TEACHER_ONLY:
        print(f"{teacher_path.stem}: teacher copy (teacher only) in {time.perf_counter() - started:.0f} s", flush=True)
        return
    student = student_copy(teacher)
    if execute:
        run(student, NOTEBOOKS)
        answered = answered_checks(student)
        if answered:
            raise RuntimeError(f"the student copy answers its own checks (a solution not tagged 'solution'?): {answered}")
        hide_answers(student)  # the run filled them again
    write(student, NOTEBOOKS / teacher_path.name)
    print(f"{teacher_path.stem}: teacher and student copies in {time.perf_counter() - started:.0f} s", flush=True)


def build_app(path: Path) -> None:
    started = time.perf_counter()
    notebook = nbformat.read(path, as_version=4)
    write(run(notebook, APPS), path)
    print(f"apps/{path.stem}: run in {time.perf_counter() - started:.0f} s", flush=True)


def stale_copies() -> list[str]:
    """Student copies that do not match their teacher copies (or are missing, or have no teacher
    copy, or store outputs below a question, or copy a teacher-only notebook)."""
    stale = []
    teachers = {p.name for p in SOLUTIONS.glob("*.ipynb")} - set(TEACHER_ONLY)
    for name in sorted(teachers | {p.name for p in NOTEBOOKS.glob("*.ipynb")}):
        if name in TEACHER_ONLY:
            stale.append(f"notebooks/{name} is a teacher-only notebook (TEACHER_ONLY): it has no student copy")
        elif name not in teachers:
            stale.append(f"notebooks/{name} has no teacher copy in notebooks/solutions/")
        elif not (NOTEBOOKS / name).exists():
            stale.append(f"notebooks/{name} is missing")
        else:
            stored = nbformat.read(NOTEBOOKS / name, 4)
            if shape(student_copy(nbformat.read(SOLUTIONS / name, 4))) != shape(stored):
                stale.append(f"notebooks/{name} differs from the student copy of notebooks/solutions/{name}")
            elif stored_answers(stored):
                stale.append(f"notebooks/{name} stores outputs below a question: {stored_answers(stored)[0]}")
    return stale


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", help="lesson names (e.g. 01_legday); all when none is given")
    parser.add_argument("--apps", action="store_true", help="run only the app notebooks")
    parser.add_argument("--check", action="store_true", help="only check that the student copies match the teacher copies")
    parser.add_argument("--no-run", action="store_true", help="write the student copies without running anything")
    parser.add_argument("--out", type=Path, help="write student copies (not run) into this folder instead")
    args = parser.parse_args(argv)

    if args.check:
        stale = stale_copies()
        for line in stale:
            print(line)
        if stale:
            print("run: python scripts/build_notebooks.py")
        return 1 if stale else 0
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        paths = [p for p in sorted(SOLUTIONS.glob("*.ipynb")) if p.name not in TEACHER_ONLY]
        for path in paths:
            write(student_copy(nbformat.read(path, 4)), args.out / path.name)
        print(f"wrote {len(paths)} student notebooks to {args.out}")
        return 0

    if not args.no_run:
        try:
            import vl_convert  # noqa: F401
        except ImportError:
            parser.error('charts are stored with a PNG copy, made by vl-convert-python: pip install -e ".[export]"')
        os.environ["GAMEDESIGN_CHART_PNG"] = "1"  # read by gamedesign.charts.use_offline_renderer in the kernels
    known = {p.stem: p for p in sorted(SOLUTIONS.glob("*.ipynb"))}
    unknown = [name for name in args.lessons if name.removesuffix(".ipynb") not in known]
    if unknown:
        parser.error(f"no lesson named {', '.join(unknown)}; lessons: {', '.join(known)}")
    if not args.apps:
        chosen = [known[name.removesuffix(".ipynb")] for name in args.lessons] or list(known.values())
        for path in chosen:
            build_lesson(path, execute=not args.no_run)
    if (args.apps or not args.lessons) and not args.no_run:
        for path in sorted(APPS.glob("*.ipynb")):
            build_app(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
