"""Play many games between bots and collect the results in a tidy table.

Simulation at scale: games are split into chunks, each chunk carrying the seeds of its
games, so any ``concurrent.futures.Executor`` can play them (a process pool on this
machine, or a Dask cluster through ``client.get_executor()``) and the table is the same,
row for row, as a serial run with the same seed.

On a Dask cluster (``pip install "gamedesign[cluster]"``)::

    from dask.distributed import Client
    client = Client("tcp://scheduler-address:8786")      # or Client() for a local cluster
    table = gamedesign.simulate(game, ["search", "greedy"], games=20_000, seed=1,
                                executor=client.get_executor())

Every worker needs ``gamedesign`` installed (the same version); bots given by name are
built there, bot objects are sent pickled.
"""

from __future__ import annotations

import multiprocessing
import os
import warnings
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Sequence

import numpy as np
import pandas as pd

from .bots import bot_label, make_bot

#: Runs of at least this many games use all the machine's cores when no executor is given.
PARALLEL_FROM = 2000

#: Runs of at least this many games show a progress bar (once they have run for a
#: second) unless ``progress=False``. Smaller runs print nothing, so notebook outputs
#: stay the same from run to run.
PROGRESS_FROM = 20_000


def lineup(game, bots, games: int) -> tuple[list, list[str]]:
    """Check a run's bots (one per seat, or one name for every seat) and game count.

    Returns the bot specs per seat and their labels for the table.
    """
    n = game.num_players
    bots = [bots] * n if isinstance(bots, str) else list(bots)
    if len(bots) != n:
        raise ValueError(f"give one bot per seat: {n} for this game, not {len(bots)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number 1 or more, not {games!r}")
    seen: dict[int, int] = {}
    for seat, spec in enumerate(bots):
        if not isinstance(spec, str):
            if id(spec) in seen:
                raise ValueError(
                    f"seats {seen[id(spec)]} and {seat} are given the same bot object; a bot remembers its seat "
                    "and its generator, so give each seat its own bot (or a bot name)"
                )
            seen[id(spec)] = seat
    labels = [bot_label(spec) for spec in bots]
    return bots, labels


def _seeds(seed: int, games: int) -> list[tuple[int, list[int]]]:
    """Independent (game seed, bot seeds) per game, all derived from one seed."""
    out = []
    for child in np.random.SeedSequence(seed).spawn(games):
        words = child.generate_state(8, dtype=np.uint32)
        out.append((int(words[0]), [int(w) for w in words[1:]]))
    return out


def play_game(state, bots: Sequence, bot_seeds: Sequence[int] | None = None, on_move=None, until=None):
    """Play ``state`` to its end with one bot per seat; returns the state.

    Each bot sees only ``state.observe(seat)`` and ``state.legal_actions(seat)`` (a bot
    whose ``uses_observation`` is False is given ``None`` instead of an observation).
    ``on_move(seat, action, state)`` is called after every move, if given; with
    ``until(state)`` the play stops as soon as it returns True (checked before each round).
    """
    game = state.game
    if bot_seeds is not None:
        for seat, bot in enumerate(bots):
            bot.reset(game, seat, bot_seeds[seat % len(bot_seeds)])
    looks = [getattr(bot, "uses_observation", True) for bot in bots]
    while True:
        movers = state.to_move()
        if not movers or (until is not None and until(state)):
            return state
        # Simultaneous movers all choose before any of their choices is applied.
        choices = []
        for seat in movers:
            legal = state.legal_actions(seat)
            action = bots[seat].act(state.observe(seat) if looks[seat] else None, legal)
            choices.append((seat, action, legal))
        for seat, action, legal in choices:
            if not isinstance(action, str) and action in legal:
                state._apply(seat, action)  # already checked: skip apply()'s second look-up
            else:
                state.apply(seat, action)  # parses text, or explains why the move is illegal
            if on_move is not None:
                on_move(seat, action, state)


def simulate(
    game,
    bots,
    games: int = 1000,
    seed: int = 0,
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool | None = None,
    chunk_size: int | None = None,
    batch: bool = False,
) -> pd.DataFrame:
    """Play ``games`` games of ``game`` between ``bots`` (one per seat) from ``seed``.

    ``bots`` is a list with a bot name (``"random"``, ``"greedy"``, ``"search"``) or a bot
    object per seat, or a single name for every seat. Returns one row per player per game
    with columns ``game``, ``seat``, ``bot``, ``score``, ``points_<category>`` ...,
    ``eliminated``, ``won`` and ``draw``, then the game's own facts from
    ``Result.details``: a number or text becomes a column as it is, a list with one entry
    per seat gives each row its seat's entry. The same seed gives the same table.

    Scale:

    * ``executor``: any ``concurrent.futures.Executor`` (a ``ProcessPoolExecutor``, or
      ``dask.distributed.Client(...).get_executor()`` for a cluster). Games go out in
      seeded chunks; the table is identical to a serial run's. Bots given by name are
      built afresh in the workers; bot objects are copied there (so they must be
      picklable, and must not carry memory from game to game beyond ``reset``).
    * ``workers``: without an executor, how many processes to use; by default all
      cores for runs of ``PARALLEL_FROM`` (2000) games or more, one (serial) below.
    * ``progress``: a progress bar (``tqdm.auto``: a widget in notebooks, text in
      terminals); by default on for runs of ``PROGRESS_FROM`` (20,000) games or more
      that take over a second; ``True`` always, ``False`` never.
    * ``chunk_size``: games per chunk (by default about 16 chunks per worker).
    * ``batch=True``: play with the game's vectorised batch path (numpy, thousands of
      games at once) when it has one for these bots (Leg Day: random and greedy; GYM and
      The Diet Game: random). Same rules, columns and distributions, different random
      streams: the games are not the same as the object engine's for the same seed.
      Games go in chunks of the game's ``BATCH_SIZE`` (``chunk_size`` does not apply),
      side by side on ``executor`` or on ``workers`` processes (by default one per chunk,
      up to the number of cores, when there are two chunks or more); the table is the
      same however the chunks run.
    """
    bots, labels = lineup(game, bots, games)
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise ValueError(f"workers must be a whole number 1 or more, or None, not {workers!r}")
    if executor is not None and not isinstance(executor, Executor) and not hasattr(executor, "submit"):
        raise ValueError(f"executor must be a concurrent.futures.Executor, not {executor!r}")
    for spec in bots:
        make_bot(spec, game)  # refuse unknown names here, before any work is sent out
    if batch:
        return _simulate_batch(game, bots, games, seed, labels, executor, workers, progress)

    own_pool = None
    if executor is None:
        if workers is None:
            workers = (os.cpu_count() or 1) if games >= PARALLEL_FROM else 1
        if workers > 1:
            own_pool = executor = _process_pool(workers)
    parallel = executor is not None
    if chunk_size is None:
        lanes = workers if own_pool is not None else (4 if parallel else 1)
        chunk_size = max(1, min(2000, -(-games // (16 * lanes)))) if parallel else 500
    seeds = _seeds(seed, games)
    tasks = [
        ((game, bots, labels, start, seeds[start : start + chunk_size]), len(seeds[start : start + chunk_size]))
        for start in range(0, games, chunk_size)
    ]
    return _frame(_run(_play_chunk, tasks, executor, own_pool, _progress_bar(games, progress)))


def _run(function, tasks, executor, own_pool, bar) -> list:
    """``function(*args)`` for each ``(args, games)`` task, in order: here, or side by
    side on ``executor``. Updates the progress ``bar`` and closes it and ``own_pool``."""
    parts = []
    try:
        if executor is None:
            for args, games in tasks:
                parts.append(function(*args))
                if bar is not None:
                    bar.update(games)
        else:
            with warnings.catch_warnings():
                # Python 3.12+ warns when forking a process that runs threads (a Jupyter
                # kernel does); the workers only play games, which is safe.
                warnings.filterwarnings("ignore", r".*use of fork\(\) may lead to deadlocks", DeprecationWarning)
                futures = [executor.submit(function, *args) for args, _ in tasks]
            for future, (_, games) in zip(futures, tasks):
                parts.append(future.result())
                if bar is not None:
                    bar.update(games)
    finally:
        if bar is not None:
            bar.close()
        if own_pool is not None:
            own_pool.shutdown(cancel_futures=True)
    return parts


def seat_columns(first: int, games: int, labels) -> dict:
    """The first columns of a batch path's table, one row per seat of each game from
    ``first`` on: ``game``, ``seat`` and ``bot`` (as text, like the engine's table)."""
    n = len(labels)
    return {
        "game": np.repeat(np.arange(first, first + games), n),
        "seat": np.tile(np.arange(n), games),
        "bot": pd.Series(np.tile(np.array(labels, dtype=object), games)).astype("str"),
    }


def _process_pool(workers: int) -> Executor:
    """A pool of ``workers`` processes, forked where the platform can: workers then know
    bots defined in a notebook or a script without a ``__main__`` guard."""
    context = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None
    return ProcessPoolExecutor(max_workers=workers, mp_context=context)


def _simulate_batch(game, bots, games, seed, labels, executor, workers, progress) -> pd.DataFrame:
    """Games in chunks of the game's ``BATCH_SIZE``, each chunk played at once by its
    batch path with its own random stream; chunks run side by side on a pool or an
    executor, and the table is the same however they run."""
    from .registry import game_module

    module = game_module(game.name)
    play = getattr(module, "batch_table", None)
    allowed = getattr(module, "BATCH_BOTS", ())
    if play is None:
        raise ValueError(f"{game.title} has no batch path; use simulate(..., batch=False)")
    if not all(isinstance(b, str) and b in allowed for b in bots):
        raise ValueError(
            f"the {game.title} batch path plays only bots named {', '.join(allowed)}, not {bots}"
        )
    size = module.BATCH_SIZE
    streams = np.random.SeedSequence(seed).spawn(-(-games // size))
    own_pool = None
    if executor is None and len(streams) > 1:
        workers = min(len(streams), workers or os.cpu_count() or 1)
        if workers > 1:
            own_pool = executor = _process_pool(workers)
    counts = [min(size, games - i * size) for i in range(len(streams))]
    tasks = [
        ((game, bots, count, np.random.default_rng(stream), i * size, labels), count)
        for i, (stream, count) in enumerate(zip(streams, counts))
    ]
    parts = _run(play, tasks, executor, own_pool, _progress_bar(games, progress))
    frame = pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]
    frame["score"] = frame["score"].astype("Float64")
    return frame


def _progress_bar(games: int, progress):
    automatic = progress is None
    if automatic:
        progress = games >= PROGRESS_FROM
    if not progress:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency, but stay usable without it
        return None
    # No tqdm monitor thread: a thread alive when a process pool forks is unsafe.
    quiet = type("SimulationProgress", (tqdm,), {"monitor_interval": 0})
    return quiet(total=games, unit="game", desc="simulating", delay=1.0 if automatic else 0.0)


def _play_chunk(game, bots, labels, start: int, seeds) -> dict:
    """Play one chunk of games; returns the table's columns as lists (compact to send)."""
    players = [make_bot(spec, game) for spec in bots]
    n = game.num_players
    columns: dict[str, list] = {}
    rows = 0
    for offset, (game_seed, bot_seeds) in enumerate(seeds):
        result = play_game(game.new_state(seed=game_seed), players, bot_seeds).result()
        for row in _rows(result, start + offset, labels, n):
            for key, value in row.items():
                column = columns.get(key)
                if column is None:
                    column = columns[key] = [None] * rows
                column.append(value)
            rows += 1
            for column in columns.values():
                if len(column) < rows:
                    column.append(None)
    return {"rows": rows, "columns": columns}


def _rows(result, index: int, labels, n: int):
    eliminated = set(result.details.get("eliminated", ()))
    categories = _categories(result) if result.breakdown else []
    for seat in range(n):
        row = {"game": index, "seat": seat, "bot": labels[seat], "score": result.scores[seat]}
        breakdown = result.breakdown[seat] if result.breakdown else None
        for category in categories:
            row[f"points_{category}"] = None if breakdown is None else breakdown[category]
        row["eliminated"] = seat in eliminated
        row["won"] = seat in result.winners
        row["draw"] = not result.winners
        row.update(_detail_columns(result.details, seat, n))
        yield row


def _frame(parts: list[dict]) -> pd.DataFrame:
    """One table from the chunks' columns, in game order (the same for any chunking).

    Column by column, freeing each chunk's lists as it goes: a 100,000-game table is
    built without holding every value twice as Python objects.
    """
    names: list[str] = []
    for part in parts:
        names += [k for k in part["columns"] if k not in names]
    data = {}
    for name in names:
        values: list = []
        for part in parts:
            column = part["columns"].pop(name, None)
            values += column if column is not None else [None] * part["rows"]
        data[name] = pd.Series(values)
        del values
    frame = pd.DataFrame(data)
    frame["score"] = frame["score"].astype("Float64")
    return frame


def _categories(result) -> list[str]:
    for b in result.breakdown:
        if b is not None:
            return list(b)
    return []


def _detail_columns(details: dict, seat: int, n: int) -> dict:
    """Plain facts of a result as table columns (per-seat lists give this seat's entry)."""
    out = {}
    for key, value in details.items():
        if key == "eliminated":
            continue
        if isinstance(value, (int, float, str, bool)):
            out[key] = value
        elif isinstance(value, (list, tuple)) and len(value) == n and all(
            v is None or isinstance(v, (int, float, str, bool)) for v in value
        ):
            out[key] = value[seat]
    return out
