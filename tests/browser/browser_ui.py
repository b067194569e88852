"""What a player does and sees in JupyterLab and Voilà, as Playwright steps and checks."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from urllib.parse import urlparse


ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = os.environ.get("GAMEDESIGN_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]


@contextlib.contextmanager
def chromium(timeout_ms: int):
    """Debian's headless Chromium through Playwright, with ``expect`` waiting ``timeout_ms``."""
    from playwright.sync_api import expect as playwright_expect, sync_playwright

    playwright_expect.set_options(timeout=timeout_ms)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            browser.close()


class OfflinePage:
    """A browser page that reaches loopback only; other requests are refused and listed
    (``refused``), and console errors kept (``console_errors``). Screenshots are saved as
    ``artifacts/screenshots/<prefix><name>-<label>.png``."""

    def __init__(self, browser, name: str, width: int = 1280, height: int = 1000, timeout_ms: int = 60_000,
                 prefix: str = ""):
        self.name, self.prefix = name, prefix
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.refused: list[str] = []
        self.console_errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.set_default_timeout(timeout_ms)
        self.page.on("console", lambda msg: self.console_errors.append(msg.text) if msg.type == "error" else None)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def _route(self, route):
        host = urlparse(route.request.url).hostname
        if route.request.url.startswith(("data:", "blob:")) or host in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            self.refused.append(route.request.url)
            route.abort()

    def screenshot(self, label: str, locator=None) -> Path:
        """Save a screenshot (of ``locator`` if given); returns its path."""
        path = SCREENSHOTS / f"{self.prefix}{self.name}-{label}.png"
        if locator is not None:
            locator.screenshot(path=path)
        else:
            self.page.screenshot(path=path)
        return path

    def close(self) -> None:
        self.context.close()


def expect(*args, **kwargs):
    """Playwright's ``expect``, imported on first use: the tests collect (and are skipped with
    their reason) where Playwright is not installed."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(*args, **kwargs)

#: The notebook on screen (JupyterLab keeps other tabs in the page, hidden).
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"

#: Vega-Lite's MIME types: an output with one of them is an Altair chart.
VEGA_TYPES = ("application/vnd.vegalite.v5+json", "application/vnd.vegalite.v4+json", "application/vnd.vegalite.v6+json")


def outside_requests(refused: list[str], voila: bool = False) -> list[str]:
    """Requests for anything off this machine. None is allowed, in JupyterLab or in Voilà
    (``voila`` is kept for the callers; the gamedesign Voilà template asks no CDN)."""
    return list(refused)


def chart_count(notebook: str) -> int:
    """How many charts the notebook draws when every cell runs: the chart outputs its file
    holds (each must be drawn again in the browser).

    A student copy (``notebooks/NAME.ipynb``) stores no outputs below a question
    (scripts/build_notebooks.py), yet draws those charts when run: its charts are counted in
    its teacher copy (``notebooks/solutions/NAME.ipynb``), solution cells left out."""
    path = ROOT / notebook
    teacher = path.parent / "solutions" / path.name
    if path.parent == ROOT / "notebooks" and teacher.exists():
        path = teacher
    cells = json.loads(path.read_text())["cells"]
    return sum(
        1
        for cell in cells
        if "solution" not in cell.get("metadata", {}).get("tags", [])
        for output in cell.get("outputs", [])
        if any(kind in output.get("data", {}) for kind in VEGA_TYPES)
    )


def drawn_charts(scope) -> int:
    """Charts actually drawn: a vega-embed element holding a canvas or an SVG."""
    return scope.locator(".vega-embed:has(canvas), .vega-embed:has(svg.marks)").count()


def open_and_run_all(page, lab_url: str, notebook: str, timeout_ms: int = 180_000):
    """Open ``notebook`` in JupyterLab, restart its kernel and run every cell; return the panel."""
    page.goto(f"{lab_url}/lab/tree/{notebook}?reset")
    panel = page.locator(PANEL)
    expect(panel.locator(".jp-Cell").first).to_be_visible(timeout=90_000)
    # Wait for the kernel to be up before restarting it (else the dialog races the start).
    page.wait_for_function(
        """() => { const w = window.jupyterapp.shell.currentWidget;
                   const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
                   return k && k.status === 'idle'; }""",
        timeout=90_000,
    )
    # Not awaited: the command's promise resolves only after the dialog and the whole run.
    page.evaluate("() => { window.jupyterapp.commands.execute('runmenu:restart-and-run-all'); }")
    accept = page.locator(".jp-Dialog .jp-mod-accept")
    accept.click()
    expect(page.locator(".jp-Dialog")).to_have_count(0)
    wait_until_run(page, timeout_ms)
    return panel


def wait_until_run(page, timeout_ms: int) -> None:
    """Wait until every code cell has an execution count and the kernel is idle."""
    page.wait_for_function(
        f"""() => {{
            const prompts = [...document.querySelectorAll('{PANEL} .jp-CodeCell .jp-InputPrompt')];
            if (!prompts.length) return false;
            const done = prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
            const w = window.jupyterapp.shell.currentWidget;
            const k = w.sessionContext.session && w.sessionContext.session.kernel;
            return done && k && k.status === 'idle';
        }}""",
        timeout=timeout_ms,
        polling=500,
    )


def assert_clean(scope, what: str) -> None:
    """No error or stderr output, no Python traceback, no widget left loading, no chart as text."""
    errors = scope.locator('[data-mime-type="application/vnd.jupyter.stderr"]')
    assert errors.count() == 0, f"{what}: error output: {errors.first.inner_text()[:2000]}"
    text = scope.inner_text()
    assert "Traceback" not in text, f"{what}: a Python traceback is shown"
    assert "Error displaying widget" not in text, f"{what}: a widget failed to display"
    expect(scope.get_by_text("Loading widget")).to_have_count(0, timeout=30_000)
    # A chart that is not drawn falls back to its text form, e.g. "alt.Chart(...)".
    fallback = scope.locator(".jp-OutputArea-output pre, .jp-RenderedText pre").filter(has_text="alt.")
    assert fallback.count() == 0, f"{what}: a chart is shown as text: {fallback.first.inner_text()[:200]}"


def assert_charts_drawn(scope, notebook: str, what: str, in_widgets: int = 0) -> int:
    """Every chart of the notebook is drawn (waits for Vega to finish); returns how many.

    ``in_widgets`` counts charts that an app draws inside its widget (not stored as outputs).
    """
    expected = chart_count(notebook) + in_widgets
    if expected:
        expect(scope.locator(".vega-embed:has(canvas), .vega-embed:has(svg.marks)")).to_have_count(
            expected, timeout=60_000
        )
    drawn = drawn_charts(scope)
    assert drawn == expected, f"{what}: {drawn} charts drawn, {expected} expected"
    return drawn


def settle(page, selector: str, quiet_ms: int = 300, timeout_ms: int = 60_000) -> None:
    """Wait until the kernel is idle (in JupyterLab) and ``selector`` has not changed for ``quiet_ms``.

    A click makes the kernel send several widget updates, with pauses while bots think;
    acting before the last one lands could click a button that is being replaced.
    """
    page.wait_for_function(
        """([selector, quiet]) => {
            const el = document.querySelector(selector);
            if (!el) return false;
            const html = el.innerHTML, now = performance.now();
            const lab = window.jupyterapp, widget = lab && lab.shell.currentWidget;
            const kernel = widget && widget.sessionContext && widget.sessionContext.session
                && widget.sessionContext.session.kernel;
            if (window.__gdSeen !== html || (kernel && kernel.status !== 'idle')) {
                window.__gdSeen = html; window.__gdSince = now; return false;
            }
            return now - window.__gdSince >= quiet;
        }""",
        arg=[selector, quiet_ms],
        polling=100,
        timeout=timeout_ms,
    )


def click_and_settle(page, selector: str, button) -> None:
    """Click ``button`` inside the app at ``selector``, wait for the app to change and settle."""
    before = page.locator(selector).inner_html()
    button.click()
    page.wait_for_function(
        "([selector, before]) => { const el = document.querySelector(selector); return el && el.innerHTML !== before; }",
        arg=[selector, before],
        polling=100,
        timeout=60_000,
    )
    settle(page, selector)


def play_gym(page, app_selector: str, shoot, max_moves: int = 400, shoot_at: int = 12) -> int:
    """Play your seat in the GYM app by its guided turns; returns the number of clicks.

    Take the first Kid offered in the row; otherwise press the step's main button (Place,
    Advance, Do it, Give back, Place Coach) with the choices it suggests, or its Skip button
    when there is nothing to choose.
    """
    app = page.locator(app_selector)
    header = app.locator(".gd-header")
    settle(page, app_selector)
    for move in range(max_moves):
        if "Game over" in header.inner_text():
            return move
        row = app.locator(".gd-row button:not([disabled])")
        controls = app.locator(".gd-controls button.widget-button")
        if row.count():
            button = row.first
        elif controls.count() and controls.first.is_enabled():
            button = controls.first
        elif controls.count() > 1:
            button = controls.nth(1)
        else:
            raise AssertionError(f"GYM: nothing to click at move {move}: {header.inner_text()}")
        click_and_settle(page, app_selector, button)
        if move == shoot_at:
            shoot("mid-play")
    raise AssertionError(f"GYM: not over after {max_moves} clicks")


def play_diet(page, app_selector: str, shoot, max_moves: int = 600) -> int:
    """Play your seat in the Diet Game: keep your hand in Planning, else the first playable
    card of your hand, else the button that plays none."""
    app = page.locator(app_selector)
    prompt = app.locator(".gd-prompt")
    marked = None
    settle(page, app_selector)
    for move in range(max_moves):
        if "Game over" in prompt.inner_text():
            return move
        choices = app.locator(".gd-actions button:not([disabled])")
        keep = choices.filter(has_text="Keep my hand")
        if keep.count() and not marked:  # once: mark a card for discarding, check it reads well, unmark
            card = app.locator(".gd-hand button:not([disabled])").first
            click_and_settle(page, app_selector, card)
            marked = app.locator(".gd-hand button", has_text="Marked to discard")
            assert marked.count() == 1 and "1 marked" in prompt.inner_text()
            failures = contrast_failures(app)
            assert failures == [], f"a card marked for discarding: {failures}"
            click_and_settle(page, app_selector, marked)
            assert "0 marked" in prompt.inner_text()
            continue
        playable = app.locator(".gd-hand button:not([disabled])")
        if keep.count():
            button = keep
        elif playable.count():
            button = playable.first
        elif choices.count():
            button = choices.first
        else:
            raise AssertionError(f"Diet: nothing to click at move {move}: {prompt.inner_text()}")
        click_and_settle(page, app_selector, button)
        if move == 10:
            shoot("mid-play")
    raise AssertionError(f"Diet: not over after {max_moves} clicks")


#: WCAG 2 contrast check of every piece of text in an element, run in the page. The text
#: colour is compared with the first opaque background colour found up the tree (white
#: if none); disabled controls are exempt (WCAG 1.4.3), as is text smaller than 1 px or
#: hidden. Large text (24 px, or 18.67 px bold) needs 3:1, other text 4.5:1.
CONTRAST_JS = """
(root) => {
  const parse = c => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lum = ([r, g, b]) => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const blend = (top, bottom) => [0, 1, 2].map(i => top[i] * top[3] + bottom[i] * (1 - top[3])).concat([1]);
  const background = el => { const layers = [];
    for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; } }
    let colour = [255, 255, 255, 1]; for (const c of layers.reverse()) colour = blend(c, colour); return colour; };
  const failures = [], seen = new Set();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement, text = node.textContent.trim();
    if (!text || seen.has(el)) continue; seen.add(el);
    if (el.closest('button:disabled, input:disabled, select:disabled, .vega-embed, svg')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || el.getClientRects().length === 0) continue;
    const bg = background(el), fg = blend(parse(style.color), bg);
    const [a, b] = [lum(fg), lum(bg)], ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight) >= 700;
    const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < needed) failures.push(`${ratio.toFixed(2)}:1 < ${needed}:1 "${text.slice(0, 40)}" ${style.color} on rgb(${bg.slice(0, 3).map(Math.round)})`);
  }
  return failures;
}
"""


def contrast_failures(locator) -> list[str]:
    """Texts in ``locator`` whose contrast with their background is below WCAG AA."""
    return sorted(set(locator.evaluate(CONTRAST_JS)))


def assert_keyboard_reachable(locator, what: str) -> None:
    """Every enabled button and field can be reached with Tab, in the order they are shown."""
    found = locator.evaluate(
        """root => [...root.querySelectorAll('button, input, select, textarea, a[href], summary, [role=slider]')]
            .filter(e => !e.disabled && e.getClientRects().length)
            .map(e => ({tag: e.tagName, text: (e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 30),
                        tabIndex: e.tabIndex}))"""
    )
    assert found, f"{what}: no control found"
    unreachable = [f for f in found if f["tabIndex"] < 0]
    assert not unreachable, f"{what}: not reachable with Tab: {unreachable}"
    jumping = [f for f in found if f["tabIndex"] > 0]
    assert not jumping, f"{what}: a positive tabindex changes the Tab order: {jumping}"
