"""The Diet Game's fixed tables: where weight comes from, the counts kept per seat and
every line the log can hold, with the weight-change words they use. The rules
(``rules.py``) write with them and a save is read back with them (``saves.py``)."""

from __future__ import annotations


#: Where weight comes from, as in ``Result.breakdown``.
CAUSES = ("own meals", "neighbour meals", "exercise", "cheats")

#: Per-seat counts kept during play and reported in ``Result.details``.
TALLIES = (
    "meals_eaten",
    "meals_skipped",
    "fattening_played",
    "exercises_counted",
    "exercises_cancelled",
    "laziness_played",
    "cheats_played",
    "cheats_suffered",
    "willpower_played",
    "cards_swapped",
)


#: Every line the log can hold, by kind. The engine writes its lines from these
#: templates and a save's log is read back with them (``saves.py``), so a loaded log
#: holds only lines the engine could have written. ``{name}`` is the active player, ``{by}``
#: another player, ``{lb}`` a weight change ("+1 lb", "0 lb"), ``{cards}`` "card" or "cards".
LOG_LINES = {
    "dealt": "Each player was dealt {count} cards.",
    "day": "Turn {turn}: {name}'s day; {name} drew {drawn} {cards}.",
    "day, short": "Turn {turn}: {name}'s day; {name} drew {drawn} {cards} (the deck and discard pile ran dry: "
                  "{drawn} of {missing}).",
    "reshuffle": "The deck ran out: the discard pile was shuffled into a new deck of {count} cards.",
    "kept": "{name} kept the hand.",
    "swapped": "{name} discarded {discards} and drew {drawn}.",
    "no exercise": "{name} did no exercise.",
    "no meal": "{name} ate no {meal}.",
    "not fed": "{name} is in last place: nobody may feed them a fattening {meal}.",
    "ate": "{name} ate {card} ({lb}).",
    "fed": "{by} fed {name} {card} ({lb}).",
    "lazy": "{by} played {card} on {name}'s {exercise}: it does not count.",
    "exercised": "{name} exercised: {card} ({lb}).",
    "willpower": "{by} played {card} on {name}; {name} cancelled it with {willpower}.",
    "cheat": "{by} played {card} on {name} ({lb}).",
    "draw": "The turn limit ({max_turns} turns) was reached: the game is a draw.",
    "won": "{name} reached {weight} pounds and won the game!",
}


def _lb(pounds: int) -> str:
    """A weight change as the log writes it: "+1 lb", "-1 lb", "0 lb"."""
    return f"{pounds:+d} lb" if pounds else "0 lb"


def alone_in_last_place(weights, seat: int) -> bool:
    """True when ``seat``'s weight is above every other of ``weights`` (the situation the
    option ``feed_last_place`` rules on)."""
    mine = weights[seat]
    return mine == max(weights) and weights.count(mine) == 1
