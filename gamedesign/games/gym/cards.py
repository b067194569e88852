"""GYM cards: the deck file, its validation, and what each Event and Kid is.

The default deck lives in ``deck.json`` beside this module: six Events (each with a
colour and an Event Action) and 24 Kids. A Friendly has two skills of different colours,
a Brat has one. A designer copies the file, edits names or skill values, and passes the
copy (a path or the parsed data) as ``deck=``. Every problem is reported with the card
and the field that is wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core import brief
from ...decks import MAX_CARD_NUMBER, MAX_NAME_CHARS, check_keys, check_whole, read_deck_data

#: The six colours, in the rulebook's order, with the letter shown beside each colour.
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")
COLOUR_LETTER = {"red": "R", "orange": "O", "yellow": "Y", "green": "G", "blue": "B", "purple": "P"}

#: The six Event Actions and what each does, in the rulebook's words.
ACTIONS = {
    "lift": "take any placed Kid into your hand, then put a Kid from your hand in its place",
    "switch": "two placed Kids on the same side exchange positions",
    "force": "a random Kid from an opponent's hand must be their next placement",
    "swap": "a Kid on each side exchange positions",
    "pick": "take a random Kid from an opponent's hand, then give one of yours back",
    "move": "move a placed Kid to an empty position on the same side",
}

KID_TYPES = ("friendly", "brat")
SKILLS_PER_TYPE = {"friendly": 2, "brat": 1}
EVENT_COUNT = 6
KID_COUNT = 24  # two reveals of 12, and 4 events x 2 sides x 3 positions

# Names appear inside action texts ("switch Ada with Ben"), so they keep to plain words.
_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9'.-]*( [A-Za-z0-9'.-]+)*$")


@dataclass(frozen=True)
class Event:
    """An Event card: its name, colour and Event Action. The two left out become Coaches."""

    name: str
    colour: str
    action: str

    @property
    def label(self) -> str:
        """Name with its colour spelled out, e.g. ``"Lift any Kid (red)"``."""
        return f"{self.name} ({self.colour})"


@dataclass(frozen=True)
class Kid:
    """A Kid card: a Friendly (two skills) or a Brat (one). ``skills`` maps colour -> value."""

    name: str
    type: str
    skills: tuple  # ((colour, value), ...) in file order

    @property
    def is_brat(self) -> bool:
        """True for a Brat."""
        return self.type == "brat"

    def value(self, colour: str) -> int:
        """Points this Kid scores at an event of ``colour`` (0 without that skill)."""
        for c, v in self.skills:
            if c == colour:
                return v
        return 0

    @property
    def code(self) -> str:
        """Skills as letters and values, e.g. ``"R3 O1"`` (readable without colour)."""
        return " ".join(f"{COLOUR_LETTER.get(c, c[:1].upper())}{v}" for c, v in self.skills)

    @property
    def label(self) -> str:
        """Name, type and skills, e.g. ``"Ada (R3 O1)"`` or ``"Sam, Brat (R2)"``."""
        return f"{self.name}{', Brat' if self.is_brat else ''} ({self.code})"


@dataclass(frozen=True)
class Deck:
    """A validated GYM deck: six Events and 24 Kids."""

    events: tuple
    kids: tuple

    def __post_init__(self):
        object.__setattr__(self, "event_by_name", {e.name: e for e in self.events})
        object.__setattr__(self, "kid_by_name", {k.name: k for k in self.kids})
        # (Kid, event) -> points, asked for at every score and by every bot decision.
        points = {(k.name, e.name): k.value(e.colour) for k in self.kids for e in self.events}
        object.__setattr__(self, "points", points)

    def event(self, name: str) -> Event:
        """The Event called ``name``."""
        try:
            return self.event_by_name[name]
        except (KeyError, TypeError):  # TypeError: not a text at all
            raise ValueError(f"unknown event {brief(name)}; events: {', '.join(self.event_by_name)}") from None

    def kid(self, name: str) -> Kid:
        """The Kid called ``name``."""
        try:
            return self.kid_by_name[name]
        except (KeyError, TypeError):  # TypeError: not a text at all
            raise ValueError(f"unknown Kid {brief(name)}; Kids: {', '.join(self.kid_by_name)}") from None

    @property
    def brats(self) -> list[str]:
        """Names of the Brats."""
        return [k.name for k in self.kids if k.is_brat]

    @property
    def friendlies(self) -> list[str]:
        """Names of the Friendlies."""
        return [k.name for k in self.kids if not k.is_brat]

    def to_data(self) -> dict:
        """The deck as data in the format of ``deck.json``."""
        return {
            "events": [{"name": e.name, "colour": e.colour, "action": e.action} for e in self.events],
            "kids": [
                {"name": k.name, "type": k.type, "skills": [{"colour": c, "value": v} for c, v in k.skills]}
                for k in self.kids
            ],
        }


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _where(kind: str, i: int, entry) -> str:
    name = entry.get("name") if isinstance(entry, dict) else None
    return f"{kind} {i + 1}" + (f" ({brief(name, MAX_NAME_CHARS + 2)})" if isinstance(name, str) else "")


def _check_name(where: str, name) -> None:
    if not isinstance(name, str) or len(name) > MAX_NAME_CHARS or not _NAME.match(name):
        raise ValueError(
            f"{where}: 'name' must be a text of plain words (letters, digits, ' . -) separated by single "
            f"spaces, at most {MAX_NAME_CHARS} characters, not {brief(name)}"
        )


def parse_deck(data) -> Deck:
    """Check deck data (a dict as in ``deck.json``) and return a :class:`Deck`.

    Raises ``ValueError`` naming the card and what is wrong.
    """
    if not isinstance(data, dict):
        raise ValueError(f"a GYM deck must be a JSON object with 'events' and 'kids', not {type(data).__name__}")
    check_keys("the GYM deck", data, ("events", "kids"))
    for key in ("events", "kids"):
        if key not in data:
            raise ValueError(f"the GYM deck has no {key!r} entry")
        if not isinstance(data[key], list):
            raise ValueError(f"the GYM deck's {key!r} must be a list, not {brief(data[key])}")

    if len(data["events"]) != EVENT_COUNT:
        raise ValueError(f"the GYM deck needs exactly {EVENT_COUNT} events (one per colour), not {len(data['events'])}")
    events, seen_colours, seen_actions, names = [], {}, {}, set()
    for i, entry in enumerate(data["events"]):
        where = _where("event", i, entry)
        if not isinstance(entry, dict):
            raise ValueError(f"{where} must be an object with name, colour and action, not {brief(entry)}")
        for field in ("name", "colour", "action"):
            if field not in entry:
                raise ValueError(f"{where} has no {field!r}")
        check_keys(where, entry, ("name", "colour", "action"), unknown="unexpected field")
        _check_name(where, entry["name"])
        if entry["name"] in names:
            raise ValueError(f"{where}: the name {entry['name']!r} is used twice")
        colour, action = entry["colour"], entry["action"]
        if not isinstance(colour, str) or colour not in COLOURS:
            raise ValueError(f"{where}: unknown colour {brief(colour)}; allowed colours: {', '.join(COLOURS)}")
        if not isinstance(action, str) or action not in ACTIONS:
            raise ValueError(f"{where}: unknown action {brief(action)}; allowed actions: {', '.join(ACTIONS)}")
        if colour in seen_colours:
            raise ValueError(f"{where}: colour {colour!r} is already the colour of {seen_colours[colour]!r}")
        if action in seen_actions:
            raise ValueError(f"{where}: action {action!r} is already the action of {seen_actions[action]!r}")
        seen_colours[colour], seen_actions[action] = entry["name"], entry["name"]
        names.add(entry["name"])
        events.append(Event(entry["name"], colour, action))

    if len(data["kids"]) != KID_COUNT:
        raise ValueError(
            f"the GYM deck needs exactly {KID_COUNT} Kids (two reveals of 12, one per board position), "
            f"not {len(data['kids'])}"
        )
    kids = []
    for i, entry in enumerate(data["kids"]):
        where = _where("Kid", i, entry)
        if not isinstance(entry, dict):
            raise ValueError(f"{where} must be an object with name, type and skills, not {brief(entry)}")
        for field in ("name", "type", "skills"):
            if field not in entry:
                raise ValueError(f"{where} has no {field!r}")
        check_keys(where, entry, ("name", "type", "skills"), unknown="unexpected field")
        _check_name(where, entry["name"])
        if entry["name"] in names:
            raise ValueError(f"{where}: the name {entry['name']!r} is used twice (names of Kids and events are unique)")
        kind = entry["type"]
        if not isinstance(kind, str) or kind not in KID_TYPES:
            raise ValueError(f"{where}: unknown type {brief(kind)}; allowed types: {', '.join(KID_TYPES)}")
        skills = entry["skills"]
        want = SKILLS_PER_TYPE[kind]
        if not isinstance(skills, list) or len(skills) != want:
            raise ValueError(
                f"{where}: a {kind} has exactly {want} skill{'s' if want > 1 else ''}, given {brief(skills)}"
            )
        parsed = []
        for j, skill in enumerate(skills):
            if not isinstance(skill, dict) or set(skill) != {"colour", "value"}:
                raise ValueError(f"{where}: skill {j + 1} must be an object with exactly 'colour' and 'value'")
            colour, value = skill["colour"], skill["value"]
            if not isinstance(colour, str) or colour not in COLOURS:
                raise ValueError(
                    f"{where}: skill {j + 1} has unknown colour {brief(colour)}; allowed colours: {', '.join(COLOURS)}"
                )
            if not _whole(value) or value < 1:
                raise ValueError(
                    f"{where}: skill {j + 1} ({colour}) needs a whole-number value 1 or more, not {brief(value)}"
                )
            check_whole(f"{where}: skill {j + 1} ({colour}) value", value, 1, MAX_CARD_NUMBER)
            if any(c == colour for c, _ in parsed):
                raise ValueError(f"{where}: a friendly's two skills must have different colours; both are {colour!r}")
            parsed.append((colour, value))
        names.add(entry["name"])
        kids.append(Kid(entry["name"], kind, tuple(parsed)))
    return Deck(tuple(events), tuple(kids))


def load_deck(source=None) -> Deck:
    """Load a deck: ``None`` for the default, a path to a JSON file, or parsed data."""
    if isinstance(source, Deck):
        return source
    return parse_deck(read_deck_data(source, __package__))


DEFAULT_DECK = load_deck()

__all__ = ["ACTIONS", "COLOURS", "COLOUR_LETTER", "DEFAULT_DECK", "Deck", "Event", "Kid", "load_deck", "parse_deck"]
