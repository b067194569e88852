"""Make the student copies of the lesson notebooks.

The notebooks in ``notebooks/`` are the teacher's copies, with solutions. A student copy
leaves out every cell tagged ``solution`` and clears the outputs of the exercise cells
(tagged ``exercise``) and of the checks, so no answer shows. Run from the repository root:

    python scripts/make_student_copies.py            # writes student/*.ipynb
    python scripts/make_student_copies.py --out DIR  # somewhere else
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent


def is_check(cell) -> bool:
    """A cell that calls the exercise checker."""
    return cell.cell_type == "code" and "check(" in cell.source and "import check" not in cell.source


def student_copy(notebook):
    """The notebook without solution cells, with exercise and check outputs cleared."""
    copy = nbformat.from_dict(notebook)
    kept = []
    for cell in copy.cells:
        tags = cell.get("metadata", {}).get("tags", [])
        if "solution" in tags:
            continue
        if cell.cell_type == "code" and ("exercise" in tags or is_check(cell)):
            cell.outputs = []
            cell.execution_count = None
        kept.append(cell)
    copy.cells = kept
    return copy


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=ROOT / "notebooks", help="folder of teacher notebooks")
    parser.add_argument("--out", type=Path, default=ROOT / "student", help="folder for the student copies")
    args = parser.parse_args(argv)
    if not args.src.is_dir():
        parser.error(f"no notebook folder at {args.src}")
    args.out.mkdir(parents=True, exist_ok=True)
    written = 0
    for path in sorted(args.src.glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        nbformat.write(student_copy(notebook), args.out / path.name)
        written += 1
    print(f"wrote {written} student notebooks to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
