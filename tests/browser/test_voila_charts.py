"""Every notebook with charts, opened as an app the way the Binder link does
(``/voila/render/notebooks/NAME.ipynb`` on the JupyterLab server): charts drawn offline,
apps shown, no error. Leg Day is played to the end in its own Voilà app elsewhere."""

from __future__ import annotations

import pytest
from browser_ui import assert_charts_drawn, assert_clean, expect, outside_requests

pytestmark = pytest.mark.browser

APPS = {
    "notebooks/02_gym.ipynb": (".gd-gym", 0),
    "notebooks/03_diet.ipynb": (".gd-diet", 0),
    "notebooks/04_odds.ipynb": (".gd-odds", 1),
    "notebooks/02b_who_wins.ipynb": (None, 0),
    "notebooks/03b_race.ipynb": (None, 0),
    "notebooks/05_design_lab.ipynb": (None, 0),
    "notebooks/05b_what_if.ipynb": (".gd-lab", 0),
    "notebooks/06_design_assignment.ipynb": (None, 0),
    "notebooks/04b_how_sure.ipynb": (None, 0),
    "notebooks/07_bots.ipynb": (None, 0),
}


@pytest.mark.parametrize("notebook", list(APPS), ids=lambda path: path.split("/")[-1].removesuffix(".ipynb"))
def test_notebook_as_voila_app_draws_its_charts(lab, offline_page, notebook):
    app_class, charts_in_widgets = APPS[notebook]
    page = offline_page.page
    page.goto(f"{lab}/voila/render/{notebook}", wait_until="domcontentloaded")
    body = page.locator("body")
    # Voilà streams the cells as they run; the last cell's output marks the end.
    expect(page.locator(".jp-Cell").last).to_be_attached(timeout=180_000)
    if app_class:
        # one app against the bots (lessons 2 and 3 also hold a hot-seat table: a second one)
        expect(page.locator(app_class).first).to_be_visible(timeout=180_000)
    assert_charts_drawn(body, notebook, f"{notebook} in Voilà", in_widgets=charts_in_widgets)
    offline_page.screenshot("app", page.locator(app_class).first if app_class else None)
    assert "There was an error when executing cell" not in body.inner_text()
    assert_clean(body, f"{notebook} in Voilà")
    assert outside_requests(offline_page.refused, voila=True) == []
