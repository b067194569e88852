"""A student copy stores nothing that answers a question before the student asks it.

The rule is ``hidden_cells`` in scripts/build_notebooks.py: once a section asks for a
prediction, an exercise or a discussion, its later code cells (for a prediction, up to the end
of the section that reveals it) are stored never run. ``student_copy`` applies it, and
``stored_answers`` finds a notebook that breaks it. These tests check the rule on small
notebooks, on the student copies the script makes from the teacher copies (in memory, nothing
run), and on the student copies as committed (``notebooks/*.ipynb``, which follow the rule once
``python scripts/build_notebooks.py`` has rebuilt them).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

ROOT = Path(__file__).resolve().parent.parent
STUDENT = sorted((ROOT / "notebooks").glob("*.ipynb"))
TEACHER = sorted((ROOT / "notebooks" / "solutions").glob("*.ipynb"))

spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "scripts" / "build_notebooks.py")
build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build)

#: The small lessons' exercises: a check of "demo-simulate-1" reveals the prediction "demo-predict-1".
REVEALS = {"demo-simulate-1": "demo-predict-1"}


def ran(source: str, text: str = "an output", tags: tuple = ()):
    """A code cell as a run stores it: an execution count and one output."""
    cell = new_code_cell(source, metadata={"tags": list(tags)} if tags else {})
    cell.execution_count = 1
    cell.outputs = [new_output("stream", name="stdout", text=text)]
    return cell


def lesson(*cells):
    notebook = new_notebook()
    notebook.cells = list(cells)
    return notebook


def hidden(notebook) -> list[int]:
    return list(build.hidden_cells(notebook, REVEALS))


def test_a_prediction_hides_the_rest_of_its_section_and_the_next_section_keeps_its_outputs():
    notebook = lesson(
        new_markdown_cell("# A lesson"),
        ran("import gamedesign"),                                                       # 1 kept
        new_markdown_cell("## Does take-that hit the leader?\n\n**Predict first.** What share lands on the leader?"),
        new_code_cell("my_guess = None", metadata={"tags": ["exercise"]}),              # 3 hidden
        ran('predict("demo-predict-2", my_guess)', "not answered yet"),                 # 4 hidden
        new_markdown_cell("Now measure:"),
        ran("targeting_table()", "greedy Cheat 0.857"),                                 # 6 hidden
        new_markdown_cell("## How long does a game last?"),
        ran("game_length()", "17 turns"),                                               # 8 kept
    )
    assert hidden(notebook) == [3, 4, 6]
    assert build.hidden_cells(notebook, REVEALS)[6] == 'predict("demo-predict-2") (cell 4)'
    assert build.stored_answers(notebook) == [
        "cell 4 ('predict(\"demo-predict-2\", my_guess)') stores outputs and an execution count below predict(\"demo-predict-2\") (cell 4)",
        "cell 6 ('targeting_table()') stores outputs and an execution count below predict(\"demo-predict-2\") (cell 4)",
    ]


def test_a_prediction_stays_open_until_the_end_of_the_section_that_reveals_it():
    notebook = lesson(
        new_markdown_cell("# Bots\n\n**1. Predict first.** How often does greedy win? Exercise 2 measures it."),
        new_code_cell("my_prediction = None", metadata={"tags": ["exercise"]}),          # 1 hidden
        ran('predict("demo-predict-1", my_prediction)'),                                 # 2 hidden
        new_markdown_cell("## The measured ladder"),
        ran("ladder_chart(measured)", "greedy beats random 400 of 400"),                 # 4 hidden
        new_markdown_cell("## Exercises\n\n**2. Run a rung.**"),
        new_code_cell("greedy_share = None", metadata={"tags": ["exercise"]}),           # 6 hidden
        ran('check("demo-simulate-1", greedy_share)'),                                   # 7 hidden: reveals it
        ran("another_look()"),                                                           # 8 hidden
        new_markdown_cell("## For your slides"),
        ran("slide(chart)"),                                                             # 10 kept
    )
    assert hidden(notebook) == [1, 2, 4, 6, 7, 8]
    assert build.hidden_cells(notebook, REVEALS)[4] == 'predict("demo-predict-1") (cell 2)'
    # revealed with reveal("id", ...) in a later section: the same
    notebook.cells[7] = ran('reveal("demo-predict-1", measured)')
    assert hidden(notebook) == [1, 2, 4, 6, 7, 8]
    # not revealed anywhere: open to the end of its own section only
    notebook.cells[7] = ran("print(greedy_share)")
    assert hidden(notebook) == [1, 2, 6, 7, 8]


def test_exercises_and_discussions_open_a_question_and_a_heading_in_the_same_cell_closes_it():
    notebook = lesson(
        new_markdown_cell("# Odds\n\n## Exercises\n\n**1. Compute.** The chance of two Leg Days?"),
        ran("from gamedesign.exercises import check"),                                   # 1 hidden
        ran('check("demo-odds-1", two_leg_days)', "not answered yet"),                   # 2 hidden
        new_markdown_cell("## The race\n\nEliminated. **Design question:** is elimination too harsh?\n\n"
                          "## Odds of your opening hand\n\nHow likely is a Leg Day?"),
        ran("odds.p_at_least(1, 30, 108, 9)"),                                           # 4 kept: a new section
        new_markdown_cell("## Talk about it\n\n**Discuss.** Is a short game better?"),
        ran("comparison()"),                                                             # 6 hidden
        new_markdown_cell("Some words.\n\n### Exercise 1 (predict)\n\nWhat share does seat 0 win?"),
        ran("more()"),                                                                   # 8 hidden
        new_markdown_cell("**Open problems** (no check: discuss them)."),
        new_markdown_cell("## For your slides"),
        ran("slide(chart)"),                                                             # 11 kept
    )
    assert hidden(notebook) == [1, 2, 6, 8]
    assert build.hidden_cells(notebook, REVEALS)[1] == "## Exercises (cell 0)"
    assert build.hidden_cells(notebook, REVEALS)[6] == "**Discuss.** (cell 5)"


def test_words_that_only_mention_a_question_ask_nothing():
    notebook = lesson(
        new_markdown_cell("# 03b\n\nIn this notebook you will predict, then measure, and end with a discussion "
                          "question. Phases: **Breakfast**, **Exercise**, **Lunch**; the **exercises** come last."),
        ran("import gamedesign"),
        new_markdown_cell("**How likely is a Leg Day?** The odds, exact:"),
        ran("odds.p_at_least(1, 30, 108, 9)"),
        new_markdown_cell("A code block is no heading:\n\n```python\n## Exercises\n# **Predict first.**\n```"),
        ran("gamedesign.check_game(WarmUpRace)"),
        ran("lab.check(records)"),
    )
    assert hidden(notebook) == []


def test_the_student_copy_stores_hidden_cells_never_run_and_without_their_check_tag():
    teacher = lesson(
        new_markdown_cell("# A lesson\n\n## Measure"),
        ran("# NBVAL_CHECK_OUTPUT\nodds()", "1/17"),
        new_markdown_cell("## Does take-that hit the leader?\n\n**Predict first.** [the guide](../../docs/teaching.md)"),
        new_code_cell("my_guess = None", metadata={"tags": ["exercise"]}),
        new_code_cell("my_guess = 0.7", metadata={"tags": ["solution"]}),
        ran('# NBVAL_CHECK_OUTPUT\npredict("demo-predict-2", my_guess)', "✎ saved"),
        ran("# NBVAL_CHECK_OUTPUT\ntargeting_table()", "greedy Cheat 0.857", tags=("keep-me",)),
    )
    teacher.cells[5].metadata["execution"] = {"iopub.status.idle": "2026-12-01T23:09:53Z"}
    student = build.student_copy(teacher)
    assert [cell.source for cell in student.cells] == [
        "# A lesson\n\n## Measure", "odds()", "## Does take-that hit the leader?\n\n**Predict first.** [the guide](../docs/teaching.md)",
        "my_guess = None", 'predict("demo-predict-2", my_guess)', "targeting_table()"]
    kept, *asked = student.cells[1], *student.cells[3:]
    assert kept.outputs == teacher.cells[1].outputs and kept.metadata["tags"] == [build.CHECK_TAG]
    for cell in asked:
        assert cell.outputs == [] and cell.execution_count is None and "execution" not in cell.metadata
        assert build.CHECK_TAG not in build.tags(cell) and "NBVAL" not in cell.source
    assert build.tags(student.cells[5]) == ["keep-me"] and "tags" not in student.cells[4].metadata
    assert build.stored_answers(student) == []
    assert teacher.cells[5].outputs, "the teacher copy is left as it was"


def test_a_student_copy_whose_check_answers_itself_is_refused_before_it_is_emptied():
    run_copy = lesson(
        ran('check("demo-odds-1", answer)', "… demo-odds-1: not answered yet: replace None with your answer"),
        ran('predict("demo-predict-1", guess)', "✎ demo-predict-1: saved"),
        ran("odds()", "1/17"),
    )
    assert build.answered_checks(run_copy) == ['predict("demo-predict-1", guess)']


@pytest.mark.parametrize("path", TEACHER, ids=lambda p: p.name)
def test_the_student_copy_the_script_makes_stores_no_answer(path):
    """The copies ``python scripts/build_notebooks.py`` writes, made here in memory (nothing run)."""
    student = build.student_copy(nbformat.read(path, 4))
    assert build.stored_answers(student) == [], path.name
    hidden = build.hidden_cells(student)
    assert all(student.cells[i].cell_type == "code" for i in hidden)
    for index, cell in enumerate(student.cells):
        if cell.cell_type == "code" and ("exercise" in build.tags(cell) or build.CHECKER_CALL.search(cell.source)):
            assert index in hidden, (path.name, index, cell.source)


def cell_of(notebook, start: str):
    """The one code cell with a line that starts with ``start``, and its index."""
    (index,) = [i for i, cell in enumerate(notebook.cells)
                if cell.cell_type == "code" and any(line.startswith(start) for line in cell.source.split("\n"))]
    return index, notebook.cells[index]


#: Outputs a teacher found stored under a prediction (notebook, the start of a line of the
#: cell), and outputs that answer nothing and stay (a cell above the first question, the slide).
ANSWERS = [("03b_race.ipynb", "targeting = pd.concat("),
           ("08_your_own_game.ipynb", 'records = lab.record_games(game, "greedy"'),
           ("07_bots.ipynb", "measured = ladder.read_ladder()"),
           ("07_bots.ipynb", "matrices = pd.concat(")]
KEPT = [("03b_race.ipynb", "diet_charts.game_length(greedy)"),
        ("08_your_own_game.ipynb", "lab_charts.differences_chart("),
        ("01_legday.ipynb", "charts.score_distribution(df)"),
        ("07_bots.ipynb", "from gamedesign.charts import slide")]


@pytest.mark.parametrize(("name", "start"), ANSWERS + KEPT)
def test_the_reported_answers_are_hidden_and_other_outputs_stay(name, start):
    teacher = nbformat.read(ROOT / "notebooks" / "solutions" / name, 4)
    student = build.student_copy(teacher)
    index, cell = cell_of(student, start)
    assert cell_of(teacher, start)[1].outputs, "the teacher copy stores it"
    if (name, start) in ANSWERS:
        assert index in build.hidden_cells(student) and cell.outputs == []
    else:
        assert index not in build.hidden_cells(student) and cell.outputs


@pytest.mark.parametrize("path", STUDENT, ids=lambda p: p.name)
def test_stored_student_copy_stores_no_answer(path):
    """The committed ``notebooks/*.ipynb``: stale, and failing, until
    ``python scripts/build_notebooks.py`` rebuilds them with the rule."""
    found = build.stored_answers(nbformat.read(path, 4))
    assert not found, f"notebooks/{path.name} stores answers: " + "; ".join(found)
