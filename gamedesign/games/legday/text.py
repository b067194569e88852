"""Don't Skip Leg Day in words for the terminal: what a card scores, and the table at a
player's turn (the day, the hand with its scoring, everyone's cards).

``LegDayGame.text_view`` hands these to :mod:`gamedesign.terminal`; the helpers come from
:mod:`gamedesign.text`.
"""

from __future__ import annotations

from collections import Counter

from ...text import counted, listing, table, wrap
from .faces import KIND_WORD, count_text, scoring_text


def legday_card(deck, name: str) -> str:
    """How a Leg Day card scores, in the words its drawn face uses (:mod:`.faces`): the
    number printed on it, then what it scores from the deck's scoring numbers."""
    try:
        card = deck.card(name)
    except ValueError:
        return ""
    kind = KIND_WORD[card.kind] if card.kind == "legday" else ""  # its name does not say it
    return ": ".join(part for part in (kind, count_text(card), scoring_text(card, deck)) if part)


def move_words(game, action) -> str:
    """A pick in the words of the app's Play button: "Play Protein Shake, 2 images"."""
    from .faces import display_name

    try:
        return f"Play {display_name(game.deck.card(action.card))}"
    except (AttributeError, ValueError):
        return str(action)


def legday_view(game, obs: dict, names: list[str], full: list[str]) -> list[str]:
    """Don't Skip Leg Day: the day, your hand with its scoring, everyone's cards."""
    face = "face up" if obs["day_type"] == "Gym Day" else "face down (only you see it)"
    if obs.get("over"):  # no day is left to pick in, and every hand is empty
        lines = ["The game is over: every day has been played."]
    else:
        lines = wrap(
            f"Week {obs['week']}, day {obs['day']}: {obs['day_type']}, your pick goes {face}; "
            f"then hands pass {obs['pass_direction']}. Pile: {obs['pile_size']} cards."
        )
    if obs["hand"] or not obs.get("over"):
        lines += ["", "Your hand:"]
        counts = Counter(obs["hand"])
        lines += table(
            [(name, f"x{count}" if count > 1 else "", legday_card(game.deck, name)) for name, count in counts.items()]
        )
    lines += ["", "Cards in front of each player:"]
    for seat, cards in enumerate(obs["tableaus"]):
        up = Counter(card for card, face_up in cards if card is not None and face_up)
        down = Counter(card for card, face_up in cards if card is not None and not face_up)
        hidden = sum(1 for card, _ in cards if card is None)
        shown = [counted(card, count) for card, count in up.items()]
        shown += [counted(card, count) + " (face down)" for card, count in down.items()]
        if hidden:
            shown.append(f"{hidden} face down, unknown")
        lines += wrap(f"{full[seat]}: {listing(shown, 'no cards yet')}", "  ")
    return lines


__all__ = ["legday_card", "legday_view", "move_words"]
