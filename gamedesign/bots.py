"""Bots: players that decide from their own observation and the legal actions only.

A bot never sees the full state. :func:`gamedesign.simulate` and the widget apps give it
``state.observe(player)`` and ``state.legal_actions(player)`` and nothing else, so a bot
cannot peek at hidden cards.

Every game has a ``"random"`` bot; games add their own (``"greedy"``) in their
``bots.py`` and list them in their package's ``BOTS``. Every game that can sample hidden
information (``game.sample_state``) also has the ``"search"`` bot of
:mod:`gamedesign.search`; ``"search:800"`` asks for 800 iterations per decision.
"""

from __future__ import annotations

import random
from typing import Sequence


class Bot:
    """Base class. Subclasses implement :meth:`act`; ``self.rng`` is their only randomness."""

    name = "bot"
    #: False for bots that never read their observation: callers may then pass ``None``
    #: instead of building one (simulation runs faster).
    uses_observation = True

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.player = None
        self.game = None

    def reset(self, game, player: int, seed: int) -> None:
        """Start a new game in seat ``player`` with a fresh seeded generator."""
        self.game = game
        self.player = player
        self.rng = random.Random(seed)

    def act(self, observation: dict, legal_actions: Sequence):
        """Choose one of ``legal_actions`` from what ``observation`` shows."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    name = "random"
    uses_observation = False

    def act(self, observation: dict, legal_actions: Sequence):
        return legal_actions[self.rng.randrange(len(legal_actions))]


def bot_label(spec) -> str:
    """How a bot is named in tables: its name as given, or a bot object's ``name``."""
    return spec if isinstance(spec, str) else getattr(spec, "name", type(spec).__name__)


def bot_names(game) -> list[str]:
    """The bot names available for ``game`` (a Game or a game name)."""
    from .registry import game_module, load

    name = game if isinstance(game, str) else game.name
    module = game_module(name)
    names = ["random", *getattr(module, "BOTS", {})]
    if "search" not in names and (load(name) if isinstance(game, str) else game).can_sample_states():
        names.append("search")
    return names


def make_bot(spec, game) -> Bot:
    """A bot from a name (``"random"``, ``"greedy"``, ``"search"``, ``"search:800"``) or a
    bot object (returned as is)."""
    if isinstance(spec, Bot):
        return spec
    if not isinstance(spec, str):
        if hasattr(spec, "act") and hasattr(spec, "reset"):
            return spec
        raise ValueError(f"a bot is a name ({', '.join(bot_names(game))}) or a Bot object, not {spec!r}")
    if spec == "random":
        return RandomBot()
    from .registry import game_module

    bots = getattr(game_module(game.name), "BOTS", {})
    if spec in bots:
        return bots[spec]()
    base, _, setting = spec.partition(":")
    if base == "search" and "search" not in bots and game.can_sample_states():
        from .search import SearchBot

        if not setting:
            return SearchBot()
        if not setting.isdigit() or int(setting) < 1:
            raise ValueError(f"{spec!r}: write search:N with N the iterations per decision, e.g. 'search:400'")
        return SearchBot(iterations=int(setting))
    raise ValueError(f"unknown bot {spec!r} for {game.name!r}; allowed: {', '.join(bot_names(game))}")
