"""Simulation at scale: any executor, the same table as a serial run, progress bars."""

from __future__ import annotations

import importlib
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pandas as pd
import pytest

import gamedesign

# ``gamedesign.simulate`` is the function; the module holds the settings patched here.
simulation = importlib.import_module("gamedesign.simulate")


@pytest.mark.parametrize("name", gamedesign.GAMES)
def test_a_process_pool_gives_the_serial_table(name):
    game = gamedesign.load(name)
    bots = ["random"] * game.num_players
    serial = gamedesign.simulate(game, bots, games=24, seed=4)
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = gamedesign.simulate(game, bots, games=24, seed=4, executor=pool, chunk_size=5)
    pd.testing.assert_frame_equal(serial, parallel)


def test_any_executor_and_any_chunking_give_the_same_table():
    game = gamedesign.load("legday", players=3)
    bots = ["greedy", "random", "random"]
    serial = gamedesign.simulate(game, bots, games=30, seed=8)
    with ThreadPoolExecutor(max_workers=3) as pool:
        for size in (1, 7, 30):
            threaded = gamedesign.simulate(game, bots, games=30, seed=8, executor=pool, chunk_size=size)
            pd.testing.assert_frame_equal(serial, threaded)
    assert list(serial["game"]) == [g for g in range(30) for _ in range(3)]


def test_workers_make_a_pool_and_large_runs_use_one_by_default(monkeypatch):
    made = []

    class CountingPool(ThreadPoolExecutor):
        def __init__(self, max_workers):
            made.append(max_workers)
            super().__init__(max_workers=max_workers)

    monkeypatch.setattr(simulation, "ProcessPoolExecutor", CountingPool)
    game = gamedesign.load("legday", players=2)
    small = gamedesign.simulate(game, "random", games=12, seed=1)
    assert made == []  # small runs stay serial
    pooled = gamedesign.simulate(game, "random", games=12, seed=1, workers=2)
    assert made == [2]
    monkeypatch.setattr(simulation, "PARALLEL_FROM", 10)
    monkeypatch.setattr(simulation.os, "cpu_count", lambda: 3)
    large = gamedesign.simulate(game, "random", games=12, seed=1)
    assert made == [2, 3]
    pd.testing.assert_frame_equal(small, pooled)
    pd.testing.assert_frame_equal(small, large)


def test_bot_objects_travel_to_workers():
    from gamedesign.search import SearchBot

    game = gamedesign.load("legday", players=2)
    bots = [SearchBot(iterations=4), "random"]
    serial = gamedesign.simulate(game, bots, games=4, seed=2)
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = gamedesign.simulate(game, bots, games=4, seed=2, executor=pool, chunk_size=2)
    pd.testing.assert_frame_equal(serial, parallel)
    assert set(serial["bot"]) == {"search", "random"}


def test_progress_bar_on_request_and_off_for_small_runs(capsys):
    game = gamedesign.load("legday", players=2)
    gamedesign.simulate(game, "random", games=6, seed=1)
    assert "simulating" not in capsys.readouterr().err
    gamedesign.simulate(game, "random", games=6, seed=1, progress=True, chunk_size=2)
    assert "simulating" in capsys.readouterr().err


def test_bad_scale_arguments_are_refused():
    game = gamedesign.load("legday", players=2)
    with pytest.raises(ValueError, match="workers"):
        gamedesign.simulate(game, "random", games=2, workers=0)
    with pytest.raises(ValueError, match="executor"):
        gamedesign.simulate(game, "random", games=2, executor="many")
    with pytest.raises(ValueError, match="unknown bot"):
        with ThreadPoolExecutor(1) as pool:
            gamedesign.simulate(game, ["random", "genius"], games=2, executor=pool)


def test_a_dask_cluster_gives_the_serial_table():
    """A Dask cluster runs the same games through its concurrent.futures executor."""
    distributed = pytest.importorskip("distributed")
    game = gamedesign.load("legday", players=4)
    bots = ["greedy", "random", "random", "random"]
    serial = gamedesign.simulate(game, bots, games=16, seed=6)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        on_dask = gamedesign.simulate(game, bots, games=16, seed=6, executor=client.get_executor(), chunk_size=4)
    pd.testing.assert_frame_equal(serial, on_dask)
