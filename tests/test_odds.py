"""Exact odds agree with counting and with the engine's own deals."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings, strategies as st

import gamedesign
from gamedesign import decks, odds


def test_exact_values_match_brute_force_counting():
    # 3 wanted cards among 8; draw 4: count every hand.
    deck = [1, 1, 1, 0, 0, 0, 0, 0]
    hands = list(itertools.combinations(range(8), 4))
    for k in range(5):
        count = sum(1 for h in hands if sum(deck[i] for i in h) >= k)
        assert odds.p_at_least(k, 3, 8, 4) == sp.Rational(count, len(hands))


@given(st.integers(0, 40), st.integers(0, 40), st.integers(0, 40))
def test_pmf_sums_to_one_and_at_least_is_a_sum_of_pmf(population, successes, draws):
    successes, draws = min(successes, population), min(draws, population)
    total = sum(odds.hypergeom_pmf(i, successes, population, draws) for i in range(draws + 1))
    assert total == 1
    assert odds.p_at_least(0, successes, population, draws) == 1


def test_leg_day_in_the_opening_hand():
    p = odds.p_at_least(1, 30, 108, 9)
    assert isinstance(p, sp.Rational)
    assert p == 1 - sp.Rational(sp.binomial(78, 9), sp.binomial(108, 9))
    assert odds.expected_count(30, 108, 9) == sp.Rational(5, 2)


def test_formula_and_display():
    shown = odds.at_least(1, 30, 108, 9, "a Leg Day in the opening 9")
    latex = shown._repr_latex_()
    assert r"\binom{30}{0}\binom{78}{9}" in latex and r"\binom{108}{9}" in latex
    assert sp.latex(shown.value) in latex
    assert odds.at_least_formula(3, 10, 108, 9).startswith(r"1 - \frac{\sum_{i=0}^{2}")
    assert odds.at_least_formula(9, 10, 108, 9) == r"\frac{\binom{10}{9}\binom{98}{0}}{\binom{108}{9}}"


def test_simulation_with_the_engine_agrees_with_the_exact_value():
    game = gamedesign.load("legday", players=4)
    deck = game.deck
    check = odds.estimate_from_deals(
        game, lambda s: sum(deck.card(c).kind == "legday" for c in s.hands[0]) >= 3, trials=3000, seed=1
    )
    exact = odds.p_at_least(3, 30, 108, 9)
    assert odds.agrees(exact, check)
    assert not odds.agrees(exact + sp.Rational(1, 10), check)


def test_bad_counts_are_refused():
    with pytest.raises(ValueError, match="cannot exceed"):
        odds.p_at_least(1, 10, 5, 2)
    with pytest.raises(ValueError, match="cannot draw 9"):
        odds.p_at_least(1, 2, 5, 9)
    with pytest.raises(ValueError, match="whole number"):
        odds.p_at_least(-1, 2, 5, 2)
    with pytest.raises(ValueError, match="trials"):
        odds.estimate(3, 0)


def test_a_redraw_from_a_deck_with_no_cards_left_is_simulated():
    # The whole deck in hand: nothing is left to redraw (this used to raise IndexError).
    assert odds.sample_draws(5, 5, 5, 5, 1).proportion == 1
    assert odds.sample_draws(2, 5, 4, 2, 3, trials=2000).proportion == pytest.approx(float(odds.p_with_redraw(2, 2, 5, 4, 3)), abs=0.05)


def test_numpy_and_sympy_whole_numbers_are_counts():
    import numpy as np

    expected = odds.p_at_least(1, 30, 108, 9)
    assert odds.p_at_least(np.int64(1), np.int32(30), sp.Integer(108), 9) == expected
    assert odds.sample_draws(np.int64(30), 108, 9, trials=np.int64(100)).trials == 100
    assert odds.p_all_of({"Bench": (np.int64(10), 2)}, 108, 9) == odds.p_all_of({"Bench": (10, 2)}, 108, 9)


def test_counts_a_hand_cannot_hold_have_chance_zero():
    assert odds.hypergeom_pmf(3, 1, 5, 2) == 0
    assert odds.hypergeom_pmf(0, 5, 6, 3) == 0  # 3 cards from 6 with 5 wanted: at least 2 wanted
    assert odds.expected_count(0, 0, 0) == 0


BAD_CALLS = [
    (odds.hypergeom_pmf, (-1, 2, 5, 2), {}, "i must be a whole number 0 or more"),
    (odds.hypergeom_pmf, (1, 2.0, 5, 2), {}, "successes must be a whole number"),
    (odds.p_at_least, (1, 2, "5", 2), {}, "population must be a whole number"),
    (odds.p_at_least, (1, 2, 5, True), {}, "draws must be a whole number"),
    (odds.p_at_least, (1, 2, 5, 6), {}, "draws must be at most 5"),
    (odds.expected_count, (6, 5, 2), {}, "successes .6. cannot exceed the population .5."),
    (odds.at_least_formula, (1, 2, 5, -2), {}, "draws must be a whole number"),
    (odds.at_least, (1, 2, 5, 2), {"question": 3}, "question must be a text"),
    (odds.distribution, (2, 5, 9), {}, "cannot draw 9"),
    (odds.p_all_of, ({"a": (2, -1)}, 5, 2), {}, "at least must be a whole number"),
    (odds.p_all_of, ({"a": (4, 1), "b": (4, 1)}, 5, 2), {}, "more than the population"),
    (odds.p_all_of, ([], 5, 2), {}, "kinds must be a dict"),
    (odds.all_of_formula, ({"a": (9, 1)}, 5, 2), {}, "more than the population"),
    (odds.all_of_formula, ({"a": (1, 1)}, 5, 7), {}, "cannot draw 7"),
    (odds.all_of, ("Bench", 5, 2), {}, "kinds must be a dict"),
    (odds.p_with_redraw, (1, 2, 5, 2, -1), {}, "redraw must be a whole number"),
    (odds.p_with_redraw, (1, 2, 5, 6, 1), {}, "hand must be at most 5"),
    (odds.with_redraw, (-1, 2, 5, 2, 1), {}, "need must be a whole number"),
    (odds.estimate, (3, 0), {}, "trials must be a whole number 1 or more"),
    (odds.estimate, (5, 3), {}, "hits .5. cannot exceed trials .3."),
    (odds.estimate, (1.5, 3), {}, "hits must be a whole number"),
    (odds.estimate, (1, 3), {"z": -1}, "z must be a positive number"),
    (odds.sample_draws, (5, 5, 5, 5, 1), {"trials": 0}, "trials must be a whole number 1 or more"),
    (odds.sample_draws, (1, 5, 3), {"trials": odds.MAX_TRIALS + 1}, "trials must be at most"),
    (odds.sample_draws, (1, 100_000, 3), {"trials": 1000}, "use fewer trials"),
    (odds.sample_draws, (1, 5, 3), {"seed": -1}, "seed must be a whole number"),
    (odds.sample_draws, (1, 5, 3), {"redraw": "2"}, "redraw must be a whole number"),
    (odds.sample_draws, (1, 5, 3), {"need": -1}, "need must be a whole number"),
    (odds.sample_draws, (6, 5, 3), {}, "successes .6. cannot exceed"),
    (odds.agrees, ("a half", odds.estimate(1, 2)), {}, "exact must be a probability"),
    (odds.agrees, (2, odds.estimate(1, 2)), {}, "exact must be a probability"),
    (odds.agrees, (0.5, 0.5), {}, "simulated must be an Estimate"),
]


@pytest.mark.parametrize("function, args, kwargs, message", BAD_CALLS, ids=lambda v: getattr(v, "__name__", None))
def test_every_bad_argument_is_refused_naming_it(function, args, kwargs, message):
    with pytest.raises(ValueError, match=message):
        function(*args, **kwargs)


def test_deals_check_their_arguments():
    game = gamedesign.load("legday", players=2)
    with pytest.raises(ValueError, match="trials must be at most"):
        odds.estimate_from_deals(game, bool, trials=odds.MAX_TRIALS + 1)
    with pytest.raises(ValueError, match="event must be a function"):
        odds.estimate_from_deals(game, "leg day", trials=3)
    with pytest.raises(ValueError, match="game must be a game"):
        odds.estimate_from_deals("legday", bool, trials=3)
    with pytest.raises(ValueError, match="the condition held in none of the 3 deals"):
        odds.estimate_from_deals(game, bool, trials=3, condition=lambda state: False)


# ---- how big a question may be --------------------------------------------------------------

def direct_at_least(k, successes, population, draws):
    """Every term with its own binomials (the textbook sum, independent of the running products)."""
    return sum((odds.hypergeom_pmf(i, successes, population, draws) for i in range(k, draws + 1)), sp.Integer(0))


@settings(deadline=None)  # not a timed test
@given(st.integers(0, 60), st.integers(0, 60), st.integers(0, 60), st.integers(0, 62))
def test_at_least_equals_the_sum_of_its_terms(population, successes, draws, k):
    successes, draws = min(successes, population), min(draws, population)
    assert odds.p_at_least(k, successes, population, draws) == direct_at_least(k, successes, population, draws)


@settings(deadline=None)
@given(st.integers(0, 60), st.integers(0, 60), st.integers(0, 60))
def test_every_row_of_the_distribution_equals_its_own_binomials(population, successes, draws):
    successes, draws = min(successes, population), min(draws, population)
    table = odds.distribution(successes, population, draws)
    below = sp.Integer(0)
    for i, p, at_most, at_least_i in zip(table["count"], table["P(X = i)"], table["P(X <= i)"], table["P(X >= i)"]):
        assert p == odds.hypergeom_pmf(i, successes, population, draws) != 0
        assert at_least_i == 1 - below and at_most == below + p
        below += p
    assert below == 1


def test_the_largest_deck_a_game_may_hold_can_be_asked_about():
    n = decks.MAX_DECK_CARDS
    assert odds.MAX_POPULATION >= n
    # One wanted card among n, 30 drawn: it is in the hand with chance 30 / n.
    assert odds.p_at_least(1, 1, n, decks.MAX_HAND_SIZE) == sp.Rational(decks.MAX_HAND_SIZE, n)


def test_the_biggest_accepted_at_least_answers_exactly():
    n = odds.MAX_POPULATION
    half = n // 2
    # Half the deck wanted, half drawn: X and (half - X) have the same distribution, so
    # P(X >= half/2) = (1 + P(X = half/2)) / 2.
    middle = odds.hypergeom_pmf(half // 2, half, n, half)
    assert odds.p_at_least(half // 2, half, n, half) == (1 + middle) / 2
    shown = odds.at_least(half // 2, half, n, half)
    assert shown.value == (1 + middle) / 2 and r"\binom{2000}{1000}" in shown.formula


def test_the_biggest_accepted_distribution_is_complete_and_symmetric():
    n = odds.MAX_POPULATION
    half = n // 2
    table = odds.distribution(half, n, half)
    pmf = list(table["P(X = i)"])
    assert list(table["count"]) == list(range(half + 1))
    assert sum(pmf) == 1 and pmf == pmf[::-1]
    assert pmf[123] == odds.hypergeom_pmf(123, half, n, half)
    assert table["P(X >= i)"][700] == odds.p_at_least(700, half, n, half)


TOO_BIG = odds.MAX_POPULATION + 1

OVER_THE_LIMIT = [
    (odds.hypergeom_pmf, (1, 10, TOO_BIG, 5)),
    (odds.p_at_least, (1, 10, TOO_BIG, 5)),
    (odds.at_least, (1, 10, TOO_BIG, 5)),
    (odds.at_least_formula, (1, 10, TOO_BIG, 5)),
    (odds.expected_count, (10, TOO_BIG, 5)),
    (odds.distribution, (10, TOO_BIG, 5)),
    (odds.p_all_of, ({"a": (10, 1)}, TOO_BIG, 5)),
    (odds.all_of, ({"a": (10, 1)}, TOO_BIG, 5)),
    (odds.all_of_formula, ({"a": (10, 1)}, TOO_BIG, 5)),
    (odds.p_with_redraw, (1, 10, TOO_BIG, 5, 3)),
    (odds.with_redraw, (1, 10, TOO_BIG, 5, 3)),
    (odds.p_at_least, (1, 10, 10**100, 5)),
    (odds.p_with_redraw, (10**6, 10**6, 10**7, 10**6, 10**6)),
]


@pytest.mark.parametrize("function, args", OVER_THE_LIMIT, ids=lambda v: getattr(v, "__name__", None))
def test_a_population_over_the_limit_is_refused_naming_it(function, args):
    with pytest.raises(odds.TooLargeError, match="population must be at most 2,000 cards") as refused:
        function(*args)
    assert isinstance(refused.value, ValueError) and len(str(refused.value)) < 200


def test_too_many_kinds_are_refused_naming_the_limit():
    kinds = {f"card {i}": (1, 1) for i in range(odds.MAX_KINDS + 1)}
    for function in (odds.p_all_of, odds.all_of):
        with pytest.raises(odds.TooLargeError, match=f"at most {odds.MAX_KINDS} kinds"):
            function(kinds, 1000, 500)
    # As many kinds as a deck may list answer: one card of each, all of them drawn.
    kinds = {f"card {i}": (1, 1) for i in range(odds.MAX_KINDS)}
    assert odds.p_all_of(kinds, odds.MAX_KINDS, odds.MAX_KINDS) == 1
    assert odds.p_all_of(kinds, odds.MAX_KINDS + 1, odds.MAX_KINDS) == sp.Rational(1, odds.MAX_KINDS + 1)


NOT_FINITE = [math.inf, -math.inf, math.nan, np.float64("inf"), np.nan, sp.oo, sp.nan, 1e308 * 10]


@pytest.mark.parametrize("value", NOT_FINITE, ids=repr)
def test_infinite_and_nan_counts_are_refused_by_name(value):
    calls = [
        (odds.p_at_least, (value, 2, 5, 2), "k must be a whole number"),
        (odds.hypergeom_pmf, (1, value, 5, 2), "successes must be a whole number"),
        (odds.distribution, (2, value, 2), "population must be a whole number"),
        (odds.at_least, (1, 2, 5, value), "draws must be a whole number"),
        (odds.p_with_redraw, (1, 2, 5, 2, value), "redraw must be a whole number"),
        (odds.p_all_of, ({"a": (value, 1)}, 5, 2), "cards in the population must be a whole number"),
        (odds.p_all_of, ({"a": (2, value)}, 5, 2), "at least must be a whole number"),
        (odds.sample_draws, (1, 5, 3), "trials must be a whole number", {"trials": value}),
        (odds.estimate, (1, 3), "z must be a positive number, at most 10", {"z": value}),
        (odds.estimate, (value, 3), "hits must be a whole number"),
        (odds.agrees, (value, odds.estimate(1, 2)), "exact must be a probability"),
        (odds.Estimate, (1, 2, value, 0.9), "low must be a number from 0 to 1"),
        (odds.Estimate, (1, 2, 0.1, value), "high must be a number from 0 to 1"),
    ]
    for function, args, words, *kwargs in calls:
        with pytest.raises(ValueError, match=words):
            function(*args, **(kwargs[0] if kwargs else {}))


def test_an_interval_can_only_be_made_the_right_way_round():
    assert str(odds.Estimate(1, 2, 0.1, 0.9)) == "0.5000 (95% interval 0.1000 to 0.9000, 2 trials)"
    with pytest.raises(ValueError, match=r"low \(0.9\) cannot exceed high \(0.1\)"):
        odds.Estimate(1, 2, 0.9, 0.1)
    with pytest.raises(ValueError, match="hits .3. cannot exceed trials .2."):
        odds.Estimate(3, 2, 0.1, 0.9)
    with pytest.raises(ValueError, match="exact must be a probability"):
        odds.agrees(10**400, odds.estimate(1, 2))  # too big for a float: still a clear refusal


def test_a_shuffle_is_of_at_most_the_largest_deck_it_may_shuffle():
    n = odds.MAX_SHUFFLED_DECK
    with pytest.raises(odds.TooLargeError, match=f"population must be at most {n:,} cards to shuffle"):
        odds.sample_draws(10, n + 1, 5, trials=1)
    # The largest deck: a hand of 30 from half wanted misses them all with chance about 2**-30.
    miss = math.comb(n // 2, 30) / math.comb(n, 30)
    assert odds.agrees(1 - miss, odds.sample_draws(n // 2, n, 30, trials=3, seed=1))


def test_checks_by_dealing_real_games_are_bounded():
    game = gamedesign.load("gym")
    with pytest.raises(odds.TooLargeError, match=f"trials must be at most {odds.MAX_DEALS:,}"):
        odds.estimate_from_deals(game, bool, trials=odds.MAX_DEALS + 1)
    assert odds.estimate_from_deals(game, lambda state: True, trials=5).proportion == 1
