"""Hint and Why? in the game apps: the greedy bot's move for you, from your observation only."""

from __future__ import annotations

import pytest

from gamedesign.apps.diet import DietApp
from gamedesign.apps.gym import GymApp
from gamedesign.apps.hints import hint
from gamedesign.apps.legday import LegDayApp


def test_legday_hint_names_the_card_and_why_lists_the_gains():
    app = LegDayApp(players=4, seed=3)
    app.hints.hint_button.click()
    text = app.hints.answer.value
    assert text.startswith('<div class="gd-hint"') and "Hint:</b> Play " in text and "<ol>" not in text
    app.hints.why_button.click()
    assert "The values the bot compares, best first" in app.hints.answer.value
    view = app.state.observe(0)
    result = hint(app.game, 0, view, app.state.legal_actions(0))
    assert [v for _, v in result.values] == sorted((v for _, v in result.values), reverse=True)
    assert result.action in app.state.legal_actions(0)


def test_hints_read_only_the_observation():
    app = LegDayApp(players=4, seed=3)
    view = app.state.observe(0)
    before = app.state.to_json()
    first = hint(app.game, 0, view, app.state.legal_actions(0))
    assert app.state.to_json() == before
    # The same observation gives the same hint, whatever the hidden cards are.
    again = hint(app.game, 0, dict(view), list(app.state.legal_actions(0)))
    assert first == again


def test_gym_hint_follows_the_step_and_a_move_clears_it():
    app = GymApp(players=2, seed=4)
    app.hints.why_button.click()
    assert "Hint:</b> Take " in app.hints.answer.value and "<li>take " in app.hints.answer.value
    app.row_box.children[0].click()
    assert app.hints.answer.value == ""


def test_diet_hint_in_planning_and_play():
    app = DietApp(players=4, seed=2)
    app.hints.why_button.click()
    assert "Hint:</b>" in app.hints.answer.value


@pytest.mark.parametrize("make", [lambda h: LegDayApp(hints=h), lambda h: GymApp(hints=h), lambda h: DietApp(hints=h)])
def test_a_teacher_can_turn_hints_off(make):
    assert make(False).hints.layout.display == "none"
    assert make(True).hints.layout.display != "none"
    with pytest.raises(ValueError, match="hints must be True or False"):
        make("no")


def test_hints_are_hidden_once_the_game_is_over():
    app = LegDayApp(players=3, seed=1)
    while not app.state.is_over():
        app.hand_box.children[0].play_button.click()
    assert app.hints.layout.display == "none"
