"""Bots: players that decide from their own observation and the legal actions only.

A bot never sees the full state. :func:`gamedesign.simulate` and the widget apps give it
``state.observe(player)`` and ``state.legal_actions(player)`` and nothing else, so a bot
cannot peek at hidden cards.

Four named strengths, weakest first, in every game that can sample hidden information
(``game.sample_state``), as in the Tabletop Games framework's graded players:

* ``"random"``: a uniform choice among the legal actions;
* ``"greedy"``: the game's own one-step heuristics (its package's ``bots.py``, listed in
  its ``BOTS``, see ``Game.bots``; a game that defines ``Game.action_value`` gets a
  ``"greedy"`` :class:`ValueBot` from it);
* ``"search"``: the search bot of :mod:`gamedesign.search` at the quick setting an app
  plays against (at most 45 ms a decision);
* ``"expert"``: the same search with a larger budget (at most a second a decision).

Each sees only its own observation and legal actions. ``"search:800"`` asks for a search
of 800 iterations per decision.
"""

from __future__ import annotations

import re

from .core import Bot, RandomBot, ValueBot, bot_label, refuse_class
from .registry import load
from .search import MAX_SEARCH_ITERATIONS, MAX_SEARCH_SECONDS, SearchBot


class BotError(ValueError):
    """A bot raised an exception or chose a move that is not legal now.

    The message says which seat and which bot, and, in a run of games, which game and
    seeds replay it (``seat``, ``bot``, ``game``, ``seed``, ``run_seed``; ``None`` when
    not known). A bot's own exception is chained as ``__cause__``.
    """

    def __init__(self, problem: str, seat: int, bot: str, game=None, seed=None, run_seed=None):
        super().__init__(problem, seat, bot, game, seed, run_seed)
        self.problem, self.seat, self.bot = problem, seat, bot
        self.game, self.seed, self.run_seed = game, seed, run_seed

    def during(self, game: int, run_seed) -> "BotError":
        """The same error, naming game number ``game`` of a run from ``run_seed``."""
        return BotError(self.problem, self.seat, self.bot, game, self.seed, run_seed)

    def __str__(self) -> str:
        where = [f"seat {self.seat} (bot {self.bot!r})"]
        seeds = [] if self.seed is None else [f"game seed {self.seed}"]
        if self.run_seed is not None:
            seeds.append(f"run seed {self.run_seed}")
        if self.game is not None:
            where.append(f"game {self.game}" + (f" ({', '.join(seeds)})" if seeds else ""))
        elif seeds:
            where.append(", ".join(seeds))
        return f"{', '.join(where)}: {self.problem}"


def bot_names(game) -> list[str]:
    """The bot names available for ``game`` (a Game or a game name)."""
    if isinstance(game, str):
        game = load(game)
    names = ["random", *game.bots()]
    if "search" not in names and game.can_sample_states():
        names += ["search", "expert"]
    return names


def make_bot(spec, game, timed: bool = True) -> Bot:
    """A bot for ``game`` from a name or a bot object (returned as is).

    The names are the four strengths, weakest first: ``"random"`` (uniform among the
    legal actions), ``"greedy"`` (the game's one-step heuristics), ``"search"``
    (information-set search, the quick setting: at most 45 ms a decision, clearly
    stronger than greedy in every game, ``benchmarks/RESULTS.md``) and ``"expert"`` (the
    same search with a larger budget, at most a second a decision); ``"search:800"`` is a
    search of 800 iterations per decision. Every bot sees only its own observation and
    legal actions, and every move it returns is checked against the legal actions.
    Each game's search settings live in its package (``evaluation.SEARCH_SETTINGS``,
    read by :func:`gamedesign.search.settings`). ``timed=False`` makes ``"search"`` and
    ``"expert"`` do their settings' whole work at every decision, never cut short by the
    clock, so that the same seed gives the same moves on any machine (as
    :func:`gamedesign.simulate` and the design lab build them); an app keeps the clock.
    An unknown name is a ``ValueError`` listing the names allowed.
    """
    if isinstance(spec, Bot):
        return spec
    refuse_class(spec)
    if not isinstance(spec, str):
        if hasattr(spec, "act") and hasattr(spec, "reset"):
            return spec
        raise ValueError(f"a bot is a name ({', '.join(bot_names(game))}) or a Bot object, not {spec!r}")
    if spec == "random":
        return RandomBot()
    bots = game.bots()
    if spec in bots:
        return bots[spec]()
    base, _, setting = spec.partition(":")
    if base == "search" and "search" not in bots and game.can_sample_states():
        if not setting:
            return SearchBot(strength="search", timed=timed)
        if not re.fullmatch(r"[0-9]{1,12}", setting) or not 1 <= int(setting) <= MAX_SEARCH_ITERATIONS:
            shown = spec if len(spec) <= 40 else spec[:40] + "..."
            raise ValueError(
                f"{shown!r}: write search:N with N the iterations per decision, "
                f"a whole number from 1 to {MAX_SEARCH_ITERATIONS:,}, e.g. 'search:400'"
            )
        return SearchBot(iterations=int(setting))
    if spec == "expert" and "expert" not in bots and game.can_sample_states():
        return SearchBot(strength="expert", timed=timed)
    shown = spec if len(spec) <= 40 else spec[:40] + "..."
    raise ValueError(f"unknown bot {shown!r} for {game.name!r}; allowed: {', '.join(bot_names(game))}")
