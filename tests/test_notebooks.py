"""The notebooks as stored: students get student copies, teachers get solutions, apps stand alone.

nbval runs every notebook (``notebooks/``, ``notebooks/solutions/``, ``notebooks/apps/``) and
compares the outputs of the cells marked for it; these tests check what nbval cannot: which
cells each set holds, that the student copies are made from the teacher copies, and that every
notebook opens clean. What a student copy stores below a question: tests/test_student_copies.py.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
STUDENT = sorted((ROOT / "notebooks").glob("*.ipynb"))
TEACHER = sorted((ROOT / "notebooks" / "solutions").glob("*.ipynb"))
APPS = sorted((ROOT / "notebooks" / "apps").glob("*.ipynb"))
ALL = STUDENT + TEACHER + APPS

spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "scripts" / "build_notebooks.py")
build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build)


def cells(path: Path) -> list:
    return nbformat.read(path, 4).cells


def check_cells(path: Path) -> list:
    return [c for c in cells(path) if c.cell_type == "code" and 'check("' in c.source]


def text_of(cell) -> str:
    return "".join(str(o.get("data", {}).get("text/plain", "")) + str(o.get("text", "")) for o in cell.get("outputs", []))


def test_there_is_a_student_copy_for_every_teacher_copy_and_nothing_else():
    # but for the teacher-only notebooks, listed in one place: build_notebooks.TEACHER_ONLY
    assert [p.name for p in STUDENT] == [p.name for p in TEACHER if p.name not in build.TEACHER_ONLY]
    assert all((ROOT / "notebooks" / "solutions" / name).exists() for name in build.TEACHER_ONLY)
    assert len(TEACHER) >= 8
    assert build.stale_copies() == []


def test_a_changed_teacher_copy_makes_its_student_copy_stale(tmp_path, monkeypatch):
    (tmp_path / "solutions").mkdir()
    for path in TEACHER[:2]:
        (tmp_path / "solutions" / path.name).write_bytes(path.read_bytes())
        (tmp_path / path.name).write_bytes((ROOT / "notebooks" / path.name).read_bytes())
    monkeypatch.setattr(build, "NOTEBOOKS", tmp_path)
    monkeypatch.setattr(build, "SOLUTIONS", tmp_path / "solutions")
    assert build.stale_copies() == []
    changed = nbformat.read(tmp_path / "solutions" / TEACHER[1].name, 4)
    changed.cells[0].source += "\nA new sentence."
    nbformat.write(changed, tmp_path / "solutions" / TEACHER[1].name)
    assert build.stale_copies() == [f"notebooks/{TEACHER[1].name} differs from the student copy of notebooks/solutions/{TEACHER[1].name}"]


@pytest.mark.parametrize("path", STUDENT + APPS, ids=lambda p: p.name)
def test_what_students_open_holds_no_solution_and_no_test_marker(path):
    for cell in cells(path):
        assert "solution" not in cell.get("metadata", {}).get("tags", []), cell.source
        assert "NBVAL" not in cell.source, cell.source
        assert 'check("' not in cell.source or "exercise" not in cell.get("metadata", {}).get("tags", [])
    for cell in cells(path):
        if "exercise" in cell.get("metadata", {}).get("tags", []):
            assert cell.outputs == []


@pytest.mark.parametrize("path", [p for p in STUDENT if check_cells(p)], ids=lambda p: p.name)
def test_every_check_in_a_student_copy_is_stored_never_run(path):
    # The build runs it (it must say "not answered yet") and stores it empty: no verdict, no hint.
    for cell in check_cells(path):
        assert cell.outputs == [] and cell.execution_count is None, cell.source


@pytest.mark.parametrize("path", [p for p in TEACHER if check_cells(p)], ids=lambda p: p.name)
def test_every_check_in_a_teacher_copy_has_its_solution(path):
    notebook = cells(path)
    solutions = [c for c in notebook if "solution" in c.get("metadata", {}).get("tags", [])]
    exercises = [c for c in notebook if "exercise" in c.get("metadata", {}).get("tags", [])]
    assert solutions and len(solutions) == len([c for c in exercises if "None" in c.source])
    for cell in check_cells(path):
        assert text_of(cell).startswith("✔"), (cell.source, text_of(cell))


#: Lessons in two notebooks, one class slot each: the second part of each.
SECOND_PARTS = {"02b_who_wins.ipynb": "02_gym.ipynb", "03b_race.ipynb": "03_diet.ipynb",
                "05b_what_if.ipynb": "05_design_lab.ipynb"}


def test_every_lesson_has_at_least_three_checked_exercises():
    # The index and the design assignment (an open project, graded by the teacher) have none.
    lessons = {}
    for path in STUDENT:
        if not path.name.startswith(("00", "06")):
            assert check_cells(path), f"{path.name} has no exercise of its own"
            lesson = SECOND_PARTS.get(path.name, path.name)
            lessons[lesson] = lessons.get(lesson, 0) + len(check_cells(path))
    assert all(count >= 3 for count in lessons.values()), lessons


def markdown_of(path: Path) -> str:
    return "\n".join(c.source for c in cells(path) if c.cell_type == "markdown")


def test_the_start_page_links_every_lesson_and_each_part_links_the_other():
    index = markdown_of(ROOT / "notebooks" / "00_start_here.ipynb")
    for path in STUDENT[1:]:
        assert f"]({path.name})" in index, path.name
    for second, first in SECOND_PARTS.items():
        for folder in ("notebooks", "notebooks/solutions"):
            assert f"]({second})" in markdown_of(ROOT / folder / first), (first, second)
            assert f"]({first})" in markdown_of(ROOT / folder / second), (second, first)
            assert cells(ROOT / folder / second)[1].source.startswith("import"), "a second part runs on its own"


#: Notebooks with no slide of their own: the index (no chart).
WITHOUT_SLIDE = {"00_start_here.ipynb"}


@pytest.mark.parametrize("path", [p for p in ALL if p.parent.name != "apps" and p.name not in WITHOUT_SLIDE],
                         ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_every_lesson_ends_with_a_slide_of_its_finding(path):
    from gamedesign.charts.slides import TITLE_SIZE

    notebook = cells(path)
    heading = [i for i, c in enumerate(notebook) if c.cell_type == "markdown" and c.source.startswith("## For your slides")]
    assert len(heading) == 1, path.name
    assert heading[0] >= len(notebook) - 3, "the slide comes at the end, before the link to the next notebook"
    assert "save_chart(chart, \"slide.png\")" in notebook[heading[0]].source
    code = notebook[heading[0] + 1]
    assert "slide(" in code.source
    charts = [o["data"]["application/vnd.vegalite.v5+json"] for o in code.outputs
              if "application/vnd.vegalite.v5+json" in o.get("data", {})]
    assert len(charts) == 1, path.name
    text = charts[0]["title"]["text"]  # one line, or the lines a long title is broken into
    assert charts[0]["title"]["fontSize"] == TITLE_SIZE and "".join([text] if isinstance(text, str) else text).strip()


@pytest.mark.parametrize("path", ALL, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_every_notebook_opens_clean(path):
    data = json.loads(path.read_text())
    assert data["metadata"]["kernelspec"] == build.KERNELSPEC
    assert data["metadata"]["language_info"]["name"] == "python"
    assert "widgets" not in data["metadata"], "saved widget state would draw a dead copy of an app"
    never_run = build.hidden_cells(nbformat.read(path, 4)) if path in STUDENT else {}
    for index, cell in enumerate(data["cells"]):
        if cell["cell_type"] == "code":
            assert (cell["execution_count"] is not None or "exercise" in cell["metadata"].get("tags", [])
                    or index in never_run), cell["source"]
            for output in cell.get("outputs", []):
                assert output["output_type"] != "error", cell["source"]
                plain = "".join(output.get("data", {}).get("text/plain", ""))
                assert not plain.startswith(("VBox(", "HBox(", "Output(")), plain[:80]


@pytest.mark.parametrize("path", APPS, ids=lambda p: p.name)
def test_an_app_notebook_holds_one_app_that_says_how_to_start_it(path):
    code = [c for c in cells(path) if c.cell_type == "code"]
    assert len(code) == 1
    views = [o for o in code[0].outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(views) == 1
    assert views[0]["data"]["text/plain"].startswith("Run this cell to open ")


def test_what_an_app_links_to_is_there_and_voila_serves_it():
    """An app's links to a lesson or a page of the docs lead somewhere on the Binder app
    link (Voila renders the app): lessons exist, and every other file a link names is one
    Voila's file allow-list (jupyter-config/voila.json, installed with the package) lets
    through, which refuses everything else with "403: File not allowlisted"."""
    import json
    import re

    allowed = json.loads((ROOT / "jupyter-config" / "voila.json").read_text())["VoilaConfiguration"]["file_allowlist"]
    seen = 0
    for path in APPS:
        for cell in nbformat.read(path, as_version=4).cells:
            for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", cell.source if cell.cell_type == "markdown" else ""):
                if "://" in target:
                    continue
                linked = (path.parent / target).resolve()
                assert linked.is_file(), (path.name, target)
                seen += 1
                if linked.suffix != ".ipynb":
                    served = linked.relative_to(ROOT).as_posix()
                    assert any(re.fullmatch(p, served, re.IGNORECASE) for p in allowed), (path.name, served)
    assert seen >= 10


def test_every_app_has_an_app_notebook_and_the_readme_links_each():
    readme = (ROOT / "README.md").read_text()
    assert {p.stem for p in APPS} == {"legday", "gym", "diet", "odds", "design_lab", "paper_playtest"}
    for path in APPS:
        assert f"urlpath=voila/render/notebooks/apps/{path.name}" in readme, path.name


#: The most characters a code line of a lesson may have: at 1024 px with JupyterLab's file
#: browser open a code cell shows about 75 (tests/browser/test_lesson_width_browser.py
#: measures it; scripts/wrap_code_lines.py wraps a lesson to it).
LINE_LIMIT = 74


@pytest.mark.parametrize("path", STUDENT + TEACHER, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_no_code_line_of_a_lesson_is_wider_than_a_cell_at_1024_px(path):
    long = [(n, len(line), line) for n, cell in enumerate(cells(path)) if cell.cell_type == "code"
            for line in cell.source.split("\n") if len(line) > LINE_LIMIT]
    assert long == [], f"{len(long)} code lines over {LINE_LIMIT} characters (python scripts/wrap_code_lines.py): {long[:3]}"
