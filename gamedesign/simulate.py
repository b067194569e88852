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

import copy
import itertools
import numbers
import os
import time
import warnings
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Sequence

from . import runtime
from .bots import BotError, bot_label, bot_names, make_bot, refuse_class
from .core import _cut, _shown, legal_move
from .registry import GAMES, game_module

if TYPE_CHECKING:  # numpy and pandas are imported when a run starts: `import gamedesign` stays quick
    import pandas as pd

#: Runs of at least this many games use all the machine's cores when no executor is given.
PARALLEL_FROM = 2000

#: Runs of at least this many games show a progress bar (once they have run for a
#: second) unless ``progress=False``. Smaller runs print nothing, so notebook outputs
#: stay the same from run to run.
PROGRESS_FROM = 20_000

#: The most games one run may ask for (a table of this many games takes gigabytes).
MAX_GAMES = 10_000_000

#: Run seeds are whole numbers from 0 to this.
MAX_SEED = 2**64 - 1

#: The most moves of one game (``max_moves`` of :func:`play_game`, :func:`simulate`, the
#: apps and ``record_games``): a game still not over then has moves that change nothing,
#: or an end that never comes. The longest game of the shipped rules, The Diet Game at
#: its largest ``max_turns`` (2,000 turns), takes about 30,000 moves (at most 21 a turn).
MAX_MOVES = 100_000


class GameError(ValueError):
    """A game that cannot be played to its end: the game is not over after ``max_moves``
    moves, or a seat that ``to_move()`` lists has no legal move. The message names the
    game, its seed (and its number in a run) and says to run ``gamedesign.check_game``."""


def max_workers() -> int:
    """The most worker processes one run may start: four per core, at least 8; 1 in the
    browser (JupyterLite), where no process can start."""
    if not runtime.CAN_START_PROCESSES:
        return 1
    return max(8, 4 * (os.cpu_count() or 1))


def check_workers(workers) -> int | None:
    """``workers`` checked: ``None`` (decided by the run's size), or a whole number from 1 to
    :func:`max_workers`; in the browser, where no process can start, only 1 or ``None``."""
    if workers is None:
        return None
    if not runtime.CAN_START_PROCESSES and isinstance(workers, numbers.Integral) and not isinstance(workers, bool) \
            and workers > 1:
        raise ValueError(runtime.no_processes(workers))
    return _whole("workers", workers, 1, max_workers(), " (on this machine), or None")


# ----------------------------------------------------------------------------------------
# Checking a run's arguments
# ----------------------------------------------------------------------------------------


def _whole(name: str, value, low: int, high: int, also: str = "") -> int:
    """``value`` as an int from ``low`` to ``high``; a ValueError naming the range if not."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not low <= value <= high:
        top = "2**64 - 1" if high == 2**64 - 1 else f"{high:,}"
        raise ValueError(f"{name} must be a whole number from {low:,} to {top}{also}, not {_shown(value)}")
    return int(value)


def run_seed(seed) -> int:
    """The seed of a run: ``seed`` checked, or a fresh seed for ``None``."""
    if seed is None:
        return int.from_bytes(os.urandom(4), "big")
    return _whole("seed", seed, 0, MAX_SEED, ", or None (a fresh seed, kept in the table's attrs['seed'])")


def _check_game(game) -> None:
    if isinstance(game, str):
        name = game if len(game) <= 20 else game[:20] + "..."
        raise TypeError(
            f"a game is needed, not its name {name!r}: pass gamedesign.load({name!r}) "
            f"(or gamedesign.load({name!r}, players=N) for N players)"
        )
    if not all(hasattr(game, attribute) for attribute in ("new_state", "num_players", "name")):
        raise TypeError(f"the game must come from gamedesign.load(name), not {_shown(game)}")


def lineup(game, bots, games: int) -> tuple[list, list[str]]:
    """Check a run's game, bots (one per seat, or one name for every seat) and game count.

    Returns the bot specs per seat and their labels for the table.
    """
    _check_game(game)
    n = game.num_players
    if isinstance(bots, str):
        bots = [bots] * n
    elif hasattr(bots, "act"):
        raise TypeError(
            "bots: one bot object cannot take every seat (a bot remembers its seat and its generator); "
            f"give a list with one bot per seat, e.g. [bot] + ['random'] * {n - 1}"
        )
    else:
        try:
            given = iter(bots)
        except TypeError:
            raise TypeError(
                f"bots must be a bot name or a list with one bot per seat ({n} for this game), not {_shown(bots)}"
            ) from None
        count = len(bots) if hasattr(bots, "__len__") else None
        bots = list(itertools.islice(given, n + 1))  # never more than one too many
        if count is None:
            count = len(bots) if len(bots) <= n else f"more than {n}"
    if len(bots) != n:
        raise ValueError(f"give one bot per seat: {n} for this game, not {count} (or one bot name for every seat)")
    seen: dict[int, int] = {}
    for seat, spec in enumerate(bots):
        if isinstance(spec, str):
            continue
        refuse_class(spec, f"the bot for seat {seat}")
        if not (callable(getattr(spec, "act", None)) and callable(getattr(spec, "reset", None))):
            raise TypeError(
                f"the bot for seat {seat} is {_shown(spec)}: a bot is a name ({', '.join(bot_names(game))}) "
                "or a bot object with act() and reset() methods"
            )
        if id(spec) in seen:
            raise ValueError(
                f"seats {seen[id(spec)]} and {seat} are given the same bot object; a bot remembers its seat "
                "and its generator, so give each seat its own bot (or a bot name)"
            )
        seen[id(spec)] = seat
    _whole("games", games, 1, MAX_GAMES)
    labels = [bot_label(spec) for spec in bots]
    return bots, labels


def _seeds(seed: int, games: int) -> list[tuple[int, list[int]]]:
    """Independent (game seed, bot seeds) per game, all derived from one seed: the first
    eight words of ``np.random.SeedSequence(seed).spawn(games)[i].generate_state(8)``
    for game ``i``.

    Worked out for all games at once (:func:`_spawned_words`), and checked against
    numpy's own ``SeedSequence`` on the first game; should the two ever disagree, every
    game's seeds come from ``SeedSequence`` itself.
    """
    import numpy as np

    if games <= 0:
        return []
    words = _spawned_words(seed, 0, 1)[0]
    child = np.random.SeedSequence(seed).spawn(1)[0]
    if words != child.generate_state(8, dtype=np.uint32).tolist():  # pragma: no cover - numpy changed
        return _seeds_one_by_one(seed, games)
    out = []
    for start in range(0, games, 100_000):  # bounded temporary arrays for long runs
        out += [(w[0], w[1:]) for w in _spawned_words(seed, start, min(games, start + 100_000))]
    return out


def _seeds_one_by_one(seed: int, games: int) -> list[tuple[int, list[int]]]:
    """:func:`_seeds` from numpy's ``SeedSequence``, one child at a time."""
    import numpy as np

    out = []
    for child in np.random.SeedSequence(seed).spawn(games):
        words = child.generate_state(8, dtype=np.uint32)
        out.append((int(words[0]), [int(w) for w in words[1:]]))
    return out


# The constants of numpy's SeedSequence (numpy/random/bit_generator.pyx, after M.E. O'Neill).
_INIT_A, _MULT_A, _INIT_B, _MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
_MIX_MULT_L, _MIX_MULT_R, _WORD = 0xCA01F9DD, 0x4973F715, 0xFFFFFFFF


def _spawned_words(seed: int, first: int, stop: int) -> list[list[int]]:
    """For children ``first`` to ``stop - 1`` of ``SeedSequence(seed)`` (spawn keys
    ``(i,)``, pool size 4), the first 8 words of ``generate_state``: numpy's algorithm
    run on every child at once, in uint64 arrays masked to 32 bits."""
    import numpy as np

    mask = np.uint64(_WORD)
    hash_const = _INIT_A

    def hashmix(value):
        nonlocal hash_const
        value = value ^ np.uint64(hash_const)
        hash_const = (hash_const * _MULT_A) & _WORD
        value = (value * np.uint64(hash_const)) & mask
        return value ^ (value >> np.uint64(16))

    def mix(x, y):
        # L*x - R*y modulo 2**32, without a negative in between
        result = (((x * np.uint64(_MIX_MULT_L)) & mask) + (np.uint64(2**32) - ((y * np.uint64(_MIX_MULT_R)) & mask))) & mask
        return result ^ (result >> np.uint64(16))

    run = []  # the seed as 32-bit words, least significant first ([0] for 0)
    value = seed
    while True:
        run.append(value & _WORD)
        value >>= 32
        if not value:
            break
    run += [0] * (4 - len(run))  # padded to the pool size, as a child's entropy is
    entropy = [np.uint64(w) for w in run] + [np.arange(first, stop, dtype=np.uint64)]
    mixer = [hashmix(entropy[i]) for i in range(4)]
    for src in range(4):
        for dst in range(4):
            if src != dst:
                mixer[dst] = mix(mixer[dst], hashmix(mixer[src]))
    for src in range(4, len(entropy)):
        for dst in range(4):
            mixer[dst] = mix(mixer[dst], hashmix(entropy[src]))
    count = stop - first
    words = np.empty((count, 8), dtype=np.uint64)
    hash_const = _INIT_B
    for i in range(8):
        value = np.broadcast_to(mixer[i % 4], (count,)) ^ np.uint64(hash_const)
        hash_const = (hash_const * _MULT_B) & _WORD
        value = (value * np.uint64(hash_const)) & mask
        words[:, i] = value ^ (value >> np.uint64(16))
    return words.tolist()


# ----------------------------------------------------------------------------------------
# One game
# ----------------------------------------------------------------------------------------


def _state_seed(state):
    seed = getattr(state, "seed", None)
    return seed if isinstance(seed, int) else None


def _failed(err: Exception) -> str:
    try:
        text = str(err)
    except Exception:  # a broken __str__
        text = "(its message cannot be shown)"
    return f"the bot raised {type(err).__name__}" + (f": {_cut(text)}" if text else "")


def bot_move(state, seat: int, bot, look: bool = True, game_index=None, run_seed=None):
    """Ask ``bot`` for its move in ``seat`` and return the move checked: the engine's own
    legal action that the bot's choice names.

    The bot is shown ``state.observe(seat)`` (``None`` unless ``look``) and its own copy of
    ``state.legal_actions(seat)``, so nothing it does to what it is given reaches the
    state or the check. A :class:`~gamedesign.bots.BotError` names the seat and the bot
    when it raises or chooses a move that is not legal; a :class:`GameError` says when
    the seat has no legal move.
    """
    return _ask(state, seat, bot, look, game_index, run_seed)


def _ask(state, seat: int, bot, look: bool, game_index, run_seed, on_choice=None):
    """:func:`bot_move`'s work, calling ``on_choice(seat, legal, move)`` with the checked
    move when given."""
    legal = state.legal_actions(seat)
    if not legal:
        raise no_move(state, seat, game_index, run_seed)
    try:
        choice = bot.act(state.observe(seat) if look else None, list(legal))
    except Exception as err:
        raise BotError(_failed(err), seat, bot_label(bot), seed=_state_seed(state)) from err
    for own in legal:  # the engine's own action, as a well-behaved bot returns it (legal_move's
        if own is choice:  # own first test, written here only to save a call a move)
            break
    else:
        try:
            own = legal_move(state.game, choice, legal)
        except ValueError as err:
            raise BotError(str(err), seat, bot_label(bot), seed=_state_seed(state)) from None
    if on_choice is not None:
        on_choice(seat, legal, own)
    return own


def _where(state, game_index=None, run_seed=None) -> str:
    """The game as an error names it: "Endless ('endless'), game 3 (game seed 7, run seed 1)"."""
    game = state.game
    seeds = [] if _state_seed(state) is None else [f"game seed {_state_seed(state)}"]
    if run_seed is not None:
        seeds.append(f"run seed {run_seed}")
    label = f"{getattr(game, 'title', type(game).__name__)} ({_shown(game.name, 40)})"
    if game_index is not None:
        label += f", game {game_index}"
        return label + (f" ({', '.join(seeds)})" if seeds else "")
    return label + (f", {', '.join(seeds)}" if seeds else "")


def _check_hint(state) -> str:
    return f"run gamedesign.check_game({type(state.game).__name__}) to find the rule that is wrong"


def too_long(state, max_moves: int, game_index=None, run_seed=None) -> GameError:
    """The :class:`GameError` of a game not over after ``max_moves`` moves."""
    return GameError(
        f"{_where(state, game_index, run_seed)}: not over after {max_moves:,} moves (max_moves): its moves may "
        f"change nothing, or its end may never come; {_check_hint(state)} (or give a larger max_moves if the "
        "game is really that long)"
    )


def no_move(state, seat: int, game_index=None, run_seed=None) -> GameError:
    """The :class:`GameError` of a seat that must move but has no legal move."""
    return GameError(
        f"{_where(state, game_index, run_seed)}: seat {seat} must move (to_move() lists it) but has no legal move "
        f"(legal_actions({seat}) is empty); {_check_hint(state)}"
    )


def play_game(
    state,
    bots: Sequence,
    bot_seeds: Sequence[int] | None = None,
    on_move=None,
    until=None,
    *,
    game_index: int | None = None,
    run_seed: int | None = None,
    on_choice=None,
    max_moves: int = MAX_MOVES,
):
    """Play ``state`` to its end with one bot per seat; returns the state.

    Each mover's bot is asked for its move as :func:`bot_move` asks (it sees only
    ``state.observe(seat)``, or ``None`` if its ``uses_observation`` is False, and its own
    copy of ``state.legal_actions(seat)``), and its choice is checked against the engine's
    legal actions: the engine applies its own action equal to the choice (parsed first if
    the bot gave text). Simultaneous movers all choose before any choice is applied. A
    bot that raises or chooses any other move stops the game with a
    :class:`~gamedesign.bots.BotError` naming its seat, the bot and the game's seed, and,
    given ``game_index`` and ``run_seed`` (as :func:`simulate` gives them), the game's
    number in its run.

    ``on_choice(seat, legal, action)`` is called, if given, with every checked choice
    before any choice of its round is applied (``legal``: the list the mover chose from,
    not to be changed; ``action``: the engine's own action); ``on_move(seat, action,
    state)`` after every move; with ``until(state)`` the play stops as soon as it returns
    True (checked before each round).

    A game that cannot end stops with a :class:`GameError` naming the game, its seed and
    the limit, and saying to run ``gamedesign.check_game``: when it is not over after
    ``max_moves`` moves (:data:`MAX_MOVES` by default, far beyond any game of the shipped
    rules), and at once when a seat that ``to_move()`` lists has no legal move.
    """
    game = state.game
    if len(bots) != game.num_players:
        raise ValueError(f"give one bot per seat: {game.num_players} for this game, not {len(bots)}")
    for seat, bot in enumerate(bots):
        if isinstance(bot, type):
            refuse_class(bot, f"the bot for seat {seat}")
    if isinstance(max_moves, bool) or not isinstance(max_moves, numbers.Integral) or max_moves < 1:
        raise ValueError(f"max_moves must be a whole number 1 or more (default {MAX_MOVES:,}), not {_shown(max_moves)}")
    try:
        if bot_seeds is not None:
            for seat, bot in enumerate(bots):
                try:
                    bot.reset(game, seat, bot_seeds[seat % len(bot_seeds)])
                except Exception as err:
                    raise BotError(_failed(err) + " in reset()", seat, bot_label(bot), seed=_state_seed(state)) from err
        looks = [getattr(bot, "uses_observation", True) for bot in bots]
        moves = 0
        while (movers := state.to_move()) and (until is None or not until(state)):
            if moves >= max_moves:
                raise too_long(state, max_moves, game_index, run_seed)
            choices = []
            for seat in movers:
                choices.append((seat, _ask(state, seat, bots[seat], looks[seat], game_index, run_seed, on_choice)))
            moves += len(choices)
            for seat, action in choices:
                state._apply(seat, action)  # checked by bot_move
                if on_move is not None:
                    on_move(seat, action, state)
        return state
    except BotError as err:
        if game_index is None:
            raise
        raise err.during(game_index, run_seed) from err.__cause__


# ----------------------------------------------------------------------------------------
# Many games
# ----------------------------------------------------------------------------------------


def simulate(
    game,
    bots,
    games: int = 1000,
    seed: int | None = 0,
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool | None = None,
    chunk_size: int | None = None,
    batch: bool | None = None,
    max_moves: int = MAX_MOVES,
) -> pd.DataFrame:
    """Play ``games`` games of ``game`` between ``bots`` (one per seat) from ``seed``.

    ``game`` comes from :func:`gamedesign.load`. ``bots`` is a list with a bot name
    (``"random"``, ``"greedy"``, ``"search"``) or a bot object per seat, or a single name
    for every seat. Returns one row per player per game with columns ``game``, ``seat``,
    ``bot``, ``score``, ``points_<category>`` ..., ``eliminated``, ``won`` and ``draw``,
    then the game's own facts from ``Result.details``: a number or text becomes a column
    as it is, a list with one entry per seat gives each row its seat's entry. The same
    seed gives the same table; ``seed=None`` draws a fresh one. Either way the table's
    ``attrs["seed"]`` keeps it, so any run can be repeated, and ``attrs["path"]`` says
    which path played the games: ``"object"`` (the engine, move by move) or ``"batch"``
    (the game's vectorised batch path, see ``batch`` below).

    Which path plays: ``batch=None`` (the default) takes the batch path when the game has
    one for these bots (see :func:`batch_path`), else the object path; ``batch=True``
    asks for the batch path (an error if there is none), ``batch=False`` for the object
    path (needed to replay a game with :func:`play_game`, or to get the same games as
    :func:`gamedesign.lab.record_games`).

    What "same seed, same table" promises on each path: on the object path the games are
    the engine's own, move for move, whatever the workers, executor or chunk size (each
    game's seeds come from the run's seed and the game's number, so :func:`play_game`
    can replay any one of them).
    On the batch path the table is the same for the same seed and number of games however
    its chunks run, but its games are drawn from other random streams: the same rules and
    distributions as the object path, not the same games.

    Every move is checked against the legal actions before it is applied (see
    :func:`play_game`); a bot that fails stops the run with a
    :class:`~gamedesign.bots.BotError` naming its seat, the bot, the game's number in
    the run and the seeds that replay it. A game that is not over after ``max_moves``
    moves (:data:`MAX_MOVES`, far beyond any game of the shipped rules), or whose mover
    has no legal move, stops the run with a :class:`GameError` naming the game and its
    seeds: a game of your own that cannot end never runs for ever. ``max_moves`` other
    than the default plays on the object path (the batch paths play only shipped rules).

    Scale:

    * ``executor``: any ``concurrent.futures.Executor`` (a ``ProcessPoolExecutor``, or
      ``dask.distributed.Client(...).get_executor()`` for a cluster). Games go out in
      seeded chunks; the table is identical to a serial run's. Bots given by name are
      built afresh for each chunk; each chunk plays with its own copies of bot objects
      (so they must be picklable for processes, and must not carry memory from game to
      game beyond ``reset``).
    * ``workers``: without an executor, how many processes to use (at most
      :func:`max_workers`); by default all cores for runs of ``PARALLEL_FROM`` (2000)
      games or more, one (serial) below. A bot object that cannot be pickled is refused
      when ``workers`` asks for processes, and played in this process, with a warning,
      when the processes were only the default. Worker processes end with this one.
      In the browser (JupyterLite) no process can start: every run plays here, and
      ``workers`` above 1 is refused with a ValueError.
    * ``progress``: a progress bar (``tqdm.auto``: a widget in notebooks, text in
      terminals); by default on for runs of ``PROGRESS_FROM`` (20,000) games or more
      that take over a second; ``True`` always, ``False`` never.
    * ``chunk_size``: games per chunk (by default about 16 chunks per worker).
    * ``batch``: the game's vectorised batch path (numpy, thousands of games at once),
      where it has one for these bots (every seat a bot the path names in its game's
      ``BATCH_BOTS``, e.g. Leg Day: random and greedy). Same rules, columns and
      distributions, different random
      streams: the games are not the same as the object engine's for the same seed.
      Games go in chunks of the game's ``BATCH_SIZE`` (``chunk_size`` does not apply),
      side by side on ``executor`` or on ``workers`` processes (by default one per chunk,
      up to the number of cores, when there are two chunks or more); the table is the
      same however the chunks run.

    At most ``MAX_GAMES`` games a run; seeds from 0 to ``MAX_SEED``.
    """
    import numpy as np

    bots, labels = lineup(game, bots, games)
    games = int(games)
    seed = run_seed(seed)
    workers = check_workers(workers)
    if chunk_size is not None:
        chunk_size = _whole("chunk_size", chunk_size, 1, MAX_GAMES, ", or None")
    for name, value in (("progress", progress), ("batch", batch)):
        if value is not None and not isinstance(value, (bool, np.bool_)):
            raise ValueError(f"{name} must be True, False or None, not {_shown(value)}")
    if executor is not None and not isinstance(executor, Executor) and not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor must be a concurrent.futures.Executor, not {_shown(executor)}")
    if isinstance(max_moves, bool) or not isinstance(max_moves, numbers.Integral) or max_moves < 1:
        raise ValueError(f"max_moves must be a whole number 1 or more (default {MAX_MOVES:,}), not {_shown(max_moves)}")
    for spec in bots:
        make_bot(spec, game)  # refuse unknown names here, before any work is sent out
    if batch is None:
        batch = batch_path(game, bots) is not None and max_moves == MAX_MOVES
    elif batch and max_moves != MAX_MOVES:
        raise ValueError("max_moves limits games on the object path only; use batch=False or None with it")
    if batch:
        frame = _simulate_batch(game, bots, games, seed, labels, executor, workers, progress)
        frame.attrs["seed"] = seed
        frame.attrs["path"] = "batch"
        return frame

    if executor is None:
        asked = workers is not None
        if workers is None:
            workers = runtime.cores() if games >= PARALLEL_FROM else 1
        if workers > 1:
            problem = _unpicklable(game, bots)
            if problem is not None and asked:
                raise ValueError(
                    f"{problem}; workers={workers} sends every bot to its processes pickled: "
                    "make the bot picklable, or give workers=1 to play in this process"
                )
            if problem is not None:
                warnings.warn(
                    f"{problem}, so the {games:,} games are played in this process, not in {workers} "
                    "worker processes (give workers=1 to say so and silence this warning)",
                    RuntimeWarning,
                    stacklevel=2,
                )
                workers = 1
    elif _is_process_pool(executor):
        problem = _unpicklable(game, bots)
        if problem is not None:
            raise ValueError(f"{problem}; a process pool needs every bot pickled: use a ThreadPoolExecutor or no executor")
    parallel = executor is not None or workers > 1
    if chunk_size is None:
        lanes = workers if executor is None else 4
        chunk_size = max(1, min(2000, -(-games // (16 * lanes)))) if parallel else 500
    seeds = _seeds(seed, games)
    starts = range(0, games, chunk_size)
    own_pool = None
    if executor is None and workers > 1 and len(starts) > 1:
        own_pool = executor = _process_pool(min(workers, len(starts)))
    # Each chunk gets its own copies of bot objects, so chunks played side by side by
    # threads never share one (a process pool copies them anyway, by pickling).
    copies = executor is not None and not _is_process_pool(executor)
    tasks = [
        (
            (game, _copies(bots) if copies else bots, labels, start, seeds[start : start + chunk_size], seed, max_moves),
            len(seeds[start : start + chunk_size]),
        )
        for start in starts
    ]
    frame = _frame(_run(_play_chunk, tasks, executor, own_pool, _progress_bar(games, progress)))
    frame.attrs["seed"] = seed
    frame.attrs["path"] = "object"
    return frame


def __getattr__(name: str):
    """``ProcessPoolExecutor``, imported on first use (it brings in multiprocessing)."""
    if name == "ProcessPoolExecutor":
        from concurrent.futures import ProcessPoolExecutor

        globals()[name] = ProcessPoolExecutor
        return ProcessPoolExecutor
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _pool_class():
    return globals().get("ProcessPoolExecutor") or __getattr__("ProcessPoolExecutor")


def _is_process_pool(executor) -> bool:
    return isinstance(executor, _pool_class())


def _unpicklable(game, bots) -> str | None:
    """What cannot be sent to worker processes (a bot, or the game), or None."""
    import pickle

    for seat, spec in enumerate(bots):
        if isinstance(spec, str):
            continue
        try:
            pickle.dumps(spec)
        except Exception as err:
            return f"the bot for seat {seat} ({bot_label(spec)!r}) cannot be pickled ({_cut(err, 120)})"
    try:
        pickle.dumps(game)
    except Exception as err:
        return f"the game cannot be pickled ({_cut(err, 120)})"
    return None


def _copies(bots) -> list:
    out = []
    for seat, spec in enumerate(bots):
        try:
            out.append(spec if isinstance(spec, str) else copy.deepcopy(spec))
        except Exception as err:
            raise ValueError(
                f"the bot for seat {seat} ({bot_label(spec)!r}) cannot be copied "
                f"({_cut(err, 120)}), and every chunk on an executor plays with "
                "its own copy: make the bot copyable, or play without an executor"
            ) from err
    return out


def _run(function, tasks, executor, own_pool, bar) -> list:
    """``function(*args)`` for each ``(args, games)`` task, in order: here, or side by
    side on ``executor``. Updates the progress ``bar`` and closes it and ``own_pool``;
    on an error or Ctrl-C, waiting tasks are cancelled and ``own_pool``'s processes
    stopped at once."""
    parts = []
    futures = []
    finished = False
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
        finished = True
    finally:
        if bar is not None:
            bar.close()
        if not finished:
            for future in futures:
                future.cancel()
        if own_pool is not None:
            if finished:
                own_pool.shutdown()
            else:
                _stop_pool(own_pool)
    return parts


def seat_columns(first: int, games: int, labels) -> dict:
    """The first columns of a batch path's table, one row per seat of each game from
    ``first`` on: ``game``, ``seat`` and ``bot`` (as text, like the engine's table)."""
    import numpy as np
    import pandas as pd

    n = len(labels)
    return {
        "game": np.repeat(np.arange(first, first + games), n),
        "seat": np.tile(np.arange(n), games),
        "bot": pd.Series(np.tile(np.array(labels, dtype=object), games)).astype("str"),
    }


def greedy_seats(bots, n: int, allowed):
    """For a batch path: a (seats,) bool array of which seats the greedy bot plays
    (``bots`` names one bot of ``allowed`` a seat; ``None``: random everywhere)."""
    import numpy as np

    if bots is None:
        return np.zeros(n, dtype=bool)
    bots = list(bots)
    if len(bots) != n or not all(isinstance(b, str) and b in allowed for b in bots):
        raise ValueError(f"give one bot name a seat ({n} seats), each one of {', '.join(allowed)}, not {bots!r}")
    return np.array([b == "greedy" for b in bots])


def _process_pool(workers: int) -> Executor:
    """A pool of ``workers`` processes, forked where the platform can: workers then know
    bots defined in a notebook or a script without a ``__main__`` guard. The workers
    leave Ctrl-C to this process and end when it ends. In the browser (JupyterLite), where
    no process can start, a ValueError says to play with one worker."""
    if not runtime.CAN_START_PROCESSES:
        raise ValueError(runtime.no_processes(workers))
    import multiprocessing

    context = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None
    return _pool_class()(
        max_workers=workers, mp_context=context, initializer=_start_worker, initargs=(os.getpid(),)
    )


def _start_worker(parent: int) -> None:
    """In each worker process: ignore Ctrl-C (the parent stops the run) and exit as soon
    as the parent is gone, however it ended (a killed parent sends no word)."""
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="gamedesign-parent-watch", daemon=True).start()


def _stop_pool(pool) -> None:
    """Stop a pool now: cancel what waits and end its processes (Ctrl-C, a failed chunk)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)


def batch_path(game, bots):
    """The module of ``game``'s batch path if it plays these ``bots`` (a name or a list of
    one per seat), else ``None``: ``simulate(game, bots)`` takes that path by default.

    A batch path plays only the bots named in its module's ``BATCH_BOTS`` and only games
    its module's ``batch_supports(game)`` accepts, where it defines one."""
    if getattr(game, "name", None) not in GAMES:
        return None
    module = game_module(game.name)
    if type(game) is not getattr(module, "GAME_CLASS", None):
        return None  # a subclass may change the rules the batch path plays
    allowed = getattr(module, "BATCH_BOTS", ())
    if getattr(module, "batch_table", None) is None:
        return None
    if isinstance(bots, str):
        bots = [bots]
    if not all(isinstance(b, str) and b in allowed for b in bots):
        return None
    supports = getattr(module, "batch_supports", None)
    if supports is not None and not supports(game):
        return None
    return module


def _simulate_batch(game, bots, games, seed, labels, executor, workers, progress) -> pd.DataFrame:
    """Games in chunks of the game's ``BATCH_SIZE``, each chunk played at once by its
    batch path with its own random stream; chunks run side by side on a pool or an
    executor, and the table is the same however they run."""
    import numpy as np
    import pandas as pd

    module = game_module(game.name)
    play = getattr(module, "batch_table", None)
    allowed = getattr(module, "BATCH_BOTS", ())
    if play is None:
        raise ValueError(f"{game.title} has no batch path; use simulate(..., batch=False)")
    if not all(isinstance(b, str) and b in allowed for b in bots):
        raise ValueError(
            f"the {game.title} batch path plays only bots named {', '.join(allowed)}, not {bots}"
        )
    supports = getattr(module, "batch_supports", None)
    if supports is not None and not supports(game):
        changed = ", ".join(f"{k}={v!r}" for k, v in _changed_options(game).items())
        raise ValueError(
            f"the {game.title} batch path does not play these rule options ({changed}); "
            "use simulate(..., batch=False), or batch=None to choose the path by itself"
        )
    chunks = batch_chunks(seed, games, module.BATCH_SIZE)
    own_pool = None
    if executor is None and len(chunks) > 1:
        workers = min(len(chunks), workers or runtime.cores())
        if workers > 1:
            own_pool = executor = _process_pool(workers)
    tasks = [((game, bots, count, np.random.default_rng(stream), first, labels), count)
             for first, count, stream in chunks]
    parts = _run(play, tasks, executor, own_pool, _progress_bar(games, progress))
    frame = pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]
    frame["score"] = frame["score"].astype("Float64")
    return frame


def batch_chunks(seed: int, games: int, size: int) -> list:
    """A batch run's chunks: ``(first game, games, random stream)`` for each chunk of
    ``size`` games, each stream spawned from ``seed`` (``simulate`` and the design lab
    share them, so that they play the same games)."""
    import numpy as np

    streams = np.random.SeedSequence(seed).spawn(-(-games // size))
    return [(i * size, min(size, games - i * size), stream) for i, stream in enumerate(streams)]


def _changed_options(game) -> dict:
    """The rule options of ``game`` that differ from their defaults (the deck left out)."""
    import dataclasses

    return {
        f.name: getattr(game.options, f.name)
        for f in dataclasses.fields(game.options)
        if f.name != "deck" and getattr(game.options, f.name) != f.default
    }


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


def _play_chunk(game, bots, labels, start: int, seeds, seed: int, max_moves: int = MAX_MOVES) -> dict:
    """Play one chunk of games (numbered from ``start``, of the run from ``seed``);
    returns the table's columns as lists (compact to send)."""
    players = [make_bot(spec, game, timed=False) for spec in bots]  # the same seed, the same moves
    n = game.num_players
    columns: dict[str, list] = {}
    rows = 0
    new_state = game.new_state
    for offset, (game_seed, bot_seeds) in enumerate(seeds):
        state = play_game(new_state(seed=game_seed), players, bot_seeds, game_index=start + offset, run_seed=seed,
                          max_moves=max_moves)
        game_columns = _game_columns(state.result(), start + offset, labels, n)
        for key, values in game_columns.items():
            column = columns.get(key)
            if column is None:
                column = columns[key] = [None] * rows
            column += values
        rows += n
        if len(game_columns) != len(columns):  # a column this game has no value for
            for column in columns.values():
                if len(column) < rows:
                    column += [None] * (rows - len(column))
    return {"rows": rows, "columns": columns}


#: The types of a value :func:`_game_columns` puts in a column as it is (besides ``None``),
#: tried first by exact type; a subclass of one of them is found by ``isinstance``.
_PLAIN = (int, float, str, bool)
_PLAIN_SET = frozenset(_PLAIN)
_PLAIN_TYPES = _PLAIN_SET | {type(None)}
#: A breakdown's category -> its column's name (``"points_" + category``), as met.
_POINT_COLUMNS: dict = {}


def _game_columns(result, index: int, labels, n: int) -> dict:
    """One game's table rows, column by column (a list of ``n`` values, one a seat)."""
    seats = range(n)
    details = result.details
    winners = result.winners
    scores = result.scores
    columns = {
        "game": [index] * n,
        "seat": list(seats),
        "bot": [labels[seat] for seat in seats],
        "score": list(scores) if len(scores) == n else [scores[seat] for seat in seats],
    }
    breakdown = result.breakdown
    if breakdown:
        breakdowns = breakdown if len(breakdown) == n else [breakdown[seat] for seat in seats]
        named = _POINT_COLUMNS
        for category in _categories(result):  # one column a category, None for a seat with no breakdown
            column = named.get(category)
            if column is None:
                column = named[category] = f"points_{category}"
            columns[column] = [None if b is None else b[category] for b in breakdowns]
    eliminated = set(details.get("eliminated", ()))
    if eliminated:
        columns["eliminated"] = [seat in eliminated for seat in seats]
    else:
        columns["eliminated"] = [False] * n
    columns["won"] = [seat in winners for seat in seats]
    columns["draw"] = [not winners] * n
    for key, value in details.items():
        if key == "eliminated":
            continue
        kind = type(value)
        if kind in _PLAIN_SET or isinstance(value, _PLAIN):
            columns[key] = [value] * n
        elif (kind is list or kind is tuple or isinstance(value, (list, tuple))) and len(value) == n and (
            _PLAIN_TYPES.issuperset(map(type, value))
            or all(v is None or isinstance(v, _PLAIN) for v in value)
        ):
            columns[key] = list(value)
    return columns


def _rows(result, index: int, labels, n: int):
    """One game's table rows, one dict a seat."""
    columns = _game_columns(result, index, labels, n)
    for seat in range(n):
        yield {key: values[seat] for key, values in columns.items()}


def _frame(parts: list[dict]) -> pd.DataFrame:
    """One table from the chunks' columns, in game order (the same for any chunking).

    Column by column, freeing each chunk's lists as it goes: a 100,000-game table is
    built without holding every value twice as Python objects.
    """
    import pandas as pd

    names: list[str] = []
    for part in parts:
        names += [k for k in part["columns"] if k not in names]
    data = {}
    for name in names:
        values: list = []
        for part in parts:
            column = part["columns"].pop(name, None)
            values += column if column is not None else [None] * part["rows"]
        data[name] = _series(values)
        del values
    frame = pd.DataFrame(data)
    frame["score"] = frame["score"].astype("Float64")
    return frame


#: The numpy dtype of a column whose values are all of one of these types: the dtype
#: pandas gives such a column.
_NUMPY_TYPES = {int: "int64", float: "float64", bool: "bool"}


def _series(values: list):
    """``pd.Series(values)``: the same values and dtype, read through numpy when the
    column holds whole numbers, floats or True/False alone, or whole numbers or floats
    with ``None`` (NaN in a float column, as pandas reads them). Several times quicker
    than pandas reading a long list of Python numbers; any other column is pandas' own."""
    import numpy as np
    import pandas as pd

    kinds = set(map(type, values))
    if len(kinds) == 1:
        dtype = _NUMPY_TYPES.get(kinds.pop())
    elif len(kinds) == 2 and type(None) in kinds and (int in kinds or float in kinds):
        dtype = "float64"
    else:
        dtype = None
    if dtype is not None:
        try:
            array = np.array(values, dtype=dtype)
        except OverflowError:  # a whole number beyond 64 bits: pandas decides
            pass
        else:
            # Whole numbers with None are floats only while every one fits in 64 bits.
            if dtype != "float64" or int not in kinds or not (np.abs(array) >= 2.0**63).any():
                return pd.Series(array, copy=False)
    return pd.Series(values)


def _categories(result) -> list[str]:
    for b in result.breakdown:
        if b is not None:
            return list(b)
    return []
