"""The game apps fit the screen a class has: no sideways scrolling at 1024x768 in JupyterLab
with the file browser open, nor in Voilà at 1024 and 768 px wide, at the start, mid-game and
at the end, and no text that needs an emoji font. Screenshots of each size go to
``artifacts/screenshots/``."""

from __future__ import annotations

import pytest
from browser_ui import PANEL, expect, open_and_run_all, play_diet, play_gym
from test_legday_browser import play_legday

pytestmark = pytest.mark.browser

#: app notebook -> the CSS class of its app's box
GAMES = {"legday": ".gd-legday", "gym": ".gd-gym", "diet": ".gd-diet"}

#: What overflows: the app's box, anything drawn past its right edge, the notebook's
#: scrolling panel (JupyterLab) and the page itself (Voilà).
OVERFLOW_JS = """
(app) => {
  const out = [];
  const wide = (node, what) => { if (node && node.scrollWidth > node.clientWidth + 1)
      out.push(`${what}: content ${node.scrollWidth}px in ${node.clientWidth}px`); };
  wide(app, 'app box');
  wide(app.closest('.jp-WindowedPanel-outer'), 'notebook panel');
  wide(app.closest('.jp-OutputArea-output'), 'output area');
  wide(document.scrollingElement, 'page');
  const right = app.getBoundingClientRect().right;
  for (const el of app.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > right + 1) {
      out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ends at ${Math.round(r.right)}px, the app at ${Math.round(right)}px`);
      break;
    }
  }
  return out;
}
"""


def overflow(app) -> list[str]:
    """What is wider than its room in the app (empty when everything fits)."""
    return app.evaluate(OVERFLOW_JS)


def check_sizes(offline_page, app, sizes, label: str) -> None:
    """At each (width, height) the app fits and its text needs no emoji font; a screenshot
    of the page at each size."""
    from gamedesign.apps.common import emoji_in

    problems = [f"{label}: characters that need an emoji font: {emoji_in(app.inner_text())}"] if emoji_in(
        app.inner_text()) else []
    for width, height in sizes:
        offline_page.page.set_viewport_size({"width": width, "height": height})
        offline_page.page.wait_for_timeout(400)
        problems += [f"{width}px {label}: {p}" for p in overflow(app)]
        offline_page.screenshot(f"{width}-{label}")
        # The whole app at this width: a window as tall as the app, so that all of it is drawn.
        tall = int(app.evaluate("(node) => node.getBoundingClientRect().height")) + 40
        offline_page.page.set_viewport_size({"width": width, "height": max(height, min(tall, 6000))})
        offline_page.page.wait_for_timeout(300)
        offline_page.screenshot(f"{width}-{label}-app", app)
        offline_page.page.set_viewport_size({"width": width, "height": height})
    assert not problems, "\n".join(problems)


def play(name: str, page, app, selector: str, shoot) -> None:
    if name == "legday":
        play_legday(page, app, shoot)
    elif name == "gym":
        play_gym(page, selector, shoot, shoot_at=30)  # in the play phase: the board is filling
    else:
        play_diet(page, selector, shoot)


VOILA_SIZES = [(1366, 768), (1024, 768), (768, 1024)]


@pytest.mark.parametrize("name", list(GAMES))
def test_game_app_fits_in_voila_at_every_width(voila_app, offline_page, name):
    page = offline_page.page
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{voila_app}/voila/render/{name}.ipynb", wait_until="domcontentloaded")
    app = page.locator(GAMES[name])
    expect(app).to_have_count(1, timeout=120_000)
    expect(app.locator("button.widget-button").first).to_be_visible(timeout=60_000)
    check_sizes(offline_page, app, VOILA_SIZES, "start")
    page.set_viewport_size({"width": 768, "height": 1024})
    play(name, page, app, GAMES[name], lambda label: check_sizes(offline_page, app, VOILA_SIZES, "mid-game"))
    check_sizes(offline_page, app, VOILA_SIZES, "end")
    assert offline_page.refused == []


@pytest.mark.parametrize("name", list(GAMES))
def test_game_app_fits_in_jupyterlab_with_the_file_browser_open(lab, offline_page, name):
    page = offline_page.page
    page.set_viewport_size({"width": 1024, "height": 768})
    panel = open_and_run_all(page, lab, f"notebooks/apps/{name}.ipynb")
    page.evaluate(
        "() => { const shell = window.jupyterapp.shell; shell.activateById('filebrowser'); }"
    )
    expect(page.locator("#filebrowser")).to_be_visible()
    app = panel.locator(GAMES[name])
    expect(app).to_have_count(1)
    app.scroll_into_view_if_needed()
    sizes = [(1024, 768)]
    check_sizes(offline_page, app, sizes, "lab-start")
    play(name, page, app, f"{PANEL} {GAMES[name]}", lambda label: check_sizes(offline_page, app, sizes, "lab-mid-game"))
    check_sizes(offline_page, app, sizes, "lab-end")
    assert offline_page.refused == []


#: The apps without a game to play: they must fit too, as they open.
TOOLS = {"odds": ".gd-odds", "design_lab": ".gd-lab", "paper_playtest": ".gd-paper-form"}


@pytest.mark.parametrize("name", list(TOOLS))
def test_tool_app_fits_in_voila_and_in_jupyterlab(voila_app, lab, offline_page, name):
    page = offline_page.page
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{voila_app}/voila/render/{name}.ipynb", wait_until="domcontentloaded")
    app = page.locator(TOOLS[name])
    expect(app).to_have_count(1, timeout=120_000)
    expect(app.locator("button.widget-button").first).to_be_visible(timeout=60_000)
    check_sizes(offline_page, app, VOILA_SIZES, "voila")
    panel = open_and_run_all(page, lab, f"notebooks/apps/{name}.ipynb")
    page.evaluate("() => window.jupyterapp.shell.activateById('filebrowser')")
    app = panel.locator(TOOLS[name])
    expect(app).to_have_count(1)
    check_sizes(offline_page, app, [(1024, 768)], "lab")
    assert offline_page.refused == []
