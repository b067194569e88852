"""The list of games, :func:`register` (the one way a new game comes in) and :func:`load`.

Three games come with the package, and a small example to copy
(``gamedesign/games/template``, loaded by its name ``"sprint"``). Any other game is a
subclass of :class:`gamedesign.core.Game` given to :func:`register`::

    @gamedesign.register
    class MyGame(gamedesign.Game):
        name = "mygame"
        ...

    gamedesign.load("mygame", players=3)

Worker processes know a registered game too: a pool forked from this process has the
same list; a pool that starts fresh processes (or a Dask worker) imports the class from
its module, so a class defined in an importable module (not in a notebook cell) works
everywhere. Registering it at the bottom of its own module makes it known wherever the
module is imported.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Sequence

from .checks import check_declarations
from .core import Game, brief, package_of

#: The list of built-in games, the one place it is written: game name -> the package that
#: defines it (its ``GAME_CLASS`` and ``BOTS``). Everything a tool needs of a game comes
#: from the hooks of its class (``gamedesign.core.Game``), never from a table of names.
_PACKAGES = {
    "legday": "gamedesign.games.legday",
    "gym": "gamedesign.games.gym",
    "diet": "gamedesign.games.diet",
}

#: Example games shipped to be copied: listed in :data:`GAMES` after the built-in games, and
#: replaced by a registered game of the same name (a student's own copy).
EXAMPLES = {
    "sprint": "gamedesign.games.template",
}

#: Games given to :func:`register` in this process: name -> class.
_REGISTERED: dict = {}

#: The environment variable that tells worker processes started from this one where the
#: registered classes live ("name=module:qualname;..."), so they can import them by name.
ENVIRONMENT = "GAMEDESIGN_GAMES"

_NAME = re.compile(r"^[a-z][a-z0-9_]{0,29}$")


class _GameNames(Sequence):
    """The names :func:`load` knows: the built-in games, the example to copy, then the
    registered games.

    A live list: a game registered later appears in it (``gamedesign.GAMES`` is this object).
    """

    def __getitem__(self, index):
        return self._names()[index]

    def __len__(self) -> int:
        return len(self._names())

    def __contains__(self, name) -> bool:
        return name in self._names()

    def __eq__(self, other) -> bool:
        return tuple(self) == tuple(other) if isinstance(other, (tuple, list, _GameNames)) else NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other):
        return tuple(self) + tuple(other)

    def __repr__(self) -> str:
        return repr(self._names())

    @staticmethod
    def _names() -> tuple:
        names = dict.fromkeys([*EXAMPLES, *_REGISTERED, *(name for name, _ in _from_environment())])
        return tuple(_PACKAGES) + tuple(name for name in names if name not in _PACKAGES)


#: The names accepted by :func:`load`: the built-in games, the example game and the games
#: given to :func:`register`; grows with :func:`register`.
GAMES = _GameNames()

class _BuiltInNames(_GameNames):
    """The names of the built-in games, in :data:`_PACKAGES`' order (a live list)."""

    @staticmethod
    def _names() -> tuple:
        return tuple(_PACKAGES)


#: The games of the course (their rulebooks, lessons and apps): the names of :data:`_PACKAGES`.
BUILT_IN = _BuiltInNames()


def _allowed() -> str:
    return ", ".join(GAMES)


def register(game_class: type) -> type:
    """Make ``game_class`` known by its ``name`` to :func:`load`, :data:`GAMES`, the lab and
    the apps; returns the class (so it also works as a ``@register`` decorator).

    The class must subclass :class:`gamedesign.core.Game` and declare ``name`` (lower-case
    letters, digits and ``_``), ``title``, ``min_players``, ``max_players`` and ``Options``.
    Registering a name again replaces the earlier class (a notebook cell run twice); the
    names of the built-in games are refused. :func:`check_game` checks the whole protocol.
    """
    check_declarations(game_class)
    name = game_class.name
    if name in _PACKAGES:
        raise ValueError(
            f"the name {name!r} belongs to a built-in game; give your game another name "
            f"(names taken: {', '.join(_PACKAGES)})"
        )
    _REGISTERED[name] = game_class
    _tell_workers(name, game_class)
    return game_class


def unregister(name: str) -> None:
    """Forget the game registered as ``name`` (built-in games cannot be removed)."""
    if name in _PACKAGES:
        raise ValueError(f"{name!r} is a built-in game and cannot be removed")
    if name not in _REGISTERED:
        raise ValueError(f"no game {name!r} is registered; registered: {', '.join(_REGISTERED) or 'none'}")
    del _REGISTERED[name]
    known = dict(_from_environment())
    known.pop(name, None)
    _write_environment(known)


def _tell_workers(name: str, game_class: type) -> None:
    """Note the class's import path for worker processes, when it can be imported."""
    module, qualname = game_class.__module__, game_class.__qualname__
    known = dict(_from_environment())
    known.pop(name, None)
    if module != "__main__" and "<locals>" not in qualname and _importable(module, qualname) is game_class:
        known[name] = f"{module}:{qualname}"
    _write_environment(known)


def _importable(module: str, qualname: str):
    try:
        target = sys.modules.get(module) or importlib.import_module(module)
        for part in qualname.split("."):
            target = getattr(target, part)
        return target
    except Exception:  # not importable: workers then need a forked pool
        return None


def _from_environment() -> list:
    pairs = []
    for entry in os.environ.get(ENVIRONMENT, "").split(";"):
        name, _, where = entry.partition("=")
        if name and ":" in where:
            pairs.append((name, where))
    return pairs


def _write_environment(known: dict) -> None:
    if known:
        os.environ[ENVIRONMENT] = ";".join(f"{name}={where}" for name, where in known.items())
    else:
        os.environ.pop(ENVIRONMENT, None)


def _registered_class(name: str):
    """The registered class ``name``, imported from its module in a worker process."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    where = dict(_from_environment()).get(name)
    if where is not None:
        module, _, qualname = where.partition(":")
        found = _importable(module, qualname)
        if found is not None:
            _REGISTERED.setdefault(name, found)
            return _REGISTERED[name]
    if name in EXAMPLES:
        return importlib.import_module(EXAMPLES[name]).GAME_CLASS
    return None


def _registered_or_built_in(name: str):
    try:
        return game_class(name)
    except ValueError:
        return None


def game_class(name: str) -> type:
    """The :class:`~gamedesign.core.Game` subclass called ``name``."""
    if not isinstance(name, str):
        raise ValueError(f"a game name is a text; allowed: {_allowed()}")
    if name in _PACKAGES:
        return importlib.import_module(_PACKAGES[name]).GAME_CLASS
    found = _registered_class(name)
    if found is None:
        raise ValueError(f"unknown game {name!r}; allowed: {_allowed()} (or register your own game class)")
    return found


def class_of(game) -> type:
    """The class of ``game``: a game, a game class or a game's name (looked up once, here);
    ``ValueError`` naming what is allowed for anything else."""
    if isinstance(game, type) and issubclass(game, Game):
        return game
    if isinstance(game, Game):
        return type(game)
    if isinstance(game, str):
        return game_class(game)
    raise ValueError(f"give a game, a game class or a game's name ({_allowed()}), not {brief(repr(game))}")


def game_module(name: str):
    """The package of game ``name`` (for a registered game: the module of its class)."""
    if name in _PACKAGES:
        return importlib.import_module(_PACKAGES[name])
    return _package_of(game_class(name))


def _package_of(cls: type):
    """The package a game class comes from: a built-in or shipped game's package, else the
    module that defines the class (:func:`gamedesign.core.package_of`)."""
    return package_of(cls)


#: How a game is named where a text names it (the command line): a registered name, a file's
#: class (``my_game.py:PigGame``) or a module's class (``my_package.games:PigGame``).
SPEC_FORMS = "a game's name, FILE.py:ClassName or module:ClassName"


def game_from_spec(spec: str) -> str:
    """The name of the game ``spec`` names (see :data:`SPEC_FORMS`), importing and
    registering a class given by its file or module; ``ValueError`` naming what was wrong.

    A file's folder goes on ``sys.path`` and the file is imported as a module by its name,
    so worker processes can import the class too."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(f"name the game: {SPEC_FORMS}; games: {_allowed()}")
    spec = spec.strip()
    if ":" not in spec:
        game_class(spec)  # an unknown name raises with the names allowed
        return spec
    where, _, qualname = spec.rpartition(":")
    shown = brief(spec)
    if not where or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*", qualname):
        raise ValueError(f"{shown} is not {SPEC_FORMS}")
    if where.endswith(".py"):
        path = os.path.abspath(where)
        if not os.path.isfile(path):
            raise ValueError(f"{shown}: there is no file {brief(where)}")
        folder, module = os.path.split(path)
        module = module[:-3]
        if not module.isidentifier():
            raise ValueError(f"{shown}: a game file's name must be a Python name (letters, digits, _), "
                             f"not {brief(module + '.py')}")
        if folder not in sys.path:
            sys.path.insert(0, folder)
            os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [folder, os.environ.get("PYTHONPATH")]))
    else:
        module = where
    try:
        imported = importlib.import_module(module)
    except Exception as err:  # a student's file that does not import: say so, with its error
        raise ValueError(f"{shown}: importing {module!r} failed: {type(err).__name__}: {brief(str(err), 200)}") from None
    target = imported
    for part in qualname.split("."):
        target = getattr(target, part, None)
        if target is None:
            raise ValueError(f"{shown}: {module!r} has no {qualname!r}")
    if not (isinstance(target, type) and issubclass(target, Game)):
        raise ValueError(f"{shown}: {qualname!r} is not a game class (a subclass of gamedesign.Game)")
    if getattr(target, "name", None) in GAMES and _registered_or_built_in(target.name) is target:
        return target.name  # already known: a built-in game or the example named by its class
    register(target)
    return target.name


def load(name: str, players: int | None = None, **options):
    """Make a game: ``load("legday", players=4, curl_overflow="new_set")``.

    Unknown names, player counts and options raise ``ValueError`` naming what is allowed.
    ``players=None`` uses the game's usual number of players.
    """
    cls = game_class(name)
    if players is None:
        players = cls.default_players
    if players is None:
        players = (cls.allowed_players or (cls.min_players,))[0]
    return cls(players, **options)
