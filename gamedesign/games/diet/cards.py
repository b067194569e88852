"""Diet Game cards: the deck file, its validation, and what each card does.

The default deck lives in ``deck.json`` beside this module: the 52 cards of the
rulebook's "Common Deck Card List", with the hand size (7) and the most cards a player
may swap when planning (3). A designer copies the file, edits counts or pounds, and
passes the copy (a path or the parsed data) as ``deck=``. Every problem is reported with
the card and the field that is wrong.

What a card does follows from its ``kind`` and ``pounds``:

* a meal (``breakfast``, ``lunch``, ``dinner``, ``snack``) worth 0 or less is one you
  play on yourself in that meal's phase; a meal worth more than 0 is *fattening*: the
  player to your right plays it on you when you eat no meal of that kind;
* ``exercise`` (pounds below 0) is played on yourself in the Exercise phase;
* ``cheat`` (pounds above 0) is played by an opponent on the active player;
* ``laziness`` cancels an Exercise card; ``willpower`` cancels a Cheat card.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...core import brief
from ...decks import (
    MAX_CARD_NUMBER,
    MAX_CARD_TYPES,
    MAX_CHOICES,
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

#: The four meals, in the order their phases come in a turn.
MEALS = ("breakfast", "lunch", "dinner", "snack")

#: Every card kind a deck may use.
KINDS = MEALS + ("exercise", "cheat", "willpower", "laziness")

#: Kinds whose cards carry a weight change in ``pounds``.
WEIGHED = MEALS + ("exercise", "cheat")

#: The letters of the rulebook's card-list legend, for tables and lessons.
LEGEND = {
    "breakfast": "B",
    "lunch": "L",
    "dinner": "D",
    "snack": "S",
    "cheat": "C",
    "exercise": "E",
    "willpower": "N",
    "laziness": "N",
}

#: Words an action text uses, so no card may be called this.
RESERVED_NAMES = ("nothing",)


@dataclass(frozen=True)
class Card:
    """One card type: its name, kind, how many the deck holds and its weight change."""

    name: str
    kind: str
    count: int
    pounds: int = 0

    @property
    def is_meal(self) -> bool:
        """True for Breakfast, Lunch, Dinner and Snack cards."""
        return self.kind in MEALS

    @property
    def is_fattening(self) -> bool:
        """A meal that makes you gain weight: played on you by your right-hand neighbour."""
        return self.kind in MEALS and self.pounds > 0

    @property
    def is_healthy(self) -> bool:
        """A meal worth 0 or less: one you may play on yourself."""
        return self.kind in MEALS and self.pounds <= 0

    @property
    def is_answer(self) -> bool:
        """Laziness and Willpower: cards that cancel another card."""
        return self.kind in ("laziness", "willpower")


@dataclass(frozen=True)
class Deck:
    """A validated deck: the card types, the hand size and the Planning swap limit."""

    cards: tuple
    hand_size: int = 7
    planning_discards: int = 3

    def __post_init__(self):
        object.__setattr__(self, "by_name", {c.name: c for c in self.cards})
        object.__setattr__(self, "_folded", {c.name.casefold(): c.name for c in self.cards})

    @property
    def size(self) -> int:
        """Number of physical cards in the deck."""
        return sum(c.count for c in self.cards)

    def card(self, name: str) -> Card:
        """The card type called ``name`` (``ValueError`` listing the names if unknown)."""
        try:
            return self.by_name[name]
        except (KeyError, TypeError):  # TypeError: not a text at all
            raise ValueError(f"unknown card {brief(name)}; valid names: {', '.join(self.card_names())}") from None

    def canonical(self, name: str) -> str:
        """The deck's spelling of ``name``, matched without regard to case."""
        folded = self._folded.get(name.strip().casefold())
        if folded is None:
            raise ValueError(f"unknown card {brief(name.strip())}; valid names: {', '.join(self.card_names())}")
        return folded

    def card_names(self) -> list[str]:
        """Every card name, in file order."""
        return [c.name for c in self.cards]

    def full_deck(self) -> list[str]:
        """One entry per physical card, in file order (shuffle it before dealing)."""
        return [c.name for c in self.cards for _ in range(c.count)]

    def count_where(self, test) -> int:
        """How many physical cards pass ``test(card)``."""
        return sum(c.count for c in self.cards if test(c))

    def to_data(self) -> dict:
        """The deck as data in the format of ``deck.json``."""
        cards = []
        for c in self.cards:
            entry = {"name": c.name, "kind": c.kind, "count": c.count}
            if c.kind in WEIGHED:
                entry["pounds"] = c.pounds
            cards.append(entry)
        return {"hand_size": self.hand_size, "planning_discards": self.planning_discards, "cards": cards}


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_pounds(where: str, kind: str, pounds) -> None:
    if not _whole(pounds):
        raise ValueError(f"{where}: 'pounds' must be a whole number, not {brief(pounds)}")
    if kind == "exercise" and pounds >= 0:
        raise ValueError(f"{where}: an exercise card must make you lose weight ('pounds' below 0), not {pounds}")
    if kind == "cheat" and pounds <= 0:
        raise ValueError(f"{where}: a cheat card must make its target gain weight ('pounds' above 0), not {pounds}")
    check_whole(f"{where}: 'pounds'", pounds, -MAX_CARD_NUMBER, MAX_CARD_NUMBER)


def planning_choices(hand_size: int, discards: int) -> int:
    """The most choices a Planning decision can list: every set of up to ``discards`` of
    ``hand_size`` different cards (``1 + 7 + 21 + 35 = 64`` for the rulebook's 7 and 3)."""
    return sum(math.comb(hand_size, r) for r in range(min(discards, hand_size) + 1))


#: The entries of a Diet Game deck file (keys starting with ``_`` are comments).
DECK_KEYS = ("cards", "hand_size", "planning_discards")


def parse_deck(data) -> Deck:
    """Check deck data (a dict as in ``deck.json``) and return a :class:`Deck`.

    Raises ``ValueError`` naming the card and the field that is wrong. The limits of
    ``gamedesign.decks`` apply: at most 2,000 cards of 200 kinds, names of at most 60
    characters (words separated by single spaces), pounds of at most 1,000 either way,
    hands of at most 30 cards, and hand size and Planning discards such that Planning
    lists at most 2,000 choices.
    """
    if not isinstance(data, dict):
        raise ValueError(f"a Diet Game deck must be a JSON object with a 'cards' list, not {type(data).__name__}")
    check_keys("the Diet Game deck", data, DECK_KEYS, required=("cards",))
    check_list("the Diet Game deck's 'cards'", data["cards"], MAX_CARD_TYPES)
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
        if "," in name:
            raise ValueError(f"{where}: a card name cannot contain a comma (actions list cards separated by commas)")
        if name.casefold() in names or name.casefold() in RESERVED_NAMES:
            raise ValueError(f"{where}: the name {name!r} is used twice or is reserved")
        if not isinstance(kind, str) or kind not in KINDS:
            raise ValueError(f"{where}: unknown kind {brief(kind)}; allowed kinds: {', '.join(KINDS)}")
        if not _whole(count) or not 0 <= count <= MAX_DECK_CARDS:
            raise ValueError(f"{where}: 'count' must be a whole number from 0 to {MAX_DECK_CARDS}, not {brief(count)}")
        allowed = ["name", "kind", "count"] + (["pounds"] if kind in WEIGHED else [])
        check_keys(f"{where}, a {kind} card", entry, allowed, unknown="unexpected field")
        pounds = 0
        if kind in WEIGHED:
            if "pounds" not in entry:
                raise ValueError(f"{where}: a {kind} card needs 'pounds', its weight change")
            pounds = entry["pounds"]
            _check_pounds(where, kind, pounds)
        names.add(name.casefold())
        cards.append(Card(name, kind, count, pounds))
    check_deck_size(sum(c.count for c in cards))

    hand_size = data.get("hand_size", 7)
    if not _whole(hand_size) or hand_size < 1:
        raise ValueError(f"'hand_size' must be a whole number 1 or more, not {brief(hand_size)}")
    check_whole("'hand_size'", hand_size, 1, MAX_HAND_SIZE)
    planning = data.get("planning_discards", 3)
    if not _whole(planning) or not 0 <= planning <= hand_size:
        raise ValueError(
            f"'planning_discards' must be a whole number from 0 to the hand size ({hand_size}), not {brief(planning)}"
        )
    choices = planning_choices(hand_size, planning)
    if choices > MAX_CHOICES:
        most = max(d for d in range(hand_size + 1) if planning_choices(hand_size, d) <= MAX_CHOICES)
        raise ValueError(
            f"'hand_size' {hand_size} with 'planning_discards' {planning} gives Planning {choices:,} choices; "
            f"a decision lists at most {MAX_CHOICES:,}: with a hand of {hand_size}, discard at most {most}"
        )
    deck = Deck(tuple(cards), hand_size, planning)
    if deck.size < 1:
        raise ValueError("the deck has no cards at all: give at least one card a count above 0")
    return deck


def load_deck(source=None) -> Deck:
    """Load a deck: ``None`` for the default, a path to a JSON file, or parsed data."""
    if isinstance(source, Deck):
        return source
    return parse_deck(read_deck_data(source, __package__))


DEFAULT_DECK = load_deck()

# ----------------------------------------------------------------------------------------
# What a card says: the one text of every card, read by the terminal, the apps and the
# printed cards
# ----------------------------------------------------------------------------------------

#: Each kind of card in one word, as a player names it.
KIND_WORDS = {
    "breakfast": "Breakfast", "lunch": "Lunch", "dinner": "Dinner", "snack": "Snack", "exercise": "Exercise",
    "cheat": "Cheat", "willpower": "Willpower", "laziness": "Laziness",
}


def pounds_text(value: int) -> str:
    """A weight change as the game writes it: "+1 lb", "0 lb", "-1 lb"."""
    return f"{value:+d} lb" if value else "0 lb"


def card_value(card: "Card") -> str:
    """The pounds a card puts on or takes off ("+1 lb"), or ``""`` for a card that only
    answers another (Willpower, Laziness)."""
    return pounds_text(card.pounds) if card.kind in MEALS + ("exercise", "cheat") else ""


def card_use(card: "Card") -> str:
    """What a card is for, in a few words: "eat it yourself", "feed your left neighbour",
    "do it at your Exercise", "play on another's Cheat", "cancels a Cheat", "cancels an
    Exercise"."""
    if card.is_healthy:
        return "eat it yourself"
    if card.is_fattening:
        return "feed your left neighbour"
    return {
        "exercise": "do it at your Exercise",
        "cheat": "play on another's Cheat",
        "willpower": "cancels a Cheat",
        "laziness": "cancels an Exercise",
    }.get(card.kind, "")


def card_lines(card: "Card") -> tuple:
    """What a card does, in the full sentences of a printed card."""
    meal = KIND_WORDS.get(card.kind, card.kind)
    if card.is_healthy:
        return (f"Eat it yourself at {meal}.", "Eating is optional, even when you could.")
    if card.is_fattening:
        return (
            f"Feed it to the player on your left when they eat no {meal.lower()}.",
            "Only this meal's phase, one card a missed meal.",
        )
    if card.kind == "exercise":
        return ("Play it on yourself in your Exercise phase.", "An opponent's Laziness cancels it.")
    if card.kind == "cheat":
        return ("Play it on the active player in their Cheat phase.", "Their Willpower cancels it.")
    if card.kind == "willpower":
        return ("Cancels a Cheat card played on you.", "It answers nothing else.")
    return ("Cancels another player's Exercise card.", "It answers nothing else.")


__all__ = [
    "Card", "DEFAULT_DECK", "Deck", "KINDS", "KIND_WORDS", "LEGEND", "MEALS", "card_lines", "card_use", "card_value",
    "load_deck", "parse_deck", "planning_choices", "pounds_text",
]
