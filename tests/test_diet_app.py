"""The Diet Game app, driven by clicks as a player would, without a browser."""

from __future__ import annotations

import html

import pytest

from gamedesign.apps.diet import DietApp, play_diet
from gamedesign.games.diet import Discard


def enabled(box):
    return [b for b in box.children if not b.disabled]


def click_through(app, limit=2000):
    """Play a whole game by clicking: in Planning mark the first card and discard it,
    otherwise press the first action button."""
    clicks = 0
    while not app.state.is_over():
        if app.state.phase == "planning":
            enabled(app.hand_box)[0].click()
        enabled(app.action_box)[0].click()
        assert app.out.outputs == (), app.out.outputs
        clicks += 1
        assert clicks < limit
    return clicks


@pytest.mark.parametrize("players,human", [(2, 0), (4, 0), (6, 3)])
def test_a_whole_game_is_played_by_clicking(players, human):
    app = play_diet(players=players, seed=players, human=human)
    assert isinstance(app, DietApp)
    assert click_through(app) > 0
    assert "won" in app.header.value or "Draw" in app.header.value
    assert "Game over" in app.prompt.value
    assert app.action_box.children == ()
    assert "-10 lb" in app.weights_view.value


def test_new_game_starts_from_the_seed_in_the_box():
    app = play_diet(seed=1)
    click_through(app)
    app.seed_box.value = 5
    app.new_button.click()
    assert app.state.seed == 5 and not app.state.is_over()
    assert app.state.to_move() == [0] and app.state.phase == "planning"


def test_planning_marks_cards_and_discards_them():
    app = play_diet(seed=2)
    hand = list(app.state.observe(0)["hand"])
    app.hand_box.children[0].click()
    app.hand_box.children[1].click()
    assert app.hand_box.children[0].button_style == "warning"
    assert "2 marked" in app.prompt.value
    app.action_box.children[0].click()  # "Discard 2 and draw"
    assert app.out.outputs == ()
    assert html.escape(f"You discarded {', '.join(sorted(hand[:2]))} and drew 2.") in app.log_view.value


def test_more_than_three_marks_are_refused_with_a_message():
    app = play_diet(seed=2)
    for i in range(4):
        app.hand_box.children[i].click()
    assert len(app.selected) == 3
    assert "at most 3" in str(app.out.outputs)


def test_a_refused_card_shows_a_message_and_changes_nothing():
    app = play_diet(seed=3)
    app.play(Discard(()))
    before = app.state.to_json()
    assert app.state.to_move() == [0]
    playable = {str(a) for a in app.state.legal_actions(0)}
    hand = app.state.observe(0)["hand"]
    refused = next(i for i, card in enumerate(hand) if f"play {card}" not in playable)
    app._click_card(refused)
    assert "cannot play" in str(app.out.outputs)
    assert app.state.to_json() == before


def test_the_log_speaks_to_you():
    app = play_diet(seed=0)
    click_through(app)
    assert "Your day" in app.log_view.value or "your day" in app.log_view.value
    assert "Ann" not in app.log_view.value


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="human"):
        play_diet(players=3, human=3)
    with pytest.raises(ValueError, match="unknown bot"):
        play_diet(bots="genius")
