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


# ---- how big a question may be ---------------------------------------------------------------

import itertools
import json
import math
from importlib import resources

import pytest


def gym_deck_with_brats(brats: int) -> dict:
    """The printed GYM deck with Friendlies turned into Brats until it holds ``brats``."""
    data = json.loads(resources.files("gamedesign.games.gym").joinpath("deck.json").read_text(encoding="utf-8"))
    have = sum(kid["type"] == "brat" for kid in data["kids"])
    for kid in data["kids"]:
        if have < brats and kid["type"] == "friendly":
            kid["type"], kid["skills"] = "brat", kid["skills"][:1]
            have += 1
    assert have == brats
    return data


@pytest.mark.parametrize("rule", ["either", "two_to_one", "one_to_two"])
def test_gym_schedules_are_counted_like_every_sequence_of_advances(rule):
    choices = gym_odds._advance_choices(6, rule)
    for start in [(0,) * 6, (2, 0, 1, 0, 3, 1)]:
        for advances in range(4):
            by_sequence: dict = {}
            for sequence in itertools.product(choices, repeat=advances):
                levels = tuple(s + sum(step[i] for step in sequence) for i, s in enumerate(start))
                by_sequence[levels] = by_sequence.get(levels, 0) + 1
            assert gym_odds._level_counts(start, advances, choices) == by_sequence


def test_gym_top_four_with_the_most_brats_the_exact_odds_follow():
    from gamedesign.games.gym.cards import parse_deck

    data = gym_deck_with_brats(gym_odds.MAX_ADVANCES)
    chances = list(gym_odds.top_four_by_position(deck=parse_deck(data))["P(in play)"])
    assert sum(chances) == 4 and chances == sorted(chances, reverse=True)
    played = gym_odds.deal_top_four_by_position(gamedesign.load("gym", deck=data), games=1000, seed=7, z=2.807)
    assert all(odds.agrees(c, e) for c, e in zip(chances, played))


def test_gym_schedule_odds_beyond_the_limit_are_refused_naming_it():
    from gamedesign.games.gym.cards import parse_deck

    data = gym_deck_with_brats(gym_odds.MAX_ADVANCES + 1)
    limit = f"at most {gym_odds.MAX_ADVANCES} Brat advances"
    with pytest.raises(odds.TooLargeError, match=limit):
        gym_odds.top_four_by_position(deck=parse_deck(data))
    game = gamedesign.load("gym", deck=data)
    view = game.new_state(seed=0).observe(0)
    with pytest.raises(odds.TooLargeError, match=limit):
        gym_odds.kid_scores_chance(view, game.deck.friendlies[0], game.deck)


class NoDeals:
    """A game that must not be dealt: the arguments are checked first."""

    deck = gamedesign.load("gym").deck

    def new_state(self, seed):
        raise AssertionError("dealt before the arguments were checked")


def test_checks_by_dealing_games_are_bounded_and_checked_first():
    from gamedesign.games.diet import odds as diet_odds
    from gamedesign.games.legday import odds as legday_odds

    too_many = odds.MAX_DEALS + 1
    diet = gamedesign.load("diet")
    refused = [
        (lambda: diet_odds.estimate_cover(diet, trials=too_many), f"trials must be at most {odds.MAX_DEALS:,}"),
        (lambda: diet_odds.estimate_neighbour_fattening(diet, trials=too_many), "trials must be at most"),
        (lambda: diet_odds.estimate_turn_change(diet, trials=1), "trials must be a whole number 2 or more"),
        (lambda: legday_odds.selfie_value_by_deals(NoDeals(), trials=1), "trials must be a whole number 2 or more"),
        (lambda: legday_odds.selfie_value_by_deals(NoDeals(), trials=too_many), "trials must be at most"),
        (lambda: gym_odds.deal_brats_in_first_reveal(NoDeals(), trials=too_many), "trials must be at most"),
        (lambda: gym_odds.deal_friendly_skills_in_play(NoDeals(), trials=math.inf), "trials must be a whole number"),
        (lambda: gym_odds.deal_top_four_by_position(NoDeals(), games=gym_odds.MAX_PLAYED_GAMES + 1),
         f"games must be at most {gym_odds.MAX_PLAYED_GAMES:,}"),
        (lambda: gym_odds.deal_top_four_by_position(NoDeals(), games=10, z=math.inf), "z must be a positive number"),
    ]
    for call, words in refused:
        with pytest.raises(ValueError, match=words):
            call()
    mean, half = diet_odds.estimate_turn_change(diet, trials=2)
    assert math.isfinite(mean) and math.isfinite(half)
