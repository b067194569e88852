"""Loading saved states safely: the checks every game's ``state_from_json`` shares.

A save is the JSON text made by ``State.to_json()``. Loading one gives a state the rules
can reach, or a ``ValueError`` naming the field, the value found and what is allowed;
never an ``IndexError`` later in play. This module reads the text (its size, the JSON,
the game, players and options, the list of fields) and has small checks that the games
share: whole numbers in a range, seats, lists of card names, a generator's state, and
that every card of the deck is in exactly one place. What a save of each game must
satisfy is listed in that game's ``saves.py``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Iterable

from .core import brief, clip
from .files import DuplicateKey, strict_json

#: The longest save accepted, in characters. The longest saves are of Diet Games: one of
#: 2,000 turns (the most its ``max_turns`` allows) with 60-character card names saves in
#: about 1.2 million.
MAX_SAVE_CHARS = 10_000_000

#: Words and values of the generator's state (Python's Mersenne Twister, version 3).
_RNG_WORDS = 624


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a save can hold")


def read_save(game, text, fields: Iterable[str], optional: dict | None = None) -> dict:
    """The saved data of ``game`` in ``text``, with exactly ``fields`` beside the game's
    name, players and options (``optional`` maps fields older saves may lack to their
    default). ``ValueError`` when the text is no save of this game."""
    if not isinstance(text, str):
        raise ValueError(f"a save is the JSON text made by State.to_json(), not {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise ValueError(f"this save has {len(text):,} characters; a save has at most {MAX_SAVE_CHARS:,}")
    try:
        data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=strict_json)
    except RecursionError:
        raise ValueError("this save is not a saved game: its JSON is nested too deeply") from None
    except DuplicateKey as err:
        raise ValueError(f"this save {err}") from None
    except ValueError as err:  # JSONDecodeError, NaN or a number too long
        raise ValueError(f"this save is not valid JSON: {clip(str(err), 200)}") from None
    if not isinstance(data, dict):
        raise ValueError(f"a save is a JSON object of the state's fields, not a JSON {_json_type(data)}")
    game._check_saved(data)
    optional = optional or {}
    allowed = ["game", "players", "options", *fields, *optional]
    unknown = [k for k in data if k not in allowed]
    if unknown:
        raise ValueError(f"unknown field {brief(unknown[0])} in this save; allowed: {', '.join(allowed)}")
    missing = [k for k in fields if k not in data]
    if missing:
        raise ValueError(f"this save has no {missing[0]!r} field")
    for key, default in optional.items():
        data.setdefault(key, default)
    return data


def _json_type(value) -> str:
    return {list: "list", str: "text", int: "number", float: "number", bool: "true/false"}.get(type(value), "null")


# ----------------------------------------------------------------------------------------
# Checks of single fields: each returns the value and raises ValueError naming ``where``
# ----------------------------------------------------------------------------------------


def fail(where: str, value, allowed: str):
    """Raise the ``ValueError`` every check gives: field, value found, what is allowed."""
    raise ValueError(f"{where} is {brief(value)}; allowed: {allowed}")


def whole(value, where: str, low: int, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (no upper end when ``high`` is None)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        allowed = f"a whole number from {low} to {high}" if high is not None else f"a whole number {low} or more"
        fail(where, value, allowed)
    return value


def flag(value, where: str) -> bool:
    """``true`` or ``false``."""
    if not isinstance(value, bool):
        fail(where, value, "true or false")
    return value


def text(value, where: str) -> str:
    """A text."""
    if not isinstance(value, str):
        fail(where, value, "a text")
    return value


def items(value, where: str, length: int | None = None, most: int | None = None) -> list:
    """A list, of exactly ``length`` or at most ``most`` entries (checked before the entries)."""
    if not isinstance(value, list):
        fail(where, value, "a list" if length is None else f"a list of {length}")
    if length is not None and len(value) != length:
        raise ValueError(f"{where} has {len(value)} entries; allowed: exactly {length}")
    if most is not None and len(value) > most:
        raise ValueError(f"{where} has {len(value)} entries; allowed: at most {most}")
    return value


def table(value, where: str, keys: Iterable[str] | None = None) -> dict:
    """A JSON object; with ``keys``, exactly those keys."""
    if not isinstance(value, dict):
        fail(where, value, "an object" if keys is None else "an object with " + ", ".join(keys))
    if keys is not None:
        keys = list(keys)
        if set(value) != set(keys):
            odd = sorted(set(value) ^ set(keys))[0]
            raise ValueError(
                f"{where} {'has the unexpected key' if odd in value else 'has no key'} {brief(odd)}; "
                f"allowed keys: {', '.join(keys)}"
            )
    return value


def one_of(value, where: str, allowed: Iterable):
    """One of ``allowed`` (compared with its type: ``1`` is not ``true``)."""
    allowed = tuple(allowed)
    if not any(type(value) is type(a) and value == a for a in allowed):
        fail(where, value, ", ".join("null" if a is None else repr(a) for a in allowed))
    return value


def seat(value, where: str, players: int, none: bool = False):
    """A seat number (or ``None`` when ``none``)."""
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        fail(where, value, f"a seat from 0 to {players - 1}" + (" or null" if none else ""))
    return value


def name(value, where: str, known, what: str = "card", none: bool = False):
    """A name in ``known`` (a dict or set of the deck's names), or ``None`` when ``none``."""
    if value is None and none:
        return None
    if not isinstance(value, str) or value not in known:
        fail(where, value, f"a {what} of this game's deck" + (" or null" if none else ""))
    return value


def names(value, where: str, known, what: str = "card", length: int | None = None, most: int | None = None) -> list:
    """A list of names in ``known``."""
    items(value, where, length, most)
    if not all(type(entry) is str and entry in known for entry in value):
        for i, entry in enumerate(value):
            name(entry, f"{where}[{i}]", known, what)
    return list(value)


def name_lists(value, where: str, length: int, known, what: str = "card", most: int | None = None) -> list:
    """A list of ``length`` lists of names in ``known`` (hands, one a seat), each of at
    most ``most`` names."""
    entries = items(value, where, length)
    return [names(entry, f"{where}[{i}]", known, what, most=most) for i, entry in enumerate(entries)]


def texts(value, where: str, most: int | None = None) -> list:
    """A list of texts."""
    items(value, where, most=most)
    if not all(type(entry) is str for entry in value):
        for i, entry in enumerate(value):
            text(entry, f"{where}[{i}]")
    return list(value)


def wholes(value, where: str, low: int, high: int, length: int | None = None) -> list:
    """A list of whole numbers from ``low`` to ``high``."""
    items(value, where, length)
    if not all(type(entry) is int and low <= entry <= high for entry in value):
        for i, entry in enumerate(value):
            whole(entry, f"{where}[{i}]", low, high)
    return list(value)


def generator(value, where: str = "rng") -> random.Random:
    """The generator saved by ``core.rng_to_json``: version 3, 624 words and a position."""
    allowed = "the state of Python's random generator as State.to_json() saves it"
    if (
        not isinstance(value, list)
        or len(value) != 3
        or type(value[0]) is not int
        or value[0] != 3
        or not isinstance(value[1], list)
        or len(value[1]) != _RNG_WORDS + 1
        or not (value[2] is None or type(value[2]) is float)
    ):
        fail(where, value, allowed)
    words = value[1]
    if not all(type(w) is int and 0 <= w < 2**32 for w in words[:-1]) or not any(words[:-1]):
        fail(where, value, allowed + " (624 words below 2**32, not all 0)")
    if type(words[-1]) is not int or not 1 <= words[-1] <= _RNG_WORDS:
        fail(f"{where} position", words[-1], f"a whole number from 1 to {_RNG_WORDS}")
    rng = random.Random()
    rng.setstate((3, tuple(words), value[2]))
    return rng


def same(value, expected) -> bool:
    """True when ``value`` equals ``expected`` with the same types all the way down
    (``1`` is not ``true``); only as deep as ``expected`` goes."""
    if type(value) is not type(expected):
        return False
    if isinstance(expected, list):
        return len(value) == len(expected) and all(same(v, e) for v, e in zip(value, expected))
    if isinstance(expected, dict):
        return value.keys() == expected.keys() and all(same(value[k], e) for k, e in expected.items())
    return value == expected


# ----------------------------------------------------------------------------------------
# Whole-state checks
# ----------------------------------------------------------------------------------------


def check_conserved(places: dict, deck: Counter, what: str = "card") -> None:
    """Every card of ``deck`` (name -> copies) is in exactly one of ``places`` (place name
    -> the cards there)."""
    found = Counter()
    for cards in places.values():
        found.update(cards)
    if found == deck:
        return
    # Extra copies first: a card from nowhere or copied says more than one gone missing.
    for card in sorted(set(found) | set(deck), key=lambda c: (found[c] <= deck[c], c)):
        if found[card] != deck[card]:
            where = ", ".join(f"{place} {n}" for place, cards in places.items() if (n := list(cards).count(card)))
            raise ValueError(
                f"the {what} {card!r} is in the game {found[card]} time{'s' if found[card] != 1 else ''}"
                f" ({where or 'nowhere'}) but the deck has {deck[card]}: every {what} of the deck is in exactly "
                f"one place: {', '.join(places)}"
            )


__all__ = [
    "MAX_SAVE_CHARS",
    "check_conserved",
    "fail",
    "flag",
    "generator",
    "items",
    "name",
    "name_lists",
    "names",
    "one_of",
    "read_save",
    "same",
    "seat",
    "table",
    "text",
    "texts",
    "whole",
    "wholes",
]
