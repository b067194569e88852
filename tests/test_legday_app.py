"""The Leg Day app, driven by clicks as a learner would."""

from __future__ import annotations

import pytest

from gamedesign.apps.legday import LegDayApp


def hand_buttons(app):
    return list(app.hand_box.children)


def status_text(app):
    return app.status.value


def test_a_whole_game_can_be_played_by_clicking_cards():
    app = LegDayApp(players=4, seed=3)
    assert "Week 1 · Day 1 of 7 · Gym Day" in app.header.value
    clicks = 0
    while not app.state.is_over():
        buttons = hand_buttons(app)
        assert buttons and not any(b.disabled for b in buttons)
        buttons[-1].click()
        clicks += 1
    assert clicks == 14
    assert "Final scores" in app.scores.value and "Decided by" in app.scores.value
    assert all(b.disabled for b in hand_buttons(app)) or not hand_buttons(app)
    assert "Game over" in status_text(app)
    # Every player's full row is shown at the end; Home Day cards are revealed.
    assert "face down" not in app.table.value.replace("(home)", "")


def test_face_down_cards_of_others_show_only_as_a_count():
    app = LegDayApp(players=3, seed=4)
    hand_buttons(app)[0].click()  # day 1, Gym Day
    hand_buttons(app)[0].click()  # day 2, Home Day
    bot_home_card = app.state.tableaus[1][1][0]
    assert "🂠 × 1 face down" in app.table.value
    my_home_card = app.state.tableaus[0][1][0]
    assert f"{my_home_card} (home)" in app.table.value
    assert app.table.value.count("(home)") == 1, bot_home_card


def test_a_refused_click_explains_itself_and_changes_nothing():
    app = LegDayApp(players=2, seed=5)
    before = app.state.to_json()
    missing = next(c.name for c in app.game.deck.cards if c.name not in app.state.hands[0])
    app.play(missing)
    assert app.state.to_json() == before
    assert "Not allowed" in status_text(app) and "allowed: pick" in status_text(app)


def test_new_game_uses_the_seed_box():
    app = LegDayApp(players=3, seed=1)
    hand_buttons(app)[0].click()
    app.seed_box.value = 77
    app.new_button.click()
    assert app.state.seed == 77 and app.state.day == 1
    assert sorted(app.state.hands[0]) == sorted(app.game.new_state(seed=77).hands[0])


def test_bad_settings_are_refused_before_the_app_starts():
    with pytest.raises(ValueError, match="unknown bot"):
        LegDayApp(players=3, bots="genius")
    with pytest.raises(ValueError, match="human must be a seat"):
        LegDayApp(players=3, human=5)
