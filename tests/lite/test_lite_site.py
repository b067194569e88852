"""The course as a JupyterLite site: built by scripts/build_lite.py, opened in headless
Chromium with every request off the machine refused, the kernel running in the page."""

from __future__ import annotations

import json
import re
import time
import zipfile
from pathlib import Path

import pytest
from browser_ui import PANEL, assert_charts_drawn, assert_clean, expect, wait_until_run

pytestmark = pytest.mark.lite

ROOT = Path(__file__).resolve().parents[2]

LEGDAY = "notebooks/01_legday.ipynb"
LEGDAY_APP = "notebooks/apps/legday.ipynb"

#: Run code in the notebook's kernel (in the page's Pyodide) and return what it printed,
#: its value, or "ERROR name: message".
RUN_IN_KERNEL = """async (code) => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const future = kernel.requestExecute({code, store_history: false});
    const out = [];
    future.onIOPub = (msg) => {
        const c = msg.content, kind = msg.header.msg_type;
        if (kind === 'stream') out.push(c.text);
        if (kind === 'execute_result') out.push(c.data['text/plain']);
        if (kind === 'error') out.push('ERROR ' + c.ename + ': ' + c.evalue);
    };
    await future.done;
    return out.join('');
}"""


#: The source and the text/plain outputs of each cell tagged nbval-check-output, as shown.
CHECKED_OUTPUTS = """() => {
    const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
    const out = [];
    for (let i = 0; i < cells.length; i++) {
        const cell = cells.get(i).toJSON();
        if (!((cell.metadata || {}).tags || []).includes('nbval-check-output')) continue;
        const text = (cell.outputs || []).map(o => {
            const t = o.text || (o.data || {})['text/plain'] || '';
            return Array.isArray(t) ? t.join('') : t;
        }).join('');
        out.push([Array.isArray(cell.source) ? cell.source.join('') : cell.source, text]);
    }
    return out;
}"""


def checked_outputs(notebook: str) -> list:
    """The same, from the stored notebook (run in a kernel by scripts/build_notebooks.py)."""
    out = []
    for cell in json.loads((ROOT / notebook).read_text())["cells"]:
        if "nbval-check-output" in cell.get("metadata", {}).get("tags", []):
            text = "".join("".join(o.get("text") or o.get("data", {}).get("text/plain", "")) for o in cell["outputs"])
            out.append(("".join(cell["source"]), text))
    return out


def open_notebook(page, url: str, notebook: str):
    """Open ``notebook`` in the site's JupyterLab and wait for its kernel (Pyodide with
    gamedesign loaded) to be idle; returns the notebook's panel."""
    page.goto(f"{url}/lab/index.html?path={notebook}")
    page.wait_for_function(
        """(path) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                      const k = w && w.context && w.context.path === path && w.sessionContext.session
                                && w.sessionContext.session.kernel;
                      return k && k.status === 'idle'; }""",
        arg=notebook, timeout=300_000, polling=250,
    )
    return page.locator(PANEL)


def run_all(page, timeout_ms: int = 300_000) -> None:
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    wait_until_run(page, timeout_ms)


def test_the_site_holds_the_student_copies_apps_and_its_own_pyodide(lite_site):
    files = lite_site / "files"
    lessons = sorted(p.name for p in (files / "notebooks").glob("*.ipynb"))
    # Every student copy of the repository, and nothing else.
    assert lessons == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert lessons[0] == "00_start_here.ipynb" and "01_legday.ipynb" in lessons
    apps = {p.name for p in (files / "notebooks" / "apps").glob("*.ipynb")}
    assert apps == {p.name for p in (ROOT / "notebooks" / "apps").glob("*.ipynb")}
    assert not any("solutions" in p.parts for p in lite_site.rglob("*")), "teacher copies must never be in the site"
    # Student copies, not the teacher copies: an exercise's solution cell is left out.
    start = json.loads((files / "notebooks" / "01_legday.ipynb").read_text())
    assert not any("solution" in c.get("metadata", {}).get("tags", []) for c in start["cells"])
    config = json.loads((lite_site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.js" and kernel["disablePyPIFallback"] is True
    # Pyodide loads the kernel's own packages with the course's, in one batch, as it starts:
    # jupyterlite-pyodide-kernel's worker then installs none of them with piplite.
    assert kernel["loadPyodideOptions"]["packages"] == ["gamedesign", "gamedesign-site", "ssl", "sqlite3",
                                                        "ipykernel", "comm", "pyodide_kernel", "ipython"]
    lock = json.loads((lite_site / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    assert {"gamedesign", "numpy", "pandas", "sympy", "altair", "ipywidgets", "optuna"} <= set(lock)
    assert "scipy" not in lock  # only what the course needs
    assert {"ipykernel", "pyodide-kernel"} <= set(lock)
    for entry in lock.values():
        assert (lite_site / "static" / "pyodide" / entry["file_name"]).exists(), entry["file_name"]
    # The kernel's Python comes compiled to bytecode (the build had Node.js: npm brings it), so
    # the kernel does not compile it again at every start.
    with zipfile.ZipFile(lite_site / "static" / "pyodide" / "python_stdlib.zip") as stdlib:
        assert "asyncio/events.pyc" in stdlib.namelist()
    with zipfile.ZipFile(lite_site / "static" / "pyodide" / lock["ipython"]["file_name"]) as wheel:
        assert "IPython/core/__pycache__/interactiveshell.cpython-312.pyc" in wheel.namelist()
        assert "IPython/core/interactiveshell.py" in wheel.namelist()  # its tracebacks show its lines
    # Only the modules the kernel, the apps and a lesson's first cells import (lite/bytecode-modules.txt):
    # the rest of the standard library, and sympy's modules that the course does not import, stay source alone.
    with zipfile.ZipFile(lite_site / "static" / "pyodide" / "python_stdlib.zip") as stdlib:
        assert "imaplib.pyc" not in stdlib.namelist() and "imaplib.py" in stdlib.namelist()
    # The lazily loaded packages' compiled modules come as bytecode alone (smaller, no source lines
    # in a traceback); the others keep their source.
    with zipfile.ZipFile(lite_site / "static" / "pyodide" / lock["sympy"]["file_name"]) as wheel:
        names = set(wheel.namelist())
        assert "sympy/core/add.pyc" in names and "sympy/core/add.py" not in names
        assert "sympy/physics/__init__.py" in names and "sympy/physics/__init__.pyc" not in names
    with zipfile.ZipFile(lite_site / "static" / "pyodide" / lock["gamedesign"]["file_name"]) as wheel:
        assert {"gamedesign/apps/__pycache__/gym.cpython-312.pyc", "gamedesign/apps/gym.py"} <= set(wheel.namelist())


def test_the_leg_day_app_takes_a_click_offline(lite_served, offline_page, timings):
    page = offline_page.page
    started = time.monotonic()
    panel = open_notebook(page, lite_served.url, LEGDAY_APP)
    timings["kernel_ready_s"] = round(time.monotonic() - started, 1)
    run_all(page)
    app = panel.locator(".gd-legday")
    cards = app.locator("button.gd-play:not([disabled])")
    expect(cards).to_have_count(9)
    header = app.locator(".gd-header")
    expect(header).to_contain_text("Week 1 · Day 1 of 7")
    offline_page.screenshot("app")
    clicked = time.monotonic()
    cards.first.click()
    expect(header).to_contain_text("Week 1 · Day 2 of 7")
    expect(cards).to_have_count(8)
    timings["first_click_s"] = round(time.monotonic() - clicked, 2)
    timings["cold_start_to_first_click_s"] = round(time.monotonic() - started, 1)
    timings["first_load_mb"] = round(lite_served.bytes_served() / 1e6, 1)
    expect(app.get_by_role("status")).to_contain_text("You played")
    offline_page.screenshot("app-after-click")
    assert_clean(panel, "the Leg Day app in JupyterLite")

    # The kernel knows where it runs, plays with one worker, and says what to do instead.
    run = lambda code: page.evaluate(RUN_IN_KERNEL, code)  # noqa: E731
    assert run("import gamedesign; gamedesign.where()") == "'jupyterlite'"
    refused = run("gamedesign.simulate(gamedesign.load('legday'), 'random', games=100, workers=2)")
    assert re.match(r"ERROR .*ValueError.*: workers=2 asks for 2 worker processes.*give workers=1", refused), refused
    saved = run("import altair as alt, pandas as pd\n"
                "from gamedesign.charts.lab import save_chart\n"
                "save_chart(alt.Chart(pd.DataFrame({'x': [1]})).mark_point(), 'x.png')")
    assert re.match(r"ERROR .*ValueError.*: save_chart cannot write PNG or SVG in the browser", saved), saved
    # A simulation of 1,000 games in the page, on the batch path and move by move (docs/teaching.md
    # compares the figures with a kernel's).
    figures = run("import time\n"
                  "game = gamedesign.load('legday')\n"
                  "gamedesign.simulate(game, 'greedy', games=10, seed=1)  # the batch path's imports, once\n"
                  "start = time.perf_counter(); table = gamedesign.simulate(game, 'greedy', games=1000, seed=1)\n"
                  "batch = time.perf_counter() - start\n"
                  "start = time.perf_counter(); gamedesign.simulate(game, 'greedy', games=1000, seed=1, batch=False)\n"
                  "print(round(batch, 2), round(time.perf_counter() - start, 2), len(table))")
    batch_s, object_s, rows = figures.split()
    assert rows == "4000"
    timings["simulate_1000_greedy_batch_s"] = float(batch_s)
    timings["simulate_1000_greedy_object_s"] = float(object_s)


def test_lesson_one_runs_draws_its_charts_and_plays(lite_served, offline_page):
    page = offline_page.page
    panel = open_notebook(page, lite_served.url, LEGDAY)
    run_all(page)
    assert_charts_drawn(panel, LEGDAY, "lesson 1 in JupyterLite")
    assert_clean(panel, "lesson 1 in JupyterLite")
    # The browser's answers are the kernel's: every checked cell (exact odds from sympy,
    # seeded simulations, tables) shows the text stored in the notebook, to the character.
    shown = page.evaluate(CHECKED_OUTPUTS)
    stored = checked_outputs(LEGDAY)
    assert len(shown) == len(stored) >= 8  # the student copy keeps what answers no question yet
    for (source, text), (_, expected) in zip(shown, stored):
        assert text == expected, f"{source[:60]!r} shows {text[:300]!r}, the stored notebook {expected[:300]!r}"
    assert any("5736971153/6017532126" in text for _, text in shown)
    app = panel.locator(".gd-legday")
    expect(app).to_have_count(1)
    header = app.locator(".gd-header")
    expect(header).to_contain_text("Week 1 · Day 1 of 7")
    app.scroll_into_view_if_needed()
    app.locator("button.gd-play:not([disabled])").first.click()
    expect(header).to_contain_text("Week 1 · Day 2 of 7")
    chart = panel.locator(".vega-embed:has(canvas), .vega-embed:has(svg.marks)").first
    chart.scroll_into_view_if_needed()
    offline_page.screenshot("lesson-chart")
