"""Exact Diet Game odds with sympy, and their check against the engine's own deal.

The questions, for one meal (Breakfast unless said otherwise):

* *cover*: a fresh hand holds a card of that meal you may eat (worth 0 or less); with
  the rulebook deck that is 6 of 52 cards (3 Well Balanced, 3 at -1) in 7 cards;
* *cover after Planning*: the same after the Planning swap, under the policy "keep a
  hand that covers the meal; otherwise discard 3 cards (the most allowed) and draw 3".
  The 3 new cards come from the cards you have not seen, 52 - 7 = 45 of them, all
  equally likely (by symmetry, whatever the other players were dealt), so

  ``P = 1 - C(N-K, h)/C(N, h) * C(N-h-K, d)/C(N-h, d)``

  with N cards in the deck, K covering cards, h the hand size and d the discards;
* *fattened*: your right-hand neighbour's fresh hand holds a fattening card of that meal
  (3 of 52 with the rulebook deck).

Each ``estimate_*`` function answers the same question by dealing real games with the
engine (``game.new_state(seed)``), seat ``first_player`` as "you", and returns a
:class:`gamedesign.odds.Estimate` to compare with :func:`gamedesign.odds.agrees`.
"""

from __future__ import annotations

import math
import random

import sympy as sp

from ...odds import MAX_DEALS, Estimate, Odds, _check_trials, at_least, estimate
from .cards import MEALS, Deck, load_deck
from .rules import Discard


def _deck(deck) -> Deck:
    return deck if isinstance(deck, Deck) else load_deck(deck)


def _check_meal(meal: str) -> None:
    if meal not in MEALS:
        raise ValueError(f"unknown meal {meal!r}; allowed: {', '.join(MEALS)}")


def covering_cards(meal: str = "breakfast", deck=None) -> int:
    """How many cards of ``meal`` you may eat yourself (worth 0 or less)."""
    _check_meal(meal)
    return _deck(deck).count_where(lambda c: c.kind == meal and c.pounds <= 0)


def fattening_cards(meal: str = "breakfast", deck=None) -> int:
    """How many fattening cards of ``meal`` there are (worth more than 0)."""
    _check_meal(meal)
    return _deck(deck).count_where(lambda c: c.kind == meal and c.pounds > 0)


def cover_meal(meal: str = "breakfast", deck=None) -> Odds:
    """Exact chance that a fresh hand can cover ``meal``."""
    d = _deck(deck)
    return at_least(
        1, covering_cards(meal, d), d.size, d.hand_size, question=f"a fresh {d.hand_size}-card hand covers {meal}"
    )


def cover_meal_after_planning(meal: str = "breakfast", deck=None) -> Odds:
    """Exact chance of covering ``meal`` after Planning, under the stated policy: keep a
    covering hand, else swap the most cards allowed (3)."""
    d = _deck(deck)
    n, k, h, r = d.size, covering_cards(meal, d), d.hand_size, d.planning_discards
    unseen = n - h
    miss_hand = sp.Rational(math.comb(n - k, h), math.comb(n, h))
    miss_swap = sp.Rational(math.comb(unseen - k, r), math.comb(unseen, r)) if r <= unseen else sp.Integer(1)
    formula = (
        rf"1 - \frac{{\binom{{{n - k}}}{{{h}}}}}{{\binom{{{n}}}{{{h}}}}}"
        rf"\cdot\frac{{\binom{{{unseen - k}}}{{{r}}}}}{{\binom{{{unseen}}}{{{r}}}}}"
    )
    return Odds(f"{meal} covered after swapping {r} cards when the hand cannot", formula, 1 - miss_hand * miss_swap)


def neighbour_fattening(meal: str = "breakfast", deck=None) -> Odds:
    """Exact chance that your right-hand neighbour's fresh hand holds a fattening ``meal``."""
    d = _deck(deck)
    return at_least(
        1,
        fattening_cards(meal, d),
        d.size,
        d.hand_size,
        question=f"the right-hand neighbour holds a fattening {meal}",
    )


# -- the same questions, answered by dealing real games ---------------------------------


def _states(game, trials: int, seed: int, least: int = 1):
    """``trials`` fresh deals (from ``least`` to :data:`gamedesign.odds.MAX_DEALS`)."""
    if not game.options.deal_at_start:
        raise ValueError("these estimates look at the dealt hands: use a game with deal_at_start=True")
    _check_trials(trials, least, MAX_DEALS)
    rng = random.Random(seed)
    for _ in range(trials):
        yield game.new_state(seed=rng.getrandbits(32))


def _covers(game, hand, meal: str) -> bool:
    return any(game.deck.by_name[c].kind == meal and game.deck.by_name[c].pounds <= 0 for c in hand)


def estimate_cover(game, meal: str = "breakfast", trials: int = 2000, seed: int = 0, planning: bool = False) -> Estimate:
    """Share of dealt games where the first player covers ``meal`` (``planning=True``:
    after the Planning swap played by the engine under the policy of
    :func:`cover_meal_after_planning`)."""
    _check_meal(meal)
    hits = 0
    for state in _states(game, trials, seed):
        me = state.active
        if planning and not _covers(game, state.hands[me], meal):
            swap = tuple(sorted(state.hands[me])[: game.deck.planning_discards])
            state.apply(me, Discard(swap))
        hits += _covers(game, state.hands[me], meal)
    return estimate(hits, trials)


def estimate_neighbour_fattening(game, meal: str = "breakfast", trials: int = 2000, seed: int = 0) -> Estimate:
    """Share of dealt games where the first player's right-hand neighbour holds a fattening ``meal``."""
    _check_meal(meal)
    hits = 0
    for state in _states(game, trials, seed):
        hand = state.hands[state.right_of(state.active)]
        hits += any(game.deck.by_name[c].kind == meal and game.deck.by_name[c].pounds > 0 for c in hand)
    return estimate(hits, trials)


def _turn_change_of_hands(deck: Deck, mine: list, neighbour: list) -> int:
    """Weight change of one turn under :func:`expected_turn_change`'s strategy."""
    change = 0
    for meal in MEALS:
        mine_meal = [deck.by_name[c].pounds for c in mine if deck.by_name[c].kind == meal and deck.by_name[c].pounds <= 0]
        if mine_meal:
            change += min(mine_meal)
        elif any(deck.by_name[c].kind == meal and deck.by_name[c].pounds > 0 for c in neighbour):
            change += 1
    exercise = [deck.by_name[c].pounds for c in mine if deck.by_name[c].kind == "exercise"]
    if exercise:
        change += min(exercise)
    return change


def expected_turn_change(deck=None) -> Odds:
    """Exact expected weight change of your first turn under a stated simple strategy.

    Strategy: no Planning; for each meal eat your best card of that meal (a -1 before a
    0); exercise if you hold an Exercise; your right-hand neighbour feeds you a fattening
    card of a meal you skip whenever their fresh hand holds one; nobody plays Laziness,
    Cheat or Willpower. Both hands are fresh deals from the full deck.

    Exact by linearity over the four meals and the Exercise: for each meal the chances of
    holding a -1, else a 0, else of the neighbour holding a +1 (given how many +1 cards of
    that meal your own hand took) are summed over your hand's counts of each.
    """
    d = _deck(deck)
    n, h = d.size, d.hand_size
    total = sp.Integer(0)
    parts = []
    for meal in MEALS:
        minus = d.count_where(lambda c: c.kind == meal and c.pounds < 0)
        zero = d.count_where(lambda c: c.kind == meal and c.pounds == 0)
        plus = d.count_where(lambda c: c.kind == meal and c.pounds > 0)
        minus_value = min((c.pounds for c in d.cards if c.kind == meal and c.pounds < 0), default=0)
        plus_value = 1 if plus else 0
        rest = n - minus - zero - plus
        expected = sp.Integer(0)
        for x in range(0, min(minus, h) + 1):
            for y in range(0, min(zero, h - x) + 1):
                for z in range(0, min(plus, h - x - y) + 1):
                    others = h - x - y - z
                    if others > rest:
                        continue
                    p = sp.Rational(
                        math.comb(minus, x) * math.comb(zero, y) * math.comb(plus, z) * math.comb(rest, others),
                        math.comb(n, h),
                    )
                    if x:
                        expected += p * minus_value
                    elif not y:
                        fed = 1 - sp.Rational(math.comb(n - h - (plus - z), h), math.comb(n - h, h))
                        expected += p * plus_value * fed
        parts.append(expected)
        total += expected
    exercises = d.count_where(lambda c: c.kind == "exercise")
    exercise_value = min((c.pounds for c in d.cards if c.kind == "exercise"), default=0)
    total += exercise_value * (1 - sp.Rational(math.comb(n - exercises, h), math.comb(n, h)))
    formula = (
        r"\sum_{\text{meals}} \Big(-P(\text{a }{-1}) + P(\text{no cover})\,P(\text{neighbour feeds})\Big)"
        r" - P(\text{an Exercise})"
    )
    return Odds("expected weight change of a first turn (simple strategy)", formula, total)


def estimate_turn_change(game, trials: int = 2000, seed: int = 0):
    """The same by the engine's deals: (mean change, 95% half-width) over ``trials`` deals,
    the strategy applied to the first player's and their right-hand neighbour's hands
    (at least 2 deals, for the spread)."""
    values = []
    for state in _states(game, trials, seed, least=2):
        me = state.active
        values.append(_turn_change_of_hands(game.deck, state.hands[me], state.hands[state.right_of(me)]))
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    return mean, 1.96 * sd / math.sqrt(len(values))


__all__ = [
    "estimate_turn_change",
    "expected_turn_change",
    "cover_meal",
    "cover_meal_after_planning",
    "covering_cards",
    "estimate_cover",
    "estimate_neighbour_fattening",
    "fattening_cards",
    "neighbour_fattening",
]
