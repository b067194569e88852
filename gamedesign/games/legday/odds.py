"""Exact Leg Day odds, from the deck or from one player's point of view.

From a player's observation, the *unseen pool* is every card of the deck that the player
has never seen: not in their hand or row, not face up on the table, and not in any hand
that passed through their hands. The week-2 hand is dealt from the pile, and the pile
holds only unseen cards. The odds below treat every unseen card as equally likely to be
anywhere the player cannot see. At the start of the game that is exact (the deal is a
uniform shuffle); later it ignores what other players' hidden choices might hint.
"""

from __future__ import annotations

import math
from collections import Counter

import sympy as sp

from ...odds import MAX_DEALS, Odds, _check_trials, at_least
from .cards import DEFAULT_DECK, Deck


def seen_cards(observation: dict, deck: Deck = DEFAULT_DECK) -> Counter:
    """Every physical card the player has seen, by name, each copy counted once.

    Within a week a hand keeps going round the table and only loses cards, so the hand a
    player holds on day ``d`` is the same physical hand as on day ``d - players``: each
    hand is counted at its first sighting. A face-up card of another player is added
    unless it was played from a hand this player had already seen that week.
    """
    me, n = observation["player"], observation["players"]
    seen: Counter = Counter()
    first_sighting: dict[tuple[int, int], Counter] = {}
    for record in observation["seen_hands"]:
        key = (record["week"], (record["day"] - 1) % n)
        if key not in first_sighting:
            first_sighting[key] = Counter(record["cards"])
    for hand in first_sighting.values():
        seen.update(hand)
    per_week = deck.days_per_week
    for seat, tableau in enumerate(observation["tableaus"]):
        if seat == me:
            continue
        for index, (name, up) in enumerate(tableau):
            if not (up and name):
                continue
            week, day = index // per_week + 1, index % per_week + 1
            direction = 1 if week % 2 == 1 else -1
            # The hand that seat held on that day; had this player held it earlier?
            already = any(
                ((day - earlier) * direction - (seat - me)) % n == 0 for earlier in range(1, day)
            )
            if not already:
                seen[name] += 1
    return seen


def unseen_pool(observation: dict, deck: Deck = DEFAULT_DECK) -> Counter:
    """Cards of the deck the player has never seen, by name."""
    full = Counter({c.name: c.count for c in deck.cards})
    seen = seen_cards(observation, deck)
    pool = Counter({name: full[name] - seen[name] for name in full})
    negative = [name for name, k in pool.items() if k < 0]
    if negative:
        raise ValueError(f"this observation shows more {negative[0]} cards than the deck holds: is it from this deck?")
    return +pool


def week_two_hand(observation: dict, card: str, need: int = 1, deck: Deck = DEFAULT_DECK) -> Odds:
    """Chance that the player's week-2 hand holds at least ``need`` copies of ``card``.

    Only meaningful in week 1 (week 2's hand is dealt from the pile, which holds only
    cards this player has never seen).
    """
    deck.card(card)
    if observation["week"] != 1 or (observation["over"]):
        raise ValueError("the week-2 hand is dealt after week 1: ask during week 1")
    pool = unseen_pool(observation, deck)
    size = sum(pool.values())
    return at_least(
        need,
        pool[card],
        size,
        min(deck.hand_size, size),
        question=f"at least {need} {card} in my week-2 hand ({pool[card]} of {size} unseen cards)",
    )


def missing_for_next_set(observation: dict, card: str, deck: Deck = DEFAULT_DECK) -> int:
    """How many more copies of ``card`` the player needs for the next scoring step."""
    kind = deck.card(card).kind
    have = sum(1 for name, _ in observation["tableaus"][observation["player"]] if name == card)
    s = deck.scoring
    if kind == "bench":
        return s["bench_set_size"] - have % s["bench_set_size"]
    if kind == "press":
        return s["press_set_size"] - have % s["press_set_size"]
    return 1


def set_completion(observation: dict, deck: Deck = DEFAULT_DECK):
    """For Overhead Press, Bench Press and Preacher Curl: how many the player has, how many
    more the next set needs, and the exact chance the week-2 hand offers them."""
    import pandas as pd

    rows = []
    me = observation["player"]
    for card in ("Overhead Press", "Bench Press", "Preacher Curl"):
        need = missing_for_next_set(observation, card, deck)
        odds = week_two_hand(observation, card, need, deck)
        rows.append(
            {
                "card": card,
                "in my row": sum(1 for name, _ in observation["tableaus"][me] if name == card),
                "needed": need,
                "unseen": unseen_pool(observation, deck)[card],
                "P(week-2 hand offers them)": odds.value,
                "≈": round(odds.decimal, 4),
            }
        )
    return pd.DataFrame(rows).set_index("card")


def selfie_symbols() -> dict:
    """Background symbol -> number of cards carrying it in the deck (Selfies carry none)."""
    symbols: Counter = Counter()
    for card in DEFAULT_DECK.cards:
        if card.symbol is not None:
            symbols[card.symbol] += card.count
    return dict(symbols)


def selfie_value(other_cards: int = 13, deck: Deck = DEFAULT_DECK) -> Odds:
    """Exact expected value of a Selfie whose ``other_cards`` companions are a random draw
    from the deck: the sum over symbols of the chance that at least one card shows it."""
    symbols: Counter = Counter()
    for card in deck.cards:
        if card.symbol is not None:
            symbols[card.symbol] += card.count
    n = deck.size
    value = sum(
        (1 - sp.Rational(math.comb(n - k, other_cards), math.comb(n, other_cards)) for k in symbols.values()),
        sp.Integer(0),
    ) * deck.scoring["selfie_points_per_symbol"]
    formula = rf"\sum_{{s}} \Big(1 - \frac{{\binom{{{n}-K_s}}{{{other_cards}}}}}{{\binom{{{n}}}{{{other_cards}}}}}\Big)"
    return Odds(f"average Selfie value with {other_cards} random other cards", formula, value)


def selfie_value_by_deals(game, other_cards: int = 13, trials: int = 2000, seed: int = 0):
    """The same, by the engine's shuffles: symbols among the first ``other_cards`` cards of
    each shuffled pile. Returns (mean, 95% half-width); ``trials`` from 2 to
    :data:`gamedesign.odds.MAX_DEALS`."""
    trials = _check_trials(trials, 2, MAX_DEALS)
    deck = game.deck
    values = []
    for i in range(trials):
        pile = game.new_state(seed=seed + i).pile
        values.append(len({deck.card(c).symbol for c in pile[:other_cards]} - {None}))
    mean = sum(values) / trials
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (trials - 1))
    return mean, 1.96 * sd / math.sqrt(trials)


__all__ = [
    "missing_for_next_set",
    "selfie_symbols",
    "selfie_value",
    "selfie_value_by_deals",
    "set_completion",
    "unseen_pool",
    "week_two_hand",
]
