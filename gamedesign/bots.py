"""Bots: players that decide from their own observation and the legal actions only.

A bot never sees the full state. :func:`gamedesign.simulate` and the widget apps give it
``state.observe(player)`` and ``state.legal_actions(player)`` and nothing else, so a bot
cannot peek at hidden cards.

Every game has a ``"random"`` bot; games add their own (``"greedy"``) in their
``bots.py`` and list them in their package's ``BOTS``.
"""

from __future__ import annotations

import random
from typing import Sequence


class Bot:
    """Base class. Subclasses implement :meth:`act`; ``self.rng`` is their only randomness."""

    name = "bot"

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

    def act(self, observation: dict, legal_actions: Sequence):
        return legal_actions[self.rng.randrange(len(legal_actions))]


def bot_names(game) -> list[str]:
    """The bot names available for ``game`` (a Game or a game name)."""
    from .registry import game_module

    module = game_module(game if isinstance(game, str) else game.name)
    return ["random", *getattr(module, "BOTS", {})]


def make_bot(spec, game) -> Bot:
    """A bot from a name (``"random"``, ``"greedy"``, ...) or a bot object (returned as is)."""
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
    if spec not in bots:
        raise ValueError(f"unknown bot {spec!r} for {game.name!r}; allowed: {', '.join(bot_names(game))}")
    return bots[spec]()
