"""The list of games and :func:`load`, the one way to make a game."""

from __future__ import annotations

import importlib

#: Game name -> the package that defines it (its ``GAME_CLASS`` and ``BOTS``).
_PACKAGES = {
    "legday": "gamedesign.games.legday",
    "gym": "gamedesign.games.gym",
    "diet": "gamedesign.games.diet",
}

#: The names accepted by :func:`load`.
GAMES = tuple(_PACKAGES)


def game_module(name: str):
    """The package of game ``name``."""
    if name not in _PACKAGES:
        raise ValueError(f"unknown game {name!r}; allowed: {', '.join(GAMES)}")
    return importlib.import_module(_PACKAGES[name])


def load(name: str, players: int | None = None, **options):
    """Make a game: ``load("legday", players=4, curl_overflow="new_set")``.

    Unknown names, player counts and options raise ``ValueError`` naming what is allowed.
    ``players=None`` uses the game's usual number of players.
    """
    if not isinstance(name, str):
        raise ValueError(f"a game name is a text; allowed: {', '.join(GAMES)}")
    cls = game_module(name).GAME_CLASS
    return cls(cls.default_players if players is None else players, **options)
