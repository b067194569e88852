"""The site offline once loaded, as a class on poor internet uses it: one visit opens the start
notebook, then the server is stopped, and every app and two lessons never visited open, run
and play from the browser's copy of the site; the console stays clean of errors from our files."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from browser_ui import CHROMIUM, PANEL, OfflinePage, assert_charts_drawn, assert_clean, click_and_settle, expect
from conftest import TIMINGS, served_copy, serve, stop
from test_lite_site import open_notebook, run_all

pytestmark = pytest.mark.lite

ROOT = Path(__file__).resolve().parents[2]
START = "notebooks/00_start_here.ipynb"
#: Two lessons the first visit never opens (short ones: the test runs every cell of each).
LESSONS = ["notebooks/02_gym.ipynb", "notebooks/04_odds.ipynb"]

#: Where a console message or page error comes from: our files are the package (its Python,
#: in the kernel's output), the site's configuration and its offline code.
OURS = ("gamedesign", "keep-service-worker.js", "service-worker.js", "jupyter-lite.json", "offline-ready.json",
        "favicon.ico", "/files/", "/static/pyodide/", "404", "ERR_FAILED", "Traceback")

#: app notebook -> (its box, a first move: the button to click and what the app shows after it)
APPS = {
    "legday": (".gd-legday", "button.gd-play:not([disabled])", ".gd-header", "Day 2 of 7"),
    "gym": (".gd-gym", ".gd-row button:not([disabled]), .gd-controls button.widget-button:not([disabled])", None, None),
    "diet": (".gd-diet", ".gd-hand button:not([disabled]), .gd-actions button:not([disabled])", None, None),
    "odds": (".gd-odds", "button:has-text('Simulate 10,000 hands')", None, "Simulated:"),
    "design_lab": (".gd-lab", "button.widget-button:has-text('Run')", "[role=status]", "Done:"),
}


class Console:
    """Every console error and page error of a page, with where it came from."""

    def __init__(self, page):
        self.errors: list[str] = []
        self.warnings: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error.stack or error}"))

    def _console(self, message):
        where = (message.location or {}).get("url", "")
        if message.type == "error":
            self.errors.append(f"{message.text} ({where})")
        elif message.type == "warning":
            self.warnings.append(f"{message.text} ({where})")

    def ours(self) -> list[str]:
        return [e for e in self.errors if any(mark in e for mark in OURS)]


#: The site's caches in the page: {cache name: what it kept, or None while it is keeping}.
KEPT = """async () => {
    const ready = new URL('../offline-ready.json', location.href).href, out = {};
    for (const name of await caches.keys()) {
        if (!name.startsWith('gamedesign-site-')) continue;
        const kept = await (await caches.open(name)).match(ready);
        out[name] = kept ? await kept.json() : null;
    }
    return out; }"""


def kept_offline(page, version: str | None = None, timeout_s: float = 300) -> dict:
    """Wait until the site's service worker has kept the whole build (``version`` if given),
    and no other; returns what it kept."""
    deadline = time.monotonic() + timeout_s
    while True:
        caches = page.evaluate(KEPT)
        done = [kept for kept in caches.values() if kept and (version is None or kept["version"] == version)]
        if done and len(caches) == 1:
            return done[0]
        assert time.monotonic() < deadline, f"the site was not kept for offline use: {list(caches)}"
        page.wait_for_timeout(1000)


def test_a_new_build_replaces_the_kept_copy_and_downloads_only_what_changed(lite_site, browser, tmp_path):
    import build_lite

    folder = served_copy(lite_site, tmp_path / "site")
    served, server = serve(folder, "lite-update-http.log")
    offline = OfflinePage(browser, "update", width=1024, height=900, timeout_ms=120_000, prefix="lite-")
    page = offline.page
    console = Console(page)
    try:
        page.goto(f"{served.url}/lab/index.html")
        first = kept_offline(page)
        # A new build of the site: one document changed.
        doc = folder / "files" / "docs" / "teaching.md"
        doc.write_text(doc.read_text() + "\nA sentence of the new build.\n")
        version = build_lite.make_offline(folder)
        assert version != first["version"]
        before = len(served.log.read_text().splitlines())
        page.goto(f"{served.url}/lab/index.html")  # the browser finds the new worker and installs it
        kept = kept_offline(page, version)
        assert set(kept["files"]) == set(first["files"])
        fetched = [line.split('"GET ', 1)[1].split(" ", 1)[0] for line in served.log.read_text().splitlines()[before:]
                   if '"GET ' in line]
        # Only what changed came from the server again; the rest was copied from the old copy.
        assert "/files/docs/teaching.md" in fetched
        assert not any(path.startswith("/static/pyodide/") or path.startswith("/build/") for path in fetched), fetched
        stop(server)
        page.goto(f"{served.url}/lab/index.html")
        text = page.evaluate("async () => await (await fetch('../files/docs/teaching.md')).text()")
        assert text.endswith("A sentence of the new build.\n")
    finally:
        stop(server)
        offline.close()
    assert console.errors == [], f"console or page errors: {console.errors[:10]}"


def test_every_app_and_unvisited_lessons_run_with_the_server_gone(lite_site, browser, tmp_path):
    folder = served_copy(lite_site, tmp_path / "site")
    served, server = serve(folder, "lite-offline-http.log")
    offline = OfflinePage(browser, "offline", width=1024, height=900, timeout_ms=120_000, prefix="lite-")
    page = offline.page
    console = Console(page)
    try:
        started = time.monotonic()
        panel = open_notebook(page, served.url, START)
        TIMINGS["offline_start_kernel_ready_s"] = round(time.monotonic() - started, 1)
        # The start notebook says what a browser keeps, and where it cannot.
        expect(panel).to_contain_text("private window cannot")
        kept = kept_offline(page)
        TIMINGS["offline_kept_s"] = round(time.monotonic() - started, 1)
        site_files = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
        assert set(kept["files"]) == site_files - {"service-worker.js"}
        # The kernel's files are the browser's (JupyterLite's /drive), not a memory-only folder.
        assert page.evaluate(RUN, "import os; print(os.getcwd())").startswith("/drive")

        stop(server)
        with pytest.raises(Exception):
            __import__("urllib.request").request.urlopen(served.url + "/jupyter-lite.json", timeout=3)

        for name, (box, move, changed, shows) in APPS.items():
            started = time.monotonic()
            panel = open_notebook(page, served.url, f"notebooks/apps/{name}.ipynb")
            run_all(page)
            app = panel.locator(box)
            button = app.locator(move).first
            expect(button).to_be_visible()
            TIMINGS[f"offline_{name}_first_card_s"] = round(time.monotonic() - started, 1)
            offline.screenshot(name)
            if shows is None:
                click_and_settle(page, f"{PANEL} {box}", button)
            else:
                button.click()
                target = app.locator(changed) if changed else app
                expect(target.first).to_contain_text(shows, timeout=300_000)
            assert_clean(panel, f"the {name} app offline")
            assert page.evaluate(RUN, "import os; print(os.getcwd())").startswith("/drive")

        for lesson in LESSONS:
            started = time.monotonic()
            panel = open_notebook(page, served.url, lesson)
            run_all(page, 600_000)
            TIMINGS[f"offline_{Path(lesson).stem}_run_all_s"] = round(time.monotonic() - started, 1)
            assert_charts_drawn(panel, lesson, f"{lesson} offline", in_widgets=1 if "odds" in lesson else 0)
            assert_clean(panel, f"{lesson} offline")
            offline.screenshot(Path(lesson).stem)
    finally:
        stop(server)
        (ROOT / "artifacts" / "logs").mkdir(parents=True, exist_ok=True)
        (ROOT / "artifacts" / "logs" / "lite-offline-console.json").write_text(
            json.dumps({"errors": console.errors, "warnings": console.warnings}, indent=1))
        offline.close()
    assert offline.refused == [], f"requests off the machine: {offline.refused[:5]}"
    assert console.errors == [], f"console or page errors: {console.errors[:10]}"
    # The widget extension is the one built for the site's JupyterLab.
    versions = [w for w in console.warnings if "satisf" in w and "version" in w]
    assert versions == [], f"an extension asks for another JupyterLab: {versions[:3]}"


#: Run code in the open notebook's kernel and return what it printed.
RUN = """async (code) => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const future = kernel.requestExecute({code, store_history: false});
    const out = [];
    future.onIOPub = (msg) => { if (msg.header.msg_type === 'stream') out.push(msg.content.text); };
    await future.done;
    return out.join('');
}"""
