"""Build the notebooks: run the teacher copies and the apps fresh, and make the student copies.

The lessons are written once, with their solutions, in ``notebooks/solutions/`` (the teacher
copies). The notebooks students open, ``notebooks/*.ipynb``, are made from them by this script
and committed: a student copy leaves out every cell tagged ``solution``, so each exercise
holds only ``None`` and each check says "not answered yet". The app notebooks
(``notebooks/apps/``) hold one app each, for Voilà.

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


def student_copy(notebook):
    """The student copy of a teacher notebook: no solution cells, outputs of the exercise cells
    cleared, nbval's marker comments moved into cell tags (students see no test markers), and
    links out of ``notebooks/solutions/`` pointed from ``notebooks/``."""
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
            if "exercise" in tags(cell):
                cell.outputs, cell.execution_count = [], None
        kept.append(cell)
    result.cells = kept
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
    student = student_copy(teacher)
    if execute:
        run(student, NOTEBOOKS)
    write(student, NOTEBOOKS / teacher_path.name)
    print(f"{teacher_path.stem}: teacher and student copies in {time.perf_counter() - started:.0f} s", flush=True)


def build_app(path: Path) -> None:
    started = time.perf_counter()
    notebook = nbformat.read(path, as_version=4)
    write(run(notebook, APPS), path)
    print(f"apps/{path.stem}: run in {time.perf_counter() - started:.0f} s", flush=True)


def stale_copies() -> list[str]:
    """Student copies that do not match their teacher copies (or are missing, or have no teacher copy)."""
    stale = []
    teachers = {p.name for p in SOLUTIONS.glob("*.ipynb")}
    for name in sorted(teachers | {p.name for p in NOTEBOOKS.glob("*.ipynb")}):
        if name not in teachers:
            stale.append(f"notebooks/{name} has no teacher copy in notebooks/solutions/")
        elif not (NOTEBOOKS / name).exists():
            stale.append(f"notebooks/{name} is missing")
        elif shape(student_copy(nbformat.read(SOLUTIONS / name, 4))) != shape(nbformat.read(NOTEBOOKS / name, 4)):
            stale.append(f"notebooks/{name} differs from the student copy of notebooks/solutions/{name}")
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
        paths = sorted(SOLUTIONS.glob("*.ipynb"))
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
