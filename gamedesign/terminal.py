"""Text for playing in a terminal: who is who, what each card does, the table at your turn.

Pure text formatting, no widgets and no charts: every function takes a game, an
observation (what one player may know) and the players' names, and returns lines that
fit an 80-column terminal. ``cli.py`` prints them.

Names are the same everywhere: "You" for the person at the keyboard, "Bot 1", "Bot 2", ...
for the bots in seat order, with their kind where a table introduces them
("Bot 1 (greedy)"). :func:`rename` rewrites the engine's own words ("player 1", or seat
names such as "Ann" and "Bo" that a game writes) into those names; a game's seat names only
where one of its log sentences (``Game.log_sentences``) names a player, so a card called
"Bo" keeps its name.

Each game's own table, card texts and prompts come from the text hooks of its class
(``Game.text_view``, ``value_text``, ``kind_text``, ``action_note``, ``points_text``, see
:mod:`gamedesign.core`); a game without them gets :func:`generic_view`.
"""

from __future__ import annotations

import re

from .registry import BUILT_IN, game_class
from .text import WIDTH, listing, plain, seat_spots, table, wrap  # noqa: F401  (their home is .text)


# ----------------------------------------------------------------------------------------
# Names
# ----------------------------------------------------------------------------------------


def seat_names(bots: list, human: int) -> list[str]:
    """One short name per seat: "You" at ``human``, "Bot 1", "Bot 2", ... elsewhere.

    ``bots`` has one entry per seat (the bot's kind, ignored at the human's seat).
    """
    names, number = [], 0
    for seat in range(len(bots)):
        if seat == human:
            names.append("You")
        else:
            number += 1
            names.append(f"Bot {number}")
    return names


def full_names(bots: list, human: int) -> list[str]:
    """Each seat's name with the bot's kind: "You", "Bot 1 (greedy)", ..."""
    short = seat_names(bots, human)
    return [name if seat == human else f"{name} ({bots[seat]})" for seat, name in enumerate(short)]


def _person(name: str, possessive: bool, start: bool) -> str:
    """How ``name`` reads in a sentence: "You"/"you"/"your" for the person at the keyboard."""
    if name == "You":
        word = "your" if possessive else "you"
        return word.title() if start else word
    return name + ("'s" if possessive else "")


def rename(text: str, names: list[str], engine_names=(), capitalise: bool = True, sentences=None) -> str:
    """``text`` with "player N" and the engine's seat names (``engine_names``, the names a
    game writes, e.g. "Ann", "Bo") replaced by ``names``; the person at the keyboard becomes
    "You" at the start of a sentence, "you" or "your" inside one.

    The engine's seat names are replaced only in the game's own log ``sentences`` (its
    ``Game.log_sentences``; by default those of every built-in game) and only where they
    name a player, so a card or a move that happens to be called "Bo" keeps its name."""
    if sentences is None:
        sentences = _built_in_sentences()
    spots = seat_spots(text, engine_names, sentences)
    if spots is not None:
        out, last = [], 0
        for start, end, seat, possessive in spots:
            out.append(text[last:start])
            if seat < len(names):
                at_start = not text[:start].strip() or text[:start].rstrip().endswith((".", "!", "?"))
                out.append(_person(names[seat], possessive, at_start))
            else:
                out.append(text[start:end])
            last = end
        text = "".join(out) + text[last:]
        return text[:1].upper() + text[1:] if capitalise else text

    def name(match) -> str:
        seat = int(match["seat"])
        if seat >= len(names):
            return match.group(0)
        start = not text[: match.start()].strip() or text[: match.start()].rstrip().endswith((".", "!", "?"))
        return _person(names[seat], bool(match["s"]), start)

    text = re.sub(r"\bplayer (?P<seat>\d{1,2})\b(?P<s>'s)?", name, text)
    return text[:1].upper() + text[1:] if capitalise else text


def _built_in_sentences() -> tuple:
    return tuple(s for name in BUILT_IN for s in getattr(game_class(name), "log_sentences", ()))


# ----------------------------------------------------------------------------------------
# What a value, a move or a score is, in the game's words
# ----------------------------------------------------------------------------------------


def score_text(game, score) -> str:
    """A final score in the game's unit (``Game.points_text``: the Diet Game counts pounds)."""
    if score is None:
        return "eliminated"
    return game.points_text(score)


def breakdown_text(game, breakdown) -> str:
    """A seat's points by category, the ones that count: "Selfie 12, Leg Day -4"."""
    if not isinstance(breakdown, dict):
        return ""
    return ", ".join(f"{what} {game.points_text(points)}" for what, points in breakdown.items() if points)


def value_label(game, value, obs: dict | None = None) -> str:
    """A value inside an action (a Kid, a card) with what it is, for menus
    (``Game.value_text``), given the observation ``obs``."""
    if not isinstance(value, str):
        return str(value)
    return game.value_text(value, obs)


def kind_label(game, kind: str, count: int) -> str:
    """A kind of move (an action's first word), how many there are, and a few words on
    what it does (``Game.kind_text``)."""
    about = game.kind_text(kind)
    return f"{kind} ({count} choices)" + (f": {about}" if about else "")


def action_hint(game, action) -> str:
    """A short note after an action in a menu (``Game.action_note``: what a GYM placement
    scores there)."""
    return game.action_note(action)


# ----------------------------------------------------------------------------------------
# The table at your turn
# ----------------------------------------------------------------------------------------


def generic_view(game, obs: dict, names: list[str], full: list[str]) -> list[str]:
    """Any game: one entry a line, with words for what is unknown or empty."""
    lines = []
    per_seat = set(getattr(game, "seat_keys", ()))
    for key, value in obs.items():
        if key in ("game", "player", "players", "over", "names", "result", "log", "log_length"):
            continue
        if key in per_seat and isinstance(value, list) and len(value) == len(full):
            lines.append(f"{key.replace('_', ' ')}:")
            lines += [f"  {full[seat]}: {plain(v)}" for seat, v in enumerate(value)]
            continue
        lines += wrap(f"{key.replace('_', ' ')}: {plain(value)}")
    return lines


def view(game, obs: dict, names: list[str], full: list[str]) -> str:
    """The situation at your turn as text: a title line, then the game's own table
    (``Game.text_view``), else :func:`generic_view`."""
    title = f"== {game.title}: your turn =="
    body = game.text_view(obs, names, full)
    if body is None:
        body = generic_view(game, obs, names, full)
    return "\n".join([title, *body])


def new_log_lines(obs: dict, seen: int) -> tuple[list[str], int]:
    """The log lines added since ``seen`` lines were shown, and the new count."""
    log = obs.get("log") or []
    total = obs.get("log_length", len(log))
    fresh = min(len(log), max(0, total - seen))
    return (log[len(log) - fresh :] if fresh else []), total


def __getattr__(name: str):
    """The names this module had for each built-in game's texts (``diet_card``, ``gym_view``,
    ``VIEWS``, ...): found in the games' own ``text`` modules."""
    if name == "VIEWS":
        return {game: _view_of(game) for game in BUILT_IN}
    for game in BUILT_IN:
        found = getattr(_text_module(game), name, None)
        if found is not None:
            return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _text_module(game: str):
    import importlib

    package = game_class(game).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.text")
    except ImportError:
        return None


def _view_of(name: str):
    def shown(game, obs, names, full):
        return game.text_view(obs, names, full) or generic_view(game, obs, names, full)
    return shown


__all__ = [
    "WIDTH",
    "action_hint",
    "breakdown_text",
    "full_names",
    "generic_view",
    "kind_label",
    "listing",
    "new_log_lines",
    "plain",
    "rename",
    "score_text",
    "seat_names",
    "table",
    "value_label",
    "view",
    "wrap",
]
