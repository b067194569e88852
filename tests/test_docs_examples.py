"""Every Python example in the README and in ``docs/*.md`` runs as written.

The ```python blocks of one file run in order in one shared namespace, as a reader would
type them, in a temporary folder (so examples that save files leave nothing behind). A
block that cannot run in a test (it needs a cluster, a browser, ...) opts out with a first
line ``# docs-test: skip - <why>``; the reason is required.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```python[ \t]*\n(.*?)^```", re.S | re.M)
SKIP = re.compile(r"\A\s*# docs-test: skip\b(.*)")


def python_blocks(path: Path) -> list[tuple[int, str]]:
    """``(line number, code)`` of every ```python block in a Markdown file."""
    text = path.read_text(encoding="utf-8")
    return [(text[: m.start()].count("\n") + 2, m.group(1)) for m in BLOCK.finditer(text)]


def test_the_docs_have_python_examples():
    assert sum(len(python_blocks(p)) for p in DOCS) >= 5


@pytest.mark.parametrize("path", [p for p in DOCS if python_blocks(p)], ids=lambda p: p.name)
def test_every_python_example_runs(path, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": "__docs__"}
    for line, code in python_blocks(path):
        skip = SKIP.match(code)
        if skip:
            assert skip.group(1).strip(" -:"), f"{path.name} line {line}: an opt-out must say why"
            continue
        try:
            # dont_inherit: the examples run as a reader types them, without this file's __future__ imports
            exec(compile(code, f"{path.name}:{line}", "exec", dont_inherit=True), namespace)
        except Exception as err:  # name the file and line of the example in the failure
            pytest.fail(f"the example at {path.name} line {line} fails: {type(err).__name__}: {err}")


def _repository_files() -> set[str]:
    skip = {".git", ".venv", "node_modules", "__pycache__"}
    return {
        p.name
        for p in ROOT.rglob("*")
        if p.is_file() and not skip.intersection(p.relative_to(ROOT).parts)
    }


def test_docs_name_only_files_that_are_in_the_repository():
    # Rulebook texts and reading notes outside the repository must not be named: a reader
    # of the repository cannot open them.
    files = _repository_files()
    named = re.compile(r"[\w./-]+\.(?:txt|md)\b")
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        assert "shared/" not in text, f"{path.name} points outside the repository"
        for match in named.finditer(text):
            name = match.group(0).rstrip(".")
            if name.startswith(("http", "//")) or "mybinder" in name:
                continue
            assert Path(name).name in files, f"{path.name} names {name!r}, which is not in the repository"
