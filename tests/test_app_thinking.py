"""Playing against the search bot: a "thinking…" line while bots move, and a click that
answers within about a second (plain "search" in an app plays to a time budget)."""

from __future__ import annotations

import time

import pytest

import gamedesign
from gamedesign.apps.common import CLICK_SECONDS, app_bot, seat_bots
from gamedesign.apps.gym import GymApp
from gamedesign.apps.legday import LegDayApp


def test_plain_search_in_an_app_thinks_to_a_time_budget_and_search_n_keeps_its_playouts():
    game = gamedesign.load("legday", players=4)
    bots = seat_bots(game, [None, "search", "search", "search"], seed=1)
    assert all(bot.time_budget and bot.time_budget * 3 <= CLICK_SECONDS for bot in bots.values())
    fixed = app_bot("search:50", game)
    assert fixed.time_budget is None and fixed.iterations == 50


def test_the_thinking_line_shows_while_bots_move_and_goes_after():
    app = LegDayApp(players=3, seed=2)
    seen = []
    app.thinking_view.observe(lambda change: seen.append(change["new"]), names="value")
    app.hand_box.children[0].play_button.click()
    assert any("thinking…" in value for value in seen)
    assert app.thinking_view.value == ""


@pytest.mark.parametrize("make", [lambda: LegDayApp(players=4, seed=1, bots="search"),
                                  lambda: GymApp(players=2, seed=1, bots="search")], ids=["legday", "gym"])
def test_a_click_against_search_bots_answers_quickly(make):
    app = make()
    if isinstance(app, LegDayApp):
        click = app.hand_box.children[0].play_button.click
    else:
        click = [b for b in app.row_box.children if not b.disabled][0].click
    start = time.perf_counter()
    click()
    # The budget is CLICK_SECONDS; the rest is the margin of a shared test machine.
    assert time.perf_counter() - start < 3 * CLICK_SECONDS + 1
