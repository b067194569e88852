"""Reading deck files, and the limits every deck keeps: shared by every game's ``cards.py``
(each game checks its own format).

The limits keep a game quick to set up and to play, whatever a deck file says. They sit
far above the printed games (108, 24 and 52 cards; hands of 9 and 7) and above every
value the design lab's sliders offer.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from .core import brief, clip
from .files import DuplicateKey, strict_json

#: Physical cards in a deck (the sum of the counts), and so the most copies of one card.
MAX_DECK_CARDS = 2_000
#: Different cards (entries of the deck's card list).
MAX_CARD_TYPES = 200
#: Characters in a card's (or Kid's, or event's) name.
MAX_NAME_CHARS = 60
#: Size of any number printed on a card or in the scoring chart (points, images, pounds,
#: skill values), either way from 0.
MAX_CARD_NUMBER = 1_000
#: Cards in a hand.
MAX_HAND_SIZE = 30
#: Decisions of one player in a game of Don't Skip Leg Day (days a week x weeks); the
#: greedy bot's work grows with the square of it.
MAX_DAYS = 100
#: Choices one decision may list: bounds the Diet Game's Planning, where a hand of 7 and
#: 3 discards give 64 choices and the count doubles with every card more.
MAX_CHOICES = 2_000
#: Size of a deck file, in bytes.
MAX_DECK_FILE_BYTES = 1_000_000

#: The limits above by name, for docs and messages.
LIMITS = {
    "cards in a deck": MAX_DECK_CARDS,
    "different cards": MAX_CARD_TYPES,
    "characters in a name": MAX_NAME_CHARS,
    "size of a card's number": MAX_CARD_NUMBER,
    "cards in a hand": MAX_HAND_SIZE,
    "days in a game": MAX_DAYS,
    "choices of one decision": MAX_CHOICES,
    "bytes in a deck file": MAX_DECK_FILE_BYTES,
}


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a deck can hold")


def read_deck_data(source, package: str):
    """The deck data a game's ``load_deck`` should check.

    ``None`` reads the ``deck.json`` shipped in ``package``; a ``str`` or ``Path`` reads
    that JSON file; anything else is taken as already-parsed data. A missing, unreadable,
    too large or non-UTF-8 file and bad JSON raise ``ValueError`` naming the file.
    """
    if source is None:
        return parse_json(resources.files(package).joinpath("deck.json").read_bytes(), f"the deck.json of {package}")
    if isinstance(source, (str, Path)):
        return parse_json(read_file(source, "deck file"), f"deck file {brief(str(source), 200)}")
    return source


def read_file(source, kind: str, missing: str = "") -> bytes:
    """The bytes of the ``kind`` file (a deck or preset file) at ``source``: ``ValueError``
    naming the file when it is missing (followed by ``missing``), unreadable, or larger than
    ``MAX_DECK_FILE_BYTES`` (checked before it is read)."""
    shown = brief(str(source), 200)
    try:  # a name with a NUL byte, too long or unreadable
        path = Path(source)
        size = path.stat().st_size if path.is_file() else None
        raw = path.read_bytes() if size is not None and size <= MAX_DECK_FILE_BYTES else b""
    except (OSError, ValueError) as err:
        raise ValueError(f"cannot read the {kind} {shown}: {clip(str(err), 200)}") from None
    if size is None:
        raise ValueError(f"no {kind} at {shown}{missing}")
    if size > MAX_DECK_FILE_BYTES:
        raise ValueError(f"{kind} {shown} has {size:,} bytes; a {kind} has at most {MAX_DECK_FILE_BYTES:,}")
    return raw


def parse_json(raw: bytes | str, what: str = ""):
    """JSON data from ``raw``; ``ValueError`` ("``what`` is not valid JSON: ...") when it is
    not UTF-8 text of valid JSON (``NaN`` and ``Infinity`` are refused, and so is deep
    nesting, and an object with the same key twice)."""
    subject = f"{what} is " if what else ""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise ValueError(f"{subject}not UTF-8 text (byte {err.start} is {raw[err.start]:#04x})") from None
    try:
        return json.loads(raw, parse_constant=_no_constant, object_pairs_hook=strict_json)
    except RecursionError:
        raise ValueError(f"{subject}not valid JSON: it is nested too deeply") from None
    except DuplicateKey as err:
        raise ValueError(f"{what or 'this JSON'} {err}") from None
    except ValueError as err:
        raise ValueError(f"{subject}not valid JSON: {clip(str(err), 200)}") from None


# ----------------------------------------------------------------------------------------
# Checks every game's deck parser shares
# ----------------------------------------------------------------------------------------


def check_keys(where: str, data: dict, allowed, required=(), unknown: str = "unknown entry") -> None:
    """Refuse keys of ``data`` outside ``allowed`` (keys starting with ``_`` are comments),
    suggesting the nearest allowed key; then refuse missing ``required`` keys.
    ``unknown`` is how the message calls a key that is not allowed."""
    allowed = list(allowed)
    for key in data:
        if not isinstance(key, str):
            raise ValueError(f"{where}: the key {brief(key)} is not a text; allowed: {', '.join(allowed)}")
        if key in allowed or key.startswith("_"):
            continue
        import difflib  # only when a key is wrong

        close = difflib.get_close_matches(key, allowed, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ValueError(f"{where}: {unknown} {brief(key)}{hint}; allowed: {', '.join(allowed)}")
    for key in required:
        if key not in data:
            raise ValueError(f"{where} has no {key!r}")


def check_name(where: str, name, what: str = "name") -> str:
    """A card name: words separated by single spaces, no spaces at either end, no line
    breaks or tabs, at most ``MAX_NAME_CHARS`` characters. An action text names the card,
    and these are the names a player can type back exactly."""
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"{where}: {what!r} must be a non-empty text, not {brief(name)}")
    if len(name) > MAX_NAME_CHARS:
        raise ValueError(f"{where}: {what!r} has {len(name)} characters; allowed: at most {MAX_NAME_CHARS}")
    if name != " ".join(name.split()) or not name.isprintable():
        raise ValueError(
            f"{where}: {what!r} {brief(name)} must be words separated by single spaces, without spaces at "
            f"either end (write {' '.join(name.split())!r})"
        )
    return name


def check_whole(where: str, value, low: int, high: int, what: str = "") -> int:
    """A whole number from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{where} must be a whole number from {low} to {high}{what}, not {brief(value)}")
    return value


def check_list(where: str, value, most: int, non_empty: bool = True) -> list:
    """A list of at most ``most`` entries (non-empty unless told)."""
    if not isinstance(value, list) or (non_empty and not value):
        raise ValueError(f"{where} must be a {'non-empty ' if non_empty else ''}list, not {brief(value)}")
    if len(value) > most:
        raise ValueError(f"{where} has {len(value)} entries; allowed: at most {most}")
    return value


def check_deck_size(size: int) -> None:
    """A deck of at most ``MAX_DECK_CARDS`` cards."""
    if size > MAX_DECK_CARDS:
        raise ValueError(f"the deck has {size:,} cards; a deck has at most {MAX_DECK_CARDS:,}")


__all__ = [
    "LIMITS",
    "MAX_CARD_NUMBER",
    "MAX_CARD_TYPES",
    "MAX_CHOICES",
    "MAX_DAYS",
    "MAX_DECK_CARDS",
    "MAX_DECK_FILE_BYTES",
    "MAX_HAND_SIZE",
    "MAX_NAME_CHARS",
    "check_deck_size",
    "check_keys",
    "check_list",
    "check_name",
    "check_whole",
    "parse_json",
    "read_deck_data",
]
