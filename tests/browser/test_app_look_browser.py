"""GYM and The Diet Game drawn as games, in Voilà with every off-machine request refused:
GYM's board and its controls on one screen at 1366 x 768 and 1024 x 768 (the legal spots
clickable on the board), a click on a dimmed Diet card says why it cannot be played, a lost
game shows no success mark, and no app text needs an emoji font."""

from __future__ import annotations

import pytest
from browser_ui import click_and_settle, expect, play_gym, settle

from gamedesign.apps.common import emoji_in

pytestmark = pytest.mark.browser

#: Where an element is, seen from the window: its box and the window's size.
BOX_JS = """(el) => { const r = el.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: innerWidth, height: innerHeight}; }"""


def open_app(offline_page, voila_app, notebook: str, selector: str, width: int, height: int):
    page = offline_page.page
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{voila_app}/voila/render/{notebook}", wait_until="domcontentloaded")
    app = page.locator(selector)
    expect(app).to_have_count(1, timeout=120_000)
    expect(app.locator("button.widget-button").first).to_be_visible(timeout=60_000)
    settle(page, selector)
    return page, app


def on_screen(locator) -> dict:
    """The element's box after the app's top is scrolled to the top of the window."""
    return locator.evaluate(BOX_JS)


def assert_inside(box: dict, what: str) -> None:
    assert box["top"] >= -1 and box["bottom"] <= box["height"] + 1, f"{what} is not inside the window's height: {box}"
    assert box["left"] >= -1 and box["right"] <= box["width"] + 1, f"{what} is not inside the window's width: {box}"


def to_the_place_step(page, app, selector: str, limit: int = 80) -> None:
    """Play GYM's guided turns (the first Kid of the row, else the main button) until it is
    your Place step in the Play phase."""
    header = app.locator(".gd-header")
    for _ in range(limit):
        if "Play phase" in header.inner_text() and app.locator(".gd-board button.gd-spot").count():
            return
        row = app.locator(".gd-row button:not([disabled])")
        controls = app.locator(".gd-controls button.widget-button")
        button = row.first if row.count() else controls.first
        click_and_settle(page, selector, button)
    raise AssertionError(f"GYM: no Place step after {limit} clicks: {header.inner_text()}")


def assert_no_emoji(page, what: str) -> None:
    text = page.evaluate("() => document.body.innerText")
    assert emoji_in(text) == [], f"{what}: characters that need an emoji font: {emoji_in(text)}"


@pytest.mark.parametrize("width,height", [(1366, 768), (1024, 768)])
def test_gym_board_and_controls_are_on_one_screen_and_the_board_takes_the_click(voila_app, offline_page, width, height):
    page, app = open_app(offline_page, voila_app, "gym.ipynb", ".gd-gym", width, height)
    assert_no_emoji(page, "GYM at the start")
    to_the_place_step(page, app, ".gd-gym")
    app.locator(".gd-header").evaluate("(el) => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    offline_page.screenshot(f"{width}-place")
    assert_inside(on_screen(app.locator(".gd-board")), f"GYM's board at {width} x {height}")
    assert_inside(on_screen(app.locator(".gd-controls")), f"GYM's controls at {width} x {height}")
    assert_inside(on_screen(app.locator(".gd-header")), f"GYM's turn line at {width} x {height}")
    spots = app.locator(".gd-board button.gd-spot")
    assert spots.count() >= 1
    label = spots.last.inner_text()  # "Place Ada here: 3 points"
    kid = label.removeprefix("Place ").split(" here")[0]
    click_and_settle(page, ".gd-gym", spots.last)
    expect(app.locator(".widget-output").first).to_contain_text(f"You played: Place {kid} at")
    expect(app.locator(".gd-board .gd-kidcard").filter(has_text=kid)).to_have_count(1)
    assert offline_page.refused == []


def test_a_lost_gym_game_shows_no_success_mark(voila_app, offline_page):
    page, app = open_app(offline_page, voila_app, "gym.ipynb", ".gd-gym", 1024, 768)
    play_gym(page, ".gd-gym", lambda label: offline_page.screenshot(label), shoot_at=31)
    status = app.locator(".gd-msg").first
    expect(status).to_contain_text("Game over.")
    offline_page.screenshot("end")
    text = status.inner_text()
    assert "Your team loses." in text, text  # the notebook's seed: the guided moves lose to the bot
    assert app.locator(".gd-msg-win, .gd-msg-ok, .gd-icon-ok, .gd-icon-win").count() == 0
    assert emoji_in(text) == []
    expect(app.locator("table.gd-places")).to_contain_text("2nd")
    expect(app.locator("p", has_text="Decided by")).to_have_count(1)
    assert_no_emoji(page, "GYM at the end")
    assert offline_page.refused == []


def test_a_click_on_a_dimmed_diet_card_says_why_it_cannot_be_played(voila_app, offline_page):
    from gamedesign.apps.diet import DietApp

    twin = DietApp(players=4, seed=2026, playtests=None)  # the notebook's app, played the same way here
    page, app = open_app(offline_page, voila_app, "diet.ipynb", ".gd-diet", 1024, 768)
    assert_no_emoji(page, "The Diet Game at the start")
    for _ in range(40):
        keep = app.locator(".gd-actions button", has_text="Keep my hand")
        if not keep.count() and app.locator(".gd-hand button.gd-card[disabled]").count():
            break
        if keep.count():
            click_and_settle(page, ".gd-diet", keep)
            next(b for b in twin.action_box.children if b.description == "Keep my hand").click()
        else:
            click_and_settle(page, ".gd-diet", app.locator(".gd-actions button").first)
            twin.action_box.children[0].click()
    dimmed = app.locator(".gd-hand button.gd-card[disabled]").first
    expect(dimmed).to_be_visible()
    position = app.locator(".gd-hand button.gd-card").evaluate_all(
        "(cards, target) => cards.findIndex(c => c.disabled)", None)
    card = twin.state.observe(twin.human)["hand"][position]
    assert card in dimmed.inner_text()
    box = dimmed.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # as a player clicks
    reason = twin.why_not(card)
    assert reason
    expect(app.locator(".widget-output").filter(has_text=reason)).to_have_count(1)
    expect(app.locator(".gd-msg", has_text=f"{card}: {reason}")).to_be_visible()
    offline_page.screenshot("why")
    assert_no_emoji(page, "The Diet Game with a reason shown")
    assert offline_page.refused == []


#: The Event Actions whose targets are chosen on GYM's board, as the Event Action menu names them.
BOARD_ACTIONS = ("Lift", "Switch", "Swap", "Move")

#: How an element is drawn: its border (a target's is dashed, a chosen one's solid with a ring).
LOOK_JS = """(el) => { const s = getComputedStyle(el);
  return {border: s.borderTopStyle, ring: s.boxShadow, disabled: el.disabled}; }"""


def to_a_board_action(page, app, selector: str, limit: int = 120) -> str:
    """Play GYM's guided turns until your Event Action step offers an Action whose targets
    are on the board; choose it in the Event Action menu and return its name."""
    header = app.locator(".gd-header")
    for _ in range(limit):
        menu = app.locator(".gd-controls select:visible").filter(has=page.locator("option", has_text="No action"))
        if menu.count():
            offered = [label for label in menu.locator("option").all_inner_texts() if label in BOARD_ACTIONS]
            if offered:
                menu.select_option(label=offered[0])
                settle(page, selector)
                return offered[0]
        row = app.locator(".gd-row button:not([disabled])")
        controls = app.locator(".gd-controls button.widget-button:visible")
        if row.count():
            button = row.first
        elif controls.first.is_enabled():
            button = controls.first
        else:
            button = controls.nth(1)
        click_and_settle(page, selector, button)
    raise AssertionError(f"GYM: no Event Action on the board after {limit} clicks: {header.inner_text()}")


@pytest.mark.parametrize("width,height", [(1366, 768), (1024, 768)])
def test_gym_event_action_targets_are_highlighted_on_the_board_and_take_the_click(voila_app, offline_page, width, height):
    page, app = open_app(offline_page, voila_app, "gym.ipynb", ".gd-gym", width, height)
    action = to_a_board_action(page, app, ".gd-gym")
    app.locator(".gd-header").evaluate("(el) => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    offline_page.screenshot(f"{width}-event-action")
    for part in (".gd-header", ".gd-board", ".gd-controls"):  # the choice and where it lands, on one screen
        assert_inside(on_screen(app.locator(part)), f"GYM's {part} during {action} at {width} x {height}")
    targets = app.locator(".gd-board button.gd-target")
    assert targets.count() >= 1, f"{action}: no target on the board"
    for i in range(targets.count()):
        target = targets.nth(i)
        assert_inside(on_screen(target), f"{action} target {target.inner_text()!r} at {width} x {height}")
        look = target.evaluate(LOOK_JS)
        assert not look["disabled"], f"{action} target {target.inner_text()!r} cannot be clicked"
        # Highlighted beside the other Kids on the board: dashed, or solid with a ring once chosen.
        assert look["border"] == "dashed" or (look["border"] == "solid" and look["ring"] != "none"), look
    plain = app.locator(".gd-board .gd-boardcol > .widget-html").first
    assert plain.evaluate(LOOK_JS)["border"] != "dashed"  # a cell that is no target is not highlighted
    waiting = targets.filter(has_text="choose").filter(has_not_text="chosen")
    pick = waiting.first if waiting.count() else targets.first
    kid = pick.inner_text().split(" (")[0].removeprefix("Move ").split(" here")[0]
    click_and_settle(page, ".gd-gym", pick)
    choice = app.locator(".gd-controls select:visible").nth(1)
    assert kid in choice.evaluate("(el) => el.options[el.selectedIndex].text"), "the board's click is not the Choice"
    chosen = app.locator(".gd-board button.gd-target.gd-best")
    expect(chosen.filter(has_text=kid)).to_have_count(1)  # the board shows the choice
    click_and_settle(page, ".gd-gym", app.locator(".gd-controls button.widget-button", has_text="Do it"))
    expect(app.locator(".gd-msg").first).to_contain_text(f"You played: {action}")
    expect(app.locator(".gd-msg").first).to_contain_text(kid)
    assert offline_page.refused == []
