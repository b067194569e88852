"""The figures the capstone brief and the teaching guide quote from a run are the run's.

``scripts/doc_figures.py`` holds each such sentence once, as a template with the run that
makes its numbers; this test runs them against the docs as committed. To bring the docs up
to date after a change that moves a number: ``python scripts/doc_figures.py --write``.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _figures():
    spec = importlib.util.spec_from_file_location("doc_figures", ROOT / "scripts" / "doc_figures.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_every_run_figure_in_the_capstone_and_the_teaching_guide_is_the_runs():
    problems = _figures().stale()
    assert not problems, "stale figures (python scripts/doc_figures.py --write):\n" + "\n".join(problems)


def test_a_stale_figure_a_missing_sentence_and_a_drifted_slide_title_are_reported(tmp_path, monkeypatch):
    figures = _figures()
    for folder in ("docs", "notebooks/solutions"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    capstone, teaching = tmp_path / "docs" / "capstone.md", tmp_path / "docs" / "teaching.md"
    text = capstone.read_text(encoding="utf-8")
    first = figures.FIGURES[0]
    written = first.pattern().search(text).group(0)
    wrong = written.replace("%", "0%", 1)  # 61% -> 610%
    capstone.write_text(text.replace(written, wrong), encoding="utf-8")
    guide = teaching.read_text(encoding="utf-8")
    teaching.write_text(guide.replace("Goal 20: 12 moves shorter", "Goal 20: 13 moves shorter"), encoding="utf-8")
    monkeypatch.setattr(figures, "ROOT", tmp_path)

    problems = figures.stale()
    assert any(repr(wrong) in p and "should read" in p for p in problems)
    assert any("lesson 08's slide" in p for p in problems)

    figures.stale(write=True)
    assert first.expected() in capstone.read_text(encoding="utf-8")
    capstone.write_text("# Capstone\n", encoding="utf-8")
    assert any(p.startswith("docs/capstone.md: no sentence like") for p in figures.stale())
