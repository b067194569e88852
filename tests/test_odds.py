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
