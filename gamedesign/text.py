"""Plain text for a terminal or a message: wrapped lines, columns, lists, JSON values in
words, and where a game's log sentences name its players.

No widgets, no charts, nothing of the package: the terminal front end (``terminal.py``)
and each game's own text views (its package's ``text`` module) build on these.

A game's log ``sentences`` are patterns: ``{seat}`` where a player is named (with the
engine's seat names, e.g. Ann, Bo, ...), ``{seat}'s`` a player's possessive, ``{n}`` a
number, ``{lb}`` a weight change and ``{x}`` anything else (cards).
"""

from __future__ import annotations

import re
import textwrap

#: The width every line is wrapped to.
WIDTH = 80


def wrap(text: str, indent: str = "", width: int = WIDTH) -> list[str]:
    """``text`` wrapped to ``width``, continuation lines indented a little more; a bot's
    name ("Bot 2 (random)") is never split."""
    glued = re.sub(r"\bBot \d+(?: \([^()\s]*\))?", lambda m: m.group(0).replace(" ", "\xa0"), text)
    lines = textwrap.wrap(glued, width, initial_indent=indent, subsequent_indent=indent + "  ") or [indent]
    return [line.replace("\xa0", " ") for line in lines]


def listing(items, empty: str = "none") -> str:
    """Items joined with commas, or ``empty`` when there are none."""
    items = list(items)
    return ", ".join(items) if items else empty


def table(rows: list[tuple], indent: str = "  ") -> list[str]:
    """Rows of cells as left-aligned columns (the last column is wrapped to fit)."""
    if not rows:
        return []
    columns = len(rows[0])
    widths = [max(len(str(row[i])) for row in rows) for i in range(columns - 1)]
    lines = []
    for row in rows:
        head = indent + "  ".join(str(cell).ljust(w) for cell, w in zip(row[:-1], widths))
        rest = str(row[-1])
        room = max(20, WIDTH - len(head) - 2)
        parts = textwrap.wrap(rest, room) or [""]
        lines.append((head + "  " + parts[0]).rstrip())
        lines += [" " * (len(head) + 2) + part for part in parts[1:]]
    return lines


def counted(name: str, count: int) -> str:
    return f"{count} {name}" if count > 1 else name


def plain(value) -> str:
    """A JSON value in words: ``None`` is "unknown", an empty list "empty"."""
    if value is None:
        return "unknown"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return "; ".join(f"{k} {plain(v)}" for k, v in value.items()) or "empty"
    if isinstance(value, (list, tuple)):
        return ", ".join(plain(v) for v in value) if value else "empty"
    return str(value)


_PIECES = {"{n}": r"-?\d+", "{lb}": r"(?:[+-]\d+|0) lb", "{x}": r".+?"}


def _sentence_patterns(engine_names: tuple, sentences: tuple) -> list:
    """Each of ``sentences`` as a regular expression whose groups ``s0``, ``s1``, ... are its
    players (one of ``engine_names``), and which of them are possessive."""
    who = "|".join(re.escape(n) for n in sorted(engine_names, key=len, reverse=True))
    patterns = []
    for sentence in sentences:
        parts, possessive = [], []
        for piece in re.split(r"(\{seat\}'s|\{seat\}|\{n\}|\{lb\}|\{x\})", sentence):
            if piece.startswith("{seat}"):
                parts.append(f"(?P<s{len(possessive)}>{who})" + ("'s" if piece.endswith("'s") else ""))
                possessive.append(piece.endswith("'s"))
            elif piece in _PIECES:
                parts.append(_PIECES[piece])
            else:
                parts.append(re.escape(piece))
        patterns.append((re.compile("".join(parts) + r"\Z"), possessive))
    return patterns


_PATTERNS: dict = {}


def seat_spots(line: str, engine_names, sentences) -> list | None:
    """Where a log line names players: ``(start, end, seat, possessive)`` for each,
    ``start:end`` covering the name (and its "'s"); ``None`` when the line is none of the
    game's log ``sentences`` (then nothing in it is a player's name). ``engine_names`` are
    the seat names the game writes (``("Ann", "Bo", ...)``)."""
    engine_names, sentences = tuple(engine_names), tuple(sentences)
    if not engine_names or not sentences:
        return None
    patterns = _PATTERNS.get((engine_names, sentences))
    if patterns is None:
        patterns = _PATTERNS[(engine_names, sentences)] = _sentence_patterns(engine_names, sentences)
    for pattern, possessive in patterns:
        found = pattern.match(line)
        if found:
            spots = []
            for i, mine in enumerate(possessive):
                start, end = found.span(f"s{i}")
                spots.append((start, end + (2 if mine else 0), engine_names.index(found[f"s{i}"]), mine))
            return spots
    return None


__all__ = ["WIDTH", "counted", "listing", "plain", "seat_spots", "table", "wrap"]
