"""The notebooks without a game, and Leg Day as a learner meets it: JupyterLab and a Voilà app."""

from __future__ import annotations

import pytest
from browser_ui import (
    expect,
    assert_charts_drawn,
    assert_clean,
    assert_keyboard_reachable,
    contrast_failures,
    open_and_run_all,
    outside_requests,
)

pytestmark = pytest.mark.browser

LEGDAY = "notebooks/01_legday.ipynb"
LEGDAY_APP = "notebooks/apps/legday.ipynb"


@pytest.mark.parametrize(
    "notebook", ["notebooks/00_start_here.ipynb", "notebooks/06_design_assignment.ipynb"], ids=["start", "design"]
)
def test_notebook_runs_clean_in_jupyterlab(lab, offline_page, notebook):
    panel = open_and_run_all(offline_page.page, lab, notebook)
    assert_charts_drawn(panel, notebook, notebook)
    assert_clean(panel, notebook)
    offline_page.screenshot("ran")
    assert outside_requests(offline_page.refused) == []


def play_legday(page, app, shoot) -> None:
    """Click the first card of the hand every day until the two weeks are over.

    A hand holds 9 cards on day 1 and one fewer each day; waiting for that count before a
    click makes sure the click lands on today's hand, not on the one being replaced.
    """
    header = app.locator(".gd-header")
    cards = app.locator("button.gd-play:not([disabled])")
    for day in range(14):
        expect(header).to_contain_text(f"Week {day // 7 + 1} · Day {day % 7 + 1} of 7")
        expect(cards).to_have_count(9 - day % 7)
        if day == 0:  # by keyboard: Tab from the first card to the second, Enter plays it
            cards.first.focus()
            page.keyboard.press("Tab")
            expect(cards.nth(1)).to_be_focused()
            page.keyboard.press("Enter")
            continue
        cards.first.click()
        if day == 7:  # just after a Home Day: the bots' face-down picks are the outlined ones
            expect(header).to_contain_text("Week 2 · Day 2 of 7")
            expect(app.locator(".gd-minicard.gd-down.gd-new")).to_have_count(3)
            shoot("mid-play")
    expect(header).to_contain_text("Two weeks done")
    expect(cards).to_have_count(0)


def assert_legday_finished(app) -> None:
    status = app.get_by_role("status")
    expect(status).to_contain_text("Game over. Winner:")
    scores = app.locator("table.gd-table").filter(has_text="Total")
    expect(scores).to_be_visible()
    assert scores.locator("tr").count() == 5  # a header and four players
    for name in ("You", "Bot 1", "Bot 2", "Bot 3"):
        expect(scores.locator("th", has_text=name)).to_have_count(1)
    expect(app.get_by_text("Decided by:")).to_be_visible()
    assert "winner" in scores.inner_text()
    assert app.locator("button.gd-play:not([disabled])").count() == 0


def test_legday_plays_to_the_end_in_jupyterlab(lab, offline_page):
    page = offline_page.page
    panel = open_and_run_all(page, lab, LEGDAY)
    app = panel.locator(".gd-legday")
    expect(app).to_have_count(1)
    expect(app.locator(".gd-header")).to_contain_text("Week 1 · Day 1 of 7")
    assert_charts_drawn(panel, LEGDAY, "Leg Day in JupyterLab")

    app.scroll_into_view_if_needed()
    assert_keyboard_reachable(app, "Leg Day")
    assert contrast_failures(app) == []
    play_legday(page, app, lambda label: offline_page.screenshot(label, app))
    assert contrast_failures(app) == []
    assert_legday_finished(app)
    offline_page.screenshot("finished", app)
    assert_clean(panel, "Leg Day in JupyterLab")
    assert outside_requests(offline_page.refused) == []


def test_legday_plays_to_the_end_as_a_voila_app(voila_app, offline_page):
    page = offline_page.page
    page.goto(f"{voila_app}/voila/render/legday.ipynb", wait_until="domcontentloaded")
    body = page.locator("body")
    app = page.locator(".gd-legday")
    expect(app).to_have_count(1, timeout=120_000)
    expect(app.locator(".gd-header")).to_contain_text("Week 1 · Day 1 of 7", timeout=60_000)
    assert_charts_drawn(body, LEGDAY_APP, "Leg Day in Voilà")

    play_legday(page, app, lambda label: offline_page.screenshot(label, app))
    assert_legday_finished(app)
    offline_page.screenshot("finished", app)
    offline_page.screenshot("page")
    assert "There was an error when executing cell" not in body.inner_text()
    assert_clean(body, "Leg Day in Voilà")
    assert outside_requests(offline_page.refused, voila=True) == []
