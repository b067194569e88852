"""Formulas typeset with nothing fetched from another host, in both Voilà routes.

Voilà's own "lab" template loads MathJax from a CDN when it runs inside a Jupyter server
(``/voila/render/...``, the Binder app link) and links Font Awesome's CSS from a CDN in
every route. The package's template "gamedesign" (docs/offline.md) serves both from
Voilà's own files. Here the browser may reach loopback only and *no* request may be
refused: not MathJax, not Font Awesome, nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]

#: A markdown formula (inline and display) and a sympy result (text/latex output).
FORMULAS = ROOT / "artifacts" / "offline-math" / "formulas.ipynb"
MARKDOWN = r"A fraction $\frac{a}{b}$ and a sum $$\sum_{i=1}^{n} i = \frac{n(n+1)}{2}$$"
CODE = "import sympy\nsympy.Rational(1, 17) + sympy.sqrt(sympy.Symbol('x'))"


def _write_formulas_notebook() -> str:
    """The notebook, outside the tracked notebooks (artifacts/ is ignored); its server path."""
    FORMULAS.parent.mkdir(parents=True, exist_ok=True)
    notebook = {
        "cells": [
            {"cell_type": "markdown", "id": "formulas", "metadata": {}, "source": MARKDOWN},
            {"cell_type": "code", "id": "sympy", "metadata": {}, "execution_count": None, "outputs": [], "source": CODE},
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    FORMULAS.write_text(json.dumps(notebook, indent=1))
    return FORMULAS.relative_to(ROOT).as_posix()


def _assert_typeset(offline_page, count: int | None) -> None:
    from playwright.sync_api import expect

    page = offline_page.page
    formulas = page.locator("#rendered_cells mjx-container")
    if count is None:
        expect(formulas.first).to_be_visible(timeout=180_000)
    else:
        expect(formulas).to_have_count(count, timeout=180_000)
    # MathJax has replaced the source: no TeX left in the text on screen.
    body = page.locator("body")
    for tex in ("\\frac", "\\sum", "\\binom", "\\displaystyle"):
        expect(body).not_to_contain_text(tex, use_inner_text=True)
    assert offline_page.refused == [], f"requests for other hosts: {offline_page.refused}"


def test_formulas_typeset_through_jupyter_server(lab, offline_page):
    """The Binder app route: markdown and sympy formulas typeset, no CDN asked."""
    path = _write_formulas_notebook()
    page = offline_page.page
    page.set_viewport_size({"width": 1024, "height": 600})
    page.goto(f"{lab}/voila/render/{path}", wait_until="domcontentloaded")
    _assert_typeset(offline_page, count=3)  # inline, display, sympy's output
    offline_page.screenshot("formulas")


def test_formulas_and_icons_in_standalone_voila(voila_app, offline_page):
    """Standalone Voilà (the odds explorer app): formulas typeset, and the button icons come
    from Voilà's own Font Awesome (the CDN stylesheet is not linked any more)."""
    from playwright.sync_api import expect

    page = offline_page.page
    page.set_viewport_size({"width": 1024, "height": 900})
    page.goto(f"{voila_app}/voila/render/odds.ipynb", wait_until="domcontentloaded")
    _assert_typeset(offline_page, count=None)
    icon = page.locator("button i.fa").first
    expect(icon).to_be_visible(timeout=60_000)
    font = icon.evaluate("element => getComputedStyle(element, '::before').fontFamily")
    assert "Font Awesome" in font, font
    assert offline_page.refused == [], f"requests for other hosts: {offline_page.refused}"
    offline_page.screenshot("icons")
    offline_page.screenshot("formula", page.locator(".jp-Cell:has(mjx-container)").first)
