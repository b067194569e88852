"""Hot-seat play in a real browser: in each app (Leg Day, GYM, The Diet Game, the generic
app of a registered game) people and a bot play to the end in Voilà at 1024 px, pressing
through the covers: two people and a bot, and in GYM three people, two of them on one
team, and a bot.

The same game runs in the test beside the browser (same seed, same clicks: the engine and
the bots are deterministic), so the test knows every hand: under each cover the page
holds none of the people's secret cards, and on each person's screen none of the other
people's that this person's own observation does not hold. At the end the game's
playtest log (written by the Voilà kernel in the notebook's folder) replays to the same
final state.
"""

from __future__ import annotations

import html
import json
import re
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
#: GYM: three people (Ana and Cy on team A, Bea on team B) and a bot, the full game.
GYM = dict(players=4, seed=2, people=["Ana", "Bea", "Cy"])
#: The Diet Game, short: the first to lose 4 pounds wins (the rules' target option).
DIET = dict(players=3, seed=2, people=["Ana", "Ben"], target=-4)
#: The generic app of a registered game: Leg Day, whose hands and face-down cards are named.
GENERIC = dict(game="legday", players=3, seed=2, people=["Ana", "Ben"])

#: The notebooks Voilà serves: name -> (code, settings); ``folder`` is where its logs go.
NOTEBOOKS = {
    "hotseat.ipynb": ("from gamedesign.apps.legday import play_legday\n\n"
                      "play_legday(players={players}, seed={seed}, people={people!r}, playtests={folder!r})", SETTINGS),
    "gym.ipynb": ("from gamedesign.apps.gym import play_gym\n\n"
                  "play_gym(players={players}, seed={seed}, people={people!r}, playtests={folder!r})", GYM),
    "diet.ipynb": ("from gamedesign.apps.diet import play_diet\n\n"
                   "play_diet(players={players}, seed={seed}, people={people!r}, target={target}, playtests={folder!r})",
                   DIET),
    "generic.ipynb": ("from gamedesign.apps import play\n\n"
                      "play({game!r}, players={players}, seed={seed}, people={people!r}, playtests={folder!r})", GENERIC),
}


@pytest.fixture(scope="module")
def hotseat_voila(server_home):
    """Standalone Voilà serving a folder of hot-seat notebooks; yields (URL, folder). Each
    notebook writes its playtest logs to its own folder, ``playtests-NAME``."""
    folder = Path(tempfile.mkdtemp(prefix="gamedesign-hotseat-"))
    for name, (code, settings) in NOTEBOOKS.items():
        book = nbformat.v4.new_notebook()
        logs = folder / ("playtests" if name == "hotseat.ipynb" else f"playtests-{name.removesuffix('.ipynb')}")
        book.cells = [nbformat.v4.new_code_cell(code.format(**settings, folder=str(logs)))]
        book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(book, folder / name)
    home = Path(tempfile.mkdtemp(prefix="voila-hotseat-", dir=server_home))  # one per module that uses it
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


# -- GYM, The Diet Game and the generic app -------------------------------------------------


def shown(value: str) -> str:
    """The text an HTML widget's ``value`` shows, every space left out (as :func:`wait_for_twin`
    compares it with the page)."""
    return re.sub(r"\s+", "", html.unescape(re.sub(r"<[^>]*>", "", value)))


def wait_for_twin(page, selector: str, values: list[str]) -> None:
    """Wait until the app at ``selector`` shows the texts of the twin's widgets ``values``:
    the browser then shows the same step of the game as the twin."""
    parts = [text for text in map(shown, values) if text]
    page.wait_for_function(
        """([selector, parts]) => { const el = document.querySelector(selector);
            if (!el) return false;
            const text = el.textContent.replace(/\\s+/g, '');
            return parts.every(p => text.includes(p)); }""",
        arg=[selector, parts],
        polling=100,
        timeout=60_000,
    )


def play_through_the_covers(offline_page, url: str, notebook: str, selector: str, twin, click, fingerprint) -> tuple:
    """Play ``notebook``'s app in Voilà at 1024 px, with ``twin`` (the same app, built here)
    beside it: under every cover the page holds no person's secret, and on every person's
    screen no other person's that this person does not know (as the twin's engine says).
    ``click(app, twin)`` makes one move in both; ``fingerprint(twin)`` lists the twin's
    widget values the page must show before a move. Returns (the app's locator, covers, moves)."""
    page = offline_page.page
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{url}/voila/render/{notebook}", wait_until="domcontentloaded")
    app = page.locator(selector)
    expect(app).to_have_count(1, timeout=120_000)
    cover = app.locator(".gd-cover")
    people = list(twin.hotseat.seating.people)
    covers = moves = 0
    checked = {"covered": 0, "screen": 0}  # secrets looked for: the checks are never empty
    while not twin.state.is_over():
        if twin.hotseat.covered:
            name = twin.names[twin.human]
            expect(cover).to_contain_text(f"Pass to {name}: press when only {name} can see the screen", timeout=60_000)
            markup = page.locator("body").inner_html()
            for seat in people:
                secret = hidden_from(twin.state, seat, None)
                assert_absent(markup, secret, f"under the cover before {name}'s turn")
                checked["covered"] += len(secret)
            if covers == 1:
                offline_page.screenshot("cover", app)
            cover.get_by_role("button", name=f"I am {name}: show my turn").click()
            twin.hotseat.press()
            covers += 1
            expect(cover).to_have_count(0)
        wait_for_twin(page, selector, fingerprint(twin))
        markup = page.locator("body").inner_html()
        viewer = twin.human
        for seat in people:
            if seat != viewer:
                secret = hidden_from(twin.state, seat, viewer)
                assert_absent(markup, secret, f"on {twin.names[viewer]}'s screen")
                checked["screen"] += len(secret)
        if moves == 3:
            offline_page.screenshot("screen", app)
        click(app, twin)
        moves += 1
        assert moves < 500, f"{notebook}: not over after {moves} moves"
    assert checked["covered"] > covers and checked["screen"] > 0, checked  # there were secrets to look for
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024  # no sideways scrolling
    return app, covers, moves


def check_log_and_download(app, folder: Path, twin, people: list[str]) -> None:
    """The one log the Voilà kernel wrote replays to the twin's final state; the download
    link holds it."""
    from gamedesign import playtest

    logs = sorted(folder.glob("*.jsonl"))
    assert len(logs) == 1, logs
    game = list(playtest.load(logs))[0]
    assert game.finished and game.people == people and game.played_in == "app"
    assert game.state.to_json() == twin.state.to_json()
    app.get_by_role("button", name="Download my playtests").click()
    link = app.locator(".gd-downloads a")
    expect(link).to_have_count(1)
    assert link.get_attribute("download") == logs[0].name


def test_three_people_two_on_a_team_and_a_bot_play_gym_through_the_covers_in_voila(hotseat_voila, offline_page):
    from gamedesign.apps.gym import GymApp

    url, folder = hotseat_voila
    twin = GymApp(**GYM, playtests=None)
    assert twin.teams == ["A", "B", "A", "B"]  # Ana and Cy share team A

    def click(app, twin):
        if twin.state.step == "take":
            app.locator(".gd-row button:not([disabled])").first.click()
            twin.row_box.children[0].click()
        else:
            app.locator(".gd-controls").get_by_role("button", name=twin.go_button.description, exact=True).click()
            twin.go_button.click()

    app, covers, moves = play_through_the_covers(
        offline_page, url, "gym.ipynb", ".gd-gym", twin, click, lambda t: [t.header.value, t.hand.value, t.log.value])
    assert covers > 10 and moves > 30
    expect(app.locator(".gd-header")).to_contain_text("Game over", timeout=60_000)
    expect(app.locator("table.gd-table").filter(has_text="Team A").filter(has_text="Total").first).to_be_visible()
    offline_page.screenshot("finished", app)
    check_log_and_download(app, folder / "playtests-gym", twin, GYM["people"])
    assert outside_requests(offline_page.refused, voila=True) == []


def test_two_people_and_a_bot_play_the_diet_game_through_the_covers_in_voila(hotseat_voila, offline_page):
    from gamedesign.apps.diet import DietApp

    url, folder = hotseat_voila
    twin = DietApp(**DIET, playtests=None)

    def click(app, twin):
        playable = [i for i, b in enumerate(twin.hand_box.children) if not b.disabled]
        if playable and twin.state.observe(twin.human)["phase"] != "planning":
            app.locator(".gd-hand button").nth(playable[0]).click()
            twin.hand_box.children[playable[0]].click()
        else:
            app.locator(".gd-actions button").last.click()
            twin.action_box.children[-1].click()

    app, covers, moves = play_through_the_covers(
        offline_page, url, "diet.ipynb", ".gd-diet", twin, click,
        lambda t: [t.header.value, t.prompt.value, t.log_view.value])
    assert covers > 3 and moves > 10
    result = app.locator(".gd-status")
    expect(result).to_contain_text(" won", timeout=60_000)
    offline_page.screenshot("finished", app)
    check_log_and_download(app, folder / "playtests-diet", twin, DIET["people"])
    assert outside_requests(offline_page.refused, voila=True) == []


def test_two_people_and_a_bot_play_a_registered_game_in_the_generic_app_in_voila(hotseat_voila, offline_page):
    from gamedesign.apps import play

    url, folder = hotseat_voila
    settings = dict(GENERIC)
    twin = play(settings.pop("game"), **settings, playtests=None)

    def click(app, twin):
        app.locator(".gd-actions button").first.click()
        twin.action_box.children[0].click()

    app, covers, moves = play_through_the_covers(
        offline_page, url, "generic.ipynb", ".gd-generic", twin, click,
        lambda t: [t.header.value, t.view.value, t.log_view.value])
    assert covers == 28 and moves == 28  # 14 days, two people picking one by one
    expect(app.locator(".gd-status")).to_contain_text("Game over.", timeout=60_000)
    offline_page.screenshot("finished", app)
    check_log_and_download(app, folder / "playtests-generic", twin, GENERIC["people"])
    assert outside_requests(offline_page.refused, voila=True) == []
