"""Distributions, several kinds at once, redraws, and odds from a player's point of view."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
import sympy as sp
from hypothesis import given, settings, strategies as st

import gamedesign
from gamedesign import odds
from gamedesign.games.legday import odds as legday_odds


def test_distribution_is_exact_and_complete():
    table = odds.distribution(30, 108, 9)
    assert list(table["count"]) == list(range(10))
    assert sum(table["P(X = i)"]) == 1
    assert table["P(X >= i)"][1] == odds.p_at_least(1, 30, 108, 9)
    assert table["P(X <= i)"].iloc[-1] == 1
    assert all(isinstance(v, sp.Rational) for v in table["P(X = i)"])
    # Impossible counts are left out: 9 cards from 10 with 8 wanted means at least 7 wanted.
    assert list(odds.distribution(8, 10, 9)["count"]) == [7, 8]


def brute_force_all_of(counts, needs, rest, draws):
    deck = [kind for kind, count in enumerate(counts) for _ in range(count)] + [-1] * rest
    hits = total = 0
    for hand in itertools.combinations(range(len(deck)), draws):
        got = Counter(deck[i] for i in hand)
        total += 1
        hits += all(got[k] >= need for k, need in enumerate(needs))
    return sp.Rational(hits, total)


def test_several_kinds_at_once_match_counting():
    exact = odds.p_all_of({"a": (3, 1), "b": (4, 2)}, 11, 5)
    assert exact == brute_force_all_of([3, 4], [1, 2], 4, 5)
    one_kind = odds.p_all_of({"Leg Day": (30, 2)}, 108, 9)
    assert one_kind == odds.p_at_least(2, 30, 108, 9)


def brute_force_redraw(need, successes, population, hand, redraw):
    deck = [1] * successes + [0] * (population - successes)
    hits = total = 0
    for order in itertools.permutations(range(population), min(population, hand + redraw)):
        first = [deck[i] for i in order[:hand]]
        x = sum(first)
        if x < need:
            d = min(redraw, hand - x)
            x += sum(deck[i] for i in order[hand : hand + d])
        hits += x >= need
        total += 1
    return sp.Rational(hits, total)


@pytest.mark.parametrize("need,successes,population,hand,redraw", [(1, 2, 7, 3, 2), (2, 3, 7, 3, 1), (1, 1, 6, 2, 3)])
def test_redraw_matches_enumerating_every_deal(need, successes, population, hand, redraw):
    assert odds.p_with_redraw(need, successes, population, hand, redraw) == brute_force_redraw(
        need, successes, population, hand, redraw
    )


def test_redraw_never_lowers_the_odds():
    plain = odds.p_at_least(1, 6, 52, 7)
    assert odds.p_with_redraw(1, 6, 52, 7, 0) == plain
    assert odds.p_with_redraw(1, 6, 52, 7, 3) > plain
    assert odds.p_with_redraw(1, 6, 52, 7, 3) == 1 - sp.Rational(
        sp.binomial(46, 7) * sp.binomial(39, 3), sp.binomial(52, 7) * sp.binomial(45, 3)
    )


def play(state, rng, moves):
    for _ in range(moves):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_unseen_pool_at_the_start_is_the_deck_less_my_hand():
    game = gamedesign.load("legday", players=4)
    state = game.new_state(seed=3)
    pool = legday_odds.unseen_pool(state.observe(0), game.deck)
    assert sum(pool.values()) == 99
    assert pool == Counter({c.name: c.count for c in game.deck.cards}) - Counter(state.hands[0])


def test_two_players_have_seen_everything_but_the_pile_by_the_last_day_of_week_one():
    game = gamedesign.load("legday", players=2)
    for seed in range(20):
        state = game.new_state(seed=seed)
        play(state, random.Random(seed), 12)  # six days of picks
        assert state.day == 7 and state.week == 1
        assert legday_odds.unseen_pool(state.observe(0), game.deck) == Counter(state.pile)


def test_the_pile_is_always_inside_the_unseen_pool():
    game = gamedesign.load("legday", players=4)
    for seed in range(60):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        play(state, rng, rng.randrange(0, 28))
        pool = legday_odds.unseen_pool(state.observe(1), game.deck)
        assert not Counter(state.pile) - pool


def test_week_two_hand_odds_agree_with_the_engines_deals_on_average():
    """Calibration: over many games, the exact chances predicted on day 7 of week 1 add up
    to the number of week-2 hands that really held the card."""
    game = gamedesign.load("legday", players=3)
    predicted, hits = sp.Integer(0), 0
    trials = 400
    for seed in range(trials):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        play(state, rng, 18)  # to day 7 of week 1
        predicted += legday_odds.week_two_hand(state.observe(0), "Bench Press").value
        play(state, rng, 3)
        assert state.week == 2
        hits += "Bench Press" in state.hands[0]
    check = odds.estimate(hits, trials)
    assert check.low <= float(predicted / trials) <= check.high


def test_set_completion_table():
    game = gamedesign.load("legday", players=4)
    state = game.new_state(seed=5)
    play(state, random.Random(5), 12)
    table = legday_odds.set_completion(state.observe(0), game.deck)
    assert list(table.index) == ["Overhead Press", "Bench Press", "Preacher Curl"]
    assert all(0 <= v <= 1 for v in table["P(week-2 hand offers them)"])
    with pytest.raises(ValueError, match="during week 1"):
        play(state, random.Random(1), 20)
        legday_odds.week_two_hand(state.observe(0), "Bench Press")


def test_selfie_value_exact_and_by_the_engines_shuffles():
    value = legday_odds.selfie_value(13)
    mean, half = legday_odds.selfie_value_by_deals(gamedesign.load("legday"), 13, trials=1500, seed=2)
    assert abs(float(value.value) - mean) <= half
    assert 0 < value.value < 8


# ---- several kinds and redraws: big questions answer, and agree with a second method -------

def every_combination_of_counts(counts, needs, rest, draws):
    """The multivariate hypergeometric as a sum over every way to meet each minimum."""
    ways = 0
    for got in itertools.product(*(range(need, count + 1) for count, need in zip(counts, needs))):
        if sum(got) <= draws:
            term = math.comb(rest, draws - sum(got))
            for count, x in zip(counts, got):
                term *= math.comb(count, x)
            ways += term
    return sp.Rational(ways, math.comb(sum(counts) + rest, draws))


@st.composite
def kinds_questions(draw):
    counts = draw(st.lists(st.integers(0, 9), min_size=1, max_size=4))
    needs = [draw(st.integers(0, count + 1)) for count in counts]
    rest = draw(st.integers(0, 12))
    draws = draw(st.integers(0, sum(counts) + rest))
    return counts, needs, rest, draws


@settings(max_examples=300, deadline=None)  # not a timed test
@given(kinds_questions())
def test_several_kinds_agree_with_summing_every_combination(question):
    counts, needs, rest, draws = question
    kinds = {f"kind {i}": (count, need) for i, (count, need) in enumerate(zip(counts, needs))}
    population = sum(counts) + rest
    assert odds.p_all_of(kinds, population, draws) == every_combination_of_counts(counts, needs, rest, draws)


def one_of_each_by_inclusion_exclusion(counts, population, draws):
    """P(at least one of every kind): inclusion-exclusion over the kinds missing."""
    total = sum(
        (-1) ** len(missing) * math.comb(population - sum(missing), draws)
        for size in range(len(counts) + 1)
        for missing in itertools.combinations(counts, size)
    )
    return sp.Rational(total, math.comb(population, draws))


def test_a_hand_of_30_holds_every_card_of_the_leg_day_deck():
    deck = gamedesign.load("legday").deck
    kinds = {card.name: (card.count, 1) for card in deck.cards[:12]}
    counts = [count for count, _ in kinds.values()]
    exact = odds.p_all_of(kinds, deck.size, 30)
    assert exact == one_of_each_by_inclusion_exclusion(counts, deck.size, 30)
    assert 0 < exact < 1
    twelve_of_nine = {f"kind {i}": (9, 1) for i in range(12)}
    assert odds.p_all_of(twelve_of_nine, 108, 30) == one_of_each_by_inclusion_exclusion([9] * 12, 108, 30)


def test_the_biggest_several_kinds_questions_answer():
    n = odds.MAX_POPULATION
    # Every one of 200 kinds of 10 cards in a hand of 1,500 (checked by inclusion-exclusion
    # over how many kinds are missing, all kinds alike).
    kinds = {f"kind {i}": (10, 1) for i in range(odds.MAX_KINDS)}
    missing = sum((-1) ** m * math.comb(200, m) * math.comb(n - 10 * m, 1500) for m in range(201))
    assert odds.p_all_of(kinds, n, 1500) == sp.Rational(missing, math.comb(n, 1500))
    # Two kinds filling the deck: at least a of one and b of the other in d cards is one
    # hypergeometric: X >= a and d - X >= b.
    two = {"a": (800, 300), "b": (1200, 500)}
    expected = sum(odds.hypergeom_pmf(x, 800, n, 1000) for x in range(300, 501))
    assert odds.p_all_of(two, n, 1000) == expected


def redraw_by_terms(need, successes, population, hand, redraw):
    """The redraw odds term by term with sympy (each first hand, then its redraw)."""
    total = sp.Integer(0)
    for x in range(0, min(successes, hand) + 1):
        p_first = odds.hypergeom_pmf(x, successes, population, hand)
        if p_first == 0:
            continue  # a first hand that cannot happen
        if x >= need:
            total += p_first
        elif (d := min(redraw, hand - x, population - hand)) > 0:
            total += p_first * sum(
                (odds.hypergeom_pmf(y, successes - x, population - hand, d) for y in range(need - x, d + 1)), sp.Integer(0)
            )
    return total


@settings(max_examples=300, deadline=None)  # not a timed test
@given(st.integers(0, 40), st.integers(0, 40), st.integers(0, 40), st.integers(0, 42), st.integers(0, 45))
def test_redraw_agrees_with_its_terms(population, successes, hand, need, redraw):
    successes, hand = min(successes, population), min(hand, population)
    exact = odds.p_with_redraw(need, successes, population, hand, redraw)
    assert exact == redraw_by_terms(need, successes, population, hand, redraw)
    assert exact >= odds.p_at_least(need, successes, population, hand)


@settings(deadline=None)
@given(st.integers(1, 60), st.integers(0, 60), st.integers(0, 60), st.integers(0, 60), st.integers(0, 60))
def test_a_redraw_that_can_always_swap_in_full_is_a_bigger_hand(population, successes, hand, need, redraw):
    # Whenever the hand is short, it has at least `redraw` unwanted cards to swap, so the
    # redraw sees exactly the next `redraw` cards: the same as a hand of hand + redraw.
    successes, hand = min(successes, population), min(hand, population)
    redraw = min(redraw, population - hand, max(0, hand - need + 1))
    assert odds.p_with_redraw(need, successes, population, hand, redraw) == odds.p_at_least(
        need, successes, population, hand + redraw
    )


def test_the_biggest_redraws_answer():
    n = odds.MAX_POPULATION
    # Half the hand needed, the redraw always in full: a hand of 1,500.
    assert odds.p_with_redraw(500, 1000, n, 1000, 500) == odds.p_at_least(500, 1000, n, 1500)
    # A redraw limited by the unwanted cards in hand (the slowest shape): each short hand
    # redraws all its unwanted cards, so a full hand of wanted cards is the only way to fail
    # when it already holds them all, and the chance lies between the plain hand's and 1.
    big = odds.p_with_redraw(750, 1000, n, 1000, 1000)
    assert odds.p_at_least(750, 1000, n, 1000) < big < 1
    assert odds.with_redraw(750, 1000, n, 1000, 1000).value == big
