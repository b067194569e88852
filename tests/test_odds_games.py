"""Per-game odds questions answered exactly and checked by the engine playing them."""

from __future__ import annotations

import sympy as sp

import gamedesign
from gamedesign import odds
from gamedesign.games.gym import odds as gym_odds


def test_gym_top_four_by_column_position_exact_and_played():
    table = gym_odds.top_four_by_position()
    chances = list(table["P(in play)"])
    assert sum(chances) == 4  # exactly four events are in play
    assert chances == sorted(chances, reverse=True)  # ties favour the top of the column
    assert all(isinstance(c, sp.Rational) for c in chances)
    # Six positions checked at once: 99.5% intervals keep the joint check near 97%.
    played = gym_odds.deal_top_four_by_position(gamedesign.load("gym"), games=1500, seed=100, z=2.807)
    assert all(odds.agrees(c, e) for c, e in zip(chances, played))


def test_gym_advance_choices_follow_the_brat_advance_option():
    either = gym_odds._advance_choices(6, "either")
    assert len(either) == 1 + 6 + 15  # skip, 2 steps to one of 6, 1 step to two of 6
    assert gym_odds._advance_choices(6, "two_to_one") == either[:7]
    assert len(gym_odds._advance_choices(6, "one_to_two")) == 1 + 15
    game = gamedesign.load("gym")
    state = game.new_state(seed=0)
    assert len(either) == len(state._legal_advance(0))  # the engine offers the same choices
