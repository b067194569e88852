"""The app notebooks as a class meets them: each app link (Voilà through the Jupyter server, as
Binder serves ``?urlpath=voila/render/notebooks/apps/NAME.ipynb``, and standalone Voilà on a
laptop) shows a working app, with formulas typeset and no request leaving the machine; and
the README's JupyterLab command opens the repository, so ``docs/`` is in the file browser."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request

import pytest
from browser_ui import assert_clean, expect
from conftest import ROOT, Server, _server_env, free_port

pytestmark = pytest.mark.browser

#: app notebook -> the CSS class of its app's box
APPS = {"legday": ".gd-legday", "gym": ".gd-gym", "diet": ".gd-diet", "odds": ".gd-odds", "design_lab": ".gd-lab"}
WIDTHS = (1366, 1024, 768)


def open_app(offline_page, url: str, app_class: str):
    page = offline_page.page
    page.goto(url, wait_until="domcontentloaded")
    app = page.locator(app_class)
    expect(app).to_have_count(1, timeout=120_000)
    expect(app.locator("button.widget-button").first).to_be_visible(timeout=60_000)
    body = page.locator("body")
    assert "There was an error when executing cell" not in body.inner_text()
    assert_clean(body, url)
    return page, app


def assert_formulas_typeset(page, what: str) -> None:
    """MathJax drew the formulas: rendered math is on the page and no raw LaTeX is left."""
    expect(page.locator("mjx-container").first).to_be_visible(timeout=60_000)
    text = page.locator("body").inner_text()
    for raw in ("\\frac", "\\binom", "\\sum", "$$"):
        assert raw not in text, f"{what}: raw LaTeX {raw!r} on the page"


@pytest.mark.parametrize("name", list(APPS))
def test_app_link_through_the_jupyter_server_shows_the_app_offline(lab, offline_page, name):
    page, app = open_app(offline_page, f"{lab}/voila/render/notebooks/apps/{name}.ipynb", APPS[name])
    # The app's own markdown comes first, and no code is shown.
    expect(page.locator("h1").first).to_be_visible()
    assert page.locator(".jp-InputArea-editor").count() == 0
    if name == "odds":
        assert_formulas_typeset(page, "the odds explorer through the Jupyter server")
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_timeout(300)
        offline_page.screenshot(f"{width}")
    assert offline_page.refused == []


@pytest.mark.parametrize("name", list(APPS))
def test_app_in_standalone_voila_shows_the_app_offline(voila_app, offline_page, name):
    page, app = open_app(offline_page, f"{voila_app}/voila/render/{name}.ipynb", APPS[name])
    if name == "odds":
        assert_formulas_typeset(page, "the odds explorer in standalone Voilà")
    offline_page.screenshot("1280")
    assert offline_page.refused == []


def test_lesson_formulas_are_typeset_through_the_jupyter_server(lab, offline_page):
    page = offline_page.page
    page.goto(f"{lab}/voila/render/notebooks/04_odds.ipynb", wait_until="domcontentloaded")
    expect(page.locator(".jp-Cell").last).to_be_attached(timeout=180_000)
    assert_formulas_typeset(page, "lesson 4 through the Jupyter server")
    assert offline_page.refused == []


def test_the_readme_jupyterlab_command_opens_the_repository(server_home):
    """``jupyter lab --ServerApp.root_dir=. notebooks/00_start_here.ipynb`` from the repository
    root serves the whole repository (docs/ included) and opens the start notebook."""
    readme = (ROOT / "README.md").read_text()
    command = "jupyter lab --ServerApp.root_dir=. notebooks/00_start_here.ipynb"
    assert command in readme
    home = server_home / "readme-lab"
    home.mkdir()
    port = free_port()
    server = Server(
        "readme-lab",
        [sys.executable, "-m", "jupyterlab", "--ServerApp.root_dir=.", "notebooks/00_start_here.ipynb",
         "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
         "--IdentityProvider.token="],
        _server_env(home), ROOT, f"http://127.0.0.1:{port}", "/api/status",
    )
    try:
        with urllib.request.urlopen(f"{server.url}/api/contents/docs", timeout=10) as response:
            names = {item["name"] for item in json.load(response)["content"]}
        assert {"teaching.md", "legday.md"} <= names
        with urllib.request.urlopen(f"{server.url}/api/contents/notebooks/solutions", timeout=10) as response:
            assert response.status == 200
    finally:
        server.stop()


def test_app_notebooks_start_quickly_enough_to_measure():
    """The Voilà start-time benchmark runs (its figures are reported in the README, not asserted here)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "voila_start.py"), "--runs", "1", "--apps", "legday"],
        capture_output=True, text=True, timeout=600, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "legday" in done.stdout and "one-cell" in done.stdout


OPEN_CLEAN = ["notebooks/00_start_here.ipynb", "notebooks/01_legday.ipynb", "notebooks/04_odds.ipynb",
              "notebooks/06_design_assignment.ipynb", "notebooks/apps/legday.ipynb", "notebooks/solutions/01_legday.ipynb"]


@pytest.mark.parametrize("notebook", OPEN_CLEAN, ids=lambda p: p.removeprefix("notebooks/").removesuffix(".ipynb"))
def test_a_notebook_opens_clean_and_its_apps_say_how_to_start(lab, offline_page, notebook):
    """Opened (not run), a notebook has no unsaved mark once its kernel is up, and an app's
    stored output reads "Run this cell to open ..." instead of a widget's text form."""
    page = offline_page.page
    page.goto(f"{lab}/lab/tree/{notebook}?reset")
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    expect(panel.locator(".jp-Cell").first).to_be_visible(timeout=90_000)
    page.wait_for_function(
        """() => { const w = window.jupyterapp.shell.currentWidget;
                   const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
                   return k && k.status === 'idle'; }""",
        timeout=90_000,
    )
    page.wait_for_timeout(1500)  # anything that would mark the notebook changed has happened by now
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.context.model.dirty") is False
    assert page.locator(".jp-mod-current.jp-mod-dirty, .lm-TabBar-tab.jp-mod-dirty").count() == 0
    text = panel.inner_text()
    assert "VBox(children" not in text and "HBox(children" not in text
    if "apps/" in notebook or notebook.endswith("01_legday.ipynb"):
        expect(panel.get_by_text("Run this cell to open", exact=False).first).to_be_visible()
    offline_page.screenshot("opened")
    assert offline_page.refused == []
