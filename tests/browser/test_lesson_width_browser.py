"""The lessons fit a 1024 px screen in JupyterLab with the file browser open: no code line
is wider than its cell (none scrolls sideways) and no stored chart is cut off on the right.

The lessons are opened as stored (nothing is run): what a student sees before pressing
anything, every request off the machine refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_ui import PANEL, expect

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
#: The teacher copies (the student copies hold the same code lines, fewer of them).
LESSONS = sorted(p.name for p in (ROOT / "notebooks" / "solutions").glob("*.ipynb"))
#: Lessons another change is rewrapping; their width is checked once it lands.
NOT_YET = ()

#: Every code cell whose lines are wider than the editor shows, and every chart or image
#: that reaches past the right edge of its cell's output area (a student scrolls sideways
#: to see its right part; a wide table is left alone: a table scrolls as tables do).
WIDTH_JS = """(panel) => {
  const wide = [], cut = [];
  panel.querySelectorAll('.jp-CodeCell').forEach((cell, n) => {
    const scroller = cell.querySelector('.cm-scroller');
    if (scroller && scroller.scrollWidth > scroller.clientWidth + 1) {
      const line = [...cell.querySelectorAll('.cm-line')].map(l => l.textContent)
        .reduce((a, b) => (b.length > a.length ? b : a), '');
      wide.push({cell: n, shown: scroller.clientWidth, needs: scroller.scrollWidth, line: line});
    }
    const area = cell.querySelector('.jp-OutputArea');
    if (!area) return;
    const right = area.getBoundingClientRect().right;
    area.querySelectorAll('canvas, svg.marks, img, .vega-embed').forEach(el => {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > right + 1) cut.push({cell: n, what: el.tagName, right: box.right, area: right});
    });
  });
  const widths = [...panel.querySelectorAll('.jp-CodeCell .cm-scroller')].map(s => s.clientWidth);
  return {wide, cut, cellWidth: Math.max(0, ...widths)};
}"""


@pytest.fixture(scope="module")
def narrow_page(browser):
    from browser_ui import OfflinePage

    page = OfflinePage(browser, "lesson-width", width=1024, height=768)
    yield page
    page.close()
    assert page.refused == [], f"requests off the machine: {page.refused[:5]}"


def open_lesson(lab, narrow_page, lesson: str) -> dict:
    """Open a stored lesson at 1024 x 768 with the file browser open; what WIDTH_JS finds."""
    page = narrow_page.page
    page.goto(f"{lab}/lab/tree/notebooks/solutions/{lesson}?reset")
    panel = page.locator(PANEL)
    expect(panel.locator(".jp-CodeCell .cm-line").first).to_be_visible(timeout=90_000)
    browser_panel = page.locator("#filebrowser")
    if not browser_panel.is_visible():  # the file browser open, as a student works
        page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
    expect(browser_panel).to_be_visible()
    page.wait_for_timeout(500)  # the notebook reflows to the narrower space
    found = panel.evaluate(WIDTH_JS)
    narrow_page.screenshot(lesson.removesuffix(".ipynb"))
    assert found["cellWidth"] > 0
    return found


@pytest.mark.parametrize("lesson", [n for n in LESSONS if n not in NOT_YET])
def test_no_code_line_of_a_lesson_is_wider_than_its_cell_at_1024_px(lab, narrow_page, lesson):
    found = open_lesson(lab, narrow_page, lesson)
    assert found["wide"] == [], f"{lesson}: code lines wider than the cell at 1024 px: {found['wide'][:3]}"


@pytest.mark.parametrize("lesson", LESSONS)
def test_no_chart_of_a_lesson_is_cut_off_at_1024_px(lab, narrow_page, lesson):
    found = open_lesson(lab, narrow_page, lesson)
    assert found["cut"] == [], f"{lesson}: charts cut off on the right at 1024 px: {found['cut'][:3]}"
