"""Friendly names and one-line explanations for every measure, rule option and deck number.

This is the one place the lab's words come from: the what-if app's controls, the tables,
the verdicts, the charts and ``docs/design-lab.md`` (whose measure tables are
:func:`markdown_table`) all read it. A measure is known by the column name of
:func:`gamedesign.lab.metrics.game_table` (``"seat 1 wins"``, ``"points from Bench Press"``);
:func:`measure` gives its :class:`Measure`: a label, a one-line explanation, the kind of
number it is (a share of games, points, a length, a count) and which way is better.

Patterns cover the measures named after a seat, a scoring category, an event or a rule
event (``"seat {k} wins"``, ``"points from {x}"``, ``"in play: {x}"``, ``"rule used: {x}"``).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Mapping

from ..core import Game
from ..registry import BUILT_IN, game_class

#: Kinds of numbers: how a value and a change are written, and which measures share a chart axis.
KINDS = {
    "share": "share of games or decisions (a change in percentage points)",
    "points": "points, in the game's own unit (its point_unit: pounds, say)",
    "length": "game length in the game's own unit",
    "count": "a count per game",
    "p-value": "a probability from a test",
}



def game_of(game) -> type | None:
    """The class of ``game``: a game, a game class or a known game's name (None: no game,
    or a name no game has). Each game's words come from its class (``Game.length_unit``,
    ``point_unit``, ``card_worth``, ``measures``, ``verdict_signs`` and its options'
    ``label``, ``explain`` and ``value_labels``)."""
    if game is None:
        return None
    if isinstance(game, type):
        return game if issubclass(game, Game) else None
    if isinstance(game, Game):
        return type(game)
    if isinstance(game, str):
        try:
            return game_class(game)
        except ValueError:
            return None
    return None


class _ByGame(Mapping):
    """One word each game declares (its class's ``attribute``), by game: a name, a game or a
    class. Iterates over the built-in games; a game that declares nothing is missing."""

    def __init__(self, attribute: str, missing=""):
        self.attribute, self.missing = attribute, missing

    def __getitem__(self, game):
        cls = game_of(game)
        value = getattr(cls, self.attribute, self.missing) if cls is not None else self.missing
        if value == self.missing:
            raise KeyError(game)
        return value

    def __iter__(self):
        return iter(BUILT_IN)

    def __len__(self) -> int:
        return len(BUILT_IN)


#: The unit of game length of each game (its ``Game.length_unit``).
LENGTH_UNITS = _ByGame("length_unit")

#: What a game's points are called (its ``Game.point_unit``).
POINT_UNITS = _ByGame("point_unit")


@dataclasses.dataclass(frozen=True)
class Measure:
    """A measure's friendly ``label``, one-line ``help``, ``kind`` (see :data:`KINDS`) and
    ``better``: ``"higher"``, ``"lower"`` or ``""`` (neither: a matter of taste)."""

    name: str
    label: str
    help: str
    kind: str
    better: str = ""


# name: (label, help, kind, better)
_MEASURES = {
    "seat {k} wins": ("{seat} wins", "share of games that {seat} won (shared and team wins count for every "
                      "winner)", "share", ""),
    "draw": ("Draws", "share of games that ended with no winner", "share", ""),
    "timeout": ("Stopped by the turn limit", "share of games stopped by a turn limit instead of the rules' own end",
                "share", "lower"),
    "completed": ("Finished by the rules", "share of games that reached the rules' own end (1 - timeout)",
                  "share", "higher"),
    "length": ("Game length", "game length in the game's own unit (its length_unit: days, turns; moves when it names none)", "length", ""),
    "mean score": ("Mean final score", "mean final score of the players who have one (a game may leave some without one, "
                   "such as eliminated players)", "points", ""),
    "winning score": ("Winning score", "the best final score among the winners (none without a winner)", "points", ""),
    "decision points": ("Decisions", "moves the players had to make in the game (all seats)", "count", ""),
    "real choices": ("Real choices", "share of decisions that offered more than one legal action", "share", "higher"),
    "branching factor": ("Options per decision", "mean number of legal actions at a decision", "count", ""),
    "lead changes": ("Lead changes", "times the lead passed to a different seat (or team) between rounds",
                     "count", ""),
    "drama": ("Winner's worst deficit", "most points the eventual winner was behind the leader at any round's end",
              "points", ""),
    "comeback": ("Comebacks", "share of games whose winner was behind the leader at some round's end", "share", ""),
    "winner clear at": ("Winner clear at", "share of the game played when the winner took the lead for good "
                        "(100%: only at the end)", "share", ""),
    "last-round swing": ("Decided in the last round", "share of games whose winner was not leading before the last "
                         "round", "share", ""),
    "first seat edge": ("{first}'s edge", "how far {first}'s win rate is above an equal share of the wins "
                        "(negative: below it); 0 when the first seat has no advantage", "share", ""),
    "early leader wins at 1/4": ("Leader at a quarter wins", "share of games the side leading alone a quarter of "
                                 "the way through went on to win (games with a tied lead then are left out)",
                                 "share", ""),
    "early leader wins at 1/2": ("Leader at half way wins", "share of games the side leading alone half way "
                                 "through went on to win (games with a tied lead then are left out)", "share", ""),
    "early leader wins at 3/4": ("Leader at three quarters wins", "share of games the side leading alone three "
                                 "quarters of the way through went on to win (games with a tied lead then are "
                                 "left out)", "share", ""),
    "lead tied at 1/4": ("Lead tied at a quarter", "share of games in which two sides or more shared the lead a "
                         "quarter of the way through", "share", ""),
    "lead tied at 1/2": ("Lead tied at half way", "share of games in which two sides or more shared the lead half "
                         "way through", "share", ""),
    "lead tied at 3/4": ("Lead tied at three quarters", "share of games in which two sides or more shared the "
                         "lead three quarters of the way through", "share", ""),
    # Over a set of games
    "win-rate gap": ("Gap between seats", "highest minus lowest seat win rate: 0 when every seat wins equally often",
                     "share", "lower"),
    "balance chi-square p": ("Seat balance test (p)", "p-value of a chi-square test that every seat wins equally "
                             "often: small means unequal", "p-value", ""),
    "length spread": ("Spread of game length", "standard deviation of game length", "length", ""),
    "skill depth": ("Skill depth", "how far and how surely better bots beat worse ones: the stronger bot's mean "
                    "edge over the fair share, as a share of the most it could be (lab.compare_skill)", "share", ""),
    # How often each rule mattered: the rule events of each game (Game.rule_events)
    "rule used: {x}": ("Rule used: {x}", "times the rule event {x} happened in a game (a game's own rule_events)",
                       "count", ""),
}

#: Per-card measures (the columns of :func:`gamedesign.lab.metrics.card_values`).
CARD_MEASURES = {
    "copies per game": ("Copies per game", "copies all players collected (or played, where cards are played) in a game", "count"),
    "points per copy": ("Worth per copy", "points a copy scored for its holder (each game says how: its card_worth)", "points"),
    "pick rate": ("Pick rate", "share of the decisions offering the card at which it was taken or played", "share"),
    "win rate when collected": ("Win rate of its holders", "share of players holding (or playing) a copy "
                                "who won", "share"),
}

#: How a copy's worth is counted in each game (the per-card ``points per copy``, its
#: ``Game.card_worth``).
CARD_WORTH = _ByGame("card_worth")


def _patterns(table: dict) -> list:
    return [(re.compile("^" + re.escape(name).replace(r"\{k\}", r"(?P<k>\d+)").replace(r"\{x\}", "(?P<x>.+)") + "$"),
             name) for name in table if "{" in name]


def _split(measures: dict) -> tuple:
    """A game's own measures as (its facts, its rule events' measures), leaving out the
    ones that only reword a measure of every game."""
    own = {k: v for k, v in measures.items() if k not in _MEASURES}
    return ({k: v for k, v in own.items() if not k.startswith("rule used: ")},
            {k: v for k, v in own.items() if k.startswith("rule used: ")})


@functools.cache
def _built_in_table(games: tuple) -> tuple:
    """Every measure the docs list, in their order (every game's, then each built-in game's
    own, then how often each rule mattered), with its patterns and the docs' groups."""
    every = [k for k in _MEASURES if not k.startswith("rule used: ")]
    table = {k: _MEASURES[k] for k in every}
    per_game = every.index("win-rate gap")
    groups = {"every game, per game": tuple(every[:per_game]),
              "every game, over a set of games": tuple(every[per_game:])}
    rules = {k: v for k, v in _MEASURES.items() if k.startswith("rule used: ")}
    for name in games:
        cls = game_class(name)
        facts, events = _split(cls.measures)
        table.update(facts)
        rules.update(events)
        groups[cls.title] = tuple(facts)
    table.update(rules)
    groups["how often each rule mattered"] = tuple(rules)
    return table, _patterns(table), groups


def _table() -> tuple:
    return _built_in_table(tuple(BUILT_IN))


def __getattr__(name: str):
    """:data:`MEASURE_NAMES` and :data:`MEASURE_GROUPS`, gathered from the built-in games on
    first use."""
    if name == "MEASURE_NAMES":
        return tuple(_table()[0])
    if name == "MEASURE_GROUPS":
        return dict(_table()[2])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class _Fill(dict):
    """Fills ``{k}``/``{x}`` in a pattern's texts; the pattern itself reads "seat k wins"."""

    def __missing__(self, key):
        if key == "seat":
            return "player k+1"
        if key == "first":
            return "the first player"
        return key.upper() if key == "x" else key


def _entry(name: str, cls) -> tuple:
    """The (label, help, kind, better) texts of ``name`` and the pattern's fills: the game's
    own measures first (``Game.measures``), then every measure the lab knows."""
    table, patterns, _ = _table()
    own = getattr(cls, "measures", None) or {}
    for known in (own, table):
        if name in known:
            return known[name], {}
    for known, found_in in ((own, _patterns(own)), (table, patterns)):
        for pattern, key in found_in:
            found = pattern.match(name)
            if found:
                return known[key], found.groupdict()
    return None, {}


def measure(name: str, game=None) -> Measure:
    """The :class:`Measure` called ``name`` (a column of ``game_table`` or a set measure).

    An unknown name (a game's own fact not listed here) gets its own name as label.
    ``game`` (a game, its class or its name) fills in its words: its own measures, what its
    length and points are counted in (days or turns, points or pounds).
    """
    if not isinstance(name, str):
        raise ValueError(f"a measure is named by a text, not {name!r}")
    cls = game_of(game)
    entry, fill = _entry(name, cls)
    if entry is None:
        return Measure(name, name[:1].upper() + name[1:], "a count or share the game itself reports", "count")
    if "k" in fill or "{first}" in entry[0]:
        words = cls.seat_name if cls is not None else Game.seat_name
        if "k" in fill and fill["k"].isdigit():
            fill["seat"] = words(int(fill["k"]))
        fill["first"] = words(0)
    label, help_text, kind, better = (part.format_map(_Fill(fill)) for part in entry)
    label = label[:1].upper() + label[1:]
    points = getattr(cls, "point_unit", "points") or "points"
    if points != "points" and kind == "points":
        help_text = help_text.replace("points", points)
    length = getattr(cls, "length_unit", "")
    if name == "length" and length:
        label = f"Game length ({length})"
    return Measure(name, label, help_text, kind, better)


def label(name: str, game: str | None = None) -> str:
    """A measure's friendly label (``"seat 1 wins"`` -> ``"Seat 1 wins"``)."""
    return measure(name, game).label


def explain(name: str, game: str | None = None) -> str:
    """A measure's one-line explanation."""
    return measure(name, game).help


#: What a count is counted in, for the counts that are not "so many a game".
_COUNT_UNITS = {"branching factor": "actions", "decision points": "decisions a game"}


def unit(name: str, game: str | None = None) -> str:
    """What a change of the measure is counted in: ``"percentage points"``, ``"points"``,
    ``"pounds"``, ``"days"``, ``"turns"`` (``"moves"`` when the game names no unit),
    ``"a game"`` for a count per game (``"actions"`` for the options per decision) or
    ``""`` (a p-value)."""
    kind = measure(name, game).kind
    if kind == "share":
        return "percentage points"
    if kind == "points":
        return POINT_UNITS.get(game, "points")
    if kind == "length":
        return LENGTH_UNITS.get(game, "moves")
    if kind == "count":
        return _COUNT_UNITS.get(name, "a game")
    return ""


def seat_name(seat: int, game=None) -> str:
    """A seat (0, 1, ...) in the words the lab uses for it: ``"player 1"`` for seat 0, or
    the game's own words (``Game.seat_words``: GYM's ``"team A"``)."""
    cls = game_of(game)
    return (cls or Game).seat_name(seat)


def point_unit(game) -> str:
    """What ``game``'s points are called (``"points"`` unless it says otherwise)."""
    return POINT_UNITS.get(game, "points")


def length_unit(game, otherwise: str = "") -> str:
    """What ``game``'s length is counted in (``otherwise`` when it does not say)."""
    return LENGTH_UNITS.get(game, otherwise)


# ----------------------------------------------------------------------------------------
# Rule options and deck numbers
# ----------------------------------------------------------------------------------------

#: (game, option) -> (label, one-line help, {value: label of the value}).

#: Deck fields every deck may have -> (label template, help). ``{card}`` is the card's
#: name. A game's own deck fields are its ``Game.deck_fields``.
_DECK_FIELDS = {
    "count": ("{card}: copies", "how many copies of {card} the deck holds"),
    "points": ("{card}: points", "the points printed on {card}"),
    "hand_size": ("Hand size", "cards in a hand"),
}


class _DeckFields(Mapping):
    """Every deck field the lab names: those of every deck, then each built-in game's own
    (``Game.deck_fields``)."""

    def _table(self) -> dict:
        table = dict(_DECK_FIELDS)
        for game in BUILT_IN:
            table.update(getattr(game_class(game), "deck_fields", {}))
        return table

    def __getitem__(self, field):
        return self._table()[field]

    def __iter__(self):
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


#: Deck fields -> (label template, help). ``{card}`` is the card's name.
DECK_FIELDS = _DeckFields()


def _field(cls, name: str):
    options = getattr(cls, "Options", None)
    if options is None or not dataclasses.is_dataclass(options):
        return None
    return next((f for f in dataclasses.fields(options) if f.name == name), None)


def option(game, name: str) -> tuple:
    """``(label, help, value labels)`` of a rule option, as the option declares them
    (``option(default, ..., label=..., explain=..., value_labels=...)``); its own name, no
    help and no value labels when it declares none. ``game``: a game, its class or name."""
    field = _field(game_of(game), name)
    text = field.metadata.get("label", "") if field is not None else ""
    if not text:
        return name.replace("_", " ").capitalize(), "", {}
    return text, field.metadata.get("explain", ""), dict(field.metadata.get("value_labels") or {})


class _Options(Mapping):
    """``(game, option) -> (label, help, value labels)`` of every built-in game's options
    that declare a label (read from the options themselves)."""

    def _items(self) -> dict:
        out = {}
        for game in BUILT_IN:
            for field in dataclasses.fields(game_class(game).Options):
                if field.metadata.get("label"):
                    out[(game, field.name)] = option(game, field.name)
        return out

    def __getitem__(self, key):
        return self._items()[key]

    def __iter__(self):
        return iter(self._items())

    def __len__(self) -> int:
        return len(self._items())


#: ``(game, option) -> (label, help, value labels)`` of the built-in games' rule options.
OPTIONS = _Options()


def option_label(game: str, name: str) -> str:
    """A rule option's friendly label (``curl_overflow`` -> ``"A 6th Preacher Curl"``)."""
    return option(game, name)[0]


def value_label(game: str, name: str, value) -> str:
    """How a value of a rule option reads (``True`` -> ``"yes"``, ``"new_set"`` -> ``"starts a new set"``)."""
    labels = option(game, name)[2]
    for key, text in labels.items():
        if type(key) is type(value) and key == value:
            return text
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


def deck_field(field: str, card: str = "", colour: str = "", game=None) -> tuple:
    """``(label, help)`` of a deck number: a card's field or a deck-wide entry (``game``'s
    own ``deck_fields`` first, when a game is given)."""
    own = getattr(game_of(game), "deck_fields", None) or {}
    text, help_text = own.get(field) or DECK_FIELDS.get(field, (f"{card}: {field}" if card else field.replace("_", " "), ""))
    return text.format(card=card, colour=colour), help_text.format(card=card, colour=colour)


def markdown_table(names, game: str | None = None) -> str:
    """A Markdown table of measures: label, column name, explanation (as in the docs)."""
    lines = ["| measure | column | what it means |", "|---|---|---|"]
    for name in names:
        m = measure(name, game)
        lines.append(f"| {m.label} | `{name}` | {m.help} |")
    return "\n".join(lines)


def card_markdown_table() -> str:
    """A Markdown table of the per-card measures (as in the docs)."""
    lines = ["| measure | column | what it means |", "|---|---|---|"]
    for name, (text, help_text, _) in CARD_MEASURES.items():
        lines.append(f"| {text} | `{name}` | {help_text} |")
    return "\n".join(lines)

__all__ = [
    "CARD_MEASURES",
    "CARD_WORTH",
    "DECK_FIELDS",
    "KINDS",
    "LENGTH_UNITS",
    "MEASURE_GROUPS",
    "MEASURE_NAMES",
    "Measure",
    "OPTIONS",
    "POINT_UNITS",
    "card_markdown_table",
    "deck_field",
    "explain",
    "label",
    "markdown_table",
    "measure",
    "option",
    "option_label",
    "game_of",
    "length_unit",
    "point_unit",
    "seat_name",
    "unit",
    "value_label",
]
