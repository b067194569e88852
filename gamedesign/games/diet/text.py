"""The Diet Game in words for the terminal: the sentences of its log (where they name a
player), weight changes, what a card does, the question a player is asked at each step,
and the table at a player's turn.

``DietGame``'s text hooks hand these to :mod:`gamedesign.terminal`; the helpers come from
:mod:`gamedesign.text`.
"""

from __future__ import annotations

from ...text import seat_spots, table, wrap
from .cards import card_use, card_value, pounds_text


#: The sentences the Diet Game writes in its log (see :mod:`gamedesign.text`). ``{seat}`` is where a player is named
#: (with the engine's seat names: Ann, Bo, ...), ``{seat}'s`` a player's possessive,
#: ``{n}`` a number, ``{lb}`` a weight change and ``{x}`` anything else (cards). Names are
#: swapped only where these sentences put a player: a card called "Bo" stays "Bo".
DIET_SENTENCES = (
    "Each player was dealt {n} cards.",
    "The deck ran out: the discard pile was shuffled into a new deck of {n} cards.",
    "Turn {n}: {seat}'s day; {seat} drew {x}.",
    "The turn limit ({n} turns) was reached: the game is a draw.",
    "{seat} reached {x} pounds and won the game!",
    "{seat} discarded {x} and drew {n}.",
    "{seat} kept the hand.",
    "{seat} did no exercise.",
    "{seat} ate no {x}.",
    "{seat} ate {x} ({lb}).",
    "{seat} fed {seat} {x} ({lb}).",
    "{seat} played {x} on {seat}'s {x}: it does not count.",
    "{seat} exercised: {x} ({lb}).",
    "{seat} played {x} on {seat}; {seat} cancelled it with {x}.",
    "{seat} played {x} on {seat} ({lb}).",
)


def diet_seats(line: str, engine_names) -> list | None:
    """Where a Diet Game log line names players (see :func:`gamedesign.text.seat_spots`):
    ``None`` when the line is none of :data:`DIET_SENTENCES`."""
    return seat_spots(line, engine_names, DIET_SENTENCES)


#: A weight change as the game writes it ("+1 lb"): the cards' own words.
pounds = pounds_text


def diet_card_cells(deck, name: str) -> tuple:
    """A Diet Game card as table cells: its kind, its pounds, what you do with it."""
    card = deck.by_name.get(name)
    if card is None:
        return ("unknown", "", "")
    return (card.kind, card_value(card), card_use(card))


def diet_card(deck, name: str) -> str:
    """What a Diet Game card does, in a few words: "dinner, +1 lb: feed your left neighbour"."""
    kind, weight, what = diet_card_cells(deck, name)
    return f"{kind}{', ' + weight if weight else ''}: {what}" if what else kind


def value_text(game, value: str, obs: dict | None = None) -> str:
    """A card with what it does: "Steak  (dinner, +1 lb: feed your left neighbour)"."""
    about = diet_card(game.deck, value)
    return f"{value}  ({about})" if about else value


#: The button that plays no card at each answering step.
DECLINE_WORDS = {"neighbour": "Feed nothing", "laziness": "No Laziness", "cheat": "No Cheat", "willpower": "No Willpower"}


def move_words(action, obs: dict | None = None) -> str:
    """A move in the words of the app's buttons: "Play Steak", "Discard Steak, Cake and
    draw", "Keep my hand", "No lunch", "Feed nothing" (a pass needs the observation ``obs``
    to say which; without it "Pass")."""
    kind = type(action).__name__
    if kind == "Play":
        return f"Play {action.card}"
    if kind == "Discard":
        return f"Discard {', '.join(action.cards)} and draw" if action.cards else "Keep my hand"
    if kind == "Skip":
        return f"No {action.phase}"
    if kind == "Pass":
        return DECLINE_WORDS.get((obs or {}).get("step"), "Pass")
    text = str(action)
    return text[:1].upper() + text[1:]


def _cards(count: int) -> str:
    return f"{count} card" + ("" if count == 1 else "s")


def _diet_question(obs: dict, names: list[str]) -> str:
    """What the Diet Game asks you now, in your words."""
    phase, step = obs["phase"], obs["step"]
    active = names[obs["active"]]
    table = obs.get("on_table") or {}
    card, by = table.get("card", "a card"), names[table["by"]] if "by" in table else "someone"
    if phase == "planning":
        return "Your Planning: swap cards of your hand for new ones from the deck."
    if step == "own" and phase == "exercise":
        return "Your Exercise: play an Exercise card, or none."
    if step == "own":
        return f"Your {phase.title()}: play a {phase} card on yourself, or none."
    if step == "neighbour":
        return f"{active} ate no {phase}: you may feed them a fattening {phase} card."
    if step == "laziness":
        return f"{by} played {card}: you may cancel that Exercise with Laziness."
    if step == "cheat":
        return f"{active}'s Cheat phase: you may play a Cheat card on them."
    if step == "willpower":
        return f"{by} played {card} on you: you may cancel it with Willpower."
    return f"Step: {step}."


def diet_view(game, obs: dict, names: list[str], full: list[str]) -> list[str]:
    """The Diet Game: whose day and which phase, weights, your hand with meals and pounds."""
    me, active = obs["player"], obs["active"]
    whose = "your day" if active == me else f"{names[active]}'s day"
    lines = [
        f"Turn {obs['turn']} (at most {obs['max_turns']}), {whose}, phase: {obs['phase'].title()}. "
        f"First to {pounds(obs['target'])} wins."
    ]
    lines += wrap(_diet_question(obs, names))
    lines += ["", "Weights and hands:"]
    lines += table(
        [(full[s], pounds(obs["weights"][s]), f"{obs['hand_sizes'][s]} cards") for s in range(obs["players"])]
    )
    top = obs["discard"][-1] if obs["discard"] else None
    pile = f"{_cards(len(obs['discard']))}, {top} on top." if top else "empty."
    lines += [f"Deck: {_cards(obs['deck_size'])}. Discard pile: {pile}"]
    lines += ["", "Your hand:" if obs["hand"] else "Your hand: empty."]
    lines += table([(f"{i}.", name, *diet_card_cells(game.deck, name)) for i, name in enumerate(obs["hand"], 1)])
    return lines


__all__ = ["DECLINE_WORDS", "DIET_SENTENCES", "diet_card", "diet_card_cells", "diet_seats", "diet_view", "move_words", "pounds", "value_text"]
