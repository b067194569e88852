"""Record seeded games, move by move or from a batch path's arrays, for the design
measures in :mod:`.metrics`.

:func:`record_games` plays the same games as :func:`gamedesign.simulate` (the same game
and bot seeds from the same ``seed``, game by game) and keeps, for each game, a
:class:`GameRecord`: the outcome, how many legal actions each decision point offered, a
running *standing* of every seat after each round, the cards taken and what they scored,
counts of every kind of action, and how often each rule option's branch fired (the game's
``rule_events``, read from ``State.rule_use()`` at the end).

The standing is a number per seat, higher is better, sampled at the end of each round
(a *checkpoint*). Each game defines it in its :class:`Profile`:

* Leg Day: after each day, each player's collection points so far (``score_tableaus`` on
  all their own cards, face up and face down, with the shake race; elimination ignored).
* GYM: after each turn of the play phase, the points of the player's team on the board.
* Diet: after each turn, the pounds the player has lost (minus their weight change).

Leg Day, GYM and The Diet Game are recorded on their batch paths where those play the bots
and rules (``_legday_batch_records``, ``_gym_batch_records``, ``_diet_batch_records``:
the same facts, worked out from the arrays and the trace each batch ``play`` keeps when
asked); see :func:`record_games`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import chain

from ..bots import make_bot
from ..registry import BUILT_IN, game_module, load
from ..runtime import cores
from .generic import generic_profile
from ..simulate import _shown, batch_chunks, batch_path
from .profile import GameRecord, Profile, nonzero_dicts, ragged  # noqa: F401  (their home is .profile)
from ..simulate import (
    MAX_GAMES, MAX_MOVES, _process_pool, check_workers, _run, _unpicklable, _whole, lineup, play_game, run_seed,
)

try:  # the seeds of gamedesign.simulate, so that recorded games are the simulated games
    from ..simulate import _seeds
except ImportError:  # pragma: no cover - the same derivation, should simulate move it
    import numpy as np

    def _seeds(seed: int, games: int) -> list:
        out = []
        for child in np.random.SeedSequence(seed).spawn(games):
            words = child.generate_state(8, dtype=np.uint32)
            out.append((int(words[0]), [int(w) for w in words[1:]]))
        return out


def has_own_profile(game) -> bool:
    """True when the lab reads ``game`` through a profile of its own (not the generic one)."""
    return game.lab_profile() is not None


def profile_of(game) -> Profile:
    """How the lab reads ``game``: its own ``Game.lab_profile()`` (each built-in game's
    comes from its package's ``lab`` module), else the generic profile of :mod:`.generic`."""
    own = game.lab_profile()
    return own if own is not None else generic_profile(game)


class _BuiltInProfiles(Mapping):
    """The lab profiles of the built-in games by name (``PROFILES["legday"]``): each one the
    game's own ``Game.lab_profile()``, read when first asked for."""

    def __getitem__(self, name):
        if name not in BUILT_IN:
            raise KeyError(name)
        return load(name).lab_profile()

    def __iter__(self):
        return iter(BUILT_IN)

    def __len__(self) -> int:
        return len(BUILT_IN)


#: The built-in games' profiles by name, as their games give them (``Game.lab_profile()``).
PROFILES = _BuiltInProfiles()


class _Decisions(list):
    """Notes each decision point of a game: ``(legal actions offered, the cards among
    them, the card chosen)``, as ``play_game`` reports every checked choice."""

    def __init__(self, card_of, offered=None):
        super().__init__()
        self.card_of, self.offered = card_of, offered

    def on_choice(self, seat, legal, action) -> None:
        card_of = self.card_of
        if self.offered is not None:
            offered = self.offered(legal)
        else:
            offered = set(map(card_of, legal))
            offered.discard(None)
        self.append((len(legal), offered, card_of(action)))


class _MoveLog:
    """Counts the moves of one game by kind and samples the standings at each checkpoint."""

    def __init__(self, profile: Profile, start, max_moves: int):
        self.profile, self.max_moves = profile, max_moves
        self.checkpoint = profile.checkpoint
        self.standing = profile.standing if profile.game_standing is None else profile.game_standing(start)
        self.last = profile.checkpoint(start)  # sample when a round ends, not at the first move
        self.moves = 0
        self.actions: Counter = Counter()
        self.standings: list = []

    def on_move(self, seat, action, state) -> None:
        self.moves += 1
        self.actions[type(action).__name__] += 1
        key = self.checkpoint(state)
        if key is not None and key != self.last:
            self.last = key
            self.standings.append(self.standing(state))

    def stop(self, state) -> bool:
        return self.moves >= self.max_moves


#: Runs of at least this many games are recorded on all cores when no ``workers`` are given.
PARALLEL_FROM = 400

#: Games per chunk sent to a worker process.
CHUNK = 100

def record_games(
    game, bots, games: int = 200, seed: int = 0, max_moves: int = MAX_MOVES, progress=None, *, workers=None,
    executor=None, batch: bool | None = None,
) -> list:
    """Play ``games`` games of ``game`` between ``bots`` from ``seed`` and return one
    :class:`GameRecord` per game: the games ``gamedesign.simulate`` plays on the same path
    with the same seed (same seeds, same results).

    Which path plays: ``batch=None`` (the default) takes the batch path where the lab can
    record it (:data:`Profile.batch_records`: Leg Day, GYM and The Diet Game with random
    and greedy bots and the rules their batch paths play, the games of ``simulate(...,
    batch=True)``), else the object path (the games of ``simulate(..., batch=False)``,
    move by move, which ``play_game`` can replay: other bots, a game without a batch
    path, a ``max_moves``).
    ``batch=True`` asks for the batch path (an error if there is none), ``batch=False``
    for the object path. Each record's ``path`` says which path played it. Both paths
    play the same rules with the same distributions; they are not the same games for
    the same seed.

    ``max_moves`` (:data:`gamedesign.simulate.MAX_MOVES` by default, the limit of every
    game played) stops a game that runs on (recorded as ended by ``"turn limit"``, no
    winner, where ``simulate`` stops with an error): a limit of the object path, so any value but the default records there. ``progress(done, total)`` is called as games finish, if
    given. ``workers``: processes to record in (by default every core for
    ``PARALLEL_FROM`` games or more on the object path, and for two batch chunks or more
    on the batch path; else this process); ``executor``: a ``concurrent.futures``
    executor to use instead. The records are the same however the games are shared out.
    """
    _whole("games", games, 1, MAX_GAMES)  # before any use of the number
    workers = check_workers(workers)
    bots, _ = lineup(game, bots, games)  # a list from here on (an iterator is read once)
    if batch_recorded(game, bots, batch, max_moves):
        tasks = batch_record_tasks(game, bots, games, seed)
        if executor is None and workers is None:
            workers = cores() if len(tasks) > 1 else 1
        return _run_tasks(_batch_chunk, tasks, games, progress, workers, executor)
    if executor is None:
        if workers is None:
            workers = cores() if games >= PARALLEL_FROM else 1
        if workers > 1 and (games <= CHUNK or _unpicklable(game, bots) is not None):
            workers = 1
    if (executor is None and workers <= 1) or games <= CHUNK:
        report = None if progress is None else (lambda done: progress(done, games))
        (args, _), = record_tasks(game, bots, games, seed, max_moves, chunk=max(games, 1))
        return _record_chunk(*args, report=report)
    return _run_tasks(_record_chunk, record_tasks(game, bots, games, seed, max_moves), games, progress, workers,
                      executor)


def _run_tasks(work, tasks, games: int, progress, workers, executor) -> list:
    """The records of ``tasks`` (chunks for ``work``) in game order, here or on a pool."""
    bar = None if progress is None else _Progress(progress, games)
    own_pool = None
    if executor is None and workers > 1 and len(tasks) > 1:
        own_pool = executor = _process_pool(min(workers, len(tasks)))
    return [record for part in _run(work, tasks, executor, own_pool, bar) for record in part]


def batch_recorded(game, bots, batch, max_moves: int = MAX_MOVES, name: str = "") -> bool:
    """Whether :func:`record_games` takes the batch path for ``batch`` (None, True or
    False): with None, when the lab can record ``game`` on its batch path for ``bots``;
    True refuses a game, bots or ``max_moves`` it cannot, naming why."""
    import numpy as np

    if batch is not None and not isinstance(batch, (bool, np.bool_)):
        raise ValueError(f"batch must be True, False or None, not {_shown(batch)}")
    if batch is not None and not batch:  # False, or numpy's False
        return False
    specs, _ = lineup(game, bots, 1)
    for spec in specs:
        make_bot(spec, game)  # an unknown name is refused as simulate refuses it
    recorder = profile_of(game).batch_records
    module = batch_path(game, specs)
    if batch is None:
        return recorder is not None and module is not None and max_moves == MAX_MOVES
    what = f"{name!r} ({game.title})" if name else game.title
    if recorder is None:
        raise ValueError(f"the design lab records {what} on the object path only; use batch=False or None")
    if module is None:
        allowed = getattr(game_module(game.name), "BATCH_BOTS", ())
        raise ValueError(f"the {what} batch path plays only bots named {', '.join(allowed)} and the rules it knows, "
                         f"not {specs}; use batch=False or None")
    if max_moves != MAX_MOVES:
        raise ValueError("max_moves limits games on the object path only; use batch=False with it")
    return True


def batch_record_tasks(game, bots, games: int, seed) -> list:
    """The chunks of a batch-path :func:`record_games` as ``(arguments of _batch_chunk,
    games)`` pairs: the chunks and random streams of ``simulate(..., batch=True)``."""
    bots, labels = lineup(game, bots, games)
    return [((game, tuple(bots), tuple(labels), first, count, stream), count)
            for first, count, stream in batch_chunks(_whole_seed(seed), games, game_module(game.name).BATCH_SIZE)]


def _batch_chunk(game, bots, labels, first: int, games: int, stream) -> list:
    """Record one batch chunk: ``games`` games at once from the random ``stream``.

    The garbage collector waits meanwhile: the records are thousands of small dicts and
    lists without cycles, whose creation would otherwise start a collection again and
    again (each one scanning every record made so far)."""
    import gc

    import numpy as np

    paused = gc.isenabled()
    gc.disable()
    try:
        return profile_of(game).batch_records(game, list(bots), labels, first, games, np.random.default_rng(stream))
    finally:
        if paused:
            gc.enable()


def record_tasks(game, bots, games: int, seed, max_moves: int = MAX_MOVES, chunk: int = CHUNK) -> list:
    """The chunks of :func:`record_games` (``chunk`` games each) as ``(arguments of
    _record_chunk, games)`` pairs, in game order: to be run here or side by side, with
    other runs' chunks (:func:`~gamedesign.lab.compare.run_variants`)."""
    bots, labels = lineup(game, bots, games)
    seed = _whole_seed(seed)
    labels = tuple(labels)
    seeds = _seeds(seed, games)
    return [
        ((game, bots, labels, start, seeds[start : start + chunk], seed, max_moves), len(seeds[start : start + chunk]))
        for start in range(0, max(games, 1), chunk)
    ]


class _Progress:
    """``progress(done, total)`` as the progress bar that ``simulate``'s runner updates."""

    def __init__(self, progress, total: int):
        self.progress, self.total, self.done = progress, total, 0

    def update(self, games: int) -> None:
        self.done += games
        self.progress(self.done, self.total)

    def close(self) -> None:
        pass


def _record_chunk(game, bots, labels, first: int, seeds, seed: int, max_moves: int, report=None) -> list:
    """Record the games of ``seeds``, numbered from ``first``, of the run from ``seed``."""
    n = game.num_players
    profile = profile_of(game)
    decisions = _Decisions(profile.card_of, profile.offered)
    players = [make_bot(spec, game, timed=False) for spec in bots]  # the same seed, the same moves
    records = []
    for offset, (game_seed, bot_seeds) in enumerate(seeds):
        index = first + offset
        decisions.clear()
        start = game.new_state(seed=game_seed)
        log = _MoveLog(profile, start, max_moves)
        state = play_game(
            start,
            players,
            bot_seeds,
            on_move=log.on_move,
            until=log.stop,
            game_index=index,
            run_seed=seed,
            on_choice=decisions.on_choice,
            max_moves=max_moves,  # never reached: ``until`` stops the game first
        )
        standings, actions = log.standings, log.actions
        offers = Counter(chain.from_iterable([offered for _, offered, _ in decisions]))
        picks = Counter([chosen for _, _, chosen in decisions if chosen is not None])
        record = GameRecord(
            game=index,
            players=n,
            legal_counts=[count for count, _, _ in decisions],
            standings=standings,
            picks=dict(picks),
            offers=dict(offers),
            actions=dict(actions),
            bots=labels,
            rule_use=_rule_use(game, state),
            game_name=game.name,
        )
        if state.is_over():
            result = state.result()
            record.winners, record.scores = tuple(result.winners), tuple(result.scores)
            record.length = profile.length(state, actions)
            record.ended_by = profile.ended_by(result)
            record.facts = profile.facts(state, result, actions)
            if profile.cards is not None:
                record.card_points, record.card_copies = profile.cards(state, result)
        else:
            record.scores = (None,) * n
            record.length = profile.length(state, actions)
            record.ended_by = "turn limit"
        records.append(record)
        if report is not None:
            report(offset + 1)
    return records


def _rule_use(game, state) -> dict:
    """Every rule event of ``game`` with its count in ``state`` (0 for one that never fired),
    read once at the end of a game."""
    counted = state.rule_use()
    return {event: counted.get(event, 0) for event in game.rule_events}


def _whole_seed(seed) -> int:
    if seed is None:
        raise ValueError("seed must be a whole number (the games of simulate(..., seed=seed)), not None")
    return run_seed(seed)


__all__ = ["GameRecord", "PROFILES", "Profile", "batch_recorded", "has_own_profile", "profile_of", "record_games"]
