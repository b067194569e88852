"""Don't Skip Leg Day cards: the deck file, its validation, and what each card is.

The default deck lives in ``deck.json`` beside this module. A designer copies it, edits
counts or points, and passes the copy (a path or the parsed data) as ``deck=``. Every
problem is reported with the card and the field that is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...decks import read_deck_data

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

    @property
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
        except KeyError:
            if name == GENERIC_LEG_DAY:
                return Card(GENERIC_LEG_DAY, "legday", 0)
            raise ValueError(f"unknown card {name!r}; valid names: {', '.join(self.card_names())}") from None

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
            "scoring": dict(self.scoring),
            "hand_size": self.hand_size,
            "days_per_week": self.days_per_week,
            "weeks": self.weeks,
        }


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_deck(data) -> Deck:
    """Check deck data (a dict as in ``deck.json``) and return a :class:`Deck`.

    Raises ``ValueError`` naming the card and the field that is wrong.
    """
    if not isinstance(data, dict):
        raise ValueError(f"a Leg Day deck must be a JSON object with 'cards' and 'scoring', not {type(data).__name__}")
    for key in ("cards", "scoring"):
        if key not in data:
            raise ValueError(f"the Leg Day deck has no {key!r} entry")
    if not isinstance(data["cards"], list) or not data["cards"]:
        raise ValueError("the Leg Day deck's 'cards' must be a non-empty list")
    cards, names = [], set()
    for i, entry in enumerate(data["cards"]):
        where = f"card {i + 1}" + (f" ({entry.get('name')!r})" if isinstance(entry, dict) and "name" in entry else "")
        if not isinstance(entry, dict):
            raise ValueError(f"{where} must be an object with name, kind and count")
        for field in ("name", "kind", "count"):
            if field not in entry:
                raise ValueError(f"{where} has no {field!r}")
        name, kind, count = entry["name"], entry["kind"], entry["count"]
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"{where}: 'name' must be a non-empty text")
        if name in names or name == GENERIC_LEG_DAY:
            raise ValueError(f"{where}: the name {name!r} is used twice or is reserved")
        if kind not in KINDS:
            raise ValueError(f"{where}: unknown kind {kind!r}; allowed kinds: {', '.join(KINDS)}")
        if not _whole(count) or count < 0:
            raise ValueError(f"{where}: 'count' must be a whole number 0 or more, not {count!r}")
        allowed = {"name", "kind", "count"} | ({"points"} if kind == "pullup" else set()) | (
            {"images"} if kind == "shake" else set()
        )
        extra = sorted(set(entry) - allowed)
        if extra:
            raise ValueError(f"{where}: unexpected field {extra[0]!r} for a {kind} card; allowed: {', '.join(sorted(allowed))}")
        points = entry.get("points", 0)
        images = entry.get("images", 0)
        if kind == "pullup" and (not _whole(points) or "points" not in entry):
            raise ValueError(f"{where}: a pull-up needs whole-number 'points'")
        if kind == "shake" and (not _whole(images) or images < 1):
            raise ValueError(f"{where}: a protein shake needs 'images', a whole number 1 or more")
        names.add(name)
        cards.append(Card(name, kind, count, points, images))

    scoring = data["scoring"]
    if not isinstance(scoring, dict):
        raise ValueError("the Leg Day deck's 'scoring' must be an object")
    for key, what in SCORING_KEYS.items():
        if key not in scoring:
            raise ValueError(f"scoring has no {key!r} ({what})")
    extra = sorted(set(scoring) - set(SCORING_KEYS))
    if extra:
        raise ValueError(f"scoring: unknown entry {extra[0]!r}; allowed: {', '.join(SCORING_KEYS)}")
    curl = scoring["curl_points"]
    if not isinstance(curl, list) or not curl or not all(_whole(p) for p in curl):
        raise ValueError("scoring 'curl_points' must be a non-empty list of whole numbers")
    for key in SCORING_KEYS:
        if key != "curl_points" and not _whole(scoring[key]):
            raise ValueError(f"scoring {key!r} must be {SCORING_KEYS[key]}, not {scoring[key]!r}")
    for key in ("bench_set_size", "press_set_size"):
        if scoring[key] < 1:
            raise ValueError(f"scoring {key!r} must be 1 or more, not {scoring[key]!r}")

    shape = {k: data.get(k, d) for k, d in (("hand_size", 9), ("days_per_week", 7), ("weeks", 2))}
    for key, value in shape.items():
        if not _whole(value) or value < 1:
            raise ValueError(f"{key!r} must be a whole number 1 or more, not {value!r}")
    if shape["days_per_week"] > shape["hand_size"]:
        raise ValueError(
            f"'days_per_week' ({shape['days_per_week']}) cannot exceed 'hand_size' ({shape['hand_size']})"
        )
    deck = Deck(tuple(cards), dict(scoring), **shape)
    if not any(c.kind == "legday" and c.count for c in cards):
        raise ValueError("the deck needs at least one Leg Day card (kind 'legday')")
    return deck


def load_deck(source=None) -> Deck:
    """Load a deck: ``None`` for the default, a path to a JSON file, or parsed data."""
    if isinstance(source, Deck):
        return source
    return parse_deck(read_deck_data(source, __package__))


DEFAULT_DECK = load_deck()
