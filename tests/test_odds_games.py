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


def test_diet_expected_turn_change_exact_and_dealt():
    from gamedesign.games.diet import odds as diet_odds

    exact = diet_odds.expected_turn_change()
    assert isinstance(exact.value, sp.Rational) and -5 < exact.value < 0
    mean, half = diet_odds.estimate_turn_change(gamedesign.load("diet"), trials=3000, seed=4)
    assert abs(mean - float(exact.value)) <= half


def test_diet_planning_odds_agree_with_the_general_redraw():
    from gamedesign.games.diet import odds as diet_odds

    specific = diet_odds.cover_meal_after_planning("breakfast").value
    assert specific == odds.p_with_redraw(1, 6, 52, 7, 3)


def test_leg_day_observation_odds_at_the_deal_match_the_plain_count():
    from gamedesign.games.legday import odds as legday_odds

    game = gamedesign.load("legday", players=4)
    state = game.new_state(seed=12)
    presses = state.hands[0].count("Overhead Press")
    shown = legday_odds.week_two_hand(state.observe(0), "Overhead Press")
    assert shown.value == odds.p_at_least(1, 10 - presses, 99, 9)


def test_gym_kid_scores_chance_mid_pick_phase_agrees_with_played_continuations():
    from gamedesign.bots import RandomBot

    game = gamedesign.load("gym")
    state = game.new_state(seed=8)
    bots = [RandomBot(), RandomBot()]
    for b, bot in enumerate(bots):
        bot.reset(game, b, b)
    for _ in range(9):  # part of the pick phase
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].act(state.observe(seat), state.legal_actions(seat)))
    view = state.observe(0)
    kid = game.deck.friendlies[3]
    exact = gym_odds.kid_scores_chance(view, kid)
    colours = {c for c, _ in game.deck.kid(kid).skills}
    hits, trials = 0, 600
    for t in range(trials):
        future = state.clone()
        for b, bot in enumerate(bots):
            bot.reset(game, b, 1000 + 2 * t + b)
        while future.phase == "pick":
            seat = future.to_move()[0]
            future.apply(seat, bots[seat].act(future.observe(seat), future.legal_actions(seat)))
        hits += bool(colours & {game.deck.event(e).colour for e in future.in_play})
    assert odds.agrees(exact.value, odds.estimate(hits, trials))
    assert 0 < exact.value < 1
