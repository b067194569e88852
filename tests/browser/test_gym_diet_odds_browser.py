"""GYM, The Diet Game and the odds explorer in JupyterLab: run every cell, then play."""

from __future__ import annotations

import pytest
from browser_ui import (
    expect,
    PANEL,
    assert_charts_drawn,
    assert_clean,
    assert_keyboard_reachable,
    contrast_failures,
    open_and_run_all,
    outside_requests,
    play_diet,
    play_gym,
    settle,
)

pytestmark = pytest.mark.browser


def test_gym_plays_to_the_end_in_jupyterlab(lab, offline_page):
    page, notebook = offline_page.page, "notebooks/02_gym.ipynb"
    panel = open_and_run_all(page, lab, notebook)
    assert_charts_drawn(panel, notebook, "GYM in JupyterLab")
    expect(panel.locator(".gd-gym")).to_have_count(2)  # the game against the bots, and the hot-seat table
    app = panel.locator(".gd-gym:not(.gd-at-the-table .gd-gym)")
    app.scroll_into_view_if_needed()
    assert_keyboard_reachable(app, "GYM")
    assert contrast_failures(app) == []
    moves = play_gym(page, f"{PANEL} .gd-gym:not(.gd-at-the-table .gd-gym)", lambda label: offline_page.screenshot(label, app))
    assert moves > 5
    expect(app.locator(".gd-header")).to_contain_text("Game over")
    final = app.locator("table.gd-table").filter(has_text="Team A").filter(has_text="Total")
    expect(final.first).to_be_visible()
    expect(app.get_by_text("Your team wins!").or_(app.get_by_text("Your team loses."))).to_have_count(1)
    expect(app.locator("b", has_text="wins")).not_to_have_count(0)
    offline_page.screenshot("finished", app)
    assert contrast_failures(app) == []
    assert_clean(panel, "GYM in JupyterLab")
    assert outside_requests(offline_page.refused) == []


def test_diet_plays_to_the_end_in_jupyterlab(lab, offline_page):
    page, notebook = offline_page.page, "notebooks/03_diet.ipynb"
    panel = open_and_run_all(page, lab, notebook)
    assert_charts_drawn(panel, notebook, "Diet in JupyterLab")
    expect(panel.locator(".gd-diet")).to_have_count(2)  # the game against the bots, and the hot-seat table
    app = panel.locator(".gd-diet:not(.gd-at-the-table .gd-diet)")
    app.scroll_into_view_if_needed()
    assert_keyboard_reachable(app, "Diet")
    assert contrast_failures(app) == []
    moves = play_diet(page, f"{PANEL} .gd-diet:not(.gd-at-the-table .gd-diet)", lambda label: offline_page.screenshot(label, app))
    assert moves > 5
    status = app.locator(".gd-status")
    text = status.inner_text()
    assert " won" in text or "Draw:" in text, text
    expect(app.get_by_text("pounds").first).to_be_visible()
    assert app.locator(".gd-hand button:not([disabled]), .gd-actions button").count() == 0
    offline_page.screenshot("finished", app)
    assert contrast_failures(app) == []
    assert_clean(panel, "Diet in JupyterLab")
    assert outside_requests(offline_page.refused) == []


def test_odds_explorer_draws_and_simulates_in_jupyterlab(lab, offline_page):
    page, notebook = offline_page.page, "notebooks/04_odds.ipynb"
    panel = open_and_run_all(page, lab, notebook)
    explorer = panel.locator(".gd-odds")
    expect(explorer).to_have_count(1)
    assert_charts_drawn(panel, notebook, "odds explorer in JupyterLab", in_widgets=1)
    assert_keyboard_reachable(explorer, "odds explorer")
    assert contrast_failures(explorer) == []
    explorer.get_by_role("button", name="Simulate 10,000 hands").click()
    expect(explorer).to_contain_text("Simulated:")
    settle(page, f"{PANEL} .gd-odds")
    offline_page.screenshot("simulated", explorer)
    assert contrast_failures(explorer) == []
    assert_clean(panel, "odds notebook in JupyterLab")
    assert outside_requests(offline_page.refused) == []

