"""Student copies: no solutions, and every exercise check runs and says 'not answered yet'."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WITH_EXERCISES = [p for p in NOTEBOOKS if any("solution" in c.get("metadata", {}).get("tags", []) for c in nbformat.read(p, 4).cells)]


@pytest.fixture(scope="module")
def copies(tmp_path_factory):
    out = tmp_path_factory.mktemp("student")
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_student_copies.py"), "--out", str(out)],
        capture_output=True, text=True, check=True,
    )
    assert f"wrote {len(NOTEBOOKS)} student notebooks" in done.stdout
    return out


@pytest.fixture(scope="module")
def kernel_name(tmp_path_factory, monkeypatch_module):
    """A kernel that runs in this test's own Python (as nbval's --nbval-current-env does)."""
    root = tmp_path_factory.mktemp("jupyter")
    spec = root / "kernels" / "gamedesign-tests"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "gamedesign tests", "language": "python",
    }))
    monkeypatch_module.setenv("JUPYTER_PATH", str(root))
    return "gamedesign-tests"


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def test_every_lesson_has_at_least_three_checked_exercises():
    # The index and the design assignment (an open project, graded by the teacher) have none.
    lessons = [p for p in NOTEBOOKS if not p.name.startswith(("00", "06"))]
    for path in lessons:
        checks = [c for c in nbformat.read(path, 4).cells if c.cell_type == "code" and 'check("' in c.source]
        assert len(checks) >= 3, path.name


def test_student_copies_hold_no_solution(copies):
    for path in WITH_EXERCISES:
        copy = nbformat.read(copies / path.name, 4)
        assert not any("solution" in c.get("metadata", {}).get("tags", []) for c in copy.cells)
        for cell in copy.cells:
            if cell.cell_type == "code" and 'check("' in cell.source:
                assert cell.outputs == []


@pytest.mark.parametrize("path", WITH_EXERCISES, ids=lambda p: p.name)
def test_student_copies_run_and_say_not_answered_yet(copies, kernel_name, path):
    from nbclient import NotebookClient

    notebook = nbformat.read(copies / path.name, 4)
    NotebookClient(notebook, kernel_name=kernel_name, timeout=600, resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()
    checks = [c for c in notebook.cells if c.cell_type == "code" and 'check("' in c.source]
    assert checks
    for cell in checks:
        text = "".join(str(o.get("data", {}).get("text/plain", "")) for o in cell.outputs)
        assert "not answered yet" in text, cell.source
    assert not any(o.get("output_type") == "error" for c in notebook.cells if c.cell_type == "code" for o in c.outputs)
