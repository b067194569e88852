"""Simulation at scale: any executor, the same table as a serial run, progress bars."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pandas as pd
import pytest

import gamedesign
import gamedesign.bots

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
        def __init__(self, max_workers, mp_context=None, **pool_settings):
            made.append(max_workers)
            super().__init__(max_workers=max_workers)

    monkeypatch.setattr(simulation, "ProcessPoolExecutor", CountingPool)
    game = gamedesign.load("legday", players=2)
    small = gamedesign.simulate(game, "random", games=12, seed=1, batch=False)
    assert made == []  # small runs stay serial
    pooled = gamedesign.simulate(game, "random", games=12, seed=1, workers=2, batch=False)
    assert made == [2]
    monkeypatch.setattr(simulation, "PARALLEL_FROM", 10)
    monkeypatch.setattr(simulation.os, "cpu_count", lambda: 3)
    large = gamedesign.simulate(game, "random", games=12, seed=1, batch=False)
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


def test_one_bot_object_in_two_seats_is_refused():
    from gamedesign.bots import RandomBot

    bot = RandomBot()
    with pytest.raises(ValueError, match="seats 0 and 2 are given the same bot object"):
        gamedesign.simulate(gamedesign.load("legday", players=3), [bot, "random", bot], games=2)


def test_batch_path_refuses_what_it_cannot_play(monkeypatch):
    with pytest.raises(ValueError, match="plays only bots named"):
        gamedesign.simulate(gamedesign.load("legday"), "search", games=10, batch=True)
    from gamedesign.registry import game_module

    monkeypatch.delattr(game_module("diet"), "batch_table")
    with pytest.raises(ValueError, match="The Diet Game has no batch path"):
        gamedesign.simulate(gamedesign.load("diet"), "random", games=10, batch=True)


def test_batch_chunks_give_the_same_table_on_any_executor():
    """Leg Day with chunks of 10,000: two chunks in a pool give the serial table."""
    game = gamedesign.load("legday", players=3)
    serial = gamedesign.simulate(game, "random", games=12_000, seed=4, batch=True, workers=1)
    pooled = gamedesign.simulate(game, "random", games=12_000, seed=4, batch=True, workers=2)
    pd.testing.assert_frame_equal(serial, pooled)
    assert list(serial.game.unique()) == list(range(12_000))


# ----------------------------------------------------------------------------------------
# Pools that fail fast, stay deterministic, and end with their parent
# ----------------------------------------------------------------------------------------


class LockedBot(gamedesign.bots.RandomBot):
    """A random bot holding a lock: it cannot be pickled for worker processes."""

    name = "locked"

    def __init__(self):
        super().__init__()
        import threading

        self.lock = threading.Lock()


def test_a_bot_that_cannot_be_pickled_is_refused_at_once_by_process_pools():
    game = gamedesign.load("legday", players=2)
    with pytest.raises(ValueError, match=r"seat 0 \('locked'\) cannot be pickled.*workers=1"):
        gamedesign.simulate(game, [LockedBot(), "random"], games=40, seed=1, workers=2)
    with ProcessPoolExecutor(max_workers=2) as pool:
        with pytest.raises(ValueError, match="cannot be pickled.*ThreadPoolExecutor"):
            gamedesign.simulate(game, [LockedBot(), "random"], games=40, seed=1, executor=pool)


def test_a_default_pool_plays_an_unpicklable_bot_here_with_a_warning(monkeypatch):
    monkeypatch.setattr(simulation, "PARALLEL_FROM", 10)
    game = gamedesign.load("legday", players=2)
    with pytest.warns(RuntimeWarning, match=r"cannot be pickled .*, so the 40 games are played in this process"):
        table = gamedesign.simulate(game, [LockedBot(), "random"], games=40, seed=1)
    serial = gamedesign.simulate(game, [LockedBot(), "random"], games=40, seed=1, workers=1)
    pd.testing.assert_frame_equal(table, serial)


def test_bot_objects_on_threads_give_the_serial_table():
    """Each chunk plays with its own copies of the bot objects, so threads share none."""
    from gamedesign.bots import RandomBot

    game = gamedesign.load("diet", players=2)
    serial = gamedesign.simulate(game, [RandomBot(), RandomBot()], games=16, seed=3)
    for _ in range(2):
        with ThreadPoolExecutor(max_workers=4) as pool:
            threaded = gamedesign.simulate(game, [RandomBot(), RandomBot()], games=16, seed=3, executor=pool, chunk_size=2)
        pd.testing.assert_frame_equal(serial, threaded)


class FailingLate(gamedesign.bots.RandomBot):
    """Raises once its hand is small."""

    name = "failing"

    def act(self, observation, legal_actions):
        if len(legal_actions) < 5:
            raise KeyError("late in the game")
        return super().act(observation, legal_actions)


def test_a_bot_error_in_a_worker_process_names_its_game_and_seeds():
    from gamedesign.bots import BotError

    game = gamedesign.load("legday", players=2)
    with pytest.raises(BotError, match=r"seat 1 \(bot 'failing'\), game 0 \(game seed \d+, run seed 5\): the bot raised KeyError"):
        gamedesign.simulate(game, ["random", FailingLate()], games=8, seed=5, workers=2, chunk_size=2)


def _children(pid: int) -> list[int]:
    """The live processes whose parent is ``pid`` (Linux)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                out.append(int(entry))
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _wait(condition, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


SLOW_RUN = """
import time, gamedesign
from gamedesign.bots import RandomBot

class Slow(RandomBot):
    def act(self, observation, legal_actions):
        time.sleep(0.01)
        return super().act(observation, legal_actions)

gamedesign.simulate(gamedesign.load("legday", players=2), [Slow(), "random"], games=2000, seed=1, workers=2)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_worker_processes_end_when_their_parent_is_killed():
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(gamedesign.__file__)))
    parent = subprocess.Popen([sys.executable, "-c", SLOW_RUN], env=env)
    try:
        assert _wait(lambda: len(_children(parent.pid)) >= 2, 60), "no workers started"
        workers = _children(parent.pid)
        parent.kill()
        parent.wait(timeout=10)
        assert _wait(lambda: not any(_alive(pid) for pid in workers), 10), "workers outlived their parent"
    finally:
        parent.kill()


@pytest.mark.parametrize("name, players", [("legday", 4), ("gym", 2), ("diet", 4)])
def test_simulate_takes_the_batch_path_by_itself_and_says_so(name, players):
    game = gamedesign.load(name, players=players)
    default = gamedesign.simulate(game, "random", games=30, seed=4)
    assert default.attrs["path"] == "batch"
    pd.testing.assert_frame_equal(default, gamedesign.simulate(game, "random", games=30, seed=4, batch=True))
    engine = gamedesign.simulate(game, "random", games=30, seed=4, batch=False)
    assert engine.attrs["path"] == "object"
    assert list(engine.columns) and set(engine.columns) == set(default.columns)


def test_simulate_keeps_the_object_path_for_bots_a_batch_path_does_not_play():
    from gamedesign.bots import make_bot

    game = gamedesign.load("legday", players=2)
    for bots in (["random", make_bot("random", game)], ["search:2", "random"]):
        table = gamedesign.simulate(game, bots, games=2, seed=1)
        assert table.attrs["path"] == "object"
    assert simulation.batch_path(game, ["random", "search"]) is None
    assert simulation.batch_path(game, "random") is not None
    with pytest.raises(ValueError, match="batch path plays only bots named"):
        gamedesign.simulate(game, ["random", "search:2"], games=2, seed=1, batch=True)


def test_a_subclass_of_a_game_plays_on_the_engine():
    from gamedesign.games.legday import GAME_CLASS

    class HouseRules(GAME_CLASS):
        """A class's own rules may differ from what the batch path plays."""

    game = HouseRules(players=4)
    assert simulation.batch_path(game, "random") is None
    assert gamedesign.simulate(game, "random", games=3, seed=1).attrs["path"] == "object"
