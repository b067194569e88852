"""Hot-seat play in a real browser: two people and a bot play Leg Day to the end in Voilà
at 1024 px, pressing through the covers.

The same game runs in the test beside the browser (same seed, same clicks: the engine and
the bots are deterministic), so the test knows every hand: under each cover the page
holds none of either person's secret cards, and on each person's screen none of the
other's. At the end the game's playtest log (written by the Voilà kernel in the
notebook's folder) replays to the same final state.
"""

from __future__ import annotations

import html
import json
import sys
import tempfile
from pathlib import Path

import nbformat
import pytest
from browser_ui import expect, outside_requests

from conftest import ROOT, Server, _server_env, free_port

pytestmark = pytest.mark.browser

sys.path.insert(0, str(ROOT / "tests"))
from test_hotseat_apps import hidden_from  # noqa: E402

SETTINGS = dict(players=3, seed=4, people=["Ana", "Ben"])

NOTEBOOK = """from gamedesign.apps.legday import play_legday

play_legday(players={players}, seed={seed}, people={people!r}, playtests={folder!r})"""


@pytest.fixture(scope="module")
def hotseat_voila(server_home):
    """Standalone Voilà serving a folder with one hot-seat notebook; yields (URL, folder)."""
    folder = Path(tempfile.mkdtemp(prefix="gamedesign-hotseat-"))
    book = nbformat.v4.new_notebook()
    book.cells = [nbformat.v4.new_code_cell(NOTEBOOK.format(**SETTINGS, folder=str(folder / "playtests")))]
    book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(book, folder / "hotseat.ipynb")
    home = server_home / "voila-hotseat"
    home.mkdir()
    port = free_port()
    command = [
        sys.executable, "-m", "voila", str(folder), "--no-browser",
        f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
    ]
    server = Server("voila-hotseat", command, _server_env(home), folder, f"http://127.0.0.1:{port}", "/")
    yield server.url, folder
    server.stop()


def assert_absent(markup: str, names: set, where: str) -> None:
    for name in names:
        assert name not in markup and html.escape(name) not in markup, f"{where}: {name!r} is on the page"


def test_two_people_and_a_bot_play_leg_day_through_the_covers_in_voila(hotseat_voila, offline_page):
    from gamedesign import playtest
    from gamedesign.apps.legday import LegDayApp

    url, folder = hotseat_voila
    twin = LegDayApp(**SETTINGS, playtests=None)  # the same game, beside the browser
    page = offline_page.page
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{url}/voila/render/hotseat.ipynb", wait_until="domcontentloaded")
    app = page.locator(".gd-legday")
    expect(app).to_have_count(1, timeout=120_000)
    cover = app.locator(".gd-cover")
    cards = app.locator("button.gd-play:not([disabled])")
    turns = 0
    while not twin.state.is_over():
        name = twin.names[twin.human]
        expect(cover).to_contain_text(f"Pass to {name}: press when only {name} can see the screen", timeout=60_000)
        expect(cards).to_have_count(0)
        markup = page.locator("body").inner_html()
        for seat in (0, 1):
            assert_absent(markup, hidden_from(twin.state, seat, None), f"under the cover before {name}'s pick")
        if turns == 1:
            offline_page.screenshot("cover", app)
        cover.locator("button").click()
        twin.hotseat.press()
        expect(cover).to_have_count(0)
        expect(cards).to_have_count(len(twin.hand_box.children))
        expect(app).to_contain_text(f"{name}'s hand")
        markup = page.locator("body").inner_html()
        other = 1 - twin.human
        assert_absent(markup, hidden_from(twin.state, other, twin.human), f"on {name}'s screen")
        if turns == 1:
            offline_page.screenshot("screen", app)
        cards.first.click()
        twin.hand_box.children[0].play_button.click()
        turns += 1
    assert turns == 28
    expect(app.get_by_role("status").filter(has_text="Game over. Winner:")).to_have_count(1, timeout=60_000)
    expect(app.locator("table.gd-table").filter(has_text="Total")).to_be_visible()
    offline_page.screenshot("finished", app)
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024  # no sideways scrolling

    # The log the Voilà kernel wrote replays to the game the twin played.
    logs = sorted((folder / "playtests").glob("*.jsonl"))
    assert len(logs) == 1
    game = list(playtest.load(logs))[0]
    assert game.finished and game.people == ["Ana", "Ben"]
    assert game.state.to_json() == twin.state.to_json()
    assert json.loads(logs[0].read_text().splitlines()[0])["source"] == "app"

    # The download link holds that file.
    app.get_by_role("button", name="Download my playtests").click()
    link = app.locator(".gd-downloads a")
    expect(link).to_have_count(1)
    assert link.get_attribute("download") == logs[0].name
    assert outside_requests(offline_page.refused, voila=True) == []
