"""Distributions, several kinds at once, redraws, and odds from a player's point of view."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
import sympy as sp

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
