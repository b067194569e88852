"""Exact Diet Game odds, their check against the engine's deal, and the Diet charts."""

from __future__ import annotations

import math

import pytest
import sympy as sp

import gamedesign
from gamedesign.charts import diet as diet_charts
from gamedesign.games.diet import odds as diet_odds
from gamedesign.games.diet.stats import weight_history
from gamedesign.odds import agrees, at_least


def test_covering_breakfast_from_a_fresh_hand_is_the_hypergeometric_chance():
    exact = diet_odds.cover_meal("breakfast")
    assert exact.value == at_least(1, 6, 52, 7).value == 1 - sp.Rational(math.comb(46, 7), math.comb(52, 7))
    assert exact.value == sp.Rational(87239, 145418)


def test_the_planning_swap_raises_the_chance_exactly_as_stated():
    after = diet_odds.cover_meal_after_planning("breakfast").value
    miss = sp.Rational(math.comb(46, 7), math.comb(52, 7)) * sp.Rational(math.comb(39, 3), math.comb(45, 3))
    assert after == 1 - miss == sp.Rational(83037, 111860)
    assert after > diet_odds.cover_meal("breakfast").value


def test_the_neighbour_holds_a_fattening_breakfast():
    assert diet_odds.neighbour_fattening("breakfast").value == at_least(1, 3, 52, 7).value == sp.Rational(791, 2210)


@pytest.mark.parametrize("meal", ["breakfast", "snack"])
def test_exact_odds_agree_with_the_engines_own_deal(meal):
    game = gamedesign.load("diet")
    assert agrees(diet_odds.cover_meal(meal).value, diet_odds.estimate_cover(game, meal, trials=3000, seed=1))
    assert agrees(
        diet_odds.cover_meal_after_planning(meal).value,
        diet_odds.estimate_cover(game, meal, trials=3000, seed=2, planning=True),
    )
    assert agrees(
        diet_odds.neighbour_fattening(meal).value,
        diet_odds.estimate_neighbour_fattening(game, meal, trials=3000, seed=3),
    )


def test_odds_follow_an_edited_deck():
    data = gamedesign.games.diet.DEFAULT_DECK.to_data()
    data["cards"][3]["count"] = 6  # six Well Balanced Breakfasts
    assert diet_odds.covering_cards("breakfast", data) == 9
    assert diet_odds.cover_meal("breakfast", data).value == at_least(1, 9, 55, 7).value


def test_odds_refuse_unknown_meals_and_undealt_games():
    with pytest.raises(ValueError, match="unknown meal 'brunch'"):
        diet_odds.cover_meal("brunch")
    with pytest.raises(ValueError, match="deal_at_start"):
        diet_odds.estimate_cover(gamedesign.load("diet", deal_at_start=False), trials=10)


def test_charts_of_game_length_and_weight_over_turns():
    game = gamedesign.load("diet", players=3)
    df = gamedesign.simulate(game, "greedy", games=40, seed=0, batch=False)  # the engine's games
    history = weight_history(game, "greedy", games=40, seed=0)
    # The same games: each game's last turn in the history is its length.
    assert (history.groupby("game")["turn"].max() == df.groupby("game")["turns"].first()).all()
    length = diet_charts.game_length(df).to_dict()
    weights = diet_charts.weight_over_turns(history).to_dict()
    assert length["layer"][0]["mark"]["type"] == "bar"
    assert weights["layer"][0]["mark"]["type"] == "line"
    for spec in (length, weights):
        assert all(len(rows) < 5000 for rows in spec["datasets"].values())
    with pytest.raises(ValueError, match="turns"):
        diet_charts.game_length(history)
