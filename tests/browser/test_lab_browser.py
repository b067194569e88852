"""The design lab in JupyterLab: the notebook runs clean and the what-if app runs games."""

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

LAB = "notebooks/05b_what_if.ipynb"  # the part of lesson 5 with the what-if app


def test_design_lab_runs_and_its_app_plays_games_in_jupyterlab(lab, offline_page):
    page = offline_page.page
    panel = open_and_run_all(page, lab, LAB, timeout_ms=300_000)
    assert_charts_drawn(panel, LAB, "design lab")
    app = panel.locator(".gd-lab")
    expect(app).to_have_count(1)
    app.scroll_into_view_if_needed()
    offline_page.screenshot("app", app)
    assert_keyboard_reachable(app, "design lab")
    assert contrast_failures(app) == []

    app.locator("button.widget-button", has_text="Run").click()
    expect(app.get_by_role("status")).to_contain_text("Done: 100 games per variant", timeout=180_000)
    # The chosen measures with their labels, then the summary, seat and card-value charts of the standard rules.
    expect(app.locator("table").filter(has_text="Gap between seats").first).to_be_visible()
    assert_charts_drawn(panel, LAB, "design lab app", in_widgets=3)
    offline_page.screenshot("ran", app)
    assert contrast_failures(app) == []
    assert_clean(panel, "design lab")
    assert outside_requests(offline_page.refused) == []
