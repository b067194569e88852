"""The game protocol shared by every game in ``gamedesign``.

A :class:`Game` holds the settings (number of players, rule options, deck) and builds
states. A :class:`State` holds what changes during play and answers the same few
questions for every game:

* ``to_move()`` - the players who must act now (several at once for simultaneous
  picks, ``[]`` when the game is over);
* ``legal_actions(player)`` - what that player may do now;
* ``apply(player, action)`` - do it (an :class:`IllegalAction` leaves the state unchanged);
* ``is_over()`` and ``result()`` - a :class:`Result` with scores and winners;
* ``observe(player)`` - a JSON-serialisable view of exactly what that player may know;
* ``clone()``, ``to_json()`` and ``Game.state_from_json(text)``.

Randomness comes only from a seeded generator kept inside the state, so the same seed
and the same actions always give the same game, also across a save/load round trip.

This module imports no display code: rules can run from a plain script or a terminal.
"""

from __future__ import annotations

import dataclasses
import json
import random
import reprlib
import os
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Iterable, Sequence


class IllegalAction(ValueError):
    """A move that is out of turn or not allowed by the rules.

    The message says what was wrong and what is allowed. The state is unchanged.
    """


#: How many characters of a user's value an error message repeats.
ECHO_CHARS = 80

_ECHO = reprlib.Repr()
_ECHO.maxlevel, _ECHO.maxlist, _ECHO.maxtuple, _ECHO.maxdict = 3, 6, 6, 6
_ECHO.maxstring = _ECHO.maxother = _ECHO.maxlong = ECHO_CHARS


def clip(text: str, limit: int = ECHO_CHARS) -> str:
    """``text`` cut to ``limit`` characters, ending in "…" when cut."""
    return text if len(text) <= limit else text[:limit] + "…"


def brief(value, limit: int = ECHO_CHARS) -> str:
    """``repr(value)`` cut to about ``limit`` characters, ending in "…" when cut.

    Error messages quote a user's value with it, so a huge text or a deeply nested
    structure gives a short message (and never a ``RecursionError``).
    """
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + "…"
    try:
        text = _ECHO.repr(value)
    except ValueError:  # an int too long to print
        return f"<{type(value).__name__} too long to show>"
    return text if len(text) <= limit else text[:limit] + "…"


# ----------------------------------------------------------------------------------------
# Results
# ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Result:
    """The outcome of a finished game.

    ``scores`` has one entry per seat (``None`` for an eliminated player), ``winners``
    lists the winning seats (empty when nobody wins, several for a shared win),
    ``breakdown`` gives each seat's points by category (``None`` when eliminated), and
    ``details`` holds game-specific facts (eliminations, draws, squats, ...).
    """

    scores: tuple
    winners: tuple
    breakdown: tuple = ()
    details: dict = dataclasses.field(default_factory=dict)

    @property
    def is_draw(self) -> bool:
        """True when the game ended without a winner."""
        return not self.winners


# ----------------------------------------------------------------------------------------
# Rule options
# ----------------------------------------------------------------------------------------


def option(default: Any, choices: Sequence | None = None, doc: str = "", check=None):
    """A field of a rule-options dataclass, with its allowed values and a one-line doc.

    ``choices`` lists the allowed values; ``check`` is a function ``value -> str | None``
    returning an error text for values outside a range (used when there is no list).
    """
    return dataclasses.field(
        default=default, metadata={"choices": tuple(choices) if choices else None, "doc": doc, "check": check}
    )


def build_options(options_class: type, game_name: str, given: dict) -> Any:
    """Make a frozen options dataclass from user keyword arguments, checking each one.

    Unknown names and values outside the allowed ones raise ``ValueError`` naming what is
    allowed.
    """
    fields = {f.name: f for f in dataclasses.fields(options_class)}
    unknown = sorted(set(given) - set(fields))
    if unknown:
        raise ValueError(
            f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))} for "
            f"{game_name!r}; allowed options: {', '.join(sorted(fields)) or 'none'}"
        )
    for name, value in given.items():
        meta = fields[name].metadata
        choices = meta.get("choices")
        # Compared with their types, so 1 and 1.0 are not taken for True, nor 0 for False.
        if choices is not None and not any(type(value) is type(c) and value == c for c in choices):
            raise ValueError(
                f"option {name}={brief(value)} is not allowed for {game_name!r}; "
                f"allowed values: {', '.join(map(repr, choices))}"
            )
        check = meta.get("check")
        if check is not None:
            problem = check(value)
            if problem:
                raise ValueError(f"option {name}={brief(value)} is not allowed for {game_name!r}: {problem}")
    return options_class(**given)


def describe_options(options_class: type) -> list[dict]:
    """One dict per rule option: name, default, allowed values and description."""
    return [
        {
            "option": f.name,
            "default": f.default,
            "choices": f.metadata.get("choices"),
            "description": f.metadata.get("doc", ""),
        }
        for f in dataclasses.fields(options_class)
    ]


# ----------------------------------------------------------------------------------------
# Seeded randomness kept in the state
# ----------------------------------------------------------------------------------------


def new_seed() -> int:
    """A fresh seed for a caller who did not give one (recorded in the state)."""
    return int.from_bytes(os.urandom(4), "big")


def rng_to_json(rng: random.Random) -> list:
    """The generator's full state as JSON-serialisable data."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list) -> random.Random:
    """Rebuild a generator saved with :func:`rng_to_json`."""
    rng = random.Random()
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng


def check_seed(seed) -> int:
    """Accept ``None`` (fresh seed) or a non-negative int; refuse anything else clearly."""
    if seed is None:
        return new_seed()
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer or None, not {seed!r}")
    return seed


# ----------------------------------------------------------------------------------------
# Game and State
# ----------------------------------------------------------------------------------------


class Game(ABC):
    """The settings of one game: its name, number of players and rule options.

    Subclasses set ``name``, ``min_players``, ``max_players`` and ``Options`` and
    implement :meth:`new_state`, :meth:`state_from_json` and :meth:`parse_action`.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    allowed_players: ClassVar[tuple | None] = None
    Options: ClassVar[type]

    def __init__(self, players: int, **options):
        allowed = self.allowed_players or tuple(range(self.min_players, self.max_players + 1))
        if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
            raise ValueError(
                f"{self.name!r} is played by {', '.join(map(str, allowed))} players, not {brief(players)}"
            )
        self.num_players = players
        self.options = build_options(self.Options, self.name, options)

    def __repr__(self) -> str:
        changed = {
            f.name: getattr(self.options, f.name)
            for f in dataclasses.fields(self.options)
            if getattr(self.options, f.name) != f.default
        }
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"gamedesign.load({self.name!r}, players={self.num_players}{extra})"

    def options_dict(self) -> dict:
        """The rule options as plain data (for saving a state)."""
        return dataclasses.asdict(self.options)

    @abstractmethod
    def new_state(self, seed: int | None = None) -> "State":
        """A fresh game, shuffled and dealt from ``seed``."""

    @abstractmethod
    def state_from_json(self, text: str) -> "State":
        """Rebuild a state saved with ``State.to_json()``."""

    @abstractmethod
    def parse_action(self, text: str):
        """The action whose ``str()`` is ``text``; ``ValueError`` if there is none."""

    def sample_state(self, observation: dict, rng) -> "State":
        """A full state that agrees with everything in ``observation`` (one player's view).

        Optional: search bots use it to imagine the hidden cards without reading the real
        state. A game supports it by defining ``sample_state(game, observation, rng)`` in
        its package (by convention in a ``determinize`` module, whose docstring says what
        consistency is kept). ``NotImplementedError`` when the game has none.
        """
        from .registry import game_module

        sampler = getattr(game_module(self.name), "sample_state", None)
        if sampler is None:
            raise NotImplementedError(f"{self.title} cannot sample hidden information yet (no sample_state)")
        return sampler(self, observation, rng)

    def can_sample_states(self) -> bool:
        """True when :meth:`sample_state` works for this game (search bots need it)."""
        from .registry import game_module

        return type(self).sample_state is not Game.sample_state or hasattr(game_module(self.name), "sample_state")

    def _check_saved(self, data: dict) -> None:
        if data.get("game") != self.name:
            raise ValueError(f"this saved state is a {brief(data.get('game'))} game, not {self.name!r}")
        if data.get("players") != self.num_players or type(data.get("players")) is not int:
            raise ValueError(
                f"this saved state has {brief(data.get('players'))} players; this game has {self.num_players}"
            )
        if _canonical(data.get("options")) != _canonical(self.options_dict()):
            raise ValueError(
                f"this saved state was played with options {brief(data.get('options'), 300)}, "
                f"not {brief(self.options_dict(), 300)}"
            )


def _canonical(data) -> str | None:
    """JSON text that tells ``true`` from ``1`` and ignores the order of keys."""
    try:
        return json.dumps(data, sort_keys=True)
    except (RecursionError, TypeError, ValueError):
        return None


class State(ABC):
    """What changes during one game. See the module docstring for the protocol."""

    game: Game

    @abstractmethod
    def to_move(self) -> list[int]:
        """Seats that must act now; ``[]`` when the game is over."""

    @abstractmethod
    def legal_actions(self, player: int) -> list:
        """The actions ``player`` may take now (``[]`` if it is not their move)."""

    @abstractmethod
    def _apply(self, player: int, action) -> None:
        """Carry out an action already checked to be legal."""

    @abstractmethod
    def result(self) -> Result:
        """The result of a finished game (``ValueError`` before the end)."""

    @abstractmethod
    def observe(self, player: int) -> dict:
        """What ``player`` may know, as JSON-serialisable data."""

    @abstractmethod
    def clone(self) -> "State":
        """An independent copy: changing one never changes the other."""

    @abstractmethod
    def _to_data(self) -> dict:
        """The state as JSON-serialisable data (without game name and options)."""

    def is_over(self) -> bool:
        """True when the game has ended."""
        return not self.to_move()

    def hidden_variant(self, player: int, rng) -> "State | None":
        """A copy that differs from this state only in what ``player`` cannot know.

        Used to prove that observations and bots do not peek: ``observe(player)`` must be
        the same for both. ``None`` when nothing is hidden from ``player`` right now.
        """
        raise NotImplementedError

    def apply(self, player: int, action) -> None:
        """Play ``action`` (an action object or its text) for ``player``.

        Raises :class:`IllegalAction` naming what is allowed when it is not that player's
        move or the action is not legal; the state is then unchanged.
        """
        self._check_player(player)
        movers = self.to_move()
        if not movers:
            raise IllegalAction("the game is over: no more moves are allowed")
        if isinstance(action, str):
            try:
                action = self.game.parse_action(action)
            except ValueError as err:
                raise IllegalAction(str(err)) from None
        if player not in movers:
            raise IllegalAction(
                f"it is not player {player}'s move; waiting for player"
                f"{'s' if len(movers) > 1 else ''} {', '.join(map(str, movers))}"
            )
        legal = self.legal_actions(player)
        if action not in legal:
            try:
                shown = repr(clip(str(action)))
            except RecursionError:  # deeply nested data given as an action
                shown = brief(action)
            raise IllegalAction(f"{shown} is not allowed for player {player} now; allowed: " + _list_actions(legal))
        self._apply(player, action)

    def to_json(self) -> str:
        """The whole state, seeded generator included, as JSON text."""
        data = {"game": self.game.name, "players": self.game.num_players, "options": self.game.options_dict()}
        data.update(self._to_data())
        return json.dumps(data)

    def _check_player(self, player) -> None:
        n = self.game.num_players
        if type(player) is int and 0 <= player < n:  # the common case, asked at every move
            return
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise IllegalAction(f"no player {brief(player)}: players are numbered 0 to {n - 1}")

    def _require_over(self) -> None:
        if not self.is_over():
            raise ValueError("the game is not over yet: no result")


def _list_actions(actions: Iterable, limit: int = 12) -> str:
    texts = [str(a) for a in actions]
    if not texts:
        return "nothing"
    if len(texts) > limit:
        return ", ".join(texts[:limit]) + f", ... ({len(texts)} in all)"
    return ", ".join(texts)
