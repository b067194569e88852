"""Exact odds of the GYM deal, and their checks by dealing real games.

Each exact value is a :class:`gamedesign.odds.Odds` (formula, fraction, decimal). Each
check deals many games with the engine itself (``game.new_state(seed)``), counts how often
the event happens, and returns a :class:`gamedesign.odds.Estimate` with its 95% interval.

* the first reveal shows 12 of the 24 Kids: how many Brats does it hold?
* with no Brat moving the schedule, the 4 events in play are the top 4 of a random column:
  any 4 of the 6 colours, all equally likely. How likely is a Friendly's skill among them?
"""

from __future__ import annotations

import random

from ...odds import Estimate, Odds, at_least, estimate
from .cards import DEFAULT_DECK, Deck
from .rules import EVENTS_IN_PLAY, REVEAL


def brats_in_first_reveal(k: int = 1, deck: Deck = DEFAULT_DECK) -> Odds:
    """Exact chance that the first face-up row holds at least ``k`` Brats."""
    brats = len(deck.brats)
    return at_least(k, brats, len(deck.kids), REVEAL, f"P(at least {k} of {brats} Brats among the first {REVEAL} Kids)")


def friendly_skills_in_play(k: int = 1, deck: Deck = DEFAULT_DECK) -> Odds:
    """Exact chance that at least ``k`` of a Friendly's 2 skill colours are among the 4 events in
    play, when no Brat has moved the schedule (the events in play are then 4 of the 6 at random)."""
    events = len(deck.events)
    return at_least(k, 2, events, EVENTS_IN_PLAY, f"P(at least {k} of a Friendly's 2 colours among {EVENTS_IN_PLAY} of {events} events)")


def deal_brats_in_first_reveal(game, k: int = 1, trials: int = 2000, seed: int = 0) -> Estimate:
    """Deal ``trials`` games and count those whose first row holds at least ``k`` Brats."""
    brats = set(game.deck.brats)
    hits = sum(
        len(brats.intersection(game.new_state(seed=seed + i).row)) >= k for i in range(trials)
    )
    return estimate(hits, trials)


def deal_friendly_skills_in_play(game, k: int = 1, trials: int = 2000, seed: int = 0) -> Estimate:
    """Deal ``trials`` games; in each, draw a random Friendly and count the games where at least
    ``k`` of its skill colours are among the events that would be in play (no Brat moves)."""
    rng = random.Random(seed)
    deck = game.deck
    friendlies = deck.friendlies
    hits = 0
    for i in range(trials):
        state = game.new_state(seed=seed + i)
        colours = {deck.event(e).colour for e in state.schedule_in_play()}
        kid = deck.kid(rng.choice(friendlies))
        hits += sum(c in colours for c, _ in kid.skills) >= k
    return estimate(hits, trials)


__all__ = ["brats_in_first_reveal", "deal_brats_in_first_reveal", "deal_friendly_skills_in_play", "friendly_skills_in_play"]
