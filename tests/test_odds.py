"""Exact odds agree with counting and with the engine's own deals."""

from __future__ import annotations

import itertools

import pytest
import sympy as sp
from hypothesis import given, strategies as st

import gamedesign
from gamedesign import odds


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
