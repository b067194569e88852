"""Don't Skip Leg Day cards: the deck file, its validation, and what each card is.

The default deck lives in ``deck.json`` beside this module. A designer copies it, edits
counts or points, and passes the copy (a path or the parsed data) as ``deck=``. Every
problem is reported with the card and the field that is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ...core import brief
from ...decks import (
    MAX_CARD_NUMBER,
    MAX_CARD_TYPES,
    MAX_DAYS,
    MAX_DECK_CARDS,
    MAX_HAND_SIZE,
    MAX_NAME_CHARS,
    check_deck_size,
    check_keys,
    check_list,
    check_name,
    check_whole,
    read_deck_data,
)

KINDS = ("curl", "bench", "press", "pullup", "shake", "selfie", "legday")

#: The scoring category of each kind, as shown in score breakdowns.
CATEGORY = {
    "curl": "Preacher Curl",
    "bench": "Bench Press",
    "press": "Overhead Press",
    "pullup": "Pull-Ups",
    "shake": "Protein Shake",
    "selfie": "Selfie",
    "legday": "Leg Day",
}
CATEGORIES = tuple(CATEGORY[k] for k in KINDS)

#: The generic name accepted for any Leg Day design when scoring by hand.
GENERIC_LEG_DAY = "Leg Day"

SCORING_KEYS = {
    "curl_points": "a list of points for 1, 2, 3, ... Preacher Curls",
    "bench_set_size": "a positive whole number",
    "bench_set_points": "a whole number",
    "press_set_size": "a positive whole number",
    "press_set_points": "a whole number",
    "shake_most_points": "a whole number",
    "shake_second_points": "a whole number",
    "legday_face_up_points": "a whole number",
    "selfie_points_per_symbol": "a whole number",
}


@dataclass(frozen=True)
class Card:
    """One card type: its name, kind, count in the deck, and kind-specific numbers."""

    name: str
    kind: str
    count: int
    points: int = 0  # pull-ups: points printed on the card
    images: int = 0  # protein shakes: number of shake images

    @cached_property  # asked for millions of times by the greedy bot
    def symbol(self) -> str | None:
        """The background symbol: shared by all shakes and by all Leg Days; none on a Selfie."""
        if self.kind == "selfie":
            return None
        if self.kind in ("shake", "legday"):
            return self.kind
        return self.name


@dataclass(frozen=True)
class Deck:
    """A validated deck: the card types, the scoring numbers and the hand/week shape."""

    cards: tuple
    scoring: dict
    hand_size: int
    days_per_week: int
    weeks: int

    def __post_init__(self):
        object.__setattr__(self, "by_name", {c.name: c for c in self.cards})

    @property
    def size(self) -> int:
        """Number of cards in the deck."""
        return sum(c.count for c in self.cards)

    def card(self, name: str) -> Card:
        """The card type called ``name`` (``"Leg Day"`` means any Leg Day design)."""
        try:
            return self.by_name[name]
        except (KeyError, TypeError):  # TypeError: not a text at all
            if name == GENERIC_LEG_DAY:
                return Card(GENERIC_LEG_DAY, "legday", 0)
            raise ValueError(f"unknown card {brief(name)}; valid names: {', '.join(self.card_names())}") from None

    def card_names(self) -> list[str]:
        """Every card name this deck accepts, with the generic ``"Leg Day"``."""
        return [c.name for c in self.cards] + [GENERIC_LEG_DAY]

    def full_deck(self) -> list[str]:
        """One entry per physical card, in file order (shuffle it before dealing)."""
        return [c.name for c in self.cards for _ in range(c.count)]

    def to_data(self) -> dict:
        """The deck as data in the format of ``deck.json``."""
        cards = []
        for c in self.cards:
            entry = {"name": c.name, "kind": c.kind, "count": c.count}
            if c.kind == "pullup":
                entry["points"] = c.points
            if c.kind == "shake":
                entry["images"] = c.images
            cards.append(entry)
        return {
            "cards": cards,
            "scoring": {**self.scoring, "curl_points": list(self.scoring["curl_points"])},
            "hand_size": self.hand_size,
            "days_per_week": self.days_per_week,
            "weeks": self.weeks,
        }


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: The entries of a Leg Day deck file (keys starting with ``_`` are comments).
DECK_KEYS = ("cards", "scoring", "hand_size", "days_per_week", "weeks")


def parse_deck(data) -> Deck:
    """Check deck data (a dict as in ``deck.json``) and return a :class:`Deck`.

    Raises ``ValueError`` naming the card and the field that is wrong. The limits of
    ``gamedesign.decks`` apply: at most 2,000 cards of 200 kinds, names of at most 60
    characters (words separated by single spaces), numbers of at most 1,000 either way,
    hands of at most 30 cards and games of at most 100 days.
    """
    if not isinstance(data, dict):
        raise ValueError(f"a Leg Day deck must be a JSON object with 'cards' and 'scoring', not {type(data).__name__}")
    check_keys("the Leg Day deck", data, DECK_KEYS, required=("cards", "scoring"))
    check_list("the Leg Day deck's 'cards'", data["cards"], MAX_CARD_TYPES)
    cards, names = [], set()
    for i, entry in enumerate(data["cards"]):
        label = entry.get("name") if isinstance(entry, dict) else None
        where = f"card {i + 1}" + (f" ({brief(label, MAX_NAME_CHARS + 2)})" if isinstance(label, str) else "")
        if not isinstance(entry, dict):
            raise ValueError(f"{where} must be an object with name, kind and count, not {brief(entry)}")
        for field in ("name", "kind", "count"):
            if field not in entry:
                raise ValueError(f"{where} has no {field!r}")
        name, kind, count = entry["name"], entry["kind"], entry["count"]
        check_name(where, name)
        if name in names or name == GENERIC_LEG_DAY:
            raise ValueError(f"{where}: the name {name!r} is used twice or is reserved")
        if not isinstance(kind, str) or kind not in KINDS:
            raise ValueError(f"{where}: unknown kind {brief(kind)}; allowed kinds: {', '.join(KINDS)}")
        if not _whole(count) or not 0 <= count <= MAX_DECK_CARDS:
            raise ValueError(f"{where}: 'count' must be a whole number from 0 to {MAX_DECK_CARDS}, not {brief(count)}")
        allowed = ["name", "kind", "count"] + (["points"] if kind == "pullup" else []) + (
            ["images"] if kind == "shake" else []
        )
        check_keys(f"{where}, a {kind} card", entry, allowed, unknown="unexpected field")
        points = entry.get("points", 0)
        images = entry.get("images", 0)
        if kind == "pullup" and (not _whole(points) or "points" not in entry):
            raise ValueError(f"{where}: a pull-up needs whole-number 'points'")
        if kind == "pullup":
            check_whole(f"{where}: 'points'", points, -MAX_CARD_NUMBER, MAX_CARD_NUMBER)
        if kind == "shake" and (not _whole(images) or images < 1):
            raise ValueError(f"{where}: a protein shake needs 'images', a whole number 1 or more")
        if kind == "shake":
            check_whole(f"{where}: 'images'", images, 1, MAX_CARD_NUMBER)
        names.add(name)
        cards.append(Card(name, kind, count, points, images))
    check_deck_size(sum(c.count for c in cards))

    scoring = data["scoring"]
    if not isinstance(scoring, dict):
        raise ValueError(f"the Leg Day deck's 'scoring' must be an object, not {brief(scoring)}")
    check_keys("scoring", scoring, SCORING_KEYS)
    for key, what in SCORING_KEYS.items():
        if key not in scoring:
            raise ValueError(f"scoring has no {key!r} ({what})")
    curl = scoring["curl_points"]
    if not isinstance(curl, list) or not curl or not all(_whole(p) for p in curl):
        raise ValueError("scoring 'curl_points' must be a non-empty list of whole numbers")
    check_list("scoring 'curl_points'", curl, MAX_DAYS)
    for i, p in enumerate(curl):
        check_whole(f"scoring 'curl_points' entry {i + 1}", p, -MAX_CARD_NUMBER, MAX_CARD_NUMBER)
    for key in SCORING_KEYS:
        if key != "curl_points" and not _whole(scoring[key]):
            raise ValueError(f"scoring {key!r} must be {SCORING_KEYS[key]}, not {brief(scoring[key])}")
    for key in SCORING_KEYS:
        if key in ("bench_set_size", "press_set_size"):
            check_whole(f"scoring {key!r}", scoring[key], 1, MAX_DAYS, " (cards in a set)")
        elif key != "curl_points":
            check_whole(f"scoring {key!r}", scoring[key], -MAX_CARD_NUMBER, MAX_CARD_NUMBER)

    shape = {k: data.get(k, d) for k, d in (("hand_size", 9), ("days_per_week", 7), ("weeks", 2))}
    for key, value in shape.items():
        if not _whole(value) or value < 1:
            raise ValueError(f"{key!r} must be a whole number 1 or more, not {brief(value)}")
    check_whole("'hand_size'", shape["hand_size"], 1, MAX_HAND_SIZE)
    if shape["days_per_week"] > shape["hand_size"]:
        raise ValueError(
            f"'days_per_week' ({shape['days_per_week']}) cannot exceed 'hand_size' ({shape['hand_size']})"
        )
    check_whole("'weeks'", shape["weeks"], 1, MAX_DAYS)
    if shape["days_per_week"] * shape["weeks"] > MAX_DAYS:
        raise ValueError(
            f"'days_per_week' x 'weeks' is {shape['days_per_week']} x {shape['weeks']} = "
            f"{shape['days_per_week'] * shape['weeks']} days; a game has at most {MAX_DAYS} days"
        )
    # A copy: changing the data afterwards must not change the deck.
    deck = Deck(tuple(cards), {**scoring, "curl_points": list(curl)}, **shape)
    if not any(c.kind == "legday" and c.count for c in cards):
        raise ValueError("the deck needs at least one Leg Day card (kind 'legday')")
    return deck


def load_deck(source=None) -> Deck:
    """Load a deck: ``None`` for the default, a path to a JSON file, or parsed data."""
    if isinstance(source, Deck):
        return source
    return parse_deck(read_deck_data(source, __package__))


DEFAULT_DECK = load_deck()
