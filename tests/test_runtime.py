"""Where the course runs (``gamedesign.where()``), and what a run does where no process can
start (the browser, JupyterLite): one worker, and a clear error when more are asked for.

The same code is run in the browser itself by ``tests/browser/test_lite.py``."""

from __future__ import annotations

import altair as alt
import pandas as pd
import pytest

import gamedesign
from gamedesign import runtime
from gamedesign.charts import lab as charts
from gamedesign.lab import balance, record_games, run_variants
from gamedesign.lab.variants import Variant


def test_where_names_the_browser_binder_or_a_computer(monkeypatch):
    for name in runtime.BINDER_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    assert gamedesign.where() == "local"
    monkeypatch.setenv("BINDER_LAUNCH_HOST", "https://mybinder.org/")
    assert gamedesign.where() == "binder"
    monkeypatch.setattr(runtime, "IN_BROWSER", True)
    assert gamedesign.where() == "jupyterlite"


@pytest.fixture
def in_browser(monkeypatch):
    """This Python as the browser's: no processes can start (os.cpu_count() says 2 or more
    here, so the defaults must not follow it)."""
    monkeypatch.setattr(runtime, "CAN_START_PROCESSES", False)
    monkeypatch.setattr(runtime, "IN_BROWSER", True)
    monkeypatch.setattr(runtime.os, "cpu_count", lambda: 4)


def test_in_the_browser_large_runs_play_here_with_one_worker(in_browser):
    game = gamedesign.load("legday", players=2)
    from gamedesign.simulate import PARALLEL_FROM, max_workers

    assert max_workers() == 1 and runtime.cores() == 1
    table = gamedesign.simulate(game, "random", games=PARALLEL_FROM, seed=3, batch=False)
    assert len(table) == 2 * PARALLEL_FROM
    batch = gamedesign.simulate(game, "random", games=PARALLEL_FROM, seed=3, batch=True)
    assert len(batch) == 2 * PARALLEL_FROM
    assert len(record_games(game, "random", games=450, seed=1)) == 450


@pytest.mark.parametrize("batch", [False, True])
def test_in_the_browser_more_workers_are_refused_with_what_is_allowed(in_browser, batch):
    game = gamedesign.load("legday", players=2)
    with pytest.raises(ValueError, match=r"workers=2 asks for 2 worker processes.*browser.*give workers=1"):
        gamedesign.simulate(game, "random", games=100, seed=1, workers=2, batch=batch)
    one = gamedesign.simulate(game, "random", games=100, seed=1, workers=1, batch=batch)
    assert one.equals(gamedesign.simulate(game, "random", games=100, seed=1, batch=batch))


def test_in_the_browser_the_lab_refuses_more_workers_too(in_browser):
    game = gamedesign.load("legday", players=2)
    with pytest.raises(ValueError, match=r"workers=3 asks for 3 worker processes.*browser"):
        record_games(game, "random", games=600, seed=1, workers=3)
    with pytest.raises(ValueError, match=r"workers=2 asks for 2 worker processes.*browser"):
        run_variants([Variant("legday", players=2), Variant("legday", players=2, name="again")], "random",
                     games=300, workers=2)
    space = {"options.curl_overflow": ["cap", "new_set"]}
    goal = balance.card_value("Bench Press", 1.7, 2.2)
    budget = {"trials": 2, "games": 20, "confirm_games": 20}
    with pytest.raises(ValueError, match=r"workers=2 asks for 2 worker processes.*browser"):
        balance.search_balance(Variant("legday", players=3), space, goal, budget=budget, workers=2)
    found = balance.search_balance(Variant("legday", players=3), space, goal, budget=budget)
    assert len(found.trials) == 2


def test_in_the_browser_save_chart_says_how_to_save_a_chart_there(in_browser, tmp_path):
    chart = alt.Chart(pd.DataFrame({"seat": [0, 1], "won": [0.4, 0.6]})).mark_bar().encode(x="seat:O", y="won:Q")
    with pytest.raises(ValueError, match=r"cannot write PNG or SVG in the browser.*Save as PNG"):
        charts.save_chart(chart, tmp_path / "seats.png")
    assert not (tmp_path / "seats.png").exists()
